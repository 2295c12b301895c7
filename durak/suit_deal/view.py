"""A seat's view of ``mode=suit_deal``'s dealing phase (docs/rules/durak.md §3.6).

Everything in the dealing is face up but the talon's order: the table, the
turned card waiting for a choice, every hand (taken face up) and every step.
So the seats' views differ only in :attr:`DealView.legal_actions`.  Once the
dealing is over the seats see the ordinary game's :class:`durak.view.PlayerView`.

:meth:`DealView.from_dict` reads :meth:`DealView.to_dict`'s data back (the
worker's boundary: hostile, checked, never coerced); :func:`view_after` is the
view as it stood after its first steps, which everybody saw one at a time (the
page shows the forced steps at the computers' pace).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any, Final

from cardkit import fields
from durak.cards import DECK_36, Card, CardTextError, Hand, card_text, hand_text, parse_card
from durak.cards import parse_hand as _parse_hand
from durak.family.modes import SUIT_DEAL
from durak.rules import Rules, RulesError
from durak.suit_deal.deal_phase import DECK_SIZE, DealState, Step, TakeWith, legal, parse_take

#: The bounds of a view's data: a 36-card deck turns at most 35 cards, a step each.
MAX_STEPS: Final = DECK_SIZE
MAX_SEATS: Final = 6
MAX_RULES_CHARS: Final = 400
STEP_KINDS: Final = ("lay", "take", "turn", "last")


class DealViewError(ValueError):
    """A dealing view's data that is not what :meth:`DealView.to_dict` writes."""


