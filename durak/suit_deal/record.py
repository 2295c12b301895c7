"""Records of ``mode=suit_deal``: the dealing's steps, then the ordinary record.

A two-part record [I].  The text record::

    DURAK-SUIT-DEAL preset=podkidnoy opts=players:3,mode:suit_deal seed=1f game=1
    seats 0:P1 1:P2 2:P3 dealer=2
    table 7H
    0:8S
    1:9H=7H +3C
    2:TC=7C
    …
    1:AS all
    DURAK preset=podkidnoy opts=players:3,mode:suit_deal seed=1f game=1
    seats 0:P1 1:P2 2:P3 dealer=2 first=0
    deal 0:… 1:… 2:…
    trump AS talon=0
    b1 0>1 …

``table C`` is the first face-up card; then one line per turn: ``s:C`` seat s
turned C, which stays on the table; ``s:C=X`` s took C with the table card X
(the choice, when several fit), ``+D`` then turned D onto the table; ``all``
marks the talon's last card, whose player takes it and every table card.  The
ordinary record (:mod:`durak.record`) follows from its ``DURAK`` line, its deal
the dealt hands and its trump card the last card; when the dealing leaves
fewer than two hands holding cards, an ``end durak=s`` line ends the record
instead.  A text record is of a game whose dealing is over (its lines name
every card); the JSON record (``format: durak-suit-deal/1``) holds the turning
order, the choices made (``"seat =CARD"``) and the ordinary JSON record as
``play``, so it replays a game at any point.

Replays rebuild the dealing from the cards and choices, write it again and
compare line by line, then replay the ordinary part and check that its deal,
dealer and first attacker are the dealing's; anything else is a
:class:`~durak.record_check.RecordError`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from cardkit import fields
from durak import record as ordinary
from durak.actions import IllegalActionError
from durak.cards import Card, CardTextError, card_text, cards_text, parse_card, parse_cards
from durak.family.framing import check_result, default_names, head_line, seats_line
from durak.family.modes import SUIT_DEAL
from durak.game import Game
from durak.record_check import (
    MAX_CARDS_CHARS,
    MAX_RECORD_CHARS,
    MAX_RECORD_DEPTH,
    MAX_RULES_CHARS,
    RecordError,
    json_frame,
    json_object,
)
from durak.record_text import rules_header
from durak.record_text_replay import parse_header
from durak.rules import Rules, RulesError
from durak.suit_deal.deal_phase import DECK_SIZE, Step, parse_take
from durak.suit_deal.game import SuitDealGame

FORMAT: Final = "durak-suit-deal/1"
HEAD: Final = "DURAK-SUIT-DEAL"
_KEYS: Final = frozenset(("format", "rules", "seed", "game", "names", "dealer", "order",
                          "choices", "play", "result"))
#: JSON nesting: this record, then the ordinary record inside it (``play``).
MAX_DEPTH: Final = MAX_RECORD_DEPTH + 1


def _need(cond: bool, why: str) -> None:
    if not cond:
        raise RecordError(why)


def names_of(rules: Rules, names: Sequence[str] | None) -> list[str]:
    return list(names) if names is not None else default_names(rules.players)


# ---- writing ---------------------------------------------------------------------


def deal_lines(steps: Sequence[Step], first: Card) -> list[str]:
    """The dealing's lines: ``table C``, then one line per turn."""
    lines = [f"table {card_text(first)}"]
    prev = ""
    for st in steps:
        kind, seat, c = st[0], st[1], st[2]
        if kind == "lay":
            lines.append(f"{seat}:{card_text(c)}")
        elif kind == "take":
            lines.append(f"{seat}:{card_text(c)}={card_text(st[-1])}")
        elif kind == "turn":
            lines[-1] += f" +{card_text(c)}"
        elif prev == "take":  # the last card, turned onto the table after a take
            lines[-1] += f" +{card_text(c)} all"
        else:
            lines.append(f"{seat}:{card_text(c)} all")
        prev = kind
    return lines


def text_record(game: SuitDealGame, names: Sequence[str] | None = None,
                seed: int | None = None, number: int = 1) -> str:
    """The two-part text record of ``game`` (the dealing so far, then the play)."""
    rules, st = game.rules, game.deal
    names = names_of(rules, names)
    lines = [head_line(HEAD, rules_header(rules),
                       None if seed is None else f"{seed:x}", number),
             seats_line(names, f"dealer={st.dealer}")]
    lines += deal_lines(st.steps, st.order[0])
    out = "\n".join(lines) + "\n"
    if game.play is not None:
        out += ordinary.text_record(game.play, names, seed, number)
    elif game.result is not None:
        out += game.result.text() + "\n"
    return out


