"""Records of a pile game: a text record and a JSON record; both replay exactly.

The text record, one line per pile (from its first card until it is empty, or
until a take)::

    DURAK-PILE mode=kurukuru&players=3 seed=7 game=1
    seats 0:P1 1:P2 2:P3 dealer=2 first=0
    deal 0:6S,9H,… 1:… 2:…
    trump 9D
    0:7S 1:9S 2:!
    2:…
    end durak=1

``s:C`` seat s lays card C on the pile, ``s:!`` seat s takes (the bottom or
the top card, as the mode says).  ``trump C`` names the shown trump card
(kurukuru, chukhonsky, heap, polish); ``trump S`` is chinese's ♠ without a
card, ``trump D`` crusaders' ♦.  crusaders' ``deal`` line holds the face-up
card dealt to each seat and its ``talon`` line the rest: the dealing phase
(:func:`durak.pile.crusaders.crusade`) is replayed from them.  polish deals
no hands (``deal 0: 1: …``); its ``talon`` line holds every card but the
face-up trump card.  ``talon``
lists chinese's talon, next card first.  ``end durak=s``, ``end draw
repetition`` (§6.14).  A line ends exactly after a take or when the pile is
empty (cleared or discarded); the replay checks that, the seats, the first
player and the result.  ``heap`` writes its talon too (next card first; the
trump card is its last).

The JSON record (``format: durak-pile/1``) holds the same: rules text, seed,
game number, names, dealer, hands, talon, trump card and ``[seat, move]``
pairs.  Both readers treat their input as hostile: sizes and nesting are
bounded before parsing (:mod:`cardkit.bounded_json`), every field's type is
checked without coercion (:mod:`cardkit.fields`), and anything malformed or
impossible is a :class:`PileRecordError` naming what was wrong.

>>> from durak.pile.options import PileRules
>>> g = PileGame.new(PileRules(mode="chukhonsky", players=2), seed=3)
>>> while not g.is_over:
...     g.apply(g.legal_actions()[-1])
>>> replay_text(text_record(g)).view(0) == g.view(0)
True
>>> replay_json(to_json(json_record(g))).view(1) == g.view(1)
True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from cardkit import fields
from durak.cards import SUIT_LETTERS, CardTextError, card_text, cards_text, hand_text, parse_cards
from durak.family.framing import (
    check_result,
    default_names,
    head_line,
    json_object,
    json_seed,
    seats_line,
)
from durak.pile.actions import IllegalActionError, PileAction, Take, action_text, parse_action
from durak.pile.game import PileGame
from durak.pile.options import PileRules, PileRulesError
from durak.pile.state import DealError

#: Longest record read, in characters (a move is at most 7: ``5:TD `` plus the line).
MAX_RECORD_CHARS: Final = 1_000_000
#: Most moves read.  Random games of every mix end within a few thousand moves
#: (``tests/durak_modes/test_random_games.py`` prints the longest seen).
MAX_RECORD_MOVES: Final = 100_000
MAX_RECORD_DEPTH: Final = 3
MAX_NAME: Final = 40
FORMAT: Final = "durak-pile/1"


class PileRecordError(ValueError):
    """A pile-game record that is malformed or does not replay to what it says."""


def _names(game: PileGame, names: Sequence[str] | None) -> list[str]:
    n = game.rules.players
    if names is None:
        return default_names(n)
    if len(names) != n:
        raise PileRecordError(f"{len(names)} names for {n} players")
    return ["_".join(str(x).split())[:MAX_NAME] or f"P{i + 1}" for i, x in enumerate(names)]


def _result(game: PileGame) -> str:
    result = game.result
    return "end unfinished" if result is None else result.text()


def text_record(game: PileGame, names: Sequence[str] | None = None,
                seed: int | None = None) -> str:
    """The text record of ``game`` (complete once it is over)."""
    st = game.state
    lines = [head_line("DURAK-PILE", st.rules.to_text(), None if seed is None else str(seed),
                       st.game),
             seats_line(_names(game, names), f"dealer={st.dealer} first={st.first}")]
    lines.append("deal " + " ".join(f"{i}:{hand_text(h)}" for i, h in enumerate(st.dealt_hands)))
    lines.append("trump " + (SUIT_LETTERS[st.trump] if st.trump_card is None
                             else card_text(st.trump_card)))
    if st.dealt_talon:
        lines.append("talon " + cards_text(reversed(st.dealt_talon)))
    replay = game.dealt()
    line: list[str] = []
    for seat, action in st.history:
        replay.apply(action)
        line.append(f"{seat}:{action_text(action)}")
        if not replay.state.pile or isinstance(action, Take):
            lines.append(" ".join(line))
            line = []
    if line:
        lines.append(" ".join(line))
    lines.append(_result(game))
    return "\n".join(lines) + "\n"


def json_record(game: PileGame, names: Sequence[str] | None = None,
                seed: int | None = None) -> dict[str, Any]:
    """The JSON record of ``game`` as a dict (:func:`to_json` writes it)."""
    st = game.state
    return {
        "format": FORMAT,
        "rules": st.rules.to_text(),
        "seed": seed,
        "game": st.game,
        "names": _names(game, names),
        "dealer": st.dealer,
        "hands": [hand_text(h) for h in st.dealt_hands],
        "talon": cards_text(reversed(st.dealt_talon)),
        "trump_card": None if st.trump_card is None else card_text(st.trump_card),
        "moves": [[seat, action_text(a)] for seat, a in st.history],
        "result": _result(game).removeprefix("end "),
    }


def to_json(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


# ---- reading ---------------------------------------------------------------


def _cards(text: str, field: str) -> list[int]:
    try:
        cards = parse_cards(text)
    except CardTextError as e:
        raise PileRecordError(f"{field}: {e}") from None
    if any(c >= 36 for c in cards):
        raise PileRecordError(f"{field}: the pile games use one 36-card deck")
    return cards


def _start(rules_text: str, game_no: int, dealer: int, hands: list[str], talon: str,
           trump: str | None) -> PileGame:
    try:
        rules = PileRules.from_text(rules_text)
    except PileRulesError as e:
        raise PileRecordError(f"rules: {e}") from None
    n = rules.players
    if not 0 <= dealer < n:
        raise PileRecordError(f"dealer {dealer} is not a seat of {n} players")
    if len(hands) != n:
        raise PileRecordError(f"deal: {len(hands)} hands for {n} players")
    masks = []
    for i, h in enumerate(hands):
        m = 0
        for c in _cards(h, f"deal {i}"):
            m |= 1 << c
        masks.append(m)
    trump_card = None if trump is None else _cards(trump, "trump")
    if trump_card is not None and len(trump_card) != 1:
        raise PileRecordError("trump: expected one card")
    try:
        return PileGame.from_deal(rules, dealer, masks, list(reversed(_cards(talon, "talon"))),
                                  None if trump_card is None else trump_card[0], game_no)
    except DealError as e:
        raise PileRecordError(f"deal: {e}") from None


def _move(game: PileGame, seat: int, move: str, where: str) -> None:
    try:
        action: PileAction = parse_action(move)
        game.apply(action, seat)
    except (ValueError, IllegalActionError) as e:
        raise PileRecordError(f"{where}: {e}") from None


def _check_result(game: PileGame, result: str) -> None:
    check_result(result, _result(game).removeprefix("end "), PileRecordError)


def replay_text(text: str) -> PileGame:
    """The game a text record describes, every written fact checked."""
    text = fields.text(text, "text record", MAX_RECORD_CHARS, PileRecordError)
    lines = [x.strip() for x in text.strip().splitlines() if x.strip()]
    if len(lines) < 5:
        raise PileRecordError("a record has at least a header, seats, deal, trump and end line")
    head = lines[0].split()
    if head[0] != "DURAK-PILE" or len(head) < 3:
        raise PileRecordError("the first line must be 'DURAK-PILE <rules> … game=N'")
    game_no = 1
    for token in head[2:]:
        key, _, value = token.partition("=")
        if key == "game":
            game_no = fields.digits(value, "game", 6, PileRecordError)
        elif key == "seed":
            fields.digits(value, "seed", 20, PileRecordError)
        else:
            raise PileRecordError(f"header: unknown field {token[:30]!r}")
    seats = lines[1].split()
    if seats[0] != "seats" or len(seats) < 5:
        raise PileRecordError("the second line must be 'seats 0:NAME … dealer=D first=F'")
    dealer = _field(seats[-2], "dealer")
    first = _field(seats[-1], "first")
    deal = lines[2].split()
    if deal[0] != "deal":
        raise PileRecordError("the third line must be 'deal 0:CARDS 1:CARDS …'")
    hands = []
    for i, token in enumerate(deal[1:]):
        seat, _, cards = token.partition(":")
        if seat != str(i):
            raise PileRecordError(f"deal: expected seat {i}, not {token[:20]!r}")
        hands.append(cards)
    trump = lines[3].split()
    if trump[0] != "trump" or len(trump) != 2:
        raise PileRecordError("the fourth line must be 'trump C' (or the suit: 'trump S' for "
                              "chinese, 'trump D' for crusaders)")
    rest = lines[4:]
    talon = ""
    if rest[0].startswith("talon "):
        talon = rest.pop(0).removeprefix("talon ")
    start = len(lines) - len(rest) + 1  # the first move line's number
    suit_only = len(trump[1]) == 1
    game = _start(head[1], game_no, dealer, hands, talon, None if suit_only else trump[1])
    if suit_only and trump[1] != SUIT_LETTERS[game.state.trump]:
        raise PileRecordError(f"trump: {game.state.rules.mode} has trump "
                              f"{SUIT_LETTERS[game.state.trump]}, not {trump[1][:3]!r}")
    if len(seats) - 3 != game.rules.players:
        raise PileRecordError(f"seats: {len(seats) - 3} names for {game.rules.players} players")
    for i, token in enumerate(seats[1:-2]):
        seat, colon, name = token.partition(":")
        if seat != str(i) or not colon or not 0 < len(name) <= MAX_NAME:
            raise PileRecordError(f"seats: expected {i}:NAME (1-{MAX_NAME} characters), "
                                  f"not {token[:50]!r}")
    if first != game.state.first:
        raise PileRecordError(f"seats: first={first}, but the deal gives {game.state.first}")
    if not rest or not rest[-1].startswith("end "):
        raise PileRecordError("the last line must be 'end durak=S' or 'end draw repetition'")
    moves = 0
    last = start + len(rest) - 2
    for number, line in enumerate(rest[:-1], start=start):
        ended = False
        for token in line.split():
            if ended:
                raise PileRecordError(f"line {number}: the pile is empty or taken before "
                                      f"{token[:20]!r} (a new pile starts a new line)")
            moves += 1
            if moves > MAX_RECORD_MOVES:
                raise PileRecordError(f"more than {MAX_RECORD_MOVES} moves")
            seat, colon, move = token.partition(":")
            if not colon:
                raise PileRecordError(f"line {number}: expected SEAT:MOVE, not {token[:20]!r}")
            _move(game, fields.digits(seat, "seat", 1, PileRecordError), move,
                  f"line {number}, {token[:20]}")
            ended = not game.state.pile or move == "!"
        if not ended and number < last:  # the last may end mid-pile
            raise PileRecordError(f"line {number}: the line ends with the pile neither "
                                  "empty nor taken")
    _check_result(game, rest[-1].removeprefix("end ").strip())
    return game


def _field(token: str, key: str) -> int:
    name, _, value = token.partition("=")
    if name != key:
        raise PileRecordError(f"seats: expected {key}=N, not {token[:30]!r}")
    return fields.digits(value, key, 1, PileRecordError)


def replay_json(record: object) -> PileGame:
    """The game a JSON record (text or parsed) describes, every field checked."""
    err = PileRecordError
    rec = json_object(record, FORMAT, err, max_chars=MAX_RECORD_CHARS, depth=MAX_RECORD_DEPTH)
    rules = fields.text(fields.get(rec, "rules", "", err), "rules", 400, err)
    json_seed(rec, err, 2**64, required=True)
    game_no = fields.whole(fields.get(rec, "game", "", err), "game", 1, 999_999, err)
    names = fields.listed(fields.get(rec, "names", "", err), "names", 6, err)
    for i, x in enumerate(names):
        fields.text(x, f"names[{i}]", MAX_NAME, err)
    dealer = fields.whole(fields.get(rec, "dealer", "", err), "dealer", 0, 5, err)
    hands = [fields.text(h, f"hands[{i}]", 200, err)
             for i, h in enumerate(fields.listed(fields.get(rec, "hands", "", err), "hands", 6,
                                                 err))]
    talon = fields.text(fields.get(rec, "talon", "", err), "talon", 200, err)
    tc = fields.get(rec, "trump_card", "", err)
    trump = None if tc is None else fields.text(tc, "trump_card", 3, err)
    game = _start(rules, game_no, dealer, hands, talon, trump)
    if len(names) != game.rules.players:
        raise PileRecordError(f"names: {len(names)} names for {game.rules.players} players")
    moves = fields.listed(fields.get(rec, "moves", "", err), "moves", MAX_RECORD_MOVES, err)
    for i, m in enumerate(moves):
        pair = fields.listed(m, f"moves[{i}]", 2, err)
        if len(pair) != 2:
            raise PileRecordError(f"moves[{i}]: expected [seat, move]")
        seat = fields.whole(pair[0], f"moves[{i}][0]", 0, 5, err)
        _move(game, seat, fields.text(pair[1], f"moves[{i}][1]", 3, err), f"moves[{i}]")
    _check_result(game, fields.text(fields.get(rec, "result", "", err), "result", 40, err))
    return game


__all__ = ["FORMAT", "MAX_RECORD_CHARS", "MAX_RECORD_MOVES", "PileRecordError", "json_record",
           "replay_json", "replay_text", "text_record", "to_json"]
