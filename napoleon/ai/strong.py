"""The search player: simulated bidding and determinized Monte Carlo card play.

* **Bidding**: :func:`napoleon.ai.bidding.choose_bid` plays out ``bid_samples``
  random deals per trump suit and bids where the expected points beat passing;
  passing over a high bid is worth the seat's points with that bidder played
  out as Napoleon in deals that fit its bid (``bid_in_points``).
* **Card play**: PIMC.  ``worlds`` deals of the unseen cards consistent with
  the view (voids shown, cards played, the kitty or face-up discards seen,
  the called card's holder revealed or not), drawn in surplus and resampled
  by how well the baseline's rules explain the play seen in each
  (:mod:`napoleon.ai.infer`: who the adjutant is, who holds what), every legal card
  tried in every world, playouts with the baseline's rules, exact minimax for
  the last ``exact_tricks`` tricks (at most ``exact_cards`` cards: six seats wait longer).
  On close decisions, in the roles of ``second_ply`` (the strong level: as
  Napoleon), the best few candidates are played on to the seat's next turn,
  where its card is chosen once per information set.
* **Tree search** (``ismcts``, off: measured, it gained nothing): in the roles
  named, the card is chosen by information-set MCTS over the same worlds
  (:mod:`napoleon.ai.ismcts`), its budget the flat search's playouts.
* **Call and discards**: a few candidates (the baseline's preferences) played
  out in ``contract_worlds`` sampled deals (:mod:`napoleon.ai.contract`).
* The change after the kitty follows the baseline's rule.
* **Opponents**: given the match's :class:`~napoleon.ai.opponents.OpponentModel`
  (``opponents``), the bidding fits each seat's hand to its bid within what
  that seat's earlier bids showed, and models a bold seat still to speak as
  opening on hope.

Budgets are counts, never clock time, so a seed reproduces every decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from math import fsum

from cardkit.steps import Steps, finish
from cardkit.tree import most_visited
from napoleon.actions import Action, Call, Discard, Pass, Play
from napoleon.ai.baseline import legal_bids, legal_play_mask, non_play_decision
from napoleon.ai.bidding import bids_shown, choose_bid, opening_of
from napoleon.ai.contract import search_call, search_discards
from napoleon.ai.infer import (
    INFER_MODELS,
    LEARNED,
    log_likelihood,
    mismatches,
    resample,
    resample_log,
    start_table,
)
from napoleon.ai.ismcts import Points, tree_search
from napoleon.ai.opponents import OpponentModel
from napoleon.ai.playout import Table
from napoleon.ai.search import (
    Candidate,
    NextTurn,
    candidates_of,
    cards_left,
    final_outcome,
    held_out_values,
    hidden_sides_of,
    next_turn_outcomes,
    second_ply_values,
    sides_of,
)
from napoleon.ai.worlds import (
    hidden_cards,
    lost_honors,
    public_table,
    sample_world,
    utilities,
)
from napoleon.game import Phase
from napoleon.rules import Rules
from napoleon.scoring import outcome_of
from napoleon.view import PlayerView


@dataclass(frozen=True)
class StrongPlayer:
    """PIMC search with a fixed budget (the normal and strong levels)."""

    worlds: int = 24
    bid_samples: int = 12
    exact_tricks: int = 2
    name: str = "strong"
    contract_worlds: int = 12
    #: worlds drawn per world kept, when there is play to infer from (1: no inference)
    infer_factor: int = 3
    #: weight of a world per play the baseline's rules would not have made there
    slip: float = 0.3
    #: playouts keep the adjutant unknown to the other seats until the called card falls
    hidden_roles: bool = True
    #: passing over a high bid is valued by playing that bidder's contract out
    bid_in_points: bool = True
    #: the exact endgame also waits until at most this many cards are left to play:
    #: three tricks of five seats cost ~3 ms per world, of six seats up to ~300 ms
    exact_cards: int = 15
    #: the roles ("napoleon", "adjutant", "ally") in which the playouts choose the
    #: searching seat's next card by search too: each of its cards tried there,
    #: one choice per information set over the sampled worlds
    #: (:func:`napoleon.ai.search.second_ply_values`), not the policy's; off by
    #: default, on as Napoleon at the strong level (:mod:`napoleon.ai.levels`)
    second_ply: tuple[str, ...] = ()
    #: the second ply's width, all counts: only the ``second_ply_top`` best
    #: candidates by the plain search, only those within ``second_ply_margin``
    #: points of the best (a close decision), and in the first
    #: ``second_ply_worlds`` worlds; its value corrects the plain one by what
    #: it gains over the policy's next card in those worlds
    second_ply_top: int = 2
    second_ply_margin: float = 1.0
    second_ply_worlds: int = 12
    #: each world's next card chosen from the other worlds of its information
    #: set, a world alone in its set keeping the policy's card
    #: (:func:`napoleon.ai.search.held_out_values`)
    second_ply_held_out: bool = False
    #: the roles in which the card is chosen by information-set tree search over
    #: the same worlds (:mod:`napoleon.ai.ismcts`) instead of the flat
    #: search (and its second ply); off by default.  The hints and the review
    #: keep the flat search's figures (:meth:`play_figures`)
    ismcts: tuple[str, ...] = ()
    #: the tree's exploration constant, in halves of the seat's spread of points
    ismcts_c: float = 0.7
    #: the tree's walks per candidate card (0: ``worlds``, the flat search's
    #: playouts per card), the worlds taken in turn
    ismcts_walks: int = 0
    #: in the tree, the other seats play the policy's card (only the searching
    #: seat's turns are searched): :mod:`napoleon.ai.ismcts`' following
    ismcts_follow: bool = False
    #: what the match's finished games showed of each seat; the bid
    #: decision reads it (:func:`napoleon.ai.bidding.choose_bid`); ``None``: nothing
    #: shown yet, or a player outside a match
    opponents: OpponentModel | None = None
    #: whether the bid decision reads ``opponents`` (off: the arena's A/B)
    read_opponents: bool = True
    #: what weighs the worlds by the play seen (:data:`napoleon.ai.infer.INFER_MODELS`):
    #: "baseline", ``slip`` per play the baseline's rules would not make, or
    #: "learned", the probability :mod:`napoleon.ai.predict`'s model gives each play
    infer_model: str = "baseline"
    #: "learned": its log-likelihood times this (below 1: flatter weights, more
    #: distinct worlds kept; 0.28 makes its baseline card weigh as ``slip`` 0.3 does)
    infer_temper: float = 1.0

    def __post_init__(self) -> None:
        if self.infer_model not in INFER_MODELS:
            raise ValueError(f"infer_model {self.infer_model!r}: expected one of "
                             f"{', '.join(INFER_MODELS)}")

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        if view.phase is Phase.PLAY:
            return self.play(view, rng)
        if view.phase is Phase.BID:
            high = (
                None
                if view.high_bid is None or view.high_bidder is None
                else (view.high_bidder, view.high_bid)
            )
            b = choose_bid(
                view.rules, view.seat, view.hand, legal_bids(view), self.bid_samples, rng,
                redeals=view.redeals, high=high if self.bid_in_points else None,
                opening=opening_of(view) if self.bid_in_points else None,
                shown=bids_shown(view) if self.bid_in_points else (),
                model=self.opponents if self.read_opponents else None,
            )
            return Pass() if b is None else b
        if view.phase is Phase.CALL and self.contract_worlds:
            return Call(search_call(view, rng, self.contract_worlds))
        if view.phase is Phase.EXCHANGE and self.contract_worlds:
            return Discard(search_discards(view, rng, self.contract_worlds))
        return non_play_decision(view)

    def play(self, view: PlayerView, rng: random.Random) -> Play:
        candidates = self.play_candidates(view)
        if len(candidates) == 1:
            c, named = candidates[0]
            return Play(c, named)
        if role_of(view) in self.ismcts:
            return self.ismcts_play(view, rng, candidates)
        figures = self.play_figures(view, rng, candidates)
        best = max(range(len(figures)), key=lambda i: (figures[i].value, -i))
        return figures[best].play

    def play_candidates(self, view: PlayerView) -> list[Candidate]:
        """The cards (and a led joker's named suits) the search compares."""
        legal = legal_play_mask(view)
        allowed = {(a.card, a.suit) for a in view.legal_actions if isinstance(a, Play)}
        return [c for c in candidates_of(public_table(view), legal) if c in allowed]

    def play_figures(
        self,
        view: PlayerView,
        rng: random.Random,
        candidates: Sequence[Candidate],
        worlds: int | None = None,
    ) -> list[CardFigures]:
        """What the search expects of each candidate, in ``candidates``' order.

        :meth:`play` picks the highest ``value`` (the first on a tie); the
        hints and the review (:mod:`napoleon.ai.analysis`) show these very
        figures.  ``worlds`` overrides the budget (one card: a few worlds,
        for the figures only, without inference).
        """
        return finish(self.play_figures_steps(view, rng, candidates, worlds))

    def play_figures_steps(
        self,
        view: PlayerView,
        rng: random.Random,
        candidates: Sequence[Candidate],
        worlds: int | None = None,
    ) -> Steps[list[CardFigures]]:
        """:meth:`play_figures` one sampled world per step (a hint in slices, which the
        page's worker can leave: :mod:`cardkit.steps`); same draws, same figures."""
        drawn = yield from self.draw_worlds_steps(view, rng, worlds)
        util_alone = utilities(view, alone=True)
        util_pair = utilities(view, alone=False)
        me = view.seat
        lost = lost_honors(view)
        n = len(candidates)
        value, wins, honors = [0.0] * n, [0.0] * n, [0.0] * n

        def credit(i: int, u: float, f: int, french: bool) -> None:
            """One world's outcome (utility ``u``, ``f`` French honors) for candidate ``i``."""
            value[i] += u
            wins[i] += 1.0 if made(view.rules, view.bid, f, lost) == french else 0.0
            honors[i] += f if french else max(0, 20 - f - lost)

        plain: list[list[float]] = [[] for _ in candidates]  # each world's utility
        taken: list[list[float]] = [[] for _ in candidates]  # each world's honors
        exact = False
        for w in drawn:
            util = util_alone if w.adjutant < 0 else util_pair
            french = w.is_french(me)
            sides = sides_of(w)
            hidden_sides = hidden_sides_of(w) if self.hidden_roles else None
            exact = w.last - w.trick_no < self.exact_tricks and cards_left(w) <= self.exact_cards
            for i, (c, named) in enumerate(candidates):
                t = w.copy()
                t.play(c, named)
                u, f = final_outcome(t, util, french, exact, sides, hidden_sides)
                credit(i, u, f, french)
                plain[i].append(u)
                taken[i].append(f if french else max(0, 20 - f - lost))
            yield
        # each world's value: the plain one, corrected by the second ply where it ran
        per_world = [list(p) for p in plain]
        # exact is the same in every world (public counts); the minimax already picks
        if not exact and role_of(view) in self.second_ply:
            for i in self.second_ply_picks(value, len(drawn)):
                c, named = candidates[i]
                turns: list[NextTurn] = []
                for w in drawn[: self.second_ply_worlds]:
                    t = w.copy()
                    t.play(c, named)
                    turns.append(next_turn_outcomes(
                        t, me, util_alone if w.adjutant < 0 else util_pair, w.is_french(me),
                        sides_of(w), hidden_sides_of(w) if self.hidden_roles else None,
                        self.exact_tricks, self.exact_cards,
                    ))
                    yield
                # fsum: exact, so CPython 3.11 and the page's 3.14 (whose sum() compensates) agree
                if self.second_ply_held_out:
                    held = held_out_values(turns)
                    deep = [plain[i][k] if u is None else u for k, u in enumerate(held)]
                else:
                    deep = [u for u, _ in second_ply_values(turns)]
                gain = fsum(deep) - fsum(plain[i][: len(turns)])
                value[i] += gain * len(drawn) / len(turns)
                # scaled as the mean's correction is, so the worlds' mean is ``value``
                scale = len(drawn) / len(turns)
                for j, d in enumerate(deep):
                    per_world[i][j] += (d - plain[i][j]) * scale
        k = max(1, len(drawn))
        return [
            CardFigures(Play(c, named), value[i] / k, wins[i] / k, honors[i] / k,
                        tuple(per_world[i]), tuple(taken[i]))
            for i, (c, named) in enumerate(candidates)
        ]

    def draw_worlds_steps(
        self, view: PlayerView, rng: random.Random, worlds: int | None = None
    ) -> Steps[list[Table]]:
        """The worlds the card play searches, one drawn (or weighed) per step:
        ``worlds`` (default: the budget) deals consistent with the view, drawn
        ``infer_factor`` times over and resampled by the inference once there is
        play to infer from (not when ``worlds`` overrides the budget)."""
        base = public_table(view)
        hidden, places = hidden_cards(view)
        seen = sum(len(t.cards) for t in view.tricks) + len(view.current_trick.cards)
        count = self.worlds if worlds is None else worlds
        factor = self.infer_factor if seen and worlds is None else 1
        drawn = []
        for _ in range(count * factor):
            drawn.append(sample_world(view, base, hidden, places, rng))
            yield
        if factor > 1:
            start = start_table(view, base)
            if self.infer_model == "learned":
                logs = []
                for w in drawn:
                    logs.append(self.infer_temper * log_likelihood(view, w, start, LEARNED))
                    yield
                drawn = resample_log(drawn, logs, count, rng)
            else:
                misses = []
                for w in drawn:  # replaying the tricks so far in each world: the costly part
                    misses.append(mismatches(view, w, start))
                    yield
                drawn = resample(drawn, misses, count, self.slip, rng)
        return drawn

    def ismcts_play(
        self, view: PlayerView, rng: random.Random, candidates: Sequence[Candidate]
    ) -> Play:
        """The card of the information-set tree search (:mod:`napoleon.ai.ismcts`) over
        the flat search's worlds, ``worlds × len(candidates)`` iterations (the flat
        search's number of playouts) unless ``ismcts_walks`` sets another count."""
        drawn = finish(self.draw_worlds_steps(view, rng))
        assert view.napoleon is not None
        points = Points(view.rules, view.bid, view.napoleon, lost_honors(view))
        walks = self.ismcts_walks or self.worlds
        root = tree_search(
            candidates, drawn, view.seat, points, walks * len(candidates),
            self.ismcts_c, self.exact_tricks, self.exact_cards, self.hidden_roles,
            self.ismcts_follow,
        )
        c, named = most_visited(root, candidates)
        return Play(c, named)

    def second_ply_picks(self, value: Sequence[float], worlds: int) -> list[int]:
        """The candidates the second ply revisits: the ``second_ply_top`` best by
        the plain search's total ``value`` over ``worlds`` worlds, those within
        ``second_ply_margin`` points of the best; none unless two are (a clear
        choice stays the plain search's, and costs nothing more)."""
        order = sorted(range(len(value)), key=lambda i: (-value[i], i))
        best = value[order[0]]
        close = [i for i in order[: self.second_ply_top]
                 if best - value[i] <= self.second_ply_margin * worlds]
        return close if len(close) > 1 else []


def role_of(view: PlayerView) -> str:
    """The seat's role as it knows it: "napoleon", "adjutant" or "ally"."""
    if view.is_napoleon:
        return "napoleon"
    holds_called = view.called is not None and bool(view.hand >> view.called & 1)
    if holds_called or (view.adjutant_known and view.adjutant == view.seat):
        return "adjutant"
    return "ally"


@dataclass(frozen=True)
class CardFigures:
    """One candidate card over the sampled worlds, for the seat that decides.

    ``value``: mean utility (points plus the search's tiny tie-break for
    honors); ``win``: the share of worlds where the seat's side wins;
    ``honors``: the honors the seat's side takes on average.
    """

    play: Play
    value: float
    win: float
    honors: float
    #: each world's value and honors, in the worlds' order (what the means are of:
    #: the hint's and the review's standard errors and paired differences)
    samples: tuple[float, ...] = field(default=(), repr=False, compare=False)
    honor_samples: tuple[float, ...] = field(default=(), repr=False, compare=False)


def made(rules: Rules, bid: int, french: int, lost: int) -> bool:
    """Whether the French side makes its contract with ``french`` honors at the end."""
    outcome, _ = outcome_of(rules, bid, french, max(0, 20 - french - lost))
    return outcome.name.startswith("FRENCH")
