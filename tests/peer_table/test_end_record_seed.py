"""Hidden information at a table with friends: the record each seat is sent when a game
ends shows the game played, never the series' seed, from which the next deals follow
(a player at a real table sees the cards played, not the shuffle to come)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from durak.family.options import rules_from_text
from durak.family.registry import GAMES
from durak.family.series import Series, deal_game, next_dealer
from durak.ui_dom.kinds import KINDS
from durak.ui_dom.play.family_controller import Hooks
from tests.durak_ui.test_controller import _no_pause, _think

SEED = 48_879  # 0xBEEF: its decimal and hex forms are both searched for


@pytest.mark.parametrize("mode", list(GAMES))
def test_the_record_a_seat_is_sent_at_a_games_end_names_no_seed_of_the_series(
        mode: str) -> None:
    entry = GAMES[mode]
    rules = rules_from_text(f"mode={mode}&players=3")
    game = Series(rules, SEED).deal()
    rng = random.Random(SEED)
    while not game.is_over:
        entry.engine.apply(game, rng.choice(list(entry.engine.legal_actions(game))))
    controller: Any = KINDS[entry.kind].controller  # each kind's host takes a dealt game
    host = controller(rules, SEED, "easy", Hooks(_think, _no_pause, lambda: None), game=game)
    text = host.table_record()
    head = text.splitlines()[0]
    assert "seed=" not in head and str(SEED) not in text and "beef" not in text.lower(), head
    replayed = entry.record.read_text(text)
    assert replayed.view(0) == game.view(0)
    # What the seed would have given away: the next game's hands, dealt from it.
    after = deal_game(rules, SEED, 2, next_dealer(game))
    assert after.view(0) != replayed.view(0)
