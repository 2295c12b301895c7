"""Durak's statistics (成績) on the page shell's frame.

The counting is :mod:`durak.stats` (pure: one tally per variant and player
count); the storage (key :data:`STATS_KEY`, scoped to the site's path), the
notice about an entry that cannot be read (moved aside to
``durak.stats.corrupt``), the dialog with its choice, reset and JSON export
are the shell's (:mod:`cardkit.ui_dom.stats_frame`).  What is Durak's is here:

* :func:`count_finished`: a game of the family ended (its last move, whoever
  made it; the page asks the controller on the table for its facts,
  :meth:`durak.ui_dom.play.family_controller.FamilyController.finished_facts`): counted
  at once, so the end screen's statistics already hold it;
* :func:`count_undo`: a decision taken back (the controller's undo, done);
* :func:`count_hint`: a hint shown to the human (the hint feature calls it);
* the dialog's table and the names of the tallies (a preset's name, or the
  nearest preset and the options changed from it, and the player count; a game
  of the family other than the ordinary one by its name, ``山積み・2人``).

Imported only when the menu's statistics are mounted or something is counted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from cardkit.ui_dom.stats_frame import DIALOG_ID, StatsBook, StatsFrame, StatsTable, percent
from durak import stats as pure
from durak.family.modes import DURAK
from durak.ui_dom.i18n import t
from durak.ui_dom.modes import RULE_OPTIONS
from durak.ui_dom.settings.settings import PANEL
from durak.ui_dom.settings.settings_model import MODEL

STATS_KEY: Final = "durak.stats"


def _change(part: str) -> str:
    """``transfer_show=on`` as the settings panel words it (an unknown key as it is)."""
    key, _, value = part.partition("=")
    spec = RULE_OPTIONS.get(key)
    if spec is None:
        return part
    return f"{t(f'opt.{key}')}: {MODEL.value_label(spec, value)}"


def variant_label(variant: str, players: int) -> str:
    """A tally's name: the preset's (and the options changed from it) and the players;
    a game of the family other than the ordinary one is named by its ``mode``."""
    first, *changes = variant.split("&")
    friends = pure.WITH_FRIENDS in changes
    if friends:
        changes.remove(pure.WITH_FRIENDS)
        name = variant_label("&".join([first, *changes]), players)
        return t("stats.with_friends", variant=name)
    mode = next((c.removeprefix("mode=") for c in [first, *changes] if c.startswith("mode=")),
                DURAK)
    if mode != DURAK:
        changes = [c for c in changes if not c.startswith("mode=")]
        if first == "preset=perevodnoy":  # a dealing game's one option of the ordinary game
            changes.insert(0, "transfer=on")
        name = t(f"val.mode.{mode}")
    else:
        name = t(f"preset.{first.removeprefix('preset=')}")
    if changes:
        name = t("stats.changes", preset=name, changes=", ".join(map(_change, changes)))
    return t("stats.variant", rules=name, n=players)


def rows(tally: pure.Tally, variant: str) -> list[tuple[str, str, str]]:
    """``(key, label, value)`` per line (the key is ``data-key``: tests find lines by it)
    of the tally of ``variant``; the transfers made only where its rules have transfers
    (:func:`durak.stats.has_transfers`), the undos only where undo is offered
    (:func:`durak.stats.undo_offered`)."""
    transfers = [("transfers", t("stats.transfers"), str(tally.transfers))
                 ] if pure.has_transfers(variant) else []
    undos = [("undos", t("stats.undos"), str(tally.undos))] if pure.undo_offered(variant) else []
    return [
        ("games", t("stats.games"), str(tally.games)),
        ("durak", t("stats.durak"), percent(tally.durak, tally.games)),
        ("draws", t("stats.draws"), str(tally.draws)),
        ("taken", t("stats.taken"), f"{tally.average_taken:.1f}" if tally.games else "—"),
        *transfers,
        ("hints", t("stats.hints"), str(tally.hints)),
        *undos,
    ]


def _choices(stats: pure.Stats) -> list[tuple[str, str]]:
    return [(pure.choice_key(v, n), variant_label(v, n)) for v, n in sorted(stats.tallies)]


def _tables(stats: pure.Stats, shown: str) -> list[StatsTable]:
    for (variant, players), tally in stats.tallies.items():
        if pure.choice_key(variant, players) == shown:
            caption = t("stats.summary", variant=variant_label(variant, players))
            return [StatsTable.summary(caption, rows(tally, variant), t)]
    return []


FRAME: Final = StatsFrame(StatsBook(
    key=STATS_KEY, decode=pure.decode_stats, encode=pure.encode_stats, fresh=pure.Stats,
    errors=(pure.StatsError,), choices=_choices, tables=_tables, t=t, notify=PANEL.show_notices,
    export_name="durak-stats.json",
))


def count_finished(rules: pure.FamilyRules, facts: pure.GameFacts, game_id: str,
                   friends: bool = False) -> bool:
    """Count one finished game of the family under ``rules`` (never twice: ``game_id``
    names it); a game with friends in that tally of its own."""
    return FRAME.count(lambda s: pure.count_game(s, rules, facts, game_id, friends))


def count_undo(rules: pure.FamilyRules) -> None:
    """A decision was taken back in a game under ``rules``."""
    FRAME.count(lambda s: pure.count_undo(s, rules))


def count_hint(rules: pure.FamilyRules, friends: bool = False) -> None:
    """A hint was shown to the human in a game under ``rules`` (the hint feature's call);
    at a table with friends in the tally with friends, where its games count."""
    FRAME.count(lambda s: pure.count_hint(s, rules, friends))


def mount_stats(rules_of: Callable[[], pure.FamilyRules]) -> None:
    """Wire ``#btn-stats``; the dialog opens on the tally of ``rules_of()`` (the game on
    the table's).  A corrupt stored entry is reported now, not when first opened."""
    FRAME.mount(lambda: pure.choice_key(pure.variant_of(rules_of()), rules_of().players))


__all__ = [
    "DIALOG_ID", "FRAME", "STATS_KEY", "count_finished", "count_hint", "count_undo",
    "mount_stats", "rows", "variant_label",
]
