"""Matches: N games, dealer rotation, cumulative points, standings.

docs/rules/napoleon.md §2.1 (who deals), §2.7 (the match) and §4 (``next_dealer``, ``match_games``).
"""

from __future__ import annotations

import random

import pytest

from napoleon.actions import WrongPhaseError
from napoleon.match import Match, standings_of
from napoleon.playout import play_random_game
from napoleon.rules import Rules


def play_match(m: Match, seed: int = 0) -> None:
    rng = random.Random(seed)
    while not m.is_over:
        play_random_game(m.game, rng)
        m.next_game()


def test_a_match_is_five_games_by_default() -> None:
    """docs/rules/napoleon.md §2.7: a match is 5 games; the highest total wins."""
    m = Match(Rules(), seed=1)
    play_match(m)
    assert len(m.results) == 5 and len(m.games) == 5


@pytest.mark.parametrize("games", range(1, 21))
def test_match_games_option(games: int) -> None:
    m = Match(Rules(match_games=games), seed=2)
    play_match(m)
    assert len(m.results) == games


def test_points_add_up() -> None:
    m = Match(Rules(), seed=3)
    play_match(m)
    for seat in range(5):
        assert m.totals[seat] == sum(r.points[seat] for r in m.results)


def test_next_dealer_adjutant_or_napoleon() -> None:
    """The next game is dealt from the previous adjutant (Napoleon if none).

    docs/rules/napoleon.md §2.1.
    """
    m = Match(Rules(match_games=20), seed=4)
    play_match(m, 4)
    for prev, nxt in zip(m.games, m.games[1:], strict=False):
        r = prev.result
        assert r is not None
        expected = r.adjutant if r.adjutant is not None else r.napoleon
        assert nxt.first_bidder == expected


def test_next_dealer_napoleon_the_previous_napoleon_bids_first() -> None:
    """docs/rules/napoleon.md §4 ``next_dealer=napoleon`` (mixi, set by the mixi preset):
    set by the mixi preset): the previous game's Napoleon is dealt first and bids first."""
    rules = Rules.preset("mixi").replace(match_games=20)
    assert rules.next_dealer == "napoleon"
    m = Match(rules, seed=4)
    play_match(m, 4)
    differs = 0
    for prev, nxt in zip(m.games, m.games[1:], strict=False):
        r = prev.result
        assert r is not None
        assert nxt.first_bidder == r.napoleon
        assert nxt.log[0][0] == r.napoleon, "the previous Napoleon makes the first bid or pass"
        differs += r.adjutant is not None
    assert differs, "the seed should have games with an adjutant (where the rules differ)"


def test_next_dealer_rotate() -> None:
    m = Match(Rules(match_games=7, next_dealer="rotate"), seed=5)
    play_match(m)
    for prev, nxt in zip(m.games, m.games[1:], strict=False):
        assert nxt.first_bidder == (prev.first_bidder + 1) % 5


def test_first_game_first_bidder_is_random_from_the_seed() -> None:
    """docs/rules/napoleon.md §2.1: the first game is dealt from a random seat."""
    firsts = {Match(Rules(), seed=s).game.first_bidder for s in range(40)}
    assert firsts == {0, 1, 2, 3, 4}


def test_same_seed_same_match() -> None:
    a, b = Match(Rules(), seed=9), Match(Rules(), seed=9)
    play_match(a, 1)
    play_match(b, 1)
    assert a.results == b.results and a.totals == b.totals


def test_standings_rank_ties_share_a_rank() -> None:
    s = standings_of([5, 10, 5, -2])
    assert [(x.seat, x.points, x.rank) for x in s] == [(1, 10, 1), (0, 5, 2), (2, 5, 2),
                                                       (3, -2, 4)]


def test_next_game_before_the_end_is_refused() -> None:
    m = Match(Rules(), seed=1)
    with pytest.raises(WrongPhaseError):
        m.next_game()


def test_scoring_a_game_twice_is_refused() -> None:
    m = Match(Rules(match_games=1), seed=1)
    play_random_game(m.game, random.Random(0))
    assert m.next_game() is None and m.is_over
    with pytest.raises(WrongPhaseError):
        m.next_game()


@pytest.mark.parametrize("players", [4, 6])
def test_matches_with_4_and_6_players(players: int) -> None:
    m = Match(Rules(players=players, scoring="zerosum"), seed=players)
    play_match(m)
    assert sum(m.totals) == 0 and len(m.standings()) == players


def test_record_of_a_seat_counts_roles_and_wins() -> None:
    """docs/rules/napoleon.md §2.7 "After the 5th: the human's record for the match"."""
    m = Match(Rules(), seed=12)
    play_match(m, 12)
    recs = [m.record_of(s) for s in range(5)]
    assert all(r.games == 5 for r in recs)
    assert sum(r.napoleon_games for r in recs) == 5
    for r in recs:
        assert r.napoleon_games + r.adjutant_games + r.ally_games == 5
        assert r.points == m.totals[r.seat]
    french_wins = sum(1 for res in m.results if res.french_won)
    assert sum(r.napoleon_wins for r in recs) == french_wins
