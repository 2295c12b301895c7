"""The hint's box puts a player's words in front and the search's figures one tap away.

The ordinary game's hint opened with "The strong computer's search: 44% of its
look-ahead on this move; not the durak about 56% ± 4" and a key to "±": what a
player needs was below the statistics.  Now the box says what to do, why, and the
chance in tenths; the figures, the other options and the key sit in a folded
``<details class="hint-more">``, for every game of the family (one box)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from durak.ui_dom import i18n
from durak.ui_dom.hint import strings_hint
from durak.ui_dom.hint.hint_view import OrdinaryHint
from tests.shell.test_review_frame import Doc, Node, stand_in_page

ANSWER = {"action": "take", "reason": {"kind": "take_trumps", "args": {"n": 2}},
          "figure": "share", "chance": 0.56, "options": [
              {"action": "take", "share": 0.44, "chance": 0.56, "se": 0.04, "close": True},
              {"action": "cover 8S 7S", "share": 0.3, "chance": 0.53, "se": 0.05,
               "close": True}]}


@pytest.fixture
def doc(monkeypatch: pytest.MonkeyPatch) -> Iterator[Doc]:
    strings_hint.register()
    yield stand_in_page(monkeypatch)
    i18n.set_language("ja")


def children(node: Node) -> list[tuple[str, str]]:
    return [(c.tagName.lower(), c.className) for c in node.children]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_box_says_what_why_and_the_chance_and_folds_the_figures(doc: Doc, lang: str) -> None:
    i18n.set_language(lang)
    box = OrdinaryHint().answer_box(ANSWER)
    assert [cls for _tag, cls in children(box)] == [
        "hint-title", "hint-why", "hint-plain", "hint-more"]
    plain = box.find("hint-plain")[0].textContent
    assert "%" not in plain and "6" in plain
    more = box.find("hint-more")[0]
    assert more.tagName.lower() == "details" and not more.open
    assert children(more)[0][0] == "summary"
    inside = {cls for _tag, cls in children(more)}
    assert {"hint-figures", "hint-options", "hint-noise"} <= inside
    assert "%" in more.find("hint-figures")[0].textContent
    # A button's move is named by the button: "Take", as the table's button reads.
    assert box.find("hint-title")[0].textContent.endswith(
        {"ja": "引き取る", "en": "Take"}[lang])


def front_text(box: Node) -> str:
    """What the box shows before a tap: everything but its fold."""
    return "".join(c.textContent for c in box.children if "hint-more" not in c.className)


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize(("kind", "args"), [
    ("take_better", {"pct": 56, "lay": 40}), ("tie", {"pct": 50}),
    ("search", {"pct": 56, "next": 44})])
def test_a_pile_hints_reason_in_front_holds_no_figures(
        doc: Doc, lang: str, kind: str, args: dict[str, int]) -> None:
    """The pile games' reasons said "(56% against 40%)" before the tap: the figures are the
    fold's, the reason in front is one sentence of words."""
    from durak.ui_dom.hint.pile_hint_view import PileHintSide

    i18n.set_language(lang)
    answer = {"action": "!", "reason": {"kind": kind, "args": args}, "figure": 0.56,
              "worlds": 40, "ranked": [["!", 0.56], ["@", 0.44]]}
    box = PileHintSide().answer_box(answer)
    assert box.find("hint-why"), box.textContent
    assert "%" not in front_text(box)
    assert "%" in box.find("hint-more")[0].textContent


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_hints_figures_are_said_without_the_searchs_jargon(doc: Doc, lang: str) -> None:
    """Behind the tap too: "standard error", "noise", 「探索」 and 「標準誤差」 were words
    of the search, not of a player."""
    i18n.set_language(lang)
    more = OrdinaryHint().answer_box(ANSWER).find("hint-more")[0].textContent
    for word in ("standard error", "noise", "search", "探索", "標準誤差", "誤差"):
        assert word not in more
    assert "%" in more
