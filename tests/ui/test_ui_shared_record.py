"""A shared game (a ``#game=…`` link) opens in the review and is handed to the record
screen too, so that once the review is closed the Record screen shows that game
(its 譜 and trick-by-trick replay) instead of "No record yet"; a link the engine
refuses hands nothing over.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from napoleon.game import Game
from napoleon.playout import play_random_game
from napoleon.record import game_record
from napoleon.rules import Rules
from napoleon.ui_dom import review_view, share_view


def finished_game(seed: int) -> Game:
    g = Game.new(Rules.preset("mixi"), seed)
    play_random_game(g, random.Random(seed))
    return g


@pytest.fixture
def handed(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    calls: list[tuple[str, Any]] = []
    monkeypatch.setattr(share_view, "KEEPERS",
                        [lambda game, undos: calls.append(("record", (game, undos)))])
    monkeypatch.setattr(review_view, "open_review",
                        lambda record, style="symbols": calls.append(("review", record)))
    return calls


def test_a_shared_game_goes_to_the_record_screen_and_opens_in_the_review(
    handed: list[tuple[str, Any]]
) -> None:
    game = finished_game(5)
    rec = game_record(game, 2)
    assert share_view.open_shared_game(rec) == []
    assert [kind for kind, _ in handed] == ["record", "review"]
    shown, undos = handed[0][1]
    assert shown.actions() == game.actions() and shown.result == game.result and undos == 2


def test_a_refused_shared_game_reaches_neither_screen(handed: list[tuple[str, Any]]) -> None:
    rec = game_record(finished_game(6))
    rec["undos"] = "many"
    assert share_view.open_shared_game(rec) != []
    assert handed == []
