"""The registry of the Durak family: one entry per game of the post (docs/rules/durak.md §3.6).

Each :class:`GameEntry` says what a game is, as data: its ``mode``, its name in
both languages, its engine's kind, its own options (each with help in both
languages), its presets, and — loaded on first use, so that reading the
registry imports no engine and no computer — its engine (new game, legal
actions, apply, a seat's view, clone), its record (text and JSON writers and
readers) and its computers (levels, ``decide_json``).  :data:`GAMES` holds the
entries in the post's order; :func:`find_game` looks one up by mode, as
python-chess's ``find_variant`` does::

>>> [entry.name_en for entry in GAMES.values()][:3]
['Durak', 'Kurukuru', 'Chinese']
>>> heap = find_game("heap")
>>> heap.kind, heap.name_ja, [o.key for o in heap.options]
('pile', '山積み', ['heap_take'])
>>> try:
...     find_game("Heap")
... except UnknownGameError as e:
...     print(e)
unknown game 'Heap': expected one of durak, kurukuru, chinese, chukhonsky, heap, suit_deal, \
crusaders, polish

Every game of the family satisfies :class:`FamilyGame` (the ordinary
:class:`~durak.game.Game`, :class:`~durak.pile.game.PileGame` and
:class:`~durak.suit_deal.game.SuitDealGame`), so a caller that holds an entry
plays any of them the same way.  :func:`durak.family.new_game` starts one.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Final, Protocol

from cardkit.options import OptionSpec
from durak.family.modes import (
    CHINESE,
    CHUKHONSKY,
    CRUSADERS,
    DURAK,
    HEAP,
    KIND_DURAK,
    KIND_PILE,
    KIND_SUIT_DEAL,
    KINDS,
    KURUKURU,
    MODES,
    POLISH,
    REGISTERED,
    SUIT_DEAL,
)
from durak.family.option_help import HELP
from durak.family.result import Result, durak_of
from durak.pile.options import MODE_SPECS
from durak.rules import OPTIONS, PRESET_NAMES, SUIT_DEAL_OPTIONS


class UnknownGameError(ValueError):
    """A ``mode`` that names no game of the family (or is no text at all)."""


class FamilyView(Protocol):
    """What every seat's view of a game of the family offers, under one name each: the
    seat, whose turn, the dealer, the seat's legal actions (empty when it is not its
    turn) and the plain JSON-ready form a guest and the computers' worker are sent."""

    @property
    def seat(self) -> int: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def dealer(self) -> int: ...

    @property
    def legal_actions(self) -> Sequence[Any]: ...

    def to_dict(self) -> dict[str, Any]: ...

    def to_json(self) -> str: ...


class FamilyGame(Protocol):
    """What every game of the family offers (OpenSpiel's State), under one name each: its
    rules record, whether it is over and how it ended, whose turn, the legal actions,
    apply one, a seat's view (:class:`FamilyView`) and an independent copy."""

    @property
    def rules(self) -> Any: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def result(self) -> Result | None: ...

    @property
    def to_act(self) -> int | None: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any, seat: int | None = None) -> None: ...

    def view(self, seat: int) -> FamilyView: ...

    def clone(self) -> FamilyGame: ...


@dataclass(frozen=True)
class GameOption:
    """One option of a game: its spec (key, values, kind, section of the rule book)
    and its help in both languages."""

    spec: OptionSpec
    help_ja: str
    help_en: str

    @property
    def key(self) -> str:
        return self.spec.key


@dataclass(frozen=True)
class Engine:
    """A game's engine: its class and the functions over a game of it."""

    game_class: type
    #: ``new(rules, seed)``: a game dealt from ``seed`` with the game's own rules record.
    new: Callable[[Any, int], FamilyGame]
    legal_actions: Callable[[Any], Sequence[Any]]
    apply: Callable[..., None]
    view: Callable[[Any, int], Any]
    clone: Callable[[Any], FamilyGame]


