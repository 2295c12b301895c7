"""A toy game of a kind of its own in the Durak family: Climb (のぼり), on its own engine.

2-4 players get four each of the 24 cards 9..A, shuffled from the seed and dealt one at a
time from the dealer's left; the rest are out of play, unseen.  From the dealer's left each
in turn lays a card of a higher rank than the pile's top (any suit; any card on an empty
pile) or takes the pile, and the taker's left leads.  Out of cards, a player is out; the
last holding cards is the durak.  Every game ends: positions (hands, pile, turn) are finitely
many, and one reached a third time is a draw (``Result((), True, repetition=True)``).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from cardkit import fields
from cardkit.bounded_json import JsonShapeError, loads_bounded
from durak.actions import ActionTextError
from durak.cards import RANKS, SUITS, Card, card_text, cards_of, mask_of, parse_card, rank_of
from durak.family.entry import TALLY, Computers, GameEntry
from durak.family.framing import json_object
from durak.family.own_kind import compact_json, line_record, own_engine, play_out
from durak.family.result import Result
from durak.pile.options import PileRules

MODE: Final = "toy_climb"
KIND: Final = "climb"
DECK: Final = mask_of(s * RANKS + r for s in SUITS for r in range(3, RANKS))  # 9..A
#: The family's levels (the page offers these): easy, and the lowest rank for the others.
HAND, WORLDS, FORMAT, HEAD = 4, 40, "climb-game/1", "CLIMB"
LEVELS: Final = ("easy", "normal", "strong")
MAX_CHARS, MAX_MOVES, MAX_GAME, MAX_SEED = 200_000, 20_000, 10**6, 2**63
VIEW_KEYS: Final = frozenset({"climb", "seat", "rules", "dealer", "to_act", "hand", "counts",
                              "pile", "game", "moves", "durak", "last"})
RECORD_KEYS: Final = frozenset({"format", "rules", "seed", "game", "dealer", "hands", "moves",
                                "end"})

class ClimbDataError(ValueError):
    """A view or record that is none (or holds an illegal move): the message names the field."""

@dataclass(frozen=True)
class Lay:
    card: Card

@dataclass(frozen=True)
class Take:
    """Take the whole pile (the one value: :data:`TAKE`)."""

TAKE: Final = Take()
Action = Lay | Take

def action_text(a: Action) -> str:
    return "take" if isinstance(a, Take) else card_text(a.card)

def parse_action(text: str) -> Action:
    """``take``, or a card of the deck as the records write it (``QS``)."""
    return TAKE if text == "take" else Lay(
        fields.card(text, "action", DECK, parse_card, card_text, ActionTextError))

def legal(hand: int, pile: Sequence[Card]) -> list[Action]:
    """The cards of ``hand`` ranked above the pile's top (in card order), then a take."""
    lays: list[Action] = [Lay(c) for c in cards_of(hand)
                          if not pile or rank_of(c) > rank_of(pile[-1])]
    return [*lays, TAKE] if pile else lays

