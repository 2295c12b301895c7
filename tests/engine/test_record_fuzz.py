"""Fuzz: tampered real records are refused with RecordError, or replay as valid games.

Seeded mutation of real records (type swaps, truncation,
out-of-range numbers, huge lists and strings, deep nesting, a wrong
``first_bidder``, unknown options, damaged JSON text…) fails on any other
exception type, on any accepted invalid record, and on any replay slower than
a bound.  The generator and the judge are :mod:`lab.napoleon.record_fuzz` (its
command line runs tens of thousands); here a few hundred per seed keep the
suite fast.  The bound is generous (2 s of CPU; real replays take
milliseconds) so the test never flakes on a loaded machine.
"""

from __future__ import annotations

import random

import pytest

from lab.napoleon.record_fuzz import MUTATIONS, cases, corpus, game_problem, judge, run
from napoleon.game import Game
from napoleon.playout import play_random_game
from napoleon.record import game_record
from napoleon.rules import Rules

BOUND_SECONDS = 2.0


@pytest.mark.parametrize("seed", [1, 2])
def test_tampered_records_are_refused_or_valid_and_never_hang(seed: int) -> None:
    tally = run(150, seed, BOUND_SECONDS)
    assert tally.counts["tried"] == 150
    assert tally.failures == 0, tally.report()
    # the run is not all refusals: some tampering leaves a valid record (extra keys, case)
    assert tally.counts["rejected"] > 0
    assert tally.slowest < BOUND_SECONDS


def test_the_fuzz_covers_every_kind_of_tampering() -> None:
    notes = " ".join(note for _, note in cases(300, 1))
    for name in (*MUTATIONS, "text"):
        assert f"{name}:" in notes, f"no {name} mutation in 300 cases"


def test_the_corpus_is_real_records_of_every_preset_that_replay() -> None:
    base = corpus(1)
    assert {r["rules"].split("&")[0] for r in base} >= {f"preset={p}" for p in ("sdc", "four")}
    for rec in base:
        outcome, _, note = judge(("object", rec), "untouched", BOUND_SECONDS)
        assert outcome == "accepted-valid", note


def test_the_judge_flags_an_accepted_record_that_does_not_match_its_game() -> None:
    """The independent check can fail: a record whose first bidder, deal or
    result differs from the replayed game is reported, not passed."""
    g = play_random_game(Game.new(Rules(), 4), random.Random(4))
    good = game_record(g)
    assert game_problem(good, g) is None
    wrong_seat = dict(good, first_bidder=(g.first_bidder + 1) % 5)
    assert game_problem(wrong_seat, g) is not None
    wrong_result = dict(good, result=None)
    assert game_problem(wrong_result, g) == "the stored result is not the game's"
