"""The card-play search's second ply (``StrongPlayer(second_ply=roles)``).

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
    held_out_values,
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


def test_held_out_a_world_is_valued_with_the_card_its_set_mates_pick() -> None:
    # set k: world 0 alone would take card 0, but held out it is valued with
    # what the others pick (worlds 1 and 2 total card 1: 6 + 5 over 0 + 1);
    # world 1 takes what worlds 0 and 2 pick (card 0: 10 + 1 over 0 + 5), so
    # never its own best; world 3 is alone in its set: no second-ply value
    k = ((5, None), (6, None))
    turns: list[NextTurn] = [
        (k, [(10.0, 12), (0.0, 8)]),
        (k, [(0.0, 9), (6.0, 13)]),
        (k, [(1.0, 9), (5.0, 13)]),
        (((7, None),), [(-3.0, 4), (2.0, 11)]),
    ]
    assert held_out_values(turns) == [0.0, 0.0, 1.0, None]


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


ALL_ROLES = ("napoleon", "adjutant", "ally")


def test_the_second_ply_is_seeded_legal_and_off_by_default() -> None:
    assert not StrongPlayer().second_ply
    player = StrongPlayer(worlds=6, infer_factor=2, second_ply=ALL_ROLES, second_ply_worlds=6)
    differs = 0
    for g in _positions(Rules(), range(2))[::4]:
        v = view_of(g, g.to_act)  # type: ignore[arg-type]
        a = player.decide(v, random.Random(9))
        assert a == player.decide(v, random.Random(9))
        assert a in v.legal_actions
        differs += a != replace(player, second_ply=()).decide(v, random.Random(9))
    assert differs >= 1, "the second ply changes some choices"


def test_the_second_ply_revisits_only_the_close_best_candidates() -> None:
    p = StrongPlayer(second_ply_top=2, second_ply_margin=1.0)
    # totals over 4 worlds: 1 point of margin is 4 in total
    assert p.second_ply_picks([10.0, 2.0, 7.0, 9.0], 4) == [0, 3]
    assert p.second_ply_picks([10.0, 2.0, 5.0, 5.9], 4) == [], "a clear choice"
    assert replace(p, second_ply_top=3).second_ply_picks([10.0, 9.0, 7.0, 9.0], 4) == [0, 1, 3]
    assert p.second_ply_picks([3.0, 3.0], 4) == [0, 1], "a tie: the first first"


def test_the_second_ply_work_is_capped_by_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """At most top x worlds next turns searched per decision, however many cards."""
    from napoleon.ai import strong

    calls = [0]
    real = next_turn_outcomes

    def counted(*args: object, **kw: object) -> NextTurn:
        calls[0] += 1
        return real(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(strong, "next_turn_outcomes", counted)
    player = StrongPlayer(worlds=8, infer_factor=1, second_ply=ALL_ROLES,
                          second_ply_top=3, second_ply_worlds=5, second_ply_margin=99.0)
    searched = 0
    for g in _positions(Rules(), range(2))[::3]:
        calls[0] = 0
        player.decide(view_of(g, g.to_act), random.Random(3))  # type: ignore[arg-type]
        assert calls[0] <= 3 * 5
        searched += calls[0] > 0
    assert searched > 5


def test_a_role_without_the_second_ply_plays_as_plain_strong() -> None:
    napoleon_only = StrongPlayer(worlds=6, infer_factor=2, second_ply=("napoleon",),
                                 second_ply_margin=99.0)
    plain = replace(napoleon_only, second_ply=())
    others = 0
    for g in _positions(Rules(), range(2))[::2]:
        v = view_of(g, g.to_act)  # type: ignore[arg-type]
        if v.is_napoleon:
            continue
        others += 1
        assert napoleon_only.decide(v, random.Random(4)) == plain.decide(v, random.Random(4))
    assert others > 10


def test_each_seat_knows_its_own_role() -> None:
    from napoleon.ai.strong import role_of

    seen = set()
    for g in _positions(Rules(), range(3)):
        seat = g.to_act
        assert seat is not None
        truth = ("napoleon" if seat == g.napoleon
                 else "adjutant" if seat == g.adjutant else "ally")
        assert role_of(view_of(g, seat)) == truth
        seen.add(truth)
    assert seen == set(ALL_ROLES)
