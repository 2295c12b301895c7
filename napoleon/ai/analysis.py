"""The strong computer's decision with its own statistics, one line per option.

:class:`StrongPlayer` returns one action; a hint and a review need more: for
each action it weighed, the expected points, the chance that the seat's side
wins and the honors its side is expected to take.  :func:`analyse` runs the
very same search as :meth:`StrongPlayer.decide` (same worlds drawn from the
same generator in the same order, same candidates, same playouts), keeping
those figures, so the first option is exactly the action the strong computer
plays for the same view and seed (a test checks it).

``extra``: an action the search would not have looked at (a player's own
bid, call or discards) is evaluated in the same worlds, so its cost against
the best is a fair comparison (common random numbers).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from napoleon.actions import Action, Bid, Call, Discard, Pass, Play
from napoleon.ai.baseline import legal_bids, legal_play_mask, non_play_decision
from napoleon.ai.bidding import (
    ContractResult,
    expected_points,
    pass_value,
    simulate_contract,
    simulated_honors,
)
from napoleon.ai.contract import _worlds, discard_candidates
from napoleon.ai.exchange import call_order
from napoleon.ai.infer import mismatches, resample, start_table
from napoleon.ai.playout import Table
from napoleon.ai.search import candidates_of, exact_value, hidden_sides_of, rollout, sides_of
from napoleon.ai.strong import StrongPlayer
from napoleon.ai.worlds import hidden_cards, public_table, sample_world, utilities
from napoleon.cards import SUITS, Suit
from napoleon.game import Phase
from napoleon.rules import Rules
from napoleon.scoring import TABLES, outcome_of
from napoleon.view import PlayerView

#: The strong level's budget (``napoleon.ai.levels.LEVELS["strong"]``).
STRONG = StrongPlayer(worlds=24, bid_samples=12, name="strong")


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


def made(rules: Rules, bid: int, french: int, lost: int) -> bool:
    """Whether the French side makes its contract with ``french`` honors at the end."""
    outcome, _ = outcome_of(rules, bid, french, max(0, 20 - french - lost))
    return outcome.name.startswith("FRENCH")


def analyse(
    view: PlayerView,
    seed: int,
    extra: Action | None = None,
    player: StrongPlayer = STRONG,
) -> Analysis:
    """The strong computer's options at ``view`` (the seat to act), best first."""
    rng = random.Random(seed)
    if view.phase is Phase.PLAY:
        opts = _play(view, rng, player)
    elif view.phase is Phase.BID:
        opts = _bid(view, rng, player, extra)
    elif view.phase is Phase.CALL and player.contract_worlds:
        opts = _call(view, rng, player, extra)
    elif view.phase is Phase.EXCHANGE and player.contract_worlds:
        opts = _discard(view, rng, player, extra)
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


