"""Durak's statistics (成績) on the page shell's frame.

The counting is :mod:`durak.stats` (pure: one tally per variant and player
count); the storage (key :data:`STATS_KEY`, scoped to the site's path), the
notice about an entry that cannot be read (moved aside to
``durak.stats.corrupt``), the dialog with its choice, reset and JSON export
are the shell's (:mod:`cardkit.ui_dom.stats_frame`).  What is Durak's is here:

* :func:`count_finished`: the controller's game ended (its last move, whoever
  made it): counted at once, so the end screen's statistics already hold it;
* :func:`count_undo`: a decision taken back (the controller's undo, done);
* :func:`count_hint`: a hint shown to the human (the hint feature calls it);
* the dialog's table and the names of the tallies (a preset's name, or the
  nearest preset and the options changed from it, and the player count).

Imported only when the menu's statistics are mounted or something is counted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cardkit.ui_dom.stats_frame import DIALOG_ID, StatsBook, StatsFrame, StatsTable, percent
from durak import stats as pure
from durak.match import Match
from durak.rules import OPTION_BY_KEY, Rules
from durak.stats import Stats, StatsError, Tally, choice_key, decode_stats, encode_stats
from durak.ui_dom.controller import HUMAN
from durak.ui_dom.i18n import t
from durak.ui_dom.settings import show_notices
from durak.ui_dom.settings_model import MODEL

STATS_KEY: Final = "durak.stats"


def _change(part: str) -> str:
    """``transfer_show=on`` as the settings panel words it (an unknown key as it is)."""
    key, _, value = part.partition("=")
    spec = OPTION_BY_KEY.get(key)
    if spec is None:
        return part
    return f"{t(f'opt.{key}')}: {MODEL.value_label(spec, value)}"


def variant_label(variant: str, players: int) -> str:
    """A tally's name: the preset's (and the options changed from it) and the players."""
    preset, *changes = variant.split("&")
    name = t(f"preset.{preset.removeprefix('preset=')}")
    if changes:
        name = t("stats.changes", preset=name, changes=", ".join(map(_change, changes)))
    return t("stats.variant", rules=name, n=players)


def rows(tally: Tally) -> list[tuple[str, str, str]]:
    """``(key, label, value)`` per line (the key is ``data-key``: tests find lines by it)."""
    return [
        ("games", t("stats.games"), str(tally.games)),
        ("durak", t("stats.durak"), percent(tally.durak, tally.games)),
        ("draws", t("stats.draws"), str(tally.draws)),
        ("taken", t("stats.taken"), f"{tally.average_taken:.1f}" if tally.games else "—"),
        ("transfers", t("stats.transfers"), str(tally.transfers)),
        ("hints", t("stats.hints"), str(tally.hints)),
        ("undos", t("stats.undos"), str(tally.undos)),
    ]


def _choices(stats: Stats) -> list[tuple[str, str]]:
    return [(choice_key(v, n), variant_label(v, n)) for v, n in sorted(stats.tallies)]


def _tables(stats: Stats, shown: str) -> list[StatsTable]:
    for (variant, players), tally in stats.tallies.items():
        if choice_key(variant, players) == shown:
            caption = t("stats.summary", variant=variant_label(variant, players))
            return [StatsTable("stats-summary", caption, (t("stats.item"), t("stats.value")),
                               tuple(rows(tally)))]
    return []


FRAME: Final = StatsFrame(StatsBook(
    key=STATS_KEY, decode=decode_stats, encode=encode_stats, fresh=Stats,
    errors=(StatsError,), choices=_choices, tables=_tables, t=t, notify=show_notices,
    export_name="durak-stats.json",
))


def count_finished(match: Match, match_seed: int) -> bool:
    """Count the match's current game, which has just ended (never twice: its id is
    the match seed, the game's number and its deal's seed)."""
    game = match.game
    if game.result is None:
        return False
    facts = pure.game_facts(game, HUMAN)
    game_id = f"{match_seed}:{match.number}:{match.seeds[-1]}"
    return FRAME.count(lambda s: pure.count_game(s, game.rules, facts, game_id))


def count_undo(rules: Rules) -> None:
    """A decision was taken back in a game under ``rules``."""
    FRAME.count(lambda s: pure.count_undo(s, rules))


def count_hint(rules: Rules) -> None:
    """A hint was shown to the human in a game under ``rules`` (the hint feature's call)."""
    FRAME.count(lambda s: pure.count_hint(s, rules))


def mount_stats(rules_of: Callable[[], Rules]) -> None:
    """Wire ``#btn-stats``; the dialog opens on the tally of ``rules_of()`` (the game on
    the table's).  A corrupt stored entry is reported now, not when first opened."""
    FRAME.mount(lambda: choice_key(pure.variant_of(rules_of()), rules_of().players))


__all__ = [
    "DIALOG_ID", "FRAME", "STATS_KEY", "count_finished", "count_hint", "count_undo",
    "mount_stats", "rows", "variant_label",
]
