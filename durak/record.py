"""Game records: the text record of docs/rules/durak.md §7 and a JSON record; both replay exactly.

The text record, one line per bout after a header::

    DURAK preset=podkidnoy opts=players:3 seed=7 game=1
    seats 0:P1 1:P2 2:P3 dealer=2 first=0
    deal 0:6S,9H,… 1:… 2:…
    trump 9D talon=18
    b1 0>1 +0:7C /1:9C=7C +2:7H /1:KH=7H beaten
    r 0:QS 2:AC 1:8D,JH
    b2 1>2 +1:8S >2:8H ! taken
    out 1
    end durak=2

``+s:C,C`` opening attack or throw-ins of seat s; ``/s:C=X`` s covers X with C;
``>s:C`` s transfers with C (``>s:*C`` shown); ``!`` the defender takes;
``beaten``/``taken``; ``r`` the refill in drawing order; ``out``; ``end``
(``shame`` marks the disgraceful loss).  Passes in a throw-in window are not
written: a replay passes until the next written move is possible, a thrower
passing only between two of their own throw-ins (``+s:C +s:D``).  A pass it
could not infer is written ``-s`` before that seat's throw-in or ``sly``
cover (the attacker of ``throw_order=attacker_priority`` may be offered twice
between two throws and throw only at the second offer).  The talon's order is
rebuilt from the ``r`` lines (cards never drawn do not matter);
``removed`` lists cards put out of play face down.  ``trump - talon=N`` when no
card is turned; ``trump 9D face_down talon=N`` for ``trump=invisible``.

Option tokens of this module's own: ``/s:C=X^E,F`` a ``baltic`` cover of X by
C laying E and F beside it (roles swap); ``recycled`` ends a beaten bout that
went back into the talon, whose shuffle comes from ``recycle=SEED`` on the
trump line; ``ws:C`` seat s swaps in C, the 6 of the suit turned at the
time (``six_swap``); ``piles 0:C,… 1:…`` the ``magadan`` face-down cards in the order
they are taken; the ``dummy`` hand is the last seat, named ``dummy``.
``ds`` seat s doubles (§7's ``d``, with the seat: either player may double;
a bare ``d`` is read as the attacker's), ``a``/``f`` accept/fold; the
defender's "no double" is not written.  ``?s`` seat s challenges the last
face-down cover (``doubt``; its ``/s:C=X`` shows the card, as a record of a
finished game shows every hand); passes in a challenge round are not written.
A ``sly``/``brazen`` cover is ``/s:C=X`` with s the attack card's player.
``inverted`` (docs/rules/durak.md §3.5): the deal line writes each hand in position order; plays
by position are written with the card they turned out to be (``+s:C``,
``/s:C=X``) and replayed by that card's position; ``~s`` marks a wrong cover
or throw-in, after which seat s takes the table (``taken``).

The JSON record (``format: durak-game/1``) holds the rules text, the seed,
the deal (talon order included) and every action with its seat, passes too.

:func:`replay_text` and :func:`replay_json` rebuild the game and check every
written fact (bout seats, refills, outs, the result); anything malformed or
impossible raises :class:`RecordError`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Final

from cardkit import fields
from durak import actions
from durak.cards import (
    RANK_6,
    RANKS,
    TWIN,
    Card,
    CardTextError,
    card_text,
    cards_of,
    cards_text,
    hand_text,
    mask_of,
    parse_card,
    parse_cards,
    parse_hand,
)
from durak.deal import deal_size
from durak.family.framing import check_result, default_names, head_line, json_seed, seats_line
from durak.family.framing import json_object as framed_json
from durak.family.modes import SUIT_DEAL
from durak.game import Deal, Game, Phase, Result
from durak.rules import Rules, RulesError

GAME_FORMAT: Final = "durak-game/1"
#: Replays refuse records longer than this many actions (a hostile record cannot hang).
#: Random play has made a 105,463-action game (a coward + pass_hands mix, found by the
#: fuzz script): every record the engine writes must replay, so the bound sits above
#: it with margin, as MAX_RECORD_CHARS does for the text.
MAX_RECORD_ACTIONS: Final = 400_000


class RecordError(ValueError):
    """A record that is malformed or does not replay to what it says."""


# ---- writing -------------------------------------------------------------------


def rules_header(rules: Rules) -> str:
    name, diffs = rules.base_preset()
    opts = ",".join(f"{k}:{v}" for k, v in diffs.items())
    return f"preset={name}" + (f" opts={opts}" if opts else "")


def text_record(
    game: Game, names: Sequence[str] | None = None, seed: int | None = None, number: int = 1
) -> str:
    """The §7 text record of ``game`` (complete once the game is over)."""
    n = game.n
    names = seat_names(game, names)
    deal = game.deal
    lines = [head_line("DURAK", rules_header(game.rules),
                       None if seed is None else f"{seed:x}", number)]
    lines.append(seats_line(
        names[:n], f"dealer={game.dealer} first={game.first_attacker}"
        + ("" if deal.opener_shown is None else f" shown={card_text(deal.opener_shown)}")))
    hands = ([cards_text(o) for o in deal.slots] if deal.slots
             else [hand_text(h) for h in deal.hands])
    lines.append("deal " + " ".join(f"{i}:{h}" for i, h in enumerate(hands)))
    tc = deal.trump_card
    trump = "-" if tc is None else card_text(tc) + ("" if deal.trump_shown else " face_down")
    if deal.own_suits:
        trump += " own=" + "".join("SHDC"[s] for s in deal.own_suits)
    if game.rules.trump == "hidden" and deal.talon:
        trump += f" under={card_text(deal.talon[0])}"
    if game.rules.recycle:
        trump += f" recycle={deal.reshuffle:x}"
    lines.append(f"trump {trump} talon={len(deal.talon)}")
    if deal.piles:
        lines.append("piles " + " ".join(f"{i}:{cards_text(p)}" for i, p in enumerate(deal.piles)))
    if deal.removed:
        lines.append(f"removed {hand_text(deal.removed)}")
    bout: list[str] = []
    last: tuple[int, str] | None = None  # (seat, kind) of the last + token, to merge throws
    # the move a following "@"/"x" event belongs to
    pending: tuple[int, actions.Action] = (0, actions.TAKE)
    turned = deal.trump_card  # the trump card of the moment: a "trump" event changes it
    passed: list[int] = []  # seats that passed since the last throw-in token
    thrown = (-1, -1)  # (lines, tokens) right after the last throw-in token
    thrower: dict[Card, int] = {}  # who threw each card in this bout (brazen, american)
    took = False  # the defender took in this bout: any later cover is a sly one

    def unwritten_passes(seat: int, split: bool = True) -> None:
        """``-s`` for each pass of ``seat`` a replay cannot infer before its throw:
        a replay passes the others until ``seat`` is offered, and ``seat`` itself only
        right after its own throw (a split run).  Only after a throw-in in the same
        window is anyone offered twice (``throw_order=attacker_priority``: the attacker),
        so only passes since the last throw-in token count: that also leaves out a
        ``doubt`` challenge round's passes, which follow a cover.  ``split``: the
        token is a throw-in, read as a split run after the seat's own throw-in."""
        if (len(lines), len(bout)) == thrown:
            count = passed.count(seat)
            if split and count and passed[0] == seat and bout[-1].startswith(f"+{seat}:"):
                count -= 1
            bout.extend([f"-{seat}"] * count)

    for e in game.events:
        tag = e[0]
        if tag == "trump":
            turned = e[1]
        elif tag == "a" and isinstance(e[2], actions.Pass) and (len(lines), len(bout)) == thrown:
            passed.append(e[1])
        if tag == "b":
            if bout:
                lines.append(" ".join(bout))
            bout = [f"b{e[1]} {e[2]}>{e[3]}"]
            last = None
            thrower.clear()
            took = False
        elif tag == "a":
            seat, a = e[1], e[2]
            if isinstance(a, actions.Attack):
                bout.append(f"+{seat}:{hand_text(a.cards)}")
                last = None
            elif isinstance(a, actions.Throw):
                thrower[a.card] = seat
                if last is not None and last[0] == seat and bout[-1].startswith("+"):
                    bout[-1] += "," + card_text(a.card)
                else:
                    unwritten_passes(seat)
                    bout.append(f"+{seat}:{card_text(a.card)}")
                last = (seat, "+")
                thrown = (len(lines), len(bout))
                passed.clear()
            elif isinstance(a, actions.Cover):
                if game.rules.sly != "off":  # a sly cover is offered like a throw-in
                    unwritten_passes(seat, split=False)
                bout.append(f"/{seat}:{card_text(a.card)}={card_text(a.target)}")
                last = None
                if took or thrower.get(a.target) == seat:
                    # Sly (after a take), brazen or american (one's own throw-in): the
                    # window goes on, and a replay reaches this cover, so the passes
                    # are counted from here.  (Not "a cover of one's own card": with
                    # two players a transfer hands the attacker back their own card
                    # to defend, and a doubt round follows that cover.)
                    thrown = (len(lines), len(bout))
                    passed.clear()
            elif isinstance(a, actions.Baltic):
                bout.append(f"/{seat}:{card_text(a.card)}={card_text(a.target)}"
                            f"^{hand_text(a.extra)}")
                last = None
            elif isinstance(a, actions.Transfer):
                star = "*" if a.shown else ""
                bout.append(f">{seat}:{star}{hand_text(a.cards)}")
                last = None
            elif isinstance(a, actions.Double):
                bout.append(f"d{seat}")  # both players may double (§7)
                last = None
            elif isinstance(a, (actions.Accept, actions.Fold)):
                bout.append({actions.Accept: "a", actions.Fold: "f"}[type(a)])
                last = None
            elif isinstance(a, actions.SwapSix):  # the trump 6 of the suit turned at the time
                assert turned is not None  # (trump=changing may turn another suit later)
                bout.append(f"w{seat}:{card_text(turned % TWIN // RANKS * RANKS + RANK_6)}")
                last = None
            elif isinstance(a, actions.Challenge):
                bout.append(f"?{seat}")  # doubt (§3.5)
                last = None
            elif isinstance(a, (actions.PlaySlot, actions.CoverSlot)):
                pending = (seat, a)  # its card follows in a "slot" event
            else:  # take, pass (ends a run of throws), or a move whose card follows
                pending = (seat, a)
                last = None
        elif tag == "@":
            seat, a = pending
            c = e[1]
            if isinstance(a, actions.FromTalon):
                bout.append(f"+{seat}:@{card_text(c)}")
            elif isinstance(a, actions.TryTalon):
                t = card_text(a.target)
                covered = len(e) > 2
                bout.append(f"/{seat}:@{card_text(c)}={t}" if covered
                            else f"@{seat}:{card_text(c)}={t}")
        elif tag == "x":
            bout.append(f"x{pending[0]}:{hand_text(e[1])}/{cards_text(e[2])}")
        elif tag == "slot":  # inverted: the card a position turned out to be
            seat, a = pending
            c, kind = e[1], e[2]
            if kind == "cover" and isinstance(a, actions.CoverSlot):
                bout.append(f"/{seat}:{card_text(c)}={card_text(a.target)}")
                last = None
            elif kind == "throw" and last is not None and last[0] == seat and \
                    bout[-1].startswith("+"):
                bout[-1] += "," + card_text(c)
            else:
                if kind == "throw":
                    unwritten_passes(seat)
                bout.append(f"+{seat}:{card_text(c)}")
                last = (seat, "+") if kind == "throw" else None
            if kind == "throw":
                thrown = (len(lines), len(bout))
                passed.clear()
        elif tag == "wrong":
            bout.append(f"~{e[1]}")
            last = None
        elif tag == "!":
            bout.append("!")
            took = True
        elif tag == "recycle":
            bout.append("recycled")
        elif tag == "beaten":
            if not bout or bout[-1] != "recycled":
                bout.append(tag)
        elif tag == "taken":
            bout.append(tag)
        elif tag in ("r", "out", "end") and bout:
            lines.append(" ".join(bout))
            bout = []
        if tag == "r":
            if e[1]:
                lines.append("r " + " ".join(f"{s}:{cards_text(cs)}" for s, cs in e[1]))
        elif tag == "out":
            lines.append("out " + " ".join(map(str, e[1])))
        elif tag == "end":
            lines.append(e[1].text())
    if bout:
        lines.append(" ".join(bout))
    return "\n".join(lines) + "\n"


