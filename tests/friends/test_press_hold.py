"""The lobby's drawing held while a press is on it (cardkit.ui_dom.press_hold)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardkit.ui_dom.press_hold import MAX_HOLD, PressHold
from tests.shell.test_page_shell import Node


class Clock:
    """The event loop's ``call_later``, run by hand."""

    def __init__(self) -> None:
        self.now = 0.0
        self.timers: list[tuple[float, Callable[[], None]]] = []

    def later(self, delay: float, f: Callable[[], None]) -> None:
        self.timers.append((self.now + delay, f))

    def run(self, until: float) -> None:
        self.now = until
        due = sorted((t for t in self.timers if t[0] <= until), key=lambda t: t[0])
        self.timers = [t for t in self.timers if t[0] > until]
        for _, f in due:
            f()


def test_a_drawing_asked_for_with_no_press_is_drawn_at_once() -> None:
    drawn: list[int] = []
    hold = PressHold(Clock().later)
    assert hold.draw(lambda: drawn.append(1))
    assert drawn == [1]


def test_a_drawing_asked_for_during_a_press_waits_for_the_release_and_a_later_turn() -> None:
    # The click the release makes reaches the element pressed first; the panel is
    # drawn anew only after it, once (the last drawing asked for: each draws it all).
    clock, drawn = Clock(), []
    hold = PressHold(clock.later)
    hold.down()
    assert not hold.draw(lambda: drawn.append("first"))
    assert not hold.draw(lambda: drawn.append("last"))
    assert drawn == []
    hold.up()
    assert drawn == []  # not within the release's own turn
    clock.run(0.0)
    assert drawn == ["last"]
    clock.run(MAX_HOLD * 2)
    assert drawn == ["last"]


def test_a_release_that_never_reaches_the_panel_holds_the_drawing_at_most_max_hold() -> None:
    # Counted from the first drawing held, not from the press (a press may rest on
    # the panel a long time with nothing to draw).
    clock, drawn = Clock(), []
    hold = PressHold(clock.later)
    hold.down()
    clock.run(MAX_HOLD * 3)
    hold.draw(lambda: drawn.append(1))
    clock.run(MAX_HOLD * 3.5)
    assert drawn == []
    clock.run(MAX_HOLD * 4)
    clock.run(MAX_HOLD * 4)  # the drawing's own later turn
    assert drawn == [1]
    assert not hold.pressing


def test_an_earlier_press_cap_does_not_end_a_later_press() -> None:
    clock, drawn = Clock(), []
    hold = PressHold(clock.later)
    hold.down()
    hold.draw(lambda: drawn.append("first"))  # the first press's cap is set
    clock.run(MAX_HOLD / 2)
    hold.up()
    clock.run(MAX_HOLD / 2)
    assert drawn == ["first"]
    hold.down()  # a second press, half a hold after the first drawing held
    hold.draw(lambda: drawn.append("second"))
    clock.run(MAX_HOLD)  # the first press's cap: the second press goes on
    assert hold.pressing and drawn == ["first"]
    clock.run(MAX_HOLD * 1.5)  # the second's
    clock.run(MAX_HOLD * 1.5)
    assert drawn == ["first", "second"]


def test_a_press_again_before_the_held_drawing_runs_keeps_it_held() -> None:
    clock, drawn = Clock(), []
    hold = PressHold(clock.later)
    hold.down()
    hold.draw(lambda: drawn.append(1))
    hold.up()
    hold.down()
    clock.run(0.0)
    assert drawn == [] and hold.due is not None
    hold.up()
    clock.run(0.0)
    assert drawn == [1]


def test_a_held_drawing_marks_its_panel_until_it_is_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    # Browser tests wait on the mark; the page looks its panel up only while marked.
    from cardkit.ui_dom import press_hold

    panel, looked_up = Node(), []

    def by_id(name: str) -> Node | None:
        looked_up.append(name)
        return panel if name == "lobby" else None

    monkeypatch.setattr(press_hold, "by_id", by_id)
    clock, drawn = Clock(), []
    hold = PressHold(clock.later)
    hold.draw_marked(lambda: drawn.append(dict(panel.attrs)), "lobby")
    assert drawn == [{}] and looked_up == []
    hold.down()
    hold.draw_marked(lambda: drawn.append(dict(panel.attrs)), "lobby")
    hold.draw_marked(lambda: drawn.append(dict(panel.attrs)), "lobby")
    assert panel.attrs == {press_hold.HELD: "1"} and looked_up == ["lobby"]
    hold.up()
    clock.run(0.0)
    assert drawn == [{}, {press_hold.HELD: "1"}] and panel.attrs == {}
    hold.draw_marked(lambda: drawn.append(dict(panel.attrs)), "lobby")
    assert looked_up == ["lobby", "lobby"]
