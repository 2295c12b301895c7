"""A pile game drawn says on its end screen how it ended, in both languages: a draw by
repetition (docs/rules/durak.md §6.14) says why in one sentence; a draw where everyone
went out together (§2.12) is not called a repetition."""

from __future__ import annotations

import random

import pytest

from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.playout import play_random_game
from durak.ui_dom.i18n import t
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.play.pile_controller import PileController
from durak.ui_dom.table.pile_table import result_el, status_text
from tests.durak_modes.helpers import lay, position
from tests.durak_ui.test_pile_controller import _no_pause, _think
from tests.shell.test_review_frame import Doc, Node, stand_in_page

HOOKS = Hooks(_think, _no_pause, lambda: None)
#: A 2-player heap game of random moves that meets one position a third time.
REPEATED = 138


@pytest.fixture
def doc(monkeypatch: pytest.MonkeyPatch) -> Doc:
    return stand_in_page(monkeypatch)


def shown(box: Node, node_id: str) -> str | None:
    node = next((n for n in box.walk() if n.id == node_id), None)
    return None if node is None else str(node.textContent)


def test_a_heap_draw_by_repetition_says_why_on_the_result_screen(doc: Doc, lang: str) -> None:
    """Heap's draw by repetition was never explained when it happened: the end said "a
    draw by repetition" and no more."""
    rules = PileRules(mode="heap", players=2)
    game = play_random_game(PileGame.new(rules, REPEATED), random.Random(REPEATED))
    assert game.state.repetition and game.durak is None
    ctrl = PileController(rules, REPEATED, "easy", HOOKS, game=game)
    box = result_el(ctrl, ctrl.view())
    why = shown(box, "draw-why")
    assert why == t("pile.result.repetition_why")
    assert why.endswith(("。", ".")) and not any(end in why[:-1] for end in ("。", ". "))
    assert {"ja": "3回目", "en": "a third time"}[lang] in why
    assert {"ja": "誰もドゥラークになりません", "en": "nobody is the durak"}[lang] in why
    assert shown(box, "repetition") == status_text(ctrl, ctrl.view())


def test_a_draw_with_everyone_out_together_is_not_called_a_repetition(
        doc: Doc, lang: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """§2.12 (heap, §6.6): both last players out with one beat is a draw, not §6.14's."""
    game = position(PileRules(mode="heap", players=2), ["8H", "9H"], trump="6S")
    lay(game, "8H")
    lay(game, "9H")
    assert game.is_over and game.durak is None and not game.state.repetition
    ctrl = PileController(game.state.rules, 1, "easy", HOOKS, game=game)
    assert status_text(ctrl, ctrl.view()) == t("pile.status.draw_out")
    # A position set up by hand has no deal to replay into a record: the end without one.
    monkeypatch.setattr(ctrl, "finished_game", lambda: None)
    box = result_el(ctrl, ctrl.view())
    assert shown(box, "draw-why") is None
    assert shown(box, "repetition") == t("pile.status.draw_out")