def seat_names(game: Game, names: Sequence[str] | None) -> list[str]:
    """The players' names (P1, P2, … by default), then ``dummy`` for a dummy hand."""
    out = list(names) if names is not None else default_names(game.rules.players)
    if game.rules.dummy != "off" and len(out) == game.rules.players:
        out.append("dummy")
    return out


def json_record(
    game: Game, names: Sequence[str] | None = None, seed: int | None = None, number: int = 1
) -> dict[str, Any]:
    """The JSON record of ``game``: enough to replay it exactly."""
    deal = game.deal
    return {
        "format": GAME_FORMAT,
        "rules": game.rules.to_text(),
        "seed": seed,
        "game": number,
        "names": seat_names(game, names),
        "dealer": game.dealer,
        "first": game.first_attacker,
        "deal": {
            "hands": [hand_text(h) for h in deal.hands],
            "talon": cards_text(deal.talon),
            "trump_card": None if deal.trump_card is None else card_text(deal.trump_card),
            "trump_shown": deal.trump_shown,
            "removed": hand_text(deal.removed),
            "own": "".join("SHDC"[s] for s in deal.own_suits),
            "piles": [cards_text(p) for p in deal.piles],
            "reshuffle": deal.reshuffle,
            "slots": [cards_text(o) for o in deal.slots],
            "opener_shown": None if deal.opener_shown is None else card_text(deal.opener_shown),
        },
        "actions": [f"{s} {actions.action_text(a)}" for s, a in game.actions()],
        "result": None if game.result is None else game.result.text(),
    }


