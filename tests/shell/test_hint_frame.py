"""The page shell's hint frame on CPython, with a game plugged in
that is nothing but a decision counter: the frame's life without a browser (asking,
a late answer dropped, the count, failures as notices).  Drawing it is the e2e
tests' (``e2e/test_hint_review.py``, ``e2e/test_durak_hint.py``)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from cardkit.ui_dom.hint_frame import HintFrame


class Plug:
    """A table whose decision is ``moves`` (a move changes it) and a worker that
    answers when ``release`` is set, with ``reply`` (or raises ``fail``)."""

    def __init__(self) -> None:
        self.moves = 0
        self.human = True
        self.release = asyncio.Event()
        self.reply: str | None = json.dumps({"action": "take", "reason": {"kind": "only"}})
        self.fail: Exception | None = None
        self.asked = 0
        self.answers: list[dict[str, Any]] = []
        self.said: list[dict[str, Any]] = []
        self.drawings = 0
        self.gave_up = False

    def acting(self) -> bool:
        return self.human

    def position_key(self) -> str:
        return f"match.1.{self.moves}"

    async def ask(self, wanted: Callable[[], bool]) -> str | None:
        self.asked += 1
        await self.release.wait()
        if self.fail is not None:
            raise self.fail
        if not wanted():
            self.gave_up = True
            return None
        return self.reply

    def on_answer(self, answer: dict[str, Any]) -> None:
        self.answers.append(answer)

    def answer_box(self, answer: dict[str, Any]) -> Any:
        return None

    def highlight(self, answer: dict[str, Any]) -> None:
        pass

    def announce(self, answer: dict[str, Any]) -> None:
        self.said.append(answer)

    def rerender(self) -> None:
        self.drawings += 1

    def t(self, key: str, **args: object) -> str:
        return key


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


def test_an_answer_for_the_decision_on_the_table_is_kept_said_once_and_counted() -> None:
    async def scene() -> tuple[HintFrame, Plug, int]:
        plug = Plug()
        frame = HintFrame(plug)
        counted = []
        frame.on_count = lambda: counted.append(1)
        frame.ask()
        assert frame.pending and plug.drawings == 1  # the progress is drawn at once
        frame.ask()  # pressed again while thinking: nothing more asked
        plug.release.set()
        await settle()
        frame.ask()  # and once answered: nothing asked either
        await settle()
        return frame, plug, len(counted)

    frame, plug, counted = asyncio.run(scene())
    assert not frame.pending and frame.answer is not None
    assert frame.answer["action"] == "take"
    assert plug.asked == 1 and frame.used == 1 and counted == 1
    assert len(plug.answers) == 1 and len(plug.said) == 1  # read once


def test_an_answer_that_arrives_after_a_move_is_dropped() -> None:
    async def scene() -> tuple[HintFrame, Plug]:
        plug = Plug()
        frame = HintFrame(plug)
        frame.ask()
        await settle()
        plug.moves += 1  # the human played meanwhile
        plug.release.set()
        await settle()
        return frame, plug

    frame, plug = asyncio.run(scene())
    assert plug.gave_up  # the worker's client was told nobody waits
    assert frame.answer is None and plug.answers == [] and plug.said == []
    frame.forget_stale()
    assert (frame.key, frame.pending) == ("", False)  # the next decision may ask again


def test_a_late_answer_for_an_earlier_question_does_not_replace_the_current_one() -> None:
    async def scene() -> Plug:
        plug = Plug()
        frame = HintFrame(plug)
        frame.ask()
        await settle()
        plug.moves += 1
        frame.forget_stale()
        frame.ask()  # the next decision's hint, asked before the first answer came
        plug.release.set()
        await settle()
        return plug

    plug = asyncio.run(scene())
    # Both questions were answered by the worker, but only the second one is kept.
    assert plug.asked == 2 and len(plug.answers) == 1


def test_no_hint_is_asked_when_the_human_is_not_to_act() -> None:
    plug = Plug()
    plug.human = False
    frame = HintFrame(plug)
    frame.ask()
    assert plug.asked == 0 and frame.used == 0 and not frame.pending


def test_a_failed_question_becomes_a_notice_not_a_crash() -> None:
    async def scene(fail: Exception | None, reply: str | None) -> HintFrame:
        plug = Plug()
        plug.fail, plug.reply = fail, reply
        frame = HintFrame(plug)
        frame.ask()
        plug.release.set()
        await settle()
        return frame

    thrown = asyncio.run(scene(RuntimeError("worker gone"), None))
    refused = asyncio.run(scene(None, json.dumps({"error": "the view lacks 'seat'"})))
    garbled = asyncio.run(scene(None, "{not json"))
    listed = asyncio.run(scene(None, "[1, 2]"))
    assert thrown.error == "worker gone" and thrown.answer is None
    assert refused.error == "the view lacks 'seat'"
    assert garbled.error == listed.error == "unreadable answer"
    assert not any(f.pending for f in (thrown, refused, garbled, listed))