def _play(view: PlayerView, rng: random.Random, p: StrongPlayer) -> list[Option]:
    """:meth:`StrongPlayer.play`, step for step, keeping honors and wins per card."""
    legal = legal_play_mask(view)
    base = public_table(view)
    allowed = {(a.card, a.suit) for a in view.legal_actions if isinstance(a, Play)}
    candidates = [c for c in candidates_of(base, legal) if c in allowed]
    hidden, places = hidden_cards(view)
    seen = sum(len(t.cards) for t in view.tricks) + len(view.current_trick.cards)
    if len(candidates) == 1:
        factor = 1
        count = max(4, p.worlds // 4)  # one card: a few worlds, for the figures only
    else:
        factor = p.infer_factor if seen else 1
        count = p.worlds
    worlds = [sample_world(view, base, hidden, places, rng) for _ in range(count * factor)]
    if factor > 1:
        start = start_table(view, base)
        misses = [mismatches(view, w, start) for w in worlds]
        worlds = resample(worlds, misses, count, p.slip, rng)
    util_alone = utilities(view, alone=True)
    util_pair = utilities(view, alone=False)
    n = len(candidates)
    value, honors, wins = [0.0] * n, [0.0] * n, [0.0] * n
    me = view.seat
    lost = _lost(view)
    for w in worlds:
        util = util_alone if w.adjutant < 0 else util_pair
        french = w.is_french(me)
        sides = sides_of(w)
        hidden_sides = hidden_sides_of(w) if p.hidden_roles else None
        exact = w.last - w.trick_no < p.exact_tricks
        for i, (c, named) in enumerate(candidates):
            t = w.copy()
            t.play(c, named)
            f = _final_french(t, util, french, exact, sides, hidden_sides)
            value[i] += util[f]
            ok = made(view.rules, view.bid, f, lost)
            wins[i] += 1.0 if ok == french else 0.0
            honors[i] += f if french else max(0, 20 - f - lost)
    k = max(1, len(worlds))
    opts = [
        Option(Play(c, named), value[i] / k, wins[i] / k, honors[i] / k)
        for i, (c, named) in enumerate(candidates)
    ]
    best = max(range(n), key=lambda i: (value[i], -i))
    return _ranked(opts, opts[best].action)


def _final_french(
    t: Table,
    util: list[float],
    french: bool,
    exact: bool,
    sides: list[list[int]],
    hidden: list[list[int]] | None,
) -> int:
    """The French honors at the end of ``t``: minimax near the end, else a playout."""
    if exact:
        v = exact_value(t, util, french, -1e9, 1e9)
        # The root's minimax value is a leaf's utility: find that leaf's honor count.
        return min(range(len(util)), key=lambda f: abs(util[f] - v))
    rollout(t, sides, hidden)
    return t.french_honors()


def _lost(view: PlayerView) -> int:
    from napoleon.ai.worlds import lost_honors

    return lost_honors(view)


# ---- bidding --------------------------------------------------------------------------


def _bid(
    view: PlayerView, rng: random.Random, p: StrongPlayer, extra: Action | None
) -> list[Option]:
    """:func:`napoleon.ai.bidding.choose_bid`'s simulations, one line per bid it weighs.

    Passing is worth what the strong computer demands of a bid before it bids:
    the typical points of a seat that is not Napoleon or, over a high bid, the
    seat's simulated points with that bidder as Napoleon; plus its margin.
    """
    rules = view.rules
    me = view.seat
    legal = legal_bids(view)
    margin = 0.3
    win_pts = TABLES[rules.scoring][True]["napoleon"][0] * (13 if rules.scoring == "bid" else 1)
    penalty = margin - 0.15 * win_pts * view.redeals
    if not legal:
        return [Option(Pass(), pass_value(rules) + penalty)]
    high = (
        (view.high_bidder, view.high_bid)
        if p.bid_in_points and view.high_bid is not None and view.high_bidder is not None
        else None
    )
    suits: list[Suit | None] = list(SUITS)
    if any(b.suit is None for b in legal):
        suits.append(None)
    sims, passing = simulated_honors(rules, me, view.hand, suits, p.bid_samples, rng, high)
    pass_points = pass_value(rules) if high is None else sum(passing) / max(1, len(passing))
    pass_opt = Option(Pass(), pass_points + penalty)
    cheapest: dict[Suit | None, int] = {}
    for b in legal:
        if b.suit not in cheapest or b.number < cheapest[b.suit]:
            cheapest[b.suit] = b.number
    weighed = [b for b in legal if rules.scoring == "bid" or b.number == cheapest[b.suit]]
    if isinstance(extra, Bid) and extra in legal and extra not in weighed:
        weighed.append(extra)
    opts = [pass_opt]
    best: Action = Pass()
    best_value = pass_opt.value
    for b in weighed:
        o = _contract_option(rules, me, b, b.number, sims[b.suit])
        opts.append(o)
        is_weighed = rules.scoring == "bid" or b.number == cheapest[b.suit]
        if is_weighed and o.value > best_value:
            best, best_value = b, o.value
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
) -> list[Option]:
    """:func:`napoleon.ai.contract.search_call`'s candidates (and ``extra``), figures kept."""
    rules = view.rules
    cands = [c for c in call_order(rules, view.trump) if not view.hand >> c & 1][:4]
    if not cands:
        cands = [call_order(rules, view.trump)[0]]
    if isinstance(extra, Call) and extra.card not in cands:
        cands.append(extra.card)
    results: list[list[ContractResult]] = [[] for _ in cands]
    known = view.discards if view.discards is not None else None
    if len(cands) > 1 or isinstance(extra, Call):
        for hands, pile in _worlds(view, rng, p.contract_worlds):
            kitty = 0 if rules.exchange_first else pile
            for i, c in enumerate(cands):
                results[i].append(
                    simulate_contract(
                        rules, hands, kitty, view.seat, view.trump, called=c,
                        discards=known or None,
                    )
                )
    opts = [
        _contract_option(rules, view.seat, Call(c), view.bid, results[i])
        if results[i] else Option(Call(c), 0.0)
        for i, c in enumerate(cands)
    ]
    searched = opts[: min(4, len(opts))] if len(cands) > 1 else opts[:1]
    best = max(range(len(searched)), key=lambda i: (searched[i].value, -i))
    return _ranked(opts, searched[best].action)


def _discard(
    view: PlayerView, rng: random.Random, p: StrongPlayer, extra: Action | None
) -> list[Option]:
    """:func:`napoleon.ai.contract.search_discards`'s candidates (and ``extra``)."""
    rules = view.rules
    cands = discard_candidates(view)
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
    opts = [
        _contract_option(rules, view.seat, Discard(d), view.bid, results[i])
        if results[i] else Option(Discard(d), 0.0)
        for i, d in enumerate(cands)
    ]
    best = max(range(searched), key=lambda i: (opts[i].value, -i))
    return _ranked(opts, opts[best].action)


__all__ = ["STRONG", "Analysis", "Option", "analyse", "made"]