@dataclass
class ClimbGame:
    """A game (a ``FamilyGame``); ``seen``: how often each position was reached."""

    rules: PileRules
    hands: list[int]  # card bitmasks
    dealer: int
    number: int = 1
    pile: list[Card] = field(default_factory=list)
    to_act: int | None = None
    history: list[tuple[int, Action]] = field(default_factory=list)
    result: Result | None = None
    dealt: tuple[int, ...] = ()  # the hands as dealt
    seen: dict[tuple[object, ...], int] = field(default_factory=dict)

    @classmethod
    def new(cls, rules: PileRules, seed: int, dealer: int | None = None,
            number: int = 1) -> ClimbGame:
        """Game ``number`` dealt from ``seed`` by ``dealer`` (``None``: drawn from the seed)."""
        rng, n = random.Random(seed), rules.players
        d = rng.randrange(n) if dealer is None else dealer
        fields.ensure(rules.mode == MODE and 2 <= n <= 4 and 0 <= d < n,
                      f"{MODE} deals for 2-4: not {rules.to_text()} dealer={d}", ValueError)
        deck = rng.sample(list(cards_of(DECK)), HAND * n)  # the i-th to the (d+1+i)-th seat
        hands = [mask_of(deck[(s - d - 1) % n::n]) for s in range(n)]
        return cls(rules, hands, d, number, [], (d + 1) % n, dealt=tuple(hands))

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self) -> list[Action]:
        return [] if self.to_act is None else legal(self.hands[self.to_act], self.pile)

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Play ``action`` (for ``seat``, if given: the one to act)."""
        s, n = self.to_act, len(self.hands)
        if s is None or seat not in (None, s) or action not in self.legal_actions():
            raise ValueError(f"illegal action {action!r} for seat {s if seat is None else seat}"
                             + (": the game is over" if s is None else f" (seat {s} to act)"))
        self.history.append((s, action))
        if isinstance(action, Lay):
            self.hands[s] &= ~(1 << action.card)
            self.pile.append(action.card)
        else:
            self.hands[s], self.pile = self.hands[s] | mask_of(self.pile), []
        self.to_act = t = next(i for k in range(1, n + 1) if self.hands[i := (s + k) % n])
        key = (tuple(self.hands), tuple(self.pile), t)
        self.seen[key] = self.seen.get(key, 0) + 1
        if sum(map(bool, self.hands)) == 1:  # ``t`` holds the last cards
            self.result, self.to_act = Result((t,), False), None
        elif self.seen[key] == 3:
            self.result, self.to_act = Result((), True, repetition=True), None

    def view(self, seat: int) -> ClimbView:
        r, acts = self.result, self.legal_actions() if seat == self.to_act else []
        return ClimbView(seat, self.to_act, self.dealer, tuple(acts), self.hands[seat],
                         tuple(h.bit_count() for h in self.hands), tuple(self.pile),
                         self.number, len(self.history), self.rules.to_text(),
                         r.durak[0] if r is not None and r.durak else None,
                         next(((s, action_text(a)) for s, a in self.history[-1:]), None))

    def clone(self) -> ClimbGame:
        return replace(self, hands=list(self.hands), pile=list(self.pile),
                       history=list(self.history), seen=dict(self.seen))

def _rules(text: object, err: type[Exception]) -> PileRules:
    text = fields.text(text, "rules", 400, err)
    try:
        rules = PileRules.from_text(text)
    except ValueError as e:
        raise err(f"rules: {e}") from None
    fields.ensure(rules.mode == MODE and 2 <= rules.players <= 4, f"rules: not {MODE} for 2-4", err)
    return rules

def _cards(value: object, where: str, limit: int, err: type[Exception]) -> list[Card]:
    cards = [fields.card(c, where + "[]", DECK, parse_card, card_text, err)
             for c in fields.listed(value, where, limit, err)]
    fields.ensure(len(set(cards)) == len(cards), f"{where}: a card twice", err)
    return cards

@dataclass(frozen=True)
class ClimbView:
    """What ``seat`` sees: its own hand, each seat's count, the pile; no hidden card."""

    seat: int
    to_act: int | None
    dealer: int
    legal_actions: tuple[Action, ...]
    hand: int
    counts: tuple[int, ...]
    pile: tuple[Card, ...]
    game: int
    moves: int
    rules_text: str
    durak: int | None
    last: tuple[int, str] | None  # the last move, seen by all: its seat and text

    def to_dict(self) -> dict[str, Any]:
        return {"climb": 1, "seat": self.seat, "rules": self.rules_text, "dealer": self.dealer,
                "to_act": self.to_act, "hand": [card_text(c) for c in cards_of(self.hand)],
                "counts": list(self.counts), "pile": [card_text(c) for c in self.pile],
                "game": self.game, "moves": self.moves, "durak": self.durak,
                "last": None if self.last is None else list(self.last)}

    def to_json(self) -> str:
        return compact_json(self.to_dict())

    @classmethod
    def from_dict(cls, data: object) -> ClimbView:
        """The view ``data`` is: each field of its type and range, none missing, none more,
        the seat's cards counted (its legal actions follow from its hand and the pile)."""
        err, w = ClimbDataError, fields.whole
        d = fields.exact(data, "view", VIEW_KEYS, err)
        w(d["climb"], "climb", 1, 1, err)
        n = _rules(d["rules"], err).players
        seat, dealer = w(d["seat"], "seat", 0, n - 1, err), w(d["dealer"], "dealer", 0, n - 1, err)
        to_act, durak = (None if d[k] is None else w(d[k], k, 0, n - 1, err)
                         for k in ("to_act", "durak"))
        counts = [w(c, "counts[]", 0, 24, err)
                  for c in fields.listed(d["counts"], "counts", n, err)]
        hand, pile = mask_of(_cards(d["hand"], "hand", 24, err)), _cards(d["pile"], "pile", 6, err)
        fields.ensure(len(counts) == n and sum(counts) + len(pile) == HAND * n
                      and not hand & mask_of(pile) and hand.bit_count() == counts[seat],
                      f"counts: {n} counts of {HAND * n} cards less the pile, the hand's", err)
        last = None
        if d["last"] is not None:  # [seat, move]: a card of the deck, or a take
            got = fields.listed(d["last"], "last", 2, err)
            fields.ensure(len(got) == 2 and got[1] in ("take", *map(card_text, cards_of(DECK))),
                          "last: expected [seat, move]", err)
            last = (w(got[0], "last[0]", 0, n - 1, err), str(got[1]))
        return cls(seat, to_act, dealer, tuple(legal(hand, pile) if seat == to_act else ()),
                   hand, tuple(counts), tuple(pile), w(d["game"], "game", 1, MAX_GAME, err),
                   w(d["moves"], "moves", 0, 10**9, err), d["rules"], durak, last)

