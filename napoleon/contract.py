"""After the auction: calling the adjutant, the exchange and the change (RULES.md §2.3-4).

Flow: CALL → EXCHANGE → (CHANGE) → play, or with ``exchange_first=on``
EXCHANGE → CALL → (CHANGE) → play.  The change (``change_after_kitty``) is
offered once Napoleon has both seen the kitty and called.
"""

from __future__ import annotations

from collections.abc import Iterable

from napoleon.actions import Action, Call, Change, Discard, IllegalActionError, is_card_mask
from napoleon.cards import (
    HONORS_MASK,
    JOKER,
    MIGHTY,
    RANK_J,
    SUITS,
    Card,
    Hand,
    Suit,
    cards_of,
    hand_text,
    in_deck,
    is_suit,
)
from napoleon.play import TrickPlay
from napoleon.rules import Rules
from napoleon.state import Phase
from napoleon.tricks import judge_for


def quick_call_cards(rules: Rules, trump: Suit | None) -> tuple[Card, ...]:
    """SdC's NEXT cycle for the call: Mighty → Joker → trump J → back J (000 〔3〕).

    Cards that do not exist in this game (no joker, no trump) are left out.
    """
    out = [MIGHTY]
    if rules.deck >> JOKER & 1:
        out.append(JOKER)
    if trump is not None:
        out.extend((trump * 13 + RANK_J, (trump ^ 3) * 13 + RANK_J))
    return tuple(c for c in out if rules.deck >> c & 1)


class Contract(TrickPlay):
    """The contract's phases between the auction and the first lead."""

    __slots__ = ()

    def _start_contract(self, seat: int, bid: int, trump: Suit | None) -> None:
        self.napoleon = seat
        self.bid = bid
        self.trump = trump
        self.judge = judge_for(self.rules, trump)
        self.to_act = seat
        if self.rules.exchange_first:
            self._start_exchange()
        else:
            self.phase = Phase.CALL

    def _start_exchange(self) -> None:
        assert self.napoleon is not None
        self.hands[self.napoleon] |= self.kitty
        self.phase = Phase.EXCHANGE

    def _apply_call(self, action: Call) -> None:
        if not in_deck(self.rules.deck, action.card):
            raise IllegalActionError(f"card {action.card!r} is not in this game's deck")
        assert self.napoleon is not None
        self.called = action.card
        self.log.append((self.napoleon, action))
        if self.rules.exchange_first:
            self._after_kitty_and_call()
        else:
            self._start_exchange()

    def _apply_discard(self, action: Discard) -> None:
        nap = self.napoleon
        assert nap is not None
        cards = action.cards
        if not is_card_mask(cards):
            raise IllegalActionError(f"a discard is a set of cards, not {cards!r}")
        hand = self.hands[nap]
        if cards & ~hand:
            raise IllegalActionError(f"not in Napoleon's hand: {hand_text(cards & ~hand)}")
        if cards.bit_count() != self.kitty_size:
            raise IllegalActionError(
                f"Napoleon must discard exactly {self.kitty_size} cards, not {cards.bit_count()}"
            )
        self.hands[nap] = hand & ~cards
        self.discards = cards
        if self.rules.discard_honors == "first_trick":
            self.bonus = cards & HONORS_MASK
        self.log.append((nap, action))
        if self.rules.exchange_first:
            self.phase = Phase.CALL
        else:
            self._after_kitty_and_call()

    def _after_kitty_and_call(self) -> None:
        if self.rules.change_after_kitty:
            self.phase = Phase.CHANGE
        else:
            self._start_play()

    def _legal_changes(self) -> list[Action]:
        room = 20 - self.bid
        trumps: list[Suit | None] = list(SUITS)
        if self.rules.no_trump_bid or self.trump is None:
            trumps.append(None)
        out: list[Action] = []
        assert self.called is not None
        for t in trumps:
            for c in cards_of(self.rules.deck):
                if (t != self.trump) + (c != self.called) <= room:
                    out.append(Change(t, c))
        return out

    def _apply_change(self, action: Change) -> None:
        rules = self.rules
        if action.trump is not None and not is_suit(action.trump):
            raise IllegalActionError(f"no suit {action.trump!r}")
        if action.trump is None and self.trump is not None and not rules.no_trump_bid:
            raise IllegalActionError("no-trump may not be chosen (no_trump_bid=off)")
        if not in_deck(rules.deck, action.called):
            raise IllegalActionError(f"card {action.called!r} is not in this game's deck")
        changes = (action.trump != self.trump) + (action.called != self.called)
        if self.bid + changes > 20:
            raise IllegalActionError(
                f"each change raises the bid by 1 and the bid may not pass 20 "
                f"(it is {self.bid}, {changes} change(s) asked)"
            )
        assert self.napoleon is not None
        self.log.append((self.napoleon, action))
        self.bid += changes
        self.changes = changes
        if action.trump != self.trump:
            self.trump = action.trump
            self.judge = judge_for(rules, action.trump)
        self.called = action.called
        self._start_play()


def card_subsets(mask: Hand, k: int) -> Iterable[Hand]:
    """Every sub-mask of ``mask`` with ``k`` cards, in a fixed order."""
    cards = list(cards_of(mask))

    def rec(start: int, k: int, acc: int) -> Iterable[Hand]:
        if k == 0:
            yield acc
            return
        for i in range(start, len(cards) - k + 1):
            yield from rec(i + 1, k - 1, acc | 1 << cards[i])

    yield from rec(0, k, 0)


__all__ = ["Contract", "card_subsets", "quick_call_cards"]
