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
:class:`~durak.pile.options.PileRules`, or the suit deal) has a page of its own
(:func:`durak.ui_dom.rules.family_book.family_book`), titled by its name; a game that plays
the ordinary game's rules (the suit deal) links from it to this book, which then opens
on ``from`` (the way back to the game's page) and describes the ordinary game's
options without a value now, the option ``mode`` naming the game on the table.

The sentences are in :mod:`durak.ui_dom.rules.strings_rules`; the values' labels are
the settings panel's (:data:`durak.ui_dom.settings.settings_model.MODEL`, in the page's
current language).

>>> [s.key for s in rule_book(Rules(), "en")]
['game', 'opt-deal', 'opt-attack', 'opt-transfer', 'opt-talon', 'opt-end', 'opt-teams', \
'opt-mode', 'presets', 'modes']
>>> [i.anchor for s in rule_book(Rules.preset("perevodnoy"), "en") for i in s.items
...  if not isinstance(i, str) and i.in_force]
['opt-transfer', 'preset-perevodnoy', 'mode-durak']
>>> from durak.pile.options import PileRules
>>> [s.key for s in rule_book(PileRules(mode="chukhonsky"), "en")]
['howto', 'pile', 'settings']
>>> title("en", PileRules(mode="chukhonsky")), title("en", PileRules(mode="chukhonsky"), "durak")
('The rules of Chukhonsky', "Durak's rules")
"""

from __future__ import annotations

from collections.abc import Callable

from cardkit.options import OptionSpec
from cardkit.rule_sections import Item, Section
from durak.family import rules_from_text
from durak.family.modes import DURAK
from durak.family.registry import GAMES
from durak.rules import OPTION_BY_KEY, PRESET_NAMES, Rules
from durak.ui_dom.i18n import tr
from durak.ui_dom.modes import TableRules
from durak.ui_dom.rules.family_book import ORDINARY, OWN, back_section, family_book, page_title
from durak.ui_dom.rules.strings_rules import (
    MODE_SENTENCES,
    OPTION_GROUPS,
    OPTION_SENTENCES,
    PRESET_SENTENCES,
    STEPS,
    WORDS,
)
from durak.ui_dom.settings.settings_model import MODEL

ValueLabel = Callable[[OptionSpec, str], str]

#: The default game's value of every option (its first value, docs/rules/durak.md §5).
DEFAULTS = Rules().options()


def _say(lang: str) -> Callable[[tuple[str, str]], str]:
    ja = lang == "ja"
    return lambda pair: pair[0] if ja else pair[1]


def title(lang: str, rules: TableRules | None = None, book: str = OWN) -> str:
    """The dialog's title in ``lang``: Durak's rules, or the page of ``rules``' game
    when it is another game of the family (``book`` :data:`OWN`)."""
    if rules is not None and rules.mode != DURAK and book == OWN:
        return page_title(rules, lang)
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


def mode_paragraph(mode: str, lang: str) -> str:
    """The rule book's paragraph on the game ``mode`` in ``lang``: the page's own
    (:data:`MODE_SENTENCES`), else its kind's package's words (``rules.mode.<mode>``),
    else, for a game registered beside the post's eight, the sentences of its entry."""
    own = MODE_SENTENCES.get(mode)
    if own is not None:
        return _say(lang)(own)
    key = f"rules.mode.{mode}"
    text = tr(lang, key)
    return text if text != key else _say(lang)(GAMES[mode].how_to)


def _modes(playing: str, lang: str) -> Section:
    say = _say(lang)
    items = tuple(Item(mode_paragraph(name, lang), anchor=f"mode-{name}",
                       in_force=name == playing) for name in GAMES)
    return Section("modes", say(WORDS["modes"]), items, lead=say(WORDS["modes.lead"]))


def rule_book(rules: TableRules, lang: str, label: ValueLabel = MODEL.value_label,
              book: str = OWN) -> list[Section]:
    """The rule book of ``rules`` in ``lang`` (values labelled by ``label``): the ordinary
    game's, or another game's own page; ``book`` :data:`ORDINARY` is the ordinary game's
    book opened from that page (module docs)."""
    if rules.mode == DURAK:
        assert isinstance(rules, Rules)
        return [_game(lang), *_options(rules, lang, label), _presets(rules, lang),
                _modes("durak", lang)]
    if book != ORDINARY:
        return family_book(rules, lang, label)
    ordinary = rules if isinstance(rules, Rules) else Rules(players=rules.players)
    return [back_section(rules, lang), _game(lang),
            *_options(ordinary, lang, label, rules.mode), _modes(rules.mode, lang)]


def explained_by(playing: TableRules, option: str) -> TableRules:
    """The rules whose book explains the settings row ``option``: those of the game on
    the table when it plays the option (``mode`` and ``players`` always), else those of
    the first game of the family that has it, at their first values.

    >>> from durak.pile.options import PileRules
    >>> explained_by(PileRules(mode="heap", players=4), "heap_take").to_text()
    'mode=heap&players=4'
    >>> explained_by(Rules(), "heap_take") == PileRules(mode="heap")
    True
    >>> explained_by(PileRules(mode="heap"), "deck") == Rules()
    True
    """
    if option in ("mode", "players") or any(o.key == option
                                            for o in GAMES[playing.mode].options):
        return playing
    owner = next((e.mode for e in GAMES.values() if any(o.key == option for o in e.options)),
                 DURAK)
    return rules_from_text(f"mode={owner}")


def grouped_options() -> list[str]:
    """The options the groups list, in their order (a test: each option once).

    >>> from durak.rules import OPTIONS
    >>> grouped_options() == [spec.key for spec in OPTIONS]
    True
    """
    return [opt for _key, _names, keys in OPTION_GROUPS for opt in keys]
