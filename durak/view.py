"""What one seat may see of a game of Durak: the only thing a UI or a computer reads.

:func:`view_of` builds a :class:`PlayerView`.  It holds the seat's own hand
and, of the other hands, only their sizes and the cards everybody knows are
in them (picked up from the table, shown for a transfer or as the lowest
trump, or the face-up trump card drawn in a refill).  The talon is a count;
the trump card appears only while face up (``trump=invisible`` shows the
suit alone); cards dropped or put away face down (``deal_all``, ``chukchi``)
are a count, and so are the ``magadan`` face-down cards in front of each
player (their owner does not see them either).  A ``dummy`` hand is seen by
the player who plays it: each of the two seats' views carries the other's
hand as :attr:`PlayerView.second_hand`.  The discard pile is shown as the set
of cards that went into it: each was played face up in front of everybody
(the screen shows a count; a computer may remember them).

``inverted`` (docs/rules/durak.md §3.5) turns the hands round: :attr:`PlayerView.hand` is only the
part of the seat's own hand that everybody knows, :attr:`PlayerView.slots` the
own hand by position (a card where it is known, else None), and
:attr:`PlayerView.seen_hands` every other seat's whole hand.

>>> from durak.game import Game
>>> from durak.rules import Rules, RulesError
>>> v = Game.new(Rules(), seed=3).view(0)
>>> v.hand_sizes, v.talon_count
((6, 6), 24)
>>> PlayerView.from_dict(v.to_dict()).to_dict() == v.to_dict()
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Final

from cardkit import fields
from durak.actions import Action, ActionTextError, action_text, parse_action
from durak.cards import (
    CARD_SPACE,
    Card,
    CardTextError,
    Hand,
    card_text,
    hand_text,
    parse_card,
    parse_hand,
)
from durak.phases.dispatch import legal_actions
from durak.rules import Rules, RulesError
from durak.state import ANSWERED, UNCOVERED, GameState, Phase, Result


@dataclass(frozen=True)
class PlayerView:
    """One seat's knowledge of a game (immutable).  Hands are card masks."""

    rules: Rules
    seat: int
    phase: Phase
    to_act: int | None
    dealer: int
    bout: int
    attacker: int
    defender: int
    hand: Hand
    hand_sizes: tuple[int, ...]
    known: tuple[Hand, ...]
    """Cards of each hand everybody knows (the seat's own entry is its public part)."""
    in_game: tuple[bool, ...]
    trump: int | None
    trump_card: Card | None
    """The trump card while it is face up (under the talon, or shown by the 6th player)."""
    talon_count: int
    removed_count: int
    discard: Hand
    table: tuple[tuple[Card, Card | None], ...]
    """(attack card, its cover or None) in play order; answered cards have cover None too."""
    limit: int
    taking: bool
    shown: Hand
    result: Result | None
    legal_actions: tuple[Action, ...]
    cube: int = 1
    """``match=cube15``: the stake; ``cube_owner`` may double next (None: centred)."""
    cube_owner: int | None = None
    own_suits: tuple[int, ...] = ()
    """``trump=own``: each seat's own suit (``trump`` is the defender's)."""
    american: int = 0
    """``american``: 1 while the defender may throw in, 2 while they must cover."""
    table_layers: tuple[int, ...] = ()
    """Who laid each attack card of :attr:`table` (everybody saw it)."""
    sly_covers: Hand = 0
    """``sly``/``brazen``: covers of :attr:`table` laid by the attack card's own player."""
    covered_face_down: Hand = 0
    """``doubt``: attack cards of :attr:`table` covered face down (the cover shows only
    in the defender's view)."""
    doubt_target: Card | None = None
    """``doubt``: the attack card whose face-down cover was laid last (the one a
    challenge turns up)."""
    answered: Hand = 0
    """``transfer_new_only``: the attack cards of :attr:`table` that a transfer answered
    (they need no cover; everybody saw the transfer)."""
    pile_sizes: tuple[int, ...] = ()
    """``magadan``: how many face-down cards lie in front of each seat (unseen by all)."""
    dummy: int | None = None
    """``dummy``: the dummy hand's seat; ``controller`` is the player who plays it."""
    controller: int | None = None
    second_seat: int | None = None
    """The other seat this seat's player also sees: the dummy's for its controller, the
    controller's for the dummy (None without a dummy, and for everyone else)."""
    second_hand: Hand = 0
    slots: tuple[Card | None, ...] = ()
    """``inverted``: the seat's own hand by position — the card where everybody knows
    it (picked up, shown), else None; empty without ``inverted``."""
    seen_hands: tuple[Hand, ...] = ()
    """``inverted``: every hand as this seat sees it — the others' whole hands, its own
    known part; empty without ``inverted``."""

    @property
    def cards_allowed(self) -> int:
        """Attack cards that may still be added this bout (L − attack cards)."""
        return max(0, self.limit - len(self.table))

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready form: cards as text, every key present."""
        return {
            "rules": self.rules.to_text(),
            "seat": self.seat,
            "phase": self.phase.value,
            "to_act": self.to_act,
            "dealer": self.dealer,
            "bout": self.bout,
            "attacker": self.attacker,
            "defender": self.defender,
            "hand": hand_text(self.hand),
            "hand_sizes": list(self.hand_sizes),
            "known": [hand_text(k) for k in self.known],
            "in_game": list(self.in_game),
            "trump": self.trump,
            "trump_card": None if self.trump_card is None else card_text(self.trump_card),
            "talon_count": self.talon_count,
            "removed_count": self.removed_count,
            "discard": hand_text(self.discard),
            "table": [[card_text(a), None if c is None else card_text(c)] for a, c in self.table],
            "limit": self.limit,
            "taking": self.taking,
            "shown": hand_text(self.shown),
            "result": None if self.result is None else {
                "durak": list(self.result.durak), "draw": self.result.draw,
                "shame": self.result.shame, "folded": self.result.folded,
                "stake": self.result.stake, "repetition": self.result.repetition},
            "legal_actions": [action_text(a) for a in self.legal_actions],
            "cube": self.cube,
            "cube_owner": self.cube_owner,
            "own_suits": list(self.own_suits),
            "american": self.american,
            "table_layers": list(self.table_layers),
            "answered": hand_text(self.answered),
            "pile_sizes": list(self.pile_sizes),
            "dummy": self.dummy,
            "controller": self.controller,
            "second_seat": self.second_seat,
            "second_hand": hand_text(self.second_hand),
            "sly_covers": hand_text(self.sly_covers),
            "covered_face_down": hand_text(self.covered_face_down),
            "doubt_target": None if self.doubt_target is None else card_text(self.doubt_target),
            "slots": [None if c is None else card_text(c) for c in self.slots],
            "seen_hands": [hand_text(h) for h in self.seen_hands],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @staticmethod
    def from_dict(d: object) -> PlayerView:
        """The view :meth:`to_dict` wrote, read as hostile data (a guest reads the
        host's, a computer the page's): every key present and no other, each field of
        its exact type (never coerced: ``true`` is no seat, ``"6"`` no count), seats
        within the table, counts within the deck, cards canonical codes of the deck,
        lists bounded.  Anything else is a :class:`ViewError` naming the field."""
        return _read(fields.mapping(d, "view", ViewError))


class ViewError(ValueError):
    """A view's JSON form that is malformed: the message names the field."""


