"""A game's rule options: their schema and the text form of an options record.

Each game declares its options as a table of :class:`OptionSpec` (key, allowed
text values with the default first, kind, help) and keeps them in one immutable
record (its ``Rules``) with presets.  What is the same in both games lives here:
reading and writing one value, checking a record's values, and the text form
``preset=NAME&key=value…`` that names the nearest preset and the options that
differ from it, with :class:`RulesText`, the methods of the text form a record
class gets by naming its options, its error and how it reads a text.  The games
keep their tables, presets and the checks of which options fit together.

>>> spec = OptionSpec("pass", ("once", "unlimited"), "choice", "may a passed player bid again")
>>> spec.from_text("unlimited"), spec.to_text("unlimited")
('unlimited', 'unlimited')
>>> OptionSpec("on", ("off", "on"), "bool", "").from_text("on")
True
>>> spec.from_text("twice")
Traceback (most recent call last):
  ...
cardkit.options.OptionsError: bad value 'twice' for option 'pass': expected one of once, unlimited
>>> read_text("preset=sdc&pass=once", {"pass": spec}, ("sdc",), OptionsError).values
{'pass': 'once'}
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import ClassVar, Final, Literal, Self, cast

#: How a text value reads: ``bool`` (``on``/``off``), ``int``, ``rank`` (an int, or
#: ``normal`` for ``None``) or ``choice`` (the text itself).
Kind = Literal["bool", "int", "rank", "choice"]


class OptionsError(ValueError):
    """Options that cannot be played, or an options text with bad keys or values.

    Each game raises a subclass of its own (its ``RulesError``), so its callers
    catch that game's errors only."""

    #: Quoted text longer than this is cut (``None``: quoted whole).  Texts come from
    #: links and saves: a game may keep a megabyte of them out of its messages.
    clip: ClassVar[int | None] = None

    @classmethod
    def quote(cls, text: str) -> str:
        """``repr(text)``, cut after :attr:`clip` characters."""
        if cls.clip is None or len(text) <= cls.clip:
            return repr(text)
        return repr(text[:cls.clip] + "…")


