"""The card-play search's second ply (``StrongPlayer(second_ply=True)``).

Inside each sampled world the searching seat's next card is tried too, and
chosen once per information set: worlds in which the same public plays lead
to that turn get the same card (the best total over them), so the search
never picks its next card with hands it cannot see.  Within one world (an
information set of its own) the second ply can only do better than the
policy's card, whose playout is one of the cards it tries (unless the exact
endgame, which assumes the best replies, not the policy's, takes over).
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.oracle import true_table
from napoleon.ai.search import (
    NextTurn,
    candidates_of,
    final_outcome,
    hidden_sides_of,
    next_turn_outcomes,
    second_ply_values,
    sides_of,
)
from napoleon.ai.strong import StrongPlayer
from napoleon.ai.worlds import utility_table
from napoleon.game import Game, Phase
from napoleon.rules import PRESET_NAMES, Rules
from napoleon.view import view_of


def test_worlds_sharing_an_information_set_get_one_card_not_each_its_best() -> None:
    # worlds 0 and 1 reach our next turn after the same public plays: one card
    # for both (card 0: 10 + 0 beats card 1: 0 + 6), though world 1 alone
    # would take card 1; world 2 is alone in its set and takes its best
    k = ((5, None), (6, None))
    turns: list[NextTurn] = [
        (k, [(10.0, 12), (0.0, 8)]),
        (k, [(0.0, 9), (6.0, 13)]),
        (((7, None),), [(-3.0, 4), (2.0, 11)]),
    ]
    assert second_ply_values(turns) == [(10.0, 12), (0.0, 9), (2.0, 11)]


def test_a_tie_in_an_information_set_takes_the_first_card() -> None:
    turns: list[NextTurn] = [((), [(1.0, 10), (1.0, 11)])]
    assert second_ply_values(turns) == [(1.0, 10)]


def _positions(rules: Rules, seeds: range) -> list[Game]:
    """Baseline games of ``seeds``, at every card-play decision with a choice."""
    out = []
    base = BaselinePlayer()
    for seed in seeds:
        g = Game.new(rules, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.to_act
            assert seat is not None
            if g.phase is Phase.PLAY and g.legal_play_mask().bit_count() > 1:
                out.append(g.clone())
            g.apply(base.decide(view_of(g, seat), rng), seat)
    return out


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_in_one_known_world_the_second_ply_never_does_worse_than_the_policy(
    preset: str,
) -> None:
    rules = Rules.preset(preset)
    checked = 0  # exact endgame off (0 tricks): its minimax may value below the policy
    for g in _positions(rules, range(3))[::3]:
        w = true_table(g)
        me = w.to_act()
        utility = utility_table(rules, g.bid, w.napoleon, g.adjutant, me, 0)
        french = w.is_french(me)
        sides, hidden = sides_of(w), hidden_sides_of(w)
        for c, named in candidates_of(w, w.legal()):
            plain = w.copy()
            plain.play(c, named)
            deep = plain.copy()
            u_plain, _ = final_outcome(plain, utility, french, False, sides, hidden)
            key, outs = next_turn_outcomes(deep, me, utility, french, sides, hidden, 0, 0)
            [(u_deep, _)] = second_ply_values([(key, outs)])
            assert u_deep >= u_plain
            assert all(not w.hands[me] >> c2 & 1 for c2, _ in key), "the key is others' plays"
            checked += 1
    assert checked > 20


def test_the_second_ply_is_seeded_legal_and_off_by_default() -> None:
    assert not StrongPlayer().second_ply
    player = StrongPlayer(worlds=6, infer_factor=2, second_ply=True)
    differs = 0
    for g in _positions(Rules(), range(2))[::4]:
        v = view_of(g, g.to_act)  # type: ignore[arg-type]
        a = player.decide(v, random.Random(9))
        assert a == player.decide(v, random.Random(9))
        assert a in v.legal_actions
        differs += a != replace(player, second_ply=False).decide(v, random.Random(9))
    assert differs >= 1, "the second ply changes some choices"
