"""The statistics dialog (成績, issue 13) and the statistics' storage.

The counting is :mod:`napoleon.stats` (pure); here the tallies are read from
and written to localStorage (key :data:`STATS_KEY`, scoped to the site like
every entry, :mod:`napoleon.ui_dom.storage`), each scored game is counted
(:func:`count_scored`, called by the controller at NEXT after a result), and
the dialog shows one preset's tally, with a reset button (which asks first)
and a JSON export.

A stored entry that cannot be read is moved aside to ``napoleon.stats.corrupt``
with a notice (once, when first read), and counting starts afresh: it never
breaks the page.  The dialog is drawn only when opened, and the module is
imported only once the menu is mounted (after the human's first decision) or
a game is scored, so the page's start does no work for it.
"""

from __future__ import annotations

from typing import Any, Final
from urllib.parse import quote

from cardkit.saved_entry import load_saved
from cardkit.ui_dom.tasks import spawn
from napoleon.match import Match
from napoleon.stats import Stats, StatsError, Tally, count_game, decode_stats, encode_stats
from napoleon.ui_dom.ask import Answer, ask
from napoleon.ui_dom.controller import HUMAN
from napoleon.ui_dom.dialogs import close_dialog, is_open, open_dialog
from napoleon.ui_dom.i18n import t
from napoleon.ui_dom.nodes import by_id, el, on
from napoleon.ui_dom.settings import show_notices
from napoleon.ui_dom.storage import Storage, page_storage

STATS_KEY: Final = "napoleon.stats"
DIALOG_ID: Final = "stats"

_stats: Stats | None = None
_storage: Storage | None = None
#: The preset the dialog shows (the current match's when it opens).
_shown = ""
_preset_of: Any = None
#: Whether :func:`mount_stats` ran (the page's DOM is there); notices wait until then.
_mounted = False
_pending: list[str] = []


def _store() -> Storage:
    return _storage if _storage is not None else page_storage()


def use_storage(storage: Storage | None) -> None:
    """Tests: read and write ``storage`` instead of the page's (forgets what was read)."""
    global _storage, _stats
    _storage, _stats = storage, None


def load_stats() -> tuple[Stats, list[str]]:
    """The statistics (read once) and the notices about a corrupt stored entry."""
    global _stats
    if _stats is not None:
        return _stats, []
    loaded = load_saved(_store(), STATS_KEY, decode_stats, (StatsError,))
    notices: list[str] = []
    stats = loaded.value if loaded.value is not None else Stats()
    if loaded.error is not None:
        notices.append(t("stats.corrupt", error=loaded.why, backup=loaded.backup))
    _stats = stats
    return stats, notices


def _notify(notices: list[str]) -> None:
    _pending.extend(notices)
    if _pending and _mounted:
        show_notices(_pending[:])
        _pending.clear()


def preset_key(match: Match) -> str:
    return match.rules.preset_name() or "custom"


def count_scored(match: Match, match_seed: int) -> None:
    """Count the match's game that ended last, as soon as it ends: its result screen
    already shows it in the statistics (issue 35: not only once NEXT is pressed).
    The same game is never counted twice (its id: match seed, number and deal)."""
    number = len(match.games) if match.game.result is not None else len(match.results)
    result = match.games[number - 1].result if number else None
    if result is None:
        return
    stats, notices = load_stats()
    _notify(notices)
    game_id = f"{match_seed}:{number}:{match.seeds[number - 1]}"
    undos = match.undos[number - 1] if number <= len(match.undos) else 0
    if count_game(stats, preset_key(match), result, HUMAN, game_id, undos):
        _store().set(STATS_KEY, encode_stats(stats))
    if _mounted and is_open(DIALOG_ID):
        render_stats()


# ---- the dialog ----------------------------------------------------------------------


def _button(text: str, node_id: str, handler: Any, cls: str = "btn") -> Any:
    node = el("button", cls, text, type="button", id=node_id)
    on(node, "click", handler)
    return node


def _percent(part: int, whole: int) -> str:
    return f"{part}/{whole} ({round(100 * part / whole)}%)" if whole else "—"


def _rows(tally: Tally) -> list[list[str]]:
    """``[key, label, value]`` per line (the key is ``data-key``: tests find lines by it)."""
    return [
        ["games", t("stats.games"), str(tally.games)],
        ["wins", t("stats.wins"), _percent(tally.wins, tally.games)],
        ["napoleon", t("stats.napoleon"), _percent(tally.napoleon_wins, tally.napoleon_games)],
        ["adjutant", t("stats.adjutant"), _percent(tally.adjutant_wins, tally.adjutant_games)],
        ["ally", t("stats.ally"), _percent(tally.ally_wins, tally.ally_games)],
        ["average", t("stats.average"), f"{tally.average:+.2f}" if tally.games else "—"],
        ["points", t("stats.points"), f"{tally.points:+d}"],
        ["triumphs", t("stats.triumphs"), str(tally.triumphs)],
        ["siberia", t("stats.siberia"), str(tally.siberia)],
        ["undo", t("stats.undo_games"), str(tally.undo_games)],
    ]


