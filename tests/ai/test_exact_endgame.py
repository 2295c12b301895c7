"""The exact endgame of the card-play search (:func:`napoleon.ai.search.exact_value`).

For the last ``exact_tricks`` tricks the search solves each sampled world by
two-team minimax instead of playing it out with the baseline's rules.  These
tests check that the solver is the true minimax (its alpha-beta cuts change
no value) and that it finds the winning card in an endgame where the
baseline's playouts pick a losing one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.oracle import true_table
from napoleon.ai.playout import Table
from napoleon.ai.search import candidates_of, cards_left, exact_value, score_candidates
from napoleon.ai.strong import StrongPlayer
from napoleon.ai.worlds import utility_table
from napoleon.game import Game, Phase
from napoleon.rules import PRESET_NAMES, Rules
from napoleon.view import view_of


def _baseline_to(rules: Rules, seed: int, tricks_left: int) -> Game:
    """The baseline's game of ``seed`` at the first lead with ``tricks_left`` tricks to go."""
    g = Game.new(rules, seed=seed)
    rng = random.Random(seed)
    base = BaselinePlayer()
    while not g.is_over:
        if (
            g.phase is Phase.PLAY
            and rules.hand_size - g.trick_index == tricks_left
            and not g.trick
        ):
            return g
        seat = g.to_act
        assert seat is not None
        g.apply(base.decide(view_of(g, seat), rng), seat)
    raise AssertionError(f"seed {seed} never reached {tricks_left} tricks to go")


def _plain_minimax(t: Table, utility: Sequence[float], french_max: bool) -> float:
    """Minimax without cuts: the definition the solver must agree with."""
    if t.trick_no > t.last:
        return utility[t.french_honors()]
    maximizing = t.is_french(t.to_act()) == french_max
    values = []
    for c, named in candidates_of(t, t.legal()):
        child = t.copy()
        child.play(c, named)
        values.append(_plain_minimax(child, utility, french_max))
    return max(values) if maximizing else min(values)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_alpha_beta_cuts_change_no_endgame_value(preset: str) -> None:
    rules = Rules.preset(preset)
    checked = 0
    for seed in range(1, 4):
        g = _baseline_to(rules, seed, 2)
        assert g.napoleon is not None and g.to_act is not None
        t = true_table(g)
        seat = g.to_act
        util = utility_table(rules, g.bid, g.napoleon, g.adjutant, seat)
        french = t.is_french(seat)
        for c, named in candidates_of(t, g.legal_play_mask()):
            child = t.copy()
            child.play(c, named)
            fast = exact_value(child.copy(), util, french, -1e9, 1e9)
            assert fast == pytest.approx(_plain_minimax(child, util, french))
            checked += 1
    assert checked >= 3


def test_three_trick_endgame_is_solved_where_playouts_lose() -> None:
    """SdC seed 194, three tricks to go, seat 3 to lead: its first card (by the
    playouts' tie order) loses the game, two others win it against any defence."""
    rules = Rules.preset("sdc")
    g = _baseline_to(rules, 194, 3)
    assert g.napoleon is not None and g.to_act == 3
    t = true_table(g)
    seat = g.to_act
    util = utility_table(rules, g.bid, g.napoleon, g.adjutant, seat)
    cands = candidates_of(t, g.legal_play_mask())
    exact = score_candidates([t], cands, seat, util, exact_tricks=3)
    played_out = score_candidates([t], cands, seat, util, exact_tricks=0)

    def choice(values: Sequence[float]) -> int:
        return max(range(len(values)), key=lambda i: (values[i], -i))

    # the playouts' pick loses what the solver's pick wins, against best defence
    assert exact[choice(exact)] > exact[choice(played_out)] + 5
    assert exact[choice(exact)] == pytest.approx(max(exact))


def test_six_seats_wait_for_fifteen_cards_before_solving() -> None:
    """Three tricks of six seats (18 cards) cost up to ~300 ms a world: the exact
    search starts once at most ``exact_cards`` (15) cards are left to play."""
    rules = Rules.from_text("preset=sdc&players=6")
    g = _baseline_to(rules, 1, 3)
    t = true_table(g)
    assert cards_left(t) == 18
    assert cards_left(t) > StrongPlayer().exact_cards
    for _ in range(3):
        c, named = candidates_of(t, t.legal())[0]
        t.play(c, named)
    assert cards_left(t) == 15 == StrongPlayer().exact_cards
