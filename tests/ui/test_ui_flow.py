"""Outside the browser: no click is lost to the move animation, a new
match acts at once while a computer thinks, and the computers' first decisions
made on the page's main thread are the worker's own."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

from napoleon.actions import Action, parse_action
from napoleon.ai.levels import decide_json
from napoleon.match import Match
from napoleon.rules import PRESETS
from napoleon.ui_dom.ai_client import decide_here, needs_worker
from napoleon.ui_dom.controller import HUMAN, Controller, human_has_played


async def _think(view_json: str, level: str, seed: int) -> str:
    await asyncio.sleep(0)
    return decide_json(view_json, level, seed)


class Recorder:
    """The page's side of a controller: what was drawn and paused, in order."""

    def __init__(self) -> None:
        self.events: list[str] = []
        self.saves = 0

    async def pause(self) -> None:
        self.events.append("pause")

    def change(self) -> None:
        self.events.append("draw")

    def save(self, _match: Match, _extra: dict[str, object]) -> None:
        self.saves += 1


def _controller(seed: int, rec: Recorder, think: object = _think) -> Controller:
    return Controller(
        PRESETS["sdc"], seed, "easy", think, rec.pause, rec.change, save=rec.save  # type: ignore[arg-type]
    )


def test_the_move_animation_runs_between_computers_never_after_the_last_one() -> None:
    """NEXT (or the human's cards) act as soon as they are shown: after the last
    computer's move the loop ends at once, no pause left during which a click
    would be ignored (without it, immediate NEXT clicks get lost)."""
    for seed in range(1, 8):
        rec = Recorder()
        ctrl = _controller(seed, rec)
        asyncio.run(ctrl.start())
        computer_moves = sum(1 for seat, _ in ctrl.match.game.actions() if seat != HUMAN)
        assert rec.events.count("pause") == max(computer_moves - 1, 0)
        assert rec.events[-1] == "draw" and "pause" not in rec.events[-2:]
        assert not ctrl.busy and ctrl.human_to_act()


def test_a_closed_match_ignores_its_computers_late_answer() -> None:
    """「新しいマッチ」 while a computer thinks: the old match is closed at once, and
    the answer that arrives afterwards is neither applied, drawn nor saved."""

    async def scenario() -> tuple[Controller, Recorder, int]:
        answer: asyncio.Future[str] = asyncio.get_running_loop().create_future()

        async def slow_think(view_json: str, level: str, seed: int) -> str:
            await answer
            return decide_json(view_json, level, seed)

        rec = Recorder()
        ctrl = _controller(3, rec, slow_think)
        running = asyncio.ensure_future(ctrl.start())
        await asyncio.sleep(0)
        assert ctrl.busy
        count = len(ctrl.match.game.actions())
        ctrl.close()
        drawn = len(rec.events)
        answer.set_result("")
        await running
        assert len(rec.events) == drawn
        return ctrl, rec, count

    ctrl, rec, count = asyncio.run(scenario())
    assert len(ctrl.match.game.actions()) == count
    assert rec.saves == 0
    assert not ctrl.busy
    assert asyncio.run(_handled(ctrl)) == count


async def _handled(ctrl: Controller) -> int:
    await ctrl.handle("drop")
    return len(ctrl.match.game.actions())


def test_an_answer_for_a_table_that_moved_on_is_ignored() -> None:
    """The seat and the action count are checked when a computer's answer arrives."""

    async def scenario() -> Controller:
        async def think_then_move(view_json: str, level: str, seed: int) -> str:
            reply = decide_json(view_json, level, seed)
            g = ctrl.match.game
            g.apply(json_action(reply), g.to_act)  # someone else moved meanwhile
            return reply

        ctrl = _controller(5, Recorder(), think_then_move)
        await ctrl.start()
        return ctrl

    ctrl = asyncio.run(scenario())
    assert len(ctrl.match.game.actions()) == 1


def json_action(reply: str) -> Action:
    return parse_action(str(json.loads(reply)["action"]))


def test_the_last_trick_button_acts_while_a_computer_thinks() -> None:
    async def scenario() -> bool:
        answer: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        async def slow_think(view_json: str, level: str, seed: int) -> str:
            await answer
            return decide_json(view_json, level, seed)

        ctrl = _controller(3, Recorder(), slow_think)
        g = ctrl.match.game
        while g.phase.value != "play" or not g.tricks or g.to_act == HUMAN:
            seat = g.to_act
            assert seat is not None
            g.apply(json_action(decide_json(g.view(seat).to_json(), "easy", 1)), seat)
        running = asyncio.ensure_future(ctrl.start())
        await asyncio.sleep(0)
        assert ctrl.busy
        await ctrl.handle("last-trick")
        shown = ctrl.show_last
        answer.set_result(None)
        await running
        return shown

    assert asyncio.run(scenario())


