"""What a game of the Durak family is, as the registry (:mod:`durak.family.registry`)
holds it: a :class:`GameEntry` of plain data (its ``mode``, names, options,
presets, players) and, loaded on first use so that reading an entry imports no
engine and no computer, its :class:`Engine`, :class:`Record` and
:class:`Computers`.  Each game's package builds its own entries with these (the
ordinary game's in :mod:`durak.ordinary_entry`, the pile games' in
:mod:`durak.pile.entries`, and so on); every game of the family satisfies
:class:`FamilyGame`, so a caller that holds an entry plays any of them the same way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from cardkit.options import OptionSpec
from durak.family.modes import KIND_PILE
from durak.family.option_help import HELP
from durak.family.result import Result, durak_of


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


def deal_seed(match_seed: int, number: int) -> int:
    """The seed game ``number`` of a series is dealt from.

    >>> deal_seed(7, 1) == 7, deal_seed(7, 2) != deal_seed(7, 1)
    (True, True)
    """
    return match_seed if number == 1 else (match_seed * 1_000_033 + number) % (1 << 32)


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
    """A game's engine: its class, the functions over a game of it, its actions as text,
    its views as a guest reads them, and how a series deals its games."""

    game_class: type
    #: ``new(rules, seed)``: a game dealt from ``seed`` with the game's own rules record.
    new: Callable[[Any, int], FamilyGame]
    legal_actions: Callable[[Any], Sequence[Any]]
    apply: Callable[..., None]
    view: Callable[[Any, int], Any]
    clone: Callable[[Any], FamilyGame]
    #: An action from its text as :attr:`history` writes it; text that is none is a
    #: :class:`~durak.actions.ActionTextError` saying why.
    parse_action: Callable[[str], Any]
    #: The actions made so far in a game, each with its seat, in the engine's text.
    history: Callable[[Any], list[tuple[int, str]]]
    #: How many actions were made so far in a game (the moment an action answers).
    moves: Callable[[Any], int]
    #: A seat's view from its plain JSON form, every field of its exact type and range
    #: (the view's own error naming the first that is not).
    read_view: Callable[[dict[str, object]], Any]
    #: Whether plain JSON data has this engine's own view form (``None``: the form of
    #: any view no other engine claims, the ordinary game's).
    owns_view: Callable[[Mapping[str, object]], bool] | None
    #: The classes of the views :attr:`read_view` returns.
    view_types: tuple[type, ...]
    #: One line of a guest's record from one of those views (what that seat saw).
    seen_line: Callable[[Any], str]
    #: ``bench(rules)``: the benchmark's game, ``play(seed, rng)`` dealing a game of
    #: ``rules`` from ``seed`` and playing it out with random legal moves.
    bench: Callable[[Any], Callable[[int, random.Random], object]]
    #: ``deal(rules, series_seed, number, dealer)``: game ``number`` of the series of
    #: seed ``series_seed`` (each engine draws the game's own seed from it: most by
    #: :func:`deal_seed`) dealt by ``dealer`` (``None``: game 1's,
    #: drawn from the seed); ``None``: the game deals no series.
    deal: Callable[[Any, int, int, int | None], FamilyGame] | None = None
    #: Who deals the game after a finished game of a series (the durak; after a draw
    #: as the game's rules say).
    next_dealer: Callable[[Any], int] | None = None
    #: Who dealt a game of a series.
    dealer_of: Callable[[Any], int] | None = None
    #: An action in the text :attr:`parse_action` reads (what a click on a move of a
    #: kind of its own sends: :mod:`durak.ui_dom.play.family_table`).
    action_text: Callable[[Any], str] | None = None
    #: A game as it was dealt, before its first move (what a review replays each
    #: decision from: :mod:`durak.ui_dom.review.own_review_view`).
    start: Callable[[Any], Any] | None = None


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
    #: The JSON record's ``format`` and the text record's first word, by which a
    #: record's reader is found (:func:`durak.cli.cmd_replay`).
    format: str
    head: str
    #: Whether the writers take the game's number in its series after the seed (the
    #: pile games' records read it from their game).
    numbered: bool = True

    def write_link(self, game: Any, seed: int | None, number: int) -> dict[str, Any]:
        """The JSON record of ``game``, the ``number``-th of its series, that a shared
        game link carries, naming ``seed`` (``None``: a page that was not told it)."""
        if self.numbered:
            return self.write_json(game, None, seed, number)
        return self.write_json(game, None, seed)


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
    #: Whether a series' save keeps every finished game (the ordinary game's: its
    #: strong computer reads the human through all of them), not only the record
    #: screen's last ones.
    every_game: bool = False


@dataclass(frozen=True)
class GameEntry:
    """One game of the family."""

    mode: str
    name_ja: str
    name_en: str
    #: The engine's kind (:data:`durak.family.modes.KINDS`): what draws it (the page
    #: keeps one adapter per kind, :mod:`durak.ui_dom.kinds`).
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
    #: A game registered beside the post's eight brings what the page's catalogs hold
    #: for those: its rules in a few sentences (ja, en; short
    #: paragraphs, one a line: the table's "how to play" and its rules page) and what a
    #: take picks up (ja, en) …
    how_to: tuple[str, str] = ("", "")
    take: tuple[str, str] = ("", "")
    #: What registering the game does beside adding its entry (a pile game added later:
    #: its engine learns its mode module), and what taking it out again undoes.
    admit: Callable[[], None] | None = None
    dismiss: Callable[[], None] | None = None

    @property
    def plays_ordinary(self) -> bool:
        """Whether the ordinary game's rules (docs/rules/durak.md §2) are played in it: its
        kind plays on the ordinary engine (a dealing phase may come first).  Its rules
        page links to the ordinary game's."""
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


#: Every engine's game ends with a :class:`~durak.family.result.Result`, so one
#: reading of it scores every series.
TALLY: Final = Scoring("tally", durak_of)
#: The player counts the post's games deal for.
PLAYERS: Final = (2, 3, 4, 5, 6)


def option(spec: OptionSpec) -> GameOption:
    """The option ``spec`` with its help in both languages (:mod:`durak.family.option_help`)."""
    ja, en = HELP[spec.key]
    return GameOption(spec, ja, en)


__all__ = ["PLAYERS", "TALLY", "Computers", "Engine", "FamilyGame", "FamilyView", "GameEntry",
           "GameOption", "Record", "Scoring", "deal_seed", "option"]
