"""The page shell's statistics frame (成績): storage, counting's lifecycle, the dialog.

A game plugs in only what is its own, as one :class:`StatsBook`: how its
statistics are decoded, encoded and started afresh, which tallies the dialog
offers (:attr:`StatsBook.choices`) and the tables one of them shows
(:attr:`StatsBook.tables`, plain :class:`StatsTable` data).  The frame does
the rest, the same for every game:

* **storage**: the statistics are read once from the page's storage (the
  site's path-scoped localStorage, :func:`cardkit.ui_dom.storage.page_storage`)
  under the key the game names; an entry that cannot be read is moved aside to
  ``<key>.corrupt`` (:func:`cardkit.saved_entry.load_saved`) with a visible
  notice — never a crash — and counting starts afresh;
* **counting** (:meth:`StatsFrame.count`): the game calls it when a game ENDS
  (its last move: the end screen already shows it counted), with a
  function that updates the statistics and says whether anything changed; the
  frame writes them and redraws the dialog if it is open;
* **the dialog** (``<dialog id="stats">`` in ``index.html``, labelled by its
  heading, opened from the menu's ``#btn-stats``): a choice of which tally to
  show (the current match's when it opens), the tables with captions and row
  and column headers, a JSON export (when the game names a file), and reset,
  which asks first (:func:`cardkit.ui_dom.ask.ask`; Esc keeps them).  The focus
  starts on 「閉じる」 and returns to the menu button on close
  (:mod:`cardkit.ui_dom.dialogs`).

Notices found before the page's DOM is mounted wait until :meth:`StatsFrame.mount`.
Its words are :mod:`cardkit.ui_dom.strings_stats` (a game's translator merges them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar
from urllib.parse import quote

from cardkit.saved_entry import load_saved
from cardkit.ui_dom.ask import Answer, ask
from cardkit.ui_dom.dialogs import close_dialog, is_open, open_dialog
from cardkit.ui_dom.nodes import by_id, el, on
from cardkit.ui_dom.page_reset import on_reset
from cardkit.ui_dom.storage import Storage, page_storage
from cardkit.ui_dom.tasks import spawn

S = TypeVar("S")

#: The dialog's id in ``index.html`` and its parts' ids (tests find them).
DIALOG_ID = "stats"
CHOICE_ID = "stats-preset"
CLOSE_ID = "stats-close"
NONE_ID = "stats-none"
EXPORT_ID = "stats-export"
RESET_ID = "stats-reset"
STATUS_ID = "stats-status"


@dataclass(frozen=True)
class StatsTable:
    """One table of the dialog: ``rows`` are ``(key, label, value, …)``; the key
    becomes the line's ``data-key`` (tests find lines by it), the label its row header."""

    node_id: str
    caption: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    @classmethod
    def summary(cls, caption: str, rows: Iterable[Sequence[str]],
                t: Callable[..., str]) -> StatsTable:
        """A tally's summary, the table each game's dialog shows first
        (``#stats-summary``): its lines ``(key, item, value)`` under the shell's heads."""
        return cls("stats-summary", caption, (t("stats.item"), t("stats.value")),
                   tuple(tuple(row) for row in rows))


@dataclass(frozen=True)
class StatsBook(Generic[S]):
    """What a game plugs into the frame."""

    #: The storage key (bare: the page's storage puts the site's path in front).
    key: str
    decode: Callable[[str], S]
    encode: Callable[[S], str]
    #: Statistics with nothing counted (a first visit, a reset, a corrupt entry).
    fresh: Callable[[], S]
    #: The decoder's own errors (their messages are shown in the notice).
    errors: tuple[type[Exception], ...]
    #: The tallies the dialog offers, ``(value, label)`` in the order shown; none:
    #: the dialog says nothing was counted yet.
    choices: Callable[[S], list[tuple[str, str]]]
    #: The tables of one choice's tally.
    tables: Callable[[S, str], list[StatsTable]]
    #: The game's translation function (knows :mod:`cardkit.ui_dom.strings_stats`).
    t: Callable[..., str]
    #: Shows notices at the top of the page (the game's settings panel's).
    notify: Callable[[list[str]], None]
    #: The export's file name; ``""``: no export.
    export_name: str = ""