def to_json(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, indent=1)


# ---- replaying JSON --------------------------------------------------------------

#: Bounds checked before parsing: a record as text (a long game between players is
#: ~30,000 characters, but random play over some option mixes has run to 225,561
#: actions and a 2.93-million-character text record before §6.14's repetition ended
#: it; the bound keeps such a game replayable with margin), JSON nesting (a record
#: needs 3: record, deal, hands), one card list or action text,
#: a rules text, a seat's name, and digits of a number in a text record.
MAX_RECORD_CHARS: Final = 8_000_000
MAX_RECORD_DEPTH: Final = 4
MAX_CARDS_CHARS: Final = 600
MAX_RULES_CHARS: Final = 2_000
MAX_NAME_CHARS: Final = 60
MAX_NUMBER_DIGITS: Final = 20
#: Seeds (match and deal) are below 2**64; a game number below a billion.
SEED_LIMIT: Final = 1 << 64
MAX_GAME_NUMBER: Final = 10**9
_JSON_KEYS: Final = frozenset(
    ("format", "rules", "seed", "game", "names", "dealer", "first", "deal", "actions", "result"))
_DEAL_KEYS: Final = frozenset(("hands", "talon", "trump_card", "trump_shown", "removed", "own",
                               "piles", "reshuffle", "slots", "opener_shown"))