@dataclass(frozen=True)
class DealView:
    rules: Rules
    seat: int
    dealer: int
    to_act: int | None
    """The seat whose turn it is (None once the dealing ended the game)."""
    table: tuple[Card, ...]
    """The face-up table cards in the order laid."""
    turned: Card | None
    """The card :attr:`to_act` turned, fitting several table cards (None: no choice)."""
    hands: tuple[Hand, ...]
    talon_count: int
    steps: tuple[Step, ...]
    legal_actions: tuple[TakeWith, ...]

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the page (cards in the record's text form)."""
        return {
            "phase": SUIT_DEAL,
            "rules": self.rules.to_text(),
            "seat": self.seat,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "table": [card_text(c) for c in self.table],
            "turned": None if self.turned is None else card_text(self.turned),
            "hands": [hand_text(h) for h in self.hands],
            "talon_count": self.talon_count,
            "steps": [list(s[:2]) + [card_text(s[2])]
                      + ([hand_text(s[3]) if s[0] == "last" else card_text(s[3])]
                         if len(s) > 3 else []) for s in self.steps],
            "legal_actions": [a.text() for a in self.legal_actions],
        }

    def to_json(self) -> str:
        """The JSON text of :meth:`to_dict` (what a guest at a table with friends is sent)."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @staticmethod
    def from_dict(data: object) -> DealView:
        """The view :meth:`to_dict` wrote; anything else is a :class:`DealViewError`."""
        return _read(fields.mapping(data, "view", DealViewError))


def _card(value: object, field: str) -> Card:
    text = fields.text(value, field, 4, DealViewError)
    try:
        c = parse_card(text)
    except CardTextError as e:
        raise DealViewError(f"{field}: {e}") from None
    if not 0 <= c < DECK_SIZE or card_text(c) != text:
        raise DealViewError(f"{field}: {fields.short(text)} is not a card of the 36-card deck")
    return c


def _hand(value: object, field: str) -> Hand:
    text = fields.text(value, field, 3 * DECK_SIZE, DealViewError)
    try:
        hand = _parse_hand(text)
    except CardTextError as e:
        raise DealViewError(f"{field}: {e}") from None
    if hand & ~DECK_36:
        raise DealViewError(f"{field}: a card outside the 36-card deck")
    return hand


def _step(value: object, field: str, n: int) -> Step:
    raw = fields.listed(value, field, 4, DealViewError)
    if len(raw) < 3:
        raise DealViewError(f"{field}: expected [kind, seat, card(, card)]")
    kind = fields.text(raw[0], f"{field}[0]", 4, DealViewError)
    if kind not in STEP_KINDS:
        raise DealViewError(f"{field}[0]: expected one of {', '.join(STEP_KINDS)}")
    seat = fields.whole(raw[1], f"{field}[1]", 0, n - 1, DealViewError)
    c = _card(raw[2], f"{field}[2]")
    if (len(raw) == 4) != (kind in ("take", "last")):
        raise DealViewError(f"{field}: a {kind} step has {len(raw)} entries")
    if kind == "take":
        return (kind, seat, c, _card(raw[3], f"{field}[3]"))
    if kind == "last":
        return (kind, seat, c, _hand(raw[3], f"{field}[3]"))
    return (kind, seat, c)


def _read(d: dict[str, Any]) -> DealView:
    err = DealViewError
    if d.get("phase") != SUIT_DEAL:
        raise err("phase: expected 'suit_deal'")
    try:
        rules = Rules.from_text(fields.text(fields.get(d, "rules", "", err), "rules",
                                            MAX_RULES_CHARS, err))
    except RulesError as e:
        raise err(f"rules: {str(e)[:200]}") from None
    if rules.mode != SUIT_DEAL:
        raise err(f"rules: mode={rules.mode}, not suit_deal")
    n = rules.players

    def seat(key: str, none_ok: bool = False) -> int | None:
        value = fields.get(d, key, "", err)
        if value is None and none_ok:
            return None
        return fields.whole(value, key, 0, n - 1, err)

    def listed(key: str, limit: int) -> list[Any]:
        return fields.listed(fields.get(d, key, "", err), key, limit, err)

    me = seat("seat")
    dealer = seat("dealer")
    assert me is not None and dealer is not None
    turned_raw = fields.get(d, "turned", "", err)
    hands = tuple(_hand(h, f"hands[{i}]") for i, h in enumerate(listed("hands", MAX_SEATS)))
    if len(hands) != n:
        raise err(f"hands: {len(hands)} hands for {n} players")
    actions = []
    for i, a in enumerate(listed("legal_actions", DECK_SIZE)):
        try:
            actions.append(parse_take(fields.text(a, f"legal_actions[{i}]", 4, err)))
        except CardTextError as e:
            raise err(f"legal_actions[{i}]: {e}") from None
        except ValueError as e:
            raise err(f"legal_actions[{i}]: {str(e)[:200]}") from None
    return DealView(
        rules=rules, seat=me, dealer=dealer, to_act=seat("to_act", none_ok=True),
        table=tuple(_card(c, f"table[{i}]") for i, c in enumerate(listed("table", DECK_SIZE))),
        turned=None if turned_raw is None else _card(turned_raw, "turned"),
        hands=hands,
        talon_count=fields.whole(fields.get(d, "talon_count", "", err), "talon_count", 0,
                                 DECK_SIZE, err),
        steps=tuple(_step(s, f"steps[{i}]", n) for i, s in enumerate(listed("steps",
                                                                          MAX_STEPS))),
        legal_actions=tuple(actions),
    )


def first_card(view: DealView) -> Card:
    """The card the dealing started the table with: of the cards on the table and in
    the hands, the one no step turned (a turned card waiting for a choice is in
    neither)."""
    seen = 0
    for c in view.table:
        seen |= 1 << c
    for h in view.hands:
        seen |= h
    for st in view.steps:
        seen &= ~(1 << st[2])
    if seen.bit_count() != 1:
        raise ValueError("the view's cards do not name one first table card")
    return seen.bit_length() - 1


def view_after(view: DealView, k: int) -> DealView:
    """``view`` as it stood after its first ``k`` steps: the table and hands replayed
    from the first card (no choice pending, nobody's choice to make unless ``k`` is
    every step; the seat of the next step to act).  Every step was seen by all,
    so this shows nothing the view hides.

    >>> from durak.cards import parse_cards
    >>> from durak.suit_deal.deal_phase import start
    >>> order = parse_cards("7H,8H,9C,6S")
    >>> st = start(Rules(players=2, mode="suit_deal"), order + [c for c in range(36)
    ...            if c not in order], dealer=1)
    >>> v = view_after(deal_view(st, 0), 1)  # seat 0 took 7H with 8H
    >>> [card_text(c) for c in v.table], hand_text(v.hands[0]), v.talon_count
    ([], '7H,8H', 34)
    """
    if k >= len(view.steps):
        return view
    table = [first_card(view)]
    hands = [0] * len(view.hands)
    for st in view.steps[:k]:
        kind, seat, c = st[0], st[1], st[2]
        if kind in ("lay", "turn"):
            table.append(c)
        elif kind == "take":
            target = st[-1]
            table.remove(target)
            hands[seat] |= 1 << c | 1 << target
        else:
            for t in table:
                hands[seat] |= 1 << t
            hands[seat] |= 1 << c
            table = []
    turned_later = 0 if view.turned is None else 1
    # The seat of the next step is the one whose turn it is (a take's turned card
    # onto the table is still its turn).
    return replace(view, to_act=view.steps[k][1], table=tuple(table), turned=None,
                   hands=tuple(hands),
                   talon_count=view.talon_count + turned_later + len(view.steps) - k,
                   steps=view.steps[:k], legal_actions=())


def deal_view(st: DealState, seat: int) -> DealView:
    return DealView(
        rules=st.rules, seat=seat, dealer=st.dealer, to_act=None if st.done else st.to_act,
        table=tuple(st.table), turned=st.turned, hands=tuple(st.hands),
        talon_count=st.talon_count, steps=tuple(st.steps),
        legal_actions=tuple(legal(st)) if seat == st.to_act else (),
    )
