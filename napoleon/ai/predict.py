"""Models of how a seat plays its cards, for inference.

Each model gives, for the seat to act at a table (its true hand in it) and
what it knew of the sides then (``belief``, as :mod:`napoleon.ai.infer`
replays the play), a probability for each legal card:

* :func:`baseline_probs`: the baseline's rules as :mod:`napoleon.ai.infer`
  weights worlds today: the rules' card weighs 1, every other legal card
  ``slip``; normalised.
* :func:`habits_probs`: the same, with the share of trumps among a lead and
  among a card played off the led suit set to what the opponent model
  (:mod:`napoleon.ai.opponents`) counted for the seat's role (adjutant or ally;
  Napoleon keeps the baseline's).  The trump cards share that mass as the
  baseline's probabilities do.
* :class:`LearnedModel`: a softmax over the legal cards of a linear score of
  a few features of each card (:data:`FEATURES`: the baseline's card, cost,
  trump, honor, leading or following, winning the trick now, a partner
  winning), its weights fitted on games (:mod:`lab.napoleon.predict_check`
  fits them; :mod:`napoleon.ai.predict_weights` holds the ones committed).

Pure Python, no dependency: it runs in Pyodide as everywhere else.

>>> m = LearnedModel(tuple(1.0 if n == "baseline" else 0.0 for n in FEATURES))
>>> len(m.weights) == len(FEATURES)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from math import exp, fsum, log
from typing import Final

from napoleon.ai.opponents import SeatHabits
from napoleon.ai.playout import Table
from napoleon.ai.policy import choose_play, reading_of
from napoleon.cards import HONORS_MASK, JOKER, SUIT_MASKS, Card, Hand

#: The learned model's features of a legal card (see :func:`features`).
FEATURES: Final = (
    "baseline",  # the baseline's rules would play it
    "cost",  # the rules' cost of giving it away, / 60
    "lowest",  # the cheapest legal card
    "highest",  # the dearest legal card
    "honor",  # an honor that is no power card
    "power",  # the Mighty, a joker or a jack with power
    "trump",  # a plain trump
    "lead_trump",  # led, and a trump (plain or power)
    "lead_low_trump",  # led, and the cheapest trump in hand
    "lead_honor",  # led, and an honor
    "wins",  # following, and it would win the trick so far
    "wins_last",  # ... and the seat is the last to play to it
    "wins_over_partner",  # ... over a partner winning the trick
    "feed_partner",  # following, a partner winning, and an honor
    "ruff",  # following, off the led suit, and a trump
    "french_trump",  # the seat is French (believes so), and a trump
)
#: A probability below this counts as this in a log-likelihood (an impossible play).
FLOOR: Final = 1e-4
#: The trump share a habit count starts from (a prior of :data:`PRIOR_PLAYS` plays).
PRIOR_SHARE: Final = 0.5
PRIOR_PLAYS: Final = 2.0


def baseline_probs(t: Table, belief: Sequence[int], slip: float) -> dict[Card, float]:
    """The baseline's card weighs 1, every other legal card ``slip``; normalised."""
    legal = t.legal()
    guess, _ = choose_play(t, belief)
    cards = _cards(legal)
    total = 1.0 + slip * (len(cards) - 1)
    return {c: (1.0 if c == guess else slip) / total for c in cards}


def role_at(t: Table, seat: int) -> str:
    """The seat's role in the world ``t``: "napoleon", "adjutant" or "ally"."""
    if seat == t.napoleon:
        return "napoleon"
    return "adjutant" if seat == t.adjutant else "ally"


@dataclass(frozen=True, slots=True)
class TrumpShares:
    """What a habit count says of a role: the share of trump leads among its
    leads, and of trumps among its cards off the led suit."""

    lead: float
    ruff: float

    @staticmethod
    def of(h: SeatHabits, role: str) -> TrumpShares:
        """From the counts of ``role`` ("adjutant" or "ally"), each share shrunk
        towards :data:`PRIOR_SHARE` by :data:`PRIOR_PLAYS` plays."""
        leads = getattr(h, f"{role}_leads")
        trump_leads = getattr(h, f"{role}_trump_leads")
        off = getattr(h, f"{role}_off_suit")
        ruffs = getattr(h, f"{role}_ruffs")
        return TrumpShares(
            (trump_leads + PRIOR_SHARE * PRIOR_PLAYS) / (leads + PRIOR_PLAYS),
            (ruffs + PRIOR_SHARE * PRIOR_PLAYS) / (off + PRIOR_PLAYS),
        )


def summed_habits(habits: Sequence[SeatHabits]) -> SeatHabits:
    """The counts of several seats (or matches) added up."""
    names = [f.name for f in fields(SeatHabits)]
    return SeatHabits(**{n: sum(getattr(h, n) for h in habits) for n in names})


