"""The rules dialog every game's page shares.

A game plugs in a :class:`RulesGame`: its words, its rule book for the rules in
force (:class:`cardkit.rule_sections.Section` records in the current language),
how it draws a card as a small picture, and anything of its own to add after
the sections.  The frame (:class:`RulesFrame`) does the rest, the same for
every game:

* one modal ``<dialog id="rules">``, labelled by its heading, in the book's
  language, its head (title, close button) in view while the rules scroll;
* optionally a list of contents, each entry moving the focus to its section;
* the menu's ``#btn-rules`` opens it at the top, the close button focused;
  :meth:`RulesFrame.open` with an anchor opens it at that item (the settings'
  "?" beside an option), the item focused so a screen reader reads it;
* Escape or the close button closes it, and the focus goes back to the control
  that opened it (:mod:`cardkit.ui_dom.dialogs`); the match is left as it was,
  the dialog only reads the rules;
* a section's links (:class:`cardkit.rule_sections.Link`) are buttons: one shows
  the book it names in the same dialog (the game's ``follow`` points its book
  there), at its top with the title focused, so a screen reader reads the new
  book's name; Escape still closes the dialog back to its opener.

Its own words (close, the shortcut, contents, "in force") are the shell's
(:mod:`cardkit.ui_dom.strings_shell`); ``rules.title`` may be worded by a game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardkit.rule_sections import Item, Link, Section
from cardkit.ui_dom.dialogs import open_dialog
from cardkit.ui_dom.nodes import by_id, document, el, on

DIALOG_ID = "rules"
Translate = Callable[..., str]


@dataclass(frozen=True)
class RulesGame:
    """What a game gives the rules dialog."""

    t: Translate
    language: Callable[[], str]
    #: The rule book of the rules in force, in the current language.
    sections: Callable[[], Sequence[Section]]
    #: A card code as a small picture with its accessible name (``None``: the game
    #: shows no card pictures).
    card: Callable[[str], Any] | None = None
    #: The game's own nodes after the sections (``None``: none).
    extra: Callable[[], list[Any]] | None = None
    #: Draw a list of the sections at the top.
    contents: bool = False
    #: The dialog's title (``None``: the words ``rules.title``).
    title: Callable[[], str] | None = None
    #: A link followed: the game's book is now the one ``book`` names (``None``: the
    #: game's books hold no links).
    follow: Callable[[str], None] | None = None


def section_el(s: Section, card: Callable[[str], Any] | None = None,
               focusable: bool = False, badge: str = "",
               follow: Callable[[str], None] | None = None) -> Any:
    """One section: its heading, lead, links, items (numbered when ordered), notes,
    table; ``badge`` marks an item in force, ``focusable`` lets the contents focus the
    heading, ``follow`` is called with a link's book (no links are drawn without it)."""
    box = el("section", "rules-section", None, data_section=s.key)
    box.append(el("h3", "", s.title, id=f"rules-sec-{s.key}",
                  tabindex="-1" if focusable else None))
    if s.lead:
        box.append(el("p", "", s.lead))
    if s.links and follow is not None:
        row = el("p", "rules-links")
        for link in s.links:
            row.append(_link_el(link, follow))
        box.append(row)
    if s.items:
        items = el("ol" if s.ordered else "ul", "rules-items", None, id=s.list_id or None)
        for item in s.items:
            items.append(item_el(item, card, badge))
        box.append(items)
    for text in s.notes:
        box.append(el("p", "rules-note", text))
    if s.table:
        box.append(_table(s))
    return box


def item_el(item: str | Item, card: Callable[[str], Any] | None = None,
            badge: str = "") -> Any:
    """A list item: the sentence, its "in force" mark, its card pictures."""
    if isinstance(item, str):
        return el("li", "", item)
    node = el("li", "rules-in-force" if item.in_force else "", None,
              id=f"rules-{item.anchor}" if item.anchor else None,
              tabindex="-1" if item.anchor else None,
              data_option=item.option or None)
    if item.in_force:
        node.append(el("strong", "rules-badge", badge))
        node.append(document().createTextNode(" "))
    node.append(el("span", "rules-text", item.text))
    if item.detail:
        node.append(document().createTextNode(" "))
        node.append(el("span", "rules-detail", item.detail))
    if item.cards and card is not None:
        row = el("span", "rules-cards")
        for code in item.cards:
            row.append(card(code))
        node.append(row)
    return node


