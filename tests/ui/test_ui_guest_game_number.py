"""A Napoleon guest's page at a table with friends says which game of the match is
on the host's table (``#table[data-game]``), though its view does not: the game after
the records the host sent (each at its game's end), or, at a result, the game whose
record it is, whether that record has come yet or not."""

from __future__ import annotations

import random

from napoleon.match import Match
from napoleon.playout import play_random_game
from napoleon.rules import Rules
from napoleon.ui_dom.guest_controller import GuestController


def test_a_guests_table_names_each_game_of_the_match() -> None:
    match = Match(Rules(match_games=3), 5)
    ctrl = GuestController(match.game.view(1), 0, lambda _text: None, lambda: None)
    assert ctrl.markers()["game"] == "1"
    for number in (1, 2):
        play_random_game(match.game, random.Random(number))
        ctrl.follow(match.game.view(1), number)  # the result, before its record comes
        assert ctrl.markers()["game"] == str(number)
        ctrl.take_games([*ctrl.games, match.game])  # its record came
        assert ctrl.markers()["game"] == str(number)
        match.next_game()
        ctrl.follow(match.game.view(1), number)  # the next deal
        assert ctrl.markers()["game"] == str(number + 1)
