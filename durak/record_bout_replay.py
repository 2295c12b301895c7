"""Replaying one bout line of a §7 text record: its tokens played on the game.

The writer (:func:`durak.record_text.text_record`, whose docstring explains every
token) leaves passes unwritten where a replay can infer them: here a replay
passes until the next written move is possible (:func:`_pass_until`), a
thrower passing only between two of their own throw-ins, and ``-s`` marks a
pass it could not infer.  Anything impossible is a
:class:`~durak.record_check.RecordError`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardkit import fields
from durak import actions
from durak.cards import Card, parse_card, parse_cards, parse_hand
from durak.game import Game, Phase
from durak.record_check import RecordError, need, text_number


def _pass_until(g: Game, ok: Any, what: str) -> None:
    for _ in range(4 * g.n + 4):
        if ok():
            return
        need(g.phase in (Phase.THROW, Phase.DOUBT), f"{what}: not possible now ({g!r})")
        g.apply(actions.PASS)
    raise RecordError(f"{what}: the throw-in window does not close")


def play_bout(g: Game, words: list[str]) -> None:
    """Play a bout line (``b3 0>1 +0:7C /1:9C=7C … beaten``) on ``g``: each
    token in turn, with the passes the record leaves unwritten."""
    head = f"{words[0]} {words[1]}" if len(words) > 1 else words[0]
    need(g.phase is not Phase.OVER, f"{head}: the game is already over")
    want = f"b{g.bout} {g.attacker}>{g.defender}"
    need(head == want, f"bout line {head!r} does not match the replay ({want!r})")
    bout = g.bout
    start = len(g.events)
    prev = ""
    for tok in words[2:]:
        after, prev = prev, tok
        if g.phase is Phase.DOUBT and g.bout == bout:  # nobody challenged but this seat
            who = text_number(tok[1:], tok) if tok[:1] == "?" else -1
            _pass_until(g, lambda w=who: g.phase is not Phase.DOUBT or g.to_act == w, tok)
        if tok[:1] == "?":
            g.apply(actions.CHALLENGE, text_number(tok[1:], tok))
            continue
        if (g.phase is Phase.CUBE and not g.cube_offered and g.bout == bout
                and tok != f"d{g.to_act}"):
            g.apply(actions.PASS)  # the defender did not double (cube15: nothing is written)
        if tok in ("beaten", "taken", "recycled"):
            _pass_until(g, lambda: g.bout != bout or g.phase is Phase.OVER, tok)
            ends = [e[0] for e in g.events[start:] if e[0] in ("beaten", "taken", "recycle")]
            end = "recycled" if "recycle" in ends else ends[-1] if ends else "unfinished"
            need(end == tok, f"the bout was {end}, not {tok}")
            continue
        if tok in ("a", "f") or (tok[:1] == "d" and tok[1:] in ("", *map(str, range(g.n)))):
            g.apply(actions.DOUBLE if tok[0] == "d"
                    else actions.ACCEPT if tok == "a" else actions.FOLD)
            continue
        if tok == "!":
            _pass_until(g, lambda: g.phase is Phase.DEFEND, "!")
            g.apply(actions.TAKE)
            continue
        if tok[:1] == "~":  # inverted: the last card played was wrong
            need(any(e == ("wrong", text_number(tok[1:], tok)) for e in g.events[start:]),
                 f"{tok}: no such wrong card in the replay")
            continue
        if tok[:1] == "-":  # a pass the replay could not infer (``unwritten_passes``)
            seat = text_number(tok[1:], tok)
            _pass_until(g, lambda s=seat: g.phase is Phase.THROW and g.to_act == s, tok)
            g.apply(actions.PASS, seat)
            continue
        kind, body = tok[0], tok[1:]
        seat_text, sep, cards = body.partition(":")
        need(kind in "+/>@xw" and bool(sep), f"bad token {fields.short(tok)}")
        seat = text_number(seat_text, tok)
        if kind == "w":
            _pass_until(g, lambda s=seat: g.phase is not Phase.THROW or g.to_act == s, tok)
            g.apply(actions.SWAP_SIX, seat)
            continue
        if cards.startswith("@") or kind in "@x":
            _play_talon_token(g, kind, seat, cards.lstrip("@"), tok)
            continue
        if g.rules.inverted:
            _play_slot_token(g, kind, seat, cards, tok, after)
            continue
        if kind == "+":
            if g.phase is Phase.ATTACK:
                g.apply(actions.attack(parse_hand(cards)), seat)
                continue
            _throw_run(g, seat, cards, tok, after, actions.throw)
        elif kind == "/":
            covering, _, target = cards.partition("=")
            target, baltic, extra = target.partition("^")
            if g.rules.sly != "off" and seat != g.defender:  # a sly cover, in a window
                _pass_until(g, lambda s=seat: g.phase is not Phase.THROW or g.to_act == s,
                            tok)
            else:
                _pass_until(g, lambda: g.phase is not Phase.THROW, tok)
            if baltic:
                g.apply(actions.Baltic(parse_card(covering), parse_card(target),
                                       parse_hand(extra)), seat)
            else:
                g.apply(actions.cover(parse_card(covering), parse_card(target)), seat)
        else:
            _pass_until(g, lambda: g.phase is not Phase.THROW, tok)
            shown = cards.startswith("*")
            g.apply(actions.transfer(parse_hand(cards.lstrip("*")), shown), seat)


def _play_slot_token(g: Game, kind: str, seat: int, cards: str, tok: str, after: str) -> None:
    """``inverted``: ``+s:C`` / ``/s:C=X`` played by the position of C in s's hand."""
    need(kind in "+/", f"{tok}: not a move of inverted=on")
    if kind == "/":
        covering, _, target = cards.partition("=")
        _pass_until(g, lambda: g.phase is not Phase.THROW, tok)
        g.apply(actions.CoverSlot(_slot(g, seat, parse_card(covering), tok), parse_card(target)),
                seat)
        return
    if g.phase is Phase.ATTACK:
        g.apply(actions.PlaySlot(_slot(g, seat, parse_card(cards), tok)), seat)
        return
    _throw_run(g, seat, cards, tok, after, lambda c: actions.PlaySlot(_slot(g, seat, c, tok)))


