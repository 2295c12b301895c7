"""The Durak page's entry point (``?game=durak``; ``web/main.py`` dispatches here).

:func:`main` reads the preferences (:mod:`durak.ui_dom.prefs`: address over
saved settings over defaults), continues the saved match or deals a new one
(``?seed=N`` deals that one), draws the table, sets the readiness marker and
only then lets the computers act (at instant animation, their moves before the
human's first decision come before the first drawing: :func:`main`).  Nothing
of Napoleon is imported: the page's shared parts come from :mod:`cardkit.ui_dom`.

Clicks and keys reach the table through delegating listeners installed once:
every control carries ``data-act`` (and ``data-arg``) and the controller turns
it into an engine action.  While a computer acts, the controller ignores the
human's table clicks (the hand is disabled and the status names who is
thinking), and the menu keeps working; the computers' pause between moves
follows the animation setting (``instant``: none).

The computers think in the shared worker (:mod:`cardkit.ui_dom.worker`,
``durak_decide_json``) once it is up; before that, and always at the ``easy``
level, on this thread with the same player and seed, one decision per turn of
the event loop, so the human's first decision never waits for the worker's boot.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import replace
from typing import Any

from cardkit.ui_dom import browser
from cardkit.ui_dom.focus import focus_key
from cardkit.ui_dom.nodes import by_id, document, el, on, proxy
from cardkit.ui_dom.storage import page_storage
from cardkit.ui_dom.tasks import name_errors, spawn
from cardkit.ui_dom.worker import Worker
from durak.ui_dom import announce, persist, settings
from durak.ui_dom.controller import HUMAN, Controller
from durak.ui_dom.i18n import language, t
from durak.ui_dom.prefs import Prefs, query_sets_rules
from durak.ui_dom.table import draw

#: Seconds a computer's move stays on screen before the next one, per ``prefs.anim``.
ANIM_DELAY = {"normal": 0.6, "fast": 0.2, "instant": 0.0}

#: At instant animation, the computers' moves before the first screen is drawn stop
#: after this long (a normal-level move takes ~20-80 ms in Pyodide); the rest are made
#: after it, as at the other speeds (:func:`main`).
FIRST_SCREEN_DECISIONS_S = 0.4

#: The menu's buttons this page does not use (yet): hidden, so no visible control is dead.
UNUSED_MENU = ("btn-record", "btn-rules", "btn-stats")

class App:
    """The Durak page: one controller at a time, redrawn after every change."""

    def __init__(self, prefs: Prefs) -> None:
        self.prefs = prefs
        self.worker = Worker()
        self.store = page_storage()
        self.first_decision_marked = False
        #: Set once :func:`main` has marked the page ready (drawn and listening).
        self.ready = False
        #: A save asked for before the readiness mark, made in :meth:`after_ready`.
        self.save_due = False
        seed = prefs.seed if prefs.seed is not None else _fresh_seed()
        self.ctrl = self._controller(prefs, seed)

    def _controller(self, prefs: Prefs, seed: int, match: Any = None) -> Controller:
        return Controller(prefs.rules, seed, prefs.level, think=self.think, pause=self.pause,
                          on_change=self.rerender, save=self.save, match=match)

    # ---- computers -------------------------------------------------------------

    async def think(self, view_json: str, level: str, seed: int) -> str:
        if level != "easy" and self.worker.ready is not None:
            reply = str(await self.worker.ready.durak_decide_json(view_json, level, seed))
            # Tests and diagnosis read where the computers think (``<html data-ai>``).
            document().documentElement.setAttribute("data-ai", "worker")
            return reply
        await asyncio.sleep(0)  # the page draws and takes clicks between decisions
        from durak.ai import decide_json

        return decide_json(view_json, level, seed)

    def decide_now(self, view_json: str, level: str, seed: int) -> str | None:
        """The decision made here at once (what :meth:`think` does before the worker
        is up), or ``None`` once the worker is: it decides from then on."""
        if level != "easy" and self.worker.ready is not None:
            return None
        from durak.ai import decide_json

        return decide_json(view_json, level, seed)

    async def pause(self) -> None:
        delay = ANIM_DELAY.get(self.prefs.anim, 0.0)
        if delay:
            self.rerender()
            await asyncio.sleep(delay)

    # ---- saving ------------------------------------------------------------------

    def save(self, ctrl: Controller) -> None:
        """Save the match; before the readiness mark, only note that it is due.

        The first screen's save (a new match, the computers' moves made at once) is
        made by :meth:`after_ready`, one turn of the event loop after the mark, as
        Napoleon's page does: encoding the match and writing it to localStorage
        (3-12 ms in the page, two saves) no longer comes before the human's first
        decision.  Nothing of the player's is lost meanwhile: they have not moved
        yet, and a move of theirs saves the whole match itself.
        """
        if ctrl is self.ctrl and not ctrl.closed:
            if not self.ready:
                self.save_due = True
                return
            persist.save_match(self.store, ctrl.match, ctrl.match_seed)

    def restore(self) -> list[str]:
        """Continue the saved match, unless the address names another one (its own
        seed, or its own rules): a link reproduces its match; a reload of the same
        link continues where it was."""
        match, seed, why = persist.load_match(self.store)
        if why:
            return [t("notice.corrupt_match", error=why, backup=persist.BACKUP_KEY)]
        if match is None or seed is None:
            return []
        asked = self.prefs.seed
        if asked is not None and asked != seed:
            return []
        if match.rules != self.prefs.rules and (
            asked is not None or query_sets_rules(browser.query())
        ):
            return []
        self.ctrl = self._controller(self.prefs, seed, match)
        return []

    def game_in_progress(self) -> bool:
        """Whether a new deal would throw away a game the human has played in."""
        game = self.ctrl.match.game
        return not self.ctrl.over and any(seat == HUMAN for seat, _a in game.actions())

    def on_settings(self, prefs: Prefs, new_game: bool) -> None:
        """The settings' 【変更】 (after asking, if a game was in progress): new rules
        deal a new game; the level and the animation apply to this one at once.

        When the player chose to keep the game in progress (``new_game`` false with
        other rules), the game on the table keeps its own rules and the saved ones
        are dealt at the next 「新しいゲーム」."""
        self.prefs = prefs
        self.ctrl.level = prefs.level
        if prefs.level != "easy":
            self.worker.connect()  # once; a page opened at easy has not started it
        self.label_page()
        if new_game:
            self.new_match()
        else:
            self.rerender()

    def new_match(self) -> None:
        self.ctrl.close()
        self.ctrl = self._controller(self.prefs, _fresh_seed())
        self.save(self.ctrl)
        self.rerender()
        spawn(self.ctrl.start())

    # ---- drawing -------------------------------------------------------------------

    def rerender(self, *, focus_now: bool = True) -> None:
        """Redraw the table; ``focus_now=False`` (the first screen) leaves the focus
        to :func:`main`, after the readiness mark."""
        doc = document()
        focus = focus_key(doc.activeElement)
        draw(self.ctrl)
        html = doc.documentElement
        if self.ctrl.busy:
            html.setAttribute("data-busy", "")
        else:
            html.removeAttribute("data-busy")
            if focus_now:
                restore_focus(focus)
            self.mark_first_decision()

    def mark_first_decision(self) -> None:
        """Mark (once) the moment the human can first decide: the table drawn and
        listening (:func:`main` has marked it ready) with the human to act."""
        if (
            self.ready
            and not self.first_decision_marked
            and not self.ctrl.busy
            and self.ctrl.human_to_act()
        ):
            self.first_decision_marked = True
            browser.mark_first_decision()

    def label_page(self) -> None:
        """The page's title, heading and menu in the current language."""
        doc = document()
        doc.title = t("page.title")
        doc.documentElement.setAttribute("lang", language())
        heading = doc.querySelector(".bar h1")
        if heading:
            heading.replaceChildren(el("span", "", t("page.heading")))
        for node_id in UNUSED_MENU:
            node = by_id(node_id)
            if node:
                node.hidden = True
        new = by_id("btn-new")
        if new:
            new.textContent = t("btn.new_match")
        lang = by_id("btn-lang")
        if lang:
            lang.textContent = "English" if language() == "ja" else "日本語"
        settings.show_game_menu()
        menu_settings = by_id("btn-settings")
        if menu_settings:
            menu_settings.textContent = t("btn.settings")

    # ---- events ----------------------------------------------------------------------

    def install(self) -> None:
        on(by_id("table"), "click", self._on_click)
        on(document(), "keydown", self._on_key)
        on(by_id("btn-new"), "click", lambda _e: self.new_match())
        on(by_id("btn-lang"), "click", self._on_lang)

    def _on_click(self, event: Any) -> None:
        target = event.target.closest("[data-act]")
        if not target or target.disabled:
            return
        act = str(target.dataset.act)
        arg = target.getAttribute("data-arg")
        if act == "copy-record":
            self.copy_record()
            return
        spawn(self.ctrl.handle(act, None if arg is None else str(arg)))

    def _on_key(self, event: Any) -> None:
        """Arrow keys move between the cards of the hand, the pairs and the controls
        (Tab between the groups, Enter/Space press); Escape clears a selection."""
        key = str(event.key)
        if key == "Escape" and self.ctrl.sel:
            spawn(self.ctrl.handle("clear"))
            return
        if key not in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"):
            return
        target = event.target
        group = target.closest("#hand, #controls, #dk-play") if target else None
        if not group or not target.matches("button"):
            return
        buttons = [b for b in group.querySelectorAll("button") if not b.disabled]
        if target not in buttons:
            return
        step = -1 if key in ("ArrowLeft", "ArrowUp") else 1
        buttons[(buttons.index(target) + step) % len(buttons)].focus()
        event.preventDefault()

    def _on_lang(self, _event: Any) -> None:
        lang = "en" if language() == "ja" else "ja"
        self.prefs = replace(self.prefs, language=lang)
        settings.save_language(lang, self.store)
        self.label_page()
        self.rerender()

    def copy_record(self) -> None:
        record = by_id("game-record")
        note = by_id("copy-note")
        if not record or not note:
            return
        text = str(record.textContent)

        def done(_value: Any) -> None:
            note.textContent = t("copy.done")

        def failed(_error: Any) -> None:
            note.textContent = t("copy.failed")

        try:
            promise = browser.window().navigator.clipboard.writeText(text)
            promise.then(proxy(done), proxy(failed))
        except Exception:  # no clipboard in this browser (an insecure page)
            failed(None)

    async def after_ready(self) -> None:
        await asyncio.sleep(0)
        if self.save_due:
            self.save_due = False
            self.save(self.ctrl)
        try:
            await self.ctrl.start()
        finally:
            browser.offer_install()
            if self.prefs.level != "easy":
                self.worker.connect()


    def mount_settings(self) -> None:
        settings.mount_settings(self.on_settings, self.prefs, self.game_in_progress,
                                lambda: self.ctrl.match.rules)


