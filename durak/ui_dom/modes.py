"""The games Durak's page plays: the ordinary game and the post's other games.

The page's rules are a :class:`~durak.rules.Rules` (``mode=durak``, the
ordinary game and its 50 options) or, for a mode of :data:`PAGE_MODES`, that
mode's own record (:class:`~durak.pile.options.PileRules` for the pile games of
docs/rules/durak.md §3.6).  ``Rules`` itself still refuses every other ``mode``: the page
reads the address, the saved settings and the settings form through
:func:`make_rules` / :func:`rules_from_options`, which hand a mode's options to
its record.  Adding a mode the page plays is one entry of :data:`PAGE_MODES`
(its sub-options, which the address and the settings form accept) and, for a
new kind of engine, one entry of :data:`durak.ui_dom.kinds.KINDS`.

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
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from durak.pile.options import PileRules, PileRulesError
from durak.rules import (
    OPTION_BY_KEY,
    PRESET_CHANGES,
    SUIT_DEAL_OPTIONS,
    OptionSpec,
    Rules,
    RulesError,
)
from durak.ui_dom.page_rules import page_refusal

#: The rules of a game on Durak's page.
TableRules = Rules | PileRules

_OFF_ON: Final = ("off", "on")


@dataclass(frozen=True)
class PageMode:
    """One mode other than ``durak`` the page plays: its engine's kind
    (:data:`durak.ui_dom.kinds.KINDS`) and its own options, in the settings' order
    (each shown only while the mode is chosen)."""

    kind: str
    options: tuple[OptionSpec, ...] = ()


#: The modes the page plays besides the ordinary game, in the post's order (§3.6).
PAGE_MODES: Final[dict[str, PageMode]] = {
    "kurukuru": PageMode("pile", (
        OptionSpec("d9", _OFF_ON, "bool", "the 9 of diamonds leads and clears the pile",
                   "§3.6"),
    )),
    "chinese": PageMode("pile", (
        OptionSpec("chinese_deal_all", _OFF_ON, "bool", "deal every card, no talon", "§3.6"),
        OptionSpec("chinese_ten", _OFF_ON, "bool", "10 ranks between K and A", "§3.6"),
        OptionSpec("chinese_clear", ("five", "players"), "choice",
                   "the pile is discarded at 5 cards or at the players left", "§3.6"),
    )),
    "chukhonsky": PageMode("pile", (
        OptionSpec("chuk_first", ("left", "right"), "choice",
                   "who plays first in later games", "§3.6"),
    )),
    "heap": PageMode("pile", (
        OptionSpec("heap_take", ("all", "last"), "choice",
                   "a take picks up the whole table or its top cards", "§3.6"),
    )),
    # No options of their own: crusaders is always ♦ trump with no trump card, polish
    # always a face-up trump card and a shuffled talon.
    "crusaders": PageMode("pile"),
    "polish": PageMode("pile"),
}

#: Every mode's own option, by key, with the mode it belongs to.
MODE_OPTIONS: Final[dict[str, tuple[OptionSpec, str]]] = {
    spec.key: (spec, mode) for mode, entry in PAGE_MODES.items() for spec in entry.options
}
#: Every key a rules text of the page may hold: the ordinary game's, then the modes'.
RULE_OPTIONS: Final[Mapping[str, OptionSpec]] = {
    **OPTION_BY_KEY, **{k: spec for k, (spec, _m) in MODE_OPTIONS.items()}}
#: The options every mode shares with the ordinary game.
SHARED: Final = ("mode", "players")
#: ``mode=suit_deal`` (§3.6) is a :class:`Rules` of its own kind: a dealing
#: phase (:mod:`durak.suit_deal`) in front of the ordinary game, of whose options only
#: ``transfer`` may change (:data:`durak.rules.SUIT_DEAL_OPTIONS`).
SUIT_DEAL: Final = "suit_deal"


def kind_of(rules: TableRules) -> str:
    """The engine's kind of ``rules``: ``durak``, ``suit_deal`` or its mode's
    (:data:`PAGE_MODES`)."""
    if isinstance(rules, PileRules):
        return PAGE_MODES[rules.mode].kind
    return SUIT_DEAL if rules.mode == SUIT_DEAL else "durak"


def _mode_rules(mode: str, players: int, changes: Mapping[str, object]) -> PileRules:
    for key in changes:
        if key in SHARED:
            continue
        owner = MODE_OPTIONS[key][1] if key in MODE_OPTIONS else "durak"
        if owner == "durak":
            raise RulesError(f"option {key} belongs to the ordinary game (mode=durak), "
                             f"not mode={mode}")
        if owner != mode:
            raise RulesError(f"option {key} belongs to mode={owner}, not mode={mode}")
    values = {k: v for k, v in changes.items() if k not in SHARED}
    try:
        return PileRules(mode=mode, players=players, **values)  # type: ignore[arg-type]
    except PileRulesError as e:
        raise RulesError(str(e)) from None


def make_rules(base: TableRules, preset: str | None, changes: dict[str, object]) -> TableRules:
    """``base`` (or a preset of §5, always an ordinary game) with the options ``changes``
    (key → value read); :class:`~durak.rules.RulesError` when they do not fit together.

    A mode's options keep ``base``'s when it is the same mode; the ordinary game's
    options are not carried into a mode (nor the reverse), only the players from
    one mode to another or back to the ordinary game."""
    mode = str(changes.get("mode", "durak" if preset is not None else base.mode))
    if mode in PAGE_MODES:
        kept: dict[str, object] = {}
        if isinstance(base, PileRules) and base.mode == mode:
            kept = {spec.key: getattr(base, spec.key) for spec in PAGE_MODES[mode].options}
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


def rules_from_text(text: str) -> TableRules:
    """The rules a text of :meth:`Rules.to_text` or :meth:`PileRules.to_text` writes."""
    fields = dict(part.partition("=")[::2] for part in text.replace("&", " ").split())
    if fields.get("mode") in PAGE_MODES:
        try:
            return PileRules.from_text(text)
        except PileRulesError as e:
            raise RulesError(str(e)) from None
    return Rules.from_text(text)


def rules_from_options(options: dict[str, str]) -> TableRules:
    """The rules of the settings form's values: every select's, of which only the
    chosen mode's rows (:func:`row_shown`) count."""
    mode = options.get("mode", "durak")
    if mode in PAGE_MODES or mode == SUIT_DEAL:
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
    mode = options.get("mode", "durak")
    if key in SHARED:
        return True
    if key in MODE_OPTIONS:
        return MODE_OPTIONS[key][1] == mode
    if mode == SUIT_DEAL:
        return key in SUIT_DEAL_OPTIONS
    return mode not in PAGE_MODES


def table_refusal(rules: TableRules) -> str | None:
    """Why the page cannot play ``rules`` (None when it can)."""
    return page_refusal(rules) if isinstance(rules, Rules) else None


__all__ = ["MODE_OPTIONS", "PAGE_MODES", "RULE_OPTIONS", "SUIT_DEAL", "PageMode", "TableRules",
           "kind_of",
           "make_rules", "row_shown", "rules_from_options", "rules_from_text", "table_refusal"]
