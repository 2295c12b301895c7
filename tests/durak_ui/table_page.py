"""A stand-in page the ordinary Durak table is drawn into on CPython: ``#table``,
``#status`` and the log region, elements with a ``style``, a window that answers
``matchMedia`` (a wide screen)."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from cardkit.ui_dom import browser
from tests.shell.test_review_frame import Doc, Node


class Style:
    def __init__(self) -> None:
        self.props: dict[str, str] = {}

    def setProperty(self, name: str, value: str) -> None:
        self.props[name] = value


class TableNode(Node):
    """An element the table's drawing uses: a ``style``, ``open`` as the attribute
    sets it, attribute names and removal, the log's child count and removal, a hint's
    mark found."""

    def __init__(self, doc: Doc, tag: str) -> None:
        super().__init__(doc, tag)
        self.style = Style()

    def setAttribute(self, name: str, value: str) -> None:
        super().setAttribute(name, value)
        if name == "open":  # a <details>' attribute is its property
            self.open = True

    def getAttributeNames(self) -> list[str]:
        return list(self.attrs)

    def removeAttribute(self, name: str) -> None:
        self.attrs.pop(name, None)

    @property
    def childElementCount(self) -> int:
        return len(self.children)

    @property
    def firstElementChild(self) -> Node:
        return self.children[0]

    def querySelector(self, selector: str) -> Node | None:
        assert selector == ".hinted", selector
        return next((n for n in self.walk() if "hinted" in n.className.split()), None)

    def remove(self) -> None:
        if self.parent is not None:
            self.parent.children.remove(self)


class TableDoc(Doc):
    def createElement(self, tag: str) -> Node:
        return TableNode(self, tag)


class TableWindow:
    def __init__(self) -> None:
        self.document = TableDoc()
        for node_id in ("table", "status", "announce"):
            self.document.body.append(self.document.createElement("div"))
            self.document.body.children[-1].setAttribute("id", node_id)

    def matchMedia(self, query: str) -> Any:
        return SimpleNamespace(matches=False)


def table_page(monkeypatch: pytest.MonkeyPatch) -> TableDoc:
    """The stand-in page, the browser's window while the test runs."""
    window = TableWindow()
    monkeypatch.setattr(browser, "window", lambda: window)
    return window.document


def tree(node: Node) -> object:
    """Everything a node shows: tag, class, text, attributes, children."""
    return (node.tagName, node.className, node._text, sorted(node.attrs.items()),
            [tree(c) for c in node.children])


def find(node: Node, node_id: str) -> Node | None:
    """The node with id ``node_id`` under ``node``, or ``None``."""
    return next((n for n in node.walk() if n.id == node_id), None)
