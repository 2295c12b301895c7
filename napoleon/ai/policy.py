"""The baseline's card-play rules, also the search's playout policy.

Rules of thumb a club player would name:

* partner winning the trick and nobody dangerous after us: feed it honors;
* an enemy winning: take the trick with the cheapest card that wins it if
  it holds honors (or we are last), else throw the cheapest card, never an
  honor when a plain card will do;
* keep the Mighty, the joker and the jacks for tricks worth taking;
* lead a card nobody can beat if we hold one (Napoleon: draw trumps first),
  else a low card of a short side suit.

``side[seat]`` is +1 for a seat the player believes is on its side, -1 for
an enemy, 0 for unknown.  The function reads only the player's own hand and
public facts of the table (cards played, the trick so far).
"""

from __future__ import annotations

from collections.abc import Sequence

from napoleon.ai.playout import Table, joker_names, legal_plays
from napoleon.cards import (
    HONORS_MASK,
    JOKER,
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


def cost_rule(c: Card, trump: Suit | None) -> int:
    """How much it hurts to give ``c`` away: power cards, honors, trumps, rank.

    The rule itself; :func:`card_cost` reads it from a table built once.
    """
    if c == MIGHTY:
        return 60
    if c >= JOKER:
        return 55
    s, r = divmod(c, 13)
    if trump is not None:
        if c == card(trump, RANK_J):
            return 50
        if c == card(trump ^ 3, RANK_J):
            return 45
        if s == trump:
            return 25 + r
    if r >= 8:  # honor
        return 12 + r
    return r


#: :func:`cost_rule` of every card (the two jokers included), per trump suit;
#: index 4 is no trump.  The playouts look costs up hundreds of thousands of
#: times per bid; a list index is several times cheaper than the rule.
COSTS: tuple[list[int], ...] = tuple(
    [cost_rule(c, trump) for c in range(JOKER + 2)] for trump in (*SUITS, None)
)


def costs_for(trump: Suit | None) -> list[int]:
    """:func:`card_cost` of every card under ``trump``, indexed by card."""
    return COSTS[4 if trump is None else trump]


def card_cost(c: Card, trump: Suit | None) -> int:
    """How much it hurts to give ``c`` away (:func:`cost_rule`, from its table)."""
    return COSTS[4 if trump is None else trump][c]


def _lowest(cards: Hand, trump: Suit | None) -> Card:
    costs = COSTS[4 if trump is None else trump]
    best = -1
    best_cost = 1000
    m = cards
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        k = costs[c]
        if k < best_cost:
            best_cost = k
            best = c
    return best


def _highest_honor(cards: Hand, trump: Suit | None) -> Card:
    """The honor worth most to feed a partner (never a power card)."""
    costs = COSTS[4 if trump is None else trump]
    best = -1
    best_rank = -1
    m = cards & HONORS_MASK
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        if costs[c] >= 45 or (trump is not None and c // 13 == trump):
            continue
        if c % 13 > best_rank:
            best_rank = c % 13
            best = c
    return best


def choose_play(
    t: Table, side: Sequence[int], legal: Hand | None = None
) -> tuple[Card, Suit | None]:
    """The baseline's card (and a led joker's named suit) for the seat to act.

    ``legal`` overrides the table's own legality (a view knows it exactly).
    """
    if legal is None:
        legal = t.legal()
    if legal & (legal - 1) == 0:
        c = legal.bit_length() - 1
        return c, (name_joker_suit(t, side) if c >= JOKER and not t.trick else None)
    if not t.trick:
        c = _lead(t, legal, side)
        return c, (name_joker_suit(t, side) if c >= JOKER else None)
    return _follow(t, legal, side), None


def play_out(t: Table, sides: list[list[int]], hidden: list[list[int]] | None = None) -> None:
    """Play ``t`` to the end by these rules for every seat: :func:`choose_play` for
    the seat to act, its card played, until the last trick is done.

    ``sides[seat]`` is each seat's ``side``; with ``hidden``, seats play on those
    beliefs until the called card is played (:func:`napoleon.ai.search.rollout`).
    This is the playouts' loop, so :func:`choose_play` is written out in it.
    """
    called = t.called
    last, players = t.last, t.players
    rules, trump, hands = t.rules, t.trump, t.hands
    while t.trick_no <= last:
        trick = t.trick
        seat = (t.leader + len(trick)) % players
        legal = legal_plays(rules, trump, hands[seat], trick, t.named, t.trick_no, t.joker_called)
        if hidden is not None and called >= 0 and not t.played >> called & 1:
            side = hidden[seat]
        else:
            side = sides[seat]
        named: Suit | None = None
        if legal & (legal - 1) == 0:
            c = legal.bit_length() - 1
            if c >= JOKER and not trick:
                named = name_joker_suit(t, side)
        elif not trick:
            c = _lead(t, legal, side)
            if c >= JOKER:
                named = name_joker_suit(t, side)
        else:
            c = _follow(t, legal, side)
        t.play(c, named)


def wins_now(t: Table, c: Card) -> bool:
    """Would ``c``, played now by the seat to act, be winning the trick so far?

    For the last seat of a trick this is who takes the trick; the judge is
    the engine's own (:class:`napoleon.tricks.TrickJudge`).
    """
    return t.judge.winner([*t.trick, c], t.named, t.trick_no) == len(t.trick)


def _follow(t: Table, legal: Hand, side: Sequence[int]) -> Card:
    trick = t.trick
    judge = t.judge
    named, trick_no = t.named, t.trick_no
    n = len(trick)
    win_i = judge.winner(trick, named, trick_no)
    winner_seat = t.seats[win_i]
    trump = t.trump
    players = t.players
    later = players - n - 1
    me = (t.leader + n) % players
    out = t.rules.deck & ~t.played & ~t.hands[me]
    if side[winner_seat] > 0:
        # feed it honors if nobody after us is an enemy or a stranger, or it is safe
        feed = True
        for k in range(1, later + 1):
            if side[(me + k) % players] <= 0:
                feed = _safe_from(t, trick[win_i], out)
                break
        if feed:
            h = _highest_honor(legal, trump)
            if h >= 0:
                return h
        return _lowest(legal, trump)
    mask = 0
    for c in trick:
        mask |= 1 << c
    honors_here = (mask & HONORS_MASK).bit_count() + (t.pending if trick_no == 0 else 0)
    # An enemy (or a stranger) holds the trick: can we take it?
    costs = COSTS[4 if trump is None else trump]
    cheapest = -1
    cheapest_cost = 1000
    m = judge.winners_next(trick, named, trick_no, legal)  # the cards that win it now
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        k = costs[c]
        if later and not _safe_from(t, c, out):
            k += 8  # may be overtaken
        if k < cheapest_cost:
            cheapest_cost = k
            cheapest = c
    if cheapest >= 0:
        worth = honors_here + (1 if later else 0) + (1 if legal & HONORS_MASK else 0)
        threshold = 0 if side[winner_seat] < 0 else 1
        if cheapest_cost >= 45:
            threshold += 1  # keep the Mighty, the joker and the jacks for richer tricks
        if worth > threshold:
            return cheapest
    return _lowest(legal, trump)


def _outstanding(t: Table) -> Hand:
    """Cards not yet played and not in the hand of the seat to act."""
    return t.rules.deck & ~t.played & ~t.hands[(t.leader + len(t.trick)) % t.players]


def _safe(t: Table, c: Card) -> bool:
    """Can no card still out beat ``c`` when it is led or already winning?"""
    return _safe_from(t, c, _outstanding(t))


def _safe_from(t: Table, c: Card, out: Hand) -> bool:
    """:func:`_safe` with the outstanding cards (:func:`_outstanding`) given."""
    if c == MIGHTY:
        return True
    if out >> MIGHTY & 1:
        return False
    if c >= JOKER:
        return t.judge.lead_joker_key > 0 and not out & JOKERS_MASK & ~(1 << c)
    if out & JOKERS_MASK:
        return False
    trump = t.trump
    if trump is not None:
        tj, bj = JACKS[trump]
        if c in (tj, bj):
            return not (out >> tj & 1) if c == bj else True
        if out >> tj & 1 or out >> bj & 1:
            return False
    s = c // 13
    if out & SUIT_MASKS[s] & ~((2 << c) - 1):
        return False
    # a side-suit winner can still be ruffed while trumps are out
    return not (trump is not None and s != trump and out & SUIT_MASKS[trump])


#: The trump jack and back jack of each trump suit.
JACKS: tuple[tuple[Card, Card], ...] = tuple(
    (card(trump, RANK_J), card(trump ^ 3, RANK_J)) for trump in SUITS
)


def _lead(t: Table, legal: Hand, side: Sequence[int]) -> Card:
    me = (t.leader + len(t.trick)) % t.players
    trump = t.trump
    french = side[t.napoleon] > 0 or me == t.napoleon
    out = t.rules.deck & ~t.played & ~t.hands[me]
    if trump is not None and french:
        trumps = legal & SUIT_MASKS[trump]
        if trumps and out & SUIT_MASKS[trump]:
            top = _best_safe(t, trumps, out)
            if top >= 0:
                return top
    safe = _best_safe(t, legal & ~JOKERS_MASK & ~(1 << MIGHTY), out)
    if safe >= 0 and (safe // 13 != trump or french):
        return safe
    # a low card of the shortest side suit
    costs = COSTS[4 if trump is None else trump]
    best = -1
    best_key = (99, 99)
    for s in SUITS:
        if s == trump:
            continue
        cards = legal & SUIT_MASKS[s]
        if not cards:
            continue
        low = _lowest(cards, trump)
        key = (cards.bit_count() + (3 if cards & HONORS_MASK else 0), costs[low])
        if key < best_key:
            best_key = key
            best = low
    if best >= 0:
        return best
    return _lowest(legal, trump)


def _best_safe(t: Table, cards: Hand, out: Hand) -> Card:
    """The safest-to-lead winner among ``cards`` (the highest), or -1."""
    costs = COSTS[4 if t.trump is None else t.trump]
    best = -1
    best_cost = -1
    m = safe_cards(t, cards, out)
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        k = costs[c]
        if k > best_cost:
            best_cost = k
            best = c
    return best


def safe_cards(t: Table, cards: Hand, out: Hand) -> Hand:
    """The cards of ``cards`` that :func:`_safe_from` finds safe, a suit at a time:
    a plain card is safe above the highest card of its suit still out."""
    safe = cards & (1 << MIGHTY)
    if out >> MIGHTY & 1:
        return safe
    rest = cards & ~(1 << MIGHTY)
    if rest & JOKERS_MASK:
        if t.judge.lead_joker_key > 0:
            for j in (JOKER, JOKER + 1):
                if rest >> j & 1 and not out & JOKERS_MASK & ~(1 << j):
                    safe |= 1 << j
        rest &= ~JOKERS_MASK
    if out & JOKERS_MASK:
        return safe
    trump = t.trump
    if trump is not None:
        tj, bj = JACKS[trump]
        safe |= rest & (1 << tj)
        if not out >> tj & 1:
            safe |= rest & (1 << bj)
        if out >> tj & 1 or out >> bj & 1:
            return safe
        rest &= ~((1 << tj) | (1 << bj))
        if out & SUIT_MASKS[trump]:
            rest &= SUIT_MASKS[trump]  # a side-suit winner can still be ruffed
    for suit_mask in SUIT_MASKS:
        mine = rest & suit_mask
        if mine:
            theirs = out & suit_mask
            if theirs:
                mine &= ~((2 << (theirs.bit_length() - 1)) - 1)
            safe |= mine
    return safe


def name_joker_suit(t: Table, side: Sequence[int]) -> Suit | None:
    """The suit a led joker names: trump for the French side, else the richest suit."""
    me = t.to_act()
    names = joker_names(t.rules, t.trump, t.trick_no, t.hands[me] | 1 << JOKER)
    if len(names) <= 1:
        return names[0] if names else None
    french = me == t.napoleon or side[t.napoleon] > 0
    if french and t.trump in names:
        return t.trump
    out = _outstanding(t)
    best = names[0]
    best_n = -99
    for s in names:
        assert s is not None
        mine = (t.hands[me] & SUIT_MASKS[s]).bit_count()
        n = (out & SUIT_MASKS[s] & HONORS_MASK).bit_count() * 2 - mine
        if n > best_n:
            best_n = n
            best = s
    return best
