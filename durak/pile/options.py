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

from dataclasses import dataclass
from typing import ClassVar, Final

from cardkit.options import (
    OptionsError,
    OptionSpec,
    RulesText,
    check_values,
    problems_text,
    read_text,
    write_text,
)
from durak.family.modes import (
    CHINESE,
    CHUKHONSKY,
    CRUSADERS,
    HEAP,
    KURUKURU,
    PILE_MODES,
    POLISH,
    REGISTERED,
    reads_pile_rules,
)
from durak.rules import option


class PileRulesError(OptionsError):
    """Pile-game options that are unknown, badly written or do not fit together."""


#: The modes built in this package (§3.6), in the post's order.
MODES: Final = PILE_MODES

_OFF_ON: Final = ("off", "on")
#: How many play: every pile game deals for 2 to 6 (the default first).
PLAYERS: Final = option("players", ("3", "2", "4", "5", "6"), "int", "how many play", "§3.6")
#: Each mode's own options (§3.6), declared once: the registry's entries list these.
MODE_SPECS: Final[dict[str, tuple[OptionSpec, ...]]] = {
    KURUKURU: (option("d9", _OFF_ON, "bool",
                      "the 9 of diamonds leads and clears the pile", "§3.6"),),
    CHINESE: (option("chinese_deal_all", _OFF_ON, "bool", "deal every card, no talon", "§3.6"),
              option("chinese_ten", _OFF_ON, "bool", "10 ranks between K and A", "§3.6"),
              option("chinese_clear", ("five", "players"), "choice",
                     "the pile is discarded at 5 cards or at the players left", "§3.6")),
    CHUKHONSKY: (option("chuk_first", ("left", "right"), "choice",
                        "who plays first in later games", "§3.6"),),
    HEAP: (option("heap_take", ("all", "last"), "choice",
                  "a take picks up the whole table or its top cards", "§3.6"),),
}
#: Every option but the mode, in the record's order, with the mode it belongs to
#: (``None``: every mode).
_OWNED: Final[tuple[tuple[OptionSpec, str | None], ...]] = (
    (PLAYERS, None), *((s, mode) for mode, specs in MODE_SPECS.items() for s in specs))
_SPECS: Final = tuple(s for s, _ in _OWNED)
#: A rules text longer than this is refused before it is split (hostile input).
MAX_TEXT: Final = 400


def _extra_modes() -> tuple[str, ...]:
    """The games registered beside the post's that read this record (a pile game, or
    one of a kind of its own)."""
    return tuple(m for m in REGISTERED if m not in MODES and reads_pile_rules(m))


def _mode_spec() -> OptionSpec:
    """The option ``mode``: the post's six and any pile game registered beside them."""
    extra = _extra_modes()
    return OptionSpec("mode", MODES + extra, "choice", "the pile game", "§3.6",
                      error=PileRulesError)


@dataclass(frozen=True)
class PileRules(RulesText):
    """One pile game's options; every value is checked on construction.  Its text
    form (:class:`cardkit.options.RulesText`'s) is ``mode=M`` then every option that
    differs from its default; a text read while other modes are registered is read
    again (:func:`durak.family.registry.register`)."""

    SPECS: ClassVar[tuple[OptionSpec, ...]] = _SPECS
    ERROR: ClassVar[type[OptionsError]] = PileRulesError

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
        if not reads_pile_rules(self.mode):
            raise PileRulesError(f"bad value {self.mode!r} for option 'mode': "
                                 f"expected one of {', '.join(_mode_spec().values)}")
        check_values(self, _SPECS, PileRulesError)
        for spec, owner in _OWNED:
            if owner not in (None, self.mode) and getattr(self, spec.field) != _default(spec):
                raise PileRulesError(f"option {spec.key} belongs to mode {owner}, not {self.mode}")

    def options(self) -> dict[str, str]:
        """Every option as ``key → text value`` (the page's settings form reads these)."""
        return {"mode": self.mode, **super().options()}

    def preset_name(self) -> str | None:
        """No preset of §5 is a pile game (the page's preset selector says "custom")."""
        return None

    def written(self) -> str:
        differ = {s.key: s.to_text(getattr(self, s.field)) for s in _SPECS
                  if getattr(self, s.field) != _default(s)}
        return write_text({"mode": self.mode, **differ})

    @classmethod
    def reading_context(cls) -> tuple[str, ...]:
        return _extra_modes()

    @classmethod
    def read(cls, text: str) -> PileRules:
        """The record written ``text`` (``&`` or spaces between ``key=value``)."""
        if len(text) > MAX_TEXT:
            raise PileRulesError(f"rules text of {len(text)} characters; the limit is {MAX_TEXT}")
        specs = {s.key: s for s in (_mode_spec(), *_SPECS)}
        reading = read_text(text, specs, (), PileRulesError, spaces=True)
        if reading.problems:
            raise PileRulesError(problems_text(reading.problems))
        if "mode" not in reading.values:
            raise PileRulesError("the rules text names no mode (mode=kurukuru, …)")
        return PileRules(**reading.values)  # type: ignore[arg-type]


def _default(spec: OptionSpec) -> object:
    return spec.from_text(spec.values[0])


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
