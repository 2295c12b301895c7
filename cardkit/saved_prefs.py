"""A game's saved preferences and the address over them: what both games' ``prefs`` share.

Both pages resolve their preferences the same way — the address's query string
over the saved settings (one localStorage entry of JSON) over the defaults —
and treat bad input the same way: nothing raises; a corrupt entry (not JSON,
too long, nested too deep, another version) is reported with a visible notice
and handed to ``set_aside`` so the page keeps a copy; a bad field is reported
and dropped, and the entry rewritten without it, so the next visit neither
repeats the notice nor loses the good fields.  This module holds that logic,
parameterised by the game's entry (:class:`SavedPrefs`: its key and version)
and its choices (query key → field, allowed values); the page shell's
:mod:`cardkit.ui_dom.prefs_store` builds each game's resolver on it, and each
game keeps its own key, presets, rule options and texts
(``napoleon.ui_dom.prefs``, ``durak.ui_dom.settings.prefs``).  Pure Python: no browser.

>>> store = SavedPrefs("game.prefs")
>>> problems = Problems()
>>> store.read({"game.prefs": '{"version": 1, "level": "easy"}'}.get, problems, None)
{'version': 1, 'level': 'easy'}
>>> store.read({"game.prefs": "[[[[[[[1]]]]]]]"}.get, problems, None)
{}
>>> problems.items
[('notice.stored_corrupt', {'backup': 'game.prefs.corrupt'})]
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import ClassVar, Final

from cardkit.bounded_json import JsonShapeError, loads_bounded
from cardkit.i18n import DEFAULT_LANGUAGE
from cardkit.problems import Problems
from cardkit.query import parse_fields
from cardkit.saved_entry import exact_version
from cardkit.ui_dom.storage import CORRUPT_SUFFIX  # a plain constant: no browser here

#: Seeds are non-negative and below 2**64 (``?seed=N``).
SEED_LIMIT: Final = 1 << 64
#: Digits of the largest seed: longer digit strings are refused before ``int()``
#: (which raises past 4,300 digits, Python's integer-string limit).
SEED_DIGITS: Final = len(str(SEED_LIMIT - 1))
#: Bounds of the saved settings, checked before parsing (they are ~150 characters,
#: one level deep; JSON nested 100,000 deep once killed the page's Python).
MAX_PREFS_CHARS: Final = 10_000
MAX_PREFS_DEPTH: Final = 4

#: ``stored(key)``: the saved entry (localStorage's ``getItem``), ``None`` if absent.
Stored = Callable[[str], "str | None"]
#: Query key → (preferences field, allowed values), for the preferences that are not rules.
Choices = Mapping[str, tuple[str, tuple[str, ...]]]


@dataclass(frozen=True)
class SavedPrefs:
    """One game's saved settings entry: its storage key and the version it writes."""

    key: str
    version: int = 1

    def parse(self, raw: str) -> object:
        """The entry's JSON, or ``None`` if it is not JSON within the bounds."""
        try:
            return loads_bounded(raw, max_chars=MAX_PREFS_CHARS, max_depth=MAX_PREFS_DEPTH)
        except JsonShapeError:
            return None

    def is_version(self, data: dict[str, object]) -> bool:
        """Whether ``data`` holds this entry's version, exactly (``true`` is not 1).

        >>> SavedPrefs("g").is_version({"version": True}), SavedPrefs("g").is_version(
        ...     {"version": 1})
        (False, True)
        """
        try:
            exact_version(data, self.version, ValueError)
        except ValueError:
            return False
        return True

    def read(
        self, stored: Stored, problems: Problems, set_aside: Callable[[str], None] | None
    ) -> dict[str, object]:
        """The saved settings as a dict; corrupt → notice, set aside, ``{}``."""
        raw = stored(self.key)
        if raw is None:
            return {}
        data = self.parse(raw)
        if not isinstance(data, dict) or not self.is_version(data):
            problems.add("notice.stored_corrupt", backup=self.key + CORRUPT_SUFFIX)
            if set_aside is not None:
                set_aside(self.key)
            return {}
        return data

    def keep_good(
        self,
        problems: Problems,
        data: dict[str, object],
        values: dict[str, str],
        rules_text: str | None,
        set_aside: Callable[[str], None] | None,
        rewrite: Callable[[str], None] | None,
    ) -> None:
        """After reading saved settings ``data`` that had bad fields (``problems``):
        set the entry aside and ``rewrite`` it with the good ``values`` and the rules
        read (``rules_text``; left out when the saved rules could not be played)."""
        if not (problems.items and set_aside is not None and rewrite is not None and data):
            return
        kept: dict[str, object] = {"version": self.version, **values}
        if rules_text is not None and not any(
            key == "notice.stored_bad_combo" for key, _ in problems.items
        ):
            kept["rules"] = rules_text
        set_aside(self.key)
        rewrite(json.dumps(kept, ensure_ascii=False))

    def starting_language(
        self, query: str, saved: str | None, browser_lang: str, languages: tuple[str, ...]
    ) -> str | None:
        """The language to start in when the player has not chosen one, else ``None``.

        A ``lang=`` in the address or a language (one of ``languages``) in the saved
        settings ``saved`` is the player's choice and wins; otherwise the browser's
        language decides: Japanese for ``ja``/``ja-JP``…, English for anything else.
        The saved settings are read within the bounds (they come before anything else).

        >>> store, langs = SavedPrefs("game.prefs"), ("ja", "en")
        >>> store.starting_language("?seed=3", None, "ja-JP", langs)
        'ja'
        >>> store.starting_language("", '{"version": 1, "language": "ja"}', "de", langs) is None
        True
        """
        if any(k == "lang" for k, _v, _t in parse_fields(query.lstrip("?"))):
            return None
        if saved:
            data = self.parse(saved)
            if isinstance(data, dict) and data.get("language") in languages:
                return None
        return "ja" if browser_lang.lower().startswith("ja") else "en"

    def with_language(self, raw: str | None, lang: str) -> str:
        """The saved settings ``raw`` (possibly absent or corrupt) with ``language`` set.

        >>> SavedPrefs("game.prefs").with_language('{"version": 1, "level": "easy"}', "ja")
        '{"version": 1, "level": "easy", "language": "ja"}'
        """
        parsed = self.parse(raw) if raw is not None else None
        data: dict[str, object] = {"version": self.version}
        if isinstance(parsed, dict) and self.is_version(parsed):
            data = parsed
        data["language"] = lang
        return json.dumps(data, ensure_ascii=False)


