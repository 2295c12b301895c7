"""Durak's record screen (``#btn-record``, the ``#record`` dialog): every finished game
of the match, of whichever game of the family is on the table, in words (bout by
bout, pile by pile, step by step: :mod:`durak.ui_dom.record.family_words`), with its
machine form (the game's text record) and the key to its notation, to copy, and a
box to import a pasted record of any game of the family.

Only finished games are listed: a game in progress would show the computers' hands
(the record's deal and refills).  An imported record (text or JSON) is replayed and
checked by its own game's reader first (:func:`durak.ui_dom.record.family_share.read_record`);
a malformed one gives a notice, never a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardkit.ui_dom import browser
from cardkit.ui_dom.dialogs import is_open, open_dialog
from cardkit.ui_dom.nodes import by_id, el, on, proxy
from durak.game import Game
from durak.record_check import MAX_RECORD_CHARS
from durak.ui_dom.i18n import language, t
from durak.ui_dom.record.family_share import read_record
from durak.ui_dom.record.family_words import RecordReadError, Written


class RecordScreen:
    """The dialog's content: the games it lists and the one shown."""

    def __init__(self, games: Callable[[], list[tuple[Any, int]]],
                 write: Callable[[Any, int], Written],
                 notify: Callable[[list[str]], None],
                 review: Callable[[Any], None] | None = None,
                 share: Callable[[Any, str, str], None] | None = None) -> None:
        self.games = games  # the match's finished games, with their numbers
        self.write = write  # one of them in words and notation (the game kind's)
        self.notify = notify
        self.review = review  # opens a game's review (durak.ui_dom.review.review_view)
        self.share = share  # shows and copies a game's link into (#url, #status)
        self.imported: Written | None = None
        #: The imported game came from a shared link (its heading says so).
        self.from_link = False
        #: The shared game's name in the page's language (``山積み・2人``).
        self.shared_name = ""
        self.index = -1  # -1: the last finished game

    def shown(self) -> tuple[Written, int, bool] | None:
        if self.imported is not None:
            return self.imported, 1, True
        games = self.games()
        if not games:
            return None
        game, number = games[self.index if -len(games) <= self.index < len(games) else -1]
        return self.write(game, number), number, False

    def render(self) -> None:
        dialog = by_id("record")
        if not dialog:
            return
        dialog.replaceChildren()
        bar = el("div", "dialog-head")
        bar.append(el("h2", "", t("record.title"), id="record-title"))
        close = el("button", "btn", t("record.close"), type="button", id="record-close")
        on(close, "click", lambda _e: dialog.close())
        bar.append(close)
        dialog.append(bar)
        dialog.append(self._choice())
        shown = self.shown()
        if shown is None:
            dialog.append(el("p", "record-none", t("record.none"), id="record-none"))
        else:
            self._game(dialog, *shown)
        dialog.append(self._import_box())

    def _choice(self) -> Any:
        games = self.games()
        box = el("p", "record-choice")
        if len(games) < 2 or self.imported is not None:
            return box
        label = el("label", "", t("record.choose"), for_="record-game")
        select = el("select", "", None, id="record-game")
        for i, (_game, number) in enumerate(games):
            option = el("option", "", t("record.game", n=number), value=str(i))
            if i == self.index % len(games):
                option.selected = True
            select.append(option)
        on(select, "change", self._on_game)
        box.append(label)
        box.append(select)
        return box

    def _game(self, dialog: Any, written: Written, number: int, imported: bool) -> None:
        heading = (t("record.shared", name=self.shared_name) if self.from_link
                   else t("record.imported")) if imported else t("record.game", n=number)
        dialog.append(el("h3", "", heading))
        target = written.review if written.review is not None else written.shared
        # A shared game: whose "You" it is, then its review and link before its words
        # (on a phone the words run several screens; the review is what a link is for).
        early = imported and self.from_link and target is not None
        if early and target is not None:
            dialog.append(el("p", "record-shared-note", t("record.shared_you"),
                             id="record-shared-note"))
            self._review_buttons(dialog, target)
            dialog.append(el("p", "copy-note", "", id="record-status", aria_live="polite"))
        listing = el("ul", "record-words", None, id="record-words", lang=language())
        listing.setAttribute("aria-label", t("record.words"))
        for kind, line in written.lines:
            listing.append(el("li", f"words-{kind}", line))
        dialog.append(listing)
        dialog.append(el("h3", "", t("record.machine")))
        dialog.append(el("pre", "record", written.notation, id="record-text", tabindex="0",
                         lang="en", aria_label=t("record.machine")))
        key = el("details", "notation-key", None, id="record-key")
        key.append(el("summary", "", t("record.key.title")))
        key.append(el("p", "", t(written.key)))
        dialog.append(key)
        copy = el("button", "btn", t("record.copy"), type="button", id="record-copy")
        on(copy, "click", lambda _e: self._copy())
        dialog.append(copy)
        if early:
            return
        if target is not None:
            self._review_buttons(dialog, target)
        dialog.append(el("p", "copy-note", "", id="record-status", aria_live="polite"))

    def _review_buttons(self, dialog: Any, game: Game | dict[str, Any]) -> None:
        """The game's review and its link, for a finished game (an ordinary
        :class:`Game`, or another game of the family's JSON record)."""
        if isinstance(game, Game) and game.result is None:
            return
        review, share = self.review, self.share
        if review is not None:
            b = el("button", "btn", t("btn.review"), type="button", id="record-review")

            def open_review(_e: Any) -> None:
                dialog.close()
                review(game)

            on(b, "click", open_review)
            dialog.append(b)
        if share is not None:
            b = el("button", "btn", t("btn.share_game"), type="button", id="record-share")
            on(b, "click", lambda _e: share(game, "record-share-url", "record-status"))
            dialog.append(b)
            dialog.append(el("input", "record-share-url", None, id="record-share-url", type="text",
                             readonly=True, hidden=True, aria_label=t("share.link")))

    def _import_box(self) -> Any:
        box = el("section", "record-import", None, id="record-import")
        box.append(el("h3", "", t("record.import")))
        paste = el("textarea", "record-paste", None, id="record-paste", rows=4,
                   placeholder=t("record.import_placeholder"))
        paste.setAttribute("aria-label", t("record.import_placeholder"))
        box.append(paste)
        load = el("button", "btn", t("record.import_paste"), type="button", id="record-load")
        on(load, "click", lambda _e: self.notify(self.import_text(str(paste.value))))
        box.append(load)
        return box

    # ---- events -------------------------------------------------------------------

    def import_text(self, text: str) -> list[str]:
        """Replay a pasted record of any game of the family (JSON if it starts with ``{``,
        else the text form) and show it; the notices of what went wrong (none if it
        worked)."""
        if len(text) > MAX_RECORD_CHARS:
            return [t("record.import_error", error=f"{len(text):,} characters is too long")]
        try:
            written = read_record(text)
        except RecordReadError as e:
            return [t("record.import_error", error=str(e)[:300])]
        self.imported = written
        self.from_link = False
        self.render()
        return []

    def show_shared(self, written: Written, name: str) -> None:
        """Open the screen on a game a shared link carried (read and checked already:
        :func:`durak.ui_dom.record.family_share.read_link`), headed with its ``name``."""
        self.imported = written
        self.from_link = True
        self.shared_name = name
        self.render()
        if not is_open("record"):
            open_dialog("record", "record-close")

    def _on_game(self, event: Any) -> None:
        self.index = int(event.target.value)
        self.render()

    def _copy(self) -> None:
        node = by_id("record-text")
        status = by_id("record-status")
        if not node or not status:
            return

        def said(key: str) -> Callable[[Any], None]:
            def show(_result: Any) -> None:
                status.textContent = t(key)
            return show

        clipboard = getattr(browser.window().navigator, "clipboard", None)
        if clipboard is None:
            said("record.copy_failed")(None)
            return
        clipboard.writeText(str(node.textContent)).then(
            proxy(said("record.copied")), proxy(said("record.copy_failed")))

    def open(self) -> None:
        """Open the screen on the last finished game (an import is forgotten)."""
        self.imported = None
        self.from_link = False
        self.index = -1
        self.render()
        if not is_open("record"):
            open_dialog("record", "record-close")


__all__ = ["RecordScreen"]
