"""One evaluator for Durak's hint and its review: the strong computer's own search,
with the figure it ranks by and that figure's uncertainty, one line per candidate.

:func:`analyse` runs :class:`durak.ai.search.StrongPlayer` exactly as the ``strong``
level plays (:func:`durak.ai.levels.player_for`; no wall-clock cap, so the answer
depends only on what it is given): at 2 players the information-set tree
(:mod:`durak.ai.ismcts`) on :data:`durak.ai.levels.STRONG_DUEL_WORLDS` worlds, its
opponent's nodes the best reply or, once ``reading`` (the seat's log-odds that the
other player plays as the baseline, :mod:`durak.ai.reader`) passes
:data:`durak.ai.reader.FOLLOW_AT`, the baseline's pick; at 3 or more players the
flat search.  The worlds come from a generator seeded by the position
(:func:`position_seed`, a hash of the seat's view), so the hint at a decision and
the review of the same decision run the very same search and agree on its figures
and on its best.

The figures, per candidate:

* the tree: the share of the root's visits (what the tree plays by: its most
  visited child) first, then the mean result (the chance of not being the durak)
  with its standard error.  The tree sends each iteration down one child, so two
  children's results are not paired; a child's error is that of a mean of results
  in [0, 1], ``√(p(1-p)/n)`` with ``p`` pulled half a result towards ½ (one or two
  visits never read as certain), and a difference's is the two errors combined as
  independent;
* the flat search: the mean result first (what it plays by), every candidate
  weighed in the same worlds, so a difference's error comes from the per-world
  differences (paired).

:attr:`Option.loss` is the best's mean result less the option's and
:attr:`Option.loss_se` its standard error: the review counts a decision a mistake
only when the loss exceeds :data:`NOISE_Z` of them, and the page says "about" and
gives the ± where an option is within them.

Where no search decides (one legal action, the cube, a ``doubt`` challenge, an
endgame the exact solver wins) the option chosen is the only line; an endgame
keeps the solver's exact value (:func:`exact_value` gives the review any other
action's).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial

from cardkit.advice import NOISE_Z, RankedOptions, mean_se
from cardkit.advice import position_seed as seed_of_view_json
from cardkit.tree import Node
from durak.actions import Action
from durak.ai.endgame import known_world, solve
from durak.ai.ismcts import tree_search
from durak.ai.levels import STRONG_DUEL, player_for
from durak.ai.playouts import outcome
from durak.ai.reader import BaselineReader
from durak.ai.search import MAX_CANDIDATES, NOT_SEARCHED, Searcher, StrongPlayer, candidates, search
from durak.game import Game, Phase
from durak.view import PlayerView


@dataclass(frozen=True)
class Option:
    """One candidate and what the search found of it.

    ``chance``: the mean result (1 not the durak, ½ a draw, 0 the durak), ``None``
    where no search weighed it; ``share``: the tree's share of the root's visits
    (``None`` for the flat search); ``se``: the standard error of ``chance``;
    ``loss``/``loss_se``: the best's ``chance`` less this one's, and its error."""

    action: Action
    chance: float | None = None
    share: float | None = None
    se: float = 0.0
    loss: float = 0.0
    loss_se: float = 0.0

    def within_noise(self, z: float = NOISE_Z) -> bool:
        """Whether the loss against the best is inside ``z`` standard errors (the best,
        and an option with no figure: always)."""
        return self.loss <= z * self.loss_se


@dataclass(frozen=True)
class Analysis(RankedOptions[Option]):
    """The options of one decision, first the one the search plays.

    ``source``: what chose (``only``, ``cube``, ``doubt``, ``endgame``, ``tree`` or
    ``flat``); ``figure``: what the options are ranked by and shown by first
    (``share`` for the tree, ``chance`` for the flat search and the endgame,
    ``none``)."""

    source: str
    figure: str
    options: tuple[Option, ...]



def position_seed(view: PlayerView) -> int:
    """The seed of the worlds weighed at ``view`` (:func:`cardkit.advice.position_seed`
    of its JSON): the hint while playing and the review afterwards draw the same."""
    return seed_of_view_json(view.to_json())


def visits_se(total: float, visits: int) -> float:
    """The standard error of a mean of ``visits`` results in [0, 1] summing to
    ``total``: ``√(p(1-p)/n)``, ``p`` the mean pulled half a result towards ½.

    >>> round(visits_se(1.0, 1), 3)
    0.433
    >>> round(visits_se(50.0, 100), 3)
    0.05
    """
    if visits <= 0:
        return 0.5
    p = (total + 0.5) / (visits + 1)
    return math.sqrt(p * (1.0 - p) / visits)


def strong_player(reading: float) -> StrongPlayer:
    """The ``strong`` level as it plays, with ``reading`` of the other player."""
    p = player_for("strong")
    assert isinstance(p, StrongPlayer)
    p.reader.log_odds = reading
    return p


def _with_extra(searcher: Searcher, extra: Action | None) -> Searcher:
    """``searcher`` with ``extra`` among its root candidates (in place of the last one
    when they are full); itself when ``extra`` is already one."""

    def run(worlds, seat, legal, first, rng, budget, noise, limit, challenges):  # type: ignore[no-untyped-def]
        cands = candidates(legal, first)
        if extra is not None and extra not in cands and extra in legal:
            keep = cands[: MAX_CANDIDATES - 1] if len(cands) >= MAX_CANDIDATES else cands
            legal = [*keep, extra]
        return searcher(worlds, seat, legal, first, rng, budget, noise, limit, challenges)

    return run


def analyse(view: PlayerView, reading: float = 0.0, seed: int | None = None,
            extra: Action | None = None) -> Analysis:
    """The strong computer's options at ``view`` (the seat to act), the one it plays
    first.  ``seed``: the worlds' seed (default :func:`position_seed`); ``extra``: an
    action to weigh among the candidates if the search would leave it out (the
    review's action taken; a blind move, :data:`durak.ai.search.NOT_SEARCHED`, stays
    out)."""
    p = strong_player(reading)
    trees: list[tuple[Node[Action], list[Action]]] = []
    scores: list[tuple[Action, list[float]]] = []
    if isinstance(extra, NOT_SEARCHED):
        extra = None
    p.middle = _with_extra(partial(search, scores=scores), extra)
    p.duel = replace(
        STRONG_DUEL,
        plain=_with_extra(partial(tree_search, roots=trees, scores=scores), extra),
        follow=_with_extra(partial(tree_search, follow=1.0, roots=trees, scores=scores),
                           extra))
    action = p.decide(view, random.Random(position_seed(view) if seed is None else seed))
    source = p.last_source
    if source == "endgame":
        value = exact_value(view, action)
        return Analysis(source, "chance", (Option(action, value),))
    if source != "search":
        return Analysis(source, "none", (Option(action),))
    if trees:
        root, cands = trees[0]
        opts = _tree_options(root, cands)
        assert opts[0].action == action, "the tree's most visited child is its move"
        return Analysis("tree", "share", opts)
    if scores:
        opts = _flat_options(scores)
        assert opts[0].action == action, "the flat search's best mean is its move"
        return Analysis("flat", "chance", opts)
    # One candidate: the search did not run.
    return Analysis("only", "none", (Option(action),))


class HintPlayer(StrongPlayer):
    """The arena's ``hint`` level: plays the hint's best at every decision, so the
    hint's strength is measured as a computer's (against the same references as
    ``strong``).

    Each decision is :func:`analyse` at the view with its position's seed (the
    arena's generator is not used: the hint draws its worlds from the position)
    and the seat's reading of the other player carried through the match as
    ``strong`` carries it, as the page sends the hint (the match's reading at the
    game's start, :meth:`durak.ui_dom.play.controller.Controller.match_start`, read on
    through the game).  ``per_game`` (``hint-game``) forgets it at each
    :meth:`new_game`, to tell what the match's reading is worth.  The duel counters
    count the decisions the tree chose and those it made reading the other player as
    the baseline, as ``strong``'s do."""

    def __init__(self, name: str = "hint", per_game: bool = False) -> None:
        super().__init__(name=name, duel=STRONG_DUEL)
        self.per_game = per_game

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        reading = self.reader.log_odds
        found = analyse(view, reading)
        self.last_source = found.source
        self.last_averages = [(o.action, o.chance) for o in found.options
                              if o.chance is not None]
        if found.source == "tree":
            self.duel_decisions += 1
            self.followed += self.reader.follows
        return found.options[0].action

    def new_game(self) -> None:
        """A new game of the match: ``hint-game`` reads the other player afresh; the
        page's hint carries the reading on."""
        if self.per_game:
            self.reader = BaselineReader()