#: The keys :meth:`PlayerView.to_dict` writes, all of them always.
VIEW_KEYS: Final = frozenset((
    "rules", "seat", "phase", "to_act", "dealer", "bout", "attacker", "defender", "hand",
    "hand_sizes", "known", "in_game", "trump", "trump_card", "talon_count", "removed_count",
    "discard", "table", "limit", "taking", "shown", "result", "legal_actions", "cube",
    "cube_owner", "own_suits", "american", "table_layers", "answered", "pile_sizes", "dummy",
    "controller", "second_seat", "second_hand", "sly_covers", "covered_face_down",
    "doubt_target", "slots", "seen_hands"))
_RESULT_KEYS: Final = frozenset(("durak", "draw", "shame", "folded", "stake", "repetition"))
_PHASES: Final = {p.value: p for p in Phase}
#: Longest rules text read; longest card list (72 cards of 3 characters and commas).
MAX_RULES_TEXT: Final = 1000
MAX_CARDS_TEXT: Final = 4 * CARD_SPACE
#: Bounds no game reaches: bouts, the cube's stake, legal actions in one position.
MAX_BOUTS: Final = 100_000
MAX_STAKE: Final = 1 << 20
MAX_ACTIONS: Final = 100_000
MAX_ACTION_TEXT: Final = 4 * CARD_SPACE + 20


