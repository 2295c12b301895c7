"""A pile game's review says what its figures measure.

Its costly decisions showed "56% → 91%" and its steps "You: take (56%)", and nothing
said 56% of what.  The costly list now says it as the ordinary game's review does
("Chance of not being the durak: 56% after your move, 91% after the strong
computer's"), and a step's move its chance by name."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from durak.ui_dom import i18n
from durak.ui_dom.i18n import t
from durak.ui_dom.review.pile_review_view import PileReview
from tests.shell.test_review_frame import Doc, stand_in_page

DECISION = {"index": 4, "played": "!", "best": "@", "played_figure": 0.56,
            "best_figure": 0.91}


@pytest.fixture
def doc(monkeypatch: pytest.MonkeyPatch) -> Iterator[Doc]:
    yield stand_in_page(monkeypatch)
    i18n.set_language("ja")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_costly_decision_says_its_figures_are_the_chance_not_to_be_the_durak(
        doc: Doc, lang: str) -> None:
    i18n.set_language(lang)
    review = PileReview(None)
    review.plan_here = [2, 4]
    text = " ".join(part.textContent for part in review.costly_parts(DECISION))
    assert t("review.chance", before=56, after=91) in text
    assert "→" not in text


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_steps_move_names_what_its_figure_is(lang: str) -> None:
    from durak.ui_dom.hint import strings_hint

    strings_hint.register()
    i18n.set_language(lang)
    said = t("prev.you", move="@", pct="56%")
    assert {"ja": "ドゥラークにならない見込み", "en": "not to be the durak"}[lang] in said