def _tree_options(root: Node[Action], cands: Sequence[Action]) -> tuple[Option, ...]:
    stats = []
    for i, a in enumerate(cands):
        child = root.children.get(a)
        n, total = (0, 0.0) if child is None else (child.visits, child.total)
        stats.append((i, a, n, total / n if n else 0.0, visits_se(total, n)))
    # :func:`cardkit.tree.most_visited`'s order: visits, then the mean, then the first.
    stats.sort(key=lambda s: (-s[2], -s[3], s[0]))
    _, _, _, best_mean, best_se = stats[0]
    visits = max(1, root.visits)
    return tuple(
        Option(a, m, n / visits, se, best_mean - m,
               0.0 if k == 0 else math.hypot(best_se, se))
        for k, (_, a, n, m, se) in enumerate(stats))


def _flat_options(scores: Sequence[tuple[Action, list[float]]]) -> tuple[Option, ...]:
    # :func:`durak.ai.search.search`'s order: the best mean, then the first.
    order = sorted(range(len(scores)), key=lambda i: (-math.fsum(scores[i][1]), i))
    best = scores[order[0]][1]
    best_mean = mean_se(best)[0]
    out = []
    for k, i in enumerate(order):
        a, col = scores[i]
        m, se = mean_se(col)
        diff_se = 0.0 if k == 0 else mean_se([x - y for x, y in zip(best, col, strict=True)])[1]
        out.append(Option(a, m, None, se, best_mean - m, diff_se))
    return tuple(out)


def exact_value(view: PlayerView, action: Action) -> float | None:
    """The exact value for the seat of ``action`` at ``view`` when every card is placed
    (:func:`durak.ai.endgame.known_world`), within the strong level's budget of
    positions, else ``None``."""
    world = known_world(view)
    if world is None or action not in world.legal_actions():
        return None
    p = strong_player(0.0)
    g = world.clone()
    g.apply_unchecked(action)
    return _value(g, view.seat, p.endgame_nodes)


def _value(g: Game, seat: int, nodes: int) -> float | None:
    if g.phase is Phase.OVER:
        return outcome(g, seat)
    if g.team[g.to_act] == g.team[seat]:
        sol = solve(g, seat, nodes)
        return None if sol is None else sol.value
    sol = solve(g, g.to_act, nodes)
    return None if sol is None else 1.0 - sol.value


__all__ = ["NOISE_Z", "Analysis", "HintPlayer", "Option", "analyse", "exact_value", "mean_se",
           "position_seed", "strong_player", "visits_se"]
