"""hypothesis: any rules, any seed, any choice of legal actions — the game stays sound."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from napoleon.actions import Discard
from napoleon.cards import HONORS_MASK
from napoleon.game import Game, Phase
from napoleon.record import game_record, replay_game
from napoleon.rules import OPTIONS, Rules, RulesError

rules_options = st.fixed_dictionaries({o.key: st.sampled_from(o.values) for o in OPTIONS})


# 150 games of random options and choices (a refused option set ends at once), enough
# to reach the call, the exchange and the play; 60 may end every game in the auction.
# The many random games are test_invariants.py's.
@settings(max_examples=150, deadline=None)
@given(rules_options, st.integers(0, 2**32), st.lists(st.integers(0, 10_000), max_size=120))
def test_any_legal_action_sequence_keeps_the_game_sound(
    opts: dict[str, str], seed: int, picks: list[int]
) -> None:
    try:
        rules = Rules.from_options(opts)
    except RulesError:
        return
    g = Game.new(rules, seed)
    for pick in picks:
        if g.phase is Phase.RESULT:
            break
        if g.phase is Phase.EXCHANGE:
            hand = [c for c in range(54) if g.hands[g.to_act or 0] >> c & 1]
            chosen = 0
            for i in range(rules.kitty_size):
                chosen |= 1 << hand[(pick + 7 * i) % len(hand)]
            k = rules.kitty_size
            while chosen.bit_count() < k:  # collisions: top up with the lowest free cards
                chosen |= 1 << next(c for c in hand if not chosen >> c & 1)
            g.apply(Discard(chosen))
            continue
        acts = g.legal_actions()
        assert acts, "the player to act always has a legal action"
        g.apply(acts[pick % len(acts)])
    # every card in one place
    seen = 0
    for h in g.hands:
        assert not seen & h
        seen |= h
    played = 0
    for m in g.played:
        assert not played & m
        played |= m
    assert not seen & played
    # captured honors are honors, and disjoint
    captured = 0
    for m in g.captured:
        assert not m & ~HONORS_MASK and not captured & m
        captured |= m
    rec = json.loads(json.dumps(game_record(g)))
    again = replay_game(rec)
    assert again.tricks == g.tricks and again.phase is g.phase and again.result == g.result
