"""Who wins a trick (docs/rules/napoleon.md §3), fast.

:class:`TrickJudge` is built once per (rules, trump) and then decides a
trick from its cards in play order with a handful of integer operations.
:func:`trick_winner` is the convenient stand-alone form (judges are cached).

Order of decisions (everything is decided once all cards are down):

1. **Yoromeki** (``yoromeki=on``): Mighty and ♥Q in the trick → ♥Q wins.
   With ``yoromeki_counter`` ♥K then beats ♥Q, and ♥A beats ♥K (only when
   ♥K is there).  With ``yoromeki=mighty_only`` (4-player sheet) a trump jack
   or back jack with special power in the trick beats the ♥Q: then the
   Mighty and the ♥Q both lose their powers and the rest of the trick is
   decided as usual (the strongest special, normally that J, wins).
2. **Mighty** (♠A) beats everything else.
3. **Specials** by their rank option (1 strongest; equal ranks: led joker,
   followed joker, trump jack, back jack, same-2 in that order; two jokers
   of the same kind: the earlier one).
   * **Jack hunt** (``jack_hunt``): the J of ``trump ^ 1`` (♠↔♥, ♣↔♦) takes
     the trump jack's strength, and the trump jack becomes an ordinary trump,
     when both are in the trick and neither the Mighty nor the back jack is.
   * **Same-2**: all cards of one suit (a joker counts as that suit with
     ``same_two_with_joker``), not trick 1 unless ``same_two_first_trick``,
     not the trump suit when ``same_two_trump=off``.
4. **Trump**, highest rank first; 5. the **led suit**, highest rank first.
   Other cards never win.

A joker whose rank is ``normal`` stays wild but is the weakest card of the
suit it stands for: the named suit when led, the led suit when followed.
On the last trick a led joker names no suit: then, if it has no special
power, the highest trump wins, else the joker (docs/rules/napoleon.md §3 "The last trick").
``plain_jack_low`` makes a J that is neither trump jack nor back jack the
lowest card of its suit (above a normal joker).
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import Final

from cardkit.memo import ClearingCache, IdentityCache
from napoleon.cards import (
    HEARTS,
    JOKER,
    MIGHTY,
    RANK_2,
    RANK_A,
    RANK_J,
    RANK_K,
    SUIT_MASKS,
    YOROMEKI,
    Card,
    Suit,
    card,
)
from napoleon.rules import Rules

HEART_K: Final = card(HEARTS, RANK_K)
HEART_A: Final = card(HEARTS, RANK_A)
_NO_JOKERS: Final = (1 << 52) - 1
#: The four 2s (a trick holding one may be a same-2).
_TWOS: Final = sum(1 << card(s, RANK_2) for s in range(4))
_JOKERS: Final = 3 << JOKER

# Special kinds, in the rule book's tie-break order.
LEAD_JOKER: Final = 0
FOLLOW_JOKER: Final = 1
TRUMP_JACK: Final = 2
BACK_JACK: Final = 3
SAME_TWO: Final = 4

_TRUMP_BASE: Final = 500
_LED_BASE: Final = 100
_NO_LED_JOKER: Final = 50


def _normal_joker_key(led: int | None, trump: int | None) -> int:
    """A normal joker's key (no joker power in force): the weakest card of the
    suit it stands for, the led suit or trump (one place for :meth:`TrickJudge.winner`
    and :meth:`TrickJudge.winners_next`)."""
    if led is None:
        return _NO_LED_JOKER
    return _TRUMP_BASE - 2 if led == trump else _LED_BASE - 2


def special_key(rank: int | None, kind: int) -> int:
    """Strength of a special card of ``kind`` with the rank option ``rank``.

    Higher wins; -1 when the rank is ``normal`` (no special power).
    """
    if rank is None:
        return -1
    return 1000 + (5 - rank) * 10 + (4 - kind)


def jack_hunt_suit(trump: Suit) -> Suit:
    """The suit whose J hunts the trump jack: ♠↔♥, ♣↔♦ (4-player sheet 狩りJ)."""
    return trump ^ 1


class TrickJudge:
    """Decides tricks for one rules object and one trump suit (or no trump)."""

    __slots__ = (
        "rules", "trump", "order", "trump_key", "led_key", "lead_joker_key",
        "follow_joker_key", "same_two_key", "trump_jack", "back_jack",
        "hunt_jack", "special_jacks", "yoromeki", "mighty_only", "counter",
        "same_two_first", "same_two_joker", "same_two_trump", "role_mask", "keys_by_led",
        "mighty_swing",
    )

    def __init__(self, rules: Rules, trump: Suit | None) -> None:
        self.rules = rules
        self.trump = trump
        order = [c % 13 for c in range(52)]
        tj = bj = hj = -1
        if trump is not None:
            tj = card(trump, RANK_J)
            bj = card(trump ^ 3, RANK_J)
            hj = card(trump ^ 1, RANK_J)
        if rules.plain_jack_low:
            for s in range(4):
                j = card(s, RANK_J)
                if j not in (tj, bj):
                    order[j] = -1
        self.order = order
        tj_key = special_key(rules.rank_trump_jack, TRUMP_JACK)
        bj_key = special_key(rules.rank_back_jack, BACK_JACK)
        # Keys that do not depend on the led suit: specials and trumps (0 otherwise).
        trump_key = [0] * 52
        for c in range(52):
            if trump is not None and c // 13 == trump:
                trump_key[c] = _TRUMP_BASE + order[c]
        special_jacks = 0
        if trump is not None:
            if tj_key >= 0:
                trump_key[tj] = tj_key
                special_jacks |= 1 << tj
            if bj_key >= 0:
                trump_key[bj] = bj_key
                special_jacks |= 1 << bj
        self.trump_key = trump_key
        self.led_key = [_LED_BASE + order[c] for c in range(52)]
        # A plain card's key once the led suit is known (index 4: no led suit),
        # when no jack hunt is on: its trump key, else its led-suit key, else 0.
        self.keys_by_led = tuple(
            [trump_key[c] or (self.led_key[c] if c // 13 == led else 0) for c in range(52)]
            for led in range(5)
        )
        self.lead_joker_key = special_key(rules.rank_lead_joker, LEAD_JOKER)
        self.follow_joker_key = special_key(rules.rank_follow_joker, FOLLOW_JOKER)
        self.same_two_key = special_key(rules.rank_same_two, SAME_TWO)
        self.trump_jack = tj if tj_key >= 0 else -1
        self.back_jack = bj
        self.hunt_jack = hj if rules.jack_hunt and tj_key >= 0 else -1
        self.special_jacks = special_jacks
        self.yoromeki = rules.yoromeki != "off"
        self.mighty_only = rules.yoromeki == "mighty_only"
        self.counter = rules.yoromeki_counter
        self.same_two_first = rules.same_two_first_trick
        self.same_two_joker = rules.same_two_with_joker
        self.same_two_trump = rules.same_two_trump
        role = 1 << MIGHTY
        if trump is not None:
            role |= (1 << tj) | (1 << bj)
        self.role_mask = role
        #: The cards :meth:`winner`'s rule for a trick holding the Mighty looks at:
        #: with the Mighty down, no other card can change who takes the trick
        #: (:meth:`mighty_decides`).
        self.mighty_swing = (
            (1 << YOROMEKI | 1 << HEART_K | 1 << HEART_A | special_jacks) if self.yoromeki else 0
        )

    def mighty_decides(self, mask: int) -> bool:
        """Whether, in a trick of ``mask`` holding the Mighty, :meth:`winner`'s first
        rule names the winner (the Mighty, or the heart yoromeki puts above it);
        it does unless ``yoromeki=mighty_only`` strips the Mighty and ♥Q of their
        powers because a special J is down too.  Then a card outside
        :data:`mighty_swing` played to the trick cannot take it."""
        return not (
            self.yoromeki
            and mask >> YOROMEKI & 1
            and self.mighty_only
            and mask & self.special_jacks
        )

    def same_two_card(self, mask: int, first_trick: bool) -> Card:
        """The card that is a same-2 in a trick of ``mask``, or -1."""
        if self.same_two_key < 0 or (first_trick and not self.same_two_first):
            return -1
        plain = mask & _NO_JOKERS
        if plain == 0 or (plain != mask and not self.same_two_joker):
            return -1
        suit = ((plain & -plain).bit_length() - 1) // 13
        if plain & ~SUIT_MASKS[suit]:
            return -1
        if suit == self.trump and not self.same_two_trump:
            return -1
        two = suit * 13 + RANK_2
        return two if mask >> two & 1 else -1

    def winner(self, cards: Sequence[Card], named_suit: Suit | None, trick_index: int) -> int:
        """Index in ``cards`` (play order, leader first) of the winning card.

        ``named_suit`` is the suit a led joker named (``None`` when the lead is
        not a joker, or on the last trick); ``trick_index`` counts from 0.
        """
        mask = 0
        for c in cards:
            mask |= 1 << c
        if mask >> MIGHTY & 1:
            if self.yoromeki and mask >> YOROMEKI & 1:
                if not (self.mighty_only and mask & self.special_jacks):
                    if self.counter and mask >> HEART_K & 1:
                        return cards.index(HEART_A if mask >> HEART_A & 1 else HEART_K)
                    return cards.index(YOROMEKI)
                # mighty_only and a special J: Mighty and ♥Q lose their powers.
            else:
                return cards.index(MIGHTY)
        first = cards[0]
        led = named_suit if first >= JOKER else first // 13
        trump = self.trump
        # self.same_two_card(mask, trick_index == 0), inline: this runs for every
        # card the playouts consider.
        same_two = -1
        if self.same_two_key >= 0 and (trick_index != 0 or self.same_two_first):
            plain = mask & _NO_JOKERS
            if plain and (plain == mask or self.same_two_joker):
                suit = ((plain & -plain).bit_length() - 1) // 13
                if not plain & ~SUIT_MASKS[suit] and (suit != trump or self.same_two_trump):
                    two = suit * 13 + RANK_2
                    if mask >> two & 1:
                        same_two = two
        trump_key = self.trump_key
        led_key = self.led_key
        hunt = (
            self.hunt_jack >= 0
            and mask >> self.hunt_jack & 1
            and mask >> self.trump_jack & 1
            and not mask >> self.back_jack & 1
            and not mask >> MIGHTY & 1
        )
        keys = self.keys_by_led[4 if led is None else led]
        best = -1
        best_i = 0
        for i, c in enumerate(cards):
            if c >= JOKER:
                k = self.lead_joker_key if i == 0 else self.follow_joker_key
                if k < 0:  # a normal joker: the weakest card of the suit it stands for
                    k = _normal_joker_key(led, trump)
            elif c == same_two:
                k = self.same_two_key
            elif hunt:
                k = trump_key[c]
                if c == self.trump_jack:
                    k = _TRUMP_BASE + self.order[c]
                elif c == self.hunt_jack:
                    k = trump_key[self.trump_jack]
                if k == 0 and c // 13 == led:
                    k = led_key[c]
            else:
                k = keys[c]
            if k > best:
                best = k
                best_i = i
        return best_i


    def winner_after(self, cards: Sequence[Card], named_suit: Suit | None, trick_index: int,
                     win: int, c: Card, mask: int) -> int:
        """:meth:`winner` of ``[*cards, c]``, given ``win``, the winner of ``cards``
        (not empty), and ``mask``, the cards of both.

        A card's strength depends on the rest of the trick only through the
        Mighty (and yoromeki with it), a 2 (same-2) and the jack hunt; without
        them ``c`` wins if it beats the card winning so far (ties: the earlier
        card), as in :meth:`winner`'s own loop.  With them, judged in full,
        but for a ``c`` the Mighty's rule does not look at while that rule names
        the winner (:meth:`mighty_decides`: the winner stays), and a 2 in a trick
        whose cards before ``c`` were of two suits (no same-2 either way) or of
        one suit that ``c`` follows without being its 2 or a joker (a same-2
        stays as it was).
        The playouts ask this for every card played instead of judging the
        trick again before each follow and at its end.
        """
        if mask >> MIGHTY & 1:
            if c != MIGHTY and not (1 << c) & self.mighty_swing and self.mighty_decides(mask):
                return win  # the Mighty's rule named the winner before ``c``, and still does
            return self.winner([*cards, c], named_suit, trick_index)
        if self.hunt_jack >= 0:
            return self.winner([*cards, c], named_suit, trick_index)
        two = -1  # the same-2 down before ``c`` and after it, if any
        if mask & _TWOS and self.same_two_key >= 0 and (trick_index != 0 or self.same_two_first):
            # A same-2 needs one suit: none before ``c`` nor after it if two suits were
            # down.  If one was, a ``c`` of that suit (not its 2, not a joker) leaves
            # the same-2, if there is one, as it was; anything else is judged in full.
            before = mask & ~(1 << c) & _NO_JOKERS
            if not before:
                return self.winner([*cards, c], named_suit, trick_index)
            suit_mask = SUIT_MASKS[((before & -before).bit_length() - 1) // 13]
            if not before & ~suit_mask:
                if c >= JOKER or not (1 << c) & suit_mask or (1 << c) & _TWOS:
                    return self.winner([*cards, c], named_suit, trick_index)
                two = self.same_two_card(mask, trick_index == 0)
        first = cards[0]
        led = named_suit if first >= JOKER else first // 13
        keys = self.keys_by_led[4 if led is None else led]
        w = cards[win]
        if w == two:
            best = self.same_two_key
        elif w >= JOKER:
            best = self.lead_joker_key if win == 0 else self.follow_joker_key
            if best < 0:
                best = _normal_joker_key(led, self.trump)
        else:
            best = keys[w]
        if c >= JOKER:
            k = self.follow_joker_key
            if k < 0:
                k = _normal_joker_key(led, self.trump)
        else:
            k = keys[c]
        return len(cards) if k > best else win

    def winners_next(self, cards: Sequence[Card], named_suit: Suit | None, trick_index: int,
                     candidates: int, win: int = -1, mask: int = 0) -> int:
        """The cards of ``candidates`` (a mask) that would be winning the trick if
        played next after ``cards`` (not empty): ``c`` such that
        ``winner([*cards, c], ...) == len(cards)``.

        One pass over ``cards`` instead of one :meth:`winner` per candidate (the
        playouts ask this for every card a seat may follow with).  Whatever makes
        a card's strength depend on the rest of the trick goes through
        :meth:`winner`: the Mighty (and yoromeki with it; while its rule names the
        winner, only the cards it looks at: :meth:`mighty_decides`), a 2 (same-2),
        the jack hunt.  A caller that knows ``win``, the winner of ``cards``
        (:meth:`winner`), gives it with ``mask``, the cards as a mask (the
        playout table keeps both): then the card to beat is that one.
        """
        if win < 0:
            mask = 0
            for c in cards:
                mask |= 1 << c
        st = self.same_two_key >= 0 and (trick_index != 0 or self.same_two_first)
        n = len(cards)
        # A same-2 needs a 2 and one suit: with a 2 down and one suit so far, a
        # joker is judged in full, and a card of that suit leaves the same-2 (if
        # one is down: ``two``) as it was, so it must beat the best key with the
        # same-2's; a 2 is always judged in full.
        risky = 0
        same_suit = 0
        two = -1
        if st and mask & _TWOS:
            plain = mask & _NO_JOKERS
            suit_mask = SUIT_MASKS[((plain & -plain).bit_length() - 1) // 13]
            if not plain & ~suit_mask:
                risky = _JOKERS
                same_suit = suit_mask
                two = self.same_two_card(mask, trick_index == 0)
        if mask >> MIGHTY & 1 or self.hunt_jack >= 0:
            m = candidates
            if mask >> MIGHTY & 1 and self.mighty_decides(mask):
                m &= self.mighty_swing  # no other card changes what the Mighty's rule says
            out = 0
            probe = [*cards, 0]
            while m:
                low = m & -m
                m ^= low
                probe[n] = low.bit_length() - 1
                if self.winner(probe, named_suit, trick_index) == n:
                    out |= low
            return out
        first = cards[0]
        led = named_suit if first >= JOKER else first // 13
        trump = self.trump
        keys = self.keys_by_led[4 if led is None else led]
        # a joker following (every candidate follows): its key as in :meth:`winner`
        joker = self.follow_joker_key
        if joker < 0:
            joker = _normal_joker_key(led, trump)
        if win >= 0 and not (st and mask & _TWOS):
            # no same-2 so far: the winner holds the highest key (as in :meth:`winner`)
            w = cards[win]
            if w >= JOKER:
                best = self.lead_joker_key if win == 0 else self.follow_joker_key
                if best < 0:
                    best = _normal_joker_key(led, trump)
            else:
                best = keys[w]
        else:
            best = best_two = -1  # the best key; the same with the same-2's key
            for i, c in enumerate(cards):
                if c >= JOKER:
                    k = self.lead_joker_key if i == 0 else self.follow_joker_key
                    if k < 0:
                        k = _normal_joker_key(led, trump)
                else:
                    k = keys[c]
                if k > best:
                    best = k
                if c == two:
                    k = self.same_two_key
                if k > best_two:
                    best_two = k
        out = 0
        m = candidates
        while m:
            low = m & -m
            m ^= low
            c = low.bit_length() - 1
            if c == MIGHTY or low & risky or (st and low & _TWOS):
                probe = [*cards, c]
                if self.winner(probe, named_suit, trick_index) == n:
                    out |= low
            elif low & same_suit:
                if keys[c] > best_two:
                    out |= low
            elif (joker if c >= JOKER else keys[c]) > best:
                out |= low
        return out


class WinReason(Enum):
    """What decided a trick: the special power of the winning card, or none.

    :meth:`TrickJudge.reason` gives it; the table and the 譜 name it.  ``TRUMP``
    and ``LED_SUIT`` are the ordinary cases (no special power decided).
    """

    MIGHTY = "mighty"
    """♠A beat everything (no ♥Q beside it, or ``yoromeki=off``)."""
    YOROMEKI = "yoromeki"
    """♥Q beat the Mighty in the same trick."""
    COUNTER_KING = "counter_king"
    """``yoromeki_counter``: ♥K beat the ♥Q that beat the Mighty."""
    COUNTER_ACE = "counter_ace"
    """``yoromeki_counter``: ♥A beat the ♥K that countered the ♥Q."""
    LEAD_JOKER = "lead_joker"
    FOLLOW_JOKER = "follow_joker"
    TRUMP_JACK = "trump_jack"
    """正J.  Under ``yoromeki=mighty_only`` it also wins over a ♥Q and the Mighty."""
    BACK_JACK = "back_jack"
    """裏J (same remark as the trump jack)."""
    JACK_HUNT = "jack_hunt"
    """狩りJ: the J paired with the trump jack took its strength."""
    SAME_TWO = "same_two"
    TRUMP = "trump"
    """The highest trump, no special power involved."""
    LED_SUIT = "led_suit"
    """The highest card of the led suit, no trump and no special power."""

    @property
    def special(self) -> bool:
        """Whether a special power decided the trick (worth naming to a player)."""
        return self not in (WinReason.TRUMP, WinReason.LED_SUIT)


def _reason_of(judge: TrickJudge, cards: Sequence[Card], named_suit: Suit | None,
               trick_index: int) -> tuple[int, WinReason]:
    """Winner index and reason, derived from the same facts :meth:`TrickJudge.winner`
    uses (kept out of the hot ``winner`` loop, which the computers run millions of
    times)."""
    i = judge.winner(cards, named_suit, trick_index)
    c = cards[i]
    mask = 0
    for x in cards:
        mask |= 1 << x
    if c == MIGHTY:
        return i, WinReason.MIGHTY
    if mask >> MIGHTY & 1 and c in (YOROMEKI, HEART_K, HEART_A) and judge.yoromeki:
        # The Mighty lost to the heart that yoromeki (or its counter) put above it.
        return i, {YOROMEKI: WinReason.YOROMEKI, HEART_K: WinReason.COUNTER_KING,
                   HEART_A: WinReason.COUNTER_ACE}[c]
    if c >= JOKER:
        key = judge.lead_joker_key if i == 0 else judge.follow_joker_key
        if key >= 0:
            return i, WinReason.LEAD_JOKER if i == 0 else WinReason.FOLLOW_JOKER
        # A normal joker stands for the named, led or (last trick) no suit.
        first = cards[0]
        led = named_suit if first >= JOKER else first // 13
        return i, WinReason.TRUMP if led is not None and led == judge.trump else WinReason.LED_SUIT
    if c == judge.same_two_card(mask, trick_index == 0):
        return i, WinReason.SAME_TWO
    if c == judge.hunt_jack and mask >> judge.trump_jack & 1:
        return i, WinReason.JACK_HUNT
    if judge.special_jacks >> c & 1:
        return i, WinReason.TRUMP_JACK if c == judge.trump_jack else WinReason.BACK_JACK
    return i, WinReason.TRUMP if c // 13 == judge.trump else WinReason.LED_SUIT


def trick_reason(
    rules: Rules,
    trump: Suit | None,
    cards: Sequence[Card],
    named_suit: Suit | None = None,
    trick_index: int = 1,
) -> tuple[int, WinReason]:
    """The winning card's index (as :func:`trick_winner`) and why it won.

    >>> from napoleon.cards import parse_card as c, CLUBS, SPADES
    >>> trick_reason(Rules(), SPADES, [c("C5"), c("CA"), c("CJ"), c("C7"), c("C8")])
    (2, <WinReason.BACK_JACK: 'back_jack'>)
    >>> trick_reason(Rules(), CLUBS, [c("D5"), c("DA"), c("D2"), c("D7"), c("D8")])
    (2, <WinReason.SAME_TWO: 'same_two'>)
    """
    return _reason_of(judge_for(rules, trump), cards, named_suit, trick_index)


_JUDGES: ClearingCache[tuple[Rules, Suit | None], TrickJudge] = ClearingCache(
    lambda key: TrickJudge(*key), limit=256
)


#: :data:`_JUDGES` found by the rules object itself first (no hash of its 33 fields).
_JUDGES_BY_ID: IdentityCache[Rules, Suit | None, TrickJudge] = IdentityCache(
    lambda rules, trump: _JUDGES[rules, trump], limit=256
)


def judge_for(rules: Rules, trump: Suit | None) -> TrickJudge:
    """The (cached) judge for ``rules`` and ``trump``."""
    return _JUDGES_BY_ID(rules, trump)


def trick_winner(
    rules: Rules,
    trump: Suit | None,
    cards: Sequence[Card],
    named_suit: Suit | None = None,
    trick_index: int = 1,
) -> int:
    """Index of the winning card in ``cards`` (play order, leader first).

    >>> from napoleon.cards import parse_card as c, SPADES
    >>> trick_winner(Rules(), SPADES, [c("S5"), c("SK"), c("H2"), c("SJ"), c("S3")])
    3
    """
    return judge_for(rules, trump).winner(cards, named_suit, trick_index)


__all__ = [
    "TrickJudge", "WinReason", "jack_hunt_suit", "judge_for", "special_key", "trick_reason",
    "trick_winner",
]
