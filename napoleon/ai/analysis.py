"""The strong computer's decision with its own statistics, one line per option.

:class:`StrongPlayer` returns one action; a hint and a review need more: for
each action it weighed, the expected points, the chance that the seat's side
wins and the honors its side is expected to take.  In the card play these are
the figures the strong computer itself chooses by
(:meth:`StrongPlayer.play_figures`); for the bid, the call and the discards
:func:`analyse` runs the same simulations as :meth:`StrongPlayer.decide`
(same worlds drawn from the same generator in the same order, same
candidates), keeping those figures.  Either way the first option is exactly
the action the strong computer plays for the same view and seed (a test
checks it).

``extra``: an action the search would not have looked at (a player's own
bid, call or discards) is evaluated in the same worlds, so its cost against
the best is a fair comparison (common random numbers).

One evaluator for the hint and the review: the worlds are drawn from a seed
the position itself gives (:func:`position_seed`, a hash of the seat's view),
never from the order of calls, so the hint at a decision and the review of
the same decision weigh every candidate in the very same worlds and agree on
the figures and on the best.  Each option keeps its per-world results, and
the analysis gives each the standard error of its mean and its paired loss
against the best (the per-world differences' mean and standard error): the
review counts a loss only beyond that uncertainty, and the page says "about"
where options are within it.  The best is the option with the highest
expected points, the figure the page shows first (on a tie, the search's
first candidate); where a shortcut of the strong computer's (a hopeless hand
passed unsimulated, going alone only when it surely beats a partner) would
choose otherwise, the hint follows the figures it shows.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from cardkit.advice import NOISE_Z, RankedOptions, mean_se, paired_se
from cardkit.advice import position_seed as seed_of_view_json
from cardkit.steps import Steps, finish
from napoleon.actions import Action, Bid, Call, Discard, Pass
from napoleon.ai.baseline import legal_bids, non_play_decision
from napoleon.ai.bidding import (
    PLAY_EDGE,
    ContractResult,
    bids_shown,
    contract_points,
    expected_points,
    opening_of,
    pass_penalty,
    pass_value,
    simulate_contract,
    weigh_bids_steps,
    weighed_bids,
)
from napoleon.ai.contract import (
    _worlds,
    alone_call,
    best_call,
    call_candidates,
    call_results,
    discard_candidates,
    worth_trying_alone,
)
from napoleon.ai.levels import LEVELS
from napoleon.ai.strong import StrongPlayer, made
from napoleon.game import Phase
from napoleon.rules import Rules
from napoleon.view import PlayerView

_level = LEVELS["strong"]
assert isinstance(_level, StrongPlayer)
#: The strong level itself, so hints and the review weigh what it weighs.
STRONG: StrongPlayer = _level


@dataclass(frozen=True)
class Option:
    """One action and what the search expects of it, for the seat that decides.

    ``value``: expected points (with the search's tiny tie-break for honors);
    ``win``: the chance the seat's side wins the game (0..1); ``honors``: the
    honors the seat's side is expected to take.  ``win``/``honors`` are
    ``None`` where the search has no such figure (passing, the change).
    """

    action: Action
    value: float
    win: float | None = None
    honors: float | None = None
    #: the standard error of ``value`` over the sampled worlds (0: one world, or none)
    se: float = 0.0
    #: the best option's ``value`` less this one's (0 for the best itself) ...
    loss: float = 0.0
    #: ... and that difference's standard error, from the per-world differences
    loss_se: float = 0.0
    #: likewise the honors the seat's side takes fewer than with the best (``None``:
    #: no honors figure on one side), and its standard error
    honors_loss: float | None = None
    honors_loss_se: float = 0.0
    #: each sampled world's points and honors (what the figures above are made of)
    samples: tuple[float, ...] = field(default=(), repr=False, compare=False)
    honor_samples: tuple[float, ...] = field(default=(), repr=False, compare=False)

    def within_noise(self, z: float = 2.0) -> bool:
        """Whether this option's loss against the best is inside ``z`` standard
        errors of the paired difference (the best itself: always)."""
        return self.loss <= z * self.loss_se


@dataclass(frozen=True)
class Analysis(RankedOptions[Option]):
    """The options of one decision, the best by expected points first."""

    seat: int
    phase: Phase
    options: tuple[Option, ...]



def position_seed(view: PlayerView) -> int:
    """The seed of the worlds weighed at ``view`` (:func:`cardkit.advice.position_seed`
    of its JSON): the hint while playing and the review afterwards draw the same."""
    return seed_of_view_json(view.to_json())


def with_losses(opts: Sequence[Option]) -> list[Option]:
    """``opts`` best first (the highest ``value``; on a tie the earlier), each with its
    standard error and its paired loss against the best."""
    if not opts:
        return []
    order = sorted(range(len(opts)), key=lambda i: (-opts[i].value, i))
    best = opts[order[0]]
    out = []
    for i in order:
        o = opts[i]
        honors_loss = None
        if o.honors is not None and best.honors is not None:
            honors_loss = best.honors - o.honors
        out.append(replace(
            o,
            se=mean_se(o.samples)[1],
            loss=best.value - o.value,
            loss_se=paired_se(best.samples, o.samples) if o is not best else 0.0,
            honors_loss=honors_loss,
            honors_loss_se=(paired_se(best.honor_samples, o.honor_samples)
                            if o is not best else 0.0),
        ))
    return out


def analyse(
    view: PlayerView,
    seed: int | None = None,
    extra: Action | None = None,
    player: StrongPlayer = STRONG,
) -> Analysis:
    """The strong computer's options at ``view`` (the seat to act), best first."""
    return finish(analysis_steps(view, seed, extra, player))


def analysis_steps(
    view: PlayerView,
    seed: int | None = None,
    extra: Action | None = None,
    player: StrongPlayer = STRONG,
) -> Steps[Analysis]:
    """:func:`analyse` in steps (a sampled world, a deal or a played-out discard set
    each), so the page's worker can leave a hint nobody waits for any more
    (:mod:`cardkit.steps`); the result is :func:`analyse`'s whatever the slices.
    ``seed``: the worlds' seed (default: the position's, :func:`position_seed`)."""
    rng = random.Random(position_seed(view) if seed is None else seed)
    if view.phase is Phase.PLAY:
        opts = yield from _play(view, rng, player)
    elif view.phase is Phase.BID:
        opts = yield from _bid(view, rng, player, extra)
    elif view.phase is Phase.CALL and player.contract_worlds:
        opts = yield from _call(view, rng, player, extra)
    elif view.phase is Phase.EXCHANGE and player.contract_worlds:
        opts = yield from _discard(view, rng, player, extra)
    else:
        opts = [Option(non_play_decision(view), 0.0)]
        if extra is not None and extra != opts[0].action:
            opts.append(Option(extra, 0.0))
    return Analysis(view.seat, view.phase, tuple(with_losses(opts)))


# ---- card play ----------------------------------------------------------------------


def _play(view: PlayerView, rng: random.Random, p: StrongPlayer) -> Steps[list[Option]]:
    """:meth:`StrongPlayer.play_figures`, the very figures the strong computer picks by."""
    candidates = p.play_candidates(view)
    # One card: the computer does not search; a few worlds give the figures.
    few = max(4, p.worlds // 4) if len(candidates) == 1 else None
    figures = yield from p.play_figures_steps(view, rng, candidates, few)
    return [Option(f.play, f.value, f.win, f.honors, samples=f.samples,
                   honor_samples=f.honor_samples) for f in figures]


# ---- bidding --------------------------------------------------------------------------


def _bid(
    view: PlayerView, rng: random.Random, p: StrongPlayer, extra: Action | None
) -> Steps[list[Option]]:
    """:func:`napoleon.ai.bidding.choose_bid`'s simulations, one line per bid it weighs.

    Passing is worth the seat's simulated points if it passes plus what the
    strong computer demands of a bid before it bids; a bid, passing's points
    plus its sure gain over passing (:meth:`napoleon.ai.bidding.Weighing.gain`).
    """
    rules = view.rules
    me = view.seat
    legal = legal_bids(view)
    high = (
        (view.high_bidder, view.high_bid)
        if p.bid_in_points and view.high_bid is not None and view.high_bidder is not None
        else None
    )
    if not legal:
        return [Option(Pass(), pass_value(rules) + pass_penalty(rules, view.redeals, 0.3))]
    opening = opening_of(view) if p.bid_in_points else None
    w = yield from weigh_bids_steps(
        rules, me, view.hand, legal, p.bid_samples, rng, redeals=view.redeals, high=high,
        opening=opening, shown=bids_shown(view) if p.bid_in_points else (),
    )
    pass_opt = Option(Pass(), w.passing + w.threshold,
                      samples=tuple(p + w.threshold for p in w.passing_points))
    weighed = weighed_bids(rules, legal)
    if isinstance(extra, Bid) and extra in legal and extra not in weighed:
        weighed.append(extra)
    opts = [pass_opt]
    for b in weighed:
        value = w.passing + w.gain(b)
        o = _contract_option(rules, me, b, b.number, w.sims[b.suit], PLAY_EDGE)
        # each deal's points less the noise discount the gain carries, so that the
        # deals' mean is the figure shown and their differences stay paired with passing's
        shift = math.fsum(o.samples) / max(1, len(o.samples)) - value
        opts.append(replace(o, value=value, samples=tuple(x - shift for x in o.samples)))
    return opts


def _contract_option(
    rules: Rules, me: int, action: Action, bid: int, results: list[ContractResult],
    edge: int = 0,
) -> Option:
    """Napoleon's figures for played-out deals at ``bid``, each deal's kept."""
    k = max(1, len(results))
    wins = sum(made(rules, bid, r.french, r.lost) for r in results)
    honors = sum(r.french for r in results)
    return Option(action, expected_points(rules, me, bid, results), wins / k, honors / k,
                  samples=tuple(contract_points(rules, me, bid, r, edge) for r in results),
                  honor_samples=tuple(float(r.french) for r in results))


# ---- the call and the discards -------------------------------------------------------------


def _call(
    view: PlayerView, rng: random.Random, p: StrongPlayer, extra: Action | None
) -> Steps[list[Option]]:
    """:func:`napoleon.ai.contract.search_call`'s candidates (and ``extra``), figures kept."""
    rules = view.rules
    cands = call_candidates(view)
    searched = len(cands)
    if isinstance(extra, Call) and extra.card not in cands:
        cands.append(extra.card)
    results: list[list[ContractResult]] = [[] for _ in cands]
    if len(cands) > 1 or isinstance(extra, Call):
        drawn = _worlds(view, rng, p.contract_worlds)
        for i, c in enumerate(cands):
            results[i] = call_results(view, drawn, c)
            yield
    best = best_call(rules, view.seat, view.bid, results[:searched]) if searched > 1 else 0
    if searched > 1 and worth_trying_alone(rules, view.bid, results[best]):
        lone = alone_call(view)
        if lone not in cands:
            cands.append(lone)
            results.append(call_results(view, drawn, lone))
    return [
        _contract_option(rules, view.seat, Call(c), view.bid, results[i])
        if results[i] else Option(Call(c), 0.0)
        for i, c in enumerate(cands)
    ]


def _discard(
    view: PlayerView, rng: random.Random, p: StrongPlayer, extra: Action | None
) -> Steps[list[Option]]:
    """:func:`napoleon.ai.contract.search_discards`'s candidates (and ``extra``)."""
    rules = view.rules
    cands = discard_candidates(view)
    yield
    if isinstance(extra, Discard) and extra.cards not in cands:
        cands.append(extra.cards)
    results: list[list[ContractResult]] = [[] for _ in cands]
    if len(cands) > 1:
        for hands, _pile in _worlds(view, rng, p.contract_worlds):
            for i, d in enumerate(cands):
                results[i].append(
                    simulate_contract(
                        rules, hands, 0, view.seat, view.trump, called=view.called, discards=d
                    )
                )
                yield  # up to 21 candidates a world: one step each
    return [
        _contract_option(rules, view.seat, Discard(d), view.bid, results[i])
        if results[i] else Option(Discard(d), 0.0)
        for i, d in enumerate(cands)
    ]


__all__ = [
    "NOISE_Z", "STRONG", "Analysis", "Option", "analyse", "analysis_steps", "made", "mean_se",
    "paired_se", "position_seed", "with_losses",
]
