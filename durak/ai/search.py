"""Search over what a seat cannot see: sampled worlds, baseline playouts, best average.

For each of ``worlds`` sampled deals of the hidden cards (:mod:`durak.ai.worlds`)
every candidate action is tried and the game is played to its end by the
baseline policy (:func:`durak.ai.baseline.decide_game`), a few random moves
mixed in (``noise``) so that one world does not always tell one story.  A
playout scores 1 if the seat's side is not the durak, ½ for a draw, 0 for
the durak; the candidate with the best average wins (ties: the baseline's
own choice, then the legal order).  The same world serves every candidate
(common random numbers), which is what makes small budgets meaningful.

Budget: a number of worlds, and optionally a wall-clock ``time_limit`` after
which no new world is started (at least one world is always finished).
Without a time limit the decision depends only on the view and the seed.

:class:`OraclePlayer` searches the real game (every hand visible): it is the
arena's yardstick for what perfect information is worth and never sits at a
real table.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from durak.actions import (
    CHALLENGE,
    PASS,
    Action,
    Attack,
    Cover,
    Double,
    FromTalon,
    PokerSwap,
    Take,
    Throw,
)
from durak.ai.baseline import decide_game, decide_view
from durak.ai.cube import cube_decision
from durak.ai.doubt import LIE_RATE, challenge_in_view, cover_candidates
from durak.ai.endgame import known_world, solve
from durak.ai.playouts import playout
from durak.ai.policy import legal_moves, plan_covers, tables
from durak.ai.reader import BaselineReader
from durak.ai.worlds import sample_world
from durak.game import Game, Phase
from durak.view import PlayerView

#: At most this many candidates are searched (the baseline's order decides which).
MAX_CANDIDATES = 10


#: Option moves not searched (unless the baseline picks one): a poker swap or an opening
#: from the talon draws blind, and a double needs a match-level view the playouts lack.
NOT_SEARCHED: Final = (PokerSwap, FromTalon, Double)


def candidates(legal: Sequence[Action], first: Action) -> list[Action]:
    """The actions worth searching: all, or (many attacks/throws) the first few."""
    out = [first] + [a for a in legal if a != first and not isinstance(a, NOT_SEARCHED)]
    if len(out) <= MAX_CANDIDATES:
        return out
    # Many opening sets (same_rank, groups): keep the smaller ones, they decide the most.
    rest = sorted(out[1:], key=lambda a: a.cards.bit_count() if isinstance(a, Attack) else
                  (0 if isinstance(a, Throw) else 1))
    return [first, *rest[: MAX_CANDIDATES - 1]]


def search(
    worlds: Callable[[], Game],
    seat: int,
    legal: Sequence[Action],
    first: Action,
    rng: random.Random,
    budget: int,
    noise: float,
    time_limit: float | None = None,
    challenges: bool = True,
    scores: list[tuple[Action, list[float]]] | None = None,
) -> tuple[Action, list[tuple[Action, float]]]:
    """The candidate with the best average playout over ``budget`` worlds, and every average.

    ``scores``: a list filled with each candidate and its playouts' results world by
    world (the hint's evaluator pairs them: :mod:`durak.ai.advice`); the search is the
    same with it or without."""
    cands = candidates(legal, first)
    if len(cands) == 1:
        return cands[0], [(cands[0], 1.0)]
    cols: list[list[float]] = [[] for _ in cands]
    if scores is not None:
        scores.extend(zip(cands, cols, strict=True))
    totals = [0.0] * len(cands)
    done = 0
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    while done < budget:
        world = worlds()
        for i, a in enumerate(cands):
            g = world.clone()
            g.apply_unchecked(a)
            r = playout(g, seat, rng, noise, challenges)
            totals[i] += r
            cols[i].append(r)
        done += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
    best = max(range(len(cands)), key=lambda i: (totals[i], -i))
    return cands[best], [(a, t / done) for a, t in zip(cands, totals, strict=True)]


#: A middle-game search: :func:`search`'s signature (:mod:`durak.ai.ismcts` has the other).
Searcher = Callable[[Callable[[], Game], int, Sequence[Action], Action, random.Random, int, float,
                     float | None, bool], tuple[Action, list[tuple[Action, float]]]]


def can_cover_all(view: PlayerView) -> bool:
    """Whether the defender of ``view`` could cover every uncovered attacking card with the
    covers the rules allow now (a target with no legal cover means no)."""
    allowed: dict[int, int] = {}
    for a in view.legal_actions:
        if type(a) is Cover:
            allowed[a.target] = allowed.get(a.target, 0) | 1 << a.card
    targets = [a for a, c in view.table if c is None and not view.answered >> a & 1]
    if not targets or any(t not in allowed for t in targets):
        return False
    return plan_covers(view.hand, targets, allowed, tables(view.rules, view.trump).power) \
        is not None


def hold_back_take(view: PlayerView, action: Action, averages: Sequence[tuple[Action, float]],
                   margin: float) -> Action:
    """The searched ``action``, unless it is a take that beats the best other answer by less
    than ``margin`` while the seat could cover every attacking card: then that answer.

    Flat search over sampled worlds takes too readily (over half of its takes came
    with every card coverable); a take that wins by a hair is mostly the worlds' noise,
    and cards taken stay in the hand.
    """
    if not isinstance(action, Take) or margin <= 0 or not can_cover_all(view):
        return action
    take = next(m for a, m in averages if a == action)
    others = [(a, m) for a, m in averages if not isinstance(a, Take)]
    if not others:
        return action
    best, best_mean = max(others, key=lambda am: am[1])  # max keeps the first of equals
    return best if take < best_mean + margin else action


@dataclass(frozen=True)
class Duel:
    """The search at 2 players: a tree over ``worlds`` worlds, ``plain``
    (the other player's nodes take the best reply) or ``follow`` (they take the
    baseline's pick), the latter once the :class:`~durak.ai.reader.BaselineReader`
    reads the other player as the baseline."""

    worlds: int
    plain: Searcher
    follow: Searcher


class StrongPlayer:
    """Samples the hidden cards from the seat's view (``normal``/``strong`` levels).

    ``cube_playouts``: playouts for a cube decision (:mod:`durak.ai.cube`); 0 keeps
    the search's old answer (accept every double, never offer one).  ``doubt_play``:
    :mod:`durak.ai.doubt`'s model of a defender in the worlds, its challenge rule at
    the root and in the playouts, and one false cover per attack card among the
    candidates (arena only, ``normal+doubt``: measured weaker than the plain search,
    see :mod:`durak.ai.levels`); off, the face-down covers are dealt uniformly,
    ``challenge``/``pass`` and every cover are searched, and nobody challenges in a
    playout.

    ``endgame_nodes``: when the view leaves no card unplaced
    (:func:`durak.ai.endgame.known_world`), the exact solver's budget of positions
    (half the time limit at most); a won or drawn endgame is played by its move, a
    lost one (or one past the budget) by the search, which looks for the other
    side's mistakes.  0: never solve.

    ``take_margin``: :func:`hold_back_take`'s margin (0: take whenever it averages best).

    ``middle``: the search for the rest (:func:`search`, flat; or
    :func:`durak.ai.ismcts.tree_search`, the arena's ``strong-ismcts``), given the
    same worlds, budget and time.

    ``duel``: how the rest is searched at 2 players (:class:`Duel`: the tree, on its
    own budget, its opponent read as the baseline or not); None: as ``middle``.
    The reading is fed by :meth:`observe`, which the table calls with every other
    player's action, and lasts until :meth:`new_match`.

    After each :meth:`decide`, :attr:`last_source` says what chose the action
    (``only``, ``cube``, ``doubt``, ``endgame`` or ``search``) and
    :attr:`last_averages` holds the search's averages (empty unless ``search``):
    the hint words its reason from them (:mod:`durak.ai.hint`).
    """

    def __init__(self, worlds: int = 24, noise: float = 0.05, time_limit: float | None = None,
                 name: str = "strong", cube_playouts: int = 0, doubt_play: bool = True,
                 endgame_nodes: int = 0, take_margin: float = 0.0,
                 middle: Searcher = search, duel: Duel | None = None) -> None:
        self.middle = middle
        self.duel = duel
        self.reader = BaselineReader()
        #: 2-player middle-game decisions searched by the :class:`Duel`, and how many of
        #: them modelled the other player as the baseline (the arena reports both).
        self.duel_decisions = 0
        self.followed = 0
        self.endgame_nodes = endgame_nodes
        self.take_margin = take_margin
        self.worlds = worlds
        self.noise = noise
        self.time_limit = time_limit
        self.name = name
        self.cube_playouts = cube_playouts
        self.doubt_play = doubt_play
        self.last_source = ""
        self.last_averages: list[tuple[Action, float]] = []

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        self.last_source, self.last_averages = "only", []
        legal = legal_moves(view)
        if len(legal) == 1:
            return legal[0]
        self.last_source = "cube"
        limit = self.time_limit
        if self.cube_playouts and view.rules.match == "cube15":
            # The page's cap covers the whole decision: half for the cube, the rest after.
            t0 = time.perf_counter()
            a = cube_decision(view, rng, self.cube_playouts, None if limit is None else limit / 2)
            if a is not None:
                return a
            if limit is not None:
                limit = max(0.0, limit - (time.perf_counter() - t0))
        self.last_source = "doubt"
        if self.doubt_play and view.phase is Phase.DOUBT:
            return CHALLENGE if challenge_in_view(view) else PASS
        self.last_source = "endgame"
        if self.endgame_nodes:
            t0 = time.perf_counter()
            world = known_world(view)
            if world is not None:
                sol = solve(world, view.seat, self.endgame_nodes,
                            None if limit is None else limit / 2)
                if sol is not None and sol.value > 0 and sol.action in legal:
                    return sol.action
            if limit is not None:
                limit = max(0.0, limit - (time.perf_counter() - t0))
        self.last_source = "search"
        first = decide_view(view)
        lie_rate = LIE_RATE if self.doubt_play else None
        if self.doubt_play:
            legal = cover_candidates(view, legal, first)
        middle, budget = self.middle, self.worlds
        duel = self.duel
        if duel is not None and view.rules.players == 2:
            follows = self.reader.follows
            middle, budget = duel.follow if follows else duel.plain, duel.worlds
            self.duel_decisions += 1
            self.followed += follows
        action, averages = middle(lambda: sample_world(view, rng, lie_rate), view.seat,
                                  legal, first, rng, budget, self.noise, limit,
                                  self.doubt_play)
        self.last_averages = averages
        return hold_back_take(view, action, averages, self.take_margin)

    def observe(self, view: PlayerView, actor: int, action: Action) -> None:
        """Another player's ``action`` at the table, with this player's ``view`` just
        before it: read at 2 players when a :class:`Duel` would use the reading."""
        if self.duel is not None and view.rules.players == 2:
            self.reader.observe(view, actor, action)

    def new_match(self) -> None:
        """A new opponent (or a new match): forget the reading."""
        self.reader = BaselineReader()


class OraclePlayer:
    """ALL-SEEING (arena only): the same search on the real game, every hand visible."""

    def __init__(self, playouts: int = 24, noise: float = 0.05, name: str = "oracle") -> None:
        self.playouts = playouts
        self.noise = noise
        self.name = name

    def decide_game(self, game: Game, rng: random.Random) -> Action:
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        first = decide_game(game, legal)
        action, _ = search(game.clone, game.to_act, legal, first, rng, self.playouts,
                           self.noise)
        return action