def _table(rows: list[list[str]], head: list[str], node_id: str, caption: str) -> Any:
    table = el("table", "stats-table", None, id=node_id)
    table.append(el("caption", "", caption))
    tr = el("tr")
    for text in head:
        tr.append(el("th", "", text, scope="col"))
    table.append(tr)
    for row in rows:
        line = el("tr", "", None, data_key=row[0])
        line.append(el("th", "", row[1], scope="row"))
        for cell in row[2:]:
            line.append(el("td", "", cell))
        table.append(line)
    return table


def _body(stats: Stats) -> list[Any]:
    names = sorted(stats.presets)
    if not names:
        return [el("p", "stats-none", t("stats.none"), id="stats-none")]
    shown = _shown if _shown in stats.presets else names[0]
    out: list[Any] = []
    bar = el("div", "stats-bar")
    select = el("select", "", None, id="stats-preset")
    for name in names:
        select.append(el("option", "", _preset_label(name), value=name))
    select.value = shown
    on(select, "change", _on_preset)
    bar.append(el("label", "", t("stats.preset"), for_="stats-preset"))
    bar.append(select)
    out.append(bar)
    tally = stats.presets[shown]
    out.append(_table(_rows(tally), [t("stats.item"), t("stats.value")], "stats-summary",
                      t("stats.summary", preset=_preset_label(shown))))
    bids = sorted(tally.bids.items(), key=lambda kv: int(kv[0]))
    if bids:
        brows = [[bid, bid, _percent(made, played)] for bid, (made, played) in bids]
        out.append(_table(brows, [t("stats.bid"), t("stats.made")], "stats-bids",
                          t("stats.bids")))
    return out


def _preset_label(name: str) -> str:
    return t(f"preset.{name}")


def render_stats() -> None:
    panel = by_id(DIALOG_ID)
    if not panel:
        return
    stats, notices = load_stats()
    _notify(notices)
    head = el("div", "dialog-head")
    head.append(el("h2", "stats-title", t("stats.title"), id="stats-title"))
    head.append(_button(t("stats.close"), "stats-close", lambda _e: close_dialog(DIALOG_ID)))
    tools = el("div", "stats-bar")
    export = el("a", "btn", t("stats.export"), id="stats-export", download="napoleon-stats.json")
    export.setAttribute("href", "data:application/json;charset=utf-8," + quote(
        encode_stats(stats)))
    tools.append(export)
    reset = _button(t("stats.reset"), "stats-reset", _on_reset)
    reset.disabled = not stats.presets
    tools.append(reset)
    tools.append(el("span", "stats-status", "", id="stats-status", role="status"))
    panel.replaceChildren(head, *_body(stats), tools)


def _on_preset(event: Any) -> None:
    global _shown
    _shown = str(event.target.value)
    render_stats()
    again = by_id("stats-preset")
    if again:
        again.focus()


def _on_reset(_event: Any) -> None:
    spawn(_reset())


async def _reset() -> None:
    """Ask first: the statistics of every preset are lost."""
    global _stats
    choice = await ask(
        t("stats.reset_title"),
        t("stats.reset_text"),
        [Answer("keep", t("stats.reset_no")), Answer("reset", t("stats.reset_yes"), True)],
        cancel="keep",
    )
    if choice != "reset":
        return
    _stats = Stats()
    _store().remove(STATS_KEY)
    render_stats()
    status = by_id("stats-status")
    if status:
        status.textContent = t("stats.reset_done")
    close = by_id("stats-close")
    if close:
        close.focus()


def open_stats(_event: Any = None) -> None:
    """Open the dialog on the current match's preset (or close it if open)."""
    global _shown
    if is_open(DIALOG_ID):
        close_dialog(DIALOG_ID)
        return
    if _preset_of is not None:
        _shown = str(_preset_of())
    render_stats()
    open_dialog(DIALOG_ID, "stats-close")


def mount_stats(preset_of: Any) -> None:
    """Wire ``#btn-stats``; ``preset_of()`` names the current match's preset.  A corrupt
    stored entry is reported now (set aside), not when the player first opens it."""
    global _preset_of, _mounted
    _preset_of = preset_of
    _mounted = True
    button = by_id("btn-stats")
    if button:
        on(button, "click", open_stats)
    _notify(load_stats()[1])


__all__ = [
    "STATS_KEY", "count_scored", "load_stats", "mount_stats", "open_stats", "preset_key",
    "render_stats", "use_storage",
]
