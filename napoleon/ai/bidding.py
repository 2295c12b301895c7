"""Bidding from simulated outcomes (the strong player).

For each trump suit the bidder deals the unseen cards at random many times,
plays each deal out as Napoleon with the baseline's call, discards and card
play for every seat, and counts the French side's honors.  The chance of
making each bid, times the scoring table, gives the expected points of
bidding.  It bids the cheapest legal bid whose expected points beat passing.

Passing is valued in points too.  Before anybody has bid it is
worth what an ally or adjutant usually earns under the table in force.  Once
somebody holds a bid, the sampled deals are drawn to fit that bid (the high
bidder's hand must be one that some bidder would bid on: its estimate plus
:data:`BIDDER_SLACK` reaches the bid, so a bold bidder's hope is allowed but
not a hand nobody would bid) and the high bidder is played out as Napoleon
at its bid and suit, with the baseline's call: this seat's points there count
its real chance of being called as adjutant (it holds the Mighty: it will be)
and the high bidder's real chance of making its contract.  A bold bidder at
a price it rarely makes is left to it: overbidding it is worth less than
defending against it.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from cardkit.steps import Steps, finish
from napoleon.actions import Bid
from napoleon.ai.evaluation import expected_honors
from napoleon.ai.exchange import baseline_bid, bid_facts, choose_call, choose_discards
from napoleon.ai.opponents import DEFAULT_SLACK, OpponentModel
from napoleon.ai.playout import Table
from napoleon.ai.policy import card_cost
from napoleon.ai.search import rollout, sides_of
from napoleon.cards import (
    HONORS_MASK,
    JOKERS_MASK,
    MIGHTY,
    RANK_A,
    SUIT_MASKS,
    SUITS,
    Card,
    Hand,
    Suit,
    card,
    cards_of,
)
from napoleon.phases.auction import all_bids, bid_strength
from napoleon.rules import Rules
from napoleon.scoring import TABLES, ZERO_SUM_TABLES, outcome_of, points_for
from napoleon.view import PlayerView

#: Honors a high bidder's hand may fall short of its bid in the sampled deals.
BIDDER_SLACK = DEFAULT_SLACK
ACES_MASK = sum(1 << card(s, RANK_A) for s in SUITS)
#: Most swaps that strengthen a high bidder's sampled hand towards its bid.
FIT_SWAPS = 12
#: Honors the bidder's own contract is credited beyond its simulation.  The
#: simulation plays every seat with the baseline's rules; the search levels
#: play Napoleon's cards, call and discards better, and make their contracts
#: more often than simulated (measured: 0.15-0.2 more often under sdc, mixi,
#: napoleon_l and four, about one honor), so without this they pass hands
#: worth bidding (mixi, ``bid_ab --set PLAY_EDGE=1,0``, 1,000 deals: strong
#: -0.14 ± 0.06 points a game without it).
PLAY_EDGE = 1
#: Throw-ins (``all_pass=redeal``) before passing starts to cost anything.  A
#: new deal is worth nothing to anybody under a zero-sum table, and a timid
#: table bids weaker and weaker hands after each throw-in, so an early
#: discount made the computers buy hopeless contracts (napoleon_l: Napoleon
#: in 73% of deals, making 33%).  After this many the discount still ends a
#: table that would otherwise redeal for ever.
REDEAL_PATIENCE = 4
#: Standard errors a bid's simulated gain over passing is discounted by
#: (:func:`sure_gain`), under zero-sum tables only: under the additive ones
#: (SdC, guruguru) a contract pays far more than passing and the discount only
#: cost bids worth making (SdC normal vs baseline, 200 deals: +1.29 with it,
#: +1.83 without; 6 players: +0.12 against +0.84).
NOISE_Z = 1.0
#: :data:`NOISE_Z` under the NAPOLEON L preset: none.  There the discount made
#: the search levels timid: strong became Napoleon in 6% of the deals (the
#: baseline 19%), making 75% of its contracts where its simulation (with
#: :data:`PLAY_EDGE`) predicted 69% (``bid_calibration --test strong
#: --reference baseline --preset napoleon_l``, 300 deals, 20 contracts), while
#: the oracle is Napoleon in 77% of the deals.  On the same deals without the
#: discount (``bid_ab --preset napoleon_l --test normal,strong --set
#: NOISE_Z=1.0,0.0 --deals 1000``, 175 auctions differ, 164 of them now our
#: contract): strong +0.092 ± 0.054, normal +0.056 ± 0.060 points a game.
#: Under mixi a smaller discount did not gain (0.5: strong -0.04 ± 0.11, 311
#: deals; 0: strong +0.04 ± 0.08, normal +0.01 ± 0.08, 1,000 deals: the hands
#: it takes over from allies gain, but it also bids hands it made more often
#: after waiting for a new deal), so the other zero-sum presets keep
#: :data:`NOISE_Z`.
NOISE_Z_NAPOLEON_L = 0.0
#: Honors the hand's own estimate (:func:`expected_honors`, its best trump)
#: may fall short of the cheapest legal bid before the bidder passes without
#: simulating (:func:`hopeless`), one more per throw-in beyond
#: :data:`REDEAL_PATIENCE`.  NAPOLEON L (minimum 15) throws in ~5 deals a game,
#: so a seat makes ~6 bid decisions a game, most on hands far from 15: measured
#: with normal in seat d % 5 of 350 deals, none of 385 decisions at a gap of 6
#: or more bid after simulating (at 5-6: 1 of 498), so those ~20% of its bid
#: decisions cost nothing now.  SdC, mixi, four and 6 players never reach the
#: gap at an opening bid (every estimate is 7 or more).
HOPELESS_GAP = 6.0


@dataclass(frozen=True)
class ContractResult:
    french: int
    alone: bool
    lost: int  # honors out of play (discarded under discard_honors=nobody)
    adjutant: int = -1  # the seat holding the called card (-1: Napoleon alone)


def simulate_contract(
    rules: Rules,
    hands: list[Hand],
    kitty: Hand,
    napoleon: int,
    trump: Suit | None,
    called: Card | None = None,
    discards: Hand | None = None,
) -> ContractResult:
    """Play one fully known deal out with ``napoleon`` holding the contract.

    The call and the discards are the baseline's unless given (``kitty`` may
    be 0 when Napoleon's hand already holds it).
    """
    hands = hands[:]
    own = hands[napoleon]
    full = own | kitty
    k = rules.kitty_size
    disc = discards if discards is not None else choose_discards(rules, full, trump, k)
    if called is None:
        called = choose_call(rules, own if not rules.exchange_first else full & ~disc, trump)
    hands[napoleon] = full & ~disc
    adjutant = -1
    for s in range(len(hands)):
        if s != napoleon and hands[s] >> called & 1:
            adjutant = s
    t = Table(rules, trump, napoleon, adjutant, hands)
    t.called = called
    honors = (disc & HONORS_MASK).bit_count()
    lost = 0
    if rules.discard_honors == "first_trick":
        t.pending = honors
    elif rules.discard_honors == "nobody":
        lost = honors
    rollout(t, sides_of(t))
    return ContractResult(t.french_honors(), adjutant < 0, lost, adjutant)


def deal_others(rules: Rules, me: int, hand: Hand, rng: random.Random) -> tuple[list[Hand], Hand]:
    """A random deal of the cards ``me`` cannot see: the other hands and the kitty."""
    rest = list(cards_of(rules.deck & ~hand))
    rng.shuffle(rest)
    n, h = rules.players, rules.hand_size
    hands = [0] * n
    hands[me] = hand
    i = 0
    for s in range(n):
        if s == me:
            continue
        for c in rest[i : i + h]:
            hands[s] |= 1 << c
        i += h
    kitty = 0
    for c in rest[i:]:
        kitty |= 1 << c
    return hands, kitty


def pass_value(rules: Rules) -> float:
    """Typical points of a seat that is not Napoleon (4 of 5 allies, 1 adjutant, even odds)."""
    with_adj = TABLES[rules.scoring][True]
    scale = 13 if rules.scoring == "bid" else 1
    ally = (with_adj["ally"][0] + with_adj["ally"][1]) / 2
    adj = (with_adj["adjutant"][0] + with_adj["adjutant"][1]) / 2
    others = rules.players - 1
    return scale * ((others - 1) * ally + adj) / others


def deal_fitting(
    rules: Rules,
    me: int,
    hand: Hand,
    high: tuple[int, Bid] | None,
    rng: random.Random,
    shown: tuple[tuple[int, Bid], ...] = (),
    model: OpponentModel | None = None,
) -> tuple[list[Hand], Hand]:
    """A random deal of the unseen cards in which the high bidder's hand fits its bid.

    Drawn at random, then, while the high bidder's estimate plus
    :data:`BIDDER_SLACK` falls short of its bid, one of its cheapest cards is
    swapped for a random strong card (its trump suit, the Mighty, a joker,
    an ace) held by another unseen place, at most :data:`FIT_SWAPS` times.
    Rejecting whole deals instead cannot reach the high bids (a fitting hand
    for 16 is rarer than one deal in fifty).

    ``shown``: the other bids seen (:func:`bids_shown`, seat and its last
    bid); each of those seats is then fitted to its bid the same way, taking
    strong cards only from the places not fitted yet.  A bidder who was
    outbid still showed a hand worth its bid: the strength it holds is not
    in the kitty or with a possible adjutant.

    ``model``: what the match has shown of each seat (:mod:`napoleon.ai.opponents`);
    a seat that has bid before is fitted within its own slack
    (:meth:`~napoleon.ai.opponents.OpponentModel.bidder_slack`) instead of
    :data:`BIDDER_SLACK`: a timid bidder's hand is close to its bid, a bold
    one's may be far below it.
    """
    hands, kitty = deal_others(rules, me, hand, rng)
    if high is None:
        return hands, kitty
    slacks = model.slacks() if model is not None else (BIDDER_SLACK,) * rules.players
    kitty = _fit(rules, me, hands, kitty, high, (), rng, slacks[high[0]])
    fitted = [high[0]]
    for seat, bid in shown:
        if seat not in (me, *fitted):
            kitty = _fit(rules, me, hands, kitty, (seat, bid), tuple(fitted), rng, slacks[seat])
            fitted.append(seat)
    return hands, kitty


def _fit(
    rules: Rules,
    me: int,
    hands: list[Hand],
    kitty: Hand,
    shown: tuple[int, Bid],
    kept: tuple[int, ...],
    rng: random.Random,
    slack: float = BIDDER_SLACK,
) -> Hand:
    """Swap strong cards into ``shown``'s bidder's hand until it fits its bid
    within ``slack`` honors (:func:`deal_fitting`), never from ``me`` or the
    ``kept`` seats; ``hands`` is changed in place, the kitty returned."""
    bidder, bid = shown
    facts = bid_facts(rules)
    strong = JOKERS_MASK | (1 << MIGHTY) | ACES_MASK
    if bid.suit is not None:
        strong |= SUIT_MASKS[bid.suit]
    for _ in range(FIT_SWAPS):
        if expected_honors(hands[bidder], bid.suit, facts) + slack >= bid.number:
            break
        places = [s for s in range(len(hands)) if s not in (me, bidder, *kept)]
        pool = [(s, c) for s in places for c in cards_of(hands[s] & strong)]
        pool += [(-1, c) for c in cards_of(kitty & strong)]
        mine = hands[bidder] & ~strong
        if not pool or not mine:
            break
        s, take = pool[rng.randrange(len(pool))]
        give = min(cards_of(mine), key=lambda c: card_cost(c, bid.suit))
        hands[bidder] ^= (1 << take) | (1 << give)
        if s < 0:
            kitty ^= (1 << take) | (1 << give)
        else:
            hands[s] ^= (1 << take) | (1 << give)
    return kitty


def bids_shown(view: PlayerView) -> tuple[tuple[int, Bid], ...]:
    """Every other seat's last bid this deal, except the high bidder's
    (which :func:`deal_fitting` fits first), strongest first."""
    last: dict[int, Bid] = {}
    for seat, action in view.auction:
        if isinstance(action, Bid) and seat != view.seat:
            last[seat] = action
    if view.high_bidder is not None:
        last.pop(view.high_bidder, None)
    return tuple(sorted(last.items(), key=lambda sb: -bid_strength(sb[1])))


@dataclass(frozen=True)
class Opening:
    """Who may still open the bidding after ``me`` passes, nobody having bid yet."""

    #: seats that have not spoken yet (everybody who spoke passed)
    to_speak: tuple[int, ...]
    first_bidder: int
    redeals: int = 0


def rival_bid(
    rules: Rules, hands: list[Hand], opening: Opening, model: OpponentModel | None = None
) -> tuple[int, Bid] | None:
    """The contract a seat still to speak would take, bidding by the baseline's
    rule: the strongest of their bids (the others would not outbid it).  With
    ``model``, a seat that has shown bold bids hopes for its
    :meth:`~napoleon.ai.opponents.OpponentModel.hope` on top of its estimate."""
    best: tuple[int, Bid] | None = None
    legal = list(all_bids(rules))
    for s in opening.to_speak:
        hope = 0.0 if model is None else model.hope(s)
        b = baseline_bid(rules, hands[s], legal, opening.redeals, hope)
        if b is not None and (best is None or bid_strength(b) > bid_strength(best[1])):
            best = (s, b)
    return best


def points_if_passing(
    rules: Rules,
    me: int,
    hands: list[Hand],
    kitty: Hand,
    opening: Opening,
    model: OpponentModel | None = None,
) -> float:
    """``me``'s points in one sampled deal if it passes before anybody has bid.

    A seat still to speak that would bid (:func:`rival_bid`) plays its
    contract out, ``me`` its adjutant or an ally.  If nobody would: under
    ``all_pass=redeal`` a new deal, worth nothing under a zero-sum table and
    a typical non-Napoleon's points (:func:`pass_value`) otherwise; else the
    first bidder plays no-trump 10 (SdC), which may be ``me``.
    """
    rival = rival_bid(rules, hands, opening, model)
    if rival is not None:
        r = simulate_contract(rules, hands, kitty, rival[0], rival[1].suit)
        return points_as_defender(rules, me, rival, [r])
    if rules.all_pass == "redeal":
        return 0.0 if rules.scoring in ZERO_SUM_TABLES else pass_value(rules)
    forced = (opening.first_bidder, Bid(10, None))
    r = simulate_contract(rules, hands, kitty, opening.first_bidder, None)
    if opening.first_bidder == me:
        return expected_points(rules, me, 10, [r], PLAY_EDGE)
    return points_as_defender(rules, me, forced, [r])


def simulated_honors(
    rules: Rules,
    me: int,
    hand: Hand,
    suits: list[Suit | None],
    samples: int,
    rng: random.Random,
    high: tuple[int, Bid] | None = None,
    opening: Opening | None = None,
    shown: tuple[tuple[int, Bid], ...] = (),
    model: OpponentModel | None = None,
) -> tuple[dict[Suit | None, list[ContractResult]], list[float]]:
    """For each trump, ``samples`` played-out deals with ``me`` as Napoleon (same deals);
    and ``me``'s points in each deal if it passes: with a high bid, the high
    bidder played out as Napoleon, ``me`` its adjutant when it holds the
    called card; before any bid, with ``opening``, :func:`points_if_passing`
    (with neither, no passing points)."""
    return finish(
        simulated_honors_steps(rules, me, hand, suits, samples, rng, high, opening, shown, model)
    )


def simulated_honors_steps(
    rules: Rules,
    me: int,
    hand: Hand,
    suits: list[Suit | None],
    samples: int,
    rng: random.Random,
    high: tuple[int, Bid] | None = None,
    opening: Opening | None = None,
    shown: tuple[tuple[int, Bid], ...] = (),
    model: OpponentModel | None = None,
) -> Steps[tuple[dict[Suit | None, list[ContractResult]], list[float]]]:
    """:func:`simulated_honors` one deal per step (a hint's search, :mod:`cardkit.steps`)."""
    out: dict[Suit | None, list[ContractResult]] = {s: [] for s in suits}
    passing: list[float] = []
    for _ in range(samples):
        hands, kitty = deal_fitting(rules, me, hand, high, rng, shown, model)
        for s in suits:
            out[s].append(simulate_contract(rules, hands, kitty, me, s))
        if high is not None:
            r = simulate_contract(rules, hands, kitty, high[0], high[1].suit)
            passing.append(points_as_defender(rules, me, high, [r]))
        elif opening is not None:
            passing.append(points_if_passing(rules, me, hands, kitty, opening, model))
        yield
    return out, passing


def points_as_defender(
    rules: Rules, me: int, high: tuple[int, Bid], results: list[ContractResult]
) -> float:
    """``me``'s mean points when the high bidder plays its contract (adjutant or ally)."""
    bidder, bid = high
    total = 0.0
    for r in results:
        outcome, _ = outcome_of(rules, bid.number, r.french, max(0, 20 - r.french - r.lost))
        adj = None if r.adjutant < 0 else r.adjutant
        total += points_for(rules, bidder, adj, bid.number, outcome)[me]
    return total / max(1, len(results))


def expected_points(
    rules: Rules, me: int, bid: int, results: list[ContractResult], edge: int = 0
) -> float:
    """``me``'s mean points as Napoleon at ``bid``; the contract is made with
    ``edge`` honors fewer than the bid (:data:`PLAY_EDGE`)."""
    total = sum(contract_points(rules, me, bid, r, edge) for r in results)
    return total / max(1, len(results))


def contract_points(rules: Rules, me: int, bid: int, r: ContractResult, edge: int = 0) -> float:
    """``me``'s points as Napoleon at ``bid`` in one played-out deal (see
    :func:`expected_points`), plus a tie-break for more honors."""
    outcome, _ = outcome_of(rules, bid - edge, r.french, max(0, 20 - r.french - r.lost))
    adj = None if r.alone else (me + 1) % rules.players
    return points_for(rules, me, adj, bid, outcome)[me] + 0.02 * r.french


def sure_gain(bidding: list[float], passing: list[float], z: float = NOISE_Z) -> float:
    """How much bidding beats passing in the same sampled deals, less
    :data:`NOISE_Z` standard errors of that mean.

    The bidder weighs four suits (five with no-trump) on a handful of deals
    each, many times over when deals are thrown in: the luckiest estimate of
    a weak hand looks worth bidding often enough to lose points (napoleon_l:
    contracts bid at a simulated 15-30% chance).  Discounting each estimate
    by its own noise keeps the bids the deals clearly support, under every
    table (the noise is in the table's own points).
    """
    if not passing:
        passing = [0.0] * len(bidding)
    diffs = [b - p for b, p in zip(bidding, passing, strict=True)]
    k = len(diffs)
    if k == 0:
        return float("-inf")
    mean = sum(diffs) / k
    if k == 1:
        return mean
    var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
    return mean - z * math.sqrt(var / k)


def noise_z(rules: Rules) -> float:
    """Standard errors a bid's gain is discounted by under ``rules``
    (:func:`sure_gain`): none under the additive tables, :data:`NOISE_Z_NAPOLEON_L`
    under the NAPOLEON L preset itself, else :data:`NOISE_Z`."""
    if rules.scoring not in ZERO_SUM_TABLES:
        return 0.0
    if rules.preset_name() == "napoleon_l":
        return NOISE_Z_NAPOLEON_L
    return NOISE_Z


def pass_penalty(rules: Rules, redeals: int, margin: float) -> float:
    """What a bid must beat passing by: ``margin``, less a discount per throw-in
    beyond :data:`REDEAL_PATIENCE` (a table that never bids never plays)."""
    win = TABLES[rules.scoring][True]["napoleon"][0] * (13 if rules.scoring == "bid" else 1)
    return margin - 0.15 * win * max(0, redeals - REDEAL_PATIENCE)


@dataclass(frozen=True)
class Weighing:
    """The simulations behind one bid decision (also what a review shows)."""

    rules: Rules
    me: int
    #: played-out deals with ``me`` as Napoleon, per trump (same deals for each)
    sims: dict[Suit | None, list[ContractResult]]
    #: ``me``'s points in each of those deals if it passes
    passing_points: list[float]
    #: what a bid's sure gain over passing must exceed (:func:`pass_penalty`)
    threshold: float

    @property
    def passing(self) -> float:
        return sum(self.passing_points) / max(1, len(self.passing_points))

    def gain(self, bid: Bid) -> float:
        """The bid's :func:`sure_gain` over passing, crediting :data:`PLAY_EDGE`
        (its noise discounted under zero-sum tables only, :func:`noise_z`)."""
        points = [
            contract_points(self.rules, self.me, bid.number, r, PLAY_EDGE)
            for r in self.sims[bid.suit]
        ]
        return sure_gain(points, self.passing_points, noise_z(self.rules))


def weigh_bids(
    rules: Rules,
    me: int,
    hand: Hand,
    legal: list[Bid],
    samples: int,
    rng: random.Random,
    margin: float = 0.3,
    redeals: int = 0,
    high: tuple[int, Bid] | None = None,
    opening: Opening | None = None,
    shown: tuple[tuple[int, Bid], ...] = (),
    model: OpponentModel | None = None,
) -> Weighing:
    """Every trump's contract and passing, played out in the same sampled deals."""
    return finish(
        weigh_bids_steps(
            rules, me, hand, legal, samples, rng, margin, redeals, high, opening, shown, model
        )
    )


def weigh_bids_steps(
    rules: Rules,
    me: int,
    hand: Hand,
    legal: list[Bid],
    samples: int,
    rng: random.Random,
    margin: float = 0.3,
    redeals: int = 0,
    high: tuple[int, Bid] | None = None,
    opening: Opening | None = None,
    shown: tuple[tuple[int, Bid], ...] = (),
    model: OpponentModel | None = None,
) -> Steps[Weighing]:
    """:func:`weigh_bids` one deal per step (a hint's search, :mod:`cardkit.steps`)."""
    suits: list[Suit | None] = list(SUITS)
    if any(b.suit is None for b in legal):
        suits.append(None)
    sims, passing_points = yield from simulated_honors_steps(
        rules, me, hand, suits, samples, rng, high, opening, shown, model
    )
    if not passing_points:
        passing_points = [pass_value(rules)] * samples
    return Weighing(rules, me, sims, passing_points, pass_penalty(rules, redeals, margin))


def hopeless(rules: Rules, hand: Hand, legal: list[Bid], redeals: int = 0) -> bool:
    """Whether ``hand`` is too far below every legal bid to be worth simulating
    (see :data:`HOPELESS_GAP`): the bidder passes at once."""
    if not legal:
        return True
    facts = bid_facts(rules)
    cheapest = min(b.number for b in legal)
    best = max(expected_honors(hand, s, facts) for s in {b.suit for b in legal})
    return cheapest - best >= HOPELESS_GAP + max(0, redeals - REDEAL_PATIENCE)


def weighed_bids(rules: Rules, legal: list[Bid]) -> list[Bid]:
    """The bids worth weighing: the cheapest per trump (a higher number pays
    only under the bid-linked table, where every bid is weighed)."""
    cheapest: dict[Suit | None, int] = {}
    for b in legal:
        if b.suit not in cheapest or b.number < cheapest[b.suit]:
            cheapest[b.suit] = b.number
    return [b for b in legal if rules.scoring == "bid" or b.number == cheapest[b.suit]]


def choose_bid(
    rules: Rules,
    me: int,
    hand: Hand,
    legal: list[Bid],
    samples: int,
    rng: random.Random,
    margin: float = 0.3,
    redeals: int = 0,
    high: tuple[int, Bid] | None = None,
    opening: Opening | None = None,
    shown: tuple[tuple[int, Bid], ...] = (),
    model: OpponentModel | None = None,
) -> Bid | None:
    """The legal bid that beats passing by the most, if any beats it clearly.

    Passing is worth this seat's simulated points in the same deals: with a
    high bid, that bidder as Napoleon (see the module text); before any bid,
    with ``opening``, the seat that would open instead (:func:`points_if_passing`);
    otherwise :func:`pass_value`.  A bid must beat passing by ``margin`` plus
    its own noise (:func:`sure_gain`); after many deals thrown in because
    everybody passed, by less each time (:func:`pass_penalty`).  Its own
    contract is credited :data:`PLAY_EDGE`.  A :func:`hopeless` hand passes
    without simulating.  ``model``: what the match has shown of each seat's
    bidding (:func:`deal_fitting`, :func:`rival_bid`).
    """
    if hopeless(rules, hand, legal, redeals):
        return None
    w = weigh_bids(
        rules, me, hand, legal, samples, rng, margin, redeals, high, opening, shown, model
    )
    best: Bid | None = None
    best_gain = w.threshold
    for b in weighed_bids(rules, legal):
        gain = w.gain(b)
        if gain > best_gain:
            best, best_gain = b, gain
    return best


def opening_of(view: PlayerView) -> Opening | None:
    """The seats still to speak, if nobody has bid yet (else None)."""
    if view.high_bid is not None:
        return None
    spoken = {seat for seat, _ in view.auction}
    n = view.rules.players
    to_speak = tuple(
        s
        for s in ((view.seat + k) % n for k in range(1, n))
        if s not in spoken
    )
    return Opening(to_speak, view.first_bidder, view.redeals)
