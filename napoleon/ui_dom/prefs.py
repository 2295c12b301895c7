"""The player's preferences: rules, language, suits, computers' level, animation.

Pure Python (no browser): :func:`load_prefs` resolves the page's query string
over the saved settings over the defaults.  Nothing bad ever raises: a bad or
unknown value is ignored and reported as a notice naming it (in the resolved
language), a corrupt saved entry is reported and handed to ``set_aside`` so the
page can keep a copy instead of silently dropping the user's data.

The saved form (localStorage key :data:`PREFS_KEY`) is JSON::

    {"version": 1, "rules": "preset=sdc&siberia=on", "language": "ja",
     "suit_style": "symbols", "anim": "normal", "level": "strong", "undo": "on",
     "auto_next": "on"}

Every field is optional; ``rules`` is :meth:`Rules.to_text`; ``auto_next`` is
written only when on (the saved form of a player who never turned it on is as
before).  The query string uses the rule book's keys (§4) plus ``lang``,
``suits``, ``level``, ``anim``, ``undo``, ``auto``, ``hold`` and ``seed``:
``?preset=guruguru&siberia=on&lang=en&seed=7``.  ``hold`` is never saved.

What is Napoleon's is said here (its key, rules, choices and record); the
resolving, the notices and the saved and shared forms are the page shell's
(:class:`cardkit.ui_dom.prefs_store.PrefsStore`, registered as :data:`STORE`).

>>> prefs, notices = load_prefs("?preset=guruguru&siberia=on", lambda k: None)
>>> prefs.rules.to_text(), notices
('preset=guruguru&siberia=on', [])
>>> prefs, notices = load_prefs("?siberia=maybe&lang=en", lambda k: None)
>>> prefs.rules == Rules(), notices
(True, ['Ignored “siberia=maybe” in the address: not a valid value (allowed: off, on)'])
>>> share_url("https://x.io/napoleon/?seed=3#a", Prefs())
'https://x.io/napoleon/?preset=sdc&lang=ja&level=strong&suits=symbols'
>>> STORE.share_query(Prefs(Rules.preset("guruguru")))  # the link's query
'preset=guruguru&lang=ja&level=strong&suits=symbols'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Final

from cardkit.saved_prefs import Choices, SavedPrefs, ShellPrefs
from cardkit.ui_dom.prefs_store import ANIMS as ANIMS  # the shell's, offered by this game
from cardkit.ui_dom.prefs_store import LEVELS as LEVELS
from cardkit.ui_dom.prefs_store import PrefsStore, RuleBook, shell_choices
from napoleon.rules import OPTION_BY_KEY, PRESET_NAMES, PRESETS, Rules, RulesError
from napoleon.ui_dom.i18n import LANGUAGES, tr

PREFS_KEY: Final = "napoleon.prefs"
PREFS_VERSION: Final = 1
#: The saved entry, read and written as both games do (:mod:`cardkit.saved_prefs`).
SAVED: Final = SavedPrefs(PREFS_KEY, PREFS_VERSION)

SUIT_STYLES: Final = ("symbols", "elements")
#: 「待った」 (undo): on by default; off hides the button and ignores Ctrl+Z.
UNDOS: Final = ("on", "off")
#: Going on after a trick and between games by itself (no NEXT click): off by default.
AUTO_NEXTS: Final = ("off", "on")
#: What the table holds on screen for reading before it goes on by itself: ``all``
#: (the default) a finished trick, a game's result and the standings; ``results``
#: the result and the standings only, a trick going on at once (a table whose every
#: trick is read by a program, as the browser tests' mirror reads it, not a person).
HOLDS: Final = ("all", "results")
#: Query key → (Prefs field, allowed values), for the non-rule preferences.
CHOICES: Final = {
    **shell_choices(LANGUAGES),
    "suits": ("suit_style", SUIT_STYLES),
    "undo": ("undo", UNDOS),
    "auto": ("auto_next", AUTO_NEXTS),
    "hold": ("hold", HOLDS),
}


@dataclass(frozen=True)
class Prefs(ShellPrefs):
    """What the player chose; ``seed`` only ever comes from the query string."""

    CHOICES: ClassVar[Choices] = CHOICES

    rules: Rules = field(default_factory=Rules)
    suit_style: str = "symbols"
    #: :data:`napoleon.ai.levels.DEFAULT_LEVEL` (strong: why, there), written out:
    #: the first screen does not import the AI before it needs it.
    level: str = "strong"
    undo: str = "on"
    auto_next: str = "off"
    #: Only ever from the query string (:data:`HOLDS`).
    hold: str = "all"


#: Seconds a finished trick stays on the table before it goes on by itself, per
#: ``prefs.anim`` (instant still leaves the trick readable: it skips the computers'
#: pauses, not the reading).
AUTO_NEXT_S = {"normal": 1.6, "fast": 1.0, "instant": 0.7}


def hold_seconds(prefs: Prefs, between_games: bool) -> float:
    """How long the table holds a finished trick (twice that for a result or the
    standings) before it goes on by itself: :data:`AUTO_NEXT_S` for the animation
    speed; a trick none with ``hold=results`` (:data:`HOLDS`).

    >>> hold_seconds(Prefs(anim="instant"), False), hold_seconds(Prefs(anim="fast"), True)
    (0.7, 2.0)
    >>> hold_seconds(Prefs(anim="normal", hold="results"), False)
    0.0
    """
    if prefs.hold == "results" and not between_games:
        return 0.0
    return AUTO_NEXT_S.get(prefs.anim, 1.0) * (2 if between_games else 1)


def _make_rules(base: Rules, preset: str | None, changes: dict[str, object]) -> Rules:
    """A preset (or ``base``) with some options changed (keys are the address's)."""
    start = base if preset is None else PRESETS[preset]
    return start.replace(**{OPTION_BY_KEY[key].field: value for key, value in changes.items()})


#: Napoleon's preferences registered with the page shell: the bare address is this
#: page (web/main.py opens Durak's for ``game=durak``, so another ``game`` is a typo).
STORE: Final = PrefsStore(
    saved=SAVED,
    rules=RuleBook(default=Rules, from_text=Rules.from_text, options=OPTION_BY_KEY,
                   preset_names=PRESET_NAMES, make=_make_rules, error=RulesError),
    choices=CHOICES,
    make=Prefs,
    game="napoleon",
    games="napoleon, durak",
    tr=tr,
    saved_fields=("language", "suit_style", "anim", "level", "undo", "auto_next"),
    quiet_fields=("auto_next",),
    share_keys=("lang", "level", "suits"),
    share_game=False,
)


#: The resolver and the saved entry's readers (the shell's, for this game).
stored_rules: Final = STORE.stored_rules
load_prefs: Final = STORE.load_prefs
query_sets_rules: Final = STORE.query_sets_rules
with_language: Final = STORE.with_language
share_url: Final = STORE.share_url
