"""A hint in slices, so that the computers answer at once.

The page's worker answers one call at a time, so a hint the player stopped
waiting for (a card played meanwhile) must not keep the computers' next
decision waiting: the worker thinks about a hint one slice at a time
(:func:`napoleon.ai.review.hint_start_json`, :func:`hint_more_json`) and the
page asks for the next slice only while it still wants the answer.  These tests
check that the slices answer exactly what the hint in one go answers, that a
slice is bounded (at most one search step past its budget), and that a hint
left alone costs no further work (its search is closed, its ticket refused).
"""

from __future__ import annotations

import json
import random

import pytest

from cardkit.steps import Resumable, StaleTicket, Steps, finish
from napoleon.ai import review
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.review import hint_json, hint_json_steps, hint_more_json, hint_start_json
from napoleon.game import Game, Phase
from napoleon.rules import Rules


def decisions(seed: int) -> list[tuple[Phase, str]]:
    """Every decision of a baseline game with more than one choice (phase, view JSON)."""
    g = Game.new(Rules(), seed=seed)
    rng = random.Random(seed)
    base = BaselinePlayer()
    out: list[tuple[Phase, str]] = []
    while g.phase is not Phase.RESULT:
        v = g.view(g.to_act or 0)
        if len(v.legal_actions) > 1 or v.discard_count:
            out.append((g.phase, v.to_json()))
        g.apply(base.decide(v, rng))
    return out


def one_step_at_a_time(view_json: str, seed: int) -> tuple[str, int]:
    """The hint run one search step per slice: its answer and how many slices it took."""
    job: Resumable[str] = Resumable(budget_s=0.0)
    part = job.start(hint_json_steps(view_json, seed))
    slices = 1
    while not part.done:
        part = job.more(part.ticket)
        slices += 1
    assert part.result is not None
    return part.result, slices


@pytest.mark.sweep(quick=("2",))  # both games meet the bid, the exchange and the play
@pytest.mark.parametrize("seed", [2, 5])
def test_a_hint_in_slices_answers_as_the_hint_in_one_go(seed: int) -> None:
    """Every phase's searches (bid, call, exchange, play), cut at every step."""
    seen = set()
    for i, (phase, text) in enumerate(decisions(seed)[::2]):
        answer, slices = one_step_at_a_time(text, 100 + i)
        assert answer == hint_json(text, 100 + i)
        if phase in (Phase.BID, Phase.PLAY):
            # The search is cut finely: a sampled world or deal per step.
            assert slices >= 10
        seen.add(phase)
    assert {Phase.BID, Phase.PLAY} <= seen


def test_the_worker_boundary_answers_in_slices_as_in_one_go() -> None:
    """hint_start_json, then hint_more_json while "pending": the same JSON as hint_json."""
    text = next(t for phase, t in decisions(3) if phase is Phase.PLAY)
    reply = hint_start_json(text, 9)
    while "pending" in (part := json.loads(reply)):
        reply = hint_more_json(part["pending"])
    assert reply == hint_json(text, 9)


def test_a_slice_runs_past_its_budget_by_one_step_at_most() -> None:
    """Each step takes 10 (fake) ms; a 25 ms slice stops after the step that crosses it."""
    now = [0.0]
    ran = []

    def steps() -> Steps[str]:
        for i in range(20):
            now[0] += 0.010
            ran.append(i)
            yield
        return "done"

    job: Resumable[str] = Resumable(budget_s=0.025, clock=lambda: now[0])
    first = job.start(steps())
    assert (first.done, first.steps, len(ran)) == (False, 3, 3)
    second = job.more(first.ticket)
    assert (second.done, second.steps, len(ran)) == (False, 3, 6)


def test_a_hint_left_for_another_one_is_closed_and_its_ticket_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The page stops asking for a dropped hint; the next hint drops its search for good."""
    monkeypatch.setattr(review._hint_job, "budget_s", 0.0)  # one step per slice
    plays = [text for phase, text in decisions(3) if phase is Phase.PLAY]
    first = json.loads(hint_start_json(plays[0], 1))
    assert "pending" in first
    hint_start_json(plays[1], 2)
    assert json.loads(hint_more_json(first["pending"])) == {"dropped": first["pending"]}


def test_a_dropped_search_runs_no_further_step() -> None:
    """Dropping closes the generator: its code after the current step never runs."""
    ran: list[int] = []
    closed: list[bool] = []

    def steps() -> Steps[int]:
        try:
            for i in range(5):
                ran.append(i)
                yield
        finally:
            closed.append(True)
        return len(ran)

    job: Resumable[int] = Resumable(budget_s=0.0)
    part = job.start(steps())
    job.drop()
    assert (ran, closed) == ([0], [True])
    with pytest.raises(StaleTicket):
        job.more(part.ticket)
    assert ran == [0]
    assert finish(steps()) == 6  # run to its end, it would have gone on: 5 more steps
