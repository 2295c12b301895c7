"""Perft: legal play sequences from fixed named deals, pinned in tests/data/perft.json.

Depth 1 trick (and 1..n plies) always; depth 2 tricks (10⁵–10⁶ sequences,
seconds each) only with ``NAPOLEON_PERFT_DEEP=1``.  On a mismatch the
per-first-card breakdown is printed against the stored one.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from napoleon.actions import Play
from napoleon.cards import JOKER
from napoleon.game import Game, Phase
from napoleon.playout import random_action_step
from napoleon.rules import PRESET_NAMES, Rules

from .helpers import random_rules
from .perft import divide, load_position, moves, perft
from .reference import reference_legal_plays

DATA = json.loads((Path(__file__).parent.parent / "data" / "perft.json").read_text("utf-8"))
DEEP = os.environ.get("NAPOLEON_PERFT_DEEP") == "1"


def _report(pos: dict[str, Any], g: Game) -> str:
    got = divide(g, g.rules.players)
    want = pos["divide_1_trick"]
    lines = [f"{k}: stored {want.get(k)} got {got.get(k)}" for k in sorted(set(got) | set(want))
             if want.get(k) != got.get(k)]
    return f"{pos['name']} per-first-card breakdown differs:\n" + "\n".join(lines)


@pytest.mark.parametrize("pos", DATA, ids=[p["name"] for p in DATA])
def test_perft_by_plies_and_one_trick(pos: dict[str, Any]) -> None:
    g = load_position(pos)
    assert g.phase is Phase.PLAY
    for plies, count in pos["counts_by_plies"].items():
        got = perft(g, int(plies))
        assert got == count, f"{pos['name']} depth {plies} plies: {got} != {count}\n" + _report(
            pos, g
        )
    got1 = perft(g, g.rules.players)
    assert got1 == pos["counts_by_tricks"]["1"], _report(pos, g)


@pytest.mark.skipif(not DEEP, reason="2-trick perft takes seconds; set NAPOLEON_PERFT_DEEP=1")
@pytest.mark.parametrize("pos", DATA, ids=[p["name"] for p in DATA])
def test_perft_two_tricks(pos: dict[str, Any]) -> None:
    if "2" not in pos["counts_by_tricks"]:
        pytest.skip("no 2-trick count stored")
    g = load_position(pos)
    assert perft(g, 2 * g.rules.players) == pos["counts_by_tricks"]["2"], _report(pos, g)


@pytest.mark.parametrize("pos", DATA, ids=[p["name"] for p in DATA])
def test_perft_first_ply_equals_legal_actions(pos: dict[str, Any]) -> None:
    """The mask path and the action path list the same moves."""
    g = load_position(pos)
    acts = g.legal_actions()
    assert sorted((a.card, a.suit if a.card >= JOKER else None) for a in acts
                  if isinstance(a, Play)) == sorted(moves(g), key=lambda m: (m[0], m[1] or 0))


def _check_legal_against_reference(g: Game) -> None:
    seat = g.to_act
    assert seat is not None
    hand = [c for c in range(54) if g.hands[seat] >> c & 1]
    leader_hand = [c for c in range(54) if g.hands[g.leader] >> c & 1]
    ref = reference_legal_plays(
        g.rules, g.trump, hand, list(g.trick), g.named_suit, g.trick_index, leader_hand
    )
    assert set(moves(g)) == ref, (g.rules.to_text(), g.trick, hand)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_legal_plays_match_the_reference_under_every_preset(preset: str) -> None:
    """docs/rules/napoleon.md §2.5, §3 following / joker / joker call and the lead options."""
    rules = Rules.preset(preset)
    rng = random.Random(preset + "legal")
    for seed in range(300):
        g = Game.new(rules, seed)
        while g.phase is not Phase.RESULT:
            if g.phase is Phase.PLAY:
                _check_legal_against_reference(g)
                c, s = rng.choice(moves(g))
                g.play_fast(c, s)
            else:
                random_action_step(g, rng)


def test_legal_plays_match_the_reference_under_random_options() -> None:
    rng = random.Random(31)
    for _ in range(200):
        rules = random_rules(rng)
        for _ in range(3):
            g = Game.new(rules, rng.getrandbits(32))
            while g.phase is not Phase.RESULT:
                if g.phase is Phase.PLAY:
                    _check_legal_against_reference(g)
                    c, s = rng.choice(moves(g))
                    g.play_fast(c, s)
                else:
                    random_action_step(g, rng)
