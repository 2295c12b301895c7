"""The ordinary game's clicks: what a click or a key on the table makes of the acting
seat's legal actions, on every page that draws the ordinary table (a mixin of each
controller: :class:`~durak.ui_dom.play.controller.Controller`, which plays the
action, and the one of a seat at a table with friends, which sends it to the host).

**Clicks.**  A hand card with exactly one use (one attack, one throw-in, one
cover target, one transfer) is played at once.  A card with several uses (it
covers either of two attack cards, or it may cover or transfer), with none on
its own (a pair of an attack set), or that may also go in a set of two or more
(``attack_set`` pairs, a ``poker`` swap) is *selected* instead; the table then offers
what the selection allows: the attack cards it may cover become buttons, and
Attack / Transfer / Show trump / Swap act on the selected cards.  Clicking a
selected card again takes it back.  Keys reach the same buttons (Tab, arrows,
Enter/Space), so the keyboard plays exactly as the mouse.

**Inverted** (``inverted``, docs/rules/durak.md §3.5): the human's own cards are backs chosen by
position (``data-act="slot"``, ``data-arg`` the position).  A position that
opens or throws in is played at once; a position that may cover is played at
once when one attack card is uncovered, else it is selected (:attr:`slot`) and
the attack cards become buttons, as with a face-up card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from durak.actions import (
    Accept,
    Action,
    Attack,
    Baltic,
    Challenge,
    Cover,
    CoverSlot,
    Double,
    Fold,
    FromTalon,
    Pass,
    PlaySlot,
    PokerSwap,
    SwapSix,
    Take,
    Throw,
    Transfer,
    TryTalon,
)
from durak.cards import CARD_SPACE, Card
from durak.ui_dom.play.family_controller import clicked_card

if TYPE_CHECKING:
    from durak.view import PlayerView


def card_uses(legal: tuple[Action, ...], c: Card) -> list[Action]:
    """The legal actions that play the card ``c`` alone.

    >>> from durak.actions import cover, throw, TAKE
    >>> card_uses((TAKE, cover(3, 1), cover(3, 2), throw(5)), 3)
    [Cover(parse_card('9S'), parse_card('7S')), Cover(parse_card('9S'), parse_card('8S'))]
    """
    bit = 1 << c
    out: list[Action] = []
    for a in legal:
        if (
            (isinstance(a, Attack | Transfer) and a.cards == bit)
            or (isinstance(a, Throw | Cover) and a.card == c)
        ):
            out.append(a)
    return out


def in_any_action(legal: tuple[Action, ...], c: Card) -> bool:
    """Whether ``c`` takes part in some legal action (alone or in a set): playable."""
    bit = 1 << c
    for a in legal:
        if isinstance(a, Attack | Transfer | PokerSwap) and a.cards & bit:
            return True
        if isinstance(a, Throw | Cover) and a.card == c:
            return True
        if isinstance(a, Baltic) and (a.card == c or a.extra & bit):
            return True
    return False


def set_of(a: Action) -> int:
    """The cards a set action lays (0 for actions of one card or none)."""
    if isinstance(a, Attack | Transfer | PokerSwap):
        return a.cards
    if isinstance(a, Baltic):
        return 1 << a.card | a.extra
    return 0


#: Buttons that act on the whole game (no card): ``data-act`` → the action's type.
PLAIN_ACTS: dict[str, type] = {
    "take": Take,
    "pass": Pass,
    "swap-six": SwapSix,
    "talon": FromTalon,
    "double": Double,
    "accept": Accept,
    "fold": Fold,
    "challenge": Challenge,
}


class Clicks:
    """The clicks of the ordinary game's table over the acting view's legal actions;
    the controller says whose view that is, whether its human is to act, and what
    applying an action does (plays it, or sends it to the host)."""

    #: The selected hand cards (a mask), see the module's docstring.
    sel: int
    #: ``inverted``: the selected hand position (-1: none).
    slot: int

    if TYPE_CHECKING:  # the controller's

        def acting_view(self) -> PlayerView: ...

        def human_to_act(self) -> bool: ...

        def apply(self, action: Action) -> None: ...

        def screen_clicked(self, act: str) -> bool: ...

        def undo_clicked(self, act: str) -> bool: ...

        def next_game(self) -> bool: ...

    def legal(self) -> tuple[Action, ...]:
        return self.acting_view().legal_actions if self.human_to_act() else ()


    def cover_targets(self) -> list[Card]:
        """The attack cards the selection may cover: one card, or (``baltic``) a
        cover with the extra cards of its rank, or (``inverted``) a position."""
        if self.slot >= 0:
            return [a.target for a in self.legal()
                    if isinstance(a, CoverSlot) and a.slot == self.slot]
        if self.sel.bit_count() == 1:
            c = self.sel.bit_length() - 1
            return [a.target for a in self.legal() if isinstance(a, Cover) and a.card == c]
        out: list[Card] = []
        for a in self.legal():
            if isinstance(a, Baltic) and set_of(a) == self.sel and a.target not in out:
                out.append(a.target)
        return out

    def selection_action(self, act: str) -> Action | None:
        """The legal action the selection makes with button ``act``, if any."""
        for a in self.legal():
            if act == "attack" and isinstance(a, Attack) and a.cards == self.sel:
                return a
            if act in ("transfer", "show") and isinstance(a, Transfer) and a.cards == self.sel \
                    and a.shown == (act == "show"):
                return a
            if act == "poker" and isinstance(a, PokerSwap) and a.cards == self.sel:
                return a
        return None

    def plain_action(self, act: str) -> Action | None:
        kind = PLAIN_ACTS.get(act)
        return next((a for a in self.legal() if kind is not None and type(a) is kind), None)

    def try_targets(self) -> list[Card]:
        """``second_chance``: the attack cards the talon's top card may be tried on."""
        return [a.target for a in self.legal() if isinstance(a, TryTalon)]


    def act(self, act: str, arg: str | None) -> bool:
        if self.screen_clicked(act):
            # Behind the privacy screen only its button acts: it hands the device over.
            self.sel, self.slot = 0, -1
            return False
        if self.undo_clicked(act):
            return False
        if act == "next-game":
            return self.next_game()
        if not self.human_to_act():
            return False
        if act == "card":
            return self._card(arg)
        if act == "slot":
            return self._slot(arg)
        if act == "cover":
            return self._cover(arg)
        if act == "try":
            target = clicked_card(arg, CARD_SPACE)
            return target is not None and self._try(TryTalon(target))
        if act == "clear":
            self.sel = 0
            self.slot = -1
            return False
        if act in ("attack", "transfer", "show", "poker"):
            action = self.selection_action(act)
            return action is not None and self._try(action)
        action = self.plain_action(act)
        return action is not None and self._try(action)

    def _try(self, action: Action) -> bool:
        if action not in self.legal():
            return False
        self.sel = 0
        self.slot = -1
        self.apply(action)
        return True

    def _slot(self, arg: str | None) -> bool:
        """``inverted``: a click on the hand's position ``arg``."""
        if not arg or not arg.isdigit():
            return False
        i = int(arg)
        legal = self.legal()
        if PlaySlot(i) in legal:
            return self._try(PlaySlot(i))
        covers = [a for a in legal if isinstance(a, CoverSlot) and a.slot == i]
        if not covers:
            return False
        if self.slot == i:
            self.slot = -1  # a second click takes the selection back
            return False
        if len(covers) == 1:
            return self._try(covers[0])
        self.slot = i
        return False

    def _card(self, arg: str | None) -> bool:
        c = clicked_card(arg, CARD_SPACE)
        legal = self.legal()
        if c is None or not (self.acting_view().hand >> c) & 1 or not in_any_action(legal, c):
            return False
        bit = 1 << c
        if self.sel & bit:
            self.sel ^= bit
            return False
        uses = card_uses(legal, c)
        # One use alone plays at once, unless the card may also go in a set of 2+
        # (a pair of same-rank attacks, a poker swap): then it is selected, or the
        # set could never be made by clicks.
        at_once = len(uses) == 1 and not any(
            set_of(a) & bit and set_of(a) != bit for a in legal)
        if not self.sel and at_once:
            return self._try(uses[0])
        if self.sel and not self._grows(self.sel | bit):
            self.sel = 0  # a card that cannot join the selection starts a new one
            if at_once:
                return self._try(uses[0])
        self.sel |= bit
        return False

    def _grows(self, mask: int) -> bool:
        """Whether some legal set action contains all of ``mask``."""
        return any(set_of(a) & mask == mask for a in self.legal())

    def _cover(self, arg: str | None) -> bool:
        target = clicked_card(arg, CARD_SPACE)
        if target is not None and self.slot >= 0:
            return self._try(CoverSlot(self.slot, target))
        if target is None or not self.sel:
            return False
        if self.sel.bit_count() == 1:
            return self._try(Cover(self.sel.bit_length() - 1, target))
        baltic = next((a for a in self.legal() if isinstance(a, Baltic)
                       and set_of(a) == self.sel and a.target == target), None)
        return baltic is not None and self._try(baltic)