@dataclass(frozen=True)
class Record:
    """A game's records: the text and JSON writers (``write(game, names, seed)``) and
    readers, each reader refusing a bad record with ``error``."""

    write_text: Callable[..., str]
    read_text: Callable[[str], FamilyGame]
    write_json: Callable[..., dict[str, Any]]
    #: A JSON record as text (what the page saves and copies).
    to_json: Callable[[dict[str, Any]], str]
    read_json: Callable[[object], FamilyGame]
    error: type[Exception]


@dataclass(frozen=True)
class Computers:
    """A game's computers: the level names and the worker's entry point (a view's JSON,
    a level and a seed in; ``{"action": …}`` out), and the hint's search (the acting
    view's JSON and a seed in; the move, its reason and figures out; a request it
    refuses raises a :class:`ValueError` naming the field).  The worker's one request
    of the family (``durak_family_decide_json``, ``durak_family_hint_json`` in
    ``web/worker.py``) names the game and is answered by its entry's computers."""

    levels: tuple[str, ...]
    decide_json: Callable[[str, str, int], str]
    #: ``None``: the game has no hint of its own (the worker says so).
    hint_json: Callable[[str, int], str] | None = None


@dataclass(frozen=True)
class Scoring:
    """How a series of the game's games is scored: ``name`` (``tally``: each game's
    durak counted, a draw counting for nobody; the ordinary game's ``match=cube15``
    scores the doubling cube, §7) and the durak seats of a finished game
    (``()`` for a draw, ``None`` while it is being played)."""

    name: str
    durak_of: Callable[[Any], tuple[int, ...] | None]


@dataclass(frozen=True)
class GameEntry:
    """One game of the family."""

    mode: str
    name_ja: str
    name_en: str
    #: The engine's kind (:data:`durak.family.modes.KINDS`): what builds, draws and
    #: saves it (the page keeps one adapter per kind, :mod:`durak.ui_dom.kinds`).
    kind: str
    #: Its own options, in the settings' order (the ordinary game's 50 for ``durak``;
    #: ``mode`` itself is the family's, not a game's).
    options: tuple[GameOption, ...]
    #: The presets of §5 (the ordinary game's); the other games have none.
    presets: tuple[str, ...]
    #: The player counts the game deals for.
    players: tuple[int, ...]
    #: The rules record the engine reads: :class:`durak.rules.Rules` or
    #: :class:`durak.pile.options.PileRules`.
    rules_type: str
    _engine: Callable[[], Engine]
    _record: Callable[[], Record]
    _computers: Callable[[], Computers]
    scoring: Scoring
    #: A game registered beside the post's eight (:func:`register`) brings what the
    #: page's catalogs hold for those: its rules in a few sentences (ja, en; short
    #: paragraphs, one a line: the table's "how to play" and its rules page) and what a
    #: take picks up (ja, en) …
    how_to: tuple[str, str] = ("", "")
    take: tuple[str, str] = ("", "")
    #: … and, of the pile kind, its mode module (``start``, ``deal``, ``legal``,
    #: ``apply``: :class:`durak.pile.dispatch.ModeRules`), loaded on registering.
    play: Callable[[], Any] | None = None

    @property
    def plays_ordinary(self) -> bool:
        """Whether the ordinary game's rules (docs/rules/durak.md §2) are played in it: its
        kind plays on the ordinary engine (suit_deal's play after its dealing is §2's).
        Its rules page links to the ordinary game's.

        >>> [m for m, e in GAMES.items() if e.plays_ordinary]
        ['durak', 'suit_deal']
        """
        return self.kind != KIND_PILE

    @property
    def engine(self) -> Engine:
        """The engine (imported on first use)."""
        return self._engine()

    @property
    def record(self) -> Record:
        """The records' writers and readers (imported on first use)."""
        return self._record()

    @property
    def computers(self) -> Computers:
        """The computers (imported on first use: the page's first screen has none)."""
        return self._computers()

    def option(self, key: str) -> GameOption:
        """The option ``key`` of this game (a :class:`KeyError` naming it if none)."""
        for o in self.options:
            if o.key == key:
                return o
        raise KeyError(f"mode={self.mode} has no option {key!r}")


