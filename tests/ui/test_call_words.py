"""Napoleon's adjutant call in words that say what each button does, run on CPython.

Rule checked: the button that cycles the called card through the role cards
(Mighty → Joker → trump J → back J, docs/rules/napoleon.md §7) says it moves to
the next card (「次の札」, "Next card"), in both languages: it is not NEXT, the
word that everywhere else on the page means "go on" (after a trick, a result,
the standings).  The call's controls are drawn with stand-ins for the DOM's
elements (their text, id and ``data-act``), so the words are the table's own.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import Any

import pytest

from napoleon.cards import MIGHTY
from napoleon.ui_dom import i18n
from napoleon.ui_dom import table as table_module


class Node:
    def __init__(self, tag: str, cls: str = "", text: str | None = None, **attrs: object
                 ) -> None:
        self.tag, self.className, self.textContent = tag, cls, text or ""
        self.attrs = {k.rstrip("_").replace("_", "-"): str(v) for k, v in attrs.items()
                      if v is not None and v is not False}
        self.children: list[Node] = []

    def setAttribute(self, name: str, value: str) -> None:
        self.attrs[name] = value

    def removeAttribute(self, name: str) -> None:
        self.attrs.pop(name, None)

    def append(self, node: Node) -> None:
        self.children.append(node)


def _card(card: int, style: str, act: str = "", cls: str = "", **_: object) -> Node:
    return Node("button", f"card {cls}", None, data_card=card, data_act=act)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(table_module, "el", Node)
    monkeypatch.setattr(table_module, "card_el", _card)
    monkeypatch.setattr(table_module, "button", lambda text, act, arg=None, cls="btn", **a:
                        Node("button", cls, text, data_act=act, data_arg=arg, **a))
    yield
    i18n.set_language("ja")


def call_buttons(lang: str) -> dict[str, str]:
    """The call's buttons as drawn in ``lang``: ``data-act`` → label."""
    i18n.set_language(lang)
    scene: Any = types.SimpleNamespace(sel=types.SimpleNamespace(call_card=MIGHTY),
                                       suit_style="cards")
    out: dict[str, str] = {}
    stack: list[Node] = list(table_module.call_card_controls(scene))
    while stack:
        node = stack.pop()
        if node.tag == "button" and "data-act" in node.attrs:
            out[node.attrs["data-act"]] = node.textContent
        stack.extend(node.children)
    return out


@pytest.mark.parametrize(("lang", "word"), [("ja", "次の札"), ("en", "Next card")])
def test_the_calls_cycle_button_says_it_moves_to_the_next_card(
    drawn: None, lang: str, word: str
) -> None:
    labels = call_buttons(lang)
    assert labels["call-next"] == word
    assert labels["call-next"] != i18n.t("btn.next")  # NEXT: go on, elsewhere on the page


def test_the_call_prompt_names_the_cycle_button_by_its_label(drawn: None) -> None:
    for lang in ("ja", "en"):
        i18n.set_language(lang)
        assert i18n.t("btn.call_next") in i18n.t("prompt.call")
        assert "NEXT" not in i18n.t("prompt.call")
