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

Every field is optional; ``rules`` is :meth:`durak.rules.Rules.to_text`, or for
one of the post's other games (:mod:`durak.ui_dom.modes`) its record's text
(``mode=kurukuru&players=4&d9=on``).  The
address uses the rule book's keys (docs/rules/durak.md §3, §5) plus ``game``, ``lang``,
``level``, ``anim`` and ``seed``:
``?game=durak&preset=perevodnoy&players=4&lang=en&seed=7``, or
``?game=durak&mode=heap&heap_take=last``.  The number of
players is the rules' ``players`` option.

What is Durak's is said here (its key, rules, choices and record, and the rules
the page refuses, :func:`durak.ui_dom.page_rules.page_refusal`); the resolving,
the notices and the saved and shared forms are the page shell's
(:class:`cardkit.ui_dom.prefs_store.PrefsStore`, registered as :data:`STORE`).

>>> prefs, notices = load_prefs("?game=durak&preset=perevodnoy&players=3", lambda k: None)
>>> prefs.rules.to_text(), notices
('preset=perevodnoy&players=3', [])
>>> query_sets_rules("?game=durak&preset=prostoy"), query_sets_rules("?game=durak&seed=3")
(True, False)
>>> share_url("https://x.io/napoleon/?seed=3#a", Prefs(Rules(players=4), language="en"))
'https://x.io/napoleon/?game=durak&preset=podkidnoy&players=4&lang=en&level=normal'
>>> STORE.share_query(Prefs(Rules.preset("perevodnoy")))  # the link's query
'game=durak&preset=perevodnoy&lang=ja&level=normal'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Final

from cardkit.saved_prefs import Choices, SavedPrefs, ShellPrefs
from cardkit.ui_dom.prefs_store import ANIMS as ANIMS  # the shell's, offered by this game
from cardkit.ui_dom.prefs_store import LEVELS as LEVELS
from cardkit.ui_dom.prefs_store import PrefsStore, RuleBook, shell_choices
from durak.rules import PRESET_NAMES, Rules, RulesError
from durak.ui_dom.i18n import LANGUAGES, tr
from durak.ui_dom.modes import (
    RULE_OPTIONS,
    TableRules,
    make_rules,
    rules_from_text,
    table_refusal,
)

#: The game's name in the address (``?game=durak``); a bare address is Napoleon.
GAME: Final = "durak"
PREFS_KEY: Final = "durak.prefs"
PREFS_VERSION: Final = 1
#: The saved entry, read and written as both games do (:mod:`cardkit.saved_prefs`).
SAVED: Final = SavedPrefs(PREFS_KEY, PREFS_VERSION)

#: Query key → (Prefs field, allowed values), for the non-rule preferences.
CHOICES: Final = shell_choices(LANGUAGES)


@dataclass(frozen=True)
class Prefs(ShellPrefs):
    """What the player chose; ``seed`` only ever comes from the address."""

    CHOICES: ClassVar[Choices] = CHOICES

    #: The ordinary game's rules, or a mode's (:mod:`durak.ui_dom.modes`).
    rules: TableRules = field(default_factory=Rules)
    level: str = "normal"


#: Durak's preferences registered with the page shell (the page chose Durak: another
#: ``game`` in the address is a typo).
STORE: Final = PrefsStore(
    saved=SAVED,
    # A preset's options (or the base) with some changed, checked as one set: a
    # preset not built yet may still be played with the options that make it
    # buildable; ``mode=kurukuru`` and its options make a mode's rules.
    rules=RuleBook[TableRules](default=Rules, from_text=rules_from_text, options=RULE_OPTIONS,
                               preset_names=PRESET_NAMES, make=make_rules, error=RulesError,
                               refusal=table_refusal),
    choices=CHOICES,
    make=Prefs,
    game=GAME,
    games=GAME,
    tr=tr,
    saved_fields=("language", "level", "anim"),
    share_keys=("lang", "level"),
)

#: The resolver and the saved entry's readers (the shell's, for this game).
stored_rules: Final = STORE.stored_rules
load_prefs: Final = STORE.load_prefs
query_sets_rules: Final = STORE.query_sets_rules
query_rules: Final = STORE.query_rules
with_language: Final = STORE.with_language
share_url: Final = STORE.share_url
