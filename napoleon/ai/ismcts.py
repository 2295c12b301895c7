"""Information-set tree search for the card play (``StrongPlayer(ismcts=roles)``).

Single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley and Whitehouse
2012) from the searching seat's view; the nodes, the choice at a node and the
card played are :mod:`cardkit.tree`'s, shared with Durak's.  The worlds are the flat search's own
(:meth:`napoleon.ai.strong.StrongPlayer.draw_worlds`: sampled, then resampled by
the inference); iteration ``k`` plays world ``k mod len(worlds)`` through **one**
tree shared by every world:

* **Keys.**  A node is reached by the cards played from the root, each with a
  led joker's named suit: every card is played face up, so a path is public.
  Nothing else is kept in a node, not the seat that played it in a world nor
  the sides: who the adjutant is stays hidden until the called card falls,
  and a tree keyed by it would tell the search what the seat cannot see.  The
  seat to act at a node is public too (the trick winners follow from the
  cards), so each node's ``mover`` is the same in every world.
* **Selection.**  The moves at a node are the cards legal *in this world*
  (:func:`napoleon.ai.search.candidates_of`); at the root, the view's own.
  Among the children available now, the best ``mean + c·scale·√(ln avail / n)``
  is taken, ``avail`` counting the visits in which the child could have been
  chosen (availability counts: a card held in few worlds is not punished for
  the worlds it was absent from); ``scale`` is half the spread of the
  searching seat's points, so ``c`` means the same under every scoring table.
  **Following** (``follow``): the other seats take the policy's card (the only
  move available to them), so the tree spends its walks on the searching
  seat's own turns, each still chosen once per information set (the other
  seats' cards differ between worlds and are keys like any other).
* **Expansion.**  The first move without a child (the policy's card first, so
  the tree grows along the likely line) gets one, and the walk stops.
* **Playout.**  The flat search's: the baseline's rules with the adjutant
  unknown to the others until the called card falls (``hidden_roles``), and
  the exact minimax once few cards are left (``exact_tricks``, ``exact_cards``)
  (:func:`napoleon.ai.search.final_outcome`).
* **Backup.**  Every node on the path is credited with the points of the seat
  that moved into it, by that seat's side *in this world*
  (:func:`napoleon.ai.worlds.utility_table`: the same tie-break for honors as
  the flat search), so an opponent's node picks the card best for that
  opponent over the worlds where it was legal: the replies the flat search
  (one policy line per card) never sees, and a choice the searching seat
  makes at its own later turns once per information set, not per world.

The card played is the root's most visited child (ties: the better mean, then
the candidates' order).  The search draws no random numbers of its own: the
decision depends only on the worlds and their order.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardkit.tree import Node, select
from napoleon.ai.playout import Table
from napoleon.ai.policy import choose_play
from napoleon.ai.search import (
    Candidate,
    candidates_of,
    cards_left,
    final_outcome,
    hidden_sides_of,
    sides_of,
)
from napoleon.ai.worlds import utility_table
from napoleon.rules import Rules


class Points:
    """Each seat's points for each French honor count, per world's adjutant."""

    def __init__(self, rules: Rules, bid: int, napoleon: int, lost: int) -> None:
        self.rules, self.bid, self.napoleon, self.lost = rules, bid, napoleon, lost
        self._tables: dict[int, list[list[float]]] = {}

    def of(self, adjutant: int) -> list[list[float]]:
        """``tables[seat][french honors]`` when ``adjutant`` (-1: none) is the adjutant."""
        tables = self._tables.get(adjutant)
        if tables is None:
            adj = None if adjutant < 0 else adjutant
            tables = self._tables[adjutant] = [
                utility_table(self.rules, self.bid, self.napoleon, adj, s, self.lost)
                for s in range(self.rules.players)
            ]
        return tables


def _moves(t: Table, sides: list[list[int]], hidden: list[list[int]] | None) -> list[Candidate]:
    """The cards legal in ``t`` for the seat to act, the policy's card first."""
    moves = candidates_of(t, t.legal())
    if len(moves) > 1:
        seat = t.to_act()
        if hidden is not None and t.called >= 0 and not t.played >> t.called & 1:
            side = hidden[seat]
        else:
            side = sides[seat]
        pick = choose_play(t, side, aware=True)
        if pick in moves:
            moves.remove(pick)
            moves.insert(0, pick)
    return moves


def iterate(
    root: Node[Candidate],
    root_moves: Sequence[Candidate],
    world: Table,
    me: int,
    points: Points,
    explore: float,
    exact_tricks: int,
    exact_cards: int,
    hidden_roles: bool,
    follow: bool = False,
) -> None:
    """One walk of the tree in ``world`` (not changed): select, expand, play out, back up."""
    t = world.copy()
    sides = sides_of(world)
    hidden = hidden_sides_of(world) if hidden_roles else None
    node = root
    path: list[Node[Candidate]] = []
    moves: Sequence[Candidate] = root_moves
    while True:
        mover = t.to_act()
        m, new = select(node, moves, mover, explore)
        child = node.children[m]
        t.play(*m)
        path.append(child)
        node = child
        if new or t.done:
            break
        moves = _moves(t, sides, hidden)
        if follow and t.to_act() != me:
            moves = moves[:1]
    tables = points.of(world.adjutant)
    if t.done:
        f = t.french_honors()
    else:
        exact = t.last - t.trick_no < exact_tricks and cards_left(t) <= exact_cards
        _, f = final_outcome(t, tables[me], world.is_french(me), exact, sides, hidden)
    for n in path:
        n.visits += 1
        n.total += tables[n.mover][f]


def tree_search(
    root_moves: Sequence[Candidate],
    worlds: Sequence[Table],
    me: int,
    points: Points,
    iterations: int,
    c: float,
    exact_tricks: int,
    exact_cards: int,
    hidden_roles: bool,
    follow: bool = False,
) -> Node[Candidate]:
    """The tree after ``iterations`` walks, world ``k mod len(worlds)`` on the ``k``-th.

    ``root_moves``: the searching seat's candidates (legal in every world).
    """
    root: Node[Candidate] = Node(-1)
    if not worlds or not root_moves:
        return root
    spread = max(
        max(points.of(adj)[me]) - min(points.of(adj)[me]) for adj in {w.adjutant for w in worlds}
    )
    explore = c * max(0.5 * spread, 1e-9)
    for k in range(iterations):
        iterate(root, root_moves, worlds[k % len(worlds)], me, points, explore,
                exact_tricks, exact_cards, hidden_roles, follow)
    return root


__all__ = ["Node", "Points", "iterate", "tree_search"]
