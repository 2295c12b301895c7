"""One game of ``mode=suit_deal``: the dealing phase, then the ordinary game.

>>> import random
>>> from durak.rules import Rules
>>> g = SuitDealGame.new(Rules(players=3, mode="suit_deal"), seed=4)
>>> players = random.Random(4)
>>> while not g.is_over:
...     g.apply(players.choice(g.legal_actions()))
>>> g.result is not None and g.play is not None and not g.play.talon
True

The API is the ordinary game's (:class:`durak.game.Game`): :attr:`to_act`,
:meth:`legal_actions`, :meth:`apply` (specific
:class:`~durak.actions.IllegalActionError` messages), :meth:`view`,
:meth:`clone`, :attr:`result`.  While :attr:`dealing` is set the actions are
the dealing's choices (:class:`~durak.suit_deal.deal_phase.TakeWith`) and a
view is a :class:`~durak.suit_deal.view.DealView`; then :attr:`play` is the
ordinary game, built by :meth:`durak.game.Game.from_deal` from the dealt hands
(no talon, the last card shown and its suit trump), and the actions and views
are its own.
"""

from __future__ import annotations

import random

from durak.actions import Action, IllegalActionError, NotYourTurnError
from durak.deal import Deal, shuffle
from durak.family.modes import SUIT_DEAL
from durak.game import Game
from durak.rules import Rules, RulesError
from durak.state import Result
from durak.suit_deal import deal_phase
from durak.suit_deal.deal_phase import DECK_SIZE, DealState, TakeWith
from durak.suit_deal.view import DealView, deal_view
from durak.view import PlayerView

SuitDealAction = Action | TakeWith


class SuitDealGame:
    """The dealing (:attr:`deal`) and, once it is over, the play (:attr:`play`)."""

    __slots__ = ("deal", "play", "_result")

    deal: DealState
    play: Game | None
    _result: Result | None

    def __init__(self, deal: DealState) -> None:
        self.deal = deal
        self.play = None
        self._result = None
        self._after_deal()

    @classmethod
    def new(cls, rules: Rules, seed: int | random.Random | None = None,
            dealer: int | None = None) -> SuitDealGame:
        """A shuffled deck, dealer at random ("any way", docs/rules/durak.md §2.2) unless given."""
        if rules.mode != SUIT_DEAL:
            raise RulesError(f"SuitDealGame plays mode=suit_deal, not mode={rules.mode}")
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        if dealer is None:
            dealer = rng.randrange(rules.players)
        order = list(range(DECK_SIZE))
        shuffle(rng, order)
        return cls.from_order(rules, order, dealer)

    @classmethod
    def from_order(cls, rules: Rules, order: list[int] | tuple[int, ...],
                   dealer: int) -> SuitDealGame:
        """The game of a fixed turning order (tests, replays)."""
        return cls(deal_phase.start(rules, order, dealer))

    def _after_deal(self) -> None:
        """The dealing is over: the ordinary game from its hands, or the end."""
        st = self.deal
        if not st.done:
            return
        holders = [s for s, h in enumerate(st.hands) if h]
        if len(holders) < 2:  # everything in one hand: no play [I]
            self._result = Result(tuple(holders), False)
            return
        self.play = self.dealt_play()

    def dealt_play(self) -> Game:
        """The play as the dealing leaves it, before any action (a fresh game each call:
        the page's undo replays from it)."""
        st = self.deal
        if not st.done:
            raise IllegalActionError("the dealing is not over")
        return Game.from_deal(st.rules, Deal(tuple(st.hands), (), st.trump_card, True),
                              st.dealer)

    # ---- the API -----------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        return self.deal.rules

    @property
    def dealing(self) -> bool:
        return not self.deal.done

    @property
    def is_over(self) -> bool:
        if self.play is not None:
            return self.play.is_over
        return self._result is not None

    @property
    def result(self) -> Result | None:
        return self.play.result if self.play is not None else self._result

    @property
    def to_act(self) -> int | None:
        if self.play is not None:
            return None if self.play.is_over else self.play.to_act
        return None if self.deal.done else self.deal.to_act

    def legal_actions(self) -> list[SuitDealAction]:
        if self.play is not None:
            return list(self.play.legal_actions())
        return list(deal_phase.legal(self.deal))

    def apply(self, action: SuitDealAction, seat: int | None = None) -> None:
        """Perform ``action`` for :attr:`to_act` (or first check it is ``seat``'s turn)."""
        if self.play is not None:
            if isinstance(action, TakeWith):
                raise IllegalActionError(f"{action.text()} is a dealing choice; the dealing "
                                         f"is over")
            self.play.apply(action, seat)
            return
        if self.deal.done:
            raise IllegalActionError("the game is over")
        if seat is not None and seat != self.deal.to_act:
            raise NotYourTurnError(f"it is seat {self.deal.to_act}'s turn, not seat {seat}'s")
        deal_phase.apply(self.deal, action)
        self._after_deal()

    def apply_unchecked(self, action: SuitDealAction) -> None:
        """A legal action without the checks (playouts): the play's own fast path."""
        if self.play is not None:
            assert not isinstance(action, TakeWith)
            self.play.apply_unchecked(action)
        else:
            deal_phase.apply(self.deal, action)
            self._after_deal()

    def view(self, seat: int) -> DealView | PlayerView:
        """What ``seat`` sees: the dealing, then the ordinary game's view."""
        if self.play is not None:
            return self.play.view(seat)
        return deal_view(self.deal, seat)

    def clone(self) -> SuitDealGame:
        g = SuitDealGame.__new__(SuitDealGame)
        g.deal = self.deal.clone()
        g.play = None if self.play is None else self.play.clone()
        g._result = self._result
        return g

    def __repr__(self) -> str:
        if self.play is not None:
            return f"<SuitDealGame play {self.play!r}>"
        return (f"<SuitDealGame dealing to_act={self.deal.to_act} "
                f"talon={self.deal.talon_count}>")
