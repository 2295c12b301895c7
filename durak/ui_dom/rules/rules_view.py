"""Durak's rules dialog: its registration with the shell's frame.

The menu's 「ルール」/"Rules" (``#btn-rules``) opens the shell's rules dialog
(:class:`cardkit.ui_dom.rules_frame.RulesFrame`) at its top; the "?" beside an
option in the settings (:func:`explain`) opens it at that option's paragraph.
What is Durak's is said here: the book of the game on the table
(:func:`durak.ui_dom.rules.rules_book.rule_book`: the ordinary game's, or another game's
own page, from which a link shows the ordinary game's book and back), its title, and
its cards as small pictures, drawn as the table draws them
(:func:`durak.ui_dom.table.card_words.card_el`) with each card's name for screen readers.

Imported when first needed (the menu's first click, a "?"), never on the way to
the human's first decision.
"""

from __future__ import annotations

from typing import Any

from cardkit.rule_sections import Section
from cardkit.ui_dom.rules_frame import RulesFrame, RulesGame
from durak.cards import parse_card
from durak.rules import Rules
from durak.ui_dom.i18n import language, t
from durak.ui_dom.modes import TableRules
from durak.ui_dom.rules.family_book import OWN
from durak.ui_dom.rules.rules_book import explained_by, rule_book, title
from durak.ui_dom.table.card_words import card_el

#: The rules the dialog describes (those of the game on the table when it opened: any
#: game of the family) and the book shown: the game's own, or the ordinary game's it
#: links to.
_shown: list[TableRules] = [Rules()]
_book: list[str] = [OWN]


def _sections() -> list[Section]:
    return rule_book(_shown[0], language(), book=_book[0])


def _card(code: str) -> Any:
    return card_el(parse_card(code), cls="mini")


def _follow(book: str) -> None:
    _book[0] = book


FRAME = RulesFrame(RulesGame(t=t, language=language, sections=_sections, card=_card,
                             contents=True, title=lambda: title(language(), _shown[0], _book[0]),
                             follow=_follow))


def open_rules(rules: TableRules, anchor: str = "") -> None:
    """Open the book of ``rules``' game at the top, or at ``rules-<anchor>``."""
    _shown[0], _book[0] = rules, OWN
    FRAME.open(anchor)


def explain(playing: TableRules, option: str) -> None:
    """A settings row's "?": the book that explains ``option`` (the game on the table's
    when it plays it: :func:`~durak.ui_dom.rules.rules_book.explained_by`), at its paragraph."""
    open_rules(explained_by(playing, option), f"opt-{option}")


__all__ = ["explain", "open_rules"]
