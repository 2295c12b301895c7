"""Durak's rule book for the rules dialog, in Japanese or English (pure).

:func:`rule_book` turns the :class:`~durak.rules.Rules` of the game on the table
into the sections the shell's rules dialog draws
(:class:`cardkit.rule_sections.Section`):

1. ``game``: the default game (preset ``podkidnoy``, docs/rules/durak.md §2) step by step,
   each step with small card pictures (their codes; the page draws them);
2. one section per group of options (docs/rules/durak.md §3.1–§3.5, §4, §7): every option
   in a sentence with its value now, at the anchor ``opt-<key>`` the settings'
   "?" opens; an option whose value differs from the default game's is marked
   in force (the default game's values are the rules every paragraph of 1.
   describes, so only a change is news);
3. ``presets``: every preset in a sentence (``preset-<name>``), the one the
   rules equal marked in force;
4. ``modes``: a paragraph per game of §3.6 (``mode-<name>``), the one played
   marked in force.

The sentences are in :mod:`durak.ui_dom.strings_rules`; the values' labels are
the settings panel's (:data:`durak.ui_dom.settings_model.MODEL`, in the page's
current language).

>>> [s.key for s in rule_book(Rules(), "en")]
['game', 'opt-deal', 'opt-attack', 'opt-transfer', 'opt-talon', 'opt-end', 'opt-teams', \
'opt-mode', 'presets', 'modes']
>>> [i.anchor for s in rule_book(Rules.preset("perevodnoy"), "en") for i in s.items
...  if not isinstance(i, str) and i.in_force]
['opt-transfer', 'preset-perevodnoy', 'mode-durak']
"""

from __future__ import annotations

from collections.abc import Callable

from cardkit.rule_sections import Item, Section
from durak.rules import OPTION_BY_KEY, PRESET_NAMES, OptionSpec, Rules
from durak.ui_dom.settings_model import MODEL
from durak.ui_dom.strings_rules import (
    MODE_SENTENCES,
    OPTION_GROUPS,
    OPTION_SENTENCES,
    PRESET_SENTENCES,
    STEPS,
    WORDS,
)

ValueLabel = Callable[[OptionSpec, str], str]

#: The default game's value of every option (its first value, docs/rules/durak.md §5).
DEFAULTS = Rules().options()


def _say(lang: str) -> Callable[[tuple[str, str]], str]:
    ja = lang == "ja"
    return lambda pair: pair[0] if ja else pair[1]


def title(lang: str) -> str:
    """The dialog's title in ``lang``."""
    return _say(lang)(WORDS["title"])


def _game(lang: str) -> Section:
    ja = lang == "ja"
    steps = tuple(Item(s_ja if ja else s_en, cards) for s_ja, s_en, cards in STEPS)
    say = _say(lang)
    return Section("game", say(WORDS["game"]), steps, ordered=True,
                   lead=say(WORDS["game.lead"]), list_id="rules-game-steps",
                   short=say(WORDS["game.short"]))


def _options(rules: Rules, lang: str, label: ValueLabel) -> list[Section]:
    say = _say(lang)
    now = rules.options()
    out: list[Section] = []
    for key, (names, short), keys in OPTION_GROUPS:
        items = []
        for opt in keys:
            value = now[opt]
            shown = say(WORDS["now"]).format(value=label(OPTION_BY_KEY[opt], value))
            items.append(Item(say(OPTION_SENTENCES[opt]), anchor=f"opt-{opt}",
                              in_force=value != DEFAULTS[opt], option=opt, detail=shown))
        lead = say(WORDS["options.lead"]) if not out else ""
        out.append(Section(f"opt-{key}", f"{say(WORDS['options'])}: {say(names)}",
                           tuple(items), lead=lead, short=say(short)))
    return out


def _presets(rules: Rules, lang: str) -> Section:
    say = _say(lang)
    named = rules.preset_name()
    items = tuple(Item(say(PRESET_SENTENCES[name]), anchor=f"preset-{name}",
                       in_force=name == named) for name in PRESET_NAMES)
    notes = () if named else (say(WORDS["preset.none"]),)
    return Section("presets", say(WORDS["presets"]), items, lead=say(WORDS["presets.lead"]),
                   notes=notes)


def _modes(rules: Rules, lang: str) -> Section:
    say = _say(lang)
    playing = rules.option_text("mode")
    items = tuple(Item(say(MODE_SENTENCES[name]), anchor=f"mode-{name}",
                       in_force=name == playing) for name in OPTION_BY_KEY["mode"].values)
    return Section("modes", say(WORDS["modes"]), items, lead=say(WORDS["modes.lead"]))


def rule_book(rules: Rules, lang: str, label: ValueLabel = MODEL.value_label) -> list[Section]:
    """The rule book of ``rules`` in ``lang`` (values labelled by ``label``)."""
    return [_game(lang), *_options(rules, lang, label), _presets(rules, lang),
            _modes(rules, lang)]


def grouped_options() -> list[str]:
    """The options the groups list, in their order (a test: each option once).

    >>> from durak.rules import OPTIONS
    >>> grouped_options() == [spec.key for spec in OPTIONS]
    True
    """
    return [opt for _key, _names, keys in OPTION_GROUPS for opt in keys]