def habits_probs(
    t: Table, belief: Sequence[int], slip: float, shares: dict[str, TrumpShares]
) -> dict[Card, float]:
    """:func:`baseline_probs` with the trump share of a lead, or of a card off the
    led suit, set to the seat's role's ``shares`` (a role missing keeps the baseline's)."""
    p = baseline_probs(t, belief, slip)
    share = shares.get(role_at(t, t.to_act()))
    if share is None or t.trump is None:
        return p
    trumps = SUIT_MASKS[t.trump]
    if not t.trick:
        target = share.lead
    else:
        led = _led_suit(t)
        if led is None or any(c < JOKER and c // 13 == led for c in p):
            return p
        target = share.ruff
    mass = sum(q for c, q in p.items() if trumps >> c & 1)
    if mass <= 0.0 or mass >= 1.0:
        return p  # no trump, or nothing else: no choice to weigh
    up, down = target / mass, (1.0 - target) / (1.0 - mass)
    return {c: q * (up if trumps >> c & 1 else down) for c, q in p.items()}


#: One legal card for the learned model: the card, its features' indices, its cost / 60.
Row = tuple[Card, list[int], float]


def _led_suit(t: Table) -> int | None:
    first = t.trick[0]
    return first // 13 if first < JOKER else t.named


def _cards(m: Hand) -> list[Card]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


def features(t: Table, belief: Sequence[int], legal: Hand | None = None) -> list[Row]:
    """Each legal card (``legal``: :meth:`Table.legal` if not given) of the seat to
    act as ``(card, on, cost)``: the indices (into :data:`FEATURES`) of its
    features that hold, besides ``cost``, and the ``cost`` feature's value
    (index 1: the baseline's cost of giving the card away, / 60)."""
    if legal is None:
        legal = t.legal()
    cards = _cards(legal)
    me = t.to_act()
    guess, _ = choose_play(t, belief, legal)
    costs = reading_of(t.judge, False).costs
    trump = t.trump
    trumps = SUIT_MASKS[trump] if trump is not None else 0
    low = min(cards, key=lambda c: costs[c])
    high = max(cards, key=lambda c: costs[c])
    french = me == t.napoleon or belief[t.napoleon] > 0
    leading = not t.trick
    wins_mask = 0
    partner_winning = last = False
    led = None
    if not leading:
        trick = t.trick
        win_i = t.win if t.win >= 0 else t.judge.winner(trick, t.named, t.trick_no)
        mask = 0
        for c in trick:
            mask |= 1 << c
        wins_mask = t.judge.winners_next(trick, t.named, t.trick_no, legal, win_i, mask)
        partner_winning = belief[t.seats[win_i]] > 0
        last = len(trick) == t.players - 1
        led = _led_suit(t)
    low_trump = -1
    if leading and legal & trumps:
        low_trump = min((c for c in cards if trumps >> c & 1), key=lambda c: costs[c])
    out: list[Row] = []
    for c in cards:
        on: list[int] = []
        cost = costs[c]
        power = cost >= 45
        is_trump = bool(trumps >> c & 1) and not power
        honor = c < JOKER and bool(HONORS_MASK >> c & 1) and not power
        if c == guess:
            on.append(0)
        if c == low:
            on.append(2)
        if c == high:
            on.append(3)
        if honor:
            on.append(4)
        if power:
            on.append(5)
        if is_trump:
            on.append(6)
        if leading:
            if is_trump or (power and c < JOKER and trumps >> c & 1):
                on.append(7)
            if c == low_trump:
                on.append(8)
            if honor:
                on.append(9)
        else:
            if wins_mask >> c & 1:
                on.append(10)
                if last:
                    on.append(11)
                if partner_winning:
                    on.append(12)
            if partner_winning and honor:
                on.append(13)
            if is_trump and led is not None and led != trump:
                on.append(14)
        if french and is_trump:
            on.append(15)
        out.append((c, on, cost / 60.0))
    return out


@dataclass(frozen=True, slots=True)
class LearnedModel:
    """A softmax over the legal cards of ``weights`` · the card's features."""

    weights: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES):
            raise ValueError(f"{len(self.weights)} weights for {len(FEATURES)} features")

    def probs(self, t: Table, belief: Sequence[int]) -> dict[Card, float]:
        """The probability of each legal card of the seat to act."""
        return softmax(self.weights, features(t, belief))

    def log_prob(self, t: Table, belief: Sequence[int], card: Card) -> float:
        """``log`` of :meth:`probs`' figure for ``card`` (floored at :data:`FLOOR`);
        a forced card (the one legal card) is 0 without computing a feature."""
        legal = t.legal()
        if legal & (legal - 1) == 0:
            return 0.0 if legal >> card & 1 else log(FLOOR)
        p = softmax(self.weights, features(t, belief, legal))
        return log(max(FLOOR, p.get(card, 0.0)))



def score(weights: Sequence[float], on: Sequence[int], cost: float) -> float:
    """``weights`` · the features (fsum: CPython 3.11 and Pyodide's 3.14 agree)."""
    return fsum([weights[1] * cost, *(weights[i] for i in on)])


def softmax(weights: Sequence[float], rows: Sequence[Row]) -> dict[Card, float]:
    """The probability of each row's card: ``exp(score)`` normalised."""
    scores = [score(weights, on, cost) for _, on, cost in rows]
    top = max(scores)
    es = [exp(s - top) for s in scores]
    total = fsum(es)
    return {c: e / total for (c, _, _), e in zip(rows, es, strict=True)}
