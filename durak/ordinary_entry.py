"""The ordinary game's registry entry (docs/rules/durak.md §2–§5): its names, its
options (every option of :data:`durak.rules.OPTIONS` but ``mode``, the family's),
its presets, and, loaded on first use, its engine (:class:`durak.game.Game`), its
records (:mod:`durak.record`) and its computers (:mod:`durak.ai.levels`).  A
series deals its games from the series' generator (:func:`durak.ordinary_series.deal_game`;
:class:`~durak.match.Match` keeps a series' games and its cube's points).

>>> ENTRY.mode, ENTRY.kind, len(ENTRY.presets) > 0
('durak', 'durak', True)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, Final

from durak.family.entry import PLAYERS, Computers, Engine, GameEntry, Record, Scoring, option
from durak.family.modes import DURAK, KIND_DURAK
from durak.family.result import durak_of
from durak.rules import OPTIONS, PRESET_NAMES


def history(game: Any) -> list[tuple[int, str]]:
    """The ordinary ``game``'s actions so far, each with its seat, as text."""
    from durak.actions import action_text

    return [(s, action_text(a)) for s, a in game.actions()]


def _bench(rules: Any) -> Callable[[int, random.Random], object]:
    """The benchmark's game: a game of ``rules`` dealt from a seed, played out at random."""
    from durak.game import Game
    from durak.playout import play_random_game

    def play(game_seed: int, rng: random.Random) -> object:
        return play_random_game(Game.new(rules, game_seed), rng)

    return play


@functools.cache
def _engine() -> Engine:
    from durak import ordinary_series, seen
    from durak.actions import parse_action
    from durak.game import Game
    from durak.sight import TableView
    from durak.view import PlayerView

    return Engine(Game, Game.new, Game.legal_actions, Game.apply, Game.view, Game.clone,
                  parse_action, history, lambda g: len(g.actions()),
                  seen.read_ordinary_view, None, (PlayerView, TableView),
                  seen.ordinary_line, _bench, deal=ordinary_series.deal_game,
                  next_dealer=ordinary_series.next_dealer, dealer_of=lambda g: int(g.dealer))


@functools.cache
def _record() -> Record:
    from durak import record
    from durak.record_json import GAME_FORMAT

    return Record(record.text_record, record.replay_text, record.json_record, record.to_json,
                  record.replay_json, record.RecordError, GAME_FORMAT, "DURAK")


def _hint(view_json: str, seed: int) -> str:
    """The ordinary game's hint, imported when first asked (a decision never loads it)."""
    from durak.ai.hint import hint_json

    return hint_json(view_json, seed)


@functools.cache
def _computers() -> Computers:
    from durak.ai import levels

    return Computers(levels.LEVELS, levels.decide_json, _hint)


#: The ordinary game's entry.  The names are the page's (``val.mode.*`` of
#: :mod:`durak.ui_dom.settings.strings_settings`).
ENTRY: Final = GameEntry(
    DURAK, "ドゥラーク", "Durak", KIND_DURAK,
    tuple(option(s) for s in OPTIONS if s.key != "mode"), PRESET_NAMES, PLAYERS,
    "Rules", _engine, _record, _computers,
    Scoring("tally or cube15 (match, §7)", durak_of, every_game=True))

#: The entries this module holds, which :mod:`durak.family.registry` registers.
ENTRIES: Final = (ENTRY,)

__all__ = ["ENTRIES", "ENTRY", "history"]
