"""The play phase (RULES.md §2.5, §3): legal cards, playing them, tricks, the end.

Interpretations made here (tested in ``tests/engine/test_interpretations.py``):
the adjutant is fixed when play starts; the joker call with two jokers;
``role_cards_free``; ``opening_lead_trump=forbid`` and a led joker;
``joker_holds`` with face-up discards and with two jokers (see
:mod:`napoleon.game`).
"""

from __future__ import annotations

from typing import Final

from napoleon.actions import IllegalActionError, Play
from napoleon.cards import (
    HONORS_MASK,
    JOKER,
    JOKER_CALL_CARD,
    JOKERS_MASK,
    SUIT_MASKS,
    SUITS,
    Card,
    Hand,
    Suit,
    card_text,
    in_deck,
    is_suit,
)
from napoleon.scoring import outcome_of, points_for
from napoleon.state import GameResult, GameState, Phase, Trick

_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")


class TrickPlay(GameState):
    """Playing the tricks: the fast path for search lives here."""

    __slots__ = ()

    def _start_play(self) -> None:
        nap = self.napoleon
        assert nap is not None
        called = self.called
        assert called is not None
        self.adjutant = None
        for seat in range(self.n):
            if seat != nap and self.hands[seat] >> called & 1:
                self.adjutant = seat
        self.phase = Phase.PLAY
        self.leader = nap
        self.to_act = nap
        self.trick_index = 0

    def joker_names(self) -> tuple[Suit | None, ...]:
        """Suits the player to lead may name with a joker (``(None,)`` on the last trick)."""
        if self.trick_index == self.hand_size - 1:
            return (None,)
        trump = self.trump
        names: tuple[Suit | None, ...] = (
            (trump,) if self.rules.joker_lead == "trump" and trump is not None else SUITS
        )
        if (
            self.trick_index == 0
            and trump is not None
            and self.rules.opening_lead_trump == "forbid"
        ):
            others = tuple(s for s in names if s != trump)
            hand = self.hands[self.to_act] if self.to_act is not None else 0
            non_trump_cards = hand & ~JOKERS_MASK & ~SUIT_MASKS[trump]
            if others:
                return others
            if non_trump_cards:
                return ()
        return names

    def legal_play_mask(self) -> Hand:
        """The cards :attr:`to_act` may play now, as a mask (play phase only)."""
        seat = self.to_act
        assert seat is not None
        hand = self.hands[seat]
        trick = self.trick
        rules = self.rules
        if not trick:
            if self.trick_index != 0:
                return hand
            return self._opening_leads(hand)
        first = trick[0]
        if (
            first == JOKER_CALL_CARD
            and rules.joker_call
            and hand & JOKERS_MASK
            and not self.hands[self.leader] & JOKERS_MASK
        ):
            return hand & JOKERS_MASK
        led = first // 13 if first < JOKER else self.named_suit
        if led is None:
            return hand
        suited = hand & SUIT_MASKS[led]
        if rules.role_cards_free:
            judge = self.judge
            assert judge is not None
            role = judge.role_mask
            if suited & ~role:
                return suited | (hand & (role | JOKERS_MASK))
            return hand
        if suited:
            return suited | (hand & JOKERS_MASK)
        return hand

    def _opening_leads(self, hand: Hand) -> Hand:
        rules = self.rules
        m = hand
        if rules.joker_lead_first_trick == "forbid" and m & ~JOKERS_MASK:
            m &= ~JOKERS_MASK
        trump = self.trump
        if rules.opening_lead_trump == "forbid" and trump is not None:
            # Non-trump leads: other suits' cards, and jokers that may name another suit
            # (with joker_lead=trump a led joker is a trump lead).
            non_trump = m & ~SUIT_MASKS[trump] & ~JOKERS_MASK
            if m & JOKERS_MASK and any(s != trump for s in self.joker_names()):
                non_trump |= m & JOKERS_MASK
            if non_trump:
                m = non_trump
        return m

    def _check_play(self, action: Play) -> None:
        c = action.card
        seat = self.to_act
        assert seat is not None
        if not in_deck(self.hands[seat], c):
            raise IllegalActionError(f"{_text(c)} is not in seat {seat}'s hand")
        if action.suit is not None and not is_suit(action.suit):
            raise IllegalActionError(f"no suit {action.suit!r}")
        legal = self.legal_play_mask()
        if not legal >> c & 1:
            raise IllegalActionError(self._why_not(c, legal))
        if c >= JOKER and not self.trick:
            names = self.joker_names()
            if action.suit not in names:
                if names == (None,):
                    raise IllegalActionError("a joker led on the last trick names no suit")
                allowed = ", ".join(_SUIT_NAMES[s] for s in names if s is not None)
                raise IllegalActionError(f"a led joker must name one of: {allowed}")
        elif action.suit is not None:
            raise IllegalActionError("only a led joker names a suit")

    def _why_not(self, c: Card, legal: Hand) -> str:
        trick = self.trick
        text = _text(c)
        if not trick:
            if c >= JOKER and self.rules.joker_lead_first_trick == "forbid":
                return "the joker may not be led in the first trick (joker_lead_first_trick=forbid)"
            return (
                f"{text} may not be the opening lead: trump may not be led in the first "
                f"trick while the hand holds another suit (opening_lead_trump=forbid)"
            )
        if legal & ~JOKERS_MASK == 0 and trick[0] == JOKER_CALL_CARD:
            return "♣3 led calls the joker: the joker must be played (joker_call=on)"
        led = trick[0] // 13 if trick[0] < JOKER else self.named_suit
        assert led is not None
        return f"{text} does not follow suit: {_SUIT_NAMES[led]} were led and the hand holds some"

    def play_fast(self, c: Card, named_suit: Suit | None = None) -> None:
        """Play card ``c`` for :attr:`to_act` without checks (search playouts).

        The caller guarantees ``c`` is in :meth:`legal_play_mask` and, for a
        led joker, ``named_suit`` is in :meth:`joker_names`.
        """
        seat = self.to_act
        assert seat is not None
        self.hands[seat] &= ~(1 << c)
        self.played[seat] |= 1 << c
        trick = self.trick
        if not trick:
            self.named_suit = named_suit if c >= JOKER else None
        trick.append(c)
        if c == self.called:
            self.revealed = True
        if len(trick) < self.n:
            self.to_act = (seat + 1) % self.n
            return
        self._finish_trick()

    def _finish_trick(self) -> None:
        judge = self.judge
        assert judge is not None
        trick = self.trick
        idx = self.trick_index
        pos = judge.winner(trick, self.named_suit, idx)
        winner = (self.leader + pos) % self.n
        honors = 0
        for c in trick:
            honors |= 1 << c
        honors &= HONORS_MASK
        if idx == 0:
            honors |= self.bonus
            self.bonus = 0
        last = idx == self.hand_size - 1
        if self.rules.joker_holds and trick[pos] >= JOKER:
            self.held |= honors
            taken = 0
            if last:
                self.lost |= self.held
                self.held = 0
        else:
            taken = honors | self.held
            self.held = 0
            self.captured[winner] |= taken
        self.tricks.append(
            Trick(idx, self.leader, tuple(trick), self.named_suit, winner, taken)
        )
        self.trick = []
        self.named_suit = None
        self.trick_index = idx + 1
        self.leader = winner
        self.to_act = winner
        if last:
            self._finish_game()

    def _finish_game(self) -> None:
        nap = self.napoleon
        assert nap is not None
        rules = self.rules
        adj = self.adjutant
        french_mask = self.captured[nap] | (self.captured[adj] if adj is not None else 0)
        allied_mask = 0
        for seat in range(self.n):
            if seat != nap and seat != adj:
                allied_mask |= self.captured[seat]
        if rules.discard_honors == "allies":
            allied_mask |= self.discards & HONORS_MASK
        french = french_mask.bit_count()
        allies = allied_mask.bit_count()
        outcome, siberia = outcome_of(rules, self.bid, french, allies)
        self.result = GameResult(
            nap, adj, self.bid, self.trump, french, allies, outcome, siberia,
            points_for(rules, nap, adj, self.bid, outcome),
        )
        self.revealed = True
        self.phase = Phase.RESULT
        self.to_act = None


def _text(c: Card) -> str:
    try:
        return card_text(c)
    except (ValueError, TypeError):
        return repr(c)


__all__ = ["TrickPlay"]
