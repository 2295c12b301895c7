"""The pile games' exact endgame (durak/ai/pile_endgame.py): with two seats left and the
talon gone every card is known (docs/rules/durak.md §3.6: the pile and the discards are face up), so
strong solves chinese at 2 players (§3.6) exactly; the solver must agree with plain
minimax on every position it is given."""

from __future__ import annotations

import pytest

from durak.ai.pile_baseline import decide as baseline_decide
from durak.ai.pile_endgame import outcome, solve
from durak.ai.pile_levels import decide, known_state
from durak.pile import dispatch
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.state import PileState, copy_state
from tests.durak_modes.helpers import A, position

CHINESE_2 = PileRules(mode="chinese", players=2)


def _minimax(st: PileState, seat: int, path: frozenset[tuple[object, ...]]) -> float:
    """Plain minimax over the engine, a position met again on the path a draw (the
    solver's rule for cycles), no pruning and no table."""
    if st.over:
        return outcome(st, seat)
    key = (st.to_act, st.leader, bytes(st.pile), *st.hands)
    if key in path:
        return 0.5
    values = []
    for a in dispatch.legal_actions(st):
        child = copy_state(st)
        dispatch.apply(child, a)
        values.append(_minimax(child, seat, path | {key}))
    return max(values) if st.to_act == seat else min(values)


def _endgames(seeds: range, cards: int = 5) -> list[PileGame]:
    """The first position of each baseline game where the talon is gone, the seat to act
    has a choice and the hands hold at most ``cards`` cards (chinese, 2 players); plain
    minimax takes minutes past five."""
    out = []
    for seed in seeds:
        g = PileGame.new(CHINESE_2, seed=seed)
        while not g.is_over:
            v = g.view(g.to_act)
            if not v.talon and len(v.legal_actions) > 1 and sum(v.counts) <= cards:
                out.append(g)
                break
            g.apply(baseline_decide(v), g.to_act)
    return out


def test_known_state_is_the_real_position_once_the_talon_is_gone() -> None:
    """chinese, 2 players, talon gone: the other hand is the rest of the deck."""
    g = _endgames(range(1, 4), cards=12)[0]
    st = known_state(g.view(g.to_act))
    assert st is not None
    assert st.hands == g.state.hands
    assert st.pile == g.state.pile and st.to_act == g.state.to_act


def test_known_state_is_none_while_the_talon_lasts() -> None:
    """chinese with a talon: the other hand could hold any unseen card."""
    g = PileGame.new(CHINESE_2, seed=1)
    assert g.view(g.to_act).talon
    assert known_state(g.view(g.to_act)) is None


def test_solver_agrees_with_plain_minimax() -> None:
    """The solver's value is the game's value under the engine's rules (seeds 1-150)."""
    games = _endgames(range(1, 151))
    assert len(games) >= 8
    values = set()
    for g in games:
        st = known_state(g.view(g.to_act))
        assert st is not None
        sol = solve(st, g.to_act, 200_000)
        assert sol is not None
        value, action = sol
        assert value == _minimax(st, g.to_act, frozenset())
        values.add(value)
        child = copy_state(st)
        dispatch.apply(child, action)  # the move reaching the value is legal
    assert values >= {0.0, 1.0}  # won and lost positions are both checked


def test_solver_finds_the_one_winning_lead() -> None:
    """chinese (§3.6), 2 players, no talon: A holds 6♣ and A♠, B holds 7♣ and 6♥.
    Only a higher ♣ beats a ♣ and ♠ beats any other suit.  Leading A♠ (nothing beats
    it) makes B take it, and A's 6♣ is then A's last card; leading 6♣ lets B beat with
    7♣, A cannot beat a ♣ with the ♠ and takes the 6♣, and B leads its last card 6♥ and
    goes out, A the durak."""
    g = position(CHINESE_2, ["6C AS", "7C 6H"], to_act=A)
    st = copy_state(g.state)
    sol = solve(st, A, 10_000)
    assert sol is not None
    assert sol[0] == _minimax(st, A, frozenset())
    assert sol[0] == 1.0
    child = copy_state(st)
    dispatch.apply(child, sol[1])
    assert _minimax(child, A, frozenset()) == 1.0


def test_solver_gives_up_past_its_budget() -> None:
    g = _endgames(range(1, 10), cards=12)[0]
    st = known_state(g.view(g.to_act))
    assert st is not None
    assert solve(st, g.to_act, 1) is None


def test_solver_needs_two_seats_and_its_turn() -> None:
    g = _endgames(range(1, 4), cards=12)[0]
    st = known_state(g.view(g.to_act))
    assert st is not None
    with pytest.raises(ValueError, match="not to act"):
        solve(st, 1 - g.to_act)
    three = PileGame.new(PileRules(mode="chinese", players=3), seed=1)
    with pytest.raises(ValueError, match="two seats"):
        solve(three.state, three.to_act)


def test_strong_plays_a_won_endgame_to_its_win() -> None:
    """Strong in a won chinese endgame at 2 players wins against the baseline."""
    for g in _endgames(range(1, 41), cards=12):
        st = known_state(g.view(g.to_act))
        assert st is not None
        sol = solve(st, g.to_act, 200_000)
        assert sol is not None
        if sol[0] != 1.0:
            continue
        seat = g.to_act
        for move in range(500):
            if g.is_over:
                break
            v = g.view(g.to_act)
            g.apply(decide(v, "strong", move) if g.to_act == seat else baseline_decide(v),
                    g.to_act)
        assert g.is_over and g.state.durak == 1 - seat
