"""The shell's rules dialog (a game plugs in its rule book and its strings; both games'
rules pages stand on it), run on CPython
for a third game that writes none of the dialog: a rule book of two sections.

A small stand-in for the DOM (elements with attributes, children, focus, a modal
``<dialog>`` whose ``close`` fires its listeners) is put where the shell looks for
the browser (``js``, ``pyodide.ffi``); Napoleon's and Durak's dialogs are checked in
the browser (``e2e/test_rules_page.py``, ``e2e/test_durak_rules.py``).
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardkit.rule_sections import Item, Link, Section
from cardkit.ui_dom import dialogs
from cardkit.ui_dom.rules_frame import RulesFrame, RulesGame
from tests.shell.stand_in import install_document


class Node:
    """An element: attributes, children, listeners; focus goes to the document."""

    def __init__(self, doc: Doc, tag: str) -> None:
        self.doc, self.tag = doc, tag
        self.attrs: dict[str, str] = {}
        self.children: list[Node] = []
        self.listeners: dict[str, list[Callable[[Any], None]]] = {}
        self.className = ""
        self.textContent = ""
        self.open = False
        self.scrollTop = 7
        self.isConnected = True
        self.disabled = False

    def setAttribute(self, name: str, value: str) -> None:
        self.attrs[name] = value

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)

    def append(self, *nodes: Node) -> None:
        self.children.extend(nodes)

    def replaceChildren(self, *nodes: Node) -> None:
        self.children = list(nodes)

    def addEventListener(self, event: str, fn: Callable[[Any], None]) -> None:
        self.listeners.setdefault(event, []).append(fn)

    def fire(self, event: str) -> None:
        for fn in self.listeners.get(event, []):
            fn(types.SimpleNamespace(currentTarget=self, target=self))

    def focus(self) -> None:
        self.doc.activeElement = self

    def showModal(self) -> None:
        self.open = True

    def close(self) -> None:
        self.open = False
        self.fire("close")

    def contains(self, other: Node) -> bool:
        return any(n is other for n in self.walk())

    def walk(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            yield from child.walk()

    def text(self) -> str:
        return self.textContent + "".join(c.text() for c in self.children)


class Doc:
    def __init__(self) -> None:
        self.body = Node(self, "body")
        self.activeElement: Node = self.body

    def createElement(self, tag: str) -> Node:
        return Node(self, tag)

    def createTextNode(self, text: str) -> Node:
        node = Node(self, "#text")
        node.textContent = text
        return node

    def getElementById(self, node_id: str) -> Node | None:
        return next((n for n in self.body.walk() if n.attrs.get("id") == node_id), None)


@pytest.fixture
def doc(monkeypatch: pytest.MonkeyPatch) -> Doc:
    document = Doc()
    install_document(monkeypatch, document)
    monkeypatch.setattr(dialogs, "_wired", set())
    monkeypatch.setattr(dialogs, "_openers", {})
    menu = document.createElement("button")
    menu.setAttribute("id", "btn-rules")
    document.body.append(menu)
    return document


WORDS = {"rules.title": "Rules", "rules.close": "Close", "rules.hint": "Close it and play on",
         "rules.in_force": "[In force]", "rules.contents": "Contents"}


def toy_book() -> list[Section]:
    return [
        Section("play", "Playing", ("Play your highest card.", Item("Ace high.", ("AS", "KS"))),
                ordered=True, list_id="toy-steps", short="Play"),
        Section("opts", "Options", (Item("Rounds: 3.", anchor="opt-rounds", option="rounds",
                                         in_force=True, detail="Now: 3"),)),
    ]


def toy_frame(contents: bool = True) -> RulesFrame:
    def card(code: str) -> Any:
        node = Doc.createElement(sys.modules["js"].document, "span")
        node.setAttribute("aria-label", code)
        return node

    return RulesFrame(RulesGame(t=lambda key, **_: WORDS[key], language=lambda: "en",
                                sections=toy_book, card=card, contents=contents))


def showing(node: Node) -> bool:
    """Whether a dialog is open (read through a call: mypy keeps no stale narrowing)."""
    return node.open


def by_id(doc: Doc, node_id: str) -> Node:
    node = doc.getElementById(node_id)
    assert node is not None, node_id
    return node


def test_the_frame_draws_a_games_rule_book_as_a_labelled_modal_dialog(doc: Doc) -> None:
    toy_frame().open()
    dialog = by_id(doc, "rules")
    assert dialog.tag == "dialog" and dialog.open
    assert dialog.attrs["aria-labelledby"] == "rules-title" and dialog.attrs["lang"] == "en"
    assert by_id(doc, "rules-title").textContent == "Rules"
    steps = by_id(doc, "toy-steps")
    assert steps.tag == "ol" and len(steps.children) == 2
    pictures = [n.attrs["aria-label"] for n in steps.walk() if "aria-label" in n.attrs]
    assert pictures == ["AS", "KS"]
    rounds = by_id(doc, "rules-opt-rounds")
    assert rounds.attrs["data-option"] == "rounds" and rounds.attrs["tabindex"] == "-1"
    assert rounds.className == "rules-in-force"
    assert rounds.text() == "[In force] Rounds: 3. Now: 3"
    jumps = [n for n in by_id(doc, "rules-contents").walk() if n.tag == "button"]
    assert [(j.textContent, j.attrs["data-jump"]) for j in jumps] == [
        ("Play", "rules-sec-play"), ("Options", "rules-sec-opts")]


def test_the_menu_opens_it_at_the_top_and_closing_gives_the_focus_back(doc: Doc) -> None:
    toy_frame().mount()
    menu = by_id(doc, "btn-rules")
    menu.focus()
    menu.fire("click")
    dialog = by_id(doc, "rules")
    assert dialog.open and dialog.scrollTop == 0
    assert doc.activeElement is by_id(doc, "rules-close")
    by_id(doc, "rules-close").fire("click")
    assert not showing(dialog) and doc.activeElement is menu


def test_an_anchor_opens_it_at_that_item_focused_and_back_to_the_opener(doc: Doc) -> None:
    """A settings row's "?" opens the rules at its option; closing returns to the "?"."""
    ask = doc.createElement("button")
    doc.body.append(ask)
    ask.focus()
    frame = toy_frame()
    frame.open("opt-rounds")
    assert doc.activeElement is by_id(doc, "rules-opt-rounds")
    by_id(doc, "rules").close()  # Escape: the browser closes the dialog
    assert doc.activeElement is ask
    frame.open("opt-nothing")  # no such item: the top
    assert doc.activeElement is by_id(doc, "rules-close")


