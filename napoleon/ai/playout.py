"""A bare play-phase table for search: five hands as bitmasks, tricks, honors.

The search copies this table once per sampled world and candidate card and
plays it to the end, thousands of times per decision, so it is as small as
a table can be: no history, no records, no views.  Who wins a trick comes
from the engine's :class:`napoleon.tricks.TrickJudge`; which cards may be
played is :func:`legal_plays` (checked against the engine in the tests).
"""

from __future__ import annotations

from napoleon.cards import (
    HONORS_MASK,
    JOKER,
    JOKER_CALL_CARD,
    JOKERS_MASK,
    MIGHTY,
    RANK_J,
    SUIT_MASKS,
    SUITS,
    Card,
    Hand,
    Suit,
    card,
)
from napoleon.rules import Rules
from napoleon.tricks import TrickJudge, judge_for


def role_cards(trump: Suit | None) -> Hand:
    """Mighty, trump jack and back jack (free to play under ``role_cards_free``)."""
    m = 1 << MIGHTY
    if trump is not None:
        m |= 1 << card(trump, RANK_J) | 1 << card(trump ^ 3, RANK_J)
    return m


def legal_plays(
    rules: Rules,
    trump: Suit | None,
    hand: Hand,
    trick: list[Card],
    named: Suit | None,
    trick_no: int,
    joker_called: bool,
) -> Hand:
    """The cards of ``hand`` that may go to ``trick`` (cards so far, leader first).

    ``joker_called``: the lead was ♣3 by a leader left without a joker, so a
    joker holder must play one (docs/rules/napoleon.md §3 Joker call).
    """
    if not trick:
        if trick_no == 0:
            return _opening_leads(rules, trump, hand)
        return hand
    jokers = hand & JOKERS_MASK
    if joker_called and jokers:
        return jokers
    first = trick[0]
    led = named if first >= JOKER else first // 13
    if led is None:
        return hand
    suited = hand & SUIT_MASKS[led]
    if rules.role_cards_free:
        free = role_cards(trump)
        if suited & ~free:
            return suited | (hand & (free | JOKERS_MASK))
        return hand
    if suited:
        return suited | jokers
    return hand


def _opening_leads(rules: Rules, trump: Suit | None, hand: Hand) -> Hand:
    m = hand
    if rules.joker_lead_first_trick == "forbid" and m & ~JOKERS_MASK:
        m &= ~JOKERS_MASK
    if rules.opening_lead_trump == "forbid" and trump is not None:
        non_trump = m & ~SUIT_MASKS[trump] & ~JOKERS_MASK
        if m & JOKERS_MASK and any(s != trump for s in joker_names(rules, trump, 0, hand)):
            non_trump |= m & JOKERS_MASK
        if non_trump:
            m = non_trump
    return m


def joker_names(
    rules: Rules, trump: Suit | None, trick_no: int, hand: Hand
) -> tuple[Suit | None, ...]:
    """Suits a led joker may name (``(None,)`` on the last trick), as the engine rules."""
    if trick_no == rules.hand_size - 1:
        return (None,)
    names: tuple[Suit | None, ...]
    names = (trump,) if rules.joker_lead == "trump" and trump is not None else SUITS
    if trick_no == 0 and trump is not None and rules.opening_lead_trump == "forbid":
        others = tuple(s for s in names if s != trump)
        if others:
            return others
        if hand & ~JOKERS_MASK & ~SUIT_MASKS[trump]:
            return ()
    return names


