"""The page shell's start-up and table frame every game's page shares.

A game's page is a :class:`PageApp` (its ``ui_dom/app.py``) standing on this
class and filling in what is its own: drawing the table (:meth:`PageApp.draw`),
its page-level controls (:meth:`PageApp.on_act`, :meth:`PageApp.on_key`), its
save and restore, and what it does once the page is ready
(:meth:`PageApp.begin`).  Its controller is a
:class:`cardkit.ui_dom.turn_loop.TurnLoop`; its computers a :class:`Computers`.
:func:`open_page` then runs the start-up the same way for every game:

1. the saved match or the address's, and the notices about bad input;
2. at instant animation, the computers' moves before the human's first decision
   made at once (:meth:`TurnLoop.decide_at_once`, for at most
   :data:`FIRST_SCREEN_DECISIONS_S`), so the first screen is the table as the
   human first finds it;
3. the listeners (one delegating click listener on ``#table``: every control
   carries ``data-act`` and ``data-arg``; one key listener: the arrows move
   between the buttons of a group), the first drawing, the readiness marker
   (:func:`cardkit.ui_dom.browser.mark_ready`), the first-decision marker once the
   human can act, the focus after the mark (in the same task: nothing runs between);
4. one turn of the event loop later (:meth:`PageApp.after_ready`): the save the
   first screen asked for, then the game's :meth:`PageApp.begin` (the menu's
   screens, the computers, the worker).  Clicks on menu buttons whose screens
   are not mounted yet are held meanwhile (:class:`HeldClicks`).

A third game registers in little code: ``tests/toy_game/`` is one, played to its
end by ``e2e/test_toy_game.py``.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from cardkit.ui_dom import browser, page_reset
from cardkit.ui_dom.focus import focus_key
from cardkit.ui_dom.landmarks import label_landmarks
from cardkit.ui_dom.nodes import by_id, document, on
from cardkit.ui_dom.press_hold import PressHold, hold_presses
from cardkit.ui_dom.tasks import spawn
from cardkit.ui_dom.turn_loop import Loop
from cardkit.ui_dom.worker import Worker

#: Seconds a computer's move stays on screen before the next one, per ``prefs.anim``.
ANIM_DELAY = {"normal": 0.6, "fast": 0.2, "instant": 0.0}
#: The computers' pause under way (:meth:`PageApp.pause`): what ends it, by its number.
_PAUSING: dict[str, asyncio.Future[None]] = {}


async def wait_pause(seconds: float, number: str) -> None:
    """Wait ``seconds``, or until :func:`end_pause` ends the pause ``number``."""
    ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    _PAUSING.clear()
    _PAUSING[number] = ended
    try:
        await asyncio.wait((ended,), timeout=seconds)
    finally:
        if _PAUSING.get(number) is ended:
            del _PAUSING[number]


def end_pause(number: str) -> bool:
    """End the computers' pause numbered ``number`` now, if it is the one under way;
    whether it was.  The browser tests' seam on the page's own timer
    (``window.napoleonEndPause``, :mod:`e2e.pauses`): the page pauses as a player's
    does, the test does not sit the pause out."""
    ended = _PAUSING.get(number)
    if ended is None or ended.done():
        return False
    ended.set_result(None)
    return True

#: At instant animation, the computers' moves before the first screen is drawn stop
#: after this long (a decision takes ~10-80 ms in Pyodide); the rest are made
#: after it, as at the other speeds (:func:`open_page`).
FIRST_SCREEN_DECISIONS_S = 0.4

#: The keys that move the focus between the buttons of a group (:attr:`PageApp.key_groups`).
ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")

DecideHere = Callable[[str, str, int], str]
"""``decide(view_json, level, seed) -> reply_json``: a game's computer on this thread."""


def fresh_seed() -> int:
    """A new match's seed, from the system's randomness."""
    return random.SystemRandom().randrange(1 << 32)