def _end(game: ClimbGame) -> str:
    return "unfinished" if game.result is None else game.result.text().removeprefix("end ")

def json_record(game: ClimbGame, names: list[str] | None = None,
                seed: int | None = None) -> dict[str, Any]:
    """The record: rules, seed, game, dealer, the hands as dealt, moves, end (no names)."""
    return {"format": FORMAT, "rules": game.rules.to_text(), "seed": seed, "game": game.number,
            "dealer": game.dealer, "hands": [[card_text(c) for c in cards_of(h)]
                                             for h in game.dealt],
            "moves": [[s, action_text(a)] for s, a in game.history], "end": _end(game)}

def replay_json(obj: object) -> ClimbGame:
    """The game a JSON record (or its text) holds, every move re-checked by the engine."""
    err, w = ClimbDataError, fields.whole
    d = fields.exact(json_object(obj, FORMAT, err, max_chars=MAX_CHARS, depth=3), "record",
                     RECORD_KEYS, err)
    rules = _rules(d["rules"], err)
    n, _ = rules.players, d["seed"] is None or w(d["seed"], "seed", -MAX_SEED, MAX_SEED, err)
    hands = [mask_of(_cards(h, f"hands[{s}]", HAND, err))
             for s, h in enumerate(fields.listed(d["hands"], "hands", n, err))]
    fields.ensure(len(hands) == n and mask_of(c for h in hands for c in cards_of(h)).bit_count()
                  == HAND * n, f"hands: expected {n} hands of {HAND} cards, no card twice", err)
    dealer = w(d["dealer"], "dealer", 0, n - 1, err)
    g = ClimbGame(rules, list(hands), dealer, w(d["game"], "game", 1, MAX_GAME, err), [],
                  (dealer + 1) % n, dealt=tuple(hands))
    for k, m in enumerate(fields.listed(d["moves"], "moves", MAX_MOVES, err)):
        m = fields.listed(m, f"moves[{k}]", 2, err)
        fields.ensure(len(m) == 2, f"moves[{k}]: expected [seat, action]", err)
        seat, text = w(m[0], f"moves[{k}]", 0, n - 1, err), fields.text(m[1], f"moves[{k}]", 5, err)
        try:
            g.apply(parse_action(text), seat)
        except ValueError as e:
            raise err(f"moves[{k}]: {e}") from None
    end = _end(g)
    fields.ensure(d["end"] == end, f"end: the moves end {end!r}, not {fields.short(d['end'])}", err)
    return g

