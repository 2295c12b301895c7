"""Every computer decision is legal, under every preset and option mix.

docs/rules/napoleon.md §4: every option is required, so the players are run under each
preset and under option mixes that turn on the rest (``VARIANTS``).  The
engine's :meth:`Game.apply` raises on any illegal action, so a game that
finishes is a game without one.
"""

from __future__ import annotations

import pytest

from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.oracle import OraclePlayer
from napoleon.ai.strong import StrongPlayer
from napoleon.rules import PRESET_NAMES, Rules
from tests.ai.helpers import VARIANTS, play_game
from tests.sweep import sized

ALL_RULES = [Rules.preset(p) for p in PRESET_NAMES] + [Rules.from_text(v) for v in VARIANTS]
IDS = [*PRESET_NAMES, *(f"variant{i}" for i in range(len(VARIANTS)))]


@pytest.mark.parametrize("rules", ALL_RULES, ids=IDS)
def test_baseline_plays_only_legal_moves(rules: Rules) -> None:
    base = BaselinePlayer()
    napoleons = set()
    for seed in range(100):
        g = play_game(rules, seed, [base] * rules.players)
        assert g.result is not None
        napoleons.add(g.result.napoleon)
    assert len(napoleons) > 1


#: Games per rules with two search seats and the oracle: 4 (the seats move round the
#: table with the seed), as many lines of the search as 6 (the bidding's weighing of a
#: forced all-pass contract among them); 6 also meet a no-trump contract's role cards.
#: ``make check`` plays the first 2.
SEARCH_GAMES = sized(4, 2)


@pytest.mark.parametrize("rules", ALL_RULES, ids=IDS)
def test_search_and_oracle_play_only_legal_moves(rules: Rules) -> None:
    tiny = StrongPlayer(worlds=2, bid_samples=1, contract_worlds=1, infer_factor=2)
    base = BaselinePlayer()
    for seed in range(SEARCH_GAMES):
        players: list[object] = [base] * rules.players
        players[seed % rules.players] = tiny
        players[(seed + 2) % rules.players] = tiny
        players[(seed + 3) % rules.players] = OraclePlayer()
        g = play_game(rules, seed, players)  # type: ignore[arg-type]
        assert g.result is not None
