"""Inference from play: how likely is a sampled world, given the cards seen?

A world (a guess of every hidden hand and of who the adjutant is) explains
the play so far well if the other seats, holding those hands and knowing
what they knew then, would have played what they did.  Each seat is
modelled by the baseline's rules: a play the rules would also have chosen
costs nothing, any other play multiplies the world's weight by ``slip``.
Worlds are drawn in surplus and resampled by these weights, so the search
spends its time in worlds that fit the play — and in particular learns who
the adjutant probably is from how the seats played to Napoleon's tricks.

A :class:`napoleon.ai.predict.LearnedModel` may weigh the worlds instead
(:func:`log_likelihood`, :func:`resample_log`): each play of the other seats
multiplies a world's weight by the probability the model gives it
(``StrongPlayer(infer_model="learned")``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from math import exp

from napoleon.ai.playout import Table
from napoleon.ai.policy import choose_play
from napoleon.ai.predict import LearnedModel
from napoleon.ai.predict_weights import WEIGHTS
from napoleon.cards import Card
from napoleon.view import PlayerView

#: What may weigh the worlds (``StrongPlayer.infer_model``).
INFER_MODELS = ("baseline", "learned")
#: The learned model with its committed weights (:mod:`napoleon.ai.predict_weights`).
LEARNED = LearnedModel(WEIGHTS)


def _plays(v: PlayerView) -> list[tuple[int, Card]]:
    """Every play so far as ``(seat, card)``, in order."""
    out = []
    n = v.players
    for t in (*v.tricks, v.current_trick):
        for i, c in enumerate(t.cards):
            out.append(((t.leader + i) % n, c))
    return out


def _belief(seat: int, t: Table, revealed: bool) -> list[int]:
    """What ``seat`` knew of the sides in the world ``t`` (before or after the reveal)."""
    n = t.players
    nap, adj = t.napoleon, t.adjutant
    if revealed or seat == adj or (seat == nap and adj < 0):
        french = seat in (nap, adj)
        return [1 if (s in (nap, adj)) == french else -1 for s in range(n)]
    if seat == nap:
        return [1 if s == seat else 0 for s in range(n)]
    return [1 if s == seat else (-1 if s == nap else 0) for s in range(n)]


def mismatches(v: PlayerView, world: Table, start: Table) -> int:
    """How many plays of the other seats the baseline would not have made in ``world``.

    ``start`` is the table at the first lead with only public facts; the
    world's hands at that time are its hands now plus what each seat played.
    """
    miss = 0
    for seat, t, belief, c in replay(v, world, start):
        if seat != v.seat and t.trick_no < t.last:
            guess, _ = choose_play(t, belief)
            if guess != c:
                miss += 1
    return miss


def replay(
    v: PlayerView, world: Table, start: Table
) -> Iterator[tuple[int, Table, list[int], Card]]:
    """Every play so far in ``world`` as ``(seat, table, belief, card)``: the
    table just before the seat played ``card`` and what the seat knew of the
    sides then (:func:`_belief`).  The table is the replay's own, changed
    once the next item is asked for: read it, do not keep or change it.
    """
    t = start.copy()
    t.hands = [world.hands[s] | v.played[s] for s in range(v.players)]
    t.adjutant = world.adjutant
    called = v.called if v.called is not None else -1
    revealed = False
    for seat, c in _plays(v):
        yield seat, t, _belief(seat, t, revealed), c
        named = None
        if not t.trick and c >= 52:
            named = _named(v, t.trick_no)
        t.play(c, named)
        if c == called:
            revealed = True


def _named(v: PlayerView, trick_no: int) -> int | None:
    tricks = (*v.tricks, v.current_trick)
    if trick_no < len(tricks):
        return tricks[trick_no].named_suit
    return None


def start_table(v: PlayerView, base: Table) -> Table:
    """The public table at the first lead of the play phase."""
    assert v.napoleon is not None
    t = base.copy()
    t.trick_no = 0
    t.leader = v.napoleon
    t.trick = []
    t.seats = []
    t.named = None
    t.honors = [0] * v.players
    t.held = 0
    t.pending = v.face_up_discards.bit_count()
    t.played = 0
    t.joker_called = False
    return t


def resample(
    worlds: Sequence[Table], misses: Sequence[int], count: int, slip: float, rng: random.Random
) -> list[Table]:
    """``count`` worlds drawn with weight ``slip ** misses`` (systematic resampling)."""
    best = min(misses)
    return _systematic(worlds, [slip ** (m - best) for m in misses], count, rng)


def log_likelihood(v: PlayerView, world: Table, start: Table, model: LearnedModel) -> float:
    """The log-probability, under ``model``, of the plays of the other seats in
    ``world`` (those :func:`mismatches` counts)."""
    total = 0.0
    for seat, t, belief, c in replay(v, world, start):
        if seat != v.seat and t.trick_no < t.last:
            total += model.log_prob(t, belief, c)
    return total


def resample_log(
    worlds: Sequence[Table], logs: Sequence[float], count: int, rng: random.Random
) -> list[Table]:
    """``count`` worlds drawn with weight ``exp(logs)`` (systematic resampling)."""
    best = max(logs)
    return _systematic(worlds, [exp(x - best) for x in logs], count, rng)


def _systematic(
    worlds: Sequence[Table], weights: Sequence[float], count: int, rng: random.Random
) -> list[Table]:
    total = sum(weights)
    step = total / count
    u = rng.random() * step
    out = []
    acc = 0.0
    i = 0
    for w, wt in zip(worlds, weights, strict=True):
        acc += wt
        while i < count and u + i * step < acc:
            out.append(w)
            i += 1
    while len(out) < count:
        out.append(worlds[-1])
    return out