class HeldClicks:
    """Holds clicks (and Enter/Space, which click) on buttons whose screens are not
    mounted yet, and clicks the last one again once they are (:meth:`release`):
    a control the page shows is never dead.  No ids: nothing is held."""

    def __init__(self, ids: tuple[str, ...]) -> None:
        self.selector = ", ".join(f"#{i}" for i in ids)
        self.held: list[Any] = []
        self.listener: Any = None
        if ids:
            self.listener = page_reset.listen(document(), "click", self._hold, True)

    def _hold(self, event: Any) -> None:
        target = event.target.closest(self.selector) if event.target else None
        if target:
            self.held.append(target)
            event.stopImmediatePropagation()

    def release(self) -> None:
        """Stop holding and click the last held button again; once (a second call
        does nothing, so a page may release as soon as its screens are mounted and
        again, to be sure, when its start-up ends)."""
        if self.listener is not None:
            document().removeEventListener("click", self.listener, True)
            page_reset.forget_listener(self.listener)
            self.listener = None
        held, self.held = self.held, []
        if held:
            held[-1].click()


class Computers:
    """``await computers.think(view_json, level, seed)``: a game's ``decide_json``,
    in the shared worker (its export ``export``) once it is up, else here.

    Before the worker is up, a decision is made on this thread by the very same
    player with the very same seed (``decide_here``), one per turn of the event
    loop at least every ``slice_s`` seconds, so the page keeps drawing and taking
    clicks and the human's first decision never waits for the worker's boot;
    only a decision ``needs_worker`` says is too long for this thread waits for
    it (starting it if need be, after :attr:`before_wait`).  The levels in
    ``here_levels`` are always decided here (they are quick).  ``marks_worker``:
    ``<html data-ai="worker">`` once the worker has answered (tests and diagnosis
    read where the computers think).
    """

    def __init__(
        self,
        export: str,
        decide_here: DecideHere,
        *,
        needs_worker: Callable[[str, str], bool] = lambda _view, _level: False,
        here_levels: frozenset[str] = frozenset(),
        slice_s: float = 0.0,
        marks_worker: bool = False,
    ) -> None:
        self._starter = Worker()
        self.export = export
        self.decide_here = decide_here
        self.needs_worker = needs_worker
        self.here_levels = here_levels
        self.slice_s = slice_s
        self.marks_worker = marks_worker
        #: What the worker's ``export`` is given before the view, the level and the
        #: seed (a game family's one export names the game here; ``()``: nothing).
        self.lead: tuple[object, ...] = ()
        self._yielded = 0.0
        #: Called before a decision waits for the worker (the page mounts its menu).
        self.before_wait: Callable[[], None] = lambda: None

    def connect(self) -> None:
        """Start the worker aside; once is enough."""
        self._starter.connect()

    @property
    def worker_ready(self) -> bool:
        return self._starter.ready is not None

    def _here(self, view_json: str, level: str) -> bool:
        if level in self.here_levels:
            return True
        return not self.worker_ready and not self.needs_worker(view_json, level)

    def decide_now(self, view_json: str, level: str, seed: int) -> str | None:
        """The decision made here at once, or ``None`` for one the worker makes
        (:meth:`TurnLoop.decide_at_once`)."""
        return self.decide_here(view_json, level, seed) if self._here(view_json, level) else None

    async def think(self, view_json: str, level: str, seed: int) -> str:
        if self._here(view_json, level):
            if time.perf_counter() - self._yielded >= self.slice_s:
                await asyncio.sleep(0)  # the page draws and takes clicks
                self._yielded = time.perf_counter()
            return self.decide_here(view_json, level, seed)
        exports = await self.exports()
        reply = str(await getattr(exports, self.export)(*self.lead, view_json, level, seed))
        if self.marks_worker:
            document().documentElement.setAttribute("data-ai", "worker")
        return reply

    async def exports(self) -> Any:
        """The worker's exports, starting it (and waiting for it) if need be."""
        if not self.worker_ready:
            self.before_wait()
        return await self._starter.exports()

    async def call(self, export: str, *args: object) -> str:
        """What the worker's ``export`` answers for ``args`` (a JSON text), starting the
        worker if need be: the reviews' and hints' requests other than decisions."""
        exports = await self.exports()
        return str(await getattr(exports, export)(*args))


class PagePrefs(Protocol):
    """What the shell reads of a game's preferences."""

    @property
    def anim(self) -> str: ...

    @property
    def level(self) -> str: ...


