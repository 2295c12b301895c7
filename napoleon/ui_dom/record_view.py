"""The game record (譜) screen: text, copy, JSON export/import, trick-by-trick replay.

The engine writes the record (:mod:`napoleon.record`): the 譜 text goes into a
``<pre>`` through ``textContent``, the JSON record is offered as a download and
in a text area, and a JSON record pasted or loaded from a file is replayed by
the engine (:func:`napoleon.record.replay_game`), which refuses anything that
does not replay exactly.  An imported record is untrusted: its only way onto
the page is text the engine wrote from the replayed game, or an error message
shown through ``textContent``.

The replay steps are the states of the game before the first trick and after
each trick: every seat's card in that trick (with the 譜 marks), its honor
count and the cards it still holds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

from cardkit.ui_dom import browser
from cardkit.ui_dom.dialogs import close_dialog, is_open, open_dialog
from cardkit.ui_dom.nodes import by_id, el, on, proxy
from cardkit.ui_dom.page_reset import on_reset
from cardkit.ui_dom.pass_play import Handover, reviewed
from napoleon.cards import count, sorted_cards
from napoleon.game import Game, Phase
from napoleon.match import Match
from napoleon.record import (
    GAME_FORMAT,
    MATCH_FORMAT,
    RecordError,
    Symbols,
    game_record,
    load_record,
    record_card,
    record_undos,
    replay_game,
    replay_match,
    to_json,
)
from napoleon.record_check import MAX_RECORD_CHARS
from napoleon.record_text import text_record
from napoleon.ui_dom.i18n import t
from napoleon.ui_dom.prefs import Prefs
from napoleon.ui_dom.record_words import (
    marks_key_el,
    record_lang,
    record_text_el,
    seat_names,
    symbols_for,
    symbols_of_style,
)
from napoleon.ui_dom.settings import PANEL


@dataclass
class Replay:
    """The states of one game to step through: before trick 1, after each trick."""

    steps: list[Game]

    @staticmethod
    def of(game: Game) -> Replay:
        """Replay ``game`` from its JSON record and keep a copy at every step."""
        start = Game.from_deal(
            game.rules, game.deals[0], game.first_bidder, more_deals=game.deals[1:]
        )
        steps: list[Game] = []
        tricks = 0
        for _seat, action in game.actions():
            start.apply(action)
            if start.phase is Phase.PLAY and not steps and not start.trick:
                steps.append(start.clone())
            if len(start.tricks) > tricks:
                tricks = len(start.tricks)
                steps.append(start.clone())
        if not steps:
            steps.append(start.clone())
        return Replay(steps)


@dataclass
class RecordState:
    """What the record screen shows."""

    games: list[Game] = field(default_factory=list)
    #: Decisions taken back in each game (undo), parallel to ``games``.
    undos: list[int] = field(default_factory=list)
    index: int = 0
    step: int = 0
    symbols: Symbols = "record"
    imported: bool = False
    #: The game came from a shared link (``#game=…``), not from the match.
    shared: bool = False
    export: dict[str, Any] | None = None
    replays: dict[int, Replay] = field(default_factory=dict)
    #: The seats' names (by the number of seats), where they are not this page's own
    #: match's ("You" and the computers): a guest's at a table with friends, the
    #: people's at pass-and-play.
    names: Callable[[int], list[str]] | None = None
    #: Whose decisions the review of a game shown judges (seat, name): this page's
    #: match's people at pass-and-play, each under their name; else seat 0's.
    people: tuple[tuple[int, str], ...] = ((0, ""),)

    def replay(self) -> Replay:
        if self.index not in self.replays:
            self.replays[self.index] = Replay.of(self.games[self.index])
        return self.replays[self.index]


_state = RecordState()


@on_reset
def _forget() -> None:
    global _state
    _state = RecordState()


def show_record(
    game: Game, prefs: Prefs, match: Match | None = None, open_panel: bool = True,
    people: Handover | None = None,
) -> None:
    """Show the 譜 of ``game`` (and, with ``match``, of every finished game of the match).

    Only finished games are shown or exported: the record of a game in
    progress would show the other hands and the kitty.  At pass-and-play
    (``people``) the seats are named as the table names them, each person by
    their name (:func:`~napoleon.ui_dom.record_words.seat_names`).
    """
    pool = list(match.games) if match is not None else [game]
    counts = list(match.undos) if match is not None else [0]
    finished = [(g, u) for g, u in zip(pool, counts, strict=True) if g.result is not None]
    games = [g for g, _ in finished]
    index = next((i for i, g in enumerate(games) if g is game), len(games) - 1)
    _state.games = games
    _state.undos = [u for _, u in finished]
    _state.index = max(index, 0)
    _state.step = 0
    _state.symbols = symbols_for(prefs)
    _state.imported = False
    _state.shared = False
    _state.export = canonical_record(games, match is not None, _state.undos) if games else None
    _state.replays = {}
    _state.names = (lambda n: seat_names(n, people)) if people is not None \
        and people.active else None
    _state.people = reviewed(people, t)
    render_record()
    if open_panel:
        _panel_open(True)


def show_games(games: list[Game], names: Callable[[int], list[str]],
               open_panel: bool = True, seat: int = 0) -> None:
    """A guest's record at a table with friends: the match's finished games (the
    records the host sent, replayed), the seats named as its table names them; their
    review judges the guest's own ``seat`` ("you"), never the host's."""
    _state.games = list(games)
    _state.undos = [0] * len(games)
    _state.index = len(games) - 1
    _state.step = 0
    _state.symbols = symbols_for(PANEL.current_prefs())
    _state.imported = False
    _state.shared = False
    _state.export = canonical_record(_state.games, len(games) > 1, _state.undos)
    _state.replays = {}
    _state.names = names
    _state.people = reviewed(None, t, guest=seat)
    render_record()
    if open_panel:
        _panel_open(True)


def show_shared(game: Game, undos: int) -> None:
    """A shared game (a ``#game=…`` link, opened in the review): the record screen
    shows it, closed, so it can be browsed there (its 譜 and trick-by-trick replay)
    once the review is closed.  A game of the match finished later takes its place,
    as any finished game does (:func:`show_record`)."""
    _state.games = [game]
    _state.undos = [undos]
    _state.index = 0
    _state.step = 0
    _state.symbols = symbols_for(PANEL.current_prefs())
    _state.imported = False
    _state.shared = True
    _state.export = canonical_record([game], False, [undos])
    _state.replays = {}
    _state.names = None
    _state.people = ((0, ""),)
    render_record()


def read_record(text: str) -> tuple[list[Game], dict[str, Any]]:
    """:func:`read_record_undos` without the undo counts."""
    games, rec, _undos = read_record_undos(text)
    return games, rec


def read_record_undos(text: str) -> tuple[list[Game], dict[str, Any], list[int]]:
    """Replay a JSON record (a game or a match): its games and its canonical record.

    Untrusted input: the engine bounds its size and nesting before parsing and
    checks every field before replaying (:mod:`napoleon.record_check`); anything
    wrong is a :class:`RecordError` naming the field.  The 譜 of each game is
    written once here, before the screen takes the games, so a record the
    screen could not show is refused too (an imported ``first_bidder`` of 5
    would otherwise leave the record screen broken until a reload).
    """
    rec = load_record(text)
    fmt = rec.get("format")
    if fmt == GAME_FORMAT:
        games = [replay_game(rec)]
        undos = [record_undos(rec)]
    elif fmt == MATCH_FORMAT:
        games = replay_match(rec)
        if not games:
            raise RecordError("the match record holds no game")
        undos = [record_undos(g) for g in rec["games"]]
    else:
        raise RecordError(f"not a record of this game (format {str(fmt)[:40]!r})")
    for g, u in zip(games, undos, strict=True):
        text_record(g, seat_names(g.n), "record", record_lang(), u)
    return games, canonical_record(games, fmt == MATCH_FORMAT, undos), undos


def canonical_record(
    games: list[Game], as_match: bool, undos: list[int] | None = None
) -> dict[str, Any]:
    """The record the engine writes for ``games`` (an import's extra keys are dropped;
    ``undos``, the take-backs of each game, are kept)."""
    counts = undos if undos is not None else [0] * len(games)
    if not as_match:
        return game_record(games[0], counts[0])
    totals = [0] * games[0].n
    for g in games:
        if g.result is not None:
            for s, p in enumerate(g.result.points):
                totals[s] += p
    return {
        "format": MATCH_FORMAT,
        "rules": games[0].rules.to_text(),
        "games": [game_record(g, u) for g, u in zip(games, counts, strict=True)],
        "totals": totals,
    }


def import_text(text: str) -> list[str]:
    """Replay a JSON record and show it; returns the error notices (none if it worked)."""
    try:
        games, rec, undos = read_record_undos(text)
    except RecordError as e:
        return [t("record.import_error", error=str(e)[:300])]
    _state.games = games
    _state.undos = undos
    _state.index = 0
    _state.step = 0
    _state.symbols = symbols_for(PANEL.current_prefs())
    _state.imported = True
    _state.shared = False
    _state.export = rec
    _state.replays = {}
    _state.names = None
    _state.people = ((0, ""),)
    render_record()
    _panel_open(True)
    return []


# ---- drawing -----------------------------------------------------------------------


def _panel_open(opened: bool) -> None:
    """Open or close the record screen, a modal ``<dialog>`` (:mod:`dialogs`)."""
    if opened:
        open_dialog("record", "record-close")
    else:
        close_dialog("record")


def _button(text: str, node_id: str, handler: Any) -> Any:
    node = el("button", "btn", text, type="button", id=node_id)
    on(node, "click", handler)
    return node


def _trick_table(game: Game, names: list[str], symbols: Symbols) -> Any:
    """Every seat's card in the last finished trick (marked), honors and cards left."""
    table = el("table", "record-trick", None, id="record-trick")
    head = el("tr")
    for key in ("record.seat", "record.card", "record.honors", "record.hand"):
        head.append(el("th", "", t(key), scope="col"))
    table.append(head)
    last = game.tricks[-1] if game.tricks else None
    cards: dict[int, str] = {}
    if last is not None:
        for i, c in enumerate(last.cards):
            seat = last.seat_of(i, game.n)
            mark = ""
            if seat == last.leader:
                mark = "◎" if last.winner == seat else "→"
            elif last.winner == seat:
                mark = "○"
            cards[seat] = record_card(c, symbols) + mark
    for seat in range(game.n):
        row = el("tr", "", None, data_seat=seat)
        row.append(el("th", "", names[seat], scope="row"))
        row.append(el("td", "record-card", cards.get(seat, "")))
        row.append(el("td", "record-honors", str(count(game.captured[seat]))))
        hand = " ".join(record_card(c, symbols) for c in sorted_cards(game.hands[seat]))
        row.append(el("td", "record-hand", hand))
        table.append(row)
    return table


def render_record() -> None:
    """Draw the record screen from the current state, in the current language."""
    panel = by_id("record")
    if panel is None:
        return
    # The dialog's head stays in view while the record scrolls, with the close button.
    head = el("div", "dialog-head")
    head.append(el("h2", "record-title", t("record.title"), id="record-title"))
    head.append(_button(t("record.close"), "record-close", lambda _e: _panel_open(False)))
    children: list[Any] = [head]
    if not _state.games:
        children.append(el("p", "record-none", t("record.none")))
    else:
        children.extend(_record_body())
    children.append(_import_box())
    # A redraw replaces the controls: the one that had the focus (by id) gets it back,
    # unless disabled (``:disabled``, which a link such as the export, having no
    # ``disabled`` property, never is).
    active = browser.window().document.activeElement
    focus_id = str(active.id) if active and panel.contains(active) and active.id else ""
    panel.replaceChildren(*children)
    again = by_id(focus_id) if focus_id else None
    if again and not again.matches(":disabled"):
        again.focus()


def _record_body() -> list[Any]:
    game = _state.games[_state.index]
    names = (_state.names or seat_names)(game.n)
    out: list[Any] = []
    if _state.imported:
        out.append(el("p", "record-imported", t("record.imported")))
    elif _state.shared:
        out.append(el("p", "record-imported", t("record.shared")))
    bar = el("div", "record-bar")
    if len(_state.games) > 1:
        games = el("select", "", None, id="record-game")
        games.setAttribute("aria-label", t("record.game", n=_state.index + 1))
        for i in range(len(_state.games)):
            games.append(el("option", "", t("record.game", n=i + 1), value=i))
        games.value = str(_state.index)
        on(games, "change", _on_game)
        bar.append(games)
    symbols = el("select", "", None, id="record-symbols")
    symbols.setAttribute("aria-label", t("record.symbols"))
    symbols.append(el("option", "", "▲▽◇★", value="record"))
    symbols.append(el("option", "", "♠♥♦♣", value="cards"))
    symbols.value = _state.symbols
    on(symbols, "change", _on_symbols)
    bar.append(el("label", "", t("record.symbols"), for_="record-symbols"))
    bar.append(symbols)
    bar.append(_button(t("record.copy"), "record-copy", _on_copy))
    bar.append(_export_link())
    bar.append(_button(t("record.export_show"), "record-json-show", _on_show_json))
    bar.append(_button(t("record.review"), "record-review", _on_review))
    bar.append(_button(t("share.button"), "record-share", _on_share))
    bar.append(el("span", "record-status", "", id="record-status", role="status"))
    out.append(bar)
    url = el("input", "record-share-url", None, id="record-share-url", type="text",
             readonly=True, hidden=True)
    url.setAttribute("aria-label", t("share.label"))
    out.append(url)
    # Focusable: it scrolls sideways on a phone, and keyboard users must reach it.
    undos = _state.undos[_state.index] if _state.index < len(_state.undos) else 0
    out.append(record_text_el(text_record(game, names, _state.symbols, record_lang(), undos),
                              "record-text", tabindex="0"))
    out.append(marks_key_el("record-key"))
    json_box = el("textarea", "record-json", None, id="record-json", readonly=True, rows=8,
                  hidden=True)
    json_box.setAttribute("aria-label", "JSON")
    json_box.value = to_json(_state.export) if _state.export is not None else ""
    out.append(json_box)
    out.append(_replay_box(game, names))
    return out


def _export_link() -> Any:
    text = to_json(_state.export) if _state.export is not None else ""
    link = el("a", "btn", t("record.export"), id="record-export",
              download="napoleon-record.json")
    link.setAttribute("href", "data:application/json;charset=utf-8," + quote(text))
    return link


def _replay_box(game: Game, names: list[str]) -> Any:
    replay = _state.replay()
    last = len(replay.steps) - 1
    step = max(0, min(_state.step, last))
    shown = replay.steps[step]
    box = el("section", "record-replay", None, id="record-replay", data_step=step)
    box.append(el("h3", "", t("record.replay")))
    nav = el("div", "record-nav")
    for key, node_id, target in (
        ("record.first", "record-first", 0),
        ("record.prev", "record-prev", step - 1),
        ("record.next", "record-next", step + 1),
        ("record.last", "record-last", last),
    ):
        b = _button(t(key), node_id, _goto(target))
        if not 0 <= target <= last or target == step:
            b.disabled = True
        nav.append(b)
    done = len(shown.tricks)
    total = game.hand_size if shown.phase in (Phase.PLAY, Phase.RESULT) else 0
    label = t("record.step", n=done, total=total) if done else t("record.step_start")
    nav.append(el("span", "record-step", label, id="record-step"))
    box.append(nav)
    box.append(_trick_table(shown, names, _state.symbols))
    return box


def _import_box() -> Any:
    box = el("section", "record-import", None, id="record-import")
    box.append(el("h3", "", t("record.import")))
    # The browser's own file button says "Choose File" whatever the page's language:
    # the input is visually hidden and its label, in the page's language, is the button.
    picker = el("input", "visually-hidden file-input", None, id="record-file", type="file",
                accept="application/json,.json,.txt")
    on(picker, "change", _on_file)
    file_label = el("label", "btn file-label", t("record.import_file"), for_="record-file")
    box.append(picker)
    box.append(file_label)
    paste = el("textarea", "record-paste", None, id="record-paste", rows=4,
               placeholder=t("record.import_placeholder"))
    paste.setAttribute("aria-label", t("record.import_placeholder"))
    box.append(paste)
    box.append(_button(t("record.import_paste"), "record-load", _on_paste))
    return box


# ---- events -------------------------------------------------------------------------


def _goto(step: int) -> Any:
    def go(_event: Any) -> None:
        _state.step = step
        render_record()

    return go


def _on_game(event: Any) -> None:
    _state.index = int(event.target.value)
    _state.step = 0
    render_record()


def _on_symbols(event: Any) -> None:
    value = str(event.target.value)
    _state.symbols = "cards" if value == "cards" else "record"
    render_record()


def _status(key: str, status_id: str = "record-status") -> Any:
    def show(_result: Any) -> None:
        node = by_id(status_id)
        if node:
            node.textContent = t(key)

    return show


def copy_text(text_id: str, status_id: str) -> None:
    """Copy the text of ``#text_id`` to the clipboard and say so in ``#status_id``."""
    node = by_id(text_id)
    if not node:  # a missing element is a falsy JsNull in Pyodide
        return
    clipboard = getattr(browser.window().navigator, "clipboard", None)
    if clipboard is None:
        _status("record.copy_failed", status_id)(None)
        return
    clipboard.writeText(str(node.textContent)).then(
        proxy(_status("record.copied", status_id)),
        proxy(_status("record.copy_failed", status_id)),
    )


def _on_copy(_event: Any) -> None:
    copy_text("record-text", "record-status")


def _on_table_click(event: Any) -> None:
    """The copy button of the 譜 the table shows at a game's end (``table.record_box``)."""
    target = event.target.closest('[data-act="copy-record"]') if event.target else None
    if target:
        copy_text("result-record-text", "result-record-status")


def _on_review(_event: Any) -> None:
    """The review of the game shown (a finished one, or one imported): the record
    screen closes and the review opens (:func:`review_view.open_review`)."""
    from napoleon.ui_dom.review_view import review_game
    game = _state.games[_state.index]
    _panel_open(False)
    review_game(game, PANEL.current_prefs().suit_style, _state.people)


def _on_share(_event: Any) -> None:
    """The link carrying the game shown (:mod:`share_view`), shown and copied."""
    from napoleon.ui_dom.share_view import share_game

    undos = _state.undos[_state.index] if _state.index < len(_state.undos) else 0
    share_game(_state.games[_state.index], undos, "record-share-url", "record-status")


def _on_show_json(_event: Any) -> None:
    box = by_id("record-json")
    if box is not None:
        box.hidden = not box.hidden


def _notify(notices: list[str]) -> None:
    if notices:
        PANEL.show_notices(notices)


def _on_paste(_event: Any) -> None:
    _notify(import_text(str(by_id("record-paste").value)))


def _on_file(event: Any) -> None:
    files = event.target.files
    if files is None or files.length == 0:
        return

    def loaded(text: Any) -> None:
        _notify(import_text(str(text)))

    def failed(error: Any) -> None:
        _notify([t("record.import_error", error=str(error))])

    file = files.item(0)
    # A file far past the bound is refused unread (UTF-8: at most 4 bytes a character).
    if int(file.size) > 4 * MAX_RECORD_CHARS:
        _notify([t("record.import_error", error=f"{int(file.size):,} bytes is too large")])
        return
    file.text().then(proxy(loaded), proxy(failed))


def open_record() -> None:
    """Open the record screen as it is (the import controls even before any game ended)."""
    render_record()
    _panel_open(True)


def mount_record() -> None:
    """Draw the (empty) record screen with its import controls; wire ``#btn-record`` and
    the copy button of the 譜 the table shows at each game's end."""
    PANEL.redraw_with_settings(render_record)
    render_record()
    button = by_id("btn-record")
    if button is not None:

        def toggle(_event: Any) -> None:
            opened = is_open("record")
            if not opened:
                render_record()
            _panel_open(not opened)

        on(button, "click", toggle)
    table = by_id("table")
    if table:
        on(table, "click", _on_table_click)


__all__ = [
    "Replay", "import_text", "mount_record", "open_record", "read_record", "render_record",
    "copy_text", "record_lang", "record_text_el", "seat_names", "show_games", "show_record",
    "show_shared",
    "symbols_for",
    "symbols_of_style",
]
