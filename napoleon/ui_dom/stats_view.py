"""Napoleon's statistics (成績) on the page shell's frame.

The counting is :mod:`napoleon.stats` (pure); the storage (key
:data:`STATS_KEY`, scoped to the site), the notice about an entry that cannot
be read (moved aside to ``napoleon.stats.corrupt``), the dialog with its
choice, reset and JSON export are the shell's
(:mod:`cardkit.ui_dom.stats_frame`).  What is Napoleon's is here: each scored
game is counted as it ends (:func:`count_scored`, called by the controller at
the game's last card), one tally per rule preset, and the dialog's two tables
(the summary, its lines those that apply to the preset's rules, and the contracts
by bid).

The module is imported only once the menu is mounted (after the human's first
decision) or a game is scored, so the page's start does no work for it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from cardkit.ui_dom.stats_frame import DIALOG_ID, StatsBook, StatsFrame, StatsTable, percent
from cardkit.ui_dom.storage import Storage
from napoleon.match import Match
from napoleon.rules import Rules
from napoleon.state import GameResult
from napoleon.stats import (
    WITH_FRIENDS,
    Stats,
    StatsError,
    Tally,
    count_game,
    decode_stats,
    encode_stats,
    siberia_applies,
    undo_offered,
    with_friends,
)
from napoleon.ui_dom.controller import HUMAN
from napoleon.ui_dom.i18n import t
from napoleon.ui_dom.settings import PANEL

STATS_KEY: Final = "napoleon.stats"


def preset_key(rules: Rules) -> str:
    """The tally a game of these rules counts in: its preset's, else ``"custom"``."""
    return rules.preset_name() or "custom"


def _preset_label(name: str) -> str:
    if name.endswith(WITH_FRIENDS):
        return t("stats.with_friends", variant=_preset_label(name[: -len(WITH_FRIENDS)]))
    return t(f"preset.{name}")


def summary_rows(tally: Tally, preset: str) -> list[list[str]]:
    """``[key, label, value]`` per line (the key is ``data-key``: tests find lines by it)
    of the tally of ``preset``; Siberia only where it applies
    (:func:`napoleon.stats.siberia_applies`), the games with undo only where undo is
    offered (:func:`napoleon.stats.undo_offered`)."""
    siberia = [["siberia", t("stats.siberia"), str(tally.siberia)]
               ] if siberia_applies(preset, tally) else []
    undo = [["undo", t("stats.undo_games"), str(tally.undo_games)]
            ] if undo_offered(preset) else []
    return [
        ["games", t("stats.games"), str(tally.games)],
        ["wins", t("stats.wins"), percent(tally.wins, tally.games)],
        ["napoleon", t("stats.napoleon"), percent(tally.napoleon_wins, tally.napoleon_games)],
        ["adjutant", t("stats.adjutant"), percent(tally.adjutant_wins, tally.adjutant_games)],
        ["ally", t("stats.ally"), percent(tally.ally_wins, tally.ally_games)],
        ["average", t("stats.average"), f"{tally.average:+.2f}" if tally.games else "—"],
        ["points", t("stats.points"), f"{tally.points:+d}"],
        ["triumphs", t("stats.triumphs"), str(tally.triumphs)],
        *siberia,
        *undo,
    ]


def _choices(stats: Stats) -> list[tuple[str, str]]:
    return [(name, _preset_label(name)) for name in sorted(stats.presets)]


def _tables(stats: Stats, shown: str) -> list[StatsTable]:
    tally = stats.presets[shown]
    out = [StatsTable.summary(t("stats.summary", preset=_preset_label(shown)),
                              summary_rows(tally, shown), t)]
    bids = sorted(tally.bids.items(), key=lambda kv: int(kv[0]))
    if bids:
        rows = tuple((bid, bid, percent(made, played)) for bid, (made, played) in bids)
        out.append(StatsTable("stats-bids", t("stats.bids"), (t("stats.bid"), t("stats.made")),
                              rows))
    return out


FRAME: Final = StatsFrame(StatsBook(
    key=STATS_KEY, decode=decode_stats, encode=encode_stats, fresh=Stats,
    errors=(StatsError,), choices=_choices, tables=_tables, t=t, notify=PANEL.show_notices,
    export_name="napoleon-stats.json",
))


def use_storage(storage: Storage | None) -> None:
    """Tests: read and write ``storage`` instead of the page's (forgets what was read)."""
    FRAME.use_storage(storage)


def load_stats() -> tuple[Stats, list[str]]:
    """The statistics (read once) and the notices about a corrupt stored entry."""
    return FRAME.load()


def count_scored(match: Match, match_seed: int, friends: bool = False) -> None:
    """Count the match's game that ended last, as soon as it ends: its result screen
    already shows it in the statistics, not only once NEXT is pressed.
    The same game is never counted twice (its id: match seed, number and deal).
    A game with friends (the host's) goes to the preset's tally with friends."""
    number = len(match.games) if match.game.result is not None else len(match.results)
    result = match.games[number - 1].result if number else None
    if result is None:
        return
    game_id = f"{match_seed}:{number}:{match.seeds[number - 1]}"
    undos = match.undos[number - 1] if number <= len(match.undos) else 0
    preset = with_friends(preset_key(match.rules)) if friends else preset_key(match.rules)
    FRAME.count(lambda stats: count_game(stats, preset, result, HUMAN, game_id, undos))


def count_with_friends(preset: str, result: GameResult, seat: int, game_id: str) -> None:
    """A guest's game with friends, scored as the host's view says (its ``result``),
    counted for the guest's ``seat`` in ``preset``'s tally with friends."""
    FRAME.count(lambda stats: count_game(stats, with_friends(preset), result, seat, game_id))


def render_stats() -> None:
    FRAME.render()


def open_stats(_event: Any = None) -> None:
    """Open the dialog on the current match's preset (or close it if open)."""
    FRAME.open()


def mount_stats(preset_of: Callable[[], str]) -> None:
    """Wire ``#btn-stats``; ``preset_of()`` names the current match's preset.  A corrupt
    stored entry is reported now (set aside), not when the player first opens it."""
    FRAME.mount(preset_of)


__all__ = [
    "DIALOG_ID", "STATS_KEY", "count_scored", "load_stats", "mount_stats", "open_stats",
    "count_with_friends", "preset_key", "render_stats", "summary_rows", "use_storage",
]