@dataclass(frozen=True)
class PlainPrefs:
    """The preferences of a game with no options of its own (the animation, the
    computers' level, the language)."""

    anim: str = "fast"
    level: str = "easy"
    lang: str = "ja"


CtrlT = TypeVar("CtrlT", bound=Loop)
PrefsT = TypeVar("PrefsT", bound=PagePrefs)


class PageApp(Generic[CtrlT, PrefsT]):
    """One game's page: one controller at a time, redrawn after every change."""

    #: Menu buttons whose screens are mounted after the first screen (:class:`HeldClicks`).
    held_menu: tuple[str, ...] = ()
    #: Where the focus goes when the human must act and nothing sensible had it.
    primary: tuple[str, ...] = ()
    #: The groups the arrow keys move within (a CSS selector list).
    key_groups = "#hand, #controls"
    #: The ``data-act`` Ctrl+Z (⌘Z) sends to the controller (the game's undo), if any.
    undo_act: str | None = None

    ctrl: CtrlT
    #: The page's table with friends (:class:`cardkit.ui_dom.friends_page.FriendsPage`),
    #: once the page has one.
    friends: Any = None

    def __init__(self, prefs: PrefsT, computers: Computers) -> None:
        self.prefs = prefs
        self.computers = computers
        #: Set once :func:`open_page` has marked the page ready (drawn and listening).
        self.ready = False
        #: A save asked for before the readiness mark, made in :meth:`after_ready`.
        self.save_due = False
        self.first_decision_marked = False
        #: The computers' pauses so far (:meth:`pause`, the ``data-pause`` marker).
        self.pauses = 0
        #: The table's drawing, held while a press is on it (:meth:`rerender`).
        self.press = PressHold()

    # ---- what a game fills in ----------------------------------------------------

    def draw(self) -> None:
        """Draw the table (and whatever the game's page redraws with it)."""
        raise NotImplementedError

    def language(self) -> str:
        """The page's language now (``ja`` or ``en``)."""
        raise NotImplementedError

    def switch_language(self, lang: str) -> None:
        """The language button: ``lang`` from now on (saved; the page is redrawn after)."""
        raise NotImplementedError

    def deal(self) -> CtrlT:
        """A new match's controller (:meth:`new_match_clicked`)."""
        raise NotImplementedError

    def new_match_clicked(self) -> None:
        """The menu's new-match button: a new match at once."""
        self.replace_match(self.deal())

    def leave_table_first(self, then: Callable[[], None],
                          stay: Callable[[], None] | None = None) -> None:
        """A menu control that puts another game on this page: at a table with
        friends, the table is left first (asked: :meth:`FriendsPage.leave_first`)."""
        if self.friends is None:
            then()
        else:
            self.friends.leave_first(then, stay)

    def settings_at_table(self, prefs: PrefsT, new_game: bool) -> bool:
        """The settings applied at a table with friends (false with none): new rules
        deal another game, so the table is left first (asked) and the settings are
        applied again once it is; staying, and whatever applies at the table, keeps
        this page's own rules (:meth:`keep_own_rules`)."""
        if self.friends is None or not self.friends.has_table():
            return False
        if new_game:
            self.friends.leave_first(lambda: self.on_settings(prefs, True),
                                     lambda: self.keep_own_rules(prefs))
        else:
            self.keep_own_rules(prefs)
        return True

    def on_settings(self, prefs: PrefsT, new_game: bool) -> None:
        """The settings' apply: ``new_game`` when the rules chosen deal another game."""
        raise NotImplementedError

    def keep_own_rules(self, prefs: PrefsT) -> None:
        """At a table with friends, what the settings apply without leaving it: never
        the rules (a guest's own are not the table's it was shown)."""
        raise NotImplementedError

    def save_current(self) -> None:
        """Save the match on the table (called once the page is ready)."""
        raise NotImplementedError

    def restore(self) -> list[str]:
        """Continue a saved match where the address allows: the notices to show."""
        return []

    def show_notices(self, notices: list[str]) -> None:
        """Show the start-up's notices (bad input, a damaged save)."""

    def decides_first_screen(self) -> bool:
        """Whether the first screen may be the table after the computers' first moves."""
        return True

    def first_screen_said(self) -> None:
        """The moves made before the first drawing are announced by it, not one by one."""

    def before_first_screen(self) -> None:
        """What the page sets before its first drawing (labels, the settings)."""

    def on_act(self, act: str, arg: str | None) -> bool:
        """A page-level control of the table (not a move): whether it was one."""
        return False

    def on_key(self, event: Any) -> bool:
        """A key of the game's own (before the arrows): whether it was one."""
        return False

    def keeps_focus(self, active: Any, key: str, table: Any) -> bool:
        """Whether the focus stays where it is (not on the table's primary control)
        after a redraw: by default, when the menu or a dialog has it."""
        return table is None or not table.contains(active)

    async def begin(self, held: HeldClicks) -> None:
        """Once the page is ready: the computers' moves, the menu's screens, the worker."""
        try:
            await self.ctrl.start()
        finally:
            held.release()

    def seat(self, ctrl: CtrlT) -> None:
        """``ctrl`` takes the page's table (a guest's seat: the host's page saves and
        starts it), the one before closed."""
        self.ctrl.close()
        self.ctrl = ctrl

    def replace_match(self, ctrl: CtrlT) -> None:
        """Put ``ctrl``'s match on the table now, even while a computer thinks: the
        old controller is closed, so its computer's late answer is ignored.  Saved
        at once (it replaces the old save), not at the first move: the table and
        the save agree from the moment the new deal is drawn."""
        self.seat(ctrl)
        self.save_current()
        self.rerender()
        spawn(self.ctrl.start())

    # ---- the computers --------------------------------------------------------------

    async def pause(self) -> None:
        """The animation's pause between two computers' moves (``prefs.anim``), the
        move drawn before it.  While it lasts the page is marked ``data-pause`` with
        the pause's number, which :func:`end_pause` may end at once."""
        delay = ANIM_DELAY.get(self.prefs.anim, 0.0)
        if delay:
            self.rerender()
            self.pauses += 1
            number = str(self.pauses)
            html = document().documentElement
            html.setAttribute("data-pause", number)
            try:
                await wait_pause(delay, number)
            finally:
                html.removeAttribute("data-pause")

    # ---- saving ------------------------------------------------------------------------

    def defer_save(self) -> bool:
        """Whether a save asked for now waits for :meth:`after_ready` (before the
        readiness mark): the first screen's save no longer comes before the human's
        first decision, and nothing of the player's is lost meanwhile (they have not
        moved yet; a move of theirs saves the whole match)."""
        if self.ready:
            return False
        self.save_due = True
        return True

    # ---- drawing ---------------------------------------------------------------------

    def rerender(self, *, focus_now: bool = True) -> None:
        """Redraw the table; ``focus_now=False`` (the first screen) leaves the focus
        to :func:`open_page`, after the readiness mark.  While a press is on the
        table (a hint's answer, a friend's move or a computer's coming meanwhile),
        the drawing waits for the press to end, marked ``data-held`` on the table:
        the press stays a click on what the player pressed
        (:class:`~cardkit.ui_dom.press_hold.PressHold`)."""
        self.press.draw_marked(lambda: self._draw_now(focus_now), "table")

    def _draw_now(self, focus_now: bool) -> None:
        doc = document()
        focus = focus_key(doc.activeElement)
        self.draw()
        html = doc.documentElement
        if self.ctrl.busy:
            html.setAttribute("data-busy", "")
        else:
            html.removeAttribute("data-busy")
            if focus_now:
                self.restore_focus(focus)
            self.mark_first_decision()

    def mark_first_decision(self) -> None:
        """Mark (once) the moment the human can first decide: the table drawn and
        listening (the page is marked ready) with the human to act."""
        if (
            self.ready
            and not self.first_decision_marked
            and not self.ctrl.busy
            and self.ctrl.human_to_act()
        ):
            self.first_decision_marked = True
            browser.mark_first_decision()

    def restore_focus(self, key: str) -> None:
        """Give the focus back to ``key`` (:func:`focus_key`), else leave it where
        :meth:`keeps_focus` says, else to the first of :attr:`primary` on the page."""
        doc = document()
        if key:
            node = doc.querySelector(key)
            # (a link, as the switch to the other game, has no ``disabled``)
            if node and not getattr(node, "disabled", False):
                node.focus()
                return
        active = doc.activeElement
        if active and active != doc.body and self.keeps_focus(
            active, key, doc.getElementById("table")
        ):
            return
        for selector in self.primary:
            node = doc.querySelector(selector)
            if node:
                node.focus()
                return

    # ---- events ---------------------------------------------------------------------------

    def install(self) -> None:
        on(by_id("table"), "click", self._on_click)
        hold_presses(self.press, by_id("table"))
        page_reset.listen(document(), "keydown", self._on_key)
        for node_id, handler in (
            ("btn-new", lambda _e: self.leave_table_first(self.new_match_clicked)),
            ("btn-lang", self._on_lang),
        ):
            node = by_id(node_id)
            if node:
                on(node, "click", handler)

    def _on_click(self, event: Any) -> None:
        target = event.target.closest("[data-act]")
        if not target or target.disabled:
            return
        act = str(target.dataset.act)
        raw = target.getAttribute("data-arg")
        arg = None if raw is None else str(raw)
        if not self.on_act(act, arg):
            spawn(self.ctrl.handle(act, arg))

    def _on_key(self, event: Any) -> None:
        """The game's own keys first; Ctrl+Z (⌘Z) its undo (:attr:`undo_act`); then
        the arrow keys move between the enabled buttons of a group
        (:attr:`key_groups`; Tab between the groups)."""
        if self.on_key(event):
            return
        key = str(event.key)
        if key in ("z", "Z") and (event.ctrlKey or event.metaKey) and not event.shiftKey:
            if self.undo_act is not None:
                self._undo_key(event, self.undo_act)
            return
        if key not in ARROWS:
            return
        target = event.target
        group = target.closest(self.key_groups) if target else None
        if not group or not target.matches("button"):
            return
        buttons = [b for b in group.querySelectorAll("button") if not b.disabled]
        if target not in buttons:
            return
        step = -1 if key in ("ArrowLeft", "ArrowUp") else 1
        buttons[(buttons.index(target) + step) % len(buttons)].focus()
        event.preventDefault()

    def _undo_key(self, event: Any, act: str) -> None:
        """Ctrl+Z undoes on the table, not in a text field (whose own undo it is)
        nor behind an open dialog."""
        target = event.target
        if target and target.closest("input, textarea, select, dialog, [contenteditable]"):
            return
        if document().querySelector("dialog[open]"):
            return
        event.preventDefault()
        spawn(self.ctrl.handle(act, None))

    def _on_lang(self, _event: Any) -> None:
        self.switch_language("en" if self.language() == "ja" else "ja")
        self.rerender()

    async def after_ready(self, held: HeldClicks) -> None:
        """One turn of the event loop after the readiness mark: the first screen's
        save, then the game's :meth:`begin`."""
        await asyncio.sleep(0)
        if self.save_due:
            self.save_due = False
            self.save_current()
        await self.begin(held)