def _read(d: dict[str, Any]) -> PlayerView:
    err = ViewError
    extra = [k for k in d if k not in VIEW_KEYS]
    if extra:
        raise ViewError(f"view: unknown keys {', '.join(map(fields.short, extra[:5]))}")
    missing = VIEW_KEYS.difference(d)
    if missing:
        raise ViewError(f"view.{min(missing)}: missing")
    text = fields.text(d["rules"], "rules", MAX_RULES_TEXT, err)
    try:
        rules = Rules.from_text(text)
    except RulesError as e:
        raise ViewError(f"rules: {e}") from e
    if rules.to_text() != text:  # a view writes its rules one way only
        raise ViewError(f"rules: {fields.short(text)} is not the rules' own text")
    n = rules.seats
    deck = rules.deck_mask
    size = deck.bit_count()

    def seat(value: object, field: str) -> int:
        return fields.whole(value, field, 0, n - 1, err)

    def maybe_seat(key: str) -> int | None:
        value = d[key]
        return None if value is None else seat(value, key)

    def count(value: object, field: str) -> int:
        return fields.whole(value, field, 0, size, err)

    def cards(value: object, field: str) -> Hand:
        text = fields.text(value, field, MAX_CARDS_TEXT, err)
        try:
            hand = parse_hand(text)
        except CardTextError as e:
            raise ViewError(f"{field}: {e}") from e
        if hand & ~deck or hand_text(hand) != text:
            raise ViewError(f"{field}: {fields.short(text)} is not cards of this deck "
                            "in card order")
        return hand

    def card(value: object, field: str) -> Card:
        return fields.card(value, field, deck, parse_card, card_text, err)

    def maybe_card(key: str) -> Card | None:
        value = d[key]
        return None if value is None else card(value, key)

    def per_seat(key: str, optional: bool = False) -> list[Any]:
        items = fields.listed(d[key], key, n, err)
        if len(items) != n and not (optional and not items):
            raise ViewError(f"{key}: {len(items)} entries for {n} seats")
        return items

    def action(value: object, field: str) -> Action:
        try:
            return parse_action(fields.text(value, field, MAX_ACTION_TEXT, err))
        except (ActionTextError, CardTextError) as e:
            raise ViewError(f"{field}: {e}") from e

    def table_row(value: object) -> tuple[Card, Card | None]:
        pair = fields.listed(value, "table[]", 2, err)
        if len(pair) != 2:
            raise ViewError("table[]: expected [attack card, cover or null]")
        return card(pair[0], "table[][0]"), None if pair[1] is None else card(
            pair[1], "table[][1]")

    phase = _PHASES.get(fields.text(d["phase"], "phase", 10, err))
    if phase is None:
        raise ViewError(f"phase: {fields.short(d['phase'])} is not a phase")
    trump = d["trump"]
    res = d["result"]
    result = None
    if res is not None:
        res = fields.mapping(res, "result", err)
        if set(res) != _RESULT_KEYS:
            raise ViewError("result: expected the keys " + ", ".join(sorted(_RESULT_KEYS)))
        result = Result(
            tuple(seat(s, "result.durak[]")
                  for s in fields.listed(res["durak"], "result.durak", n, err)),
            fields.flag(res["draw"], "result.draw", err),
            fields.flag(res["shame"], "result.shame", err),
            fields.flag(res["folded"], "result.folded", err),
            fields.whole(res["stake"], "result.stake", 1, MAX_STAKE, err),
            fields.flag(res["repetition"], "result.repetition", err))
    return PlayerView(
        rules=rules,
        seat=seat(d["seat"], "seat"),
        phase=phase,
        to_act=maybe_seat("to_act"),
        dealer=seat(d["dealer"], "dealer"),
        bout=fields.whole(d["bout"], "bout", 0, MAX_BOUTS, err),
        attacker=seat(d["attacker"], "attacker"),
        defender=seat(d["defender"], "defender"),
        hand=cards(d["hand"], "hand"),
        hand_sizes=tuple(count(v, "hand_sizes[]") for v in per_seat("hand_sizes")),
        known=tuple(cards(v, "known[]") for v in per_seat("known")),
        in_game=tuple(fields.flag(v, "in_game[]", err) for v in per_seat("in_game")),
        trump=None if trump is None else fields.whole(trump, "trump", 0, 3, err),
        trump_card=maybe_card("trump_card"),
        talon_count=count(d["talon_count"], "talon_count"),
        removed_count=count(d["removed_count"], "removed_count"),
        discard=cards(d["discard"], "discard"),
        table=tuple(table_row(v) for v in fields.listed(d["table"], "table", size, err)),
        limit=fields.whole(d["limit"], "limit", 0, 2 * size, err),
        taking=fields.flag(d["taking"], "taking", err),
        shown=cards(d["shown"], "shown"),
        result=result,
        legal_actions=tuple(action(v, "legal_actions[]") for v in fields.listed(
            d["legal_actions"], "legal_actions", MAX_ACTIONS, err)),
        cube=fields.whole(d["cube"], "cube", 1, MAX_STAKE, err),
        cube_owner=maybe_seat("cube_owner"),
        own_suits=tuple(fields.whole(v, "own_suits[]", 0, 3, err)
                        for v in per_seat("own_suits", optional=True)),
        american=fields.whole(d["american"], "american", 0, 2, err),
        table_layers=tuple(seat(v, "table_layers[]")
                           for v in fields.listed(d["table_layers"], "table_layers", size, err)),
        answered=cards(d["answered"], "answered"),
        pile_sizes=tuple(count(v, "pile_sizes[]")
                         for v in per_seat("pile_sizes", optional=True)),
        dummy=maybe_seat("dummy"),
        controller=maybe_seat("controller"),
        second_seat=maybe_seat("second_seat"),
        second_hand=cards(d["second_hand"], "second_hand"),
        sly_covers=cards(d["sly_covers"], "sly_covers"),
        covered_face_down=cards(d["covered_face_down"], "covered_face_down"),
        doubt_target=maybe_card("doubt_target"),
        slots=tuple(None if v is None else card(v, "slots[]")
                    for v in fields.listed(d["slots"], "slots", size, err)),
        seen_hands=tuple(cards(v, "seen_hands[]") for v in per_seat("seen_hands", optional=True)),
    )


