"""The registry of the Durak family: one entry per game (docs/rules/durak.md §3.6).

Each :class:`~durak.family.entry.GameEntry` says what a game is, as data: its
``mode``, its name in both languages, its engine's kind, its own options (each
with help in both languages), its presets, and — loaded on first use, so that
reading the registry imports no engine and no computer — its engine (new game,
legal actions, apply, a seat's view, clone, its actions and views as text, a
series' deals), its record (text and JSON writers and readers) and its computers
(levels, ``decide_json``).  Every game comes in by :func:`register`: the post's
eight from their packages' entry modules (:mod:`durak.ordinary_entry`,
:mod:`durak.pile.entry` and the dealing game's), in the post's order, when this
module is first imported; a game added later the same way.  :data:`GAMES` holds
the entries; :func:`find_game` looks one up by mode, as python-chess's
``find_variant`` does::

>>> [entry.name_en for entry in GAMES.values()][:3]
['Durak', 'Kurukuru', 'Chinese']
>>> heap = find_game("heap")
>>> heap.kind, heap.name_ja, [o.key for o in heap.options]
('pile', '山積み', ['heap_take'])
>>> try:
...     find_game("Heap")
... except UnknownGameError as e:
...     print(e)  # doctest: +ELLIPSIS
unknown game 'Heap': expected one of durak, kurukuru, chinese, chukhonsky, heap, ..., polish

Every game of the family satisfies :class:`~durak.family.entry.FamilyGame`, so a
caller that holds an entry plays any of them the same way.
:func:`durak.family.new_game` starts one.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Final

from durak import ordinary_entry
from durak.family.entry import (
    Computers,
    Engine,
    FamilyGame,
    FamilyView,
    GameEntry,
    GameOption,
    Record,
    Scoring,
)
from durak.family.modes import KINDS, MODES, REGISTERED
from durak.pile import entry as pile_entry
from durak.suit_deal import entry as suit_deal_entry


class UnknownGameError(ValueError):
    """A ``mode`` that names no game of the family (or is no text at all)."""


_GAMES: Final[dict[str, GameEntry]] = {}
#: Every game of the family by mode: the post's eight in its order, then any game
#: registered beside them.
GAMES: Final[Mapping[str, GameEntry]] = MappingProxyType(_GAMES)


def register(entry: GameEntry) -> None:
    """Add ``entry`` to the family: from then on its mode is read by the rules records,
    played by its kind's engine and page, counted, written and saved like every other.
    A mode already registered, an option key another game has for another option, or
    a kind of its own whose rules record is not the short one is a :class:`ValueError`."""
    if entry.mode in _GAMES:
        raise ValueError(f"mode {entry.mode} is registered already")
    # An option is named by its key alone in a rules text and in the settings: a key
    # another game has is this game's only as that same option (the dealing game plays
    # the ordinary game's ``transfer``).
    taken = {o.key: o.spec for e in _GAMES.values() for o in e.options}
    for o in entry.options:
        if o.key == "mode" or taken.get(o.key, o.spec) != o.spec:
            raise ValueError(f"option {o.key} of mode {entry.mode} is another game's already")
    # A kind of its own (an engine of its own) reads the short rules record: its mode,
    # players and own options (:func:`durak.family.modes.reads_pile_rules`).
    if entry.kind not in KINDS and entry.rules_type != "PileRules":
        raise ValueError(f"kind {entry.kind!r} of mode {entry.mode} is none of "
                         f"{', '.join(KINDS)}: its rules record must be PileRules")
    if entry.admit is not None:
        entry.admit()
    _GAMES[entry.mode] = entry
    REGISTERED[entry.mode] = entry.kind


def unregister(mode: str) -> None:
    """Take a game :func:`register` added beside the post's eight out again (the post's
    stay)."""
    if mode in MODES or mode not in _GAMES:
        raise ValueError(f"mode {mode} was not registered")
    dismiss = _GAMES[mode].dismiss
    if dismiss is not None:
        dismiss()
    del _GAMES[mode], REGISTERED[mode]


@contextlib.contextmanager
def registered(entry: GameEntry) -> Iterator[GameEntry]:
    """``entry`` registered while the block runs (tests)."""
    register(entry)
    try:
        yield entry
    finally:
        unregister(entry.mode)


def find_game(mode: object) -> GameEntry:
    """The entry of ``mode``; :class:`UnknownGameError` naming the value if there is none."""
    entry = GAMES.get(mode) if isinstance(mode, str) else None
    if entry is None:
        raise UnknownGameError(f"unknown game {mode!r}: expected one of {', '.join(GAMES)}")
    return entry


def engine_of(game: object) -> Engine:
    """The engine ``game`` is a game of (by its class); a :class:`TypeError` if none."""
    for entry in GAMES.values():
        if type(game) is entry.engine.game_class:
            return entry.engine
    raise TypeError(f"{type(game).__name__} is no game of the family")


def tally(entry: GameEntry, games: Sequence[Any], players: int) -> list[int]:
    """How often each seat was the durak in the finished ``games`` of one series
    (:attr:`Scoring.durak_of`; the games still being played count for nobody)."""
    out = [0] * players
    for g in games:
        for seat in entry.scoring.durak_of(g) or ():
            out[seat] += 1
    return out


def _post_games() -> tuple[GameEntry, ...]:
    """The post's eight entries, in its order, each from its own package."""
    by_mode = {e.mode: e for module in (ordinary_entry, pile_entry, suit_deal_entry)
               for e in module.ENTRIES}
    return tuple(by_mode[m] for m in MODES)


for _entry in _post_games():
    register(_entry)
assert tuple(GAMES) == MODES, "the registry holds every mode, in the post's order"


__all__ = ["GAMES", "Computers", "Engine", "FamilyGame", "FamilyView", "GameEntry", "GameOption",
           "Record", "Scoring", "UnknownGameError", "engine_of", "find_game", "register",
           "registered", "tally", "unregister"]
