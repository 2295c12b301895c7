"""The family's rules records: reading a rules text, merging changes, the settings' rows.

A game of the family is played from its own rules record: the ordinary game and
the suit deal from a :class:`~durak.rules.Rules`, a pile game from a
:class:`~durak.pile.options.PileRules` (its sub-options, §3.6).  ``Rules`` of a pile
mode holds only its players (:data:`durak.rules.PILE_OPTIONS`);
:func:`game_rules` turns it into the pile game's record.  The address, the saved
settings and the settings form are read here, so that a mode's options go to its
record (the registry, :data:`durak.family.registry.GAMES`, says which are whose).

>>> make_rules(Rules(), None, {"mode": "kurukuru", "d9": True}).to_text()
'mode=kurukuru&d9=on'
>>> make_rules(Rules(), None, {"mode": "heap", "transfer": True})
Traceback (most recent call last):
...
durak.rules.RulesError: option transfer belongs to the ordinary game (mode=durak), not mode=heap
>>> rules_from_options({**Rules().options(), "mode": "chinese", "chinese_ten": "on"})
PileRules(mode='chinese', players=2, d9=False, chinese_deal_all=False, chinese_ten=True, \
chinese_clear='five', chuk_first='left', heap_take='all')
>>> row_shown({"mode": "chinese"}, "chinese_ten"), row_shown({"mode": "chinese"}, "transfer")
(True, False)
>>> rules_from_text("mode=heap&heap_take=last&players=4").to_text()
'mode=heap&players=4&heap_take=last'
>>> game_rules(Rules(mode="heap", players=4))
PileRules(mode='heap', players=4, d9=False, chinese_deal_all=False, chinese_ten=False, \
chinese_clear='five', chuk_first='left', heap_take='all')

The lists of games and options here (:data:`MODE_OPTIONS`, :data:`RULE_OPTIONS`,
:func:`mode_spec`) are read from the registry when they are used, not when this
module loads: the page registers a game beside the post's eight as it opens, after
its modules were imported (or restored from the build's memory snapshot).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace
from typing import Final, TypeVar

from cardkit.options import OptionSpec
from durak.family.modes import DURAK, SUIT_DEAL, reads_pile_rules
from durak.family.registry import GAMES, GameEntry, find_game
from durak.pile.options import PileRules, PileRulesError
from durak.rules import (
    OPTION_BY_KEY,
    PRESET_CHANGES,
    SUIT_DEAL_OPTIONS,
    Rules,
    RulesError,
)

#: The rules of a game of the family, as its engine reads them.
FamilyRules = Rules | PileRules

V = TypeVar("V")


class FromRegistry(Mapping[str, V]):
    """A mapping built from the registry's entries, built again whenever a game was
    registered (or taken out) since it was last read."""

    def __init__(self, build: Callable[[tuple[GameEntry, ...]], dict[str, V]]) -> None:
        self._build = build
        self._games: tuple[GameEntry, ...] = ()
        self._now: dict[str, V] = {}

    def _read(self) -> dict[str, V]:
        games = tuple(GAMES.values())
        if len(games) != len(self._games) or any(
                a is not b for a, b in zip(games, self._games, strict=True)):
            self._games, self._now = games, self._build(games)
        return self._now

    def __getitem__(self, key: str) -> V:
        return self._read()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())


def _mode_options(games: tuple[GameEntry, ...]) -> dict[str, tuple[OptionSpec, str]]:
    return {o.key: (o.spec, e.mode) for e in games if reads_pile_rules(e.mode) for o in e.options}


#: Every mode's own option (a pile game's sub-options, a registered game's own), by
#: key, with the mode it belongs to.
MODE_OPTIONS: Final[Mapping[str, tuple[OptionSpec, str]]] = FromRegistry(_mode_options)


def mode_spec() -> OptionSpec:
    """The option ``mode`` as the address and the settings read it: every game of the
    registry, the post's eight and any registered beside them, in its order.

    >>> mode_spec() == OPTION_BY_KEY["mode"]
    True
    """
    values = tuple(GAMES)
    ordinary = OPTION_BY_KEY["mode"]
    return ordinary if values == ordinary.values else replace(ordinary, values=values)


def _rule_options(_games: tuple[GameEntry, ...]) -> dict[str, OptionSpec]:
    return {**OPTION_BY_KEY, "mode": mode_spec(),
            **{k: spec for k, (spec, _m) in MODE_OPTIONS.items()}}


#: Every key a rules text of the family may hold: the ordinary game's, then the modes'.
RULE_OPTIONS: Final[Mapping[str, OptionSpec]] = FromRegistry(_rule_options)
#: The options every mode shares with the ordinary game.
SHARED: Final = ("mode", "players")


def kind_of(rules: FamilyRules) -> str:
    """The engine's kind of ``rules`` (:attr:`durak.family.registry.GameEntry.kind`)."""
    return find_game(rules.mode).kind


def game_rules(rules: FamilyRules) -> FamilyRules:
    """The rules record ``rules``' engine reads: a pile mode's :class:`Rules` (its
    players) as that mode's :class:`PileRules` with default sub-options; any other
    as it is."""
    if isinstance(rules, Rules) and reads_pile_rules(rules.mode):
        return PileRules(mode=rules.mode, players=rules.players)
    return rules


#: The options a pile game's record holds (:class:`PileRules`' fields).
_HELD: Final = frozenset(PileRules.__dataclass_fields__)


