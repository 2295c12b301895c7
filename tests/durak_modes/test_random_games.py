"""Random games of every mix of the pile games' options and player counts (§3.6, §6.14):
every game ends within a bound, every card is in exactly one place after every move,
and both records replay to the same view for every seat after every move."""

from __future__ import annotations

import random

import pytest

from durak.pile.check import problems
from durak.pile.game import PileGame
from durak.pile.options import PileRules, all_mixes
from durak.pile.record import json_record, replay_json, replay_text, text_record, to_json
from durak.pile.state import PileState

#: Random games, 300 per mix (seeds 0..299), took at most 1,557 moves in kurukuru,
#: chukhonsky and chinese (kurukuru, 5 players, d9, seed 41) and 10,414 in heap (2
#: players, seed 239: nothing is ever discarded there); 100 per mix of crusaders and
#: polish at most 1,763 (crusaders, 5 players, seed 43) and 5,744 (polish, 2 players,
#: seed 20: polish discards nothing either); the bound leaves room.
BOUND = 50_000
#: 8 games a mix (every card's place checked after every move) reach each mix's end,
#: its takes and its players going out; the bound's long games are the 300-game runs'
#: above.
GAMES_PER_MIX = 8
MIXES = all_mixes()
#: ``make check``'s part of the mixes: each mode's every mix of options once, at a
#: players count that goes round 2-6 (``all_mixes`` lists the 16 option mixes at each
#: count), so every option and every count is met.
QUICK_MIXES = tuple(r.to_text() for k, r in enumerate(MIXES) if k % 16 % 5 == k // 16)


def check_invariants(st: PileState) -> None:
    assert problems(st) == []


def _id(r: PileRules) -> str:
    return r.to_text()


@pytest.mark.sweep(quick=QUICK_MIXES)
@pytest.mark.parametrize("rules", MIXES, ids=_id)
def test_random_games_end_with_every_card_in_one_place(rules: PileRules) -> None:
    for seed in range(GAMES_PER_MIX):
        g = PileGame.new(rules, seed)
        rng = random.Random(seed)
        check_invariants(g.state)
        for _ in range(BOUND):
            if g.is_over:
                break
            acts = g.legal_actions()
            assert acts, f"seed {seed}: no legal move"
            g.apply(acts[int(rng.random() * len(acts))])
            check_invariants(g.state)
        assert g.is_over, f"seed {seed}: not over after {BOUND} moves"


@pytest.mark.sweep(quick=QUICK_MIXES)
@pytest.mark.parametrize("rules", MIXES, ids=_id)
def test_records_replay_to_the_same_views_after_every_move(rules: PileRules) -> None:
    seed = 7
    g = PileGame.new(rules, seed)
    rng = random.Random(seed)
    views = [[g.view(s) for s in range(rules.players)]]
    while not g.is_over:
        acts = g.legal_actions()
        g.apply(acts[int(rng.random() * len(acts))])
        views.append([g.view(s) for s in range(rules.players)])
    for replayed in (replay_text(text_record(g, seed=seed)),
                     replay_json(to_json(json_record(g, seed=seed)))):
        st = replayed.state
        step = PileGame.from_deal(st.rules, st.dealer, list(st.dealt_hands),
                                  list(st.dealt_talon), st.trump_card, st.game)
        assert [step.view(s) for s in range(rules.players)] == views[0]
        for k, (_, action) in enumerate(st.history, start=1):
            step.apply(action)
            assert [step.view(s) for s in range(rules.players)] == views[k], f"move {k}"
        assert len(st.history) == len(views) - 1


def test_the_invariant_check_finds_what_is_wrong() -> None:
    g = PileGame.new(PileRules(mode="chinese", players=3), 1)
    assert problems(g.state) == []
    st = g.clone().state
    st.hands[0] |= 1 << st.talon[0]
    assert "a card is in two places" in problems(st)
    st = g.clone().state
    st.talon.pop()
    assert "a card is missing" in problems(st)
    st = g.clone().state
    st.in_game &= ~1
    assert any("went out while the talon lasts" in p for p in problems(st))
    st = g.clone().state
    st.over, st.durak = True, None
    assert "a draw without a repetition or an empty table" in problems(st)
