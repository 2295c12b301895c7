"""The review of a finished Durak game: the strong computer's other choices,
from the human's view only, with the chance of not being the durak after each."""

from __future__ import annotations

import json

import pytest

from durak.actions import Cover, Take
from durak.ai import review
from durak.ai.baseline import decide_game
from durak.ai.review import (
    ReviewError,
    decision_points,
    replay_finished,
    review_decision,
    review_plan_json,
    review_step_json,
    state_before,
)
from durak.game import Game
from durak.record import json_record
from durak.rules import Rules
from tests.durak_ai.helpers import small_strong_search


def taker_game(seed: int) -> Game:
    """A 2-player game where seat 0 takes whenever it may once the talon is empty (a
    mistake when its hand covers the attack), everyone else plays the baseline."""
    g = Game.new(Rules.from_text("players=2"), seed=seed)
    while g.result is None:
        legal = g.legal_actions()
        takes = [a for a in legal if isinstance(a, Take)]
        a = takes[0] if g.to_act == 0 and takes and not g.talon else decide_game(g, legal)
        g.apply(a, g.to_act)
    return g


def test_a_needless_take_in_the_endgame_is_marked_with_the_cover_instead() -> None:
    """Seed 1: with the talon empty, seat 0 takes an attack its hand could cover and
    loses; the review marks that take, its alternative a cover, and the chance of not
    being the durak rises by at least half (24 worlds, fixed seed)."""
    g = taker_game(1)
    assert g.result is not None and 0 in g.result.durak
    endgame_takes = [i for i in decision_points(g, 0)
                     if isinstance(g.actions()[i][1], Take) and not state_before(g, i).talon]
    moments = [review_decision(g, 0, i) for i in endgame_takes]
    marked = [m for m in moments if m.costly]
    assert marked, [(m.index, m.played_chance, m.strong_chance) for m in moments]
    m = marked[0]
    assert isinstance(m.strong, Cover)
    assert m.strong_chance - m.played_chance >= 0.5


def test_the_review_is_reproducible(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same record reviews the same (fixed seeds, no time limit), and the plan lists
    exactly the seat's decisions (on a small search, :func:`small_strong_search`: a
    seed that mattered would show at any budget)."""
    small_strong_search(monkeypatch)
    g = taker_game(2)
    rec = json.dumps(json_record(g))
    plan = json.loads(review_plan_json(rec, 0))["decisions"]
    assert plan == decision_points(g, 0)
    first = [review_step_json(rec, 0, i) for i in plan[:4]]
    assert first == [review_step_json(rec, 0, i) for i in plan[:4]]


def test_a_forced_action_is_no_decision() -> None:
    """A decision point has more than one legal action before it."""
    g = taker_game(3)
    for i in decision_points(g, 0):
        assert len(state_before(g, i).legal_actions()) > 1
    assert all(s == 0 for s, _a in (g.actions()[i] for i in decision_points(g, 0)))


def test_hostile_records_and_requests_answer_an_error_never_raise() -> None:
    """A record the engine refuses, an unfinished game, another seat's action, an index
    out of range or not a whole number: ``{"error": ...}`` naming why."""
    g = taker_game(4)
    rec = json_record(g)
    good = json.dumps(rec)
    unfinished = Game.new(Rules.from_text("players=2"), seed=4)
    tampered = dict(rec, actions=[*rec["actions"][:-3], "0 cover AS AS", *rec["actions"][-2:]])
    for bad in ("{", "[]", json.dumps(json_record(unfinished)), json.dumps(tampered),
                json.dumps(dict(rec, format="napoleon-game/1")), "x" * 9_000_000):
        assert "error" in json.loads(review_plan_json(bad, 0)), bad[:80]
    assert "seat" in json.loads(review_plan_json(good, 5))["error"]
    assert "seat" in json.loads(review_plan_json(good, True))["error"]
    other = next(i for i, (s, _a) in enumerate(g.actions()) if s == 1)
    assert "seat 1's" in json.loads(review_step_json(good, 0, other))["error"]
    assert "no action" in json.loads(review_step_json(good, 0, 10**6))["error"]
    assert "whole number" in json.loads(review_step_json(good, 0, 1.0))["error"]  # type: ignore[arg-type]
    with pytest.raises(ReviewError, match="not over"):
        replay_finished(json_record(unfinished))


def test_a_game_too_long_to_review_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A record may hold 400,000 actions; its review (a replay per decision) would hold the
    worker for minutes, so a game over MAX_REVIEW_ACTIONS is refused with the reason."""
    g = taker_game(5)
    monkeypatch.setattr(review, "MAX_REVIEW_ACTIONS", len(g.actions()) - 1)
    assert "too long to review" in json.loads(review_plan_json(json.dumps(json_record(g))))[
        "error"]


def test_a_decisions_figures_depend_only_on_its_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The worlds are seeded by the seat's view (a hash of its JSON), not by the
    decision's number or the order of the review: the same figures reviewed first or
    last, and exactly those of the hint's evaluator on the position's own worlds (on a
    small search, :func:`small_strong_search`: the same search asked two ways)."""
    from durak.ai.advice import analyse
    from durak.ai.reader import game_readings

    small_strong_search(monkeypatch)
    g = taker_game(3)
    points = decision_points(g, 0)[:4]
    forward = [review_decision(g, 0, i) for i in points]
    backward = [review_decision(g, 0, i) for i in reversed(points)][::-1]
    assert forward == backward
    i = points[-1]
    view = state_before(g, i).view(0)
    found = analyse(view, game_readings(g, 0)[i])
    played = g.actions()[i][1]
    mine = found.option_for(played)
    assert mine is not None and forward[-1].played_chance == mine.chance
    assert forward[-1].strong == found.best.action
