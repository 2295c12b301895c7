"""The family's rules records: reading a rules text, merging changes, the settings' rows.

A game of the family is played from its own rules record: the ordinary game and
``suit_deal`` from a :class:`~durak.rules.Rules`, a pile game from a
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
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import astuple, dataclass
from typing import Final

from durak.family.modes import DURAK, PILE_MODES, REGISTERED, SUIT_DEAL, is_pile_mode
from durak.family.registry import GAMES, find_game
from durak.pile.options import PileRules, PileRulesError
from durak.rules import (
    OPTION_BY_KEY,
    PRESET_CHANGES,
    SUIT_DEAL_OPTIONS,
    OptionSpec,
    Rules,
    RulesError,
)

#: The rules of a game of the family, as its engine reads them.
FamilyRules = Rules | PileRules

#: Every mode's own option (a pile game's sub-options), by key, with the mode it
#: belongs to.
MODE_OPTIONS: Final[dict[str, tuple[OptionSpec, str]]] = {
    o.key: (o.spec, mode) for mode in PILE_MODES for o in GAMES[mode].options
}


@dataclass(frozen=True)
class _FamilyMode(OptionSpec):
    """The option ``mode`` as the address and the settings read it: the post's eight
    (the ordinary game's spec) or a game registered beside them."""

    def from_text(self, text: str) -> object:
        return text if text in REGISTERED else super().from_text(text)


#: Every key a rules text of the family may hold: the ordinary game's, then the modes'.
RULE_OPTIONS: Final[Mapping[str, OptionSpec]] = {
    **OPTION_BY_KEY, "mode": _FamilyMode(*astuple(OPTION_BY_KEY["mode"])),
    **{k: spec for k, (spec, _m) in MODE_OPTIONS.items()}}
#: The options every mode shares with the ordinary game.
SHARED: Final = ("mode", "players")


def kind_of(rules: FamilyRules) -> str:
    """The engine's kind of ``rules`` (:attr:`durak.family.registry.GameEntry.kind`)."""
    return find_game(rules.mode).kind


def game_rules(rules: FamilyRules) -> FamilyRules:
    """The rules record ``rules``' engine reads: a pile mode's :class:`Rules` (its
    players) as that mode's :class:`PileRules` with default sub-options; any other
    as it is."""
    if isinstance(rules, Rules) and is_pile_mode(rules.mode):
        return PileRules(mode=rules.mode, players=rules.players)
    return rules


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
    if is_pile_mode(mode):
        kept: dict[str, object] = {}
        if isinstance(base, PileRules) and base.mode == mode:
            kept = {o.key: getattr(base, o.key) for o in GAMES[mode].options}
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
        # ``transfer`` from a suit_deal game, the players from any game.
        keep: dict[str, object] = {"players": base.players}
        if isinstance(base, Rules) and base.mode == SUIT_DEAL:
            keep["transfer"] = base.transfer
        return Rules().replace(**{**keep, **changes})
    if preset is not None:
        return Rules().replace(**{**PRESET_CHANGES[preset], **changes})
    ordinary = base if isinstance(base, Rules) else Rules(players=base.players)
    return ordinary.replace(**changes)


def rules_from_text(text: str) -> FamilyRules:
    """The game's own rules record of a rules text: what :meth:`Rules.to_text` or
    :meth:`PileRules.to_text` writes (a ``Rules`` text of a pile mode gives that
    mode's ``PileRules``, :func:`game_rules`).  Bad text is a
    :class:`~durak.rules.RulesError` naming what is wrong."""
    if not isinstance(text, str):
        raise RulesError(f"a rules text must be text, not {type(text).__name__}")
    fields = dict(part.partition("=")[::2] for part in text.replace("&", " ").split())
    if is_pile_mode(fields.get("mode")):
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
    if is_pile_mode(mode) or mode == SUIT_DEAL:
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
    return not is_pile_mode(mode)


__all__ = ["MODE_OPTIONS", "RULE_OPTIONS", "SHARED", "FamilyRules", "game_rules", "kind_of",
           "make_rules", "row_shown", "rules_from_options", "rules_from_text"]