def open_page(app: PageApp[Any, Any], notices: list[str]) -> None:
    """Start a game's page: draw the table, mark the page ready, then play (the
    steps in the module's docstring)."""
    notices += app.restore()
    app.show_notices(notices)
    if app.prefs.anim == "instant" and app.decides_first_screen():
        # Instant animation shows no computer's move on its own: the first screen is
        # the table as the human first finds it, drawn once, instead of a drawing, a
        # frame and a turn of the event loop per computer's move before the human's
        # turn.  A screen reader still hears those moves: the first drawing says them.
        app.first_screen_said()
        deadline = time.perf_counter() + FIRST_SCREEN_DECISIONS_S
        app.ctrl.decide_at_once(
            app.computers.decide_now, lambda: time.perf_counter() < deadline
        )
    app.before_first_screen()
    app.install()
    app.rerender(focus_now=False)
    document().documentElement.setAttribute("lang", app.language())
    label_landmarks(app.language())
    held = HeldClicks(app.held_menu)  # until begin() has mounted the menu's screens
    browser.mark_ready()
    app.ready = True
    app.mark_first_decision()
    # Focusing makes the browser lay the whole page out at once (traces: ~16-100 ms);
    # the table is interactive without it, so it comes after the mark, in the same
    # task (nothing runs between the two).
    if not app.ctrl.busy:
        app.restore_focus("")
    spawn(app.after_ready(held))
