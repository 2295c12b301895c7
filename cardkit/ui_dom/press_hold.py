"""A panel's drawing held while a press is on it, so that the press is a click.

A click is a pointer's press and release on one element. A panel drawn anew in
between replaces the element pressed, and the browser then sends no click at
all: the button the player pressed did nothing. The table is drawn anew when a
hint's answer comes, a friend's move or name arrives, or a computer moves; the
lobby of a table with friends when a relay's state or what the page says
changes, on the page's beat. Under a busy CPU the gap between press and release
is long enough for that to happen (seen as a "Join" by code that did not act).
:class:`PressHold` keeps the drawing asked for during a press and draws it once
the press ends (on a later turn of the event loop, after the click it ends in),
or :data:`MAX_HOLD` seconds after it was first held should the release never
come. A press begins on the panel (``pointerdown``) and ends anywhere on the page
(``pointerup``, ``pointercancel``: a touch that became a scroll) or when the
window loses focus (``blur``): :func:`hold_presses` listens for both. While a
drawing is held its panel is marked :data:`HELD` (:meth:`PressHold.draw_marked`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Final

from cardkit.ui_dom.nodes import by_id

__all__ = ["HELD", "MAX_HOLD", "PressHold", "hold_presses"]

#: The longest a drawing waits for a press to end: a click's press and release take
#: a fraction of this; the release is heard anywhere on the page, and a press the
#: page loses sight of (its window left) ends too, so this bounds only the unforeseen.
MAX_HOLD: Final = 10.0

#: The attribute a panel whose drawing is held carries (browser tests wait on it).
HELD: Final = "data-held"


def _loop_later(delay: float, callback: Callable[[], None]) -> Any:
    return asyncio.get_running_loop().call_later(delay, callback)


class PressHold:
    """``draw(f)`` draws now, or after the press on the panel ends (:meth:`down`,
    :meth:`up`); ``later`` is the event loop's ``call_later`` unless given (its
    timers are the page's: a browser test moves them with Playwright's clock)."""

    def __init__(self, later: Callable[[float, Callable[[], None]], Any] = _loop_later) -> None:
        self.later = later
        self.pressing = False
        #: Whether a panel is marked :data:`HELD` (:meth:`draw_marked`).
        self.marked = False
        #: The drawing asked for during the press (the last one: each draws it all).
        self.due: Callable[[], None] | None = None
        #: Each press's number, so that the cap of an earlier press ends none later,
        #: and whether this press's cap is set (at its first drawing held).
        self._presses = 0
        self._capped = False
        #: Whether the page's release listeners are set (once a page).
        self.listening = False

    def down(self) -> None:
        self.pressing = True
        self._presses += 1
        self._capped = False

    def up(self) -> None:
        """The press ended: a drawing held is drawn on a later turn of the event loop
        (the click the release makes is handled first, on the element pressed)."""
        self.pressing = False
        if self.due is not None:
            self.later(0, self._draw_due)

    def draw(self, draw: Callable[[], None]) -> bool:
        """Draw now (``True``), or hold the drawing until the press ends (``False``)."""
        if self.pressing:
            self.due = draw
            if not self._capped:  # the first drawing held in this press
                self._capped = True
                press = self._presses
                self.later(MAX_HOLD, lambda: self._cap(press))
            return False
        self.due = None
        draw()
        return True

    def draw_marked(self, draw: Callable[[], None], panel_id: str) -> None:
        """:meth:`draw`, the element ``panel_id`` marked :data:`HELD` while the
        drawing is held (a panel drawn anew without its mark is left as it is)."""

        def drawn() -> None:
            draw()
            if self.marked:
                self.marked = False
                panel = by_id(panel_id)
                if panel:
                    panel.removeAttribute(HELD)

        if not self.draw(drawn) and not self.marked:
            panel = by_id(panel_id)
            if panel:
                panel.setAttribute(HELD, "1")
                self.marked = True

    def _cap(self, press: int) -> None:
        if self.pressing and press == self._presses:
            self.up()

    def _draw_due(self) -> None:
        due, self.due = self.due, None
        if due is not None and not self.pressing:
            due()
        elif due is not None:  # pressed again meanwhile: held for that press
            self.due = due


def hold_presses(hold: PressHold, panel: Any) -> None:
    """Presses on ``panel`` hold ``hold``'s drawings; a press's end is heard anywhere
    on the page (those listeners set once for each hold, and removed when the page
    starts afresh in place: :func:`cardkit.ui_dom.page_reset.listen`)."""
    from cardkit.ui_dom import browser, page_reset
    from cardkit.ui_dom.nodes import document, on

    on(panel, "pointerdown", lambda _e: hold.down())
    if not hold.listening:
        hold.listening = True
        for target, ended in ((document(), "pointerup"), (document(), "pointercancel"),
                              (browser.window(), "blur")):
            page_reset.listen(target, ended, lambda _e: hold.up())
