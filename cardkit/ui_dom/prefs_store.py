"""A game's preferences resolved and written: the page shell's one resolver.

Every game page resolves its preferences the same way — the address's query
string over the saved settings (one localStorage entry of JSON,
:class:`cardkit.saved_prefs.SavedPrefs`) over the defaults — and every game's
preferences are the same kind of record: its rules, a few display choices (the
language, the computers' level, …) and a seed that only the address gives.  A
game registers one :class:`PrefsStore` naming what is its own:

* its rules (:class:`RuleBook`): the default, the text form, the options by key,
  the presets and how a preset and option changes make rules, and (optionally)
  why the page refuses rules the engine accepts;
* its display choices (query key → field, allowed values), the order its saved
  entry writes them in and the keys its share link carries;
* its preferences record (``make``), its name in the address and its translator.

The store then gives the game's ``load_prefs``, ``stored_rules``,
``query_sets_rules``, ``query_rules``, ``with_language``, ``share_url`` and the saved and shared
forms of a preferences record.  Nothing bad raises: a bad or unknown value is
ignored and reported as a notice quoting it as typed (in the resolved language),
a corrupt saved entry is reported and handed to ``set_aside``, and an entry with
bad fields is rewritten without them (``rewrite``), so the next visit neither
repeats the notice nor loses the good fields.  Pure Python: no browser here.

The saved form is the one both games have written since their first version
(``{"version": 1, "rules": "<Rules.to_text()>", "language": "ja", …}``): a
store reads every entry a game wrote before it existed (the games' tests hold
entries in that form).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final, Generic, Protocol, TypeVar

from cardkit.problems import Problems
from cardkit.query import parse_fields, with_fields
from cardkit.saved_prefs import (
    MAX_PREFS_CHARS,
    Choices,
    SavedPrefs,
    Stored,
    read_address,
    stored_choices,
)

#: Most fields of the address (or of the saved rules text) read: a longer address
#: is cut there with one notice (``notice.query_too_long``).
MAX_QUERY_FIELDS: Final = 200
#: The computers' levels and the animation speeds the shell's words name
#: (``level.*``, ``anim.*`` in :mod:`cardkit.ui_dom.strings_shell`); a game offers
#: these unless it has others (each game's tests hold them to its AI's levels).
LEVELS: Final = ("easy", "normal", "strong")
ANIMS: Final = ("normal", "fast", "instant")


def shell_choices(languages: tuple[str, ...]) -> dict[str, tuple[str, tuple[str, ...]]]:
    """The display choices every game's page offers, as its ``choices`` name them
    (query key → preferences field, allowed values): its ``languages``, the computers'
    :data:`LEVELS` and the :data:`ANIMS`; a game adds its own after them."""
    return {"lang": ("language", languages), "level": ("level", LEVELS),
            "anim": ("anim", ANIMS)}
#: What a share link writes as it is (``quote``'s always-safe characters and ``=&``).
_UNESCAPED: Final = frozenset(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~=&")


class OptionText(Protocol):
    """One rule option as the store reads it: its allowed texts and their reading."""

    @property
    def values(self) -> tuple[str, ...]: ...

    def from_text(self, text: str) -> object: ...


class HasRulesText(Protocol):
    def to_text(self) -> str: ...


R = TypeVar("R", bound=HasRulesText)
R_co = TypeVar("R_co", bound=HasRulesText, covariant=True)


class HasPrefs(Protocol[R_co]):
    """What the store reads of a game's preferences record (its other fields are
    the choices, read by name)."""

    @property
    def rules(self) -> R_co: ...

    @property
    def language(self) -> str: ...


P = TypeVar("P", bound=HasPrefs[Any])


@dataclass(frozen=True)
class RuleBook(Generic[R]):
    """A game's rules as its preferences need them (every part is the game's own)."""

    #: The default rules (``Rules``).
    default: Callable[[], R]
    #: The rules of a text (``Rules.from_text``); raises ``error`` when it is not one.
    from_text: Callable[[str], R]
    #: Every rule option by its key in the address.
    options: Mapping[str, OptionText]
    #: The presets' names, in the order a notice lists them.
    preset_names: tuple[str, ...]
    #: ``make(base, preset, changes)``: the preset's rules (``base`` when ``preset``
    #: is ``None``) with the options ``changes`` (key → value read); raises ``error``
    #: when they cannot be played together.
    make: Callable[[R, str | None, dict[str, object]], R]
    #: The game's rules error (``RulesError``): a bad value or combination.
    error: type[Exception]
    #: Why the page will not play rules the engine accepts (``None``: it plays
    #: them); ``None`` here: the page plays every rule the engine does.
    refusal: Callable[[R], str | None] | None = None

    def is_rule_key(self, key: str) -> bool:
        return key == "preset" or key in self.options

    def refused(self, rules: R) -> str | None:
        return self.refusal(rules) if self.refusal is not None else None

    def apply_fields(
        self, base: R, fields: list[tuple[str, str, str]], problems: Problems, source: str
    ) -> R:
        """``base`` changed by the valid ``(key, value, typed)`` rule fields.

        A known ``preset`` replaces ``base`` entirely (the last one given counts),
        single options change it.  Each bad field becomes a notice quoting it as
        typed; an unplayable combination falls back to ``base`` with a notice
        naming the options (the engine's or the page's message).
        """
        preset: str | None = None
        for key, value, typed in fields:
            if key != "preset":
                continue
            if value in self.preset_names:
                preset = value
            else:
                problems.add(f"notice.{source}_bad_value", key=key, value=value, field=typed,
                             allowed=", ".join(self.preset_names))
        changes: dict[str, object] = {}
        for key, value, typed in fields:
            if key == "preset":
                continue
            spec = self.options[key]
            try:
                changes[key] = spec.from_text(value)
            except self.error:
                problems.add(f"notice.{source}_bad_value", key=key, value=value, field=typed,
                             allowed=", ".join(spec.values))
        if preset is None and not changes:
            return base
        try:
            rules = self.make(base, preset, changes)
        except self.error as e:
            problems.add(f"notice.{source}_bad_combo", error=str(e))
            return base
        refusal = self.refused(rules)
        if refusal is not None:
            problems.add(f"notice.{source}_bad_combo", error=refusal)
            return base
        return rules


@dataclass(frozen=True)
class PrefsStore(Generic[R, P]):
    """One game's preferences: its saved entry, its rules, its choices, its record."""

    saved: SavedPrefs
    rules: RuleBook[R]
    #: Query key → (preferences field, allowed values), for the choices not rules.
    choices: Choices
    #: The preferences record from ``rules``, ``seed`` and the choices by field
    #: (the game's ``Prefs``; a choice not given keeps the record's default).
    make: Callable[..., P]
    #: The game's name in the address (``?game=durak``) and the names a ``game``
    #: field may give (quoted by the notice about another one).
    game: str
    games: str
    #: ``tr(language, key, **fields)``: the game's translator, for the notices.
    tr: Callable[..., str]
    #: The choices' fields in the order the saved entry writes them
    #: (empty: the order of ``choices``).
    saved_fields: tuple[str, ...] = ()
    #: Saved fields written only when they differ from their default (the first value
    #: allowed): a setting added later leaves the saved form of a player who never
    #: changed it as it was.
    quiet_fields: tuple[str, ...] = ()
    #: The query keys of the choices a share link carries, after the rules.
    share_keys: tuple[str, ...] = ("lang",)
    #: Whether a share link names the game first (``game=durak&…``); the site's
    #: first game is the bare address.
    share_game: bool = True

    # ---- reading ---------------------------------------------------------------

    def rules_of(self, prefs: P) -> R:
        """The rules ``prefs`` hold."""
        rules: R = prefs.rules
        return rules

    def stored_rules(self, stored: Stored) -> R | None:
        """The remembered rules (the preset list's 記憶) if the saved settings hold
        rules the page plays."""
        text = self.saved.read(stored, Problems(), None).get("rules")
        if not isinstance(text, str):
            return None
        try:
            rules = self.rules.from_text(text)
        except self.rules.error:
            return None
        return None if self.rules.refused(rules) else rules

    def _stored_rules(self, saved_text: object, problems: Problems) -> R:
        """The saved entry's ``rules`` field read field by field (bad ones reported)."""
        if not isinstance(saved_text, str) or len(saved_text) > MAX_PREFS_CHARS:
            problems.add("notice.stored_bad_value", key="rules", value=str(saved_text))
            return self.rules.default()
        fields = _fields(saved_text)[:MAX_QUERY_FIELDS]
        for k, v, _typed in fields:
            if not self.rules.is_rule_key(k):
                problems.add("notice.stored_bad_value", key=k, value=v)
        good = [f for f in fields if self.rules.is_rule_key(f[0])]
        return self.rules.apply_fields(self.rules.default(), good, problems, "stored")

    def load_prefs(
        self,
        query: str,
        stored: Stored,
        set_aside: Callable[[str], None] | None = None,
        rewrite: Callable[[str], None] | None = None,
    ) -> tuple[P, list[str]]:
        """Resolve the preferences: the address > the saved settings > the defaults.

        ``stored(key)`` reads the saved settings (localStorage's ``getItem``);
        ``set_aside(key)``, if given, is called for a corrupt saved entry.  Saved
        settings with some bad fields are reported once: with ``set_aside`` and
        ``rewrite`` given, the entry is set aside and ``rewrite(text)`` is called
        with the saved settings less the bad fields.  A ``preset`` in the address
        starts from that preset; single options in it change the saved rules.
        Returns the preferences and the notices about everything ignored.
        """
        problems = Problems()
        data = self.saved.read(stored, problems, set_aside)

        values = stored_choices(data, self.choices, problems)
        saved_text = data.get("rules")
        rules = (self.rules.default() if saved_text is None
                 else self._stored_rules(saved_text, problems))
        self.saved.keep_good(problems, data, values,
                             rules.to_text() if isinstance(saved_text, str) else None,
                             set_aside, rewrite)

        # The address, which wins.
        fields = _fields(query)
        if len(fields) > MAX_QUERY_FIELDS:
            problems.add("notice.query_too_long", n=str(MAX_QUERY_FIELDS))
            fields = fields[:MAX_QUERY_FIELDS]
        address = read_address(fields, self.choices, self.rules.is_rule_key, problems,
                               game=self.game, games=self.games)
        values.update(address.values)
        rules = self.rules.apply_fields(rules, address.rule_fields, problems, "query")

        prefs = self.make(rules=rules, seed=address.seed, **values)
        return prefs, problems.texts(prefs.language, self.tr)

    def query_sets_rules(self, query: str) -> bool:
        """Whether the address names a preset or a rule option: a saved match with
        other rules then gives way to the link's (a shared link reproduces its rules)."""
        return any(self.rules.is_rule_key(k) for k, _v, _t in _fields(query))

    def query_rules(self, query: str, base: R) -> R | None:
        """The rules the address names over ``base`` (as :meth:`load_prefs` reads
        them), or ``None`` when it names none the page would play: no rule field, or
        any of them bad (a value not allowed, an unknown preset, a combination the
        engine or the page refuses).

        A page compares these with the game on the table: a bad field is ignored
        with its notice (:meth:`load_prefs`) and replaces nothing, even beside
        valid ones (``mode=Chinese&players=2`` is a typo of one game, not a link
        to the saved settings' game with two players).
        """
        fields = [f for f in _fields(query)[:MAX_QUERY_FIELDS] if self.rules.is_rule_key(f[0])]
        if not fields:
            return None
        problems = Problems()
        rules = self.rules.apply_fields(base, fields, problems, "query")
        return None if problems.items else rules

    def address_in_force(self, search: str, rules: R) -> str:
        """The address ``search`` naming the game in force: the text of ``rules`` in
        place of the rule fields and the seed it held, the other fields (language,
        level, animation, a field the page does not know) kept as they were written.

        A reload of this address continues the game on the table without a
        question (its rules are the table's), and no rules or seed of an earlier
        link linger to ask again about a game no longer on the table.  The seed is
        left out: the save holds it, and a seed in the address would ask for that
        match again after the next new one.
        """
        return with_fields(search, lambda k: k == "seed" or self.rules.is_rule_key(k),
                           rules.to_text())

    def with_language(self, raw: str | None, lang: str) -> str:
        """The saved settings ``raw`` (possibly absent or corrupt) with ``language`` set."""
        return self.saved.with_language(raw, lang)

    # ---- writing ---------------------------------------------------------------

    def _field(self, prefs: P, name: str) -> str:
        value: Any = getattr(prefs, name)
        return str(value)

    def to_json(self, prefs: P) -> str:
        """The saved form of ``prefs`` (the seed is not saved: a new match gets a new deal)."""
        names = self.saved_fields or tuple(f for f, _allowed in self.choices.values())
        data: dict[str, object] = {"version": self.saved.version,
                                   "rules": prefs.rules.to_text()}
        defaults = {f: allowed[0] for f, allowed in self.choices.values() if allowed}
        for name in names:
            value = self._field(prefs, name)
            if name in self.quiet_fields and value == defaults.get(name):
                continue
            data[name] = value
        return json.dumps(data, ensure_ascii=False)

    def share_query(self, prefs: P) -> str:
        """A query string reproducing the game, its rules and the shared choices."""
        parts = [f"game={self.game}"] if self.share_game else []
        parts.append(prefs.rules.to_text())
        parts += [f"{key}={self._field(prefs, self.choices[key][0])}" for key in self.share_keys]
        return "&".join(parts)

    def share_url(self, href: str, prefs: P) -> str:
        """The page's address ``href`` with the share query of ``prefs`` (escaped):
        a link that reproduces them."""
        return page_url(href, _quote(self.share_query(prefs)))


def _fields(text: str) -> list[tuple[str, str, str]]:
    return parse_fields(text.strip().removeprefix("?"))


def _quote(query: str) -> str:
    """``query`` escaped as ``urllib.parse.quote(query, safe="=&_")`` escapes it."""
    if all(c in _UNESCAPED for c in query):
        return query  # nothing to escape: urllib.parse need not be imported
    from urllib.parse import quote  # only when sharing: costly to import at the page's start

    return quote(query, safe="=&_")


def page_url(href: str, query: str) -> str:
    """``href`` (query and fragment dropped) with ``query`` (none if empty).

    >>> page_url("https://x.io/napoleon/?seed=3#a", "game=durak")
    'https://x.io/napoleon/?game=durak'
    >>> page_url("https://x.io/napoleon/index.html?game=durak", "")
    'https://x.io/napoleon/index.html'
    """
    base = href.split("#", 1)[0].split("?", 1)[0]
    return f"{base}?{query}" if query else base
