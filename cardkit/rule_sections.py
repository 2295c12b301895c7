"""The parts of a game's rule book as its rules dialog draws them (pure).

A game's rule book is a list of :class:`Section` records, written for one set of
rules in one language (Napoleon's :func:`napoleon.rule_book.rule_book`, Durak's
:func:`durak.ui_dom.rules.rules_book.rule_book`); the page shell's rules dialog
(:mod:`cardkit.ui_dom.rules_frame`) draws them the same way for every game.
An item is a plain sentence, or an :class:`Item` that also carries small card
pictures, a place the settings' "?" buttons open the dialog at, and whether
the rule it describes is in force.  A section may also hold links (:class:`Link`) to
another book of the same dialog: a rule of another game that applies is linked,
not pasted in.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Item:
    """One sentence of a section, with what a plain string cannot say."""

    text: str
    #: Cards drawn as small pictures after the sentence (the game's card codes, e.g.
    #: ``"9H"``); each picture carries the card's name for screen readers.
    cards: tuple[str, ...] = ()
    #: The item's place (its element's id is ``rules-<anchor>``), where the dialog
    #: opens for a settings row's "?"; ``""``: none.
    anchor: str = ""
    #: The rule described is in force in the game on the table (marked in words,
    #: not by colour alone).
    in_force: bool = False
    #: ``data-option`` of the item's element (the option it describes); ``""``: none.
    option: str = ""
    #: A short note set apart after the sentence (e.g. the option's value now).
    detail: str = ""


@dataclass(frozen=True)
class Link:
    """A button that shows another book in the same rules dialog (the game draws the
    book ``book`` names: Durak's family links a game's page to the ordinary game's
    book and back)."""

    text: str
    book: str


@dataclass(frozen=True)
class Section:
    """One part of the rule book: a stable ``key``, a title, sentences, maybe a table
    (its first row is the header)."""

    key: str
    title: str
    items: tuple[str | Item, ...]
    table: tuple[tuple[str, ...], ...] = ()
    ordered: bool = False
    """The items are a ranking or steps, drawn as a numbered list."""
    lead: str = ""
    """A sentence before the items."""
    notes: tuple[str, ...] = ()
    """Sentences after the items."""
    list_id: str = ""
    """The id of the items' list element (``""``: none)."""
    short: str = ""
    """The title in the dialog's contents (``""``: the title)."""
    links: tuple[Link, ...] = ()
    """Buttons to other books, after the lead (a section may hold nothing else)."""

    def sentences(self) -> tuple[str, ...]:
        """The items' sentences, without their pictures and marks.

        >>> Section("x", "X", ("One.", Item("Two.", ("9H",)))).sentences()
        ('One.', 'Two.')
        """
        return tuple(i if isinstance(i, str) else i.text for i in self.items)
