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
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from cardkit.steps import Steps, finish
from napoleon.actions import Action, Bid, Call, Discard, Pass
from napoleon.ai.baseline import legal_bids, non_play_decision
from napoleon.ai.bidding import (
    ContractResult,
    bids_shown,
    expected_points,
    hopeless,
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
    lone_beats,
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


@dataclass(frozen=True)
class Analysis:
    """The options of one decision, the strong computer's choice first."""

    seat: int
    phase: Phase
    options: tuple[Option, ...]

    @property
    def best(self) -> Option:
        return self.options[0]

    def option_for(self, action: Action) -> Option | None:
        return next((o for o in self.options if o.action == action), None)


def analyse(
    view: PlayerView,
    seed: int,
    extra: Action | None = None,
    player: StrongPlayer = STRONG,
) -> Analysis:
    """The strong computer's options at ``view`` (the seat to act), best first."""
    return finish(analysis_steps(view, seed, extra, player))


def analysis_steps(
    view: PlayerView,
    seed: int,
    extra: Action | None = None,
    player: StrongPlayer = STRONG,
) -> Steps[Analysis]:
    """:func:`analyse` in steps (a sampled world, a deal or a played-out discard set
    each), so the page's worker can leave a hint nobody waits for any more
    (:mod:`cardkit.steps`); the result is :func:`analyse`'s whatever the slices."""
    rng = random.Random(seed)
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
    return Analysis(view.seat, view.phase, tuple(opts))


def _ranked(opts: list[Option], first: Action) -> list[Option]:
    """``first`` (the strong computer's pick) first, the rest by value, best first."""
    top = [o for o in opts if o.action == first]
    rest = sorted((o for o in opts if o.action != first), key=lambda o: -o.value)
    return top + rest


# ---- card play ----------------------------------------------------------------------


def _play(view: PlayerView, rng: random.Random, p: StrongPlayer) -> Steps[list[Option]]:
    """:meth:`StrongPlayer.play_figures`, the very figures the strong computer picks by."""
    candidates = p.play_candidates(view)
    # One card: the computer does not search; a few worlds give the figures.
    few = max(4, p.worlds // 4) if len(candidates) == 1 else None
    figures = yield from p.play_figures_steps(view, rng, candidates, few)
    opts = [Option(f.play, f.value, f.win, f.honors) for f in figures]
    best = max(range(len(figures)), key=lambda i: (figures[i].value, -i))
    return _ranked(opts, opts[best].action)


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
    pass_opt = Option(Pass(), w.passing + w.threshold)
    weighed = weighed_bids(rules, legal)
    is_weighed = set(weighed)
    if isinstance(extra, Bid) and extra in legal and extra not in is_weighed:
        weighed.append(extra)
    opts = [pass_opt]
    best: Action = Pass()
    best_gain = w.threshold
    for b in weighed:
        gain = w.gain(b)
        o = _contract_option(rules, me, b, b.number, w.sims[b.suit])
        opts.append(replace(o, value=w.passing + gain))
        if b in is_weighed and gain > best_gain:
            best, best_gain = b, gain
    if hopeless(rules, view.hand, legal, view.redeals):
        best = Pass()  # the computer passes such a hand unsimulated; the figures still show
    return _ranked(opts, best)


def _contract_option(
    rules: Rules, me: int, action: Action, bid: int, results: list[ContractResult]
) -> Option:
    """Napoleon's figures for played-out deals at ``bid``."""
    k = max(1, len(results))
    wins = sum(made(rules, bid, r.french, r.lost) for r in results)
    honors = sum(r.french for r in results)
    return Option(action, expected_points(rules, me, bid, results), wins / k, honors / k)


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
    first = cands[best]
    if searched > 1 and worth_trying_alone(rules, view.bid, results[best]):
        lone = alone_call(view)
        lone_results = call_results(view, drawn, lone)
        if lone_beats(rules, view.seat, view.bid, lone_results, results[best]):
            first = lone
        if lone not in cands:
            cands.append(lone)
            results.append(lone_results)
    opts = [
        _contract_option(rules, view.seat, Call(c), view.bid, results[i])
        if results[i] else Option(Call(c), 0.0)
        for i, c in enumerate(cands)
    ]
    return _ranked(opts, Call(first))


def _discard(
    view: PlayerView, rng: random.Random, p: StrongPlayer, extra: Action | None
) -> Steps[list[Option]]:
    """:func:`napoleon.ai.contract.search_discards`'s candidates (and ``extra``)."""
    rules = view.rules
    cands = discard_candidates(view)
    yield
    searched = len(cands)
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
    opts = [
        _contract_option(rules, view.seat, Discard(d), view.bid, results[i])
        if results[i] else Option(Discard(d), 0.0)
        for i, d in enumerate(cands)
    ]
    best = max(range(searched), key=lambda i: (opts[i].value, -i))
    return _ranked(opts, opts[best].action)


__all__ = ["STRONG", "Analysis", "Option", "analyse", "analysis_steps", "made"]