def test_a_match_is_the_players_once_they_moved_or_a_game_ended() -> None:
    match = Match(PRESETS["sdc"], seed=2)
    g = match.game
    while g.to_act != HUMAN:
        seat = g.to_act
        assert seat is not None
        g.apply(json_action(decide_json(g.view(seat).to_json(), "easy", 1)), seat)
    assert not human_has_played(match)
    g.apply(json_action(decide_json(g.view(HUMAN).to_json(), "easy", 1)), HUMAN)
    assert human_has_played(match)


LEVELS_DECIDED_HERE = ("easy", "normal")


def _first_decisions(hash_seed: str) -> dict[str, list[str]]:
    """Every computer decision before the play, over three deals, at each level of
    :data:`LEVELS_DECIDED_HERE`, in a fresh interpreter with the given hash seed (the
    worker and the page each are one)."""
    code = f"""
import json
from napoleon.match import Match
from napoleon.rules import PRESETS
from napoleon.actions import parse_action
from napoleon.ui_dom.ai_client import decide_here
out = {{}}
for level in {LEVELS_DECIDED_HERE!r}:
    out[level] = []
    for seed in (1, 2, 3):
        g = Match(PRESETS["sdc"], seed=seed).game
        while g.phase.value != "play":
            reply = decide_here(g.view(g.to_act).to_json(), level, seed * 7 + len(g.actions()))
            out[level].append(reply)
            g.apply(parse_action(json.loads(reply)["action"]), g.to_act)
print(json.dumps(out))
"""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    decided: dict[str, list[str]] = json.loads(done.stdout)
    return decided


def test_decisions_made_here_are_the_workers_whatever_the_interpreter() -> None:
    """The page decides the computers' first bids itself while the worker boots:
    with the same seed they are exactly what the worker (another interpreter, its
    own hash seed) would decide, at every level (both levels in each interpreter)."""
    here = _first_decisions("1")
    assert set(here) == set(LEVELS_DECIDED_HERE) and all(here.values())
    assert here == _first_decisions("2")
    for level in LEVELS_DECIDED_HERE:
        g = Match(PRESETS["sdc"], seed=1).game
        view = g.view(g.to_act or 0).to_json()
        assert decide_here(view, level, 9) == decide_json(view, level, 9)


def test_only_a_searching_levels_card_play_waits_for_the_worker() -> None:
    g = Match(PRESETS["sdc"], seed=1).game
    view = g.view(g.to_act or 0).to_json()
    assert not needs_worker(view, "strong")
    assert needs_worker(json.dumps({"phase": "play"}), "strong")


def _decide_until_play(view_json: str, level: str, seed: int) -> str | None:
    """A page's main thread: every decision but a card play (that waits for the worker)."""
    if json.loads(view_json).get("phase") == "play":
        return None
    return decide_json(view_json, level, seed)


def test_decisions_made_at_once_are_the_computers_loops_own() -> None:
    """The first screen at instant animation is drawn once the computers have
    decided up to the human's turn (``decide_at_once``, nothing drawn between):
    the same actions, with the same seeds, as the computers' loop makes, and that
    loop then takes over from where it stopped (a card play, for the worker)."""
    for seed in range(1, 10):
        looped = _controller(seed, Recorder())
        asyncio.run(looped.start())
        rec = Recorder()
        at_once = _controller(seed, rec)
        at_once.decide_at_once(_decide_until_play, lambda: True)
        assert rec.events == []
        done = at_once.match.game.actions()
        assert done == looped.match.game.actions()[: len(done)]
        if not at_once.human_to_act():
            assert at_once.match.game.phase.value == "play"
        asyncio.run(at_once.start())
        assert at_once.match.game.actions() == looped.match.game.actions()
        assert at_once.human_to_act()


def test_decisions_made_at_once_are_saved_once_at_their_end() -> None:
    """The first screen's computer decisions are one task of the page: saved once
    when they end (each save serialises the whole match into localStorage), and
    what is saved is the table the human finds, every one of those decisions in it."""
    decided = 0
    for seed in range(1, 6):
        saved: list[int] = []

        def save(match: Match, _extra: dict[str, object], saved: list[int] = saved) -> None:
            saved.append(len(match.game.actions()))

        pause = Recorder().pause
        ctrl = Controller(PRESETS["sdc"], seed, "easy", _think, pause, lambda: None, save)
        ctrl.decide_at_once(_decide_until_play, lambda: True)
        made = len(ctrl.match.game.actions())
        assert saved == ([made] if made else [])
        decided += made > 0
    assert decided >= 3  # most of these deals start with computers to bid
    saved.clear()
    ctrl = Controller(PRESETS["sdc"], 1, "easy", _think, pause, lambda: None, save)
    ctrl.decide_at_once(_decide_until_play, lambda: False)
    assert saved == []  # nothing decided, nothing written


def test_decisions_made_at_once_stop_when_the_time_is_up() -> None:
    """``more()`` is asked before every decision: with no time left, none is made."""
    ctrl = _controller(1, Recorder())
    ctrl.decide_at_once(_decide_until_play, lambda: False)
    assert ctrl.match.game.actions() == []
    asked = iter([True, False])
    ctrl.decide_at_once(_decide_until_play, lambda: next(asked))
    assert len(ctrl.match.game.actions()) == 1
