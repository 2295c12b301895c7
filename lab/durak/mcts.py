"""The arena's search reference: plain determinized UCT (``--reference mcts``).

A yardstick written to the textbook, not a level: for each of 5 worlds sampled
from the seat's view (:func:`durak.ai.worlds.sample_world`, the same
determinization the levels use) a UCT tree is grown over that world with 200
rollouts — selection by UCB1 with the standard constant √2, one node added per
rollout, uniformly random playouts to the end, each node crediting the seat that
moved into it with its side's result (1 not the durak, ½ a draw or a game that
does not end within :data:`~durak.ai.playouts.MAX_PLAYOUT_ACTIONS`, 0 the durak).
The action with the most root visits summed over the worlds is played (ties: the
legal order).  Every random number comes from the generator handed to
:meth:`MctsPlayer.decide`, so a seeded run repeats.
"""

from __future__ import annotations

import math
import random
from typing import Final

from durak.actions import Action
from durak.ai.playouts import MAX_PLAYOUT_ACTIONS, outcome
from durak.ai.policy import legal_moves
from durak.ai.worlds import sample_world
from durak.game import Game, Phase
from durak.view import PlayerView

DETERMINIZATIONS: Final = 5
ROLLOUTS: Final = 200
#: UCB1's exploration constant for rewards in [0, 1].
UCT_C: Final = math.sqrt(2)


class _Node:
    __slots__ = ("game", "mover", "untried", "children", "n", "w")

    def __init__(self, game: Game, mover: int | None, rng: random.Random) -> None:
        self.game = game
        self.mover = mover
        """The player who moved into this node (credited with its results)."""
        self.untried = game.legal_actions()
        rng.shuffle(self.untried)
        self.children: dict[Action, _Node] = {}
        self.n = 0
        self.w = 0.0


def _rollout(g: Game, rng: random.Random) -> Game:
    rand = rng.random
    over = Phase.OVER
    for _ in range(MAX_PLAYOUT_ACTIONS):
        if g.phase is over:
            break
        legal = g.legal_actions()
        g.apply_unchecked(legal[int(rand() * len(legal))])
    return g


def _iterate(root: _Node, rng: random.Random, c: float) -> None:
    node, path = root, [root]
    while not node.untried and node.children:
        log_n = math.log(node.n)
        node = max(node.children.values(),
                   key=lambda ch: ch.w / ch.n + c * math.sqrt(log_n / ch.n))
        path.append(node)
    if node.untried:
        a = node.untried.pop()
        g = node.game.clone()
        mover = g.player_of(g.to_act)
        g.apply_unchecked(a)
        child = _Node(g, mover, rng)
        node.children[a] = child
        node, path = child, [*path, child]
    end = _rollout(node.game.clone(), rng)
    for nd in path:
        nd.n += 1
        if nd.mover is not None:
            nd.w += outcome(end, nd.mover)


class MctsPlayer:
    """Determinized UCT from the seat's view (the arena's ``mcts`` reference)."""

    def __init__(self, determinizations: int = DETERMINIZATIONS, rollouts: int = ROLLOUTS,
                 c: float = UCT_C, name: str = "mcts") -> None:
        self.determinizations = determinizations
        self.rollouts = rollouts
        self.c = c
        self.name = name

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        legal = legal_moves(view)
        if len(legal) == 1:
            return legal[0]
        visits = dict.fromkeys(legal, 0)
        for _ in range(self.determinizations):
            root = _Node(sample_world(view, rng), None, rng)
            for _ in range(self.rollouts):
                _iterate(root, rng, self.c)
            for a, child in root.children.items():
                if a in visits:
                    visits[a] += child.n
        return max(legal, key=lambda a: visits[a])  # max keeps the first of equals