def _fresh_seed() -> int:
    return random.SystemRandom().randrange(1 << 32)


#: Where the focus goes when the human must act and nothing sensible had it.
PRIMARY = (
    "#dk-play button.target",
    "#hand button.selected",
    "#hand button:not([disabled])",
    "#controls button:not([disabled])",
    "#btn-next-game",
)


def restore_focus(key: str) -> None:
    doc = document()
    if key:
        node = doc.querySelector(key)
        if node and not node.disabled:
            node.focus()
            return
    active = doc.activeElement
    if active and active != doc.body and not doc.getElementById("table").contains(active):
        return  # the menu or a dialog has it: leave it there
    for selector in PRIMARY:
        node = doc.querySelector(selector)
        if node:
            node.focus()
            return


def main() -> None:
    """Draw the table from the preferences, mark the page ready, then play."""
    name_errors("durak")
    store = page_storage()
    prefs, notices = settings.load_page_prefs(store)
    app = App(prefs)
    notices += app.restore()
    settings.show_notices(notices)
    if prefs.anim == "instant":
        # Instant animation shows no computer's move on its own: the first screen is
        # the table as the human first finds it, drawn once, instead of a drawing, a
        # frame and a turn of the event loop per computer's move before the human's
        # turn.  A screen reader still hears those moves: the first drawing says them.
        announce.already_said(app.ctrl)
        deadline = time.perf_counter() + FIRST_SCREEN_DECISIONS_S
        app.ctrl.decide_at_once(app.decide_now, lambda: time.perf_counter() < deadline)
    app.label_page()
    app.install()
    app.mount_settings()
    app.save(app.ctrl)
    app.rerender(focus_now=False)
    browser.mark_ready()
    app.ready = True
    app.mark_first_decision()
    # Focusing makes the browser lay the whole page out at once (Napoleon's traces:
    # ~16-100 ms); the table is interactive without it, so it comes after the mark,
    # in the same task (nothing runs between the two).
    if not app.ctrl.busy:
        restore_focus("")
    spawn(app.after_ready())