def _link_el(link: Link, follow: Callable[[str], None]) -> Any:
    button = el("button", "btn rules-link", link.text, type="button", data_book=link.book)
    on(button, "click", lambda _e: follow(link.book))
    return button


def _table(s: Section) -> Any:
    table = el("table", "rules-table", None, id=f"rules-{s.key}-table")
    head = el("tr")
    for cell in s.table[0]:
        head.append(el("th", "", cell, scope="col"))
    table.append(head)
    for row in s.table[1:]:
        tr = el("tr")
        tr.append(el("th", "", row[0], scope="row"))
        for cell in row[1:]:
            tr.append(el("td", "", cell))
        table.append(tr)
    wrap = el("div", "rules-table-wrap")  # scrolls sideways on a phone
    wrap.append(table)
    return wrap


class RulesFrame:
    """The rules dialog of one page: drawn anew each time it opens."""

    def __init__(self, game: RulesGame) -> None:
        self.game = game

    def _contents(self, sections: Sequence[Section]) -> Any:
        nav = el("nav", "rules-contents", None, id="rules-contents")
        nav.setAttribute("aria-label", self.game.t("rules.contents"))
        items = el("ul", "rules-contents-list")
        for s in sections:
            button = el("button", "rules-jump", s.short or s.title, type="button",
                        data_jump=f"rules-sec-{s.key}")
            on(button, "click", _jump)
            li = el("li")
            li.append(button)
            items.append(li)
        nav.append(items)
        return nav

    def render(self) -> Any:
        """(Re)draw ``#rules`` for the rules in force and the language; returns it."""
        t = self.game.t
        dialog = by_id(DIALOG_ID)
        if not dialog:  # a missing element is a falsy JsNull in Pyodide
            dialog = el("dialog", "rules-dialog", None, id=DIALOG_ID)
            dialog.setAttribute("aria-labelledby", "rules-title")
            document().body.append(dialog)
        dialog.setAttribute("lang", self.game.language())
        head = el("div", "rules-head")
        heading = self.game.title() if self.game.title is not None else t("rules.title")
        # Focusable by script: a link followed puts the focus on the new book's title.
        head.append(el("h2", "rules-title", heading, id="rules-title", tabindex="-1"))
        close = el("button", "btn", t("rules.close"), type="button", id="rules-close")
        on(close, "click", lambda _e: dialog.close())
        head.append(close)
        sections = list(self.game.sections())
        children = [head, el("p", "rules-hint", t("rules.hint"))]
        if self.game.contents:
            children.append(self._contents(sections))
        badge = t("rules.in_force")
        follow = self.follow if self.game.follow is not None else None
        children.extend(section_el(s, self.game.card, self.game.contents, badge, follow)
                        for s in sections)
        if self.game.extra is not None:
            children.extend(self.game.extra())
        dialog.replaceChildren(*children)
        return dialog

    def open(self, anchor: str = "") -> None:
        """Open the dialog (modal): at its top with the close button focused, or at
        the item ``rules-<anchor>`` focused (the top, when there is no such item)."""
        dialog = self.render()
        target = by_id(f"rules-{anchor}") if anchor else None
        open_dialog(DIALOG_ID, "" if target else "rules-close")
        if target:
            target.focus()
        else:
            dialog.scrollTop = 0

    def follow(self, book: str) -> None:
        """A link: the book ``book`` in the same dialog, at its top, its title focused."""
        if self.game.follow is None:
            return
        self.game.follow(book)
        dialog = self.render()
        dialog.scrollTop = 0
        title = by_id("rules-title")
        if title:
            title.focus()

    def mount(self) -> None:
        """Wire the menu's ``#btn-rules`` to open the dialog at its top."""
        button = by_id("btn-rules")
        if button:
            on(button, "click", lambda _e: self.open())


def _jump(event: Any) -> None:
    """A contents entry: the focus (and the view) moves to its section's heading."""
    target = by_id(str(event.currentTarget.getAttribute("data-jump")))
    if target:
        target.focus()


__all__ = ["DIALOG_ID", "RulesFrame", "RulesGame", "item_el", "section_el"]
