"""The dealing phase of ``mode=suit_deal`` (docs/rules/durak.md §3.6).

>>> from durak.cards import parse_cards, card_text
>>> from durak.rules import Rules
>>> order = parse_cards("7H,8H,9C,6S")  # 7H on the table; 8H, 9C, 6S turned in turn
>>> st = start(Rules(players=2, mode="suit_deal"), order + [c for c in range(36)
...            if c not in order], dealer=1)
>>> [(s[0], s[1], card_text(s[2])) for s in st.steps[:3]]  # seat 0 takes 7H with 8H
[('take', 0, '8H'), ('turn', 0, '9C'), ('lay', 1, '6S')]

The state is a record; :func:`legal` lists the seat's choices (only while a
turned card fits several table cards) and :func:`apply` performs one, then
runs the forced steps up to the next choice or the end (:func:`run`).
Steps are kept in :attr:`DealState.steps` for records and the log:

* ``("lay", seat, card)`` — ``seat`` turned ``card``; it fits no table card and
  stays on the table;
* ``("take", seat, card, target)`` — ``seat`` turned ``card`` and took it with
  the table card ``target``;
* ``("turn", seat, card)`` — after a take, ``seat`` turned ``card`` onto the table;
* ``("last", seat, card, taken)`` — ``card`` was the talon's last: ``seat`` takes
  it and the table cards ``taken`` (a mask); its suit is trump.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from durak.actions import IllegalActionError
from durak.cards import RANKS, Card, Hand, card_text, parse_card
from durak.deal import clockwise
from durak.rules import Rules


@dataclass(frozen=True, slots=True)
class TakeWith:
    """Take the turned card with the table card ``target`` (written ``=7H``)."""

    target: Card

    def text(self) -> str:
        return "=" + card_text(self.target)


def parse_take(text: str) -> TakeWith:
    """``=7H`` → :class:`TakeWith`; anything else raises ``ValueError`` saying why."""
    if not text.startswith("="):
        raise ValueError(f"{text!r} is no dealing choice (expected '=CARD', e.g. '=7H')")
    return TakeWith(parse_card(text[1:]))


Step = tuple[str, int, Card] | tuple[str, int, Card, int]


@dataclass(slots=True)
class DealState:
    """The dealing phase: the deck in turning order, the table, the hands."""

    rules: Rules
    dealer: int
    order: tuple[Card, ...]
    """Every card in the order it is turned: ``order[0]`` starts the table."""
    nxt: tuple[int, ...]
    """Each seat's clockwise neighbour."""
    next_card: int = 1
    """Index in :attr:`order` of the talon's top card."""
    table: list[Card] = field(default_factory=list)
    """The face-up table cards in the order laid."""
    hands: list[Hand] = field(default_factory=list)
    to_act: int = 0
    """The seat whose turn it is (the one choosing while :attr:`turned` is set)."""
    turned: Card | None = None
    """A turned card that fits several table cards, waiting for its turner's choice."""
    steps: list[Step] = field(default_factory=list)
    trump_card: Card | None = None
    """The last card, once turned: the dealing is over."""
    choices: list[tuple[int, Card]] = field(default_factory=list)
    """Every choice made, ``(seat, table card taken)``, in order (records)."""

    @property
    def done(self) -> bool:
        return self.trump_card is not None

    @property
    def talon_count(self) -> int:
        return len(self.order) - self.next_card

    def clone(self) -> DealState:
        return DealState(self.rules, self.dealer, self.order, self.nxt, self.next_card,
                         self.table[:], self.hands[:], self.to_act, self.turned,
                         self.steps[:], self.trump_card, self.choices[:])


def fits(table: list[Card], c: Card) -> list[Card]:
    """The table cards ``c`` may take: its suit, a lower rank (in the order laid)."""
    lo = c - c % RANKS
    return [t for t in table if lo <= t < c]


#: The order checks a deal's cards against (one 36-card deck).
DECK_SIZE: Final = 36


def start(rules: Rules, order: list[Card] | tuple[Card, ...], dealer: int) -> DealState:
    """The phase with ``order`` (every card once, ``order[0]`` face up on the table)
    and ``dealer``: the forced steps already run up to the first choice or the end."""
    n = rules.players
    if sorted(order) != list(range(DECK_SIZE)):
        raise ValueError("the turning order must hold every card of the 36-card deck once")
    if not 0 <= dealer < n:
        raise ValueError(f"dealer {dealer} is no seat of {n}")
    nxt = clockwise(n, False, dealer)
    st = DealState(rules, dealer, tuple(order), nxt, table=[order[0]], hands=[0] * n,
                   to_act=nxt[dealer])
    run(st)
    return st


def _turn(st: DealState) -> Card:
    c = st.order[st.next_card]
    st.next_card += 1
    return c


def _last(st: DealState, seat: int, c: Card) -> None:
    """``c`` is the talon's last card: ``seat`` takes it and the whole table."""
    taken = 0
    for t in st.table:
        taken |= 1 << t
    st.hands[seat] |= taken | 1 << c
    st.table = []
    st.steps.append(("last", seat, c, taken))
    st.trump_card = c


def _take(st: DealState, seat: int, c: Card, target: Card) -> None:
    """``seat`` takes ``c`` with ``target``, then turns the next card onto the table."""
    st.table.remove(target)
    st.hands[seat] |= 1 << c | 1 << target
    st.steps.append(("take", seat, c, target))
    nxt = _turn(st)
    if st.next_card == len(st.order):
        _last(st, seat, nxt)
        return
    st.table.append(nxt)
    st.steps.append(("turn", seat, nxt))
    st.to_act = st.nxt[seat]


def run(st: DealState) -> None:
    """The forced steps: turns whose card fits at most one table card, until a
    turned card fits several (:attr:`DealState.turned`) or the talon is gone."""
    while st.trump_card is None and st.turned is None:
        seat = st.to_act
        c = _turn(st)
        if st.next_card == len(st.order):
            _last(st, seat, c)
            return
        targets = fits(st.table, c)
        if len(targets) > 1:
            st.turned = c
            return
        if targets:
            _take(st, seat, c, targets[0])
        else:
            st.table.append(c)
            st.steps.append(("lay", seat, c))
            st.to_act = st.nxt[seat]


def legal(st: DealState) -> list[TakeWith]:
    """The choices of :attr:`DealState.to_act`: which table card the turned card takes."""
    if st.turned is None:
        return []
    return [TakeWith(t) for t in fits(st.table, st.turned)]


def apply(st: DealState, action: object) -> None:
    """Take the turned card with the chosen table card, then run the forced steps;
    :class:`~durak.actions.IllegalActionError` saying why when it is not a choice."""
    c = st.turned
    if c is None:
        raise IllegalActionError("the dealing has no choice to make now")
    if not isinstance(action, TakeWith):
        raise IllegalActionError(f"{action!r} is no dealing choice: seat {st.to_act} "
                                 f"chooses which table card {card_text(c)} takes")
    if action.target not in fits(st.table, c):
        where = "is not on the table" if action.target not in st.table else (
            f"is not of {card_text(c)}'s suit and lower")
        raise IllegalActionError(f"{card_text(action.target)} {where}: {card_text(c)} takes "
                                 + " or ".join(map(card_text, fits(st.table, c))))
    st.turned = None
    st.choices.append((st.to_act, action.target))
    _take(st, st.to_act, c, action.target)
    run(st)