# ---- the engines, records and computers, imported on first use ------------------------


@functools.cache
def _durak_engine() -> Engine:
    from durak.game import Game

    return Engine(Game, Game.new, Game.legal_actions, Game.apply, Game.view, Game.clone)


@functools.cache
def _pile_engine() -> Engine:
    from durak.pile.game import PileGame

    return Engine(PileGame, PileGame.new, PileGame.legal_actions, PileGame.apply,
                  PileGame.view, PileGame.clone)


@functools.cache
def _suit_deal_engine() -> Engine:
    from durak.suit_deal.game import SuitDealGame

    return Engine(SuitDealGame, SuitDealGame.new, SuitDealGame.legal_actions,
                  SuitDealGame.apply, SuitDealGame.view, SuitDealGame.clone)


@functools.cache
def _durak_record() -> Record:
    from durak import record

    return Record(record.text_record, record.replay_text, record.json_record, record.to_json,
                  record.replay_json, record.RecordError)


@functools.cache
def _pile_record() -> Record:
    from durak.pile import record

    return Record(record.text_record, record.replay_text, record.json_record, record.to_json,
                  record.replay_json, record.PileRecordError)


@functools.cache
def _suit_deal_record() -> Record:
    from durak import record as ordinary
    from durak.suit_deal import record

    return Record(record.text_record, record.replay_text, record.json_record, ordinary.to_json,
                  record.replay_json, ordinary.RecordError)


def _durak_hint(view_json: str, seed: int) -> str:
    """The ordinary game's hint, imported when first asked (a decision never loads it)."""
    from durak.ai.hint import hint_json

    return hint_json(view_json, seed)


def _pile_hint(view_json: str, seed: int) -> str:
    """The pile games' hint, imported when first asked (a decision never loads it)."""
    from durak.ai.pile_hint import hint_json

    return hint_json(view_json, seed)


@functools.cache
def _durak_computers() -> Computers:
    from durak.ai import levels

    return Computers(levels.LEVELS, levels.decide_json, _durak_hint)


@functools.cache
def _pile_computers() -> Computers:
    from durak.ai import pile_levels

    return Computers(pile_levels.LEVELS, pile_levels.decide_json, _pile_hint)


@functools.cache
def _suit_deal_computers() -> Computers:
    from durak.ai import levels, suit_deal

    return Computers(levels.LEVELS, suit_deal.decide_json, suit_deal.hint_json)


# ---- series scoring ----------------------------------------------------------------


#: Every engine's game ends with a :class:`~durak.family.result.Result`, so one
#: reading of it scores every series.
_TALLY: Final = Scoring("tally", durak_of)


# ---- the entries ---------------------------------------------------------------------


def _option(spec: OptionSpec) -> GameOption:
    ja, en = HELP[spec.key]
    return GameOption(spec, ja, en)


_PLAYERS: Final = (2, 3, 4, 5, 6)


def _pile(mode: str, ja: str, en: str, *specs: OptionSpec) -> GameEntry:
    return GameEntry(mode, ja, en, KIND_PILE, tuple(_option(s) for s in specs), (), _PLAYERS,
                     "PileRules", _pile_engine, _pile_record,
                     _pile_computers, _TALLY)