def json_record(game: SuitDealGame, names: Sequence[str] | None = None,
                seed: int | None = None, number: int = 1) -> dict[str, Any]:
    """The JSON record: the turning order, the choices, the ordinary record."""
    rules, st = game.rules, game.deal
    names = names_of(rules, names)
    return {
        "format": FORMAT,
        "rules": rules.to_text(),
        "seed": seed,
        "game": number,
        "names": names,
        "dealer": st.dealer,
        "order": cards_text(st.order),
        "choices": [f"{s} ={card_text(c)}" for s, c in st.choices],
        "play": None if game.play is None else ordinary.json_record(game.play, names, seed,
                                                                    number),
        "result": None if game.result is None else game.result.text(),
    }


# ---- replaying -------------------------------------------------------------------


def _rules(text: str) -> Rules:
    try:
        rules = Rules.from_text(text)
    except RulesError as e:
        raise RecordError(f"rules: {str(e)[:300]}") from None
    _need(rules.mode == SUIT_DEAL, f"rules: a {HEAD} record is of mode=suit_deal, "
          f"not mode={rules.mode}")
    return rules


def _deal(rules: Rules, order: list[Card], dealer: int,
          choices: Sequence[tuple[int, Card]]) -> SuitDealGame:
    """The dealing of ``order``, each choice made by the seat the record names."""
    try:
        g = SuitDealGame.from_order(rules, order, dealer)
    except ValueError as e:
        raise RecordError(f"order: {e}") from None
    for i, (seat, target) in enumerate(choices):
        _need(g.dealing and bool(g.legal_actions()),
              f"choices[{i}]: the dealing has no choice to make here")
        try:
            g.apply(parse_take(f"={card_text(target)}"), seat)
        except IllegalActionError as e:
            raise RecordError(f"choices[{i}]: {e}") from None
    return g


def _join(g: SuitDealGame, play: Game) -> None:
    """``play`` (replayed from the record's ordinary part) must start where the
    dealing ended; it then replaces the fresh game."""
    mine = g.play
    _need(mine is not None, "the record has a play part, but the dealing left fewer than "
          "two hands holding cards")
    assert mine is not None
    _need(play.rules == mine.rules, "the play part's rules are not the dealing's")
    _need(play.deal == mine.deal and play.dealer == mine.dealer
          and play.first_attacker == mine.first_attacker,
          "the play part's deal, dealer or first attacker is not what the dealing gives")
    g.play = play


def replay_json(record: object) -> SuitDealGame:
    """Rebuild the game of a JSON record (a dict or its text), checking every field."""
    rec = json_object(record, _KEYS, FORMAT, MAX_DEPTH)
    rules = _rules(fields.text(fields.get(rec, "rules", "", RecordError), "rules",
                               MAX_RULES_CHARS, RecordError))
    n = rules.players
    json_frame(rec, n)
    dealer = fields.whole(fields.get(rec, "dealer", "", RecordError), "dealer", 0, n - 1,
                          RecordError)
    order_text = fields.text(fields.get(rec, "order", "", RecordError), "order",
                             MAX_CARDS_CHARS, RecordError)
    try:
        order = parse_cards(order_text)
    except CardTextError as e:
        raise RecordError(f"order: {e}") from None
    _need(cards_text(order) == order_text and len(order) == DECK_SIZE,
          f"order: expected the {DECK_SIZE} cards written as a record writes them")
    raw = fields.listed(fields.get(rec, "choices", "", RecordError), "choices", DECK_SIZE,
                        RecordError)
    choices = []
    for i, item in enumerate(raw):
        text = fields.text(item, f"choices[{i}]", 12, RecordError)
        seat_text, _, take = text.partition(" ")
        _need(seat_text in {str(s) for s in range(n)} and len(take) >= 3
              and take.startswith("="), f"choices[{i}]: expected 'SEAT =CARD', not "
              f"{fields.short(text)}")
        try:
            target = parse_card(take[1:])
        except CardTextError as e:
            raise RecordError(f"choices[{i}]: {e}") from None
        _need(f"={card_text(target)}" == take, f"choices[{i}]: {fields.short(take)} is not "
              "written as a record writes it")
        choices.append((int(seat_text), target))
    g = _deal(rules, order, dealer, choices)
    play = fields.get(rec, "play", "", RecordError)
    if play is not None:
        _need(not g.dealing, "play: the record has a play part before its dealing is over")
        _join(g, ordinary.replay_json(play))
    result = fields.get(rec, "result", "", RecordError)
    if result is not None:
        fields.text(result, "result", 200, RecordError)
    check_result(result, None if g.result is None else g.result.text(), RecordError)
    return g