@dataclass(frozen=True)
class OptionSpec:
    """One option: its key in texts, allowed text values (the default first), kind,
    help; ``section``: where the game's rule book states it; ``field``: the record's
    field (the key when not given); ``error``: what a bad text value raises."""

    key: str
    values: tuple[str, ...]
    kind: Kind
    help: str
    section: str = ""
    field: str = ""
    error: type[OptionsError] = dataclasses.field(
        default=OptionsError, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.field:
            object.__setattr__(self, "field", self.key)

    def to_text(self, value: object) -> str:
        """The text of ``value`` (``True`` → ``on``, ``None`` rank → ``normal``)."""
        if self.kind == "bool":
            return "on" if value else "off"
        if self.kind == "rank":
            return "normal" if value is None else str(value)
        return str(value)

    def from_text(self, text: str) -> object:
        """The value of one of :attr:`values`; :attr:`error` for any other text."""
        if text not in self.values:
            raise self.error(
                f"bad value {self.error.quote(text)} for option {self.key!r}: "
                f"expected one of {', '.join(self.values)}"
            )
        if self.kind == "bool":
            return text == "on"
        if self.kind == "int":
            return int(text)
        if self.kind == "rank":
            return None if text == "normal" else int(text)
        return text

    def accepts(self, value: object) -> bool:
        """Whether ``value`` is one a record may hold for this option."""
        if self.kind == "bool":
            return isinstance(value, bool)
        if self.kind == "rank" and value is None:
            return "normal" in self.values
        if self.kind in ("int", "rank"):
            return type(value) is int and str(value) in self.values
        return value in self.values


def check_values(record: object, options: Iterable[OptionSpec],
                 error: type[OptionsError]) -> None:
    """Raise ``error`` naming the first option whose value ``record`` may not hold."""
    for spec in options:
        value = getattr(record, spec.field)
        if not spec.accepts(value):
            raise error(
                f"bad value {value!r} for option {spec.key!r}: "
                f"expected one of {', '.join(spec.values)}"
            )


def option_texts(record: object, options: Iterable[OptionSpec]) -> dict[str, str]:
    """Every option of ``record`` as ``key → text value``, in the table's order."""
    return {o.key: o.to_text(getattr(record, o.field)) for o in options}


def nearest_preset(texts: Mapping[str, str], presets: Iterable[tuple[str, Mapping[str, str]]]
                   ) -> tuple[str, dict[str, str]]:
    """Of ``(name, option texts)`` presets, the one needing the fewest changes to give
    ``texts`` (the first on a tie), and those changes as ``key → text``."""
    best: tuple[str, dict[str, str]] | None = None
    for name, theirs in presets:
        diffs = {k: v for k, v in texts.items() if theirs[k] != v}
        if best is None or len(diffs) < len(best[1]):
            best = (name, diffs)
    if best is None:
        raise ValueError("no preset to start from")
    return best


def write_text(pairs: Mapping[str, str]) -> str:
    """``key=value`` pairs joined by ``&``, in the given order.

    >>> write_text({"preset": "sdc", "pass": "unlimited"})
    'preset=sdc&pass=unlimited'
    """
    return "&".join(f"{k}={v}" for k, v in pairs.items())


@dataclass
class TextReading:
    """What an options text said: its known ``preset`` (``None``: none or unknown),
    its options' texts (``key → text``), their values by record field, and every
    problem found, in the order met."""

    preset: str | None
    texts: dict[str, str]
    values: dict[str, object]
    problems: list[str]


def read_text(text: str, options: Mapping[str, OptionSpec], preset_names: Iterable[str],
              error: type[OptionsError], *, spaces: bool = False) -> TextReading:
    """Read ``[?]preset=NAME&key=value…`` (keys in any order, ``preset`` optional).

    ``&`` separates the pairs (and whitespace too with ``spaces``); blanks around
    keys and values are dropped.  A pair without ``=``, a key given twice, an
    unknown key or preset and a bad value are problems (quoted by ``error``), and
    none stops the reading: the caller raises them all together."""
    names = tuple(preset_names)
    texts: dict[str, str] = {}
    problems: list[str] = []
    body = text.strip().lstrip("?")
    parts = body.replace("&", " ").split() if spaces else body.split("&") if body else []
    for part in parts:
        if not part:
            continue
        key, sep, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if not sep:
            problems.append(f"{error.quote(key)} has no value")
        elif key in texts:
            problems.append(f"option {error.quote(key)} given twice")
        elif key != "preset" and key not in options:
            problems.append(f"unknown option {error.quote(key)}")
        else:
            texts[key] = value
    preset: str | None = None
    if "preset" in texts:
        name = texts.pop("preset")
        if name in names:
            preset = name
        else:
            problems.append(
                f"unknown preset {error.quote(name)}: expected one of {', '.join(names)}")
    values: dict[str, object] = {}
    for key, value in texts.items():
        spec = options[key]
        try:
            values[spec.field] = spec.from_text(value)
        except OptionsError as e:
            problems.append(str(e))
    return TextReading(preset, texts, values, problems)


def problems_text(problems: list[str], most: int | None = None) -> str:
    """The problems joined by ``; ``, the first ``most`` only and a count of the rest.

    >>> problems_text(["a", "b", "c"], most=2)
    'a; b; and 1 more'
    """
    if most is None or len(problems) <= most:
        return "; ".join(problems)
    return "; ".join(problems[:most]) + f"; and {len(problems) - most} more"


#: The longest rules text whose record :meth:`RulesText.from_text` keeps for the
#: next read (a longer one is read each time), and how many records are kept.
MAX_KEPT_TEXT: Final = 1000
KEPT_RECORDS: Final = 256


class RulesText:
    """The text form of a frozen (hashable) rules record, for its class to inherit.

    The class names its options in declared order (``SPECS``) and its error
    (``ERROR``), and writes :meth:`read` (a first reading of a text) and, unless
    its text is ``preset=NAME`` and the changes of :meth:`base_preset`,
    :meth:`written`.  A text read before gives the same (immutable) record again,
    and a record writes its text once: every view of a game names its rules by
    the same text, read back many times.  A text that is not ``str`` is refused
    with the class's own error.
    """

    __slots__ = ()

    SPECS: ClassVar[tuple[OptionSpec, ...]]
    ERROR: ClassVar[type[OptionsError]]
    #: ``SPECS`` by key (set for each class that names them).
    _SPEC_BY_KEY: ClassVar[dict[str, OptionSpec]] = {}

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        if "SPECS" in cls.__dict__:
            cls._SPEC_BY_KEY = {spec.key: spec for spec in cls.SPECS}

    @classmethod
    def read(cls, text: str) -> Self:
        """The record ``text`` names, read anew (``ERROR`` naming every problem)."""
        raise NotImplementedError

    @classmethod
    def reading_context(cls) -> Hashable:
        """What else than the text a reading depends on (kept readings are keyed by it)."""
        return ()

    def base_preset(self) -> tuple[str, dict[str, str]]:
        """The preset needing the fewest changes, and those changes."""
        raise NotImplementedError

    def written(self) -> str:
        """The text, written anew: ``preset=NAME`` then the options that differ from it."""
        name, changes = self.base_preset()
        return write_text({"preset": name, **changes})

    def option_text(self, key: str) -> str:
        """The text value of the option ``key`` (read alone: a record's checks on
        construction ask for some, before the record is kept anywhere)."""
        spec = self._SPEC_BY_KEY.get(key)
        if spec is None:
            return self.options()[key]
        return spec.to_text(getattr(self, spec.field))

    def options(self) -> dict[str, str]:
        """Every option as ``key → text value``, in declared order."""
        return dict(_options_of(self))

    def differences(self, other: Self) -> dict[str, str]:
        """Options whose value differs from ``other``, as ``key → our text``."""
        mine, theirs = self.options(), other.options()
        return {k: v for k, v in mine.items() if theirs[k] != v}

    def to_text(self) -> str:
        """The stable text form (:meth:`from_text` reads it back to an equal record)."""
        return _text_of(self)

    @classmethod
    def from_text(cls, text: str) -> Self:
        """The record ``text`` names (``&``-separated ``key=value`` pairs)."""
        if not isinstance(text, str):
            raise cls.ERROR(f"rules text must be text, not {type(text).__name__}")
        if len(text) > MAX_KEPT_TEXT:
            return cls.read(text)
        rules = _kept_reading(cast(type, cls), text, cls.reading_context())
        assert isinstance(rules, cls)
        return rules

    @classmethod
    def from_options(cls, options: Mapping[str, str]) -> Self:
        """The record ``key → text value`` pairs name (``preset`` allowed)."""
        return cls.from_text(write_text(options))

    def __str__(self) -> str:
        return self.to_text()


@functools.lru_cache(maxsize=KEPT_RECORDS)
def _kept_reading(cls: type, text: str, context: Hashable) -> RulesText:
    assert issubclass(cls, RulesText)
    return cls.read(text)


@functools.lru_cache(maxsize=KEPT_RECORDS)
def _options_of(rules: RulesText) -> tuple[tuple[str, str], ...]:
    return tuple(option_texts(rules, rules.SPECS).items())


@functools.lru_cache(maxsize=KEPT_RECORDS)
def _text_of(rules: RulesText) -> str:
    return rules.written()