def _throw_run(g: Game, seat: int, cards: str, tok: str, after: str,
               play: Callable[[Card], actions.Action]) -> None:
    """``+s:C,D``: ``seat`` throws in each card in turn (``play``: the action of a card)."""
    if after.startswith(f"+{seat}:") and g.phase is Phase.THROW and g.to_act == seat:
        g.apply(actions.PASS)  # a split run of throws means the thrower passed in between
    for c in parse_cards(cards):
        _pass_until(g, lambda s=seat: (g.phase is Phase.THROW and g.to_act == s)
                    or g.phase is not Phase.THROW, tok)
        g.apply(play(c), seat)


def _slot(g: Game, seat: int, c: Card, tok: str) -> int:
    need(0 <= seat < g.n and c in g.slots[seat], f"{tok}: seat {seat} does not hold that card")
    return g.slots[seat].index(c)


def _play_talon_token(g: Game, kind: str, seat: int, body: str, tok: str) -> None:
    """``+s:@C`` (armenian), ``/s:@C=X`` / ``@s:C=X`` (second chance), ``xs:A,B/C,D``."""
    top = g.talon[-1] if g.talon else None
    if kind == "+":
        g.apply(actions.FROM_TALON, seat)
        need(parse_card(body) == top, f"{tok}: the talon's top card was not that")
        return
    _pass_until(g, lambda: g.phase is not Phase.THROW, tok)
    if kind == "x":
        gone, _, drawn = body.partition("/")
        g.apply(actions.PokerSwap(parse_hand(gone)), seat)
        last_x = next(e for e in reversed(g.events) if e[0] == "x")
        need(last_x == ("x", parse_hand(gone), tuple(parse_cards(drawn))),
             f"{tok}: the draws do not match the talon")
        return
    c, _, x = body.partition("=")
    target = parse_card(x)
    top = g.talon[-1] if g.talon else None  # (after the passes: the same card)
    seen = len(g.events)
    g.apply(actions.TryTalon(target), seat)
    # Covered or taken into the hand, as the turn's own event says (the hand cannot
    # tell: a recycled bout may bring the card straight back in the refill).
    turned = [e for e in g.events[seen:] if e[0] == "@"]
    covered = bool(turned) and len(turned[0]) > 2
    need(parse_card(c) == top and covered == (kind == "/"),
         f"{tok}: the turned card does not match the replay")


__all__ = ["play_bout"]
