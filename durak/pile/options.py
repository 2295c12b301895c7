"""The options of Durak's pile games (docs/rules/durak.md §3.6): one frozen record with a text form.

The games built here share one face-up pile: ``kurukuru`` (くるくる, docs/rules/durak.md §3.6),
``chukhonsky`` (チュホンスキー, §3.6), ``chinese`` (中国式, §3.6),
``heap`` (山積み, §3.6), ``crusaders`` (十字軍, §3.6: a dealing game in
front of kurukuru) and ``polish`` (ポーランド式, §3.6).
:class:`PileRules` holds the mode, the players and the mode's own options;
its text form round-trips and reads like the rules text of the default game::

>>> r = PileRules.from_text("mode=chinese&players=4&chinese_ten=on")
>>> r.mode, r.players, r.chinese_ten, r.chinese_clear
('chinese', 4, True, 'five')
>>> r.to_text()
'mode=chinese&players=4&chinese_ten=on'
>>> PileRules.from_text(r.to_text()) == r
True
>>> try:
...     PileRules(mode="kurukuru", chuk_first="right")
... except PileRulesError as e:
...     print(e)
option chuk_first belongs to mode chukhonsky, not kurukuru

Why a record of its own and not :class:`durak.rules.Rules`: the public
``Rules`` describes the ordinary game's ~50 options, none of which a pile game
plays, while a pile game has sub-options of its own (§3.6).  The page, tests, the
benchmark and scripts build the pile engines from this record; ``Rules`` can hand
its ``mode`` and players to :meth:`PileRules.from_text` unchanged (the keys and
values are §3.6's).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Final

from durak.family.modes import (
    CHINESE,
    CHUKHONSKY,
    CRUSADERS,
    HEAP,
    KURUKURU,
    PILE_MODES,
    POLISH,
    is_pile_mode,
)


class PileRulesError(ValueError):
    """Pile-game options that are unknown, badly written or do not fit together."""


#: The modes built in this package (§3.6), in the post's order.
MODES: Final = PILE_MODES

#: Each option: its text values (default first) and the mode it belongs to (None: all).
_OPTIONS: Final[dict[str, tuple[tuple[str, ...], str | None]]] = {
    "mode": (MODES, None),
    "players": (("3", "2", "4", "5", "6"), None),
    "d9": (("off", "on"), KURUKURU),
    "chinese_deal_all": (("off", "on"), CHINESE),
    "chinese_ten": (("off", "on"), CHINESE),
    "chinese_clear": (("five", "players"), CHINESE),
    "chuk_first": (("left", "right"), CHUKHONSKY),
    "heap_take": (("all", "last"), HEAP),
}
_BOOLS: Final = frozenset({"d9", "chinese_deal_all", "chinese_ten"})
#: A rules text longer than this is refused before it is split (hostile input).
MAX_TEXT: Final = 400


@dataclass(frozen=True)
class PileRules:
    """One pile game's options; every value is checked on construction."""

    mode: str = KURUKURU
    players: int = 3
    #: kurukuru: the ♦9 holder leads first; ♦9 on any card clears the pile.
    d9: bool = False
    #: chinese: deal every card, no talon.
    chinese_deal_all: bool = False
    #: chinese: the 10 ranks between K and A.
    chinese_ten: bool = False
    #: chinese: the pile is discarded at ``five`` cards or at the number of ``players`` left.
    chinese_clear: str = "five"
    #: chukhonsky: who plays first in later games, the dealer's ``left`` or ``right``.
    chuk_first: str = "left"
    #: heap: a take picks up the whole table (``all``) or its top 5 / 3 (``last``).
    heap_take: str = "all"

    def __post_init__(self) -> None:
        defaults = PileRules.__dataclass_fields__
        for key, (values, owner) in _OPTIONS.items():
            value = getattr(self, key)
            if key in _BOOLS:
                ok = isinstance(value, bool)
            elif key == "mode":  # the post's six, or a pile game registered beside them
                ok = is_pile_mode(value)
            elif key == "players":
                ok = type(value) is int and 2 <= value <= 6
            else:
                ok = isinstance(value, str) and value in values
            if not ok:
                raise PileRulesError(
                    f"bad value {value!r} for option {key}: expected one of {', '.join(values)}"
                )
            if owner is not None and owner != self.mode and value != defaults[key].default:
                raise PileRulesError(f"option {key} belongs to mode {owner}, not {self.mode}")

    def option_text(self, key: str) -> str:
        value = getattr(self, key)
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def options(self) -> dict[str, str]:
        """Every option as ``key → text value`` (the page's settings form reads these)."""
        return {key: self.option_text(key) for key in _OPTIONS}

    def preset_name(self) -> str | None:
        """No preset of §5 is a pile game (the page's preset selector says "custom")."""
        return None

    def to_text(self) -> str:
        """``mode=M`` then every option that differs from its default, ``&``-separated."""
        parts = [f"mode={self.mode}"]
        for f in dataclasses.fields(self):
            if f.name != "mode" and getattr(self, f.name) != f.default:
                parts.append(f"{f.name}={self.option_text(f.name)}")
        return "&".join(parts)

    @staticmethod
    def from_text(text: str) -> PileRules:
        """The record written ``text`` (``&`` or spaces between ``key=value``)."""
        if not isinstance(text, str):
            raise PileRulesError(f"rules text must be text, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise PileRulesError(f"rules text of {len(text)} characters; the limit is {MAX_TEXT}")
        values: dict[str, object] = {}
        for part in text.replace("&", " ").split():
            key, eq, value = part.partition("=")
            if not eq:
                raise PileRulesError(f"expected key=value, not {part!r}")
            if key not in _OPTIONS:
                raise PileRulesError(
                    f"unknown option {key!r}: expected one of {', '.join(_OPTIONS)}"
                )
            if key in values:
                raise PileRulesError(f"option {key} given twice")
            choices = _OPTIONS[key][0]
            if value not in choices and not (key == "mode" and is_pile_mode(value)):
                raise PileRulesError(
                    f"bad value {value!r} for option {key}: expected one of {', '.join(choices)}"
                )
            values[key] = (value == "on" if key in _BOOLS
                           else int(value) if key == "players" else value)
        if "mode" not in values:
            raise PileRulesError("the rules text names no mode (mode=kurukuru, …)")
        return PileRules(**values)  # type: ignore[arg-type]


def all_mixes() -> list[PileRules]:
    """Every mix of the built modes' options and player counts (2-6): 80 in all
    (``crusaders`` and ``polish`` have no options of their own)."""
    out: list[PileRules] = []
    for n in range(2, 7):
        out.extend(PileRules(mode=KURUKURU, players=n, d9=d) for d in (False, True))
        out.extend(PileRules(mode=CHUKHONSKY, players=n, chuk_first=f)
                   for f in ("left", "right"))
        out.extend(PileRules(mode=CHINESE, players=n, chinese_deal_all=a, chinese_ten=t,
                             chinese_clear=k)
                   for a in (False, True) for t in (False, True) for k in ("five", "players"))
        out.extend(PileRules(mode=HEAP, players=n, heap_take=t) for t in ("all", "last"))
        out.append(PileRules(mode=CRUSADERS, players=n))
        out.append(PileRules(mode=POLISH, players=n))
    return out


__all__ = ["MAX_TEXT", "MODES", "PileRules", "PileRulesError", "all_mixes"]