class StatsFrame(Generic[S]):
    """One game's statistics on the page (module docs)."""

    def __init__(self, book: StatsBook[S]) -> None:
        self.book = book
        self.forget()
        on_reset(self.forget)  # (a page's frame: what it read is the table's)

    def forget(self) -> None:
        """Nothing read, nothing mounted (a new frame, or the page started afresh in
        place: :mod:`cardkit.ui_dom.page_reset`)."""
        self._storage: Storage | None = None
        self._stats: S | None = None
        #: The choice the dialog shows (the current match's when it opens).
        self.shown = ""
        self._current: Callable[[], str] | None = None
        #: Whether :meth:`mount` ran (the page's DOM is there); notices wait until then.
        self.mounted = False
        self._pending: list[str] = []

    # ---- storage -------------------------------------------------------------------

    def store(self) -> Storage:
        return self._storage if self._storage is not None else page_storage()

    def use_storage(self, storage: Storage | None) -> None:
        """Tests: read and write ``storage`` instead of the page's (forgets what was read)."""
        self._storage, self._stats = storage, None

    def load(self) -> tuple[S, list[str]]:
        """The statistics (read once) and the notices about a corrupt stored entry."""
        if self._stats is not None:
            return self._stats, []
        book = self.book
        loaded = load_saved(self.store(), book.key, book.decode, book.errors)
        notices: list[str] = []
        if loaded.error is not None:
            notices.append(book.t("stats.corrupt", error=loaded.why, backup=loaded.backup))
        stats = loaded.value if loaded.value is not None else book.fresh()
        self._stats = stats
        return stats, notices

    def notify(self, notices: list[str]) -> None:
        self._pending.extend(notices)
        if self._pending and self.mounted:
            self.book.notify(self._pending[:])
            self._pending.clear()

    def count(self, update: Callable[[S], bool]) -> bool:
        """Count something (a game that ended, a hint, an undo): ``update`` changes the
        statistics and says whether it did; they are then written and the dialog, if
        open, redrawn.  Returns what ``update`` returned."""
        stats, notices = self.load()
        self.notify(notices)
        if not update(stats):
            return False
        self.store().set(self.book.key, self.book.encode(stats))
        if self.mounted and is_open(DIALOG_ID):
            self.render()
        return True

    # ---- the dialog --------------------------------------------------------------------

    def mount(self, current: Callable[[], str]) -> None:
        """Wire ``#btn-stats``; ``current()`` names the current match's choice.  A corrupt
        stored entry is reported now (set aside), not when the player first opens it."""
        self._current = current
        self.mounted = True
        button = by_id("btn-stats")
        if button:
            on(button, "click", self.open)
        self.notify(self.load()[1])

    def open(self, _event: Any = None) -> None:
        """Open the dialog on the current match's tally (or close it if open)."""
        if is_open(DIALOG_ID):
            close_dialog(DIALOG_ID)
            return
        if self._current is not None:
            self.shown = self._current()
        self.render()
        open_dialog(DIALOG_ID, CLOSE_ID)

    def render(self) -> None:
        panel = by_id(DIALOG_ID)
        if not panel:
            return
        stats, notices = self.load()
        self.notify(notices)
        t = self.book.t
        head = el("div", "dialog-head")
        head.append(el("h2", "stats-title", t("stats.title"), id="stats-title"))
        head.append(_button(t("stats.close"), CLOSE_ID, lambda _e: close_dialog(DIALOG_ID)))
        choices = self.book.choices(stats)
        tools = el("div", "stats-bar")
        if self.book.export_name:
            export = el("a", "btn", t("stats.export"), id=EXPORT_ID,
                        download=self.book.export_name)
            export.setAttribute("href", "data:application/json;charset=utf-8," + quote(
                self.book.encode(stats)))
            tools.append(export)
        reset = _button(t("stats.reset"), RESET_ID, lambda _e: spawn(self.reset()))
        reset.disabled = not choices
        tools.append(reset)
        tools.append(el("span", "stats-status", "", id=STATUS_ID, role="status"))
        panel.replaceChildren(head, *self._body(stats, choices), tools)

    def _body(self, stats: S, choices: list[tuple[str, str]]) -> list[Any]:
        t = self.book.t
        if not choices:
            return [el("p", "stats-none", t("stats.none"), id=NONE_ID)]
        values = [value for value, _label in choices]
        shown = self.shown if self.shown in values else values[0]
        bar = el("div", "stats-bar")
        select = el("select", "", None, id=CHOICE_ID)
        for value, label in choices:
            select.append(el("option", "", label, value=value))
        select.value = shown
        on(select, "change", self._on_choice)
        bar.append(el("label", "", t("stats.choice"), for_=CHOICE_ID))
        bar.append(select)
        return [bar, *(_table(table) for table in self.book.tables(stats, shown))]

    def _on_choice(self, event: Any) -> None:
        self.shown = str(event.target.value)
        self.render()
        again = by_id(CHOICE_ID)
        if again:
            again.focus()

    async def reset(self) -> None:
        """Ask first: the statistics of every tally are lost."""
        t = self.book.t
        choice = await ask(
            t("stats.reset_title"),
            t("stats.reset_text"),
            [Answer("keep", t("stats.reset_no")), Answer("reset", t("stats.reset_yes"))],
            cancel="keep",
        )
        if choice != "reset":
            return
        self._stats = self.book.fresh()
        self.store().remove(self.book.key)
        self.render()
        status = by_id(STATUS_ID)
        if status:
            status.textContent = t("stats.reset_done")
        close = by_id(CLOSE_ID)
        if close:
            close.focus()


def _button(text: str, node_id: str, handler: Callable[[Any], None]) -> Any:
    node = el("button", "btn", text, type="button", id=node_id)
    on(node, "click", handler)
    return node


def _table(table: StatsTable) -> Any:
    node = el("table", "stats-table", None, id=table.node_id)
    node.append(el("caption", "", table.caption))
    tr = el("tr")
    for text in table.head:
        tr.append(el("th", "", text, scope="col"))
    node.append(tr)
    for row in table.rows:
        line = el("tr", "", None, data_key=row[0])
        line.append(el("th", "", row[1], scope="row"))
        for cell in row[2:]:
            line.append(el("td", "", cell))
        node.append(line)
    return node


def percent(part: int, whole: int) -> str:
    """``part`` of ``whole`` with its share, or a dash before any.

    >>> percent(1, 3), percent(0, 0)
    ('1/3 (33%)', '—')
    """
    return f"{part}/{whole} ({round(100 * part / whole)}%)" if whole else "—"


__all__ = ["DIALOG_ID", "StatsBook", "StatsFrame", "StatsTable", "percent"]
