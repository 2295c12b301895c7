"""The review's cost and the hint (napoleon.ai.review, napoleon.ai.analysis).

The known-answer position (seed 418, every seat played by the baseline): in
trick 9 of 10 the human (seat 0, on the French side) plays last; the trick
holds 3 honors and the other side is winning it; the human holds ♦7 and ♣A.
The ♣A takes the trick (3 honors, and its own); the ♦7 leaves all of them to
the other side.  So the ♦7 must cost something (and be listed among the
costly decisions of its game (in honors: the contract is made either way, so no points are at
stake)), and the ♣A must cost nothing.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from napoleon.actions import Play, action_text
from napoleon.ai.analysis import analyse
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.levels import decide
from napoleon.ai.reasons import reason_of
from napoleon.ai.review import (
    costliest,
    hint,
    hint_json,
    review_decision,
    review_game,
    review_plan_json,
    review_step_json,
)
from napoleon.cards import parse_card
from napoleon.game import Game, Phase
from napoleon.record import game_record
from napoleon.rules import Rules

SEED = 418


def _to_the_choice() -> tuple[Game, random.Random]:
    """Seed 223 played by the baseline up to the human's choice in trick 9."""
    g = Game.new(Rules(), seed=SEED)
    rng = random.Random(SEED)
    base = BaselinePlayer()
    while not (g.phase is Phase.PLAY and g.to_act == 0 and g.trick_index == 8
               and len(g.trick) == 4):
        g.apply(base.decide(g.view(g.to_act or 0), rng))
    return g, rng


def _finish_with(card: str) -> tuple[Game, int]:
    """The game with the human playing ``card`` at the choice; the choice's index."""
    g, rng = _to_the_choice()
    index = len(g.actions())
    g.apply(Play(parse_card(card)))
    base = BaselinePlayer()
    while g.phase is not Phase.RESULT:
        g.apply(base.decide(g.view(g.to_act or 0), rng))
    return g, index


def test_the_position_is_the_one_described() -> None:
    g, _ = _to_the_choice()
    plays = {action_text(a) for a in g.legal_actions()}
    assert plays == {"play D7", "play CA"}
    assert 0 in (g.napoleon, g.adjutant)


def test_throwing_an_honor_into_a_lost_trick_costs_and_is_ranked_first() -> None:
    game, index = _finish_with("D7")
    d = review_decision(game, 0, index)
    # The French side has made its contract either way here: the points are the same,
    # the honors are not (the ♣A's world takes the 3 honors and keeps its own).
    assert d.cost == 0
    assert d.honors_lost > 1
    assert action_text(d.strong) == "play CA"
    assert action_text(d.oracle or Play(0)) == "play CA"  # the all-seeing player agrees
    # Listed among the costly decisions (the baseline's earlier plays, made for the
    # human, cost points and rank above it); with the ♣A played it is not listed.
    assert index in [x.index for x in costliest(review_game(game))]
    good, _ = _finish_with("CA")
    assert index not in [x.index for x in costliest(review_game(good))]


def test_costliest_ranks_points_then_honors_then_order() -> None:
    game, index = _finish_with("D7")
    d = review_decision(game, 0, index)
    worse = replace(d, index=1, cost=1.0)
    same_pts_more_honors = replace(d, index=2, cost=1.0, honors_lost=3.0)
    free = replace(d, index=0, cost=0.0, honors_lost=0.0)
    ranked = costliest([d, worse, free, same_pts_more_honors])
    assert [x.index for x in ranked] == [2, 1, index]


def test_taking_the_trick_costs_nothing() -> None:
    game, index = _finish_with("CA")
    d = review_decision(game, 0, index)
    assert d.cost == 0
    assert d.chosen is not None and d.chosen.action == d.strong


def test_a_forced_play_costs_nothing_and_is_not_searched() -> None:
    game, _ = _finish_with("CA")
    last = max(i for i, (s, _a) in enumerate(game.actions()) if s == 0)
    d = review_decision(game, 0, last)  # the last trick: one card left
    assert (d.cost, d.reason.code, len(d.options)) == (0.0, "forced", 1)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_hint_is_the_strong_computers_own_choice(seed: int) -> None:
    """Same view, same seed: the first option is what the strong level plays."""
    g = Game.new(Rules(), seed=seed)
    rng = random.Random(seed)
    base = BaselinePlayer()
    checked = 0
    while g.phase is not Phase.RESULT and checked < 6:
        v = g.view(g.to_act or 0)
        if g.phase in (Phase.BID, Phase.PLAY, Phase.CALL, Phase.EXCHANGE):
            assert analyse(v, 40 + checked).best.action == decide(v, "strong", 40 + checked)
            checked += 1
        g.apply(base.decide(v, rng))


def test_the_hint_says_why_from_the_position() -> None:
    g, _ = _to_the_choice()
    h = hint(g.view(0), 5)
    assert action_text(h.action) == "play CA"
    # The ♣A takes the three honors on the table and its own: the phrase says so.
    assert (h.reason.code, h.reason.args["n"]) in {("take", 4), ("ruff", 4)}
    other = next(o for o in h.options if action_text(o.action) == "play D7")
    assert reason_of(g.view(0), other).code in {"lose_least", "duck"}
    assert h.options[0].win is not None and 0 <= h.options[0].win <= 1


def test_the_worker_boundary_round_trips() -> None:
    g, _ = _to_the_choice()
    reply = json.loads(hint_json(g.view(0).to_json(), 5))
    assert reply["options"][0]["action"] == "play CA"
    game, index = _finish_with("D7")
    rec = json.dumps(game_record(game))
    plan = json.loads(review_plan_json(rec, 0))["decisions"]
    assert index in plan
    step = json.loads(review_step_json(rec, 0, index))
    assert step["honors_lost"] > 0 and step["strong"] == "play CA"


def test_a_game_in_progress_is_not_reviewed() -> None:
    g, _ = _to_the_choice()
    with pytest.raises(ValueError, match="not over"):
        review_plan_json(json.dumps(game_record(g)), 0)
