"""Information-set tree search (durak/ai/ismcts.py): legal, seeded, its counts add up."""

from __future__ import annotations

import random
from functools import partial

import pytest

from durak.actions import Action, Attack
from durak.ai.baseline import BaselinePlayer, decide_game
from durak.ai.ismcts import Node, iterate, tree_search
from durak.ai.levels import (
    MIX_FOLLOW,
    STRONG_ENDGAME_NODES,
    STRONG_TIME_LIMIT,
    STRONG_WORLDS,
    UnknownLevelError,
    player_for,
    split_worlds,
)
from durak.ai.search import StrongPlayer, candidates, search
from durak.ai.worlds import sample_world
from durak.cards import parse_hand
from durak.game import Game, Phase
from durak.rules import Rules
from lab.durak import arena
from tests.durak_ai.helpers import only_winning_attack, play_with, random_rules
from tests.sweep import sized

BASE = BaselinePlayer()


def tree_player(worlds: int = 1) -> StrongPlayer:
    return StrongPlayer(worlds=worlds, name="ismcts", middle=tree_search)


def test_strong_ismcts_is_strong_with_the_tree_search() -> None:
    """The arena level keeps strong's worlds, time cap and exact endgame."""
    p = player_for("strong-ismcts", time_limits=True)
    assert isinstance(p, StrongPlayer)
    assert p.middle is tree_search
    assert (p.worlds, p.time_limit, p.endgame_nodes) == (
        STRONG_WORLDS, STRONG_TIME_LIMIT, STRONG_ENDGAME_NODES)
    plain = player_for("strong")
    assert isinstance(plain, StrongPlayer) and plain.middle is search
    assert arena.contestant("strong-ismcts:4").name == "strong-ismcts:4"


#: Random option mixes, one a players count (2 + mix % 5): 7 (the tree at seat 0 and the
#: last seat through 200 actions each), every line and branch of durak.ai that 10 meet
#: (doubt and the 72-card deck come in the sixth and seventh).  ``make check`` plays
#: 120 actions of each: the first mix's game (recycling) never ends, and its last 80
#: tree decisions are its first 120's kind.
TREE_MIXES = 7
TREE_ACTIONS = sized(200, 120)


@pytest.mark.sweep(quick=("0", "5", "6"))
@pytest.mark.parametrize("mix", range(TREE_MIXES))
def test_legal_under_random_option_mixes_and_2_to_6_players(mix: int) -> None:
    """Every move of the tree player (at seat 0 and the last seat) through Game.apply,
    checked, under random option mixes (the options of docs/rules/durak.md) and 2-6 players."""
    rng = random.Random(330 + mix)
    rules = random_rules(rng, players=2 + mix % 5)
    p = tree_player()
    deciders = [p.decide] + [BASE.decide] * (rules.players - 2) + [p.decide]
    g = play_with(rules, 3300 + mix, deciders, TREE_ACTIONS)
    assert g.result is not None or len(g.actions()) == TREE_ACTIONS


@pytest.mark.parametrize(("teams", "players"), [("2v2", 4), ("3v3", 6), ("2x3", 6)])
def test_legal_in_team_games(teams: str, players: int) -> None:
    """Team play (docs/rules/durak.md §4): a side's result is its team's; every seat searches."""
    rules = Rules.preset("perevodnoy").replace(players=players, teams=teams)
    p = tree_player()
    g = play_with(rules, 7, [p.decide] * players, 150)
    assert g.result is not None or len(g.actions()) == 150


def test_same_view_and_seed_same_decision() -> None:
    """Seeded: without a time limit the decision depends on the view and seed only."""
    for preset in ("podkidnoy", "perevodnoy"):
        g = Game.new(Rules.preset(preset), seed=11)
        v = g.view(g.to_act)
        p = tree_player(4)
        a = p.decide(v, random.Random(2))
        random.seed(99)  # the global generator is not used
        assert p.decide(v, random.Random(2)) == a
        assert p.last_averages