def stored_choices(data: dict[str, object], choices: Choices, problems: Problems) -> dict[str, str]:
    """The saved settings' valid choices by field; each bad one reported (and dropped).

    >>> p = Problems()
    >>> stored_choices({"level": "easy", "anim": 3}, {"level": ("level", ("easy",)),
    ...                 "anim": ("anim", ("normal",))}, p), p.items
    ({'level': 'easy'}, [('notice.stored_bad_value', {'key': 'anim', 'value': '3'})])
    """
    values: dict[str, str] = {}
    for fname, allowed in choices.values():
        v = data.get(fname)
        if v is None:
            continue
        if isinstance(v, str) and v in allowed:
            values[fname] = v
        else:
            problems.add("notice.stored_bad_value", key=fname, value=str(v))
    return values


def check_choices(prefs: object, choices: Choices) -> None:
    """Refuse a preferences record (``prefs``) whose display choice is none of the
    values ``choices`` allows: a :class:`ValueError` naming the field.  Every game's
    ``Prefs`` checks itself so (what the page reads is checked before it is made).

    >>> from types import SimpleNamespace as Prefs
    >>> check_choices(Prefs(level="hard"), {"level": ("level", ("easy", "normal"))})
    Traceback (most recent call last):
    ValueError: bad level 'hard': expected one of easy, normal
    """
    for name, allowed in choices.values():
        value = getattr(prefs, name)
        if value not in allowed:
            raise ValueError(f"bad {name} {value!r}: expected one of {', '.join(allowed)}")


@dataclass(frozen=True, kw_only=True)
class ShellPrefs:
    """The choices every game's page offers alike, a base of each game's ``Prefs``
    (which adds its rules, first, and its own choices): the language, the animation's
    speed, and the seed, which only ever comes from the address (never saved: a new
    match gets a new deal).  A record checks its display choices against its class's
    :attr:`CHOICES` when made (:func:`check_choices`).

    >>> @dataclass(frozen=True)
    ... class Prefs(ShellPrefs):
    ...     CHOICES = {"anim": ("anim", ("normal", "fast"))}
    ...     rules: str = ""
    >>> Prefs("rules").language, Prefs(anim="slow")
    Traceback (most recent call last):
    ValueError: bad anim 'slow': expected one of normal, fast
    """

    #: Query key → (field, allowed values) of the record's display choices.
    CHOICES: ClassVar[Choices] = {}

    language: str = DEFAULT_LANGUAGE
    anim: str = "normal"
    seed: int | None = None

    def __post_init__(self) -> None:
        check_choices(self, self.CHOICES)


@dataclass
class Address:
    """What the address asks for, besides its reported problems."""

    values: dict[str, str] = field(default_factory=dict)  #: valid choices by field
    rule_fields: list[tuple[str, str, str]] = field(default_factory=list)  #: (key, value, typed)
    seed: int | None = None


def read_address(
    fields: list[tuple[str, str, str]],
    choices: Choices,
    is_rule_key: Callable[[str], bool],
    problems: Problems,
    game: str,
    games: str,
) -> Address:
    """The address's ``(key, value, typed)`` fields read: the rules' fields kept for the
    game to apply, the choices and the seed checked.  A repeated key, a bad value, an
    unknown key or a ``game`` other than ``game`` (the notice lists ``games``) is
    reported quoting the field as typed, and ignored.

    >>> p = Problems()
    >>> a = read_address([("seed", "7", "seed=7"), ("seed", "8", "seed=8"),
    ...                   ("x", "1", "x=1")], {}, lambda k: False, p, "g", "g")
    >>> a.seed, [key for key, _ in p.items]
    (7, ['notice.query_repeated', 'notice.query_unknown_key'])
    """
    out = Address()
    seen: set[str] = set()
    for key, value, typed in fields:
        if key in seen:
            problems.add("notice.query_repeated", key=key, field=typed)
            continue
        seen.add(key)
        if is_rule_key(key):
            out.rule_fields.append((key, value, typed))
        elif key in choices:
            fname, allowed = choices[key]
            if value in allowed:
                out.values[fname] = value
            else:
                problems.add("notice.query_bad_value", field=typed, allowed=", ".join(allowed))
        elif key == "seed":
            if (value.isascii() and value.isdigit() and len(value) <= SEED_DIGITS
                    and int(value) < SEED_LIMIT):
                out.seed = int(value)
            else:
                problems.add("notice.query_bad_value", field=typed,
                             allowed=f"0 … {SEED_LIMIT - 1}")
        elif key == "game":
            if value != game:  # the site's other game would have opened its own page
                problems.add("notice.query_bad_value", field=typed, allowed=games)
        else:
            problems.add("notice.query_unknown_key", field=typed)
    return out
