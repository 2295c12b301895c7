"""Napoleon's clicks: what a click on the table makes of the view's legal actions,
on every page that draws the table (a mixin of each controller:
:class:`~napoleon.ui_dom.controller.Controller`, which plays the action chosen, and
the one of a seat at a table with friends, which sends it to the table's host).

The controls hold a :class:`Selection` (the bid slot, the call card, the cards put
out, a led joker); a click moves it within the view's ``legal_actions`` or makes the
action it names, and :meth:`Clicks.sync` keeps it valid as the view changes.  No rule
is decided here: every action made is one of the view's legal actions, or a discard
the engine checks (it raises :class:`~napoleon.actions.IllegalActionError`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from napoleon.actions import Action, Bid, Call, Change, Discard, IllegalActionError, Pass, Play
from napoleon.cards import MIGHTY, RANK_A, Card, Suit, rank_of
from napoleon.game import Phase
from napoleon.ui_dom import controls

if TYPE_CHECKING:  # a lone player's page imports nothing of the table with friends
    from napoleon.view import PlayerView


@dataclass
class Selection:
    """The human's controls: the bid slot, the call card, put-out cards, a led joker."""

    bid_suit: Suit | None = 0
    bid_number: int = 0
    call_card: Card = MIGHTY
    call_rank: int = RANK_A
    change_trump: Suit | None = None
    change_ready: bool = False
    discards: list[Card] = field(default_factory=list)
    joker: Card | None = None
    joker_suit: Suit | None = None

    def kept(self) -> Selection:
        """The selection after a decision: the bid suit and the call card stay."""
        return Selection(bid_suit=self.bid_suit, call_card=self.call_card,
                         call_rank=self.call_rank)


def discard_need(v: PlayerView) -> int:
    """How many cards the exchange's discard holds."""
    return v.discard_count or v.rules.kitty_size


