"""The shell's modal question (:func:`cardkit.ui_dom.ask.ask`), run on CPython.

Rule checked: a question's default is the choice that loses nothing, and it is the
default to the eye as to the keyboard: the button that has the focus (Enter chooses
it, Esc gives its answer) is the one drawn as the primary button, and the choice
that throws a game away is drawn plain.  Every question of both games asks through
this function (the stale address's, a new game's, leaving a table, resetting the
statistics), each naming its safe answer as ``cancel``.

A small stand-in for the DOM (elements with attributes and children, a modal
``<dialog>`` whose ``close`` fires its listeners) is put where the shell looks for
the browser (``js``, ``pyodide.ffi``); the question on the page is checked in the
browser (``e2e/test_durak_table_flow.py``).
"""

from __future__ import annotations

import asyncio
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardkit.ui_dom.ask import ASK_ID, Answer, ask
from tests.shell.stand_in import install_document


class Node:
    def __init__(self, doc: Doc, tag: str) -> None:
        self.doc, self.tag = doc, tag
        self.attrs: dict[str, str] = {}
        self.children: list[Node] = []
        self.listeners: dict[str, list[Callable[[Any], None]]] = {}
        self.className = ""
        self.textContent = ""
        self.returnValue = ""
        self.parent: Node | None = None

    def setAttribute(self, name: str, value: str) -> None:
        self.attrs[name] = value

    def append(self, *nodes: Node) -> None:
        for node in nodes:
            node.parent = self
        self.children.extend(nodes)

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.children.remove(self)

    def addEventListener(self, event: str, fn: Callable[[Any], None]) -> None:
        self.listeners.setdefault(event, []).append(fn)

    def fire(self, event: str) -> None:
        for fn in self.listeners.get(event, []):
            fn(types.SimpleNamespace(currentTarget=self, target=self))

    def showModal(self) -> None:
        self.attrs["open"] = ""

    def close(self, value: str = "") -> None:
        self.returnValue = value
        self.attrs.pop("open", None)
        self.fire("close")

    def focus(self) -> None:
        self.doc.activeElement = self

    def contains(self, other: Node) -> bool:
        return any(n is other for n in self.walk())

    def walk(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            yield from child.walk()


class Doc:
    def __init__(self) -> None:
        self.body = Node(self, "body")
        self.activeElement: Node = self.body

    def createElement(self, tag: str) -> Node:
        return Node(self, tag)

    def getElementById(self, node_id: str) -> Node | None:
        return next((n for n in self.body.walk() if n.attrs.get("id") == node_id), None)


@pytest.fixture
def doc(monkeypatch: pytest.MonkeyPatch) -> Doc:
    document = Doc()
    install_document(monkeypatch, document)
    return document


def buttons(doc: Doc) -> dict[str, Node]:
    return {n.attrs["data-answer"]: n for n in doc.body.walk() if "data-answer" in n.attrs}


def asked(doc: Doc, answers: list[Answer], cancel: str, press: str | None
          ) -> tuple[dict[str, Node], str]:
    """The question's buttons as drawn, and the answer once ``press`` is clicked
    (``None``: Esc, which closes the dialog with no value)."""
    async def scene() -> tuple[dict[str, Node], str]:
        task = asyncio.ensure_future(ask("Title", "Text", answers, cancel))
        await asyncio.sleep(0)
        drawn = buttons(doc)
        dialog = doc.getElementById(ASK_ID)
        assert dialog is not None and "open" in dialog.attrs
        if press is None:
            dialog.close()
        else:
            drawn[press].fire("click")
        return drawn, await task

    return asyncio.run(scene())


#: The stale address's question, as both games ask it: keep the game, or start the
#: address's (which throws the game in progress away).
LINK = [Answer("keep", "Keep the game in progress"), Answer("start", "Start the address's game")]


def test_the_safe_answer_is_both_the_focused_and_the_primary_button(doc: Doc) -> None:
    drawn, _ = asked(doc, LINK, cancel="keep", press="keep")
    primary = [v for v, n in drawn.items() if "primary" in n.className.split()]
    focused = [v for v, n in drawn.items() if "autofocus" in n.attrs]
    assert primary == focused == ["keep"]
    assert drawn["start"].className == "btn"


def test_the_primary_button_follows_the_safe_answer_wherever_it_stands(doc: Doc) -> None:
    """Listed second, the safe answer is still the highlighted one."""
    answers = [Answer("reset", "Reset"), Answer("keep", "Keep")]
    drawn, _ = asked(doc, answers, cancel="keep", press="reset")
    assert "primary" in drawn["keep"].className.split()
    assert "primary" not in drawn["reset"].className.split()


def test_esc_gives_the_safe_answer_and_a_click_gives_its_own(doc: Doc) -> None:
    assert asked(doc, LINK, cancel="keep", press=None)[1] == "keep"
    assert asked(doc, LINK, cancel="keep", press="start")[1] == "start"
    assert doc.getElementById(ASK_ID) is None  # closed and removed
