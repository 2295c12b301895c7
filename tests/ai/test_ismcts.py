"""The information-set tree search of the card play (``StrongPlayer(ismcts=roles)``).

Single-observer ISMCTS over the flat search's worlds, one tree keyed by the
cards played (every card is played face up, docs/rules/napoleon.md §2.5), so the tree
never keys on what the seat cannot see, such as who the adjutant is before the
called card falls.
"""

from __future__ import annotations

import json
import random

import pytest

from bench.ai_timing import positions, time_level
from cardkit.steps import finish
from cardkit.tree import Node, most_visited, paths
from lab.napoleon.report import ROLES
from lab.napoleon.variants import VariantError, parse_variant
from napoleon.actions import Play, action_text
from napoleon.ai import decide_json
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.ismcts import Points, tree_search
from napoleon.ai.playout import Table
from napoleon.ai.policy import choose_play
from napoleon.ai.search import Candidate, sides_of
from napoleon.ai.strong import StrongPlayer, role_of
from napoleon.ai.worlds import lost_honors, public_table
from napoleon.cards import HEARTS, parse_card
from napoleon.game import Game, Phase
from napoleon.rules import PRESET_NAMES, Rules
from napoleon.view import PlayerView, view_of
from tests.ai.helpers import VARIANTS, play_game

ALL_RULES = [Rules.preset(p) for p in PRESET_NAMES] + [Rules.from_text(v) for v in VARIANTS]
IDS = [*PRESET_NAMES, *(f"variant{i}" for i in range(len(VARIANTS)))]

TINY = StrongPlayer(worlds=2, bid_samples=1, contract_worlds=1, infer_factor=2, ismcts=ROLES)


@pytest.mark.parametrize("rules", ALL_RULES, ids=IDS)
def test_the_tree_search_plays_only_legal_cards_in_every_role(rules: Rules) -> None:
    # every preset (SdC, mixi, napoleon_l, four, ...) and the option mixes (six
    # players among them): the engine raises on an illegal card, so a finished
    # game had none; two tree-searching seats, so the roles vary over the seeds
    base = BaselinePlayer()
    for seed in range(4):
        players: list[object] = [base] * rules.players
        players[seed % rules.players] = TINY
        players[(seed + 2) % rules.players] = TINY
        g = play_game(rules, seed, players)  # type: ignore[arg-type]
        assert g.result is not None


def _view_in_role(role: str, seed: int = 3, min_cards: int = 6) -> PlayerView:
    """A view of a baseline game at a card decision of a seat in ``role``."""
    base = BaselinePlayer()
    rng = random.Random(seed)
    for s in range(seed, seed + 50):
        g = Game.new(Rules(), seed=s)
        while not g.is_over:
            seat = g.to_act
            assert seat is not None
            v = view_of(g, seat)
            if (
                g.phase is Phase.PLAY
                and role_of(v) == role
                and v.trick_index > 0
                and len(TINY.play_candidates(v)) >= 3
                and v.hand.bit_count() >= min_cards - 3
            ):
                return v
            g.apply(base.decide(v, rng), seat)
    raise AssertionError("no such decision")


@pytest.mark.parametrize("role", ROLES)
def test_a_seed_reproduces_the_tree_search_card(role: str) -> None:
    # budgets are counts (strong's module docstring): the same view and seed give
    # the same card, whatever the global random generator did in between
    player = StrongPlayer(ismcts=(role,))
    v = _view_in_role(role)
    first = player.decide(v, random.Random(11))
    random.seed(99)
    random.random()
    assert player.decide(v, random.Random(11)) == first
    assert isinstance(first, Play)


def _tree(v: PlayerView, worlds: list[Table], iterations: int) -> Node[Candidate]:
    player = StrongPlayer()
    assert v.napoleon is not None
    points = Points(v.rules, v.bid, v.napoleon, lost_honors(v))
    return tree_search(player.play_candidates(v), worlds, v.seat, points, iterations,
                       0.7, 2, 15, True)


def test_each_node_is_keyed_by_public_plays_and_its_mover_is_public() -> None:
    # before the called card falls an ally does not know the adjutant: the tree's
    # keys are the cards played (face up) and each node's mover is the seat to act
    # after those plays on the *public* table (no hand in it), the same in every world
    v = _view_in_role("ally")
    assert not v.adjutant_known
    worlds = finish(StrongPlayer(worlds=8).draw_worlds_steps(v, random.Random(2)))
    assert len({w.adjutant for w in worlds}) > 1  # the worlds disagree on the adjutant
    root = _tree(v, worlds, 200)
    keys = paths(root)
    assert any(len(k) >= 3 for k in keys)
    for key in keys:
        if not key:
            continue
        t = public_table(v)
        node = root
        for c, named in key:
            mover = t.to_act()
            t.play(c, named)
            node = node.children[(c, named)]
            assert node.mover == mover


def test_worlds_that_differ_in_hidden_cards_share_one_tree() -> None:
    # two worlds with different hidden hands (and different adjutants): one root,
    # one child per card of the seat's own hand, each tried in both worlds, not a
    # tree per world (so every child's availability is every walk since it was made)
    v = _view_in_role("ally")
    drawn = finish(StrongPlayer(worlds=12).draw_worlds_steps(v, random.Random(5)))
    a = drawn[0]
    b = next(w for w in drawn if w.adjutant != a.adjutant)
    assert a.hands != b.hands
    moves = StrongPlayer().play_candidates(v)
    iterations = 6 * len(moves)
    root = _tree(v, [a, b], iterations)
    assert set(root.children) == set(moves)
    assert sum(c.visits for c in root.children.values()) == iterations
    for i, m in enumerate(moves):
        # the i-th card was made on walk i and available on every walk after it
        assert root.children[m].avail == iterations - i
    # the same worlds in the other order: the same keys at the root's level
    other = _tree(v, [b, a], iterations)
    assert set(other.children) == set(root.children)


