"""The page's entry point: preferences, the match driver, the table, the listeners.

:func:`main` runs once Python is ready: it reads the preferences (URL over
saved settings over defaults, :mod:`napoleon.ui_dom.settings`), restores a
saved match or starts one (``?seed=N`` starts that match), draws the table,
sets the readiness marker, and only then lets the computers act: their
decisions before the human's first one are made here, then the menu's screens
are mounted and the AI worker starts (:meth:`App.begin`, :mod:`ai_client`).

Clicks and keys reach the table through two delegating listeners installed
once: every control carries ``data-act`` (and ``data-arg``), and the
controller turns it into an engine action.  The start-up's order, the table's
frame (redraw, focus, markers, listeners, held clicks) and the computers' client
are the page shell's (:mod:`cardkit.ui_dom.page_shell`); this module fills in
Napoleon's menu, screens, links and questions.
"""

from __future__ import annotations

import asyncio
import importlib
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from cardkit.ui_dom import browser
from cardkit.ui_dom.ask import Answer, ask
from cardkit.ui_dom.page_shell import HeldClicks, PageApp, fresh_seed, open_page
from cardkit.ui_dom.pass_play import NamesForm, Seating
from cardkit.ui_dom.rules_badge import RulesBadge
from cardkit.ui_dom.storage import page_storage
from cardkit.ui_dom.tasks import name_errors, spawn
from cardkit.ui_dom.together import add_option
from napoleon.match import Match
from napoleon.rules import Rules
from napoleon.ui_dom import announce, settings
from napoleon.ui_dom.ai_client import AiClient
from napoleon.ui_dom.card_words import set_seats
from napoleon.ui_dom.controller import HUMAN, Controller, human_has_played
from napoleon.ui_dom.dom import by_id
from napoleon.ui_dom.i18n import language, t
from napoleon.ui_dom.prefs import STORE, Prefs, hold_seconds, query_sets_rules
from napoleon.ui_dom.scene import scene_of
from napoleon.ui_dom.settings_model import MODEL
from napoleon.ui_dom.table import draw, draw_handover

if TYPE_CHECKING:  # a lone player's page imports nothing of the table with friends
    from napoleon.ui_dom.guest_controller import Table

#: Static labels of the menu bar (ids in web/index.html) and their strings.
MENU = {
    "btn-new": "btn.new_match",
    "btn-record": "btn.record",
    "btn-rules": "btn.rules",
    "btn-settings": "btn.settings",
    "btn-stats": "btn.stats",
    "btn-lang": "btn.lang",
    "btn-last-trick": "btn.last_trick",
    "btn-game": "btn.game",
    "btn-pass-play": "btn.pass_play",
    "btn-friends": "btn.friends",
    "btn-together": "btn.together",
}

#: The game switch's target (``#btn-game``): Durak's page of this site, in ``lang``.
#: Relative, so it works at a server's root and under a sub-path; nothing of
#: Durak is imported here (a bare visit stays Napoleon's and as fast).
GAME_SWITCH = "./?game=durak&lang={lang}"

#: The header's badge naming the rules of the match on the table (it opens the rules).
BADGE: RulesBadge[Rules] = RulesBadge(MODEL)


#: The menu buttons whose screens are mounted after the first screen (``begin``).
#: Where the page shell keeps the host's table with friends
#: (:attr:`cardkit.ui_dom.friends_page.FriendsPage.host_key`).
FRIENDS_HOST_KEY = "napoleon.friends.host"

MENU_SCREENS = ("btn-settings", "btn-record", "btn-rules", "btn-stats")


def _optional(name: str) -> Any:
    """B's modules that may not be in every build yet (persistence, the record)."""
    try:
        return importlib.import_module(f"napoleon.ui_dom.{name}")
    except ModuleNotFoundError:
        return None


