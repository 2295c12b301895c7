"""The rules page of each game of the Durak family but the ordinary one (pure).

A game's page is built from its registry entry (:data:`durak.family.registry.GAMES`)
alone, so a game registered later has one too:

1. ``howto``: its how-to (the catalog's ``howto.<mode>``, or a registered entry's
   ``how_to``), one item a paragraph;
2. ``pile``: for a game of the pile kind, what every pile game shares (§1's what beats
   what, §3.6's pile, seats, going out and durak, §6.14's draw by repetition), in the
   family's own words;
3. ``settings``: its players and its own options, each with its value now at the
   anchor ``opt-<key>`` (where a settings row's "?" opens), marked in force when it
   differs from the game's first value;
4. ``ordinary``: only for a game that plays the ordinary game's rules
   (:attr:`~durak.family.registry.GameEntry.plays_ordinary`: the suit deal's play
   after its dealing), a link to Durak's rules page, not a copy of it.

The ordinary game's book is never pasted in: a pile game plays none of §2, and §1's
few words it needs are said here.

>>> from durak.pile.options import PileRules
>>> book = family_book(PileRules(mode="heap"), "en", lambda spec, value: value)
>>> page_title(PileRules(mode="heap"), "en"), [s.key for s in book]
('The rules of Heap', ['howto', 'pile', 'settings'])
>>> from durak.family.modes import SUIT_DEAL
>>> from durak.rules import Rules
>>> [s.key for s in family_book(Rules(mode=SUIT_DEAL), "en", lambda s, v: v)]
['howto', 'settings', 'ordinary']
"""

from __future__ import annotations

from collections.abc import Callable

from cardkit.options import OptionSpec
from cardkit.rule_sections import Item, Link, Section
from durak.family import rules_from_text
from durak.family.modes import KIND_PILE
from durak.family.registry import GAMES, GameOption
from durak.rules import OPTION_BY_KEY
from durak.ui_dom.i18n import tr
from durak.ui_dom.modes import TableRules
from durak.ui_dom.rules.strings_family_rules import PILE, WORDS
from durak.ui_dom.rules.strings_rules import WORDS as BOOK_WORDS

ValueLabel = Callable[[OptionSpec, str], str]

#: The dialog's books: a game's own page, and the ordinary game's book it links to.
OWN = "own"
ORDINARY = "durak"


def _say(lang: str) -> Callable[[tuple[str, str]], str]:
    ja = lang == "ja"
    return lambda pair: pair[0] if ja else pair[1]


def game_name(rules: TableRules, lang: str) -> str:
    return tr(lang, f"val.mode.{rules.mode}")


def page_title(rules: TableRules, lang: str) -> str:
    """The page's title: the game by its name."""
    return _say(lang)(WORDS["title"]).format(game=game_name(rules, lang))


def how_to(mode: str, lang: str) -> tuple[str, ...]:
    """The game's how-to in ``lang``, one paragraph a line."""
    # A game registered beside the post's eight brings its own words in its entry.
    own = _say(lang)(GAMES[mode].how_to)
    text = own or tr(lang, f"howto.{mode}")
    return tuple(line for line in text.splitlines() if line.strip())


def _option_text(o: GameOption, lang: str) -> str:
    label, help_ = tr(lang, f"opt.{o.key}"), o.help_ja if lang == "ja" else o.help_en
    # A registered game's option is labelled by its help itself.
    return help_ if label == help_ else _say(lang)(WORDS["option"]).format(label=label,
                                                                           help=help_)


def _settings(rules: TableRules, lang: str, label: ValueLabel) -> Section:
    say = _say(lang)
    now, first = rules.options(), rules_from_text(f"mode={rules.mode}").options()
    players = OPTION_BY_KEY["players"]
    rows = [(players, say(WORDS["players"]))]
    rows += [(o.spec, _option_text(o, lang)) for o in GAMES[rules.mode].options]
    items = []
    for spec, text in rows:
        # A registered game's own option its record does not hold is played at its default.
        value = now.get(spec.key, spec.values[0])
        items.append(Item(text, anchor=f"opt-{spec.key}", option=spec.key,
                          in_force=value != first.get(spec.key, spec.values[0]),
                          detail=say(BOOK_WORDS["now"]).format(value=label(spec, value))))
    return Section("settings", say(WORDS["settings"]), tuple(items),
                   lead=say(WORDS["settings.lead"]), short=say(WORDS["settings.short"]))


def family_book(rules: TableRules, lang: str, label: ValueLabel) -> list[Section]:
    """The rules page of ``rules``' game (any game of the family but the ordinary one)."""
    say = _say(lang)
    entry = GAMES[rules.mode]
    name = game_name(rules, lang)
    book = [Section("howto", say(WORDS["howto"]), how_to(rules.mode, lang))]
    if entry.kind == KIND_PILE:
        book.append(Section("pile", say(WORDS["pile"]), tuple(say(p) for p in PILE),
                            short=say(WORDS["pile.short"])))
    book.append(_settings(rules, lang, label))
    if entry.plays_ordinary:
        book.append(Section("ordinary", say(WORDS["ordinary"]), (),
                            lead=say(WORDS["ordinary.lead"]).format(game=name),
                            links=(Link(say(WORDS["ordinary.open"]), ORDINARY),),
                            short=say(WORDS["ordinary.short"])))
    return book


def back_section(rules: TableRules, lang: str) -> Section:
    """The head of the ordinary game's book opened from ``rules``' page: the way back."""
    say = _say(lang)
    name = game_name(rules, lang)
    return Section("from", say(WORDS["from"]).format(game=name), (),
                   lead=say(WORDS["from.lead"]).format(game=name),
                   links=(Link(say(WORDS["from.back"]).format(game=name), OWN),),
                   short=say(WORDS["from.short"]).format(game=name))


__all__ = ["ORDINARY", "OWN", "back_section", "family_book", "how_to", "page_title"]