def test_visit_counts_add_up() -> None:
    """Each iteration passes the root once; a node's children share its visits but the
    one in which it was added (or every visit, when the game ended there); a child is
    available at least as often as it is visited."""
    g = Game.new(Rules.preset("perevodnoy"), seed=5)
    v = g.view(g.to_act)
    legal = g.legal_actions()
    cands = candidates(legal, decide_game(g, legal))
    rng = random.Random(3)
    root: Node[Action] = Node(v.seat)
    for _ in range(120):
        iterate(root, cands, sample_world(v, rng), rng, 0.05, True, 0.7)
    assert root.visits == 120 == sum(ch.visits for ch in root.children.values())
    assert set(root.children) == set(cands)
    stack = list(root.children.values())
    deep = 0
    while stack:
        nd = stack.pop()
        assert nd.avail >= nd.visits >= 1
        if nd.children:
            deep += 1
            assert sum(ch.visits for ch in nd.children.values()) == nd.visits - 1
        stack.extend(nd.children.values())
    assert deep >= 5


def test_finds_the_only_winning_attack() -> None:
    """§2 (a card the defender cannot beat must be taken): the tree finds A♠ first."""
    g = only_winning_attack()
    assert g.legal_actions() == [Attack(parse_hand("AS")), Attack(parse_hand("6H"))]
    for seed in range(3):
        a, means = tree_search(g.clone, 0, g.legal_actions(), Attack(parse_hand("6H")),
                               random.Random(seed), 4, 0.0)
        assert a == Attack(parse_hand("AS"))
        assert dict(means) == {Attack(parse_hand("AS")): 1.0, Attack(parse_hand("6H")): 0.0}


def test_iterations_are_the_worlds_budget_times_the_candidates() -> None:
    g = Game.new(Rules.preset("podkidnoy"), seed=21)
    legal = g.legal_actions()
    first = decide_game(g, legal)
    n = len(candidates(legal, first))
    assert n > 1
    calls = [0]

    def worlds() -> Game:
        calls[0] += 1
        return g.clone()

    tree_search(worlds, g.to_act, legal, first, random.Random(1), 3, 0.05)
    assert calls[0] == 3 * n


def test_a_spent_time_limit_stops_after_one_iteration_per_candidate() -> None:
    """Anytime: a time limit already spent leaves one iteration per root candidate
    (the cap is checked between iterations, never timed here)."""
    g = Game.new(Rules.preset("podkidnoy"), seed=21)
    legal = g.legal_actions()
    first = decide_game(g, legal)
    n = len(candidates(legal, first))
    calls = [0]

    def worlds() -> Game:
        calls[0] += 1
        return g.clone()

    a, means = tree_search(worlds, g.to_act, legal, first, random.Random(1), 50, 0.05,
                           time_limit=0.0)
    assert calls[0] == n
    assert a in legal and len(means) == n


def test_doubt_falls_back_to_the_flat_search() -> None:
    """``doubt`` (a face-down cover, §3.5): the tree would be keyed by a card nobody
    saw, so the flat search decides, with the same worlds and generator."""
    rules = Rules.preset("podkidnoy").replace(doubt=True)
    g = Game.new(rules, seed=4)
    for _ in range(3):  # into the first bout, where a defender may lie
        if g.phase is Phase.OVER:
            break
        g.apply(BASE.decide(g.view(g.to_act)), g.to_act)
    legal = g.legal_actions()
    first = decide_game(g, legal)
    assert tree_search(g.clone, g.to_act, legal, first, random.Random(8), 2, 0.05) == search(
        g.clone, g.to_act, legal, first, random.Random(8), 2, 0.05)


def test_strong_mix_is_the_tree_with_other_players_following_the_baseline() -> None:
    """``strong-mix`` is strong-ismcts with ``follow`` = :data:`MIX_FOLLOW`."""
    p = player_for("strong-mix")
    assert isinstance(p, StrongPlayer) and isinstance(p.middle, partial)
    assert p.middle.func is tree_search and p.middle.keywords == {"follow": MIX_FOLLOW}
    assert (p.worlds, p.endgame_nodes) == (STRONG_WORLDS, STRONG_ENDGAME_NODES)


@pytest.mark.parametrize(("level", "middle", "worlds"), [
    ("strong-ismcts:64", tree_search, 64), ("strong-mix:96", partial, 96),
    ("normal-ismcts:16", tree_search, 16), ("strong:1", search, 1)])
def test_a_worlds_suffix_sets_the_worlds_of_any_searching_level(
        level: str, middle: object, worlds: int) -> None:
    """Larger-budget trees (arena only): ``LEVEL:N`` is that level with N
    worlds per decision, the rest of it (search, endgame, time cap) unchanged."""
    p = player_for(level, time_limits=True)
    base = player_for(level.partition(":")[0], time_limits=True)
    assert isinstance(p, StrongPlayer) and isinstance(base, StrongPlayer)
    assert (p.worlds, p.name) == (worlds, level)
    assert isinstance(p.middle, partial) if middle is partial else p.middle is middle
    assert (p.time_limit, p.endgame_nodes, p.cube_playouts) == (
        base.time_limit, base.endgame_nodes, base.cube_playouts)
    assert arena.contestant(level).name == level


