"""The page shell's hint frame: what the strong computer would do, asked for by a button.

Every game's hint lives the same life, held here once:

* a Hint button among the controls (``#controls``) whenever the human is to act
  and no computer thinks (:meth:`HintFrame.decorate`, after each drawing);
* pressing it (:meth:`HintFrame.ask`) starts the question at once and never
  blocks the page: the worker thinks while a ``<progress>`` says so and the
  page keeps drawing and taking clicks; pressing it again for the same
  decision asks nothing more;
* the answer is keyed by the decision it was asked for (the game's
  :meth:`HintPlug.position_key`: the match, the game, the actions so far); an
  answer that arrives after the table moved on (a card played, an undo, a new
  match) is dropped, and a hint shown for a decision no longer on the table
  goes with it;
* a failed question leaves a visible notice in the box (never a crash);
* the answer is drawn by the game (:meth:`HintPlug.answer_box`,
  :meth:`HintPlug.highlight`: the action marked ``.hinted`` on the table, with
  ``aria-describedby`` the box), and its one line is read once by a screen
  reader: written once to the shell's log (:meth:`HintPlug.announce`), not by a
  live region redrawn with every drawing;
* the hints asked for are counted (:attr:`HintFrame.used`, and
  :attr:`HintFrame.on_count` for the statistics).

A game plugs in only what is its own (:class:`HintPlug`): which decision is on
the table, how to ask the worker, what to do with an answer, how to draw and
highlight it, and its words.  The frame is pure bookkeeping but for
:meth:`HintFrame.decorate` (the DOM through :mod:`cardkit.ui_dom.nodes`), so
its lifecycle runs on CPython (``tests/shell/test_hint_frame.py``).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

from cardkit.ui_dom.nodes import by_id, el
from cardkit.ui_dom.tasks import spawn

#: How much of a failure's text the box shows.
ERROR_CHARS = 200

#: How far a hint's seed is from the computers' seeds of the same position
#: (``ai_seed(...) ^ HINT_SALT``: reproducible, and not the computers' own draw).
HINT_SALT = 7919


class HintPlug(Protocol):
    """What a game gives the hint frame."""

    def acting(self) -> bool:
        """Whether the human is to decide now (and no computer thinks)."""
        ...

    def position_key(self) -> str:
        """Which decision is on the table (changes with every move, undo or match)."""
        ...

    def ask(self, wanted: Callable[[], bool]) -> Awaitable[str | None]:
        """The worker's answer (JSON text) for the decision on the table now, or
        ``None`` once ``wanted()`` says nobody waits for it any more."""
        ...

    def on_answer(self, answer: dict[str, Any]) -> None:
        """An answer arrived for the decision on the table (once, before it is drawn)."""
        ...

    def answer_box(self, answer: dict[str, Any]) -> Any:
        """The box that shows the answer: an element with ``id="hint"``."""
        ...

    def highlight(self, answer: dict[str, Any]) -> None:
        """Mark the hinted action on the table just drawn."""
        ...

    def announce(self, answer: dict[str, Any]) -> None:
        """Say the answer's line once to a screen reader."""
        ...

    def rerender(self) -> None:
        """Redraw the table (the frame decorates it again)."""
        ...

    def t(self, key: str, **args: object) -> str:
        """The game's words (the shell's ``hint.*`` keys among them)."""
        ...