def _need(cond: bool, why: str) -> None:
    if not cond:
        raise RecordError(why)


def _seat(value: object, n: int, what: str) -> int:
    return fields.whole(value, what, 0, n - 1, RecordError)


def _number(text: str, field: str, base: int = 10) -> int:
    """A number of a text record: ASCII digits only (``"²"`` is no digit), bounded."""
    ok = "0123456789abcdef"[:base]
    _need(bool(text) and all(c in ok for c in text),
          f"{field}: expected {'hex ' if base == 16 else ''}digits, not {fields.short(text)}")
    _need(len(text) <= MAX_NUMBER_DIGITS,
          f"{field}: {len(text)} digits, more than the limit of {MAX_NUMBER_DIGITS}")
    _need(text == "0" or text[0] != "0",
          f"{field}: {fields.short(text)} is not written as a record writes it (no leading 0)")
    return int(text, base)


def _written(value: object, field: str, parse: Any, write: Any, limit: int) -> Any:
    """``parse`` of the text ``value``, which must be written as ``write`` writes it
    (``6s`` or ``10D`` are read leniently by the card parser, never in a record)."""
    text = fields.text(value, field, limit, RecordError)
    try:
        out = parse(text)
    except CardTextError as e:
        raise RecordError(f"{field}: {e}") from None
    _need(write(out) == text, f"{field}: {fields.short(text)} is not written as a record "
          f"writes it ({fields.short(write(out))})")
    return out


def _cards_field(value: object, field: str) -> tuple[Card, ...]:
    return tuple(_written(value, field, parse_cards, cards_text, MAX_CARDS_CHARS))


def _hand_field(value: object, field: str) -> int:
    hand: int = _written(value, field, parse_hand, hand_text, MAX_CARDS_CHARS)
    return hand


def _card_field(value: object, field: str) -> Card | None:
    if value is None:
        return None
    card: Card = _written(value, field, parse_card, card_text, 8)
    return card


def _card_lists(d: dict[str, Any], key: str, n: int) -> tuple[tuple[Card, ...], ...]:
    raw = fields.listed(d.get(key, []), f"deal.{key}", n, RecordError)
    return tuple(_cards_field(p, f"deal.{key}[{i}]") for i, p in enumerate(raw))


