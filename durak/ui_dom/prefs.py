"""The Durak player's preferences: rules, language, computers' level, animation, seed.

Pure Python (no browser): :func:`load_prefs` resolves the page's query string
over the saved settings over the defaults into one immutable :class:`Prefs`
(the table receives that one object).  Nothing bad ever raises: a bad or
unknown value is ignored and reported as a notice naming it (in the resolved
language); a corrupt saved entry (not JSON, too long, nested too deep, another
version) is reported and handed to ``set_aside`` so the page keeps a copy
instead of silently dropping the player's data.

Saved form (localStorage key :data:`PREFS_KEY`, scoped to the site's path like
Napoleon's ``napoleon.prefs``; the two games never read each other's)::

    {"version": 1, "rules": "preset=perevodnoy&players=3", "language": "ja",
     "level": "normal", "anim": "normal"}

Every field is optional; ``rules`` is :meth:`durak.rules.Rules.to_text`.  The
address uses the rule book's keys (DURAK.md §3, §5) plus ``game``, ``lang``,
``level``, ``anim`` and ``seed``:
``?game=durak&preset=perevodnoy&players=4&lang=en&seed=7``.  The number of
players is the rules' ``players`` option.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

from cardkit.problems import Problems
from cardkit.query import parse_fields
from cardkit.saved_prefs import (
    MAX_PREFS_CHARS,
    SavedPrefs,
    Stored,
    read_address,
    stored_choices,
)
from durak.rules import OPTION_BY_KEY, PRESET_CHANGES, PRESET_NAMES, Rules, RulesError
from durak.ui_dom.i18n import DEFAULT_LANGUAGE, LANGUAGES, tr
from durak.ui_dom.page_rules import page_refusal

#: The game's name in the address (``?game=durak``); a bare address is Napoleon.
GAME: Final = "durak"
PREFS_KEY: Final = "durak.prefs"
PREFS_VERSION: Final = 1
#: The saved entry, read and written as both games do (:mod:`cardkit.saved_prefs`).
SAVED: Final = SavedPrefs(PREFS_KEY, PREFS_VERSION)

#: The computers' levels (``durak.ai.levels.LEVELS``; not imported: it pulls in the search).
LEVELS: Final = ("easy", "normal", "strong")
#: Animation speeds; ``instant`` shows a computer's move with no pause.
ANIMS: Final = ("normal", "fast", "instant")
#: Most fields of the address read (a longer address is cut with one notice).
MAX_QUERY_FIELDS: Final = 200

#: Query key → (Prefs field, allowed values), for the non-rule preferences.
CHOICES: Final[dict[str, tuple[str, tuple[str, ...]]]] = {
    "lang": ("language", LANGUAGES),
    "level": ("level", LEVELS),
    "anim": ("anim", ANIMS),
}


@dataclass(frozen=True)
class Prefs:
    """What the player chose; ``seed`` only ever comes from the address."""

    rules: Rules = field(default_factory=Rules)
    language: str = DEFAULT_LANGUAGE
    level: str = "normal"
    anim: str = "normal"
    seed: int | None = None

    def __post_init__(self) -> None:
        for name, allowed in (("language", LANGUAGES), ("level", LEVELS), ("anim", ANIMS)):
            if getattr(self, name) not in allowed:
                raise ValueError(f"bad {name} {getattr(self, name)!r}: expected one of "
                                 f"{', '.join(allowed)}")

    def to_json(self) -> str:
        """The saved form (the seed is not saved: a new match gets a new deal)."""
        return json.dumps(
            {
                "version": PREFS_VERSION,
                "rules": self.rules.to_text(),
                "language": self.language,
                "level": self.level,
                "anim": self.anim,
            },
            ensure_ascii=False,
        )

    def share_query(self) -> str:
        """A query string reproducing the game, its rules, language and level.

        >>> Prefs(Rules.preset("perevodnoy")).share_query()
        'game=durak&preset=perevodnoy&lang=ja&level=normal'
        """
        return f"game={GAME}&{self.rules.to_text()}&lang={self.language}&level={self.level}"


def _apply_rule_fields(
    base: Rules, fields: list[tuple[str, str, str]], problems: Problems, source: str
) -> Rules:
    """``base`` changed by the valid ``(key, value, typed)`` fields (``preset`` first).

    Each bad field becomes a notice quoting it as typed; an unplayable (or not yet
    built) combination falls back to ``base`` with a notice naming the options.
    """
    changes: dict[str, object] = {}
    for key, value, typed in fields:
        if key == "preset":
            if value in PRESET_CHANGES:
                changes = dict(PRESET_CHANGES[value])
            else:
                problems.add(f"notice.{source}_bad_value", key=key, value=value, field=typed,
                             allowed=", ".join(PRESET_NAMES))
    if any(key == "preset" and value in PRESET_CHANGES for key, value, _ in fields):
        base_for_options = Rules()  # a preset replaces the saved rules entirely
    else:
        base_for_options = base
    for key, value, typed in fields:
        if key == "preset":
            continue
        spec = OPTION_BY_KEY[key]
        try:
            changes[key] = spec.from_text(value)
        except RulesError:
            problems.add(f"notice.{source}_bad_value", key=key, value=value, field=typed,
                         allowed=", ".join(spec.values))
    if not changes and base_for_options is base:
        return base
    try:
        rules = base_for_options.replace(**changes)
    except RulesError as e:
        problems.add(f"notice.{source}_bad_combo", error=str(e))
        return base
    refusal = page_refusal(rules)
    if refusal is not None:
        problems.add(f"notice.{source}_bad_combo", error=refusal)
        return base
    return rules


def parse_stored(raw: str) -> object:
    """The saved settings' JSON, or ``None`` if it is not JSON within the bounds.

    >>> parse_stored('{"version": 1}'), parse_stored("[" * 100_000), parse_stored("x" * 20_000)
    ({'version': 1}, None, None)
    """
    return SAVED.parse(raw)


def stored_rules(stored: Stored) -> Rules | None:
    """The remembered rules (the preset list's 記憶) if the saved settings hold valid ones."""
    text = SAVED.read(stored, Problems(), None).get("rules")
    if not isinstance(text, str):
        return None
    try:
        rules = Rules.from_text(text)
    except RulesError:
        return None
    return None if page_refusal(rules) else rules


def _is_rule_key(key: str) -> bool:
    return key == "preset" or key in OPTION_BY_KEY


def load_prefs(
    query: str,
    stored: Stored,
    set_aside: Callable[[str], None] | None = None,
    rewrite: Callable[[str], None] | None = None,
) -> tuple[Prefs, list[str]]:
    """Resolve the preferences: address > saved settings > defaults.

    ``stored(key)`` reads the saved settings (localStorage's ``getItem``);
    ``set_aside(key)``, if given, is called for a corrupt saved entry.  Saved
    settings with some bad fields are reported once: with ``set_aside`` and
    ``rewrite`` given, the entry is set aside and ``rewrite(text)`` is called
    with the saved settings less the bad fields, so the next visit neither
    repeats the notice nor loses the good ones.  A ``preset`` in the address
    starts from that preset; single options in it change the saved rules.

    >>> prefs, notices = load_prefs("?game=durak&preset=perevodnoy&players=3", lambda k: None)
    >>> prefs.rules.to_text(), notices
    ('preset=perevodnoy&players=3', [])
    >>> prefs, notices = load_prefs("?game=durak&transfer=maybe&lang=en", lambda k: None)
    >>> prefs.rules == Rules(), notices
    (True, ['Ignored “transfer=maybe” in the address: not a valid value (allowed: off, on)'])
    """
    problems = Problems()
    data = SAVED.read(stored, problems, set_aside)

    values = stored_choices(data, CHOICES, problems)
    rules = Rules()
    saved_text = data.get("rules")
    if saved_text is not None:
        if isinstance(saved_text, str) and len(saved_text) <= MAX_PREFS_CHARS:
            fields = parse_fields(saved_text.strip())[:MAX_QUERY_FIELDS]
            for k, v, _typed in fields:
                if not _is_rule_key(k):
                    problems.add("notice.stored_bad_value", key=k, value=v)
            good = [f for f in fields if _is_rule_key(f[0])]
            rules = _apply_rule_fields(Rules(), good, problems, "stored")
        else:
            problems.add("notice.stored_bad_value", key="rules", value=str(saved_text))
    SAVED.keep_good(problems, data, values,
                    rules.to_text() if isinstance(saved_text, str) else None, set_aside, rewrite)

    # The address, which wins.
    fields = parse_fields(query.strip().removeprefix("?"))
    if len(fields) > MAX_QUERY_FIELDS:
        problems.add("notice.query_too_long", n=str(MAX_QUERY_FIELDS))
        fields = fields[:MAX_QUERY_FIELDS]
    # ``game``: the page chose Durak; anything else here is a typo.
    address = read_address(fields, CHOICES, _is_rule_key, problems, game=GAME, games=GAME)
    values.update(address.values)
    rule_fields, seed = address.rule_fields, address.seed
    rules = _apply_rule_fields(rules, rule_fields, problems, "query")

    prefs = Prefs(rules=rules, seed=seed, **values)
    return prefs, problems.texts(prefs.language, tr)


def query_sets_rules(query: str) -> bool:
    """Whether the address names a preset or a rule option (a link's own rules).

    >>> query_sets_rules("?game=durak&preset=prostoy"), query_sets_rules("?game=durak&seed=3")
    (True, False)
    """
    return any(_is_rule_key(k) for k, _v, _t in parse_fields(query.strip().removeprefix("?")))


def with_language(raw: str | None, lang: str) -> str:
    """The saved settings ``raw`` (possibly absent or corrupt) with ``language`` set.

    >>> json.loads(with_language(None, "en"))
    {'version': 1, 'language': 'en'}
    >>> json.loads(with_language('{"version": 1, "level": "easy"}', "ja"))
    {'version': 1, 'level': 'easy', 'language': 'ja'}
    """
    return SAVED.with_language(raw, lang)


def page_url(href: str, query: str) -> str:
    """``href`` (query and fragment dropped) with ``query`` (none if empty).

    >>> page_url("https://x.io/napoleon/?seed=3#a", "game=durak")
    'https://x.io/napoleon/?game=durak'
    >>> page_url("https://x.io/napoleon/index.html?game=durak", "")
    'https://x.io/napoleon/index.html'
    """
    base = href.split("#", 1)[0].split("?", 1)[0]
    return f"{base}?{query}" if query else base


def share_url(href: str, prefs: Prefs) -> str:
    """The page's address with the share query of ``prefs``: a link that reproduces them.

    >>> share_url("https://x.io/napoleon/?seed=3#a", Prefs(Rules(players=4), language="en"))
    'https://x.io/napoleon/?game=durak&preset=podkidnoy&players=4&lang=en&level=normal'
    """
    return page_url(href, prefs.share_query())