class HintFrame:
    """One page's hint: asked for which decision, and the answer once it came."""

    def __init__(self, plug: HintPlug, *, button_cls: str = "btn hint-btn") -> None:
        self.plug = plug
        self.button_cls = button_cls
        self.key = ""
        self.pending = False
        self.answer: dict[str, Any] | None = None
        self.error = ""
        #: Hints asked for on this page (a press that starts a question).
        self.used = 0
        #: Called with each hint asked for (the game's statistics count it).
        self.on_count: Callable[[], None] = lambda: None

    # ---- asking --------------------------------------------------------------------

    def ask(self) -> None:
        """The button: start thinking now (the answer comes through :meth:`think`)."""
        if not self.plug.acting():
            return
        key = self.plug.position_key()
        if self.key == key and (self.pending or self.answer is not None):
            return
        self.key, self.pending, self.answer, self.error = key, True, None, ""
        self.used += 1
        self.on_count()
        self.plug.rerender()
        spawn(self.think(key))

    def wanted(self, key: str) -> bool:
        """Whether an answer for ``key`` would still be shown."""
        return self.key == key and self.plug.position_key() == key

    async def think(self, key: str) -> None:
        """Ask the game's worker; keep the answer only if its decision is still on."""
        answer: dict[str, Any] | None = None
        error = ""
        try:
            reply = await self.plug.ask(lambda: self.wanted(key))
        except Exception as e:  # the worker's error reaches us as a JS error
            error = str(e)[:ERROR_CHARS]
        else:
            got = None if reply is None else _answer_of(reply)
            if got is not None and "error" in got:
                error = str(got["error"])[:ERROR_CHARS]
            else:
                answer = got
        if not self.wanted(key):
            return  # the game moved on: this answer is for a position no longer shown
        self.pending, self.answer, self.error = False, answer, error
        if answer is not None:
            self.plug.on_answer(answer)
            self.plug.announce(answer)
        self.plug.rerender()

    def forget_stale(self) -> None:
        """Drop the hint of a decision no longer on the table."""
        if self.key and self.plug.position_key() != self.key:
            self.key, self.pending, self.answer, self.error = "", False, None, ""

    # ---- drawing ---------------------------------------------------------------------

    def decorate(self) -> None:
        """Add the button and the answer to the table just drawn."""
        controls = by_id("controls")
        if not controls:
            return
        self.forget_stale()
        if not self.plug.acting():
            return
        t = self.plug.t
        btn = el("button", self.button_cls, t("hint.button"), type="button", id="btn-hint",
                 data_act="hint", disabled=self.pending)
        controls.append(btn)
        if self.pending:
            box = el("div", "hint thinking", id="hint", role="status", aria_busy="true")
            box.append(el("progress", "hint-progress", None, aria_label=t("hint.thinking")))
            box.append(el("span", "", t("hint.thinking")))
            controls.append(box)
        elif self.error:
            controls.append(el("p", "hint error", t("hint.failed", error=self.error), id="hint",
                               role="status"))
        elif self.answer is not None:
            controls.append(self.plug.answer_box(self.answer))
            self.plug.highlight(self.answer)
        if by_id("hint"):  # only once there is something to point at (axe: a valid id)
            btn.setAttribute("aria-controls", "hint")


def share_of(x: object) -> float | None:
    """A figure in [0, 1] of the worker's answer (a chance, a share), or ``None``
    (anything else: missing, a bool, text, out of range).

    >>> share_of(0.25), share_of(1), share_of(True), share_of(1.5), share_of(None)
    (0.25, 1.0, None, None, None)
    """
    if isinstance(x, bool) or not isinstance(x, int | float) or not 0 <= x <= 1:
        return None
    return float(x)


def plain_tenths(chance: object, t: Callable[..., str]) -> str:
    """A chance in [0, 1] as a player says it, in tenths (what a player can weigh; the
    figures stay behind a tap): ``hint.plain`` with ``n`` the tenths, ``hint.plain_all``
    from ten, ``hint.plain_none`` at none, in the game's words (what its chance is of);
    ``""`` for anything but a chance (:func:`share_of`).

    >>> plain_tenths(0.58, lambda key, **f: f"{key}{f}"), plain_tenths(0.97, lambda key: key)
    ("hint.plain{'n': 6}", 'hint.plain_all')
    >>> plain_tenths(0.04, lambda key: key), plain_tenths("0.5", lambda key: key)
    ('hint.plain_none', '')
    """
    share = share_of(chance)
    if share is None:
        return ""
    tenths = round(10 * share)
    if tenths >= 10:
        return t("hint.plain_all")
    if tenths <= 0:
        return t("hint.plain_none")
    return t("hint.plain", n=tenths)


def _answer_of(reply: str) -> dict[str, Any] | None:
    """The worker's JSON reply as a dict (``{"error": ...}`` for one that is not)."""
    try:
        data = json.loads(reply)
    except ValueError:
        return {"error": "unreadable answer"}
    return data if isinstance(data, dict) else {"error": "unreadable answer"}


def hinted(node: Any, box_id: str = "hint") -> None:
    """Mark ``node`` (if any) as the hinted action, described by the hint's box."""
    if node:
        node.classList.add("hinted")
        node.setAttribute("aria-describedby", box_id)
