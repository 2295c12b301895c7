"""Scoring (docs/rules/napoleon.md §2.6 and §5, Siberia and the other options of §4).

Every table, with and without an adjutant, every outcome, and 4/6 players.
"""

from __future__ import annotations

import pytest

from napoleon.rules import Rules
from napoleon.scoring import Outcome, outcome_of, points_for

W, L, T, AT = Outcome.FRENCH_WIN, Outcome.ALLIED_WIN, Outcome.FRENCH_TRIUMPH, Outcome.ALLIED_TRIUMPH

# (table, with adjutant, outcome) → (napoleon, adjutant or None, ally) from SdC's tables (§5)
EXPECTED: dict[tuple[str, bool], dict[Outcome, tuple[int, int | None, int]]] = {
    ("sdc", True): {W: (9, 6, 0), L: (0, 0, 5), T: (15, 12, 0), AT: (0, 0, 10)},
    ("sdc", False): {W: (12, None, 0), L: (0, None, 4), T: (18, None, 0), AT: (0, None, 8)},
    ("guruguru", True): {W: (4, 2, 0), L: (0, 0, 2), T: (6, 4, 0), AT: (0, 0, 4)},
    ("guruguru", False): {W: (5, None, 0), L: (0, None, 1), T: (7, None, 0), AT: (0, None, 3)},
    ("zerosum", True): {W: (2, 1, -1), L: (-2, -1, 1), T: (4, 2, -2), AT: (-4, -2, 2)},
    ("zerosum", False): {W: (4, None, -1), L: (-4, None, 1), T: (8, None, -2), AT: (-8, None, 2)},
}


@pytest.mark.parametrize(("table", "with_adjutant"), sorted(EXPECTED))
@pytest.mark.parametrize("outcome", list(Outcome))
def test_scoring_tables_five_players(table: str, with_adjutant: bool, outcome: Outcome) -> None:
    """The SdC, guruguru and zero-sum tables, with and without an adjutant.

    docs/rules/napoleon.md §5.
    """
    nap, adj, ally = EXPECTED[(table, with_adjutant)][outcome]
    rules = Rules(scoring=table)  # type: ignore[arg-type]
    pts = points_for(rules, 0, 1 if with_adjutant else None, 13, outcome)
    assert pts[0] == nap
    if with_adjutant:
        assert pts[1] == adj
        assert pts[2:] == (ally, ally, ally)
    else:
        assert pts[1:] == (ally,) * 4


@pytest.mark.parametrize("bid", [10, 13, 20])
@pytest.mark.parametrize("with_adjutant", [True, False])
def test_bid_linked_table(bid: int, with_adjutant: bool) -> None:
    """docs/rules/napoleon.md §5: the bid-linked table: multiples of the bid, zero-sum."""
    r = Rules(scoring="bid")
    adj = 2 if with_adjutant else None
    base = {True: {W: (2, 1, -1), L: (-2, -1, 1), T: (4, 2, -2), AT: (-4, -2, 2)},
            False: {W: (4, 0, -1), L: (-4, 0, 1), T: (8, 0, -2), AT: (-8, 0, 2)}}[with_adjutant]
    for outcome, (n, a, al) in base.items():
        pts = points_for(r, 0, adj, bid, outcome)
        assert pts[0] == n * bid and sum(pts) == 0
        if adj is not None:
            assert pts[adj] == a * bid
        assert pts[1] == al * bid


@pytest.mark.parametrize("players", [4, 6])
@pytest.mark.parametrize("table", ["zerosum", "bid"])
def test_zero_sum_tables_with_4_or_6_players_napoleon_balances(players: int, table: str) -> None:
    """Zero-sum tables keep the others' values; Napoleon balances them.

    docs/rules/napoleon.md §5.
    """
    r = Rules(players=players, scoring=table)  # type: ignore[arg-type]
    for adj in (1, None):
        for outcome in Outcome:
            pts = points_for(r, 0, adj, 14, outcome)
            assert len(pts) == players and sum(pts) == 0
            scale = 14 if table == "bid" else 1
            ally = {W: -1, L: 1, T: -2, AT: 2}[outcome] * scale
            assert pts[-1] == ally
            if adj is not None:
                assert pts[adj] == {W: 1, L: -1, T: 2, AT: -2}[outcome] * scale


@pytest.mark.parametrize("players", [4, 6])
def test_additive_tables_with_4_or_6_players_keep_their_values(players: int) -> None:
    r = Rules(players=players)
    assert points_for(r, 0, 1, 13, W)[:2] == (9, 6)
    assert points_for(r, 0, None, 13, L) == (0,) + (4,) * (players - 1)


def test_french_side_wins_with_at_least_the_bid() -> None:
    """docs/rules/napoleon.md §2.6: at least the bid: the French side wins."""
    assert outcome_of(Rules(), 13, 13, 7) == (W, False)
    assert outcome_of(Rules(), 13, 12, 8) == (L, False)


def test_triumph_all_20() -> None:
    """docs/rules/napoleon.md §2.6: capturing all 20 honor cards is a triumph (凱旋)."""
    assert outcome_of(Rules(), 13, 20, 0) == (T, False)


def test_allied_triumph_all_20_to_the_allies() -> None:
    assert outcome_of(Rules(), 13, 0, 20) == (AT, False)


def test_siberia_on_all_20_with_a_bid_below_20_loses() -> None:
    """All 20 below a bid of 20 loses.

    docs/rules/napoleon.md §4 siberia=on (SdC; the mixi community).
    """
    assert outcome_of(Rules(siberia=True), 19, 20, 0) == (L, True)


def test_siberia_on_a_bid_of_20_made_is_an_ordinary_win() -> None:
    """A bid of 20 made is an ordinary win, never a triumph.

    docs/rules/napoleon.md §4 siberia=on.
    """
    assert outcome_of(Rules(siberia=True), 20, 20, 0) == (W, False)


def test_siberia_off_bid_20_made_is_a_triumph() -> None:
    assert outcome_of(Rules(), 20, 20, 0) == (T, False)


def test_french_count_is_napoleon_plus_adjutant() -> None:
    """"The French side's honor cards (Napoleon's + adjutant's) are counted".

    docs/rules/napoleon.md §2.6.
    """
    import random

    from napoleon.game import Game
    from napoleon.playout import play_random_game

    for seed in range(30):
        g = play_random_game(Game.new(Rules(), seed), random.Random(seed))
        r = g.result
        assert r is not None
        french = g.captured[r.napoleon] | (g.captured[r.adjutant] if r.adjutant is not None else 0)
        assert r.french_honors == french.bit_count()


def test_no_joker_games_ignore_the_joker_options() -> None:
    """docs/rules/napoleon.md §4 jokers=0: the joker options then mean nothing."""
    import random

    from napoleon.game import Game
    from napoleon.playout import play_random_game

    a = Rules(jokers=0)
    b = Rules(jokers=0, joker_call=False, rank_lead_joker=None, rank_follow_joker=5,
              joker_lead="trump", joker_holds=True, same_two_with_joker=True)
    for seed in range(20):
        ga = play_random_game(Game.new(a, seed), random.Random(seed))
        gb = play_random_game(Game.new(b, seed), random.Random(seed))
        assert ga.tricks == gb.tricks and ga.captured == gb.captured
