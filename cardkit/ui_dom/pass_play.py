"""Pass-and-play: two or more people share one device at one table.

The seats in :attr:`Handover.humans` are people; the rest are computers.  The
table is drawn from the view of the person holding the device
(:attr:`Handover.holder`); when another person is to act, the page draws no
table at all, only a privacy screen ("pass the phone to …, tap to show your
hand", :func:`screen_el`), so the hand on the screen is never the wrong
person's, not even for a moment, nor in the page's DOM.  The tap
(:data:`SHOW_ACT`) hands the device over.

A game's controller holds one :class:`Handover` (a lone player's is
``Handover((0,))``: never due, nothing changes) and asks it whose view to
draw and whether the screen is due.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardkit.ui_dom.nodes import by_id, document, el, on

__all__ = ["SHOW_ACT", "Handover", "menu_button", "screen_el"]

#: The ``data-act`` of the privacy screen's button.
SHOW_ACT = "pass-show"


class Handover:
    """Who holds the device at a table of ``humans`` (seats, the first one the
    device's owner).

    >>> h = Handover((0, 2))
    >>> h.active, h.due(2), h.due(1)
    (True, True, False)
    >>> h.hand_to(2); h.holder, h.due(2), h.due(0)
    (2, False, True)
    """

    def __init__(self, humans: Sequence[int]) -> None:
        if not humans:
            raise ValueError("a table needs one person at least")
        self.humans = tuple(dict.fromkeys(humans))
        self.holder = self.humans[0]

    @property
    def active(self) -> bool:
        """Whether several people share the device."""
        return len(self.humans) > 1

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat in self.humans

    def due(self, acting: int | None) -> bool:
        """Whether the device must change hands before ``acting`` (the player to
        act, ``None`` for nobody) decides: a person other than its holder."""
        return self.is_human(acting) and acting != self.holder

    def hand_to(self, seat: int) -> None:
        if seat in self.humans:
            self.holder = seat

    def number(self, seat: int) -> int:
        """A person's number at the table, from 1 (their name on the screen)."""
        return self.humans.index(seat) + 1


def screen_el(t: Callable[..., str], name: str) -> Any:
    """The privacy screen: who takes the device, and the one button that shows
    their hand (``t`` is the game's translator, which holds the shell's words)."""
    box = el("div", "pass-screen", id="pass-screen")
    box.append(el("p", "pass-screen-to", t("pass.to", name=name)))
    box.append(el("button", "btn pass-screen-show", t("pass.show"), type="button",
                  data_act=SHOW_ACT, id="pass-show"))
    return box


def menu_button(node_id: str, label: str, click: Callable[[], None]) -> None:
    """A button of the page's menu (before the record's), added once: the menu's
    entries that come after the first screen (pass-and-play, the table with friends)."""
    menu = document().querySelector("nav.menu")
    if menu is None or by_id(node_id):
        return
    button = el("button", "btn", label, type="button", id=node_id)
    on(button, "click", lambda _e: click())
    menu.insertBefore(button, by_id("btn-record"))