def replay_text(text: object) -> SuitDealGame:
    """Rebuild the game of a two-part text record (its dealing over), checking every
    line; anything wrong is a :class:`~durak.record_check.RecordError`."""
    text = fields.text(text, "text record", MAX_RECORD_CHARS, RecordError)
    try:
        return _replay_text(text)
    except (CardTextError, IllegalActionError) as e:
        raise RecordError(str(e)[:300]) from None


def _replay_text(text: str) -> SuitDealGame:
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    _need(len(lines) >= 4, f"a {HEAD} record needs its header, seats, table and turn lines")
    head = lines[0].split()
    _need(head[0] == HEAD, f"the record must start with {HEAD!r}")
    rules, seed, number = parse_header(" ".join(["DURAK", *head[1:]]))
    _need(rules.mode == SUIT_DEAL, f"a {HEAD} record is of mode=suit_deal")
    n = rules.players
    seats = lines[1].split()
    named = seats[1:-1]
    _need(seats[0] == "seats" and len(named) == n and all(
        w.partition(":")[0] == str(i) and w.partition(":")[2] for i, w in enumerate(named))
        and seats[-1].startswith("dealer="), f"line 2: expected 'seats 0:NAME … dealer=N' "
          f"with {n} seats")
    dealer_text = seats[-1][7:]
    _need(dealer_text in {str(s) for s in range(n)}, "dealer: expected a seat")
    dealer = int(dealer_text)
    names = [w.partition(":")[2] for w in named]
    _need(lines[2].startswith("table "), "line 3 must be 'table CARD'")
    order = [parse_card(lines[2][6:])]
    targets: dict[Card, Card] = {}
    end = 3
    while end < len(lines) and not lines[end].startswith(("DURAK ", "end ")):
        words = lines[end].split()
        seat, _, body = words[0].partition(":")
        _need(seat.isdigit() and len(words) <= 4, f"line {end + 1}: expected 'SEAT:CARD[=CARD]"
              " [+CARD] [all]'")
        word, _, target = body.partition("=")
        order.append(parse_card(word))
        if target:
            targets[order[-1]] = parse_card(target)
        order += [parse_card(w[1:]) for w in words[1:] if w.startswith("+")]
        end += 1
        _need(len(order) <= DECK_SIZE, "the dealing turns more cards than the deck holds")
    _need(len(order) == DECK_SIZE, f"the dealing names {len(order)} cards, not the deck's "
          f"{DECK_SIZE}: a text record is of a game whose dealing is over")
    try:
        g = SuitDealGame.from_order(rules, order, dealer)
    except ValueError as e:
        raise RecordError(f"the dealing: {e}") from None
    while g.dealing:
        turned = g.deal.turned
        assert turned is not None
        _need(turned in targets, f"the record does not say which card {card_text(turned)} "
              "takes")
        g.apply(parse_take(f"={card_text(targets[turned])}"))
    again = deal_lines(g.deal.steps, g.deal.order[0])
    for i, (mine, theirs) in enumerate(zip(lines[2:end], again, strict=False)):
        _need(mine == theirs, f"line {i + 3} {fields.short(mine)} is not what the replay "
              f"writes ({fields.short(theirs)})")
    _need(end - 2 == len(again), f"the dealing has {end - 2} lines, the replay writes "
          f"{len(again)}")
    rest = lines[end:]
    if g.play is None:
        got = g.result.text() if g.result is not None else ""
        _need(rest == [got], f"after the dealing the record must end with {got!r}")
    else:
        _need(bool(rest) and rest[0].startswith("DURAK "), "the play part must follow the "
              "dealing, from its 'DURAK' line")
        _join(g, ordinary.replay_text("\n".join(rest)))
    written = text_record(g, names, seed, number).strip().splitlines()
    _need(written[1:3 + len(again)] == lines[1:3 + len(again)],
          "the seats line is not what the replay writes")
    return g