class Table:
    """The play phase of one fully known deal (a sampled world)."""

    __slots__ = (
        "adjutant",
        "called",
        "held",
        "honors",
        "hands",
        "judge",
        "jokers_out",
        "joker_called",
        "last",
        "leader",
        "named",
        "napoleon",
        "pending",
        "played",
        "players",
        "rules",
        "seats",
        "trick",
        "trick_no",
        "trump",
        "win",
        "trick_mask",
    )

    def __init__(
        self,
        rules: Rules,
        trump: Suit | None,
        napoleon: int,
        adjutant: int,
        hands: list[Hand],
    ) -> None:
        self.rules = rules
        self.trump = trump
        self.judge: TrickJudge = judge_for(rules, trump)
        self.napoleon = napoleon
        self.adjutant = adjutant  # -1: Napoleon plays alone
        self.hands = hands
        self.players = len(hands)
        self.called = -1
        self.trick_no = 0
        self.last = rules.hand_size - 1
        self.leader = napoleon
        self.trick: list[Card] = []
        self.seats: list[int] = []
        self.named: Suit | None = None
        self.honors = [0] * self.players
        self.held = 0  # honors a winning joker holds for the next trick (joker_holds)
        self.pending = 0  # face-up discarded honors for the first trick's winner
        self.played = 0
        self.jokers_out = rules.deck & JOKERS_MASK
        self.joker_called = False
        #: the index in ``trick`` of the card winning it so far, kept by :meth:`play`
        #: from the lead on (-1: not known, e.g. a trick set from a view: judge it)
        self.win = -1
        #: the trick's cards as a mask, kept with ``win`` (meaningless while it is -1)
        self.trick_mask = 0

    def copy(self) -> Table:
        t = Table.__new__(Table)
        t.rules = self.rules
        t.trump = self.trump
        t.judge = self.judge
        t.napoleon = self.napoleon
        t.adjutant = self.adjutant
        t.hands = self.hands[:]
        t.players = self.players
        t.called = self.called
        t.trick_no = self.trick_no
        t.last = self.last
        t.leader = self.leader
        t.trick = self.trick[:]
        t.seats = self.seats[:]
        t.named = self.named
        t.honors = self.honors[:]
        t.held = self.held
        t.pending = self.pending
        t.played = self.played
        t.jokers_out = self.jokers_out
        t.joker_called = self.joker_called
        t.win = self.win
        t.trick_mask = self.trick_mask
        return t

    @property
    def done(self) -> bool:
        return self.trick_no > self.last

    def to_act(self) -> int:
        return (self.leader + len(self.trick)) % self.players

    def legal(self) -> Hand:
        seat = (self.leader + len(self.trick)) % self.players
        return legal_plays(
            self.rules,
            self.trump,
            self.hands[seat],
            self.trick,
            self.named,
            self.trick_no,
            self.joker_called,
        )

    def is_french(self, seat: int) -> bool:
        return seat in (self.napoleon, self.adjutant)

    def play(self, c: Card, named: Suit | None = None) -> None:
        """Put ``c`` on the trick for the seat to act (legality is the caller's)."""
        trick = self.trick
        seat = (self.leader + len(trick)) % self.players
        bit = 1 << c
        self.hands[seat] &= ~bit
        self.played |= bit
        if trick:
            if self.win >= 0:
                mask = self.trick_mask | bit
                self.trick_mask = mask
                self.win = self.judge.winner_after(
                    trick, self.named, self.trick_no, self.win, c, mask
                )
        else:
            self.win = 0
            self.trick_mask = bit
            if c >= JOKER:
                self.named = None if self.trick_no == self.last else named
            elif (
                c == JOKER_CALL_CARD
                and self.rules.joker_call
                and self.jokers_out & ~self.played
                and not self.hands[seat] & JOKERS_MASK
            ):
                self.joker_called = True
        trick.append(c)
        self.seats.append(seat)
        if len(trick) == self.players:
            self._finish_trick()

    def _finish_trick(self) -> None:
        trick = self.trick
        w = self.win
        if w >= 0:
            mask = self.trick_mask
        else:
            w = self.judge.winner(trick, self.named, self.trick_no)
            mask = 0
            for c in trick:
                mask |= 1 << c
        winner = self.seats[w]
        got = (mask & HONORS_MASK).bit_count() + self.held
        self.held = 0
        if self.trick_no == 0:
            got += self.pending
            self.pending = 0
        if self.rules.joker_holds and trick[w] >= JOKER:
            self.held = got
        else:
            self.honors[winner] += got
        self.trick = []
        self.seats = []
        self.named = None
        self.joker_called = False
        self.win = -1
        self.leader = winner
        self.trick_no += 1

    def french_honors(self) -> int:
        h = self.honors[self.napoleon]
        if self.adjutant >= 0 and self.adjutant != self.napoleon:
            h += self.honors[self.adjutant]
        return h