def _mode_rules(mode: str, players: int, changes: Mapping[str, object]) -> PileRules:
    for key in changes:
        if key in SHARED:
            continue
        owner = MODE_OPTIONS[key][1] if key in MODE_OPTIONS else DURAK
        if owner == DURAK:
            raise RulesError(f"option {key} belongs to the ordinary game (mode=durak), "
                             f"not mode={mode}")
        if owner != mode:
            raise RulesError(f"option {key} belongs to mode={owner}, not mode={mode}")
    values = {k: v for k, v in changes.items() if k not in SHARED}
    for key in [k for k in values if k not in _HELD]:
        # A registered game's own option: its record (PileRules) holds the post's
        # options only, so its game is played at the option's default.
        spec = MODE_OPTIONS[key][0]
        if values.pop(key) != spec.from_text(spec.values[0]):
            raise RulesError(f"option {key} of mode={mode} is played at its default "
                             f"({spec.values[0]}) only")
    try:
        return PileRules(mode=mode, players=players, **values)  # type: ignore[arg-type]
    except PileRulesError as e:
        raise RulesError(str(e)) from None


def make_rules(base: FamilyRules, preset: str | None,
               changes: dict[str, object]) -> FamilyRules:
    """``base`` (or a preset of §5, always an ordinary game) with the options ``changes``
    (key → value read); :class:`~durak.rules.RulesError` when they do not fit together.

    A mode's options keep ``base``'s when it is the same mode; the ordinary game's
    options are not carried into a mode (nor the reverse), only the players from
    one mode to another or back to the ordinary game."""
    mode = str(changes.get("mode", DURAK if preset is not None else base.mode))
    if reads_pile_rules(mode):
        kept: dict[str, object] = {}
        if isinstance(base, PileRules) and base.mode == mode:
            kept = {o.key: getattr(base, o.key) for o in GAMES[mode].options
                    if o.key in _HELD}
        # A mode's text leaves out its default players (3, the rule book's usual
        # table), so ``mode=heap`` alone is 3 players whatever the ordinary game had.
        players = changes.get("players", base.players if isinstance(base, PileRules)
                              else PileRules().players)
        if type(players) is not int:
            raise RulesError(f"bad value {players!r} for option players")
        return _mode_rules(mode, players, {**kept, **changes})
    stray = [k for k in changes if k in MODE_OPTIONS]
    if stray:
        k = stray[0]
        raise RulesError(f"option {k} belongs to mode={MODE_OPTIONS[k][1]}, not mode={mode}")
    if mode == SUIT_DEAL and preset is None:
        # Only the players and ``transfer`` carry over (the rest would be refused):
        # ``transfer`` from a suit deal game, the players from any game.
        keep: dict[str, object] = {"players": base.players}
        if isinstance(base, Rules) and base.mode == SUIT_DEAL:
            keep["transfer"] = base.transfer
        return Rules().replace(**{**keep, **changes})
    if preset is not None:
        return Rules().replace(**{**PRESET_CHANGES[preset], **changes})
    ordinary = base if isinstance(base, Rules) else Rules(players=base.players)
    return ordinary.replace(**changes)


#: Every table size of the family's option ``players`` (docs/rules/durak.md §2.1).
TABLE_SIZES: Final = (2, 3, 4, 5, 6)


def player_counts(rules: FamilyRules) -> tuple[int, ...]:
    """The table sizes ``rules``' game is played at, its other options kept (the
    pass-and-play form offers these): a size :func:`make_rules` refuses is left out
    (``team2`` is four players, a pile game's option may need more than two)."""
    counts = []
    for n in TABLE_SIZES:
        try:
            make_rules(rules, None, {"players": n})
        except RulesError:
            continue
        counts.append(n)
    return tuple(counts)


def rules_from_text(text: str) -> FamilyRules:
    """The game's own rules record of a rules text: what :meth:`Rules.to_text` or
    :meth:`PileRules.to_text` writes (a ``Rules`` text of a pile mode gives that
    mode's ``PileRules``, :func:`game_rules`).  Bad text is a
    :class:`~durak.rules.RulesError` naming what is wrong."""
    if not isinstance(text, str):
        raise RulesError(f"a rules text must be text, not {type(text).__name__}")
    fields = dict(part.partition("=")[::2] for part in text.replace("&", " ").split())
    if reads_pile_rules(fields.get("mode")):
        if "preset" in fields:
            return game_rules(Rules.from_text(text))
        try:
            return PileRules.from_text(text)
        except PileRulesError as e:
            raise RulesError(str(e)) from None
    return Rules.from_text(text)


def rules_from_options(options: dict[str, str]) -> FamilyRules:
    """The rules of the settings form's values: every select's, of which only the
    chosen mode's rows (:func:`row_shown`) count."""
    mode = options.get("mode", DURAK)
    if reads_pile_rules(mode) or mode == SUIT_DEAL:
        changes: dict[str, object] = {}
        for key, value in options.items():
            if key in SHARED or row_shown(options, key):
                try:
                    changes[key] = RULE_OPTIONS[key].from_text(value)
                except KeyError:
                    raise RulesError(f"unknown option {key!r}") from None
        return make_rules(Rules(), None, changes)
    return Rules.from_options({k: v for k, v in options.items() if k not in MODE_OPTIONS})


def row_shown(options: Mapping[str, str], key: str) -> bool:
    """Whether the settings show option ``key`` while the form says ``options``: the
    ordinary game's options with ``mode=durak``, a mode's own (and the players) with it."""
    mode = options.get("mode", DURAK)
    if key in SHARED:
        return True
    if key in MODE_OPTIONS:
        return MODE_OPTIONS[key][1] == mode
    if mode == SUIT_DEAL:
        return key in SUIT_DEAL_OPTIONS
    return not reads_pile_rules(mode)


__all__ = ["MODE_OPTIONS", "RULE_OPTIONS", "SHARED", "TABLE_SIZES", "FamilyRules",
           "FromRegistry", "game_rules", "kind_of", "make_rules", "mode_spec", "player_counts",
           "row_shown", "rules_from_options", "rules_from_text"]
