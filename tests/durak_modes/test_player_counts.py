"""The table sizes a game of the family is played at (pass-and-play's setup offers them)."""

from __future__ import annotations

from durak.family.options import player_counts
from durak.pile.options import MODES, PileRules
from durak.rules import Rules


def test_the_ordinary_game_and_every_pile_game_play_two_to_six() -> None:
    assert player_counts(Rules()) == (2, 3, 4, 5, 6)
    for mode in MODES:
        assert player_counts(PileRules(mode=mode)) == (2, 3, 4, 5, 6), mode


def test_a_preset_of_one_size_offers_only_that_size() -> None:
    """``team2`` is two teams of two (docs/rules/durak.md §5): four players only."""
    assert player_counts(Rules.preset("team2")) == (4,)
    assert player_counts(Rules.preset("championship")) == (2,)
