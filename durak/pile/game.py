"""One pile game (kurukuru, chukhonsky, chinese, heap, crusaders, polish): the public API.

>>> g = PileGame.new(PileRules(mode="kurukuru", players=3), seed=7)
>>> sum(g.view(s).counts[s] for s in range(3))
36
>>> while not g.is_over:
...     g.apply(g.legal_actions()[0])
>>> g.durak is not None or g.state.repetition
True

:meth:`PileGame.legal_actions` lists the legal moves of :attr:`to_act`,
:meth:`apply` performs one or raises
:class:`~durak.actions.IllegalActionError` saying why, :meth:`view` is a
seat's view, :meth:`clone` an independent copy.  The rules live in the mode
modules (:mod:`durak.pile.dispatch`).
"""

from __future__ import annotations

import random

from durak.cards import Card, Hand
from durak.family.result import Result
from durak.pile import dispatch
from durak.pile.actions import PileAction
from durak.pile.options import PileRules
from durak.pile.state import PileState, copy_state, shuffled_deck
from durak.pile.view import PileView, view_of


class PileGame:
    """A pile game: its state record and the moves over it."""

    __slots__ = ("state",)

    def __init__(self, state: PileState) -> None:
        self.state = state

    @staticmethod
    def new(rules: PileRules, seed: int, dealer: int | None = None, game: int = 1) -> PileGame:
        """A game dealt from ``seed``; game 1's dealer is drawn from it too (§2.2)."""
        rng = random.Random(seed)
        d = rng.randrange(rules.players) if dealer is None else dealer
        if not 0 <= d < rules.players:
            raise ValueError(f"dealer {d} is not a seat of {rules.players} players")
        deck = shuffled_deck(rng)
        return PileGame(dispatch.MODE_RULES[rules.mode].deal(rules, deck, d, game))

    @staticmethod
    def from_deal(rules: PileRules, dealer: int, hands: list[Hand], talon: list[Card],
                  trump_card: Card | None, game: int = 1) -> PileGame:
        """A game from a given deal (records, tests); a deal the mode cannot deal is a
        :class:`~durak.pile.state.DealError`."""
        return PileGame(dispatch.MODE_RULES[rules.mode].start(rules, dealer, game, hands,
                                                              talon, trump_card))

    @property
    def rules(self) -> PileRules:
        return self.state.rules

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def durak(self) -> int | None:
        return self.state.durak

    @property
    def result(self) -> Result | None:
        """How the game ended, as every game of the family says it (``None`` while it
        is played): the durak, or a draw by repetition (§6.14)."""
        st = self.state
        if not st.over:
            return None
        if st.durak is None:
            return Result((), True, repetition=True)
        return Result((st.durak,), False)

    @property
    def to_act(self) -> int:
        return self.state.to_act

    def legal_actions(self) -> list[PileAction]:
        return dispatch.legal_actions(self.state)

    def apply(self, action: PileAction, seat: int | None = None) -> None:
        dispatch.apply(self.state, action, seat)

    def view(self, seat: int) -> PileView:
        return view_of(self.state, seat)

    def dealt(self) -> PileGame:
        """This game as it was dealt, before its first move."""
        st = self.state
        return PileGame.from_deal(st.rules, st.dealer, list(st.dealt_hands),
                                  list(st.dealt_talon), st.trump_card, st.game)

    def clone(self) -> PileGame:
        return PileGame(copy_state(self.state))


__all__ = ["PileGame"]
