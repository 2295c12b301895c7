"""The one series record (:class:`durak.family.series.Series`, docs/rules/durak.md §2.2):
game ``k`` dealt from the series' seed, number and dealer; a finished game scored
(its durak counted, the durak dealing next); the ordinary game's match read as one."""

from __future__ import annotations

import random
from typing import Any

import pytest

from durak.family.options import rules_from_text
from durak.family.registry import GAMES
from durak.family.series import Series, deal_game, dealer_of
from durak.game import Game
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.suit_deal.game import SuitDealGame
from lab.durak.match import Match, series_of

SERIES: list[Series[Any]] = [
    Series(PileRules(mode="heap", players=3), 11),
    Series(PileRules(mode="chukhonsky", players=4), 12),
    Series(Rules(mode="suit_deal", players=3), 13),
]


def _finish(g: Any, rng: random.Random) -> Any:
    while not g.is_over:
        g.apply(rng.choice(list(g.legal_actions())))
    return g


@pytest.mark.parametrize("series", SERIES, ids=lambda s: s.rules.mode)
def test_the_durak_deals_the_next_game_and_each_result_is_counted(series: Series[Any]) -> None:
    rng = random.Random(series.seed)
    for number in range(1, 5):
        g = series.deal()
        assert series.number == number and dealer_of(g) == (
            dealer_of(deal_game(series.rules, series.seed, 1, None)) if number == 1
            else series.dealer)
        result = _finish(g, rng).result
        before = series.tally()
        series = series.scored(g)
        durak = () if result.draw else tuple(result.durak)
        assert series.number == number + 1 and series.results[-1] == durak
        if durak:
            assert series.dealer == durak[0]
        else:  # a draw: the pile games pass the deal left, suit_deal keeps the dealer
            pile = isinstance(series.rules, PileRules)
            assert series.dealer == ((dealer_of(g) + 1) % series.rules.players if pile
                                     else dealer_of(g))
        assert series.tally() == [n + (s in durak) for s, n in enumerate(before)]
        assert series.draws == sum(not r for r in series.results)


def test_a_game_still_being_played_is_not_scored() -> None:
    series = SERIES[0]
    g = series.deal()
    with pytest.raises(ValueError, match="once it is over"):
        series.scored(g)
    assert series.tally(g) == [0, 0, 0]  # the game on the table counts once it is over


def test_the_tally_counts_the_game_on_the_table_once_it_is_over() -> None:
    series = SERIES[2]
    g = _finish(series.deal(), random.Random(4))
    durak = g.result.durak if not g.result.draw else ()
    assert series.tally(g) == [int(s in durak) for s in range(3)]
    assert series.tally(g) == series.scored(g).tally()


def test_the_ordinary_match_read_as_a_series_holds_its_finished_games_results() -> None:
    rng = random.Random(3)
    m = Match(Rules(players=3), seed=9)
    for _ in range(3):
        _finish(m.game, rng)
        m.next_game()
    series = series_of(m, 9)
    assert (series.seed, series.number, series.dealer) == (9, 4, m.game.dealer)
    assert series.tally() == m.tally and series.draws == m.draws
    assert series.deal().view(0) == m.game.view(0)  # the series deals the game on the table


@pytest.mark.parametrize("rules", [Rules(players=3), Rules(players=4, next_first="right_of_durak"),
                                   Rules.preset("team2"), Rules.preset("championship")],
                         ids=["tally", "right_of_durak", "team2", "cube15"])
def test_the_ordinary_games_series_deals_each_game_as_its_match_does(rules: Rules) -> None:
    """§2.2, §2.4, §7: the durak (the losing team's member holding most) deals, after a
    draw the same dealer; the first attacker counts from the dealer (``cube15``: the cut
    for game 1, then alternating).  The series and the match deal the same games."""
    for seed in range(6):
        rng = random.Random(seed)
        m, series = Match(rules, seed=seed), Series(rules, seed)
        for _ in range(5):
            g = series.deal()
            assert isinstance(g, Game)
            assert (g.view(0), g.dealer, g.first_attacker) == (
                m.game.view(0), m.game.dealer, m.game.first_attacker)
            done = _finish(m.game, rng)
            m.next_game()
            assert series.won(done) == m.is_over
            assert series.points_of(done) == (m.points if series.cube else [0] * rules.players)
            if m.is_over:
                with pytest.raises(ValueError, match="the match is over"):
                    series.scored(done)
                break
            series = series.scored(done)
            assert series.dealer == m.dealer == m.game.dealer


@pytest.mark.parametrize("mode", list(GAMES))
def test_a_series_deals_the_game_class_its_rules_record_types_it_with(mode: str) -> None:
    """``Series.deal`` is typed by the rules record: a pile game's series deals a
    ``PileGame``, a series under the ordinary game's record a ``Game`` (the ordinary
    game's) or a ``SuitDealGame`` (the dealing game's); every registered game keeps to it."""
    rules = rules_from_text(f"mode={mode}")
    game = Series(rules, 5).deal()
    assert isinstance(game, PileGame if isinstance(rules, PileRules) else (Game, SuitDealGame))
