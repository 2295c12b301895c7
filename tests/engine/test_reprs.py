"""Reprs are valid code: rules, results, tricks and whole views evaluate back to equal objects."""

from __future__ import annotations

import random
from typing import Any

import pytest

import napoleon
import napoleon.actions
from napoleon.game import Game, GameResult, Phase, Trick
from napoleon.playout import play_random_game, random_action_step
from napoleon.rules import PRESET_NAMES, Rules
from napoleon.scoring import Outcome
from napoleon.view import PlayerView

NAMES: dict[str, Any] = {
    **vars(napoleon.actions), "Rules": Rules, "Phase": Phase, "Outcome": Outcome,
    "Trick": Trick, "GameResult": GameResult, "PlayerView": PlayerView,
}


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_rules_repr_is_valid_code(preset: str) -> None:
    r = Rules.preset(preset)
    assert eval(repr(r), NAMES) == r


def test_phase_and_outcome_reprs() -> None:
    assert repr(Phase.PLAY) == "Phase.PLAY" and repr(Outcome.ALLIED_WIN) == "Outcome.ALLIED_WIN"


def test_view_repr_is_valid_code_in_every_phase() -> None:
    rng = random.Random(4)
    g = Game.new(Rules(change_after_kitty=True), 4)
    phases = set()
    while g.phase is not Phase.RESULT:
        for seat in range(5):
            v = g.view(seat)
            assert eval(repr(v), NAMES) == v
        phases.add(g.phase)
        random_action_step(g, rng) if g.phase is not Phase.PLAY else g.apply(
            g.legal_actions()[0])
    v = g.view(0)
    assert eval(repr(v), NAMES) == v
    assert phases >= {Phase.BID, Phase.CALL, Phase.EXCHANGE, Phase.CHANGE, Phase.PLAY}


def test_result_repr_is_valid_code() -> None:
    g = play_random_game(Game.new(Rules(), 2), random.Random(2))
    assert g.result is not None
    assert eval(repr(g.result), NAMES) == g.result


def test_public_names_exported() -> None:
    for name in ("Game", "Rules", "Phase", "Bid", "Pass", "Call", "Discard", "Change", "Play",
                 "IllegalActionError", "PlayerView", "trick_winner", "PRESETS"):
        assert hasattr(napoleon, name)
