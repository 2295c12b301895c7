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

Which outstanding cards can beat a card comes from a table per trick judge
(:func:`beaters_of`).  The playouts of normal and strong read the rules in
force (``aware``): under NAPOLEON L the jacks beat the jokers and a second
joker does not beat a led one, under the 4-player sheet a plain J is the
lowest of its suit (and the one honor to feed a partner first).  The baseline
player (the arena's measuring stick) and the inference keep the SdC
reading (``aware=False``: every joker beats every jack, a J ranks between
10 and Q, no hunt), so figures against the baseline stay comparable with
earlier sessions.  Under SdC both readings are the same table.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.memo import ClearingCache
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
from napoleon.tricks import TrickJudge


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


def _lowest(cards: Hand, costs: list[int]) -> Card:
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


def _highest_honor(cards: Hand, costs: list[int], trump: Suit | None, dead: Hand = 0) -> Card:
    """The honor worth most to feed a partner (never a power card): a ``dead``
    honor (one that can never take a trick) first, else the highest."""
    if cards & dead:
        m = cards & dead
        return (m & -m).bit_length() - 1
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
    t: Table, side: Sequence[int], legal: Hand | None = None, aware: bool = False
) -> tuple[Card, Suit | None]:
    """The baseline's card (and a led joker's named suit) for the seat to act.

    ``legal`` overrides the table's own legality (a view knows it exactly);
    ``aware``: read the rules in force as the playouts do (module docstring).
    """
    if legal is None:
        legal = t.legal()
    if legal & (legal - 1) == 0:
        c = legal.bit_length() - 1
        return c, (name_joker_suit(t, side) if c >= JOKER and not t.trick else None)
    rd = reading_of(t.judge, aware)
    if not t.trick:
        c = _lead(t, legal, side, rd)
        return c, (name_joker_suit(t, side) if c >= JOKER else None)
    return _follow(t, legal, side, rd), None