def json_deal(rules: Rules, value: object) -> Deal:
    """The ``deal`` object of a JSON record, every field's type and range checked."""
    d = fields.mapping(value, "deal", RecordError)
    extra = sorted(k for k in d if k not in _DEAL_KEYS)
    _need(not extra, f"deal: unknown keys {', '.join(map(fields.short, extra[:5]))}")
    n = rules.seats
    hands = fields.listed(fields.get(d, "hands", "deal.", RecordError), "deal.hands", n,
                          RecordError)
    _need(len(hands) == n, f"deal.hands: {len(hands)} hands, but the table has {n} seats")
    own = fields.text(d.get("own", ""), "deal.own", 4, RecordError)
    reshuffle = fields.whole(d.get("reshuffle", 0), "deal.reshuffle", 0, SEED_LIMIT - 1,
                             RecordError)
    _need(rules.recycle or reshuffle == 0,
          "deal.reshuffle: a reshuffle seed goes with recycle=on only (expected 0)")
    return Deal(
        tuple(_hand_field(h, f"deal.hands[{i}]") for i, h in enumerate(hands)),
        _cards_field(fields.get(d, "talon", "deal.", RecordError), "deal.talon"),
        _card_field(fields.get(d, "trump_card", "deal.", RecordError), "deal.trump_card"),
        fields.flag(fields.get(d, "trump_shown", "deal.", RecordError), "deal.trump_shown",
                    RecordError),
        _hand_field(fields.get(d, "removed", "deal.", RecordError), "deal.removed"),
        _own_suits(own, n),
        _card_lists(d, "piles", n),
        reshuffle,
        _card_lists(d, "slots", n),
        _card_field(d.get("opener_shown"), "deal.opener_shown"),
    )


def json_object(record: object, keys: frozenset[str], fmt: str, depth: int) -> dict[str, Any]:
    """A JSON record (a dict or its text, read within the bounds) as a dict holding only
    ``keys``, of format ``fmt``; else a :class:`RecordError` saying what is wrong."""
    return framed_json(record, fmt, RecordError, max_chars=MAX_RECORD_CHARS, depth=depth,
                       keys=keys)


def check_names(value: object, n: int) -> list[str]:
    """A record's ``names``: ``n`` names as the text record's seats line can hold them."""
    names = fields.listed(value, "names", n, RecordError)
    _need(len(names) == n, f"names: {len(names)} names for {n} seats")
    for i, name in enumerate(names):
        fields.text(name, f"names[{i}]", MAX_NAME_CHARS, RecordError)
        _need(bool(name) and "=" not in name and not any(c.isspace() for c in name),
              f"names[{i}]: expected a name without spaces or '=' (the text record's "
              f"seats line is 0:NAME …), not {fields.short(name)}")
    return names


def replay_json(record: object) -> Game:
    """Rebuild the game of a JSON record (a dict or its text), checking it on the way.

    Every field's type is checked, never coerced (``"false"`` is no boolean), sizes
    are bounded before parsing; anything wrong is a :class:`RecordError` naming the
    field and what was expected.
    """
    rec = json_object(record, _JSON_KEYS, GAME_FORMAT, MAX_RECORD_DEPTH)
    rules_text = fields.text(fields.get(rec, "rules", "", RecordError), "rules",
                             MAX_RULES_CHARS, RecordError)
    try:
        rules = Rules.from_text(rules_text)
    except RulesError as e:
        raise RecordError(f"rules: {str(e)[:300]}") from None
    n = rules.seats
    json_frame(rec, n)
    dealer = _seat(fields.get(rec, "dealer", "", RecordError), n, "dealer")
    first = _seat(fields.get(rec, "first", "", RecordError), n, "first")
    deal = json_deal(rules, fields.get(rec, "deal", "", RecordError))
    _check_deal(rules, deal, first)
    moves = fields.listed(fields.get(rec, "actions", "", RecordError), "actions",
                          MAX_RECORD_ACTIONS, RecordError)
    result = fields.get(rec, "result", "", RecordError)
    if result is not None:
        fields.text(result, "result", 200, RecordError)
    g = Game.from_deal(rules, deal, dealer, first)
    for i, line in enumerate(moves):
        text = fields.text(line, f"actions[{i}]", MAX_CARDS_CHARS, RecordError)
        seat_text, _, rest = text.partition(" ")
        seat = _number(seat_text, f"actions[{i}] seat")
        _need(str(seat) == seat_text, f"actions[{i}] seat: {fields.short(seat_text)} is not "
              f"written as a record writes it ({seat})")
        try:
            action = actions.parse_action(rest)
            _need(actions.action_text(action) == rest, f"actions[{i}]: {fields.short(rest)} is not "
                  f"written as a record writes it ({actions.action_text(action)!r})")
            g.apply(action, seat)
        except (actions.ActionTextError, actions.IllegalActionError) as e:
            raise RecordError(f"actions[{i}] {fields.short(text)}: {e}") from None
    check_result(result, None if g.result is None else g.result.text(), RecordError)
    return g


