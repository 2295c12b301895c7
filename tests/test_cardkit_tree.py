"""cardkit.tree: the information-set tree's nodes and choices, without a game."""

from __future__ import annotations

from math import log, sqrt

from cardkit.tree import Node, follow_first, most_visited, paths, select


def _visit(node: Node[str], visits: int, total: float) -> None:
    node.visits, node.total = visits, total


def test_the_first_offered_move_without_a_child_is_expanded_in_order() -> None:
    root: Node[str] = Node(-1)
    assert select(root, ["a", "b"], 0, 1.0) == ("a", True)
    assert root.children["a"].mover == 0 and root.children["a"].avail == 1
    _visit(root.children["a"], 1, 1.0)
    assert select(root, ["b", "a"], 1, 1.0) == ("b", True)
    # "a" was offered again while "b" was expanded: it counts as available
    assert root.children["a"].avail == 2 and root.children["b"].avail == 1


def test_ucb_with_availability_counts_picks_the_best_score() -> None:
    """A move offered in few worlds is scored by its own availability, not the parent's."""
    root: Node[str] = Node(-1)
    for m in "ab":
        select(root, [m], 0, 1.0)
    a, b = root.children["a"], root.children["b"]
    _visit(a, 10, 6.0)
    a.avail = 99
    _visit(b, 10, 5.0)
    b.avail = 9
    explore = 1.0
    score_a = 0.6 + explore * sqrt(log(100) / 10)
    score_b = 0.5 + explore * sqrt(log(10) / 10)
    assert score_a > score_b
    assert select(root, ["a", "b"], 0, explore) == ("a", False)
    assert (a.avail, b.avail) == (100, 10)
    # only "b" offered: it is taken, and "a" is not counted available
    assert select(root, ["b"], 0, explore) == ("b", False)
    assert (a.avail, b.avail) == (100, 11)


def test_ties_go_to_the_first_offered_move() -> None:
    root: Node[str] = Node(-1)
    for m in "ab":
        select(root, [m], 0, 0.0)
        _visit(root.children[m], 3, 1.5)
    assert select(root, ["b", "a"], 0, 0.0) == ("b", False)
    assert select(root, ["a", "b"], 0, 0.0) == ("a", False)


def test_negative_results_are_still_chosen() -> None:
    """Napoleon credits points, which may all be below zero."""
    root: Node[str] = Node(-1)
    for m in "ab":
        select(root, [m], 0, 0.0)
    _visit(root.children["a"], 1, -50.0)
    _visit(root.children["b"], 1, -40.0)
    assert select(root, ["a", "b"], 0, 0.0) == ("b", False)


def test_following_takes_the_first_move_and_counts_only_it() -> None:
    root: Node[str] = Node(-1)
    assert follow_first(root, ["b", "a"], 1) == ("b", True)
    assert follow_first(root, ["b", "a"], 1) == ("b", False)
    assert set(root.children) == {"b"} and root.children["b"].avail == 2


def test_the_move_played_is_the_most_visited_then_the_better_mean_then_the_first() -> None:
    root: Node[str] = Node(-1)
    for m in "abc":
        select(root, [m], 0, 0.0)
    _visit(root.children["a"], 4, 1.0)
    _visit(root.children["b"], 5, 1.0)
    _visit(root.children["c"], 5, 2.0)
    assert most_visited(root, ["a", "b", "c"]) == "c"
    _visit(root.children["c"], 5, 1.0)
    assert most_visited(root, ["a", "b", "c"]) == "b"
    assert most_visited(root, ["c", "b"]) == "c"
    # a move the tree never reached ranks last
    assert most_visited(root, ["z", "a"]) == "a"


def test_paths_are_the_keys_from_the_root() -> None:
    root: Node[str] = Node(-1)
    select(root, ["a"], 0, 0.0)
    select(root.children["a"], ["x"], 1, 0.0)
    select(root, ["b", "a"], 0, 0.0)
    assert paths(root) == {(), ("a",), ("a", "x"), ("b",)}
    assert Node[str](0).mean() == 0.0
