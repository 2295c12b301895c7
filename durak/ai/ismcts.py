"""Information-set tree search for the middle game (arena level ``strong-ismcts``).

Single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley and Whitehouse
2012) from one seat's view; the nodes, the choice at a node and the move played
are :mod:`cardkit.tree`'s, shared with Napoleon's.  Each iteration draws one world
from the view (:func:`durak.ai.worlds.sample_world`) and walks **one** tree shared
by every world, keyed by the actions as they are played:

* **Selection.**  At a node, the moves are the candidates (:func:`durak.ai.search.
  candidates`, the baseline's pick first) among the actions legal *in this world*;
  at the root, the view's own candidates (what the seat can really do).  Among
  the children available now, the one with the best ``mean + c·√(ln avail / n)``
  is taken, ``avail`` counting the visits in which that child could have been
  chosen (availability counts: a move legal in few worlds is not punished for
  the worlds it was absent from).
  **Following** (``follow``, the arena's ``-mix`` levels): where another player
  than the searching one moves, with chance ``follow`` the baseline's pick is
  taken instead (the first candidate; only it counts as available then).  The
  best reply alone is what a strong opponent plays; the baseline's pick is what
  the baseline plays (the flat search's playouts are exactly that), so ``follow``
  sets how far the tree models its opponents as the baseline.  0: the plain tree.
* **Expansion.**  The first candidate without a child (the baseline's pick
  first, so the tree grows along the likely line) gets one, and the walk stops.
* **Playout.**  The baseline with a little noise plays the world to its end
  (:func:`durak.ai.playouts.playout`, the flat search's playout).
  **Exact leaves** (``exact``, the arena's ``-exact`` levels): at 2 players, once the
  world's talon is gone and its hands hold at most :attr:`ExactLeaves.cards` cards,
  the world is solved (:func:`durak.ai.endgame.solve`, at most
  :attr:`ExactLeaves.nodes` positions) and its exact value stands in for the
  playout's; a solve past the budget falls back to the playout.  The values are kept
  for the decision by position (:func:`durak.ai.endgame.position_key`), so a leaf met
  again costs nothing.
* **Backup.**  Every node on the path credits the player who moved into it with
  that player's result (1 not the durak, ½ a draw, 0 the durak; teams share
  theirs, the dummy's moves count for its controller).  Opponents' nodes thus
  pick the move best *for them*, which is what lets the tree see a reply the
  flat search (one baseline line per candidate) cannot.

Actions are public in Durak — every attack, cover, throw, transfer and take is
laid face up — so an opponent's move as the searching seat would see it is the
move itself, and one tree for every world loses nothing.  The exception is
``doubt`` (a face-down cover whose card the others do not see): keying the tree
by it would tell the search which card was laid, so under ``doubt`` the flat
search (:func:`durak.ai.search.search`) decides instead.  The blind moves the
flat search leaves out at the root (:data:`~durak.ai.search.NOT_SEARCHED`: poker
swap, an opening from the talon, a double) stay out below it the same way.
Under ``inverted`` (docs/rules/durak.md §3.5) the seat's own later moves below the root name
cards it cannot see; only the root's moves, the view's own, are ever played,
so the search stays legal there, but it was not measured under that option.

Budget: ``budget`` counts worlds the way the flat search does; the tree runs
``budget × len(root candidates)`` iterations, the flat search's number of
playouts, so that the two cost about the same.  A ``time_limit`` stops it
earlier (after at least one iteration per root candidate).  The action played
is the root's most visited child (ties: the better mean, then the candidates'
order).  Without a time limit the decision depends only on the view and the
generator handed in.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Final

from cardkit.tree import Node, follow_first, most_visited, select
from durak.actions import Action
from durak.ai.baseline import decide_game
from durak.ai.endgame import position_key, solve
from durak.ai.playouts import outcome, playout
from durak.ai.search import candidates, search
from durak.game import Game, Phase

#: UCB's exploration constant for results in [0, 1] (smaller than UCB1's √2: the
#: baseline playouts are far less noisy than random ones).
ISMCTS_C: Final = 0.7


class ExactLeaves:
    """Exact values for the tree's leaves in small known endgames (one decision's worth).

    ``nodes``: the solver's budget of positions per leaf; ``cards``: a world is solved
    only when its two hands hold at most this many cards together (a solve costs
    about as much as a playout per position searched, so only small ones pay).
    Solved values (or None, past the budget) are kept by position for the decision:
    without a time limit a solve depends only on the position and the budget."""

    __slots__ = ("nodes", "cards", "values", "solved", "missed")

    def __init__(self, nodes: int, cards: int) -> None:
        if nodes < 1 or cards < 1:
            raise ValueError(f"exact leaves need nodes and cards >= 1, not {nodes}, {cards}")
        self.nodes = nodes
        self.cards = cards
        self.values: dict[tuple[Hashable, ...], float | None] = {}
        self.solved = 0
        """Leaves valued exactly (counting those found among the kept values)."""
        self.missed = 0
        """Leaves whose solve ran past the budget (played out instead)."""

    def applies(self, g: Game) -> bool:
        """Whether ``g`` is a 2-player world, talon gone, small enough, no rule adding
        chance, stakes or hidden order (as :func:`durak.ai.endgame.known_world`)."""
        r = g.rules
        return (g.n == 2 and not g.talon and g.phase is not Phase.OVER
                and g.hands[0].bit_count() + g.hands[1].bit_count() <= self.cards
                and not r.recycle and r.match != "cube15" and r.dummy == "off"
                and not r.inverted and not any(g.piles) and not g.face_down)

    def value(self, g: Game) -> float | None:
        """The exact value of ``g`` for the side to act, or None past the budget."""
        key = position_key(g)
        if key in self.values:
            v = self.values[key]
        else:
            sol = solve(g, g.to_act, self.nodes)
            v = self.values[key] = None if sol is None else sol.value
        if v is None:
            self.missed += 1
        else:
            self.solved += 1
        return v


def iterate(root: Node[Action], root_moves: Sequence[Action], world: Game, rng: random.Random,
            noise: float, challenges: bool, c: float, follow: float = 0.0,
            exact: ExactLeaves | None = None) -> None:
    """One iteration over ``world`` (mutated): select, expand one node, play out, back up.

    ``follow``: the chance that a node where another player than the searching one
    (``root.mover``) moves takes the baseline's pick instead of the UCB choice.
    ``exact``: value small 2-player endgames exactly instead of playing them out."""
    g, node = world, root
    path: list[Node[Action]] = []
    over = Phase.OVER
    moves: Sequence[Action] = root_moves
    me, rand = root.mover, rng.random
    while True:
        mover = g.player_of(g.to_act)
        if follow and mover != me and (follow >= 1.0 or rand() < follow):
            a, new = follow_first(node, moves, mover)
        else:
            a, new = select(node, moves, mover, c)
        g.apply_unchecked(a)
        node = node.children[a]
        path.append(node)
        if new or g.phase is over:
            break
        legal = g.legal_actions()
        moves = candidates(legal, decide_game(g, legal, challenges))
    solved = exact.value(g) if exact is not None and exact.applies(g) else None
    if solved is None:
        playout(g, root.mover, rng, noise, challenges)
    results: dict[int, float] = {}
    for nd in path:
        r = results.get(nd.mover)
        if r is None:
            if solved is None:
                r = outcome(g, nd.mover)
            else:  # two players: the side to act's value, or the other's
                r = solved if nd.mover == g.to_act else 1.0 - solved
            results[nd.mover] = r
        nd.visits += 1
        nd.total += r
    root.visits += 1


def tree_search(
    worlds: Callable[[], Game],
    seat: int,
    legal: Sequence[Action],
    first: Action,
    rng: random.Random,
    budget: int,
    noise: float,
    time_limit: float | None = None,
    challenges: bool = True,
    c: float = ISMCTS_C,
    follow: float = 0.0,
    exact_nodes: int = 0,
    exact_cards: int = 0,
    roots: list[tuple[Node[Action], list[Action]]] | None = None,
    scores: list[tuple[Action, list[float]]] | None = None,
) -> tuple[Action, list[tuple[Action, float]]]:
    """The root's most visited candidate, and each candidate's mean result.

    The signature of :func:`durak.ai.search.search` (``budget`` in worlds), so that
    :class:`durak.ai.search.StrongPlayer` takes either as its middle-game search.
    ``exact_nodes``/``exact_cards``: :class:`ExactLeaves` (0: every leaf played out).
    ``roots``: a list given the root and its candidates when the tree is done (the
    hint's evaluator reads each child's visits and mean: :mod:`durak.ai.advice`);
    ``scores``: handed to the flat search where it decides instead (``doubt``)."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    cands = candidates(legal, first)
    if len(cands) == 1:
        return cands[0], [(cands[0], 1.0)]
    world = worlds()
    if world.rules.doubt:  # a face-down cover would key the tree by a card nobody saw
        left = None if deadline is None else max(0.0, deadline - time.perf_counter())
        return search(worlds, seat, legal, first, rng, budget, noise, left, challenges, scores)
    root: Node[Action] = Node(world.player_of(seat))
    exact = ExactLeaves(exact_nodes, exact_cards) if exact_nodes and exact_cards else None
    iterations = budget * len(cands)
    for i in range(iterations):
        if i:
            if deadline is not None and i >= len(cands) and time.perf_counter() > deadline:
                break
            world = worlds()
        iterate(root, cands, world, rng, noise, challenges, c, follow, exact)
    if roots is not None:
        roots.append((root, cands))
    return most_visited(root, cands), [(a, root.children[a].mean()) for a in cands]


__all__ = ["ISMCTS_C", "ExactLeaves", "Node", "iterate", "tree_search"]
