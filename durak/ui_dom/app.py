"""The Durak page's entry point (``?game=durak``; ``web/main.py`` dispatches here).

:func:`main` reads the preferences (:mod:`durak.ui_dom.settings.prefs`: address over
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

The computers think in the shared worker (:mod:`cardkit.ui_dom.worker`, its one
request of the family that names the game, ``durak_family_decide_json``) once it is up; before that,
and always at the ``easy`` level, on this thread with the same player and seed,
one decision per turn of the event loop, so the human's first decision never
waits for the worker's boot.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from cardkit.ui_dom import browser
from cardkit.ui_dom.ask import Answer, ask, confirm_new_game
from cardkit.ui_dom.nodes import by_id, document, el, on, proxy
from cardkit.ui_dom.page_shell import Computers, HeldClicks, PageApp, fresh_seed, open_page
from cardkit.ui_dom.pass_play import NamesForm, Seating
from cardkit.ui_dom.rules_badge import RulesBadge
from cardkit.ui_dom.storage import page_storage
from cardkit.ui_dom.tasks import name_errors, spawn
from cardkit.ui_dom.together import add_option, show_option
from cardkit.ui_dom.turn_loop import FINISH_ACT
from durak.family.options import make_rules, player_counts
from durak.game import Game
from durak.ui_dom.i18n import add_registered_words, language, t
from durak.ui_dom.kinds import (
    DECIDE_EXPORT,
    KINDS,
    Ctrl,
    GameKind,
    Hooks,
    count_over,
    decide_here,
    host_of,
    kind_of_ctrl,
    load_game,
    resume,
    save_on_table,
)
from durak.ui_dom.modes import TableRules, kind_of
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.record.record_view import RecordScreen
from durak.ui_dom.settings import settings
from durak.ui_dom.settings.prefs import STORE, Prefs, query_rules
from durak.ui_dom.settings.settings_model import MODEL

#: The menu's buttons this page does not use (yet): hidden, so no visible control is dead.
UNUSED_MENU: tuple[str, ...] = ()
#: The menu's buttons in the page's words: id, word, and whether labelling shows it
#: (the record and rules buttons; the others are shown or hidden where they are used).
MENU_WORDS: tuple[tuple[str, str, bool], ...] = (
    ("btn-record", "btn.record", True),
    ("btn-stats", "btn.stats", False),
    ("btn-rules", "btn.rules", True),
    ("btn-new", "btn.new_match", False),
    ("btn-settings", "btn.settings", False),
    ("btn-pass-play", "btn.pass_play", False),
    ("btn-together", "btn.together", False),
)

#: Where the page shell keeps the host's table with friends
#: (:attr:`cardkit.ui_dom.friends_page.FriendsPage.host_key`).
FRIENDS_HOST_KEY = "durak.friends.host"


#: The header's badge naming the rules of the game on the table (it opens the rules).
BADGE: RulesBadge[TableRules] = RulesBadge(MODEL)


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
        super().__init__(prefs, Computers(DECIDE_EXPORT, decide_here(prefs.rules.mode),
                                          here_levels=frozenset({"easy"}), marks_worker=True))
        self.store = page_storage()
        self.hooks = Hooks(think=self.computers.think, pause=self.pause,
                           on_change=self.rerender, save=self.save)
        seed = prefs.seed if prefs.seed is not None else fresh_seed()
        self.use(self._controller(prefs, seed))
        self.record = RecordScreen(self.finished_games, self.write_game,
                                   settings.PANEL.show_notices,
                                   review=self.review_one, share=self.share_one)
        self.reviewing: Game | None = None  # the game whose review was prepared
        #: The hint (:mod:`durak.ui_dom.hint.hint_view`), mounted once the page is ready.
        self.hints: Any = None
        #: A link naming another game than the one in progress, asked about once ready.
        self.link_prefs: Prefs | None = None
        #: The table with friends (durak.ui_dom.friends.friends_table), mounted once ready.
        self.friends: Any = None
        #: The names of the people at the next pass-and-play table (its names form).
        self.pass_names: dict[int, str] = {}
        #: The table the pass-and-play form set last (its size and its people).
        self.pass_table: Seating | None = None

    @property
    def kind(self) -> GameKind:
        """The kind of the game on the table."""
        return kind_of_ctrl(self.ctrl)

    def _answer_for(self, ctrl: Ctrl) -> None:
        """The computers answer for ``ctrl``'s kind from now on; every game's end and
        undos are counted in the statistics (its kind reads the facts)."""
        mode = ctrl.rules.mode
        self.computers.lead = (mode,)  # the worker's one request names the game
        self.computers.decide_here = decide_here(mode)
        ctrl.on_game_over = self.count_game
        ctrl.on_undo = self.count_undo

    def use(self, ctrl: Ctrl) -> None:
        """Put ``ctrl`` on the table (start-up, a restored game)."""
        self._answer_for(ctrl)
        self.ctrl = ctrl

    def replace_match(self, ctrl: Ctrl) -> None:
        self._answer_for(ctrl)
        super().replace_match(ctrl)

    def finished_games(self) -> list[tuple[Any, int]]:
        """The match's finished games with their numbers, the one on the table last
        (of the game on the table: its kind's game objects)."""
        return self.ctrl.finished_games()

    def write_game(self, game: Any, number: int) -> Any:
        """One finished game in words and notation (its kind's), with its record for
        its review and link when it is not an ordinary game (its kind's ``share``)."""
        written = self.kind.write(game, number)
        if written.review is None:
            written = replace(written, shared=self.ctrl.share(game, number))
        return written

    def _controller(self, prefs: Prefs, seed: int) -> Ctrl:
        return KINDS[kind_of(prefs.rules)].controller(prefs.rules, seed, prefs.level, self.hooks)

    # ---- statistics (imported only when something is counted or the menu mounts) ----

    def count_game(self, ctrl: Ctrl) -> None:
        """A game of the family ended: its kind reads the facts counted (not a game
        of pass-and-play: the statistics are one player's; a game with friends in a
        tally of its own, the host's here, a guest's from the record it is sent)."""
        people = ctrl.handover
        if (people is not None and people.active) or getattr(ctrl, "guest", False):
            return
        if ctrl is self.ctrl and not ctrl.closed:
            count_over(ctrl, friends=ctrl.with_friends())

    def count_undo(self, ctrl: Ctrl) -> None:
        if ctrl is self.ctrl and not ctrl.closed:
            from durak.ui_dom.stats import stats_view

            stats_view.count_undo(ctrl.rules)

    def count_hint(self, ctrl: Ctrl) -> None:
        if ctrl is self.ctrl and not ctrl.closed:
            from durak.ui_dom.stats import stats_view

            stats_view.count_hint(ctrl.rules, ctrl.with_friends())

    def mount_stats(self) -> None:
        """The statistics open on the tally of the game on the table."""
        from durak.ui_dom.stats import stats_view

        stats_view.mount_stats(self.playing_rules)

    # ---- saving ------------------------------------------------------------------

    def save(self, ctrl: Ctrl) -> None:
        """Save the match; before the readiness mark, only note that it is due.

        The first screen's save (a new match, the computers' moves made at once) is
        made one turn of the event loop after the mark (:meth:`PageApp.defer_save`):
        encoding the match and writing it to localStorage (3-12 ms in the page, two
        saves) no longer comes before the human's first decision.
        """
        host = host_of(ctrl)
        if host is None:
            return  # a guest's table is the host's game: the host saves it
        if host is self.ctrl and not host.closed:
            if self.defer_save():
                return
            save_on_table(self.store, host)

    def save_current(self) -> None:
        self.save(self.ctrl)

    def restore(self) -> list[str]:
        """Continue the game on the table (the family's one save, :mod:`durak.ui_dom.persist`,
        of whichever game), or note the question a link raises about it.

        The address follows the game in force (:meth:`follow_address`), so a reload
        of the page's own address always continues it.  An address naming another
        game — another seed, or valid rules other than the table's — replaces a game
        the human has not moved in (or one that is over) at once; a game in progress
        is shown as it is and, once the page is ready, the player chooses
        (:meth:`ask_link`).  A bad rule field is ignored with its notice and names
        nothing (:func:`~durak.ui_dom.settings.prefs.query_rules`): the game in progress
        continues.  From here on the preferences hold the rules in force (the
        settings show them), whatever the saved settings or the address said.
        """
        asked = self.prefs.seed
        link = query_rules(browser.query(), self.prefs.rules) is not None
        saved, why, backup = load_game(self.store)
        if why:
            return [t("notice.corrupt_match", error=why, backup=backup)]
        if saved is None:
            return []
        series = saved.series
        other = (asked is not None and (asked != series.seed or series.rules != self.prefs.rules)
                 ) or (link and series.rules != self.prefs.rules)
        ctrl = resume(saved, self.hooks, self.prefs.level)
        if other and not ctrl.in_progress():
            return []  # the address's game, dealt already, replaces nothing of the player's
        if other:
            self.link_prefs = self.prefs
        said: list[str] = []
        if len(saved.humans) > 1:  # pass-and-play goes on: its people, by their names
            self.pass_names = self.names_form().saved_names(said)
            ctrl.seat_people(saved.humans, self.pass_names)
        self.use(ctrl)
        self.prefs = replace(self.prefs, rules=saved.series.rules, seed=None)
        return said

    async def ask_link(self, link: Prefs) -> None:
        """The address names another game than the one in progress: which to play?
        Esc keeps the game in progress (it loses nothing); either way the address
        then names the game on the table."""
        choice = await ask(
            t("ask.link.title"),
            t("ask.link.text", rules=describe(link.rules), saved=describe(self.playing_rules())),
            [Answer("keep", t("ask.link.keep")), Answer("start", t("ask.link.start"))],
            cancel="keep",
        )
        if choice == "start":
            self.prefs = replace(self.prefs, rules=link.rules)
            settings.PANEL.save_prefs(self.prefs)
            seed = link.seed if link.seed is not None else fresh_seed()
            self.replace_match(self._controller(self.prefs, seed))
        self.follow_address()

    def follow_address(self) -> None:
        """The address names the game in force
        (:meth:`~cardkit.ui_dom.prefs_store.PrefsStore.address_in_force`), with no
        reload and no history entry, so a reload continues this game."""
        browser.follow_query(lambda search: STORE.address_in_force(search, self.playing_rules()))

    def decides_first_screen(self) -> bool:
        """Not while a link's question waits: the game in progress is shown as it is;
        nor at the host's kept table with friends, whose guests' seats no computer
        plays before the table is back and their away wait has run out."""
        return self.link_prefs is None and page_storage().get(FRIENDS_HOST_KEY) is None

    def game_in_progress(self) -> bool:
        """Whether a new deal would throw away a game the human has played in."""
        if self.friends is not None and self.friends.at_table():
            return False  # leaving the table is asked instead (FriendsPage.leave_first)
        return self.ctrl.in_progress()

    def on_settings(self, prefs: Prefs, new_game: bool) -> None:
        """The settings' 【変更】 (after asking, if a game was in progress): new rules
        deal a new game; the level and the animation apply to this one at once.

        When the player chose to keep the game in progress (``new_game`` false with
        other rules), the rules chosen are dropped: the game on the table keeps its
        own, and they are what the settings show and save, what the next
        「新しいゲーム」 deals and what the address names (one game in force, never a
        choice shown that was not applied); choosing them again asks again."""
        if self.settings_at_table(prefs, new_game):
            return
        if not new_game and prefs.rules != self.playing_rules():
            prefs = replace(prefs, rules=self.playing_rules())
            settings.PANEL.save_prefs(prefs)
        self.prefs = prefs
        self.ctrl.level = prefs.level
        self.start_computers(prefs.level)  # a page opened at easy has not started it
        self.label_page()
        if new_game:
            self.new_match()
        else:
            self.rerender()

    def keep_own_rules(self, prefs: Prefs) -> None:
        """At a table with friends, what the settings apply without leaving it: the
        level, the animation, the language, never rules.  The preferences keep this
        page's own rules as they were (saved so too): a guest's are not the table's it
        was shown, and rules it chose then stayed for are not kept, so its next new
        game after the table deals its own."""
        prefs = replace(prefs, rules=self.prefs.rules)
        settings.PANEL.save_prefs(prefs)
        self.prefs = prefs
        self.ctrl.level = prefs.level  # the host's computers play the seats nobody took
        if self.friends.guest is None:
            self.start_computers(prefs.level)
        self.label_page()
        self.rerender()

    def playing_rules(self) -> TableRules:
        """The rules of the game on the table (the settings compare theirs with them);
        a guest's, its table's from the moment it is seated (the host's welcome says
        them), before the host's first view."""
        table = self.friends.guest_rules() if self.friends is not None else None
        rules: TableRules = table if table is not None else self.ctrl.rules
        return rules

    def new_match_clicked(self) -> None:
        """The menu's 「新しいゲーム」."""
        self.replace_asking(self.new_match)

    def replace_asking(self, deal: Callable[[], None]) -> None:
        """A menu button that replaces the match on the table (「新しいゲーム」,
        「みんなで1台」): asks first when a game is in progress (as the settings'
        【変更】 does); kept, nothing changes."""
        if self.game_in_progress():
            spawn(self._confirm_replace(deal))
        else:
            deal()

    async def _confirm_replace(self, deal: Callable[[], None]) -> None:
        if await confirm_new_game(t):
            deal()

    def new_match(self) -> None:
        self.replace_match(self._controller(self.prefs, fresh_seed()))
        self.follow_address()
        self.start_computers(self.prefs.level)  # (a page that was a guest's has not)

    def start_computers(self, level: str) -> None:
        """The computers' worker, for computers that play above ``easy`` (an ``easy``
        one decides on the page's thread); started once, asked again it does nothing."""
        if level != "easy":
            self.computers.connect()

    # ---- pass-and-play (cardkit.ui_dom.pass_play) ------------------------------------

    def mount_pass_play(self) -> None:
        """The menu's 「みんなで1台」: a new match of the game in force (every game of
        the family: its controller seats the people, :meth:`TurnLoop.seat_people`)
        where every seat is a person sharing this device (mounted once the page is
        ready: the first screen has none of it)."""
        add_option(t, "btn-pass-play", "btn.pass_play", "together.pass_play",
                   self.pass_play_clicked)
        self.show_pass_play()

    def show_pass_play(self) -> None:
        show_option("btn-pass-play", self.ctrl.handover is not None)

    def pass_play_clicked(self) -> None:
        """The people name themselves (the shell's names form), then the table."""
        if self.ctrl.handover is None:
            return

        def start(table: Seating) -> None:
            self.pass_names = table.names
            self.pass_table = table
            self.replace_asking(self.pass_play)

        rules = self.prefs.rules
        self.names_form().open(rules.players, start, player_counts(rules))

    def names_form(self) -> NamesForm:
        """The names of the people at pass-and-play, as they gave them (the page's storage)."""
        return NamesForm("durak", page_storage(), t, self.show_notices)

    def pass_play(self) -> None:
        # ``?seed=N`` reproduces a table of people too (the browser tests' mirror).
        table = self.pass_table
        if table is None:
            return
        if table.players != self.prefs.rules.players:
            # The form's size is the game's own player count from now on, as if chosen
            # in the settings (saved, and what the badge and the next game say).
            prefs = replace(self.prefs, rules=make_rules(self.prefs.rules, None,
                                                         {"players": table.players}))
            settings.PANEL.save_prefs(prefs)
            self.prefs = prefs
            self.label_page()
        seed = self.prefs.seed if self.prefs.seed is not None else fresh_seed()
        ctrl = self._controller(self.prefs, seed)
        if ctrl.handover is None:
            return
        ctrl.seat_people(table.people, self.pass_names)
        self.replace_match(ctrl)

    # ---- drawing -------------------------------------------------------------------

    def draw(self) -> None:
        self.kind.draw(self.ctrl)
        if self.friends is not None:
            self.friends.changed()
            if getattr(self.ctrl, "guest", False):
                BADGE.show(self.playing_rules(), language())  # its table's
                if self.hints is not None:  # its own seat's, asked of its own view
                    self.hints.decorate()
                return
        self.show_pass_play()
        BADGE.show(self.playing_rules(), language())
        self.offer_finish()
        if self.hints is not None:  # every kind's (its entry's ``hint`` side)
            self.hints.decorate()
        if not isinstance(self.ctrl, Controller):
            return
        if self.ready and self.ctrl.over:
            self.prepare_review()
        elif self.ready and not self.ctrl.game.talon:
            # The endgame: the worker (not started at ``easy``) boots now, so the review
            # at the end need not wait for its boot (2-9 s).
            self.computers.connect()

    def offer_finish(self) -> None:
        """"Finish the game" among the table's controls while the human is out and the
        game goes on (:meth:`TurnLoop.finish`: the rest at
        once, no animation; the end screen then shows the result)."""
        node = by_id("btn-finish")
        if not node:
            # Under the status line, outside the table the kinds redraw at every move:
            # the same button stays (a tap or the focus on it is never lost to a redraw).
            status = by_id("status")
            if not status:
                return
            node = el("button", "btn btn-finish", "", type="button", id="btn-finish")
            on(node, "click", lambda _e: spawn(self.ctrl.handle(FINISH_ACT)))
            status.after(node)
        node.textContent = t("btn.finish")
        node.hidden = not self.ctrl.finish_offered()

    def prepare_review(self) -> None:
        """At a game's end, its review starts in the worker at once (to be ready
        within 2 s of the last card), before the player asks for it; once a game."""
        if not isinstance(self.ctrl, Controller):
            return
        game = self.ctrl.game
        if game.result is None or self.reviewing is game:
            return
        self.reviewing = game
        from durak.ui_dom.review import review_view

        review_view.mount(self.computers)
        review_view.prepare_review(game, self.ctrl.record_starts(game), self.ctrl.reviewed(t))

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
        for node_id, word, shown in MENU_WORDS:
            node = by_id(node_id)
            if node:
                if shown:
                    node.hidden = False
                node.textContent = t(word)
        lang = by_id("btn-lang")
        if lang:
            lang.textContent = "English" if language() == "ja" else "日本語"
        settings.show_game_menu()
        if self.friends is not None:
            self.friends.label()
            self.friends.draw_panel()

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

    # ---- the review and shared games (durak.ui_dom.review.review_view, imported only when
    # first needed: the first screen never needs it) -------------------------------------

    def review_act(self, act: str) -> None:
        """The end screen's review and share buttons: the game just finished (a kind
        with a review of its own: that one)."""
        if act == "review" and self.kind.review is not None:
            self.kind.review(self.ctrl, self.computers)
            return
        games = self.finished_games()
        if not games:
            return
        game, number = games[-1]
        if act == "review":
            if isinstance(game, Game):
                self.review_one(game)
        elif isinstance(game, Game):
            self.share_one(game, "share-url", "copy-note")
        else:  # every game of the family: its kind's record
            self.share_one(self.ctrl.share(game, number), "share-url", "copy-note")

    def review_one(self, game: Game | dict[str, Any]) -> None:
        """The review of an ordinary :class:`Game`, or of another game of the family's
        JSON record (:func:`durak.ui_dom.record.family_share.review_record`)."""
        from durak.ui_dom.review import review_view

        review_view.mount(self.computers)  # the page's own worker, never a second one
        people = self.reviewed_people(game)
        if isinstance(game, Game):
            review_view.review_game(game, self._record_starts(game), people)
            return
        from durak.ui_dom.record import family_share

        family_share.review_record(game, self.computers, settings.PANEL.show_notices,
                                   t("share.no_play"), people)

    def reviewed_people(self, game: Game | dict[str, Any]) -> Any:
        """Whose decisions the review of ``game`` judges: a game of the table's
        series, its people's (at pass-and-play every person's, under their names:
        :meth:`TurnLoop.reviewed`); a game imported or opened from a link, the one
        player's (seat 0), as its record was made."""
        from cardkit.ui_dom.review_frame import LONE

        for g, number in self.finished_games():
            if g is game or (isinstance(game, dict) and not isinstance(g, Game)
                             and self.ctrl.share(g, number) == game):
                return self.ctrl.reviewed(t)
        return LONE

    def _record_starts(self, game: Game) -> Any:
        """The readings when ``game`` began, for its record and review (the ordinary
        game's match, the host's or, on a guest's page, as the host sent it; another
        kind's: nothing read)."""
        from durak.ai.reader import FRESH
        from durak.ui_dom.friends.guest_controller import GuestController

        ctrl = self.ctrl
        return ctrl.record_starts(game) if isinstance(ctrl, Controller | GuestController) \
            else (FRESH,)

    def share_one(self, game: Game | dict[str, Any], url_id: str, status_id: str) -> None:
        from durak.ui_dom.review import review_view

        number = next((n for g, n in self.finished_games() if g is game), None)
        if isinstance(game, Game) and number is not None:
            # A game of the table's match: its kind's record, with the match's seed.
            review_view.share_record(self.ctrl.share(game, number), url_id,
                                     status_id, settings.PANEL.show_notices)
        elif isinstance(game, Game):  # an imported one: its record as it came
            review_view.share_game(game, url_id, status_id, settings.PANEL.show_notices,
                                   self._record_starts(game))
        else:
            review_view.share_record(game, url_id, status_id, settings.PANEL.show_notices)

    def open_shared_game(self) -> None:
        """A ``#game=…`` link in the address: an ordinary game's review, another game
        of the family's record in words on the record screen, with its review (a bad
        link: a notice naming the field, and nothing replaced)."""
        from cardkit.ui_dom import share
        from durak.ui_dom.review import review_view

        review_view.mount(self.computers)
        share.open_game_link(self.open_link_text, lambda why: t("share.bad", error=why),
                             settings.PANEL.show_notices)

    def open_link_text(self, text: str) -> list[str]:
        """Show the game a link's record text holds (:func:`family_share.read_link`
        raises, naming the field, if it holds none)."""
        from durak.ui_dom.record import family_share
        from durak.ui_dom.review import review_view

        shared = family_share.read_link(text)
        if isinstance(shared.game, Game):
            review_view.open_review(text)  # today's links: the ordinary game's review
            return []
        from durak.stats import variant_of
        from durak.ui_dom.stats.stats_view import variant_label

        written = shared.kind.write(shared.game, shared.number)
        rules = shared.game.rules
        self.record.show_shared(replace(written, shared=shared.record),
                                variant_label(variant_of(rules), rules.players))
        return []

    def on_key(self, event: Any) -> bool:
        """Escape clears a selection (the arrows move within the hand, the pairs and
        the controls: :meth:`PageApp._on_key`)."""
        if str(event.key) == "Escape" and self.ctrl.selection():
            spawn(self.ctrl.handle("clear"))
            return True
        return False

    def switch_language(self, lang: str) -> None:
        self.prefs = replace(self.prefs, language=lang)
        settings.PANEL.save_language(lang, self.store)
        self.label_page()

    def open_rules(self) -> None:
        """The menu's 「ルール」: the rules page of the game on the table (imported at
        the first click, never on the way to the first decision)."""
        from durak.ui_dom.rules import rules_view

        rules_view.open_rules(self.playing_rules())  # the book opens on the game it names

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
            from durak.ui_dom.hint.hint_view import Hints

            self.hints = Hints(self, lambda ctrl: kind_of_ctrl(ctrl).hint(ctrl))
            self.rerender(focus_now=False)

    async def begin(self, held: HeldClicks) -> None:
        self.mount_hints()
        from cardkit.ui_dom.share import listen_for_links

        listen_for_links(self.open_shared_game)  # a link pasted into the open page
        if str(browser.window().location.hash).startswith("#game="):
            self.open_shared_game()
        joining = False
        try:
            # Before the computers' moves: a click on 「成績」 acts at once, not after
            # them (or after the worker's boot, which a strong computer may wait for).
            self.mount_stats()
            self.mount_pass_play()
            from durak.ui_dom.friends.friends_table import friends_page

            self.friends = friends_page(self)
            self.friends.mount()
            joining = self.friends.joining()
            if joining:  # a table's link: this page plays the host's game
                held.release()
                await self.friends.join()
                return
            held.release()
            if self.link_prefs is not None:
                link, self.link_prefs = self.link_prefs, None
                await self.ask_link(link)
            else:
                self.follow_address()
            await self.friends.resume()  # the host's table with friends, after a reload
            await self.ctrl.start()
        finally:
            held.release()
            browser.offer_install()
            # A guest's page plays no computer, whatever level its own settings name:
            # its worker starts for its first hint, or for its review once its game's
            # record is kept (cardkit.ui_dom.friends_guest.review_ahead), as Napoleon's.
            if not joining:
                self.start_computers(self.prefs.level)

    # ---- start-up --------------------------------------------------------------------

    def show_notices(self, notices: list[str]) -> None:
        settings.PANEL.show_notices(notices)

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


def describe(rules: TableRules) -> str:
    """A game's name and players, as the link's question names the two games."""
    return t("ask.link.rules", game=t(f"val.mode.{rules.mode}"), n=rules.players)


def main() -> None:
    """Draw the table from the preferences, mark the page ready, then play."""
    name_errors("durak")
    add_registered_words()
    prefs, notices = settings.PANEL.load_page_prefs(page_storage())
    open_page(App(prefs), notices)