def choose(legal_: Sequence[Action], level: str) -> Action:
    """easy: the first card in card order; the others: the lowest rank; a take only when
    forced."""
    lays = sorted((a for a in legal_ if isinstance(a, Lay)),
                  key=lambda a: (0 if level == "easy" else rank_of(a.card), a.card))
    return lays[0] if lays else TAKE

def _acting(view_json: str) -> ClimbView:
    try:
        view = ClimbView.from_dict(loads_bounded(view_json, max_chars=20_000, max_depth=3))
    except JsonShapeError as e:
        raise ClimbDataError(f"view: {e}") from None
    fields.ensure(view.to_act == view.seat and view.legal_actions,
                  "to_act: the view's seat is not the one to act", ClimbDataError)
    return view

def decide_json(view_json: str, level: str, seed: int) -> str:
    """The computer's move, ``{"action": text}`` (``seed`` unused: the levels draw nothing)."""
    fields.ensure(level in LEVELS, f"level: not one of {LEVELS}: {fields.short(level)}", ValueError)
    return json.dumps({"action": action_text(choose(_acting(view_json).legal_actions, level))})

def hint_json(view_json: str, seed: int) -> str:
    """Each legal move's chance not to be the durak (a draw: half) in :data:`WORLDS` worlds
    (the unseen cards dealt at random) played out by the strong level, as the pile hint."""
    view, rng = _acting(view_json), random.Random(seed)
    rules, totals = PileRules.from_text(view.rules_text), [0.0] * len(view.legal_actions)
    for _ in range(WORLDS):
        unseen = list(cards_of(DECK & ~view.hand & ~mask_of(view.pile)))
        rng.shuffle(unseen)
        hands = [view.hand if s == view.seat else mask_of(unseen[sum(view.counts[:s]):][:k])
                 for s, k in enumerate(view.counts)]
        for j, a in enumerate(view.legal_actions):
            g = ClimbGame(rules, list(hands), view.dealer, 1, list(view.pile), view.seat)
            g.apply(a)
            r = play_out(g, lambda g: choose(g.legal_actions(), "strong")).result
            totals[j] += 0.5 if r is None or r.draw else float(view.seat not in r.durak)
    ranked = sorted(((action_text(a), round(t / WORLDS, 3))
                     for a, t in zip(view.legal_actions, totals, strict=True)), key=lambda r: -r[1])
    return json.dumps({"action": ranked[0][0], "reason": {"kind": "best", "args": {}},
                       "figure": ranked[0][1], "worlds": WORLDS, "ranked": ranked})

def seen_line(view: ClimbView) -> str:
    return (f"move {view.moves}: {'-' if view.to_act is None else view.to_act + 1} to act, "
            f"pile [{' '.join(map(card_text, view.pile))}] hand "
            f"[{','.join(map(card_text, cards_of(view.hand)))}]")

ENGINE: Final = own_engine(
    ClimbGame, ClimbView, parse_action, action_text, tag="climb", seen_line=seen_line,
    start=lambda g: ClimbGame(g.rules, list(g.dealt), g.dealer, g.number, [],
                              (g.dealer + 1) % len(g.dealt), dealt=g.dealt))
RECORD: Final = line_record(HEAD, FORMAT, json_record, replay_json, ClimbDataError)
ENTRY: Final = GameEntry(
    MODE, "のぼり", "Climb", KIND, (), (), (2, 3, 4), "PileRules", lambda: ENGINE,
    lambda: RECORD, lambda: Computers(LEVELS, decide_json, hint_json), TALLY,
    how_to=("のぼり: 9からAの24枚を4枚ずつ配る。順に、場の一番上の札より高い位の札を出すか"
            "場札を全部引き取る。\n札がなくなれば上がり、最後に札が残った人がドゥラク。",
            "Climb: four cards each of the 24 from 9 to ace. In turn lay a card of a higher "
            "rank than the pile's top (any suit) or take the pile.\nOut of cards, you are "
            "out; the last holding cards is the durak."),
    take=("場札を全部引き取る", "Take the whole pile"))
