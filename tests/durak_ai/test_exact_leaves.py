"""The tree's exact leaves (durak/ai/ismcts.py's ExactLeaves, arena level ``strong-exact``):
a small 2-player world with the talon gone is valued by the endgame solver."""

from __future__ import annotations

import random
from functools import partial

import pytest

from durak.actions import Action, Attack, Cover
from durak.ai import ismcts
from durak.ai.baseline import BaselinePlayer
from durak.ai.endgame import brute_force, solve
from durak.ai.ismcts import ExactLeaves, Node, iterate, tree_search
from durak.ai.levels import EXACT_LEAF_CARDS, EXACT_LEAF_NODES, player_for
from durak.ai.search import StrongPlayer
from durak.cards import parse_card, parse_hand
from durak.game import Game
from durak.rules import Rules
from tests.durak_ai.helpers import only_winning_attack, play_with, random_rules, small_endgame
from tests.sweep import sized

#: Random small endgames whose leaf value is checked against the solver: 15, of which
#: plain minimax finishes at least 8; ``make check`` checks the first 6 (at least 3).
LEAF_ENDGAMES, BRUTE_FINISHED = sized(15, 6), sized(8, 3)

BASE = BaselinePlayer()


def exact_player(worlds: int = 2) -> StrongPlayer:
    return StrongPlayer(worlds=worlds, name="exact", middle=partial(
        tree_search, exact_nodes=EXACT_LEAF_NODES, exact_cards=EXACT_LEAF_CARDS))


def test_strong_exact_is_the_plain_tree_with_exact_leaves() -> None:
    p = player_for("strong-exact")
    assert isinstance(p, StrongPlayer) and isinstance(p.middle, partial)
    assert p.middle.func is tree_search
    assert p.middle.keywords == {"exact_nodes": EXACT_LEAF_NODES, "exact_cards": EXACT_LEAF_CARDS}
    assert player_for("strong-exact:64").worlds == 64  # type: ignore[union-attr]


def test_a_leaf_s_value_is_the_solver_s_and_brute_force_s() -> None:
    """The leaf's value for the side to act is :func:`solve`'s, and plain minimax's
    wherever that finishes (random small endgames under random option mixes, seed 3301)."""
    rng = random.Random(3301)
    checked = brute_checked = 0
    while checked < LEAF_ENDGAMES:
        g = small_endgame(rng, 4)
        if g is None:
            continue
        leaves = ExactLeaves(5_000, 4)
        if not leaves.applies(g):
            continue
        sol = solve(g, g.to_act, 5_000)
        value = leaves.value(g)
        assert value == (None if sol is None else sol.value)
        assert leaves.value(g) == value  # kept: the same answer, no second solve
        assert leaves.solved + leaves.missed == 2
        minimax = brute_force(g, g.to_act, 5_000)
        if minimax is not None and value is not None:
            assert value == minimax, g.rules.to_text()
            brute_checked += 1
        checked += 1
    assert brute_checked >= BRUTE_FINISHED


def test_a_leaf_applies_only_to_small_two_player_worlds_without_a_talon() -> None:
    """Not while the talon lasts, not above the cards limit, not with 3 players, not with
    ``recycle`` (chance) or ``cube15`` (stakes the value ignores)."""
    g = only_winning_attack()  # 3 cards, talon empty
    assert ExactLeaves(10, 3).applies(g) and not ExactLeaves(10, 2).applies(g)
    cube = g.rules.replace(match="cube15", draw="defender_loses", loser="last")
    for r in (g.rules.replace(recycle=True), cube):
        h = g.clone()
        h.rules = r
        assert not ExactLeaves(10, 3).applies(h)
    assert not ExactLeaves(10, 36).applies(Game.new(Rules.preset("podkidnoy"), seed=1))
    three = Game.new(Rules.preset("podkidnoy").replace(players=3), seed=1)
    three.talon = []
    assert not ExactLeaves(10, 36).applies(three)
    with pytest.raises(ValueError, match="nodes and cards"):
        ExactLeaves(0, 6)


def test_exact_leaves_credit_each_side_its_exact_value() -> None:
    """Playouts made all random (noise 1), yet the leaves are exact: leading A♠ wins
    (1.0 for the attacker), leading 6♥ loses, and the defender's cover of 6♥ by 7♥ is
    credited 1.0 to the defender, the other side of the same value."""
    g = only_winning_attack()
    root: Node[Action] = Node(0)
    cands = g.legal_actions()
    rng = random.Random(5)
    leaves = ExactLeaves(1000, 6)
    for _ in range(60):
        iterate(root, cands, g.clone(), rng, 1.0, True, 0.7, 0.0, leaves)
    ace, six = Attack(parse_hand("AS")), Attack(parse_hand("6H"))
    assert root.children[ace].total == root.children[ace].visits
    assert root.children[six].total == 0
    cover = root.children[six].children[Cover(parse_card("7H"), parse_card("6H"))]
    assert cover.mover == 1 and cover.visits >= 1 and cover.total == cover.visits
    assert leaves.solved >= 3 and leaves.missed == 0  # a leaf where the game is over needs none


def baseline_game(preset: str, seed: int, actions: int) -> Game:
    """A 2-player game after ``actions`` moves of the baseline."""
    g = Game.new(Rules.preset(preset).replace(players=2), seed=seed)
    for _ in range(actions):
        g.apply(BASE.decide(g.view(g.to_act)), g.to_act)
    return g


def test_same_view_and_seed_same_decision_with_exact_leaves(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seeded (no time limit): in endgames the root's solver leaves to the tree (a lost
    one: seed 1, after 42 and 38 baseline moves), where leaves are solved, the decision
    depends only on the view and the seed; the global generator is not used."""
    made: list[ExactLeaves] = []

    def counted(nodes: int, cards: int) -> ExactLeaves:
        made.append(ExactLeaves(nodes, cards))
        return made[-1]

    monkeypatch.setattr(ismcts, "ExactLeaves", counted)
    for preset, actions in (("podkidnoy", 42), ("perevodnoy", 38)):
        g = baseline_game(preset, 1, actions)
        v = g.view(g.to_act)
        p = exact_player(8)
        a = p.decide(v, random.Random(2))
        assert made and made[-1].solved >= 5, "the position must reach the exact leaves"
        random.seed(99)
        assert p.decide(v, random.Random(2)) == a
        assert p.last_source == "search"


@pytest.mark.parametrize("mix", range(6))
def test_strong_exact_legal_under_random_option_mixes(mix: int) -> None:
    """Every move of the exact-leaf tree through Game.apply (checked), 2 players (where
    leaves are solved) and 3-4 (where they never are), random option mixes."""
    rng = random.Random(3310 + mix)
    rules = random_rules(rng, players=2 + mix % 3)
    p = exact_player()
    deciders = [p.decide] + [BASE.decide] * (rules.players - 1)
    g = play_with(rules, 3310 + mix, deciders, 300)
    assert g.result is not None or len(g.actions()) == 300