def json_frame(rec: dict[str, Any], n: int) -> None:
    """A JSON record's seed, game number and names (``n`` of them), as the ordinary
    game and suit_deal write them."""
    json_seed(rec, RecordError, SEED_LIMIT - 1)
    fields.whole(rec.get("game", 1), "game", 1, MAX_GAME_NUMBER, RecordError)
    if rec.get("names") is not None:
        check_names(rec["names"], n)


def _own_suits(text: str, n: int) -> tuple[int, ...]:
    """``own=SHD``: each seat's own trump suit (``trump=own``), or () when absent."""
    if not text:
        return ()
    _need(len(text) == n and len(set(text)) == n and all(c in "SHDC" for c in text),
          f"own={text!r} must give {n} different suits (S, H, D, C)")
    return tuple("SHDC".index(c) for c in text)


#: The ``trump`` values that turn (or, ``invisible``, announce) a trump card, and the
#: ones of those whose card lies face up.
_TRUMP_CARD: Final = ("turned", "invisible", "hidden", "changing")
_TRUMP_SHOWN: Final = ("turned", "hidden", "changing")


def _check_deal(rules: Rules, deal: Deal, first: int) -> None:
    """Every card of the deck exactly once among hands, talon and removed cards; the
    trump card there exactly when the rules turn one; every seat dealt as many cards;
    the opener's shown card in the first attacker's hand."""
    _need((deal.trump_card is not None) == (rules.trump in _TRUMP_CARD),
          f"deal.trump_card: trump={rules.trump} " + ("turns a card, the record gives none"
          if deal.trump_card is None else "turns no card, the record gives one"))
    _need(deal.trump_shown == (rules.trump in _TRUMP_SHOWN),
          f"deal.trump_shown: expected {str(rules.trump in _TRUMP_SHOWN).lower()} for "
          f"trump={rules.trump}")
    dealt = [h.bit_count() + (len(deal.piles[s]) if deal.piles else 0)
             for s, h in enumerate(deal.hands)]
    every = rules.talon == "deal_all" or rules.seats * deal_size(rules) == \
        rules.deck_mask.bit_count()
    if rules.mode == SUIT_DEAL:  # §3.6: hands as its dealing phase left them, no talon
        _need(not deal.talon and not deal.removed,
              "deal: mode=suit_deal leaves no talon and puts no card away")
        _need(sum(1 for h in deal.hands if h) >= 2, "deal.hands: mode=suit_deal's play "
              "needs two hands holding cards (with fewer the dealing phase ends the game)")
    else:
        _need(len(set(dealt)) == 1 and (every or dealt[0] == deal_size(rules)),
              f"deal.hands: every seat is dealt {'as many' if every else deal_size(rules)} "
              f"cards, the record gives {dealt}")
    c = deal.opener_shown
    held = deal.hands[first] | (mask_of(deal.piles[first]) if deal.piles else 0) \
        if 0 <= first < len(deal.hands) else 0
    _need(c is None or bool(held >> c & 1),
          "deal.opener_shown: the card is not in the first attacker's hand")
    seen = 0
    _need(len(deal.hands) == rules.seats, f"the deal needs {rules.seats} hands")
    _need(bool(deal.piles) == rules.magadan and len(deal.piles) in (0, rules.seats),
          "face-down piles go with magadan=on only, one per seat")
    parts = [*deal.hands, mask_of(deal.talon), deal.removed, *(mask_of(p) for p in deal.piles)]
    _need(all(len(set(p)) == len(p) for p in deal.piles), "a face-down card appears twice")
    for m in parts:
        _need(not seen & m, "a card is dealt twice")
        seen |= m
    _need(len(set(deal.talon)) == len(deal.talon), "a talon card appears twice")
    _need(seen == rules.deck_mask, "the deal does not hold every card of the deck once")
    tc = deal.trump_card
    if tc is not None:
        _need(bool(seen >> tc & 1), "the trump card is not in the deck")
    _need(bool(deal.own_suits) == (rules.trump == "own"), "own suits go with trump=own only")
    _need(not deal.slots or (rules.inverted and len(deal.slots) == len(deal.hands) and all(
        len(o) == h.bit_count() and mask_of(o) == h for o, h in zip(deal.slots, deal.hands,
                                                                    strict=True))),
          "hand positions go with inverted=on only, one order of each hand's cards")


# ---- replaying text ----------------------------------------------------------------