def test_a_late_close_leaves_the_focus_where_the_player_put_it(doc: Doc) -> None:
    """The focus is returned to the opener only when it was lost: the ``close`` event comes a
    task after Escape (later while Python is busy), when the browser has already
    given the focus back and the player may have moved it to another menu button;
    taking it away then sent an Enter meant for 「譜」 to the opener (the settings)."""
    toy_frame().mount()
    menu = by_id(doc, "btn-rules")
    other = doc.createElement("button")
    doc.body.append(other)
    menu.focus()
    menu.fire("click")
    dialog = by_id(doc, "rules")
    dialog.open = False  # Escape: the browser closes it and puts the focus back...
    other.focus()  # ...and the player moves on before the close event is handled
    dialog.fire("close")
    assert doc.activeElement is other
    menu.focus()
    menu.fire("click")
    doc.body.focus()  # lost (nothing has it): the close gives it back
    by_id(doc, "rules").close()
    assert doc.activeElement is menu


def test_the_contents_move_the_focus_to_a_section_heading(doc: Doc) -> None:
    toy_frame().open()
    jump = next(n for n in by_id(doc, "rules-contents").walk() if n.tag == "button")
    jump.fire("click")
    heading = by_id(doc, "rules-sec-play")
    assert doc.activeElement is heading and heading.attrs["tabindex"] == "-1"


def test_without_contents_nothing_is_added_for_them(doc: Doc) -> None:
    toy_frame(contents=False).open()
    assert doc.getElementById("rules-contents") is None
    assert "tabindex" not in by_id(doc, "rules-sec-play").attrs


@pytest.mark.parametrize("game", ["napoleon", "durak"])
def test_no_line_asks_for_a_key_a_phone_has_not(game: str) -> None:
    """The rules dialog's note (and every line of both pages) is true on a phone too:
    it names no Esc key; the dialog's own Close button closes it on every device, and
    Escape closes any dialog where there is a keyboard."""
    from durak.ui_dom import i18n as durak_i18n
    from napoleon.ui_dom import i18n as napoleon_i18n

    catalog = (napoleon_i18n if game == "napoleon" else durak_i18n).catalog()
    keyed = {key: text for key, entry in catalog.items() for text in entry.values()
             if "Esc" in text}
    assert keyed == {}
    assert "rules.hint" in catalog


def test_a_link_shows_the_other_book_in_the_same_dialog_and_back(doc: Doc) -> None:
    """A rule of another game that applies is linked, not pasted in: the link's button
    shows the book it names in the same dialog, at its top with its title focused (a
    screen reader reads the new book's name); its own link leads back, and Escape
    still gives the focus to what opened the dialog."""
    books = {
        "own": [Section("own", "Toy", ("Play your highest card.",),
                        links=(Link("The other game's rules", "other"),))],
        "other": [Section("back", "From Toy", (), links=(Link("Back to Toy", "own"),)),
                  Section("other", "Other", ("Beat it.",))],
    }
    shown = ["own"]
    frame = RulesFrame(RulesGame(t=lambda key, **_: WORDS[key], language=lambda: "en",
                                 sections=lambda: books[shown[0]],
                                 title=lambda: shown[0].title(),
                                 follow=lambda book: shown.__setitem__(0, book)))
    frame.mount()
    menu = by_id(doc, "btn-rules")
    menu.focus()
    menu.fire("click")

    def link() -> Node:
        return next(n for n in by_id(doc, "rules").walk() if n.attrs.get("data-book"))

    assert link().textContent == "The other game's rules" and link().tag == "button"
    dialog = by_id(doc, "rules")
    dialog.scrollTop = 300
    link().fire("click")
    title = by_id(doc, "rules-title")
    assert dialog.open and title.textContent == "Other" and doc.activeElement is title
    assert dialog.scrollTop == 0 and "Beat it." in dialog.text()
    assert "Play your highest card." not in dialog.text()
    # A section of links alone draws no empty list.
    back = next(n for n in dialog.walk() if n.attrs.get("data-section") == "back")
    assert not any(n.tag in ("ul", "ol") for n in back.walk())
    link().fire("click")
    assert by_id(doc, "rules-title").textContent == "Own" and "Play your" in dialog.text()
    dialog.close()
    assert doc.activeElement is menu


def test_without_follow_no_link_is_drawn(doc: Doc) -> None:
    """A game whose dialog cannot follow a link draws none (a button must act)."""
    book = [Section("own", "Toy", ("One.",), links=(Link("Elsewhere", "x"),))]
    RulesFrame(RulesGame(t=lambda key, **_: WORDS[key], language=lambda: "en",
                         sections=lambda: book)).open()
    assert not any(n.attrs.get("data-book") for n in by_id(doc, "rules").walk())