@pytest.mark.parametrize("level", ["strong-ismcts:", "strong-mix:0", "strong-ismcts:x",
                                   "strong:²", "strong:1234567", "strong:4:5", "easy:4",
                                   "baseline:8", "strong-tree:8", "mcts:5"])
def test_a_bad_worlds_suffix_is_refused_by_name(level: str) -> None:
    """A worlds count is 1-6 ASCII digits, at least 1, on a level that searches worlds;
    anything else is UnknownLevelError naming the player, never int()'s ValueError."""
    with pytest.raises(UnknownLevelError, match="bad player"):
        player_for(level)


def test_split_worlds_leaves_a_plain_level_alone() -> None:
    assert split_worlds("strong-mix") == ("strong-mix", None)
    assert split_worlds("strong-mix:8") == ("strong-mix", 8)


def opponent_children(follow: float, seed: int) -> list[tuple[Action, list[Action]]]:
    """Tree over one known world (every world the game itself): for each node where the
    other player moves, the baseline's pick there and the moves the tree holds."""
    g = Game.new(Rules.preset("perevodnoy"), seed=seed)
    legal = g.legal_actions()
    cands = candidates(legal, decide_game(g, legal))
    rng = random.Random(seed)
    root: Node[Action] = Node(g.to_act)
    for _ in range(200):
        iterate(root, cands, g.clone(), rng, 0.05, True, 0.7, follow)
    out: list[tuple[Action, list[Action]]] = []
    stack = [(g, root)]
    while stack:
        h, nd = stack.pop()
        if nd.children and h.player_of(h.to_act) != root.mover:
            moves = h.legal_actions()
            out.append((decide_game(h, moves), list(nd.children)))
        for a, ch in nd.children.items():
            k = h.clone()
            k.apply_unchecked(a)
            stack.append((k, ch))
    return out


def test_follow_1_other_players_play_the_baselines_pick_in_the_tree() -> None:
    """``follow`` = 1: where the other player moves, the tree holds the baseline's pick
    only (one world, so that pick is one move); with ``follow`` = 0 the same tree
    tries other replies too (the best reply for that player)."""
    for seed in (5, 6):
        followed = opponent_children(1.0, seed)
        assert followed and all(kids == [pick] for pick, kids in followed)
        best_reply = opponent_children(0.0, seed)
        assert any(len(kids) > 1 for _, kids in best_reply)


def test_follow_half_mixes_the_baselines_pick_with_ucb() -> None:
    """``follow`` = ½: the baseline's pick is there at every such node, and some
    nodes also hold replies UCB chose."""
    mixed = opponent_children(0.5, 5)
    assert all(pick in kids for pick, kids in mixed)
    assert any(len(kids) > 1 for _, kids in mixed)


@pytest.mark.sweep(quick=("0", "1"))  # follow 1 and follow ½
@pytest.mark.parametrize("mix", range(6))
def test_strong_mix_legal_under_random_option_mixes(mix: int) -> None:
    """The -mix tree's every move through Game.apply, checked, under random option
    mixes (the options of docs/rules/durak.md) and 2-6 players, ``follow`` ½ and 1."""
    rng = random.Random(3330 + mix)
    rules = random_rules(rng, players=2 + mix % 5)
    p = StrongPlayer(worlds=1, name="mix",
                     middle=partial(tree_search, follow=0.5 if mix % 2 else 1.0))
    deciders = [p.decide] + [BASE.decide] * (rules.players - 2) + [p.decide]
    g = play_with(rules, 33300 + mix, deciders, 200)
    assert g.result is not None or len(g.actions()) == 200


def test_strong_mix_same_view_and_seed_same_decision() -> None:
    """Seeded: the follow draws come from the generator handed in, nothing else."""
    g = Game.new(Rules.preset("podkidnoy"), seed=12)
    v = g.view(g.to_act)
    p = StrongPlayer(worlds=4, name="mix", middle=partial(tree_search, follow=0.5))
    a = p.decide(v, random.Random(3))
    means = p.last_averages
    random.seed(7)
    assert p.decide(v, random.Random(3)) == a and p.last_averages == means
