"""The Durak page's entry point (``?game=durak``; ``web/main.py`` dispatches here).

:func:`main` reads the preferences (:mod:`durak.ui_dom.prefs`: address over
saved settings over defaults), continues the saved match or deals a new one
(``?seed=N`` deals that one), draws the table, sets the readiness marker and
only then lets the computers act (at instant animation, their moves before the
human's first decision come before the first drawing: :func:`main`).  Nothing
of Napoleon is imported: the page's shared parts come from :mod:`cardkit.ui_dom`,
the start-up and the table's frame from :mod:`cardkit.ui_dom.page_shell`.

Clicks and keys reach the table through delegating listeners installed once:
every control carries ``data-act`` (and ``data-arg``) and the controller turns
it into an engine action.  While a computer acts, the controller ignores the
human's table clicks (the hand is disabled and the status names who is
thinking), and the menu keeps working; the computers' pause between moves
follows the animation setting (``instant``: none).

The page plays the ordinary game and the post's pile games: what
differs between them — the controller, the drawing, the computers' entry point,
the save — is one entry of :data:`durak.ui_dom.kinds.KINDS`, picked from the
rules dealt (:func:`durak.ui_dom.modes.kind_of`) or the controller on the table.

The computers think in the shared worker (:mod:`cardkit.ui_dom.worker`,
``durak_decide_json``, ``durak_pile_decide_json``) once it is up; before that,
and always at the ``easy`` level, on this thread with the same player and seed,
one decision per turn of the event loop, so the human's first decision never
waits for the worker's boot.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from cardkit.ui_dom import browser
from cardkit.ui_dom.nodes import by_id, document, el, on, proxy
from cardkit.ui_dom.page_shell import Computers, HeldClicks, PageApp, fresh_seed, open_page
from cardkit.ui_dom.storage import page_storage
from cardkit.ui_dom.tasks import name_errors, spawn
from durak.game import Game
from durak.rules import Rules
from durak.ui_dom import settings
from durak.ui_dom.controller import Controller
from durak.ui_dom.i18n import language, t
from durak.ui_dom.kinds import (
    KINDS,
    Ctrl,
    GameKind,
    Hooks,
    kind_of_ctrl,
    kind_to_restore,
    save_on_table,
)
from durak.ui_dom.modes import TableRules, kind_of
from durak.ui_dom.pile_controller import PileController
from durak.ui_dom.prefs import Prefs, query_sets_rules
from durak.ui_dom.record_view import RecordScreen
from durak.ui_dom.suit_deal_controller import SuitDealController

#: The menu's buttons this page does not use (yet): hidden, so no visible control is dead.
UNUSED_MENU: tuple[str, ...] = ()


class App(PageApp[Ctrl, Prefs]):
    """The Durak page: one controller at a time, redrawn after every change."""

    #: Where the focus goes when the human must act and nothing sensible had it.
    primary = (
        "#dk-play button.target",
        "#hand button.selected",
        "#hand button:not([disabled])",
        "#controls button:not([disabled])",
        "#btn-next-game",
    )
    key_groups = "#hand, #controls, #dk-play"
    #: Clicks on these before :meth:`begin` mounted their screens are held, then made.
    held_menu = ("btn-stats",)
    #: Ctrl+Z (⌘Z) takes back the human's last decision (:meth:`Controller.undo`).
    undo_act = "undo"

    def __init__(self, prefs: Prefs) -> None:
        # Easy decides here even once the worker is up; the others here until it is.
        first = KINDS[kind_of(prefs.rules)]
        super().__init__(prefs, Computers(first.export, first.decide_here,
                                          here_levels=frozenset({"easy"}), marks_worker=True))
        self.store = page_storage()
        self.hooks = Hooks(think=self.computers.think, pause=self.pause,
                           on_change=self.rerender, save=self.save)
        seed = prefs.seed if prefs.seed is not None else fresh_seed()
        self.use(self._controller(prefs, seed))
        self.record = RecordScreen(self.finished_games, settings.show_notices,
                                   review=self.review_one, share=self.share_one)
        self.reviewing: Game | None = None  # the game whose review was prepared
        #: The hint (:mod:`durak.ui_dom.hint_view`), mounted once the page is ready.
        self.hints: Any = None

    @property
    def kind(self) -> GameKind:
        """The kind of the game on the table."""
        return kind_of_ctrl(self.ctrl)

    def _answer_for(self, ctrl: Ctrl) -> None:
        """The computers answer for ``ctrl``'s kind from now on; the ordinary game's
        end and every kind's undos reach the statistics' hooks (:meth:`count_undo`)."""
        kind = kind_of_ctrl(ctrl)
        self.computers.export = kind.export
        self.computers.decide_here = kind.decide_here
        if isinstance(ctrl, Controller):
            ctrl.on_game_over = self.count_game
        if isinstance(ctrl, Controller | PileController | SuitDealController):
            ctrl.on_undo = self.count_undo  # every kind's undo reaches the statistics' hook

    def use(self, ctrl: Ctrl) -> None:
        """Put ``ctrl`` on the table (start-up, a restored game)."""
        self._answer_for(ctrl)
        self.ctrl = ctrl

    def replace_match(self, ctrl: Ctrl) -> None:
        self._answer_for(ctrl)
        super().replace_match(ctrl)

    def finished_games(self) -> list[tuple[Game, int]]:
        """The match's finished games with their numbers, the one on the table last
        (the ordinary game's; a pile game shows its record at its end)."""
        return self.kind.finished_games(self.ctrl)

    def _controller(self, prefs: Prefs, seed: int) -> Ctrl:
        ctrl: Ctrl = KINDS[kind_of(prefs.rules)].new(prefs.rules, seed, prefs.level, self.hooks)
        return ctrl

    # ---- statistics (imported only when something is counted or the menu mounts) ----

    def count_game(self, ctrl: Controller) -> None:
        if ctrl is self.ctrl and not ctrl.closed:
            from durak.ui_dom import stats_view

            stats_view.count_finished(ctrl.match, ctrl.match_seed)

    def count_undo(self, ctrl: Ctrl) -> None:
        """An undo done, by any game of the family.  The statistics keep tallies of the
        ordinary game's rules only; another kind's undo is counted on its controller
        (``undo_tries``) and reaches here, ready for a tally of its own."""
        if ctrl is self.ctrl and not ctrl.closed and isinstance(ctrl, Controller):
            from durak.ui_dom import stats_view

            stats_view.count_undo(ctrl.match.game.rules)

    def count_hint(self, ctrl: Ctrl) -> None:
        """A hint asked for, in any game of the family (see :meth:`count_undo`; counted
        on the controller's ``hints_used`` in every kind)."""
        if ctrl is self.ctrl and not ctrl.closed and isinstance(ctrl, Controller):
            from durak.ui_dom import stats_view

            stats_view.count_hint(ctrl.match.game.rules)

    def ordinary_rules(self) -> Rules:
        """The rules the statistics and the rules page open on: the ordinary game's on
        the table, or (a pile game) the default game's."""
        return self.ctrl.match.game.rules if isinstance(self.ctrl, Controller) else Rules()

    def mount_stats(self) -> None:
        from durak.ui_dom import stats_view

        stats_view.mount_stats(self.ordinary_rules)

    # ---- saving ------------------------------------------------------------------

    def save(self, ctrl: Ctrl) -> None:
        """Save the match; before the readiness mark, only note that it is due.

        The first screen's save (a new match, the computers' moves made at once) is
        made one turn of the event loop after the mark (:meth:`PageApp.defer_save`):
        encoding the match and writing it to localStorage (3-12 ms in the page, two
        saves) no longer comes before the human's first decision.
        """
        if ctrl is self.ctrl and not ctrl.closed:
            if self.defer_save():
                return
            save_on_table(self.store, ctrl)

    def save_current(self) -> None:
        self.save(self.ctrl)

    def restore(self) -> list[str]:
        """Continue the saved match, unless the address names another one (its own
        seed, or its own rules): a link reproduces its match; a reload of the same
        link continues where it was.  Without either, the game last on the table is
        continued, even of the other kind than the settings' (a pile game kept when
        the settings chose the ordinary game, or the other way round)."""
        asked = self.prefs.seed
        address = asked is not None or query_sets_rules(browser.query())
        kind = kind_to_restore(self.store, kind_of(self.prefs.rules), address)
        saved, why = kind.load(self.store)
        if why:
            return [t("notice.corrupt_match", error=why, backup=kind.backup_key)]
        if saved is None:
            return []
        if asked is not None and asked != saved.seed:
            return []
        if saved.rules != self.prefs.rules and address:
            return []
        self.use(saved.resume(self.hooks, self.prefs.level))
        return []

    def game_in_progress(self) -> bool:
        """Whether a new deal would throw away a game the human has played in."""
        return self.kind.in_progress(self.ctrl)

    def on_settings(self, prefs: Prefs, new_game: bool) -> None:
        """The settings' 【変更】 (after asking, if a game was in progress): new rules
        deal a new game; the level and the animation apply to this one at once.

        When the player chose to keep the game in progress (``new_game`` false with
        other rules), the game on the table keeps its own rules and the saved ones
        are dealt at the next 「新しいゲーム」."""
        self.prefs = prefs
        self.ctrl.level = prefs.level
        if prefs.level != "easy":
            self.computers.connect()  # once; a page opened at easy has not started it
        self.label_page()
        if new_game:
            self.new_match()
        else:
            self.rerender()

    def playing_rules(self) -> TableRules:
        """The rules of the game on the table (the settings compare theirs with them)."""
        rules: TableRules = self.kind.rules_of(self.ctrl)
        return rules

    def new_match_clicked(self) -> None:
        self.new_match()

    def new_match(self) -> None:
        self.replace_match(self._controller(self.prefs, fresh_seed()))

    # ---- drawing -------------------------------------------------------------------

    def draw(self) -> None:
        self.kind.draw(self.ctrl)
        record = by_id("btn-record")
        if record:  # the menu's record screen lists the ordinary game's games only
            record.hidden = not self.kind.record_screen
        if self.hints is not None:  # every kind's (its entry's ``hint`` side)
            self.hints.decorate()
        if not isinstance(self.ctrl, Controller):
            return
        if self.ready and self.ctrl.over:
            self.prepare_review()
        elif self.ready and not self.ctrl.match.game.talon:
            # The endgame: the worker (not started at ``easy``) boots now, so the review
            # at the end need not wait for its boot (2-9 s).
            self.computers.connect()

    def prepare_review(self) -> None:
        """At a game's end, its review starts in the worker at once (to be ready
        within 2 s of the last card), before the player asks for it; once a game."""
        if not isinstance(self.ctrl, Controller):
            return
        game = self.ctrl.match.game
        if game.result is None or self.reviewing is game:
            return
        self.reviewing = game
        from durak.ui_dom import review_view

        review_view.mount(self.computers)
        review_view.prepare_review(game)

    def language(self) -> str:
        return language()

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
        record = by_id("btn-record")
        if record:
            record.hidden = not self.kind.record_screen
            record.textContent = t("btn.record")
        stats = by_id("btn-stats")
        if stats:
            stats.textContent = t("btn.stats")
        rules = by_id("btn-rules")
        if rules:
            rules.hidden = False
            rules.textContent = t("btn.rules")
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

    def on_act(self, act: str, arg: str | None) -> bool:
        if act == "copy-record":
            self.copy_record()
            return True
        if act == "hint" and self.hints is not None:
            self.hints.ask_hint()
            return True
        if act in ("review", "share-game"):
            self.review_act(act)
            return True
        return False

    # ---- the review and shared games (durak.ui_dom.review_view, imported only when
    # first needed: the first screen never needs it) -------------------------------------

    def review_act(self, act: str) -> None:
        """The end screen's review and share buttons: the game just finished (a kind
        with a review of its own: that one)."""
        if act == "review" and self.kind.review is not None:
            self.kind.review(self.ctrl, self.computers)
            return
        games = self.finished_games()
        if games:
            if act == "review":
                self.review_one(games[-1][0])
            else:
                self.share_one(games[-1][0], "share-url", "copy-note")

    def review_one(self, game: Game) -> None:
        from durak.ui_dom import review_view

        review_view.mount(self.computers)  # the page's own worker, never a second one
        review_view.review_game(game)

    def share_one(self, game: Game, url_id: str, status_id: str) -> None:
        from durak.ui_dom import review_view

        review_view.share_game(game, url_id, status_id, settings.show_notices)

    def open_shared_game(self) -> None:
        """A ``#game=…`` link in the address: its review (a bad link: a notice)."""
        from durak.ui_dom import review_view

        review_view.mount(self.computers)
        review_view.open_from_location(settings.show_notices)

    def on_key(self, event: Any) -> bool:
        """Escape clears a selection (the arrows move within the hand, the pairs and
        the controls: :meth:`PageApp._on_key`)."""
        if str(event.key) == "Escape" and self.kind.selection(self.ctrl):
            spawn(self.ctrl.handle("clear"))
            return True
        return False

    def switch_language(self, lang: str) -> None:
        self.prefs = replace(self.prefs, language=lang)
        settings.save_language(lang, self.store)
        self.label_page()

    def open_rules(self) -> None:
        """The menu's 「ルール」: the rules page of the game on the table (imported at
        the first click, never on the way to the first decision)."""
        from durak.ui_dom import rules_view

        if isinstance(self.ctrl, Controller):
            rules_view.open_rules(self.ctrl.match.rules)
        else:  # a pile game: its paragraph among the games of §3.6
            rules_view.open_rules(Rules(), f"mode-{self.ctrl.rules.mode}")

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

    def mount_hints(self) -> None:
        """The hint button, after the first screen (its module imported only now)."""
        if self.hints is None:
            from durak.ui_dom.hint_view import Hints

            self.hints = Hints(self, lambda ctrl: kind_of_ctrl(ctrl).hint())
            self.rerender(focus_now=False)

    async def begin(self, held: HeldClicks) -> None:
        self.mount_hints()
        from cardkit.ui_dom.share import listen_for_links

        listen_for_links(self.open_shared_game)  # a link pasted into the open page
        if str(browser.window().location.hash).startswith("#game="):
            self.open_shared_game()
        try:
            # Before the computers' moves: a click on 「成績」 acts at once, not after
            # them (or after the worker's boot, which a strong computer may wait for).
            self.mount_stats()
            held.release()
            await self.ctrl.start()
        finally:
            held.release()
            browser.offer_install()
            if self.prefs.level != "easy":
                self.computers.connect()

    # ---- start-up --------------------------------------------------------------------

    def show_notices(self, notices: list[str]) -> None:
        settings.show_notices(notices)

    def first_screen_said(self) -> None:
        self.kind.already_said(self.ctrl)

    def before_first_screen(self) -> None:
        self.label_page()
        record = by_id("btn-record")
        if record:
            on(record, "click", lambda _e: self.record.open())
        rules = by_id("btn-rules")
        if rules:
            on(rules, "click", lambda _e: self.open_rules())
        settings.mount_settings(self.on_settings, self.prefs, self.game_in_progress,
                                self.playing_rules)
        self.save(self.ctrl)


def main() -> None:
    """Draw the table from the preferences, mark the page ready, then play."""
    name_errors("durak")
    prefs, notices = settings.load_page_prefs(page_storage())
    open_page(App(prefs), notices)
