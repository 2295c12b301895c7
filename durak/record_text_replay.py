"""Reading a §7 text record back (docs/rules/durak.md §7): :func:`replay_text`.

The record is replayed line by line: the header's rules, the seats line, the
deal and trump lines (the talon's order is rebuilt from the refills, cards
never drawn do not matter), then every bout line's tokens
(:func:`durak.record_bout_replay.play_bout`) with the ``r``/``out``/``end``
lines the replay must produce.  Last, the replayed game is written again
(:func:`durak.record_text.text_record`, whose docstring explains every token)
and must give the record's own lines.  Anything malformed or impossible is a
:class:`~durak.record_check.RecordError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardkit import fields
from durak import actions
from durak.cards import (
    Card,
    CardTextError,
    cards_of,
    cards_text,
    mask_of,
    parse_card,
    parse_cards,
    parse_hand,
)
from durak.game import Deal, Game, Result
from durak.record_bout_replay import play_bout
from durak.record_check import (
    MAX_RECORD_ACTIONS,
    MAX_RECORD_CHARS,
    RecordError,
    check_deal,
    need,
    own_suits,
    record_rules,
    text_number,
)
from durak.record_text import text_record
from durak.rules import Rules


def _kv(words: Sequence[str]) -> dict[str, str]:
    out = {}
    for w in words:
        k, sep, v = w.partition("=")
        if sep:
            out[k] = v
    return out


def parse_header(line: str) -> tuple[Rules, int | None, int]:
    words = line.split()
    need(bool(words) and words[0] == "DURAK", "the record must start with 'DURAK'")
    need(line == " ".join(words), "line 1: words are separated by one space")
    keys = [w.partition("=")[0] for w in words[1:]]
    need(all(k in ("preset", "opts", "seed", "game") and "=" in w
             for k, w in zip(keys, words[1:], strict=True)) and len(set(keys)) == len(keys),
         "line 1: expected 'DURAK preset=P [opts=K:V,…] [seed=HEX] [game=N]'")
    kv = _kv(words[1:])
    opts = kv.get("opts", "")
    text = f"preset={kv.get('preset', 'podkidnoy')}"
    for part in opts.split(",") if opts else []:
        k, sep, v = part.partition(":")
        need(bool(sep), f"bad option {part!r} in opts (expected key:value)")
        text += f"&{k}={v}"
    rules = record_rules(text, "line 1")
    seed = text_number(kv["seed"], "seed", 16) if "seed" in kv else None
    number = text_number(kv.get("game", "1"), "game")
    return rules, seed, number


def replay_text(text: object) -> Game:
    """Rebuild the game of a §7 text record, checking every line.

    The text's size is bounded before anything is read; every number is ASCII digits
    of bounded length; anything wrong is a :class:`RecordError`.
    """
    text = fields.text(text, "text record", MAX_RECORD_CHARS, RecordError)
    try:
        return _replay_text(text)
    except (CardTextError, actions.ActionTextError, actions.IllegalActionError) as e:
        raise RecordError(str(e)[:300]) from None


def _replay_text(text: str) -> Game:
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    need(len(lines) >= 4, "a text record needs the DURAK, seats, deal and trump lines")
    need(len(lines) <= MAX_RECORD_ACTIONS, "record too long")
    rules, _, _ = parse_header(lines[0])
    n = rules.seats
    seats = lines[1].split()
    need(seats[0] == "seats", "line 2 must be 'seats …'")
    named = [w for w in seats[1:] if "=" not in w]
    need(len(named) == n and all(w.partition(":")[0] == str(i) and w.partition(":")[2]
                                 for i, w in enumerate(named)),
         f"seats: expected {n} seats written 0:NAME … {n - 1}:NAME")
    kv = _kv(seats[1:])
    need("dealer" in kv and "first" in kv, "the seats line needs dealer=N first=N")
    dealer, first = text_number(kv["dealer"], "dealer"), text_number(kv["first"], "first")
    need(0 <= dealer < n and 0 <= first < n, "dealer and first must be seats")
    opener_shown = parse_card(kv["shown"]) if "shown" in kv else None
    deal_words = lines[2].split()
    need(deal_words[0] == "deal" and len(deal_words) == n + 1,
         f"line 3 must be 'deal' and {n} hands")
    hands = []
    orders: list[tuple[Card, ...]] = []
    for i, w in enumerate(deal_words[1:]):
        seat, _, cards = w.partition(":")
        need(seat == str(i), f"deal: hand {i} must be written '{i}:…'")
        hands.append(parse_hand(cards))
        orders.append(tuple(parse_cards(cards)))
    tw = lines[3].split()
    need(tw[0] == "trump" and len(tw) >= 3 and tw[-1].startswith("talon="),
         "line 4 must be 'trump CARD talon=N'")
    trump_card = None if tw[1] == "-" else parse_card(tw[1])
    under_text = _kv(tw).get("under")
    under = None if under_text is None else parse_card(under_text)
    shown = trump_card is not None and "face_down" not in tw
    talon_count = text_number(tw[-1][6:], "talon")
    rest = lines[4:]
    piles: tuple[tuple[Card, ...], ...] = ()
    if rest and rest[0].startswith("piles"):
        piles = _piles(rest[0], n)
        rest = rest[1:]
    removed = 0
    if rest and rest[0].startswith("removed"):
        removed = parse_hand(rest[0][7:])
        rest = rest[1:]
    drawn = _talon_cards(rest)
    used = removed
    for p in piles:
        used |= mask_of(p)
    talon = _rebuild_talon(rules, hands, used, trump_card, drawn, talon_count, under)
    own = own_suits(_kv(tw).get("own", ""), n)
    recycle = _kv(tw).get("recycle")
    need(recycle is None or rules.recycle, "recycle=: a reshuffle seed goes with recycle=on only")
    reshuffle = text_number(recycle, "recycle", 16) if recycle is not None else 0
    deal = Deal(tuple(hands), tuple(talon), trump_card, shown, removed, own, piles, reshuffle,
                tuple(orders) if rules.inverted else (), opener_shown)
    check_deal(rules, deal, first)
    g = Game.from_deal(rules, deal, dealer, first)
    pending: list[str] = []  # r/out/end lines the replay produced, still to be read
    seen = len(g.events)
    for ln in rest:
        words = ln.split()
        tag = words[0]
        if tag[0] == "b" and tag[1:].isdigit():
            if pending:
                raise RecordError(f"{ln!r}: the record leaves out {pending[0]!r}")
            play_bout(g, words)
            pending = _event_lines(g.events[seen:])
            seen = len(g.events)
        elif tag in ("r", "out", "end"):
            if not pending or pending[0] != " ".join(words):
                got = pending[0] if pending else "nothing"
                raise RecordError(f"{ln!r} does not match the replay ({got!r})")
            pending.pop(0)
        elif tag not in ("removed", "piles"):
            raise RecordError(f"unknown record line {ln!r}")
    if pending:
        raise RecordError(f"the record leaves out {pending[0]!r}")
    _written_back(g, lines, named)
    return g


def _written_back(g: Game, lines: list[str], named: list[str]) -> None:
    """The replay, written again, must give the record's own lines (the header apart,
    whose preset and option order may be chosen differently): a record that replays
    only after its cards or tokens are read leniently is not the record of this game."""
    _, seed, number = parse_header(lines[0])
    again = text_record(g, [w.partition(":")[2] for w in named], seed, number).splitlines()
    for i, (mine, theirs) in enumerate(zip(lines[1:], again[1:], strict=False)):
        need(mine == theirs or _bare_doubles(mine, theirs),
             f"line {i + 2} {fields.short(mine)} is not what the replay writes "
             f"({fields.short(theirs)})")
    need(len(lines) == len(again), f"the record has {len(lines)} lines, the replay writes "
         f"{len(again)}")


def _bare_doubles(mine: str, theirs: str) -> bool:
    """``mine`` is ``theirs`` with some doubles written bare (``d``, §7's form, read as
    the attacker's: records made before either player could double)."""
    a, b = mine.split(" "), theirs.split(" ")
    return len(a) == len(b) and all(
        x == y or (x == "d" and y[:1] == "d" and y[1:].isascii() and y[1:].isdigit())
        for x, y in zip(a, b, strict=True))


def _piles(line: str, n: int) -> tuple[tuple[Card, ...], ...]:
    """``piles 0:C,C 1:…``: the ``magadan`` face-down cards of every seat."""
    words = line.split()[1:]
    need(len(words) == n, f"the piles line needs {n} seats")
    out = []
    for i, w in enumerate(words):
        seat, _, cards = w.partition(":")
        need(seat == str(i), f"piles: seat {i} must be written '{i}:…'")
        out.append(tuple(parse_cards(cards)))
    return tuple(out)


def _talon_cards(lines: Sequence[str]) -> list[Card]:
    """Every card that left the deal's talon, in order: refills, ``@`` turns, poker
    draws — up to the first ``recycled`` bout (later the talon holds recycled cards,
    in the order the record's ``recycle`` seed shuffles them)."""
    out: list[Card] = []
    for ln in lines:
        words = ln.split()
        if words[0].startswith("b") and "recycled" in words:
            words = words[:words.index("recycled")]
            out += _talon_cards([" ".join(words)]) if len(words) > 2 else []
            break
        if words[0] == "r":
            for w in words[1:]:
                out += parse_cards(w.partition(":")[2])
        elif words[0].startswith("b"):
            for tok in words[2:]:
                body = tok[1:].partition(":")[2]
                if tok[0] in "+/" and body.startswith("@"):
                    out.append(parse_card(body[1:].partition("=")[0]))
                elif tok[0] == "@":
                    out.append(parse_card(body.partition("=")[0]))
                elif tok[0] == "x":
                    out += parse_cards(body.partition("/")[2])
    return out


def _rebuild_talon(rules: Rules, hands: list[int], removed: int, trump_card: Card | None,
                   drawn: list[Card], count: int, under: Card | None = None) -> list[Card]:
    used = removed
    for h in hands:
        used |= h
    bottom: list[Card] = []
    above: list[Card] = []  # trump=hidden: the turned card, if never drawn, above ``under``
    if trump_card is not None and not used >> trump_card & 1 and rules.trump in (
            "turned", "invisible", "changing"):
        bottom = [trump_card]
    if rules.trump == "hidden" and under is not None:
        bottom = [under]
        if trump_card is not None and trump_card not in drawn:
            above = [trump_card]
    if bottom and drawn and (drawn[-1] in (trump_card, bottom[0]) or used >> drawn[-1] & 1
                             or drawn[-1] in drawn[:-1]):
        drawn = drawn[:-1]  # the bottom card (or the trump 6 swapped in for it) came last
    drawn_mask = mask_of(drawn)
    need(not used & drawn_mask, "a drawn card was already dealt")
    need(drawn_mask.bit_count() == len(drawn), "a card is drawn twice")
    rest = rules.deck_mask & ~used & ~mask_of(drawn) & ~mask_of(bottom) & ~mask_of(above)
    talon = bottom + above + list(cards_of(rest)) + list(reversed(drawn))
    need(len(talon) == count, f"the talon should hold {count} cards, the record gives "
         f"{len(talon)}")
    return talon


def _event_lines(events: Sequence[tuple[Any, ...]]) -> list[str]:
    """The ``r``/``out``/``end`` lines of some events, as :func:`text_record` writes them."""
    out = []
    for e in events:
        if e[0] == "r" and e[1]:
            out.append("r " + " ".join(f"{s}:{cards_text(cs)}" for s, cs in e[1]))
        elif e[0] == "out":
            out.append("out " + " ".join(map(str, e[1])))
        elif e[0] == "end":
            r: Result = e[1]
            out.append(r.text())
    return out


__all__ = ["parse_header", "replay_text"]
