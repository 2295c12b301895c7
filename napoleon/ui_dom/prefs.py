"""The player's preferences: rules, language, suits, computers' level, animation.

Pure Python (no browser): :func:`load_prefs` resolves the page's query string
over the saved settings over the defaults.  Nothing bad ever raises: a bad or
unknown value is ignored and reported as a notice naming it (in the resolved
language), a corrupt saved entry is reported and handed to ``set_aside`` so the
page can keep a copy instead of silently dropping the user's data.

The saved form (localStorage key :data:`PREFS_KEY`) is JSON::

    {"version": 1, "rules": "preset=sdc&siberia=on", "language": "ja",
     "suit_style": "symbols", "anim": "normal", "level": "strong", "undo": "on"}

Every field is optional; ``rules`` is :meth:`Rules.to_text`.  The query string
uses the rule book's keys (§4) plus ``lang``, ``suits``, ``level``, ``anim``,
``undo`` and ``seed``: ``?preset=guruguru&siberia=on&lang=en&seed=7``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from cardkit.problems import Problems
from cardkit.query import parse_fields, parse_qsl
from cardkit.saved_prefs import (
    SavedPrefs,
    Stored,
    read_address,
    stored_choices,
)
from napoleon.rules import OPTION_BY_KEY, PRESET_NAMES, PRESETS, Rules, RulesError
from napoleon.ui_dom.i18n import DEFAULT_LANGUAGE, LANGUAGES, tr

PREFS_KEY: Final = "napoleon.prefs"
PREFS_VERSION: Final = 1
#: The saved entry, read and written as both games do (:mod:`cardkit.saved_prefs`).
SAVED: Final = SavedPrefs(PREFS_KEY, PREFS_VERSION)

SUIT_STYLES: Final = ("symbols", "elements")
LEVELS: Final = ("easy", "normal", "strong")
ANIMS: Final = ("normal", "fast", "instant")
#: 「待った」 (undo): on by default; off hides the button and ignores Ctrl+Z.
UNDOS: Final = ("on", "off")
#: Query key → (Prefs field, allowed values), for the non-rule preferences.
CHOICES: Final[dict[str, tuple[str, tuple[str, ...]]]] = {
    "lang": ("language", LANGUAGES),
    "suits": ("suit_style", SUIT_STYLES),
    "level": ("level", LEVELS),
    "anim": ("anim", ANIMS),
    "undo": ("undo", UNDOS),
}


@dataclass(frozen=True)
class Prefs:
    """What the player chose; ``seed`` only ever comes from the query string."""

    rules: Rules = field(default_factory=Rules)
    language: str = DEFAULT_LANGUAGE
    suit_style: str = "symbols"
    anim: str = "normal"
    #: :data:`napoleon.ai.levels.DEFAULT_LEVEL` (strong: why, there), written out:
    #: the first screen does not import the AI before it needs it.
    level: str = "strong"
    seed: int | None = None
    undo: str = "on"

    def to_json(self) -> str:
        """The saved form (the seed is not saved: a new match gets a new deal)."""
        return json.dumps(
            {
                "version": PREFS_VERSION,
                "rules": self.rules.to_text(),
                "language": self.language,
                "suit_style": self.suit_style,
                "anim": self.anim,
                "level": self.level,
                "undo": self.undo,
            },
            ensure_ascii=False,
        )

    def share_query(self) -> str:
        """A query string reproducing these rules (and language, level, suits).

        >>> Prefs(Rules.preset("guruguru")).share_query()
        'preset=guruguru&lang=ja&level=strong&suits=symbols'
        """
        extra = f"lang={self.language}&level={self.level}&suits={self.suit_style}"
        return f"{self.rules.to_text()}&{extra}"


def _apply_rule_pairs(
    base: Rules, pairs: list[tuple[str, str, str]], problems: Problems, source: str
) -> Rules:
    """``base`` changed by the valid ``(key, value, typed)`` fields (``preset`` first).

    Each bad field becomes a notice quoting it as typed; an unplayable combination
    falls back to ``base`` with a notice naming the options (the engine's message).
    """
    rules = base
    for key, value, typed in pairs:
        if key == "preset":
            if value in PRESETS:
                rules = PRESETS[value]
            else:
                problems.add(
                    f"notice.{source}_bad_value", key=key, value=value, field=typed,
                    allowed=", ".join(PRESET_NAMES),
                )
    changes: dict[str, object] = {}
    for key, value, typed in pairs:
        if key == "preset":
            continue
        spec = OPTION_BY_KEY[key]
        try:
            changes[spec.field] = spec.from_text(value)
        except RulesError:
            problems.add(
                f"notice.{source}_bad_value", key=key, value=value, field=typed,
                allowed=", ".join(spec.values),
            )
    if not changes:
        return rules
    try:
        return rules.replace(**changes)
    except RulesError as e:
        problems.add(f"notice.{source}_bad_combo", error=str(e))
        return base


def _rule_pairs(text: str) -> list[tuple[str, str]]:
    return parse_qsl(text.strip().removeprefix("?"))


def _fields(text: str) -> list[tuple[str, str, str]]:
    return parse_fields(text.strip().removeprefix("?"))


def _is_rule_key(key: str) -> bool:
    return key == "preset" or key in OPTION_BY_KEY


def parse_stored(raw: str) -> object:
    """The saved settings' JSON, or ``None`` if it is not JSON within the bounds."""
    return SAVED.parse(raw)


def stored_rules(stored: Stored) -> Rules | None:
    """The remembered rules (SdC's 記憶) if the saved settings hold valid ones."""
    data = SAVED.read(stored, Problems(), None)
    text = data.get("rules")
    if not isinstance(text, str):
        return None
    try:
        return Rules.from_text(text)
    except RulesError:
        return None


def load_prefs(
    query: str,
    stored: Stored,
    set_aside: Callable[[str], None] | None = None,
    rewrite: Callable[[str], None] | None = None,
) -> tuple[Prefs, list[str]]:
    """Resolve the preferences: query string > saved settings > defaults.

    ``stored(key)`` reads the saved settings (localStorage's ``getItem``);
    ``set_aside(key)``, if given, is called for a corrupt saved entry.  Saved
    settings with some bad fields are reported once: with ``set_aside`` and
    ``rewrite`` given, the entry is set aside and ``rewrite(text)`` is called
    with the saved settings less the bad fields (the fields it did not hold stay
    unset), so the next visit neither repeats the notice nor loses the good ones.
    Returns the preferences and the notices about everything ignored.

    >>> prefs, notices = load_prefs("?preset=guruguru&siberia=on", lambda k: None)
    >>> prefs.rules.to_text(), notices
    ('preset=guruguru&siberia=on', [])
    >>> prefs, notices = load_prefs("?siberia=maybe&lang=en", lambda k: None)
    >>> prefs.rules == Rules(), notices
    (True, ['Ignored “siberia=maybe” in the address: not a valid value (allowed: off, on)'])
    """
    problems = Problems()
    data = SAVED.read(stored, problems, set_aside)

    # The saved settings, field by field.
    values = stored_choices(data, CHOICES, problems)
    rules = Rules()
    saved_text = data.get("rules")
    if saved_text is not None:
        if isinstance(saved_text, str):
            fields = _fields(saved_text)
            good = [f for f in fields if _is_rule_key(f[0])]
            for k, v, _typed in fields:
                if not _is_rule_key(k):
                    problems.add("notice.stored_bad_value", key=k, value=v)
            rules = _apply_rule_pairs(Rules(), good, problems, "stored")
        else:
            problems.add("notice.stored_bad_value", key="rules", value=str(saved_text))
    SAVED.keep_good(problems, data, values,
                    rules.to_text() if isinstance(saved_text, str) else None, set_aside, rewrite)

    # The query string, which wins.  ``game``: the site's games: a bare address (or
    # game=napoleon) is this page; web/main.py opens Durak's for game=durak, so
    # anything else is a typo.
    address = read_address(_fields(query), CHOICES, _is_rule_key, problems,
                           game="napoleon", games="napoleon, durak")
    values.update(address.values)
    rule_pairs, seed = address.rule_fields, address.seed
    # A query preset starts from that preset; single options change the saved rules.
    rules = _apply_rule_pairs(rules, rule_pairs, problems, "query")

    prefs = Prefs(rules=rules, seed=seed, **values)
    return prefs, problems.texts(prefs.language, tr)


def query_sets_rules(query: str) -> bool:
    """Whether the query string names a preset or a rule option.

    A saved match with other rules should then give way to a new match with the
    rules the link asks for (a shared link reproduces its rules).

    >>> query_sets_rules("?preset=mixi&seed=3"), query_sets_rules("?seed=3&lang=en")
    (True, False)
    """
    return any(k == "preset" or k in OPTION_BY_KEY for k, _ in _rule_pairs(query))


def with_language(raw: str | None, lang: str) -> str:
    """The saved settings ``raw`` (possibly absent or corrupt) with ``language`` set.

    >>> json.loads(with_language(None, "en"))
    {'version': 1, 'language': 'en'}
    """
    return SAVED.with_language(raw, lang)


def share_url(page_url: str, prefs: Prefs) -> str:
    """``page_url`` (query and fragment dropped) with the share query of ``prefs``.

    >>> share_url("https://x.io/napoleon/?seed=3#a", Prefs())
    'https://x.io/napoleon/?preset=sdc&lang=ja&level=strong&suits=symbols'
    """
    from urllib.parse import quote  # only when sharing: costly to import at the page's start

    base = page_url.split("#", 1)[0].split("?", 1)[0]
    return base + "?" + quote(prefs.share_query(), safe="=&_")
