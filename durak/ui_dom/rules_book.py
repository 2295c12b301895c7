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
4. ``modes``: a paragraph per game of the registry (``mode-<name>``: §3.6's,
   then any registered beside them), the one played marked in force.

A game of the family other than the ordinary one (a
:class:`~durak.pile.options.PileRules`, or ``mode=suit_deal``) opens the book on
``playing``: the game on the table by its name, its paragraph and its own options
with their values now (``playing-<key>``); the option ``mode`` says its name, and
the ordinary game's other options, which it does not play, are described without
a value now and never marked in force.

The sentences are in :mod:`durak.ui_dom.strings_rules`; the values' labels are
the settings panel's (:data:`durak.ui_dom.settings_model.MODEL`, in the page's
current language).

>>> [s.key for s in rule_book(Rules(), "en")]
['game', 'opt-deal', 'opt-attack', 'opt-transfer', 'opt-talon', 'opt-end', 'opt-teams', \
'opt-mode', 'presets', 'modes']
>>> [i.anchor for s in rule_book(Rules.preset("perevodnoy"), "en") for i in s.items
...  if not isinstance(i, str) and i.in_force]
['opt-transfer', 'preset-perevodnoy', 'mode-durak']
>>> from durak.pile.options import PileRules
>>> book = rule_book(PileRules(mode="chukhonsky"), "en")
>>> book[0].title, [i.anchor for s in book for i in s.items
...                 if not isinstance(i, str) and i.in_force][:3]
('Now playing: Chukhonsky', ['playing-mode', 'playing-players', 'playing-chuk_first'])
"""

from __future__ import annotations

from collections.abc import Callable

from cardkit.rule_sections import Item, Section
from durak.family.modes import DURAK
from durak.family.registry import GAMES
from durak.pile.options import PileRules
from durak.rules import OPTION_BY_KEY, PRESET_NAMES, SUIT_DEAL_OPTIONS, OptionSpec, Rules
from durak.ui_dom.i18n import tr
from durak.ui_dom.modes import TableRules
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


def _options(rules: Rules, lang: str, label: ValueLabel, mode: str = "durak") -> list[Section]:
    """The ordinary game's options; while another game of the family (``mode``) is on
    the table, ``mode`` names it and the others (not played) have no value now."""
    say = _say(lang)
    now = rules.options()
    out: list[Section] = []
    for key, (names, short), keys in OPTION_GROUPS:
        items = []
        for opt in keys:
            value = mode if opt == "mode" else now[opt]
            shown = say(WORDS["now"]).format(value=label(OPTION_BY_KEY[opt], value))
            played = mode == DURAK or opt == "mode"
            items.append(Item(say(OPTION_SENTENCES[opt]), anchor=f"opt-{opt}",
                              in_force=played and value != DEFAULTS[opt], option=opt,
                              detail=shown if played else ""))
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


def _modes(playing: str, lang: str) -> Section:
    say = _say(lang)
    # Every game of the registry, a game registered beside the post's eight by the
    # sentences of its entry.
    items = tuple(Item(say(MODE_SENTENCES.get(name) or GAMES[name].how_to),
                       anchor=f"mode-{name}", in_force=name == playing) for name in GAMES)
    return Section("modes", say(WORDS["modes"]), items, lead=say(WORDS["modes.lead"]))


def _own_options(rules: TableRules) -> tuple[OptionSpec, ...]:
    """The options a game other than the ordinary one plays (its mode's own, the
    players; ``mode=suit_deal``'s of the ordinary game)."""
    if isinstance(rules, PileRules):
        return (OPTION_BY_KEY["players"], *(o.spec for o in GAMES[rules.mode].options))
    return tuple(OPTION_BY_KEY[k] for k in SUIT_DEAL_OPTIONS if k != "mode")


def _playing(rules: TableRules, lang: str, label: ValueLabel) -> Section:
    """The game on the table, named, with its paragraph and its own options now."""
    say = _say(lang)
    mode = rules.mode
    name = tr(lang, f"val.mode.{mode}")
    # A game registered beside the post's eight says how it is played by its entry.
    sentence = MODE_SENTENCES.get(mode) or GAMES[mode].how_to
    items: list[str | Item] = [Item(say(sentence), anchor="playing-mode",
                                    in_force=True, option="mode",
                                    detail=say(WORDS["now"]).format(value=name))]
    now = rules.options()
    for spec in _own_options(rules):
        # A registered game's own option its record does not hold is played at its default.
        value = now.get(spec.key, spec.values[0])
        text = say(OPTION_SENTENCES[spec.key]) if spec.key in OPTION_SENTENCES else \
            f"{tr(lang, f'opt.{spec.key}')}: {tr(lang, f'help.{spec.key}')}"
        items.append(Item(text, anchor=f"playing-{spec.key}", in_force=True, option=spec.key,
                          detail=say(WORDS["now"]).format(value=label(spec, value))))
    return Section("playing", say(WORDS["playing"]).format(game=name), tuple(items),
                   lead=say(WORDS["playing.lead"]), short=name)


def rule_book(rules: TableRules, lang: str,
              label: ValueLabel = MODEL.value_label) -> list[Section]:
    """The rule book of ``rules`` in ``lang`` (values labelled by ``label``): the game on
    the table first when it is not the ordinary one (module docs)."""
    if rules.mode == DURAK:
        assert isinstance(rules, Rules)
        return [_game(lang), *_options(rules, lang, label), _presets(rules, lang),
                _modes("durak", lang)]
    ordinary = rules if isinstance(rules, Rules) else Rules(players=rules.players)
    return [_playing(rules, lang, label), _game(lang),
            *_options(ordinary, lang, label, rules.mode), _modes(rules.mode, lang)]


def grouped_options() -> list[str]:
    """The options the groups list, in their order (a test: each option once).

    >>> from durak.rules import OPTIONS
    >>> grouped_options() == [spec.key for spec in OPTIONS]
    True
    """
    return [opt for _key, _names, keys in OPTION_GROUPS for opt in keys]
