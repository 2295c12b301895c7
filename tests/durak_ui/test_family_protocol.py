"""Every game's controller answers the family's one protocol with the same names
(:class:`durak.ui_dom.play.family_controller.FamilyHost`): its series, rules, number, game
id, save, finished game and games, selection and facts, whichever kind of game it
plays."""

from __future__ import annotations

import pytest

from durak.family.modes import SUIT_DEAL
from durak.family.save import decode, encode
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import FamilyHost, Hooks
from durak.ui_dom.play.pile_controller import PileController


async def _no_think(view: str, level: str, seed: int) -> str:
    raise AssertionError("no computer decides here")


async def _no_pause() -> None:
    return None


HOOKS = Hooks(_no_think, _no_pause, lambda: None)

#: One controller class of each kind and rules it plays.
TABLES: list[tuple[type[FamilyHost], Rules | PileRules]] = [
    (Controller, Rules(players=3)),
    (PileController, PileRules(mode="heap", players=3)),
    (SuitDealController, Rules(mode=SUIT_DEAL, players=3)),
]


@pytest.mark.parametrize(("cls", "rules"), TABLES)
def test_every_kinds_controller_answers_the_series_questions_by_the_same_names(
        cls: type[FamilyHost], rules: Rules | PileRules) -> None:
    ctrl = cls(rules, 12, "easy", HOOKS)
    series = ctrl.series
    assert series.rules == ctrl.rules == rules and series.seed == ctrl.match_seed == 12
    assert series.number == ctrl.number == 1 and series.results == ()
    assert ctrl.finished_game() is None and ctrl.finished_games() == []
    assert ctrl.finished_facts() is None
    assert ctrl.selection() == 0 and not ctrl.in_progress()
    assert ctrl.snapshot().series == series


@pytest.mark.parametrize(("cls", "rules"), TABLES)
def test_every_kinds_controller_resumes_its_own_save_as_the_same_game(
        cls: type[FamilyHost], rules: Rules | PileRules) -> None:
    ctrl = cls(rules, 5, "easy", HOOKS)
    again = cls.resume(decode(encode(ctrl.snapshot())), HOOKS, "easy")
    assert type(again) is cls and again.game_id() == ctrl.game_id()
    assert again.series == ctrl.series


def test_a_controller_refuses_another_kinds_save() -> None:
    """A save of a pile game is no ordinary match: the ordinary controller says so,
    naming the mode, rather than playing it."""
    pile = PileController(PileRules(mode="heap", players=3), 5, "easy", HOOKS)
    with pytest.raises(ValueError, match="mode=heap"):
        Controller.resume(pile.snapshot(), HOOKS, "easy")
    with pytest.raises(ValueError, match="mode=heap"):
        SuitDealController.resume(pile.snapshot(), HOOKS, "easy")
    ordinary = Controller(Rules(players=3), 5, "easy", HOOKS)
    with pytest.raises(ValueError, match="mode=durak"):
        PileController.resume(ordinary.snapshot(), HOOKS, "easy")


def test_the_ordinary_match_answers_its_series_with_the_games_it_finished() -> None:
    """The cube match is one way of scoring the series: its finished games' durak seats
    are the series' results, its number the series' number."""
    ctrl = Controller(Rules(players=2), 3, "easy", HOOKS)
    g = ctrl.game
    while g.result is None:
        g.apply(g.legal_actions()[0])
    assert ctrl.over and ctrl.finished_facts() is not None and ctrl.finished_game() is g
    assert [n for _g, n in ctrl.finished_games()] == [1]
    assert ctrl.act("next-game", None)
    assert ctrl.number == ctrl.series.number == 2 and len(ctrl.series.results) == 1