def _one_winning_card() -> Table:
    """SdC, trick 9 of 10: Napoleon (seat 0, alone) has 12 honors, bid 13.

    Seat 0 led C9, seats 1 and 2 followed C6, C7; seat 3 (us, an ally) holds
    CK and C2, seat 4 holds D5 and D6 (so no trick is all one suit, and the
    same-suit 2 never wins).  Played low, C9 wins and Napoleon leads his DK to
    the last trick: 13 honors, made.  Our CK wins instead, and our C2 lead to
    the last trick is beaten by seat 2's C4, which takes the DK: Napoleon
    fails.  The trick holds no honor, so the baseline's rule throws the C2.
    """
    c = parse_card
    hands = [
        1 << c("DK"),
        1 << c("C3"),
        1 << c("C4"),
        1 << c("CK") | 1 << c("C2"),
        1 << c("D5") | 1 << c("D6"),
    ]
    t = Table(Rules(), HEARTS, 0, -1, hands)
    t.trick_no = 8
    t.leader = 0
    t.trick = [c("C9"), c("C6"), c("C7")]
    t.seats = [0, 1, 2]
    t.honors = [12, 2, 2, 2, 2]
    return t


def test_the_tree_finds_the_one_winning_card_the_policy_misses() -> None:
    t = _one_winning_card()
    king, two = (parse_card("CK"), None), (parse_card("C2"), None)
    assert choose_play(t, sides_of(t)[3], aware=True) == two
    moves = [two, king]  # the policy's card first, as the tree expands
    points = Points(t.rules, 13, 0, 0)
    # no exact endgame: the tree and its playouts must see it
    root = tree_search(moves, [t], 3, points, 12, 0.7, 0, 0, True)
    assert most_visited(root, moves) == king
    assert root.children[king].mean() > 0 > root.children[two].mean()


def test_a_spec_names_the_roles_and_refuses_a_bad_one() -> None:
    assert parse_variant("strong:ismcts=adjutant").ismcts == ("adjutant",)
    assert parse_variant("strong:ismcts=adjutant+napoleon").ismcts == ("adjutant", "napoleon")
    assert parse_variant("strong").ismcts == ()  # strong's default: the flat search
    with pytest.raises(VariantError, match="'adjutent' is not a role"):
        parse_variant("strong:ismcts=adjutent")



def test_the_decision_bench_times_a_spec_as_the_worker_decides() -> None:
    # bench/ai_timing.py (and bench/pyodide_node.mjs ai_timing) take a spec in --levels: the
    # same positions and seeds as a level name, so strong:ismcts=... is timed
    # beside strong; a spec that changes nothing decides as the level does
    pos = [p for p in positions(1, Rules()) if p[0] == Phase.PLAY.value][:4]
    wall, cpu = time_level(pos, "strong:ismcts=adjutant+napoleon+ally")
    assert len(wall["all"]) == len(cpu["all"]) == len(pos)
    same = parse_variant("strong:worlds=24")
    for i, (_, text) in enumerate(pos):
        ours = same.decide(PlayerView.from_dict(json.loads(text)), random.Random(i))
        assert json.loads(decide_json(text, "strong", seed=i))["action"] == action_text(ours)
    with pytest.raises(VariantError):
        time_level(pos, "strong:ismcts=nobody")


def test_following_the_other_seats_play_the_policy_card_in_the_tree() -> None:
    # ismcts_follow: in one world the other seats' turns have one child each,
    # the policy's card there; the searching seat's own later turns branch
    v = _view_in_role("adjutant")
    world = finish(StrongPlayer(worlds=1).draw_worlds_steps(v, random.Random(4)))
    moves = StrongPlayer().play_candidates(v)
    assert v.napoleon is not None
    points = Points(v.rules, v.bid, v.napoleon, lost_honors(v))
    root = tree_search(moves, world, v.seat, points, 300, 0.7, 2, 15, True, follow=True)
    branched = False
    stack = [root]
    while stack:
        node = stack.pop()
        movers = {c.mover for c in node.children.values()}
        if movers and movers != {v.seat}:
            assert len(node.children) == 1
        branched |= movers == {v.seat} and len(node.children) > 1 and node is not root
        stack.extend(node.children.values())
    assert branched


def test_the_tree_walks_the_flat_search_budget_unless_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # worlds x cards walks by default (the flat search's playouts), ismcts_walks
    # x cards when set; the card played is still the tree's
    seen: list[object] = []

    def spy(*args: object) -> Node[Candidate]:
        seen.append(args[4])
        return tree_search(*args)  # type: ignore[arg-type]

    monkeypatch.setattr("napoleon.ai.strong.tree_search", spy)
    v = _view_in_role("adjutant")
    cards = len(TINY.play_candidates(v))
    StrongPlayer(worlds=4, ismcts=("adjutant",)).decide(v, random.Random(1))
    StrongPlayer(worlds=4, ismcts=("adjutant",), ismcts_walks=7).decide(v, random.Random(1))
    StrongPlayer(worlds=4, ismcts=("ally",)).decide(v, random.Random(1))  # not its role
    assert seen == [4 * cards, 7 * cards]
