"""Durak's rules dialog: its registration with the shell's frame.

The menu's 「ルール」/"Rules" (``#btn-rules``) opens the shell's rules dialog
(:class:`cardkit.ui_dom.rules_frame.RulesFrame`) at its top; the "?" beside an
option in the settings (:func:`explain`) opens it at that option's paragraph.
What is Durak's is said here: its rule book for the rules of the game on the
table (:func:`durak.ui_dom.rules_book.rule_book`), its title, and its cards as
small pictures, drawn as the table draws them (:func:`durak.ui_dom.card_words.card_el`)
with each card's name for screen readers.

Imported when first needed (the menu's first click, a "?"), never on the way to
the human's first decision.
"""

from __future__ import annotations

from typing import Any

from cardkit.rule_sections import Section
from cardkit.ui_dom.rules_frame import RulesFrame, RulesGame
from durak.cards import parse_card
from durak.rules import Rules
from durak.ui_dom.card_words import card_el
from durak.ui_dom.i18n import language, t
from durak.ui_dom.modes import TableRules
from durak.ui_dom.rules_book import rule_book, title

#: The rules the dialog describes: those of the game on the table when it opened (any
#: game of the family: the book opens on the game it names).
_shown: list[TableRules] = [Rules()]


def _sections() -> list[Section]:
    return rule_book(_shown[0], language())


def _card(code: str) -> Any:
    return card_el(parse_card(code), cls="mini")


FRAME = RulesFrame(RulesGame(t=t, language=language, sections=_sections, card=_card,
                             contents=True, title=lambda: title(language())))


def open_rules(rules: TableRules, anchor: str = "") -> None:
    """Open the book of ``rules`` at the top, or at ``rules-<anchor>``."""
    _shown[0] = rules
    FRAME.open(anchor)


def explain(rules: TableRules, option: str) -> None:
    """A settings row's "?": the book of ``rules``, at ``option``'s paragraph."""
    open_rules(rules, f"opt-{option}")


__all__ = ["explain", "open_rules"]