def play_out(t: Table, sides: list[list[int]], hidden: list[list[int]] | None = None) -> None:
    """Play ``t`` to the end by these rules for every seat: :func:`choose_play`
    (``aware``) for the seat to act, its card played, until the last trick is done.

    ``sides[seat]`` is each seat's ``side``; with ``hidden``, seats play on those
    beliefs until the called card is played (:func:`napoleon.ai.search.rollout`).
    This is the playouts' loop, so :func:`choose_play` is written out in it.
    """
    called = t.called
    last, players = t.last, t.players
    rules, trump, hands = t.rules, t.trump, t.hands
    rd = reading_of(t.judge, True)
    free = rules.role_cards_free
    while t.trick_no <= last:
        trick = t.trick
        seat = (t.leader + len(trick)) % players
        hand = hands[seat]
        # :func:`legal_plays`, its usual cases written out: a lead after the
        # first trick, a follow with no joker call and no free role cards
        if not trick and t.trick_no:
            legal = hand
        elif trick and not free and not t.joker_called and trick[0] < JOKER:
            legal = hand & SUIT_MASKS[trick[0] // 13]
            legal = legal | (hand & JOKERS_MASK) if legal else hand
        else:
            legal = legal_plays(rules, trump, hand, trick, t.named, t.trick_no, t.joker_called)
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
            c = _lead(t, legal, side, rd)
            if c >= JOKER:
                named = name_joker_suit(t, side)
        else:
            c = _follow(t, legal, side, rd)
        t.play(c, named)


def wins_now(t: Table, c: Card) -> bool:
    """Would ``c``, played now by the seat to act, be winning the trick so far?

    For the last seat of a trick this is who takes the trick; the judge is
    the engine's own (:class:`napoleon.tricks.TrickJudge`).
    """
    return t.judge.winner([*t.trick, c], t.named, t.trick_no) == len(t.trick)


def _follow(t: Table, legal: Hand, side: Sequence[int], rd: Reading) -> Card:
    beat, costs = rd.beat, rd.costs
    trick = t.trick
    judge = t.judge
    named, trick_no = t.named, t.trick_no
    n = len(trick)
    win_i = t.win  # kept by the table (-1: not known, judged below)
    if win_i >= 0:
        mask = t.trick_mask
    else:
        win_i = judge.winner(trick, named, trick_no)
        mask = 0
        for c in trick:
            mask |= 1 << c
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
                b = beat[trick[win_i]]
                feed = b >= 0 and not out & b
                break
        if feed:
            h = _highest_honor(legal, costs, trump, rd.dead)
            if h >= 0:
                return h
        return _lowest(legal, costs)
    honors_here = (mask & HONORS_MASK).bit_count() + (t.pending if trick_no == 0 else 0)
    if rd.holds:
        # joker_holds (NAPOLEON L): the honors a joker took last trick go to
        # this trick's winner, so they are worth taking the trick for
        honors_here += t.held
    # An enemy (or a stranger) holds the trick: can we take it?
    cheapest = -1
    cheapest_cost = 1000
    m = judge.winners_next(trick, named, trick_no, legal, win_i, mask)  # winning it now
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        k = costs[c]
        if later:
            b = beat[c]
            if b < 0 or out & b:
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
    return _lowest(legal, costs)


def _outstanding(t: Table) -> Hand:
    """Cards not yet played and not in the hand of the seat to act."""
    return t.rules.deck & ~t.played & ~t.hands[(t.leader + len(t.trick)) % t.players]


def _safe_from(t: Table, c: Card, out: Hand, beat: list[Hand]) -> bool:
    """Whether no card still out (``out``: :func:`_outstanding`) beats ``c`` when it is
    led or already winning, by the judge's beaters (:func:`beaters_of`)."""
    b = beat[c]
    return b >= 0 and not out & b


#: The trump jack and back jack of each trump suit.
JACKS: tuple[tuple[Card, Card], ...] = tuple(
    (card(trump, RANK_J), card(trump ^ 3, RANK_J)) for trump in SUITS
)

#: A card that no outstanding card makes safe (a joker with no power, led).
NEVER_SAFE: int = -1


def sdc_beaters(judge: TrickJudge, c: Card) -> Hand:
    """The cards that may beat ``c`` led (or winning) as SdC ranks them, whatever
    the rules: the Mighty everything, every joker every jack (a second joker a
    first one), the trump jack the back jack, the jacks every other card, trumps
    a side suit, a higher card of its suit by face rank; a led joker with no
    power is never safe.  Yoromeki and same-2 are ignored (rare, and the baseline
    never counted them)."""
    if c == MIGHTY:
        return 0
    might = 1 << MIGHTY
    if c >= JOKER:
        if judge.lead_joker_key <= 0:
            return NEVER_SAFE
        return might | (judge.rules.deck & JOKERS_MASK & ~(1 << c))
    b = might | (judge.rules.deck & JOKERS_MASK)
    trump = judge.trump
    if trump is not None:
        tj, bj = JACKS[trump]
        if c == tj:
            return b
        if c == bj:
            return b | 1 << tj
        b |= 1 << tj | 1 << bj
        if c // 13 != trump:
            b |= SUIT_MASKS[trump]
    return b | (SUIT_MASKS[c // 13] & ~((2 << c) - 1))


def rule_beaters(judge: TrickJudge, c: Card) -> Hand:
    """The cards that may beat ``c`` led (or winning) under the judge's own rules:
    its keys for specials, trumps and the led suit (a plain J low under
    ``plain_jack_low``), the Mighty; a hunted trump jack's hunter is not one
    (see below), a hunter led is beaten by no trump jack.
    A second joker never beats an earlier one of equal rank.  Yoromeki and
    same-2 are ignored, as in :func:`sdc_beaters`."""
    if c == MIGHTY:
        return 0
    trump = judge.trump
    if c >= JOKER:
        key = judge.lead_joker_key
        if key < 0:
            return NEVER_SAFE
        led = trump if trump is not None else 4
    else:
        key = judge.trump_key[c] or judge.led_key[c]
        led = c // 13
    keys = judge.keys_by_led[led]
    b = 1 << MIGHTY
    for x in range(JOKER):
        if x != c and keys[x] > key:
            b |= 1 << x
    if judge.rules.jokers and judge.follow_joker_key > key:
        b |= JOKERS_MASK & ~(1 << c)
    if c == judge.hunt_jack:
        b &= ~(1 << judge.trump_jack)  # the hunter takes the trump jack's power
    # The hunter is not counted against the trump jack: to play it on a led
    # trump its holder must be out of trumps, and counting it kept Napoleon
    # from drawing trumps with the trump jack (four, 274 deals: normal
    # -0.14 +- 0.12 with it).
    return b & judge.rules.deck


def _beater_table(key: tuple[TrickJudge, bool]) -> list[Hand]:
    judge, aware = key
    rule = rule_beaters if aware else sdc_beaters
    return [rule(judge, c) for c in range(JOKER + 2)]


_BEATERS: ClearingCache[tuple[TrickJudge, bool], list[Hand]] = ClearingCache(
    _beater_table, limit=512
)


def beaters_of(judge: TrickJudge, aware: bool) -> list[Hand]:
    """``beat[c]``: the cards that may beat ``c`` (:func:`rule_beaters` when
    ``aware``, else :func:`sdc_beaters`), for every card, built once per judge."""
    return _BEATERS[judge, aware]


def rule_costs(judge: TrickJudge) -> list[int]:
    """:func:`cost_rule` with the power cards in the order of the judge's own
    ranks: the Mighty 60, then the costs :func:`cost_rule` gives the jokers and
    jacks with special power, handed out again strongest first (under NAPOLEON L
    the trump jack 55, the back jack 50, the jokers 45; where the ranks are
    SdC's, exactly :func:`cost_rule`)."""
    trump = judge.trump
    costs = list(COSTS[4 if trump is None else trump])
    powers: list[tuple[int, Card]] = []
    if judge.lead_joker_key >= 0:
        powers += [(judge.lead_joker_key, c) for c in (JOKER, JOKER + 1)]
    if trump is not None:
        tj, bj = JACKS[trump]
        powers += [(judge.trump_key[c], c) for c in (tj, bj) if judge.trump_key[c] >= 1000]
    levels = sorted({k for k, _ in powers}, reverse=True)
    values = sorted({costs[c] for _, c in powers}, reverse=True)
    if len(levels) == len(values):
        for k, c in powers:
            costs[c] = values[levels.index(k)]
    return costs


class Reading:
    """How the policy reads one judge's rules: who may beat each card
    (:func:`beaters_of`), what each card costs to give away, and whether a
    joker's honors are held (``joker_holds``, aware only), and the honors that
    can never take a trick (``dead``: a plain J under ``plain_jack_low``, aware
    only; fed to a winning partner first)."""

    __slots__ = ("beat", "costs", "dead", "holds")

    def __init__(self, judge: TrickJudge, aware: bool) -> None:
        self.beat = beaters_of(judge, aware)
        trump = judge.trump
        self.costs = rule_costs(judge) if aware else COSTS[4 if trump is None else trump]
        self.holds = aware and judge.rules.joker_holds
        self.dead = 0
        if aware and judge.rules.plain_jack_low:
            live = JACKS[trump] if trump is not None else ()
            for s in SUITS:
                j = card(s, RANK_J)
                if j not in live and j != judge.hunt_jack:
                    self.dead |= 1 << j


_READINGS: ClearingCache[tuple[TrickJudge, bool], Reading] = ClearingCache(
    lambda key: Reading(*key), limit=512
)


def reading_of(judge: TrickJudge, aware: bool) -> Reading:
    """The (cached) :class:`Reading` of ``judge``."""
    return _READINGS[judge, aware]


def _lead(t: Table, legal: Hand, side: Sequence[int], rd: Reading) -> Card:
    me = (t.leader + len(t.trick)) % t.players
    trump = t.trump
    french = side[t.napoleon] > 0 or me == t.napoleon
    out = t.rules.deck & ~t.played & ~t.hands[me]
    if trump is not None and french:
        trumps = legal & SUIT_MASKS[trump]
        if trumps and out & SUIT_MASKS[trump]:
            top = _best_safe(trumps, out, rd)
            if top >= 0:
                return top
    safe = _best_safe(legal & ~JOKERS_MASK & ~(1 << MIGHTY), out, rd)
    if safe >= 0 and (safe // 13 != trump or french):
        return safe
    # a low card of the shortest side suit
    costs = rd.costs
    best = -1
    best_key = (99, 99)
    for s in SUITS:
        if s == trump:
            continue
        cards = legal & SUIT_MASKS[s]
        if not cards:
            continue
        low = _lowest(cards, costs)
        key = (cards.bit_count() + (3 if cards & HONORS_MASK else 0), costs[low])
        if key < best_key:
            best_key = key
            best = low
    if best >= 0:
        return best
    return _lowest(legal, costs)


def _best_safe(cards: Hand, out: Hand, rd: Reading) -> Card:
    """The safest-to-lead winner among ``cards`` (the highest), or -1."""
    costs = rd.costs
    best = -1
    best_cost = -1
    m = safe_cards(cards, out, rd.beat)
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        k = costs[c]
        if k > best_cost:
            best_cost = k
            best = c
    return best


def safe_cards(cards: Hand, out: Hand, beat: list[Hand]) -> Hand:
    """The cards of ``cards`` that :func:`_safe_from` finds safe."""
    if out >> MIGHTY & 1:  # the Mighty beats everything else
        return cards & (1 << MIGHTY)
    safe = 0
    m = cards
    while m:
        low = m & -m
        m ^= low
        b = beat[low.bit_length() - 1]
        if b >= 0 and not out & b:
            safe |= low
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
