"""The end of a Durak game at a table with friends offers one way on: the host's
panel's Play again (which deals the series' next game), not the end screen's own
Next game beside it; alone, or at pass-and-play, the end keeps its Next game."""

from __future__ import annotations

import random

import pytest

from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.playout import play_random_game
from durak.rules import Rules
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.play.pile_controller import PileController
from durak.ui_dom.table import pile_table, table
from tests.durak_ui.test_pile_controller import _no_pause, _think
from tests.shell.test_review_frame import Doc, Node, stand_in_page

HOOKS = Hooks(_think, _no_pause, lambda: None)


@pytest.fixture
def doc(monkeypatch: pytest.MonkeyPatch) -> Doc:
    return stand_in_page(monkeypatch)


def ids(box: Node) -> set[str]:
    return {n.id for n in box.walk() if n.id}


async def seat_reply(_seat: int, _computer: object) -> str:
    raise AssertionError("no seat is asked here")


def ended_durak(seed: int) -> Controller:
    ctrl = Controller(Rules(deck=32), seed, "easy", HOOKS)
    g, rng = ctrl.game, random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()), g.to_act)
    return ctrl


def test_the_hosts_durak_end_at_a_table_with_friends_offers_no_next_game_beside_play_again(
        doc: Doc) -> None:
    ctrl = ended_durak(3)
    assert "btn-next-game" in ids(table.result_el(ctrl, ctrl.sight()))  # alone
    ctrl.seat_reply = seat_reply  # the host's table with friends
    box = table.result_el(ctrl, ctrl.sight())
    assert "btn-next-game" not in ids(box) and {"btn-review", "btn-copy"} <= ids(box)


def test_the_hosts_pile_game_end_at_a_table_with_friends_offers_no_next_game(
        doc: Doc) -> None:
    rules = PileRules(mode="heap", players=2)
    game = play_random_game(PileGame.new(rules, 5), random.Random(5))
    ctrl = PileController(rules, 5, "easy", HOOKS, game=game)
    assert "btn-next-game" in ids(pile_table.result_el(ctrl, ctrl.view()))
    ctrl.seat_reply = seat_reply
    assert "btn-next-game" not in ids(pile_table.result_el(ctrl, ctrl.view()))