#: Every game of the family by mode, in the post's order.  The names are the page's
#: (``val.mode.*`` of :mod:`durak.ui_dom.strings_settings`).
_GAMES: Final[dict[str, GameEntry]] = {
    DURAK: GameEntry(
        DURAK, "ドゥラーク", "Durak", KIND_DURAK,
        tuple(_option(s) for s in OPTIONS if s.key != "mode"), PRESET_NAMES, _PLAYERS,
        "Rules", _durak_engine, _durak_record, _durak_computers,
        Scoring("tally or cube15 (match, §7)", durak_of)),
    KURUKURU: _pile(KURUKURU, "くるくる", "Kurukuru", *MODE_SPECS[KURUKURU]),
    CHINESE: _pile(CHINESE, "中国式", "Chinese", *MODE_SPECS[CHINESE]),
    CHUKHONSKY: _pile(CHUKHONSKY, "チュホンスキー", "Chukhonsky", *MODE_SPECS[CHUKHONSKY]),
    HEAP: _pile(HEAP, "山積み", "Heap", *MODE_SPECS[HEAP]),
    # §3.6: "then §2, transfer as set": of the ordinary game's options only transfer.
    SUIT_DEAL: GameEntry(
        SUIT_DEAL, "印合わせ", "Suit deal", KIND_SUIT_DEAL,
        tuple(_option(s) for s in OPTIONS if s.key in SUIT_DEAL_OPTIONS
              and s.key not in ("players", "mode")),
        (), _PLAYERS, "Rules", _suit_deal_engine,
        _suit_deal_record, _suit_deal_computers, _TALLY),
    # No options of their own: crusaders is always ♦ trump with no trump card, polish
    # always a face-up trump card and a shuffled talon.
    CRUSADERS: _pile(CRUSADERS, "十字軍", "Crusaders"),
    POLISH: _pile(POLISH, "ポーランド式", "Polish"),
}
#: Every game of the family by mode, in the post's order, then any game registered
#: beside them (:func:`register`).
GAMES: Final[Mapping[str, GameEntry]] = MappingProxyType(_GAMES)
assert tuple(GAMES) == MODES, "the registry holds every mode, in the post's order"


def pile_game(mode: str, ja: str, en: str, *specs: OptionSpec, play: Callable[[], Any],
              how_to: tuple[str, str], take: tuple[str, str]) -> GameEntry:
    """The entry of a new pile game: the pile engine, record and computers play it by
    its mode module ``play()`` (:class:`durak.pile.dispatch.ModeRules`); its own
    options ``specs`` have no help beyond their own."""
    return replace(_pile(mode, ja, en), options=tuple(GameOption(s, s.help, s.help)
                                                      for s in specs),
                   how_to=how_to, take=take, play=play)


def register(entry: GameEntry) -> None:
    """Add ``entry`` to the family beside the post's eight: from then on its mode is
    read by the rules records, played by its kind's engine and page, counted, written
    and saved like theirs.  A mode already registered is a :class:`ValueError`."""
    if entry.mode in _GAMES:
        raise ValueError(f"mode {entry.mode} is registered already")
    # An option is named by its key alone in a rules text and in the settings.
    taken = {"mode", *(o.key for e in _GAMES.values() for o in e.options)}
    for o in entry.options:
        if o.key in taken:
            raise ValueError(f"option {o.key} of mode {entry.mode} is another game's already")
    if entry.kind == KIND_PILE:
        if entry.play is None:
            raise ValueError(f"the pile game {entry.mode} brings no mode module")
        from durak.pile import dispatch

        dispatch.add_mode(entry.mode, entry.play())
    elif entry.kind not in KINDS:
        raise ValueError(f"unknown kind {entry.kind!r}: expected one of {', '.join(KINDS)}")
    _GAMES[entry.mode] = entry
    REGISTERED[entry.mode] = entry.kind


def unregister(mode: str) -> None:
    """Take a game :func:`register` added out of the family again (the post's stay)."""
    if mode in MODES or mode not in _GAMES:
        raise ValueError(f"mode {mode} was not registered")
    from durak.pile import dispatch

    dispatch.remove_mode(mode)
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


def tally(entry: GameEntry, games: Sequence[Any], players: int) -> list[int]:
    """How often each seat was the durak in the finished ``games`` of one series
    (:attr:`Scoring.durak_of`; the games still being played count for nobody)."""
    out = [0] * players
    for g in games:
        for seat in entry.scoring.durak_of(g) or ():
            out[seat] += 1
    return out


__all__ = ["GAMES", "Computers", "Engine", "FamilyGame", "FamilyView", "GameEntry", "GameOption",
           "Record", "Scoring", "UnknownGameError", "find_game", "pile_game", "register",
           "registered", "tally", "unregister"]