def view_of(game: GameState, seat: int) -> PlayerView:
    """What ``seat`` sees of ``game`` now."""
    over = game.phase is Phase.OVER
    inverted = game.rules.inverted
    to_act = None if over else game.to_act
    trump_card = game.trump_card
    if trump_card is not None:
        face_up = game.trump_shown and (
            trump_card in game.talon  # under the talon (or on the hidden card)
            or any(k >> trump_card & 1 for k in game.known)  # drawn or kept, known
        )
        if not face_up:
            trump_card = None
    table = tuple(
        (a, None if cv in (UNCOVERED, ANSWERED) else cv)
        for a, cv in zip(game.attacks, game.covers, strict=True)
    )
    answered = 0
    for a, cv in zip(game.attacks, game.covers, strict=True):
        if cv == ANSWERED:
            answered |= 1 << a
    dummy = game.dummy if game.dummy >= 0 else None
    second: int | None = None
    if dummy is not None and seat == game.controller:
        second = dummy
    elif dummy is not None and seat == dummy:
        second = game.controller
    covered_face_down = 0
    doubt_target = None
    if game.face_down:  # doubt: only the defender (and their dummy's player) sees them
        sees = game.defender in (seat, second)
        rows = []
        for a, c in table:
            if c is not None and game.face_down >> c & 1:
                covered_face_down |= 1 << a
                if c == game.last_cover:
                    doubt_target = a
                c = c if sees else None
            rows.append((a, c))
        table = tuple(rows)
    return PlayerView(
        rules=game.rules,
        seat=seat,
        phase=game.phase,
        to_act=to_act,
        dealer=game.dealer,
        bout=game.bout,
        attacker=game.attacker,
        defender=game.defender,
        hand=game.hands[seat] & game.known[seat] if inverted else game.hands[seat],
        hand_sizes=tuple(h.bit_count() for h in game.hands),
        known=tuple(game.known),
        in_game=tuple(game.in_game),
        trump=game.trump,
        trump_card=trump_card,
        talon_count=len(game.talon),
        removed_count=game.removed.bit_count(),
        discard=game.discard,
        table=table,
        limit=game.limit,
        taking=game.taking,
        shown=game.shown,
        result=game.result,
        legal_actions=tuple(legal_actions(game)) if to_act == seat else (),
        cube=game.cube,
        cube_owner=game.cube_owner,
        own_suits=game.deal.own_suits,
        american=game.amer,
        table_layers=tuple(game.layer[a] for a in game.attacks),
        answered=answered,
        pile_sizes=tuple(len(p) for p in game.piles) if game.rules.magadan else (),
        dummy=dummy,
        controller=game.controller if dummy is not None else None,
        second_seat=second,
        second_hand=0 if second is None else game.hands[second],
        sly_covers=game.sly_covers,
        covered_face_down=covered_face_down,
        doubt_target=doubt_target,
        slots=tuple(c if game.known[seat] >> c & 1 else None for c in game.slots[seat])
        if inverted else (),
        seen_hands=tuple(game.known[s] if s == seat else h for s, h in enumerate(game.hands))
        if inverted else (),
    )