def _kv(words: Sequence[str]) -> dict[str, str]:
    out = {}
    for w in words:
        k, sep, v = w.partition("=")
        if sep:
            out[k] = v
    return out


def parse_header(line: str) -> tuple[Rules, int | None, int]:
    words = line.split()
    _need(bool(words) and words[0] == "DURAK", "the record must start with 'DURAK'")
    _need(line == " ".join(words), "line 1: words are separated by one space")
    keys = [w.partition("=")[0] for w in words[1:]]
    _need(all(k in ("preset", "opts", "seed", "game") and "=" in w
              for k, w in zip(keys, words[1:], strict=True)) and len(set(keys)) == len(keys),
          "line 1: expected 'DURAK preset=P [opts=K:V,…] [seed=HEX] [game=N]'")
    kv = _kv(words[1:])
    opts = kv.get("opts", "")
    text = f"preset={kv.get('preset', 'podkidnoy')}"
    for part in opts.split(",") if opts else []:
        k, sep, v = part.partition(":")
        _need(bool(sep), f"bad option {part!r} in opts (expected key:value)")
        text += f"&{k}={v}"
    try:
        rules = Rules.from_text(text)
    except RulesError as e:
        raise RecordError(str(e)) from None
    seed = _number(kv["seed"], "seed", 16) if "seed" in kv else None
    number = _number(kv.get("game", "1"), "game")
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
    _need(len(lines) >= 4, "a text record needs the DURAK, seats, deal and trump lines")
    _need(len(lines) <= MAX_RECORD_ACTIONS, "record too long")
    rules, _, _ = parse_header(lines[0])
    n = rules.seats
    seats = lines[1].split()
    _need(seats[0] == "seats", "line 2 must be 'seats …'")
    named = [w for w in seats[1:] if "=" not in w]
    _need(len(named) == n and all(w.partition(":")[0] == str(i) and w.partition(":")[2]
                                  for i, w in enumerate(named)),
          f"seats: expected {n} seats written 0:NAME … {n - 1}:NAME")
    kv = _kv(seats[1:])
    _need("dealer" in kv and "first" in kv, "the seats line needs dealer=N first=N")
    dealer, first = _number(kv["dealer"], "dealer"), _number(kv["first"], "first")
    _need(0 <= dealer < n and 0 <= first < n, "dealer and first must be seats")
    opener_shown = parse_card(kv["shown"]) if "shown" in kv else None
    deal_words = lines[2].split()
    _need(deal_words[0] == "deal" and len(deal_words) == n + 1,
          f"line 3 must be 'deal' and {n} hands")
    hands = []
    orders: list[tuple[Card, ...]] = []
    for i, w in enumerate(deal_words[1:]):
        seat, _, cards = w.partition(":")
        _need(seat == str(i), f"deal: hand {i} must be written '{i}:…'")
        hands.append(parse_hand(cards))
        orders.append(tuple(parse_cards(cards)))
    tw = lines[3].split()
    _need(tw[0] == "trump" and len(tw) >= 3 and tw[-1].startswith("talon="),
          "line 4 must be 'trump CARD talon=N'")
    trump_card = None if tw[1] == "-" else parse_card(tw[1])
    under_text = _kv(tw).get("under")
    under = None if under_text is None else parse_card(under_text)
    shown = trump_card is not None and "face_down" not in tw
    talon_count = _number(tw[-1][6:], "talon")
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
    own = _own_suits(_kv(tw).get("own", ""), n)
    recycle = _kv(tw).get("recycle")
    _need(recycle is None or rules.recycle, "recycle=: a reshuffle seed goes with recycle=on only")
    reshuffle = _number(recycle, "recycle", 16) if recycle is not None else 0
    deal = Deal(tuple(hands), tuple(talon), trump_card, shown, removed, own, piles, reshuffle,
                tuple(orders) if rules.inverted else (), opener_shown)
    _check_deal(rules, deal, first)
    g = Game.from_deal(rules, deal, dealer, first)
    pending: list[str] = []  # r/out/end lines the replay produced, still to be read
    seen = len(g.events)
    for ln in rest:
        words = ln.split()
        tag = words[0]
        if tag[0] == "b" and tag[1:].isdigit():
            if pending:
                raise RecordError(f"{ln!r}: the record leaves out {pending[0]!r}")
            _play_bout(g, words)
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
        _need(mine == theirs or _bare_doubles(mine, theirs),
              f"line {i + 2} {fields.short(mine)} is not what the replay writes "
              f"({fields.short(theirs)})")
    _need(len(lines) == len(again), f"the record has {len(lines)} lines, the replay writes "
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
    _need(len(words) == n, f"the piles line needs {n} seats")
    out = []
    for i, w in enumerate(words):
        seat, _, cards = w.partition(":")
        _need(seat == str(i), f"piles: seat {i} must be written '{i}:…'")
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
    _need(not used & drawn_mask, "a drawn card was already dealt")
    _need(drawn_mask.bit_count() == len(drawn), "a card is drawn twice")
    rest = rules.deck_mask & ~used & ~mask_of(drawn) & ~mask_of(bottom) & ~mask_of(above)
    talon = bottom + above + list(cards_of(rest)) + list(reversed(drawn))
    _need(len(talon) == count, f"the talon should hold {count} cards, the record gives "
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


def _pass_until(g: Game, ok: Any, what: str) -> None:
    for _ in range(4 * g.n + 4):
        if ok():
            return
        _need(g.phase in (Phase.THROW, Phase.DOUBT), f"{what}: not possible now ({g!r})")
        g.apply(actions.PASS)
    raise RecordError(f"{what}: the throw-in window does not close")


def _play_bout(g: Game, words: list[str]) -> None:
    head = f"{words[0]} {words[1]}" if len(words) > 1 else words[0]
    _need(g.phase is not Phase.OVER, f"{head}: the game is already over")
    want = f"b{g.bout} {g.attacker}>{g.defender}"
    _need(head == want, f"bout line {head!r} does not match the replay ({want!r})")
    bout = g.bout
    start = len(g.events)
    prev = ""
    for tok in words[2:]:
        after, prev = prev, tok
        if g.phase is Phase.DOUBT and g.bout == bout:  # nobody challenged but this seat
            who = _number(tok[1:], tok) if tok[:1] == "?" else -1
            _pass_until(g, lambda w=who: g.phase is not Phase.DOUBT or g.to_act == w, tok)
        if tok[:1] == "?":
            g.apply(actions.CHALLENGE, _number(tok[1:], tok))
            continue
        if (g.phase is Phase.CUBE and not g.cube_offered and g.bout == bout
                and tok != f"d{g.to_act}"):
            g.apply(actions.PASS)  # the defender did not double (cube15: nothing is written)
        if tok in ("beaten", "taken", "recycled"):
            _pass_until(g, lambda: g.bout != bout or g.phase is Phase.OVER, tok)
            ends = [e[0] for e in g.events[start:] if e[0] in ("beaten", "taken", "recycle")]
            end = "recycled" if "recycle" in ends else ends[-1] if ends else "unfinished"
            _need(end == tok, f"the bout was {end}, not {tok}")
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
            _need(any(e == ("wrong", _number(tok[1:], tok)) for e in g.events[start:]),
                  f"{tok}: no such wrong card in the replay")
            continue
        if tok[:1] == "-":  # a pass the replay could not infer (``unwritten_passes``)
            seat = _number(tok[1:], tok)
            _pass_until(g, lambda s=seat: g.phase is Phase.THROW and g.to_act == s, tok)
            g.apply(actions.PASS, seat)
            continue
        kind, body = tok[0], tok[1:]
        seat_text, sep, cards = body.partition(":")
        _need(kind in "+/>@xw" and bool(sep), f"bad token {fields.short(tok)}")
        seat = _number(seat_text, tok)
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
    _need(kind in "+/", f"{tok}: not a move of inverted=on")
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
    _need(0 <= seat < g.n and c in g.slots[seat], f"{tok}: seat {seat} does not hold that card")
    return g.slots[seat].index(c)


def _play_talon_token(g: Game, kind: str, seat: int, body: str, tok: str) -> None:
    """``+s:@C`` (armenian), ``/s:@C=X`` / ``@s:C=X`` (second chance), ``xs:A,B/C,D``."""
    top = g.talon[-1] if g.talon else None
    if kind == "+":
        g.apply(actions.FROM_TALON, seat)
        _need(parse_card(body) == top, f"{tok}: the talon's top card was not that")
        return
    _pass_until(g, lambda: g.phase is not Phase.THROW, tok)
    if kind == "x":
        gone, _, drawn = body.partition("/")
        g.apply(actions.PokerSwap(parse_hand(gone)), seat)
        last_x = next(e for e in reversed(g.events) if e[0] == "x")
        _need(last_x == ("x", parse_hand(gone), tuple(parse_cards(drawn))),
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
    _need(parse_card(c) == top and covered == (kind == "/"),
          f"{tok}: the turned card does not match the replay")


def game_actions(g: Game) -> list[tuple[int, actions.Action]]:
    return g.actions()