class App(PageApp["Table", Prefs]):
    """The page: one controller at a time, redrawn after every change."""

    #: The table on the page: its own match's, or a guest's at a table with friends.
    ctrl: Table
    held_menu = MENU_SCREENS
    #: Where the focus goes when the human must act and nothing sensible had it.
    primary = (
        "#btn-next",
        "#btn-raise:not([disabled])",
        "#btn-call:not([disabled])",
        "#btn-change:not([disabled])",
        "#btn-discard:not([disabled])",
        "#hand button:not([disabled])",
        "#controls button:not([disabled])",
        "#btn-new-match",
    )
    key_groups = "#hand, #discards, .name-suits, #controls"
    #: Ctrl+Z (⌘Z) is 「待った」 (:meth:`PageApp._on_key`).
    undo_act = "undo"

    def __init__(self, prefs: Prefs) -> None:
        self.ai = AiClient()
        super().__init__(prefs, self.ai)
        self._persist: Any = None
        self.record_view: Any = None
        self._recorded: Any = None
        #: A link naming another match than the saved one, asked about once ready.
        self.link_prefs: Prefs | None = None
        self.menu_mounted = False
        #: The menu clicks held until :meth:`_mount_menu` (:class:`HeldClicks`).
        self._held: HeldClicks | None = None
        #: The hint button (:mod:`hint_view`), mounted with the menu's screens.
        self.hints: Any = None
        #: The table with friends (:mod:`napoleon.ui_dom.friends_table`), once opened.
        self.friends: Any = None
        #: The names of the people at the next pass-and-play table (its names form).
        self.pass_names: dict[int, str] = {}
        self.ctrl = self._controller(prefs, self._first_seed(prefs))

    def _first_seed(self, prefs: Prefs) -> int:
        if prefs.seed is not None:
            return prefs.seed
        return fresh_seed()

    def _controller(self, prefs: Prefs, seed: int, match: Match | None = None,
                    humans: tuple[int, ...] = (HUMAN,)) -> Controller:
        ctrl = Controller(
            prefs.rules,
            seed,
            prefs.level,
            think=self.ai.think,
            pause=self.pause,
            on_change=self.rerender,
            save=self._save,
            match=match,
            humans=humans,
        )
        if ctrl.handover.active:
            ctrl.handover.name_people(self.pass_names)
        apply_display(ctrl, prefs)
        ctrl.hold_next = self.hold_next
        ctrl.on_scored = lambda match: self._count_scored(ctrl, match)
        return ctrl

    async def hold_next(self, between_games: bool) -> None:
        """Before the table goes on by itself: long enough to read the trick (twice
        that for a result or the standings), following the animation speed
        (:func:`hold_seconds`; with none, the page still draws first)."""
        await asyncio.sleep(hold_seconds(self.prefs, between_games))

    def _count_scored(self, ctrl: Controller, match: Match) -> None:
        """A game was scored: count it in the statistics (imported only now), not a
        game of pass-and-play (the statistics are one player's); the host's game with
        friends in the preset's tally with friends (a guest's: the view it is sent)."""
        friends = ctrl.seat_reply is not None and not ctrl.handover.active
        if not (ctrl.alone() or friends):
            return
        from napoleon.ui_dom import stats_view

        stats_view.count_scored(match, ctrl.match_seed, friends)

    @property
    def persist(self) -> Any:
        """B's persistence, imported when first needed."""
        if self._persist is None:
            self._persist = _optional("persist")
        return self._persist

    def _save(self, match: Match, extra: dict[str, object]) -> None:
        """Save the match; before the readiness mark, only note that it is due.

        The first screen's save (the computers' decisions made at once, a new
        match) is made by :meth:`after_ready`, one turn of the event loop after the
        mark: a save digests the game's record with :mod:`hashlib`, whose import
        (compiled from source in Pyodide: 10-40 ms) would otherwise come before the
        human's first decision.  Nothing of the player's is lost meanwhile: the
        player has not moved yet, and the save is made before anything they do.
        """
        if self.defer_save():
            return
        if self.persist is not None:
            self.persist.save_match(match, extra)

    def save_current(self) -> None:
        self.ctrl.save_now()  # (a guest's table is the host's game: the host saves it)

    def restore(self) -> list[str]:
        """Continue a saved match, or note the question a link raises about it.

        A URL with ``?seed=N`` asks for that match: a saved match continues only
        when it is that match (same seed, same rules), so reloading a seeded link
        keeps the match in progress (a match is restored exactly after a reload).
        A link naming another match (another seed, or other rules) while a match
        in progress is saved does not drop it: the saved match is shown, and once
        the page is ready the player chooses (:meth:`ask_link`); the save
        is kept until then.  With nothing of the player's in the saved match (no
        move of theirs yet), the link's match simply starts.
        """
        if self.persist is None:
            return []
        match, extra, notices = self.persist.load_match()
        seed = extra.get("match_seed")
        if match is None or not isinstance(seed, int):
            return list(notices)
        asked = self.prefs.seed
        if asked is not None:
            other = seed != asked or match.rules != self.prefs.rules
        else:
            other = match.rules != self.prefs.rules and query_sets_rules(browser.query())
        if other and not human_has_played(match):
            return list(notices)
        if other:
            self.link_prefs = self.prefs
        self.ctrl = self._controller(self.prefs, seed, match)
        self.ctrl.restore_extra(extra)
        said = list(notices)
        if self.ctrl.handover.active:  # the people's names, kept beside the match
            self.pass_names = self.names_form().saved_names(said)
            self.ctrl.handover.name_people(self.pass_names)
        # From here on the preferences hold the rules in force, whatever the saved
        # settings or the address said: the settings open on them, 【変更】 pressed
        # without a change keeps them, and the next new match deals them.
        self.prefs = replace(self.prefs, rules=match.rules)
        return said

    async def ask_link(self, link: Prefs) -> None:
        """The link names another match than the saved one: which one to play?

        Either way the address then names the match on the table
        (:meth:`follow_address`): a reload continues it without asking again.
        Continuing, the settings keep showing the rules in force (the link's are
        one click away: the link itself, or the settings' 【呼出】).  Esc continues
        (it loses nothing)."""
        if not isinstance(self.ctrl, Controller):
            return  # (asked of the page's own match, before any table with friends)
        saved = self.ctrl.match
        choice = await ask(
            t("ask.link.title"),
            t(
                "ask.link.text",
                rules=describe(link.rules),
                saved=describe(saved.rules),
                game=saved.game_number,
            ),
            [Answer("keep", t("ask.link.keep")), Answer("start", t("ask.link.start"))],
            cancel="keep",
        )
        if choice == "start":
            self.start_match(link, link.seed)
        else:
            self.follow_address()

    def follow_address(self) -> None:
        """The address names the match on the table (its rules' text in place of the
        rules and seed it held: :meth:`~cardkit.ui_dom.prefs_store.PrefsStore.address_in_force`),
        with no reload and no history entry: a reload of the page's own address
        continues this match, whatever link opened the page or rules the settings
        changed since."""
        browser.follow_query(lambda search: STORE.address_in_force(search, self.ctrl.rules))

    def new_match(self, prefs: Prefs, *, rules_changed: bool = False,
                  humans: tuple[int, ...] = (HUMAN,)) -> None:
        """The menu's new-match button and the settings' 【変更】 (and 「みんなで1台」,
        every seat a person): start a new match at once, after asking if that
        throws away a match in progress."""
        spawn(self._new_match(prefs, rules_changed, humans))

    async def _new_match(self, prefs: Prefs, rules_changed: bool,
                         humans: tuple[int, ...] = (HUMAN,)) -> None:
        match = self.ctrl.match if isinstance(self.ctrl, Controller) else None
        if match is not None and human_has_played(match) and not match.is_over:
            text = "ask.new.text_rules" if rules_changed else "ask.new.text"
            choice = await ask(
                t("ask.new.title"),
                t(text, game=match.game_number),
                [Answer("keep", t("ask.new.no")), Answer("new", t("ask.new.yes"))],
                cancel="keep",
            )
            if choice != "new":
                if rules_changed:
                    # The match is kept with its rules, and they are what the settings
                    # show and save (one set of rules in force, never a choice shown
                    # that was not applied); what is only display still applies.
                    kept = replace(prefs, rules=match.rules)
                    settings.PANEL.save_prefs(kept)
                    self.apply_display(kept)
                    self.follow_address()
                return
        # ``?seed=N`` reproduces a table of people too (the browser tests' mirror).
        self.start_match(prefs, prefs.seed if len(humans) > 1 else None, humans)

    def start_match(self, prefs: Prefs, seed: int | None = None,
                    humans: tuple[int, ...] = (HUMAN,)) -> None:
        """Replace the match by a new one now, even while a computer thinks: the
        old controller is closed, so its computer's late answer is ignored."""
        self.prefs = prefs
        fresh = seed if seed is not None else fresh_seed()
        # Saved at once, and named by the address: a reload right after
        # 「新しいマッチ」 shows this deal, with no question about the link's.
        self.replace_match(self._controller(prefs, fresh, humans=humans))
        self.follow_address()

    # ---- start-up ----------------------------------------------------------------

    def show_notices(self, notices: list[str]) -> None:
        settings.PANEL.show_notices(notices)

    def decides_first_screen(self) -> bool:
        """Not while a link's question waits: the saved match is shown as it is; nor
        at the host's kept table with friends, whose guests' seats no computer plays
        before the table is back and their away wait has run out."""
        return self.link_prefs is None and page_storage().get(FRIENDS_HOST_KEY) is None

    def first_screen_said(self) -> None:
        announce.already_said(scene_of(self.ctrl, self.prefs.suit_style))

    # ---- drawing ---------------------------------------------------------------

    def draw(self) -> None:
        """The menu's labels, the table, the hint and the record (the language
        button and the settings redraw too)."""
        for node_id, key in MENU.items():
            node = by_id(node_id)
            if node:
                node.textContent = t(key)
        switch = by_id("btn-game")
        if switch:
            switch.setAttribute("href", GAME_SWITCH.format(lang=language()))
        if self.friends is not None and self.friends.waiting():
            if self.friends.drawn_in != language():  # the lobby: the panel alone
                self.friends.draw_panel()
            BADGE.show(self.playing_rules(), language())  # a guest's: its table's
            return
        if isinstance(self.ctrl, Controller) and self.ctrl.handover_due():
            draw_handover(self.ctrl)
            return
        set_seats(self.ctrl.me, self.ctrl.handover)
        draw(scene_of(self.ctrl, self.prefs.suit_style))
        if self.friends is not None:
            self.friends.changed()
            if self.friends.drawn_in != language():
                self.friends.draw_panel()
        BADGE.show(self.playing_rules(), language())
        if self.hints is not None:
            self.hints.decorate()
        self._prepare_record()

    def language(self) -> str:
        return language()

    def playing_rules(self) -> Rules:
        """The rules in force on this page: a guest's, its table's from the moment it
        is seated (the host's welcome says them); else the match's on the table."""
        table = self.friends.guest_rules() if self.friends is not None else None
        return table if isinstance(table, Rules) else self.ctrl.rules

    def keeps_focus(self, active: Any, key: str, table: Any) -> bool:
        """The focus stays on the table where the redraw left it, and anywhere when
        nothing had it before (the first screen, the menu, a dialog)."""
        return bool(table.contains(active)) or not key

    async def begin(self, held: HeldClicks) -> None:
        """What the first screen does not need, once the page is interactive (one
        turn of the event loop later, after the save the first screen asked for:
        :meth:`PageApp.after_ready`): the computers' decisions before the human's
        first one, then the install offer (the manifest), the settings form (every
        option of every rule), the record screen, the rules dialog, and the
        computers' worker.

        The worker starts only once the computers have made the decisions before
        the human's first one: until it is up, those are made here by the very
        same player and seed (:class:`AiClient`), so the human's first decision
        does not wait for a second interpreter to boot (2-9 s), and
        neither the worker's boot nor the menu's screens (~50-100 ms in Pyodide)
        compete with them.  A click on a menu button meanwhile is held and acted
        on once its screen is there (``held``, from before the readiness mark:
        :class:`HeldClicks`); if a computer must
        wait for the worker (a restored card play), the menu is mounted first.
        """
        self.ai.before_wait = self._mount_menu
        # Released as soon as the screens are mounted (a computer waiting for the
        # worker mounts them first): a click on the menu then acts at once instead of
        # waiting for the worker's boot and the computers' moves.
        self._held = held
        try:
            if str(browser.window().location.hash).startswith(("#table=", "#manual=", "#answer=")):
                # A table's link: this page plays the host's game (nothing of its own).
                self._mount_menu()
                await self.open_friends().join()
                return
            # #game=…: a shared game, shown at once (its module imported only then).
            if str(browser.window().location.hash).startswith("#game="):
                from napoleon.ui_dom import share_view

                self._mount_menu()
                share_view.open_from_location()
            if self.link_prefs is not None:
                link, self.link_prefs = self.link_prefs, None
                self._mount_menu()
                self.ai.connect()  # the player reads the question meanwhile
                await self.ask_link(link)
            else:
                self.follow_address()
            await self.resume_friends()
            await self.ctrl.start()
        finally:  # whatever happened, the menu works
            self._mount_menu()
            held.release()
        self.ai.connect()

    def _mount_menu(self) -> None:
        """The menu's screens and the install offer; once."""
        if self.menu_mounted:
            return
        self.menu_mounted = True
        browser.offer_install()
        settings.mount_settings(self.on_settings, self.prefs, self.playing_rules)
        self.record_view = _optional("record_view")
        if self.record_view is not None:
            self.record_view.mount_record()
        from napoleon.ui_dom import rules_page

        rules_page.mount_rules(self.playing_rules)
        from napoleon.ui_dom import hint_view, review_view

        review_view.mount_review(self.ai)
        self.hints = hint_view.Hints(self)
        from napoleon.ui_dom import stats_view

        stats_view.mount_stats(lambda: stats_view.preset_key(self.ctrl.rules))
        from napoleon.ui_dom import share_view

        if self.record_view is not None:  # a shared game stays browsable in the record
            share_view.KEEPERS.append(self.record_view.show_shared)
        share_view.listen_for_links()
        add_option(t, "btn-pass-play", "btn.pass_play", "together.pass_play",
                   self.pass_play_clicked)
        add_option(t, "btn-friends", "btn.friends", "together.friends",
                   lambda: spawn(self.open_friends().open_host()))
        self.rerender(focus_now=False)
        if self._held is not None:
            self._held.release()

    async def resume_friends(self) -> None:
        """The host's table with friends after a reload of its page (its modules
        imported only when one is kept: :attr:`FRIENDS_HOST_KEY`)."""
        if page_storage().get(FRIENDS_HOST_KEY) is not None:
            await self.open_friends().resume()

    def open_friends(self) -> Any:
        """The table with friends (its modules imported only now)."""
        if self.friends is None:
            from napoleon.ui_dom.friends_table import friends_page

            self.friends = friends_page(self)
        return self.friends

    def names_form(self) -> NamesForm:
        """The names of the people at pass-and-play, as they gave them (the page's storage)."""
        return NamesForm("napoleon", page_storage(), t, self.show_notices)

    def pass_play_clicked(self) -> None:
        """The menu's 「みんなで1台」: the people name themselves, then a new match
        where every seat is a person sharing this device (:mod:`cardkit.ui_dom.pass_play`)."""
        rules = self.prefs.rules

        def start(table: Seating) -> None:
            self.pass_names = table.names
            prefs, resized = self.prefs, table.players != rules.players
            if resized:
                # The size chosen is the rules' from now on, as if chosen in the
                # settings (kept with the match's own if the player keeps that match).
                prefs = replace(prefs, rules=rules.replace(players=table.players))
                settings.PANEL.save_prefs(prefs)
            self.new_match(prefs, rules_changed=resized, humans=table.people)

        # Any size the rules can be played at; any seat but the first a computer.
        self.names_form().open(rules.players, start, rules.table_sizes())

    def _prepare_record(self) -> None:
        """Hand each finished game's 譜 to the record screen once (``#btn-record``)."""
        game = self.finished_game()
        ctrl = self.ctrl
        # Not before the record screen is mounted (after the first decision): a
        # reloaded match's finished games would otherwise be marked handed over
        # while nothing took them, and a reload would lose the match's records.
        if (game is None or game is self._recorded or self.record_view is None
                or not isinstance(ctrl, Controller)):
            return
        self._recorded = game
        self.record_view.show_record(game, self.prefs, ctrl.match, open_panel=False,
                                     people=ctrl.handover)

    def open_record(self) -> None:
        game, ctrl = self.finished_game(), self.ctrl
        if self.record_view is not None and game is not None and isinstance(ctrl, Controller):
            self.record_view.show_record(game, self.prefs, ctrl.match, people=ctrl.handover)

    def open_review(self) -> None:
        """The end screen's 「レビュー」: the review of the game just finished (a
        guest's: of the host's record of it, its own seat's decisions)."""
        if self.hints is None:
            return
        from napoleon.ui_dom.hint_view import review_subject

        subject = review_subject(self)
        if subject is not None:
            from napoleon.ui_dom.review_view import review_game

            review_game(subject[0], self.prefs.suit_style, subject[1])

    def finished_game(self) -> Any:
        """The match's game last finished (none on a guest's page: it holds no match)."""
        if not isinstance(self.ctrl, Controller):
            return None
        m = self.ctrl.match
        if m.game.result is not None:
            return m.game
        if m.results:
            return m.games[len(m.results) - 1]
        return None

    # ---- events ------------------------------------------------------------------

    def new_match_clicked(self) -> None:
        self.new_match(self.prefs)

    def on_act(self, act: str, arg: str | None) -> bool:
        if act == "new-match":
            self.leave_table_first(lambda: self.new_match(self.prefs))
        elif act == "record":
            self.open_record()
        elif act == "hint" and self.hints is not None:
            self.hints.ask_hint()
        elif act == "review":
            self.open_review()
        else:
            return False
        return True

    def switch_language(self, lang: str) -> None:
        # (A lang= in the address, which would win at the next reload, goes too.)
        settings.PANEL.save_language(lang)
        # The panel's record may hold the address's or the saved rules: only the
        # language changes here, the rules in force stay.
        self.prefs = replace(self.prefs, language=lang)

    def on_settings(self, prefs: Prefs, new_game: bool) -> None:
        """The settings' 【変更】: rules other than the match's start a new match
        (after asking, when the human has played in this one); display settings
        alone (animation, suits, language, level, undo, going on by itself) apply to
        the match on the table at once, with no question: nothing is lost."""
        if self.settings_at_table(prefs, new_game):
            return
        if new_game:
            self.new_match(prefs, rules_changed=True)
        else:
            self.apply_display(prefs)

    def keep_own_rules(self, prefs: Prefs) -> None:
        """At a table with friends, what the settings apply without leaving it: the
        display settings, never rules.  The preferences keep this page's own rules as
        they were (saved so too): a guest's are not the table's it was shown, and rules
        it chose then stayed for are not kept, so its next new match after the table
        deals its own."""
        kept = replace(prefs, rules=self.prefs.rules)
        settings.PANEL.save_prefs(kept)
        self.apply_display(kept)

    def apply_display(self, prefs: Prefs) -> None:
        """Take ``prefs``' display settings for the match on the table (its rules and
        deal stay): the computers' next decisions use the level, the next pause the
        animation, the next drawing the suits and the undo button."""
        self.prefs = replace(prefs, seed=self.prefs.seed)
        if isinstance(self.ctrl, Controller):  # (a guest's table is the host's to run)
            apply_display(self.ctrl, prefs)
        self.rerender()
        if self.ctrl.forced_move_due():  # going on by itself, turned on while NEXT waits
            spawn(self.ctrl.run_computers())


def apply_display(ctrl: Controller, prefs: Prefs) -> None:
    """What of the display settings the match driver holds: the computers' level and
    whether 待った is offered (the level is not part of a match: its games and their
    statistics are the same at any level)."""
    ctrl.level = prefs.level
    ctrl.undo_on = prefs.undo == "on"
    ctrl.auto_next = prefs.auto_next == "on"


def describe(rules: Rules) -> str:
    """A match's rules in a few words: as the badge names them ("mixi", "mixi
    (changed)") and the players."""
    if rules.preset_name() == "four":  # its name says it: not 「4人用, 4人」
        return t("preset.four")
    return f"{MODEL.rules_name(rules)}, {t('ask.players', n=rules.players)}"


def main() -> None:
    """Draw the table from the preferences, mark the page ready, then play."""
    name_errors("napoleon")
    prefs, notices = settings.PANEL.load_page_prefs()
    open_page(App(prefs), notices)
