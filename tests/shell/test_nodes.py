"""The page shell's element maker (:mod:`cardkit.ui_dom.nodes`), on a stand-in page."""

from __future__ import annotations

import pytest

from cardkit.ui_dom import browser
from cardkit.ui_dom.nodes import by_id, el


class Doc:
    def createElement(self, tag: str) -> dict[str, str]:
        return {"tag": tag}

    def getElementById(self, node_id: str) -> None:
        return None


class Window:
    """A window counting how often its document is read (each a call through the FFI
    in the page)."""

    def __init__(self) -> None:
        self.doc = Doc()
        self.reads = 0

    @property
    def document(self) -> Doc:
        self.reads += 1
        return self.doc


def test_the_document_is_read_once_per_window_not_at_every_element(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    first = Window()
    monkeypatch.setattr(browser, "window", lambda: first)
    assert [el("p")["tag"], el("li")["tag"], by_id("x")] == ["p", "li", None]
    assert first.reads == 1
    other = Window()  # another page (a test's stand-in): its own document
    monkeypatch.setattr(browser, "window", lambda: other)
    el("p")
    assert (first.reads, other.reads) == (1, 1)