class Clicks:
    """The table's controls over the drawn view's legal actions; the controller says
    whose view that is, whether its person is to decide, and what making an action
    does (:meth:`apply`)."""

    sel: Selection
    #: Whether the last trick is shown beside the one in play (「前の巡」).
    show_last: bool

    if TYPE_CHECKING:  # the controller's

        def view(self) -> PlayerView: ...

        def human_to_act(self) -> bool: ...

        def apply(self, action: Action) -> None: ...

    @property
    def me(self) -> int:
        """The seat the table is drawn from (at the bottom, named "You")."""
        return self.view().seat

    def controls_token(self) -> str:
        """``#table[data-sel]``: the controls' selection (tests wait for it)."""
        sel = self.sel
        return (
            f"{sel.bid_suit}:{sel.bid_number}:{sel.call_card}:{sel.change_trump}:"
            f"{'.'.join(map(str, sel.discards))}:{sel.joker}:{sel.joker_suit}:{int(self.show_last)}"
        )

    def slipped(self, kind: str, cards: int) -> None:
        """The decision just made is one easy to make by accident: a card of one's own
        hand called (``"alone"``, the card).  Nothing by default."""

    # ---- the selection follows the view --------------------------------------

    def sync(self) -> None:
        """Keep the controls' selection valid for the current legal actions."""
        if not self.human_to_act():
            return
        v = self.view()
        sel = self.sel
        if v.phase is Phase.BID:
            opts = controls.bid_options(v.legal_actions)
            suits = controls.bid_suits(opts, v.rules.no_trump_bid)
            if sel.bid_suit not in suits:
                sel.bid_suit = suits[0]
            numbers = opts.get(sel.bid_suit, [])
            if not sel.bid_number and numbers:
                sel.bid_number = numbers[0]
            sel.bid_number = controls.fit_number(numbers, sel.bid_number)
        elif v.phase is Phase.CHANGE and not sel.change_ready:
            sel.change_trump = v.trump
            sel.call_card = v.called if v.called is not None else MIGHTY
            sel.change_ready = True

    # ---- the clicks ----------------------------------------------------------

    def act(self, act: str, arg: str | None) -> bool | None:
        handler = self._handlers().get(act)
        return None if handler is None else handler(arg)

    def _handlers(self) -> dict[str, Callable[[str | None], bool]]:
        return {
            "bid-suit": self._bid_suit,
            "bid-up": lambda _: self._bid_step(+1),
            "bid-down": lambda _: self._bid_step(-1),
            "raise": self._raise,
            "drop": self._drop,
            "call-next": self._call_next,
            "call-up": lambda _: self._call_step(+1),
            "call-down": lambda _: self._call_step(-1),
            "call-suit": self._call_suit,
            "call": self._call,
            "change-suit": self._change_suit,
            "change": self._change,
            "put-out": self._put_out,
            "discard": self._discard,
            "take-back": self._take_back,
            "discard-cancel": self._discard_cancel,
            "play": self._play,
            "name-suit": self._name_suit,
            "joker-call": self._joker_call,
            "joker-cancel": self._joker_cancel,
            "last-trick": self._toggle_last,
        }

    def _legal(self) -> tuple[Action, ...]:
        return self.view().legal_actions if self.human_to_act() else ()

    def _try(self, action: Action) -> bool:
        if action not in self._legal():
            return False
        self.apply(action)
        self.sel = self.sel.kept()
        return True

    def _bid_suit(self, _: str | None) -> bool:
        v = self.view()
        suits = controls.bid_suits(controls.bid_options(v.legal_actions), v.rules.no_trump_bid)
        if suits:
            i = suits.index(self.sel.bid_suit) if self.sel.bid_suit in suits else -1
            self.sel.bid_suit = suits[(i + 1) % len(suits)]
        return False

    def _bid_step(self, delta: int) -> bool:
        numbers = controls.bid_options(self._legal()).get(self.sel.bid_suit, [])
        self.sel.bid_number = controls.step_number(numbers, self.sel.bid_number, delta)
        return False

    def _raise(self, _: str | None) -> bool:
        return self._try(Bid(self.sel.bid_number, self.sel.bid_suit))

    def _drop(self, _: str | None) -> bool:
        return self._try(Pass())

    def _call_next(self, _: str | None) -> bool:
        v = self.view()
        trump = self.sel.change_trump if v.phase is Phase.CHANGE else v.trump
        picks = controls.quick_picks(trump, v.rules.jokers)
        self.sel.call_card = controls.next_pick(self.sel.call_card, picks)
        return False

    def _call_step(self, delta: int) -> bool:
        self.sel.call_card = controls.step_rank(self.sel.call_card, delta)
        if self.sel.call_card < 52:
            self.sel.call_rank = rank_of(self.sel.call_card)
        return False

    def _call_suit(self, _: str | None) -> bool:
        jokers = self.view().rules.jokers
        (self.sel.call_card,) = controls.suit_cycle_of(
            self.sel.call_card, jokers, self.sel.call_rank
        )
        return False

    def _call(self, _: str | None) -> bool:
        card = self.sel.call_card
        if not self._try(Call(card)):
            return False
        self._alone_if_own(card)
        return True

    def _alone_if_own(self, card: Card) -> None:
        """Calling a card of one's own hand plays alone (docs/rules/napoleon.md §2.3):
        legal, but one 「次の札」 too many while cycling does it by accident."""
        if (self.view().hand >> card) & 1:
            self.slipped("alone", card)

    def _change_suit(self, _: str | None) -> bool:
        v = self.view()
        choices = [a.trump for a in v.legal_actions if isinstance(a, Change)]
        order = [s for s in controls.SUIT_ORDER if s in choices]
        if order:
            i = order.index(self.sel.change_trump) if self.sel.change_trump in order else -1
            self.sel.change_trump = order[(i + 1) % len(order)]
        return False

    def _change(self, _: str | None) -> bool:
        v = self.view()
        card = self.sel.call_card
        if not self._try(Change(self.sel.change_trump, card)):
            return False
        if card != v.called:
            self._alone_if_own(card)
        return True

    def _card_arg(self, arg: str | None) -> Card | None:
        return int(arg) if arg is not None and arg.isdigit() else None

    def _put_out(self, arg: str | None) -> bool:
        c = self._card_arg(arg)
        v = self.view()
        if c is None or v.phase is not Phase.EXCHANGE or not (v.hand >> c) & 1:
            return False
        if c not in self.sel.discards and len(self.sel.discards) < discard_need(v):
            self.sel.discards.append(c)
        return False

    def _discard(self, _: str | None) -> bool:
        """【捨てる】: the cards put out are discarded, once there are as many as the
        exchange asks (the last card put out is never discarded by its own tap: the
        player sees the whole discard, and may take any card of it back, first).  The
        view lists no discards (any ``discard_count`` cards of the hand are legal): the
        engine checks this one and says no by raising."""
        v = self.view()
        if (not self.human_to_act() or v.phase is not Phase.EXCHANGE
                or len(self.sel.discards) != discard_need(v)):
            return False
        try:
            self.apply(Discard(self.sel.discards))
        except IllegalActionError:
            return False
        self.sel = Selection(bid_suit=self.sel.bid_suit, call_card=self.sel.call_card)
        return True

    def _take_back(self, arg: str | None) -> bool:
        c = self._card_arg(arg)
        if c in self.sel.discards:
            self.sel.discards.remove(c)
        return False

    def _discard_cancel(self, _: str | None) -> bool:
        self.sel.discards.clear()
        return False

    def _play(self, arg: str | None) -> bool:
        c = self._card_arg(arg)
        if c is None:
            return False
        names = controls.joker_names(self._legal(), c)
        if len(names) > 1:
            self.sel.joker, self.sel.joker_suit = c, names[0]
            return False
        return self._try(Play(c, names[0] if names else None))

    def _name_suit(self, arg: str | None) -> bool:
        if self.sel.joker is not None and arg is not None and arg.isdigit():
            self.sel.joker_suit = int(arg)
        return False

    def _joker_call(self, _: str | None) -> bool:
        if self.sel.joker is None:
            return False
        return self._try(Play(self.sel.joker, self.sel.joker_suit))

    def _joker_cancel(self, _: str | None) -> bool:
        self.sel.joker = None
        return False

    def _toggle_last(self, _: str | None) -> bool:
        self.show_last = not self.show_last and bool(self.view().tricks)
        return False
