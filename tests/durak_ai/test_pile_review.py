"""The pile games' review (:mod:`durak.ai.pile_review`): the human's decisions with a
choice, each reviewed by the hint's evaluator — with the seed the hint used there,
the very figures the hint showed — and a hostile record or request answered with an
error naming the field."""

from __future__ import annotations

import json
import random

import pytest

from cardkit.ui_dom.hint_frame import HINT_SALT
from cardkit.ui_dom.turn_loop import ai_seed
from durak.ai.pile_hint import hint
from durak.ai.pile_review import decisions, review_plan_json, review_step_json
from durak.pile.actions import action_text
from durak.pile.game import PileGame
from durak.pile.options import MODES, PileRules
from durak.pile.record import json_record, to_json

PLAYERS = {"kurukuru": 3, "chinese": 2, "chukhonsky": 3, "heap": 2, "crusaders": 4,
           "polish": 3}


def finished(mode: str, seed: int) -> PileGame:
    g = PileGame.new(PileRules(mode=mode, players=PLAYERS[mode]), seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()), g.to_act)
    return g


@pytest.mark.parametrize("mode", MODES)
def test_each_decision_is_reviewed_with_the_hints_figures(mode: str) -> None:
    """Replayed to each of seat 0's choices, the review's figures are the hint's with the
    hint's seed (the same worlds), the best move is the hint's, and the move played has
    its own figure among them."""
    g = finished(mode, 3)
    record = to_json(json_record(g, None, 3))
    plan = json.loads(review_plan_json(record, 0))["decisions"]
    assert plan == decisions(g, 0) and plan
    replay = PileGame.new(PileRules(mode=mode, players=PLAYERS[mode]), seed=3)
    for i, (seat, a) in enumerate(g.state.history):
        if i in plan[:4]:
            seed = ai_seed(3, g.state.game, i) ^ HINT_SALT
            step = json.loads(review_step_json(record, i, seed))
            h = hint(replay.view(seat), seed)
            assert step["best"] == action_text(h.action)
            assert step["best_figure"] == round(h.figure or 0, 3)
            assert step["played"] == action_text(a)
            assert [r[0] for r in step["ranked"]] == [action_text(x) for x, _f in h.ranked]
        replay.apply(a, seat)


@pytest.mark.parametrize(("change", "field"), [
    ({"format": "x"}, "format"), ({"moves": "7"}, "moves"), ({"dealer": 9}, "dealer"),
])
def test_a_hostile_record_is_refused_naming_the_field(change: dict[str, object],
                                                      field: str) -> None:
    g = finished("heap", 1)
    rec = json_record(g, None, 1) | change
    for reply in (review_plan_json(json.dumps(rec), 0), review_step_json(json.dumps(rec), 0, 1)):
        assert field in json.loads(reply)["error"]


def test_a_hostile_step_request_is_refused_naming_the_field() -> None:
    g = finished("heap", 1)
    record = to_json(json_record(g, None, 1))
    assert "index" in json.loads(review_step_json(record, 10**6, 1))["error"]
    assert "seed" in json.loads(review_step_json(record, 0, -1))["error"]
    assert "seat" in json.loads(review_plan_json(record, -1))["error"]
    unfinished = PileGame.new(PileRules(mode="heap", players=2), seed=1)
    text = to_json(json_record(unfinished, None, 1))
    assert "result" in json.loads(review_plan_json(text, 0))["error"]
