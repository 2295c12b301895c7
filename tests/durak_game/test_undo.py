"""Undo: :meth:`durak.match.Match.take_back` and what it refuses.

Every game here is played by a seeded ``random.Random`` choosing among the legal
actions; the seeds are named in each test.
"""

from __future__ import annotations

import random

from durak.actions import PASS, Accept, Double
from durak.game import Phase
from durak.ordinary_series import deal_game
from durak.rules import Rules
from durak.take_back import TakeBack, forced_pass
from durak.ui_dom.persist import decode
from lab.durak.match import Match, encode_match

HUMAN = 0


def _play_until_over(m: Match, rng: random.Random) -> None:
    while m.game.phase is not Phase.OVER:
        m.game.apply(rng.choice(m.game.legal_actions()))


def test_take_back_any_number_of_steps_restores_each_earlier_table() -> None:
    """Undo, any number of steps: each take-back leaves the game exactly as it stood
    before the human's previous decision (match seed 11, moves by Random(3))."""
    m = Match(Rules(players=3), seed=11)
    rng = random.Random(3)
    before: list[list[tuple[int, object]]] = []
    while m.game.phase is not Phase.OVER and len(before) < 8:
        g = m.game
        if g.player_of(g.to_act) == HUMAN and not forced_pass(g):
            before.append(list(g.actions()))
        g.apply(rng.choice(g.legal_actions()))
    assert len(before) == 8 and m.game.phase is not Phase.OVER
    for steps, expected in enumerate(reversed(before), 1):
        assert m.take_back(HUMAN)
        assert m.game.actions() == expected
        assert m.game.player_of(m.game.to_act) == HUMAN
        assert m.undos == steps
    assert m.undo_refusal(HUMAN) == "none"
    assert not m.take_back(HUMAN)


def test_take_back_then_the_same_decision_rebuilds_the_same_game() -> None:
    """A take-back deals the game again from its seed: playing the same actions again
    gives the same table (match seed 5, moves by Random(9))."""
    m = Match(Rules(players=2), seed=5)
    rng = random.Random(9)
    for _ in range(12):
        m.game.apply(rng.choice(m.game.legal_actions()))
    actions = m.game.actions()
    hands = list(m.game.hands)
    assert m.take_back(HUMAN)
    for s, a in actions[len(m.game.actions()):]:
        m.game.apply(a, s)
    assert m.game.hands == hands and m.game.actions() == actions


def test_undo_never_crosses_a_games_end() -> None:
    """Undo never crosses a game's end: refused once the game is over, and after the
    next deal there is nothing of the new game to take back (seed 2, Random(4))."""
    m = Match(Rules(players=3), seed=2)
    _play_until_over(m, random.Random(4))
    assert m.undo_refusal(HUMAN) == "over"
    assert not m.take_back(HUMAN)
    m.next_game()
    if m.game.player_of(m.game.to_act) != HUMAN:
        assert m.undo_refusal(HUMAN) == "none"


def test_the_pages_forced_pass_is_no_decision() -> None:
    """docs/rules/durak.md §6.15: a lone Pass in a throw-in window is the page's, not the human's:
    undo takes back the human's decision before it (seeds 0-40 searched, Random(seed))."""
    for seed in range(40):
        m = Match(Rules(players=3), seed=seed)
        rng = random.Random(seed)
        while m.game.phase is not Phase.OVER:
            g = m.game
            if g.player_of(g.to_act) == HUMAN and forced_pass(g):
                index = len(g.actions())
                g.apply(PASS)
                assert index not in m.decisions_of(HUMAN)
                last = m.decisions_of(HUMAN)[-1] if m.decisions_of(HUMAN) else None
                if last is None:
                    assert m.undo_refusal(HUMAN) == "none"
                else:
                    assert m.take_back(HUMAN)
                    assert len(m.game.actions()) == last
                    assert not forced_pass(m.game)
                return
            g.apply(rng.choice(g.legal_actions()))
    raise AssertionError("no forced pass met in 40 seeded games")


def _cube_game_with_accept() -> tuple[Match, random.Random]:
    """A ``cube15`` game where a double was accepted and the human decided since."""
    for seed in range(200):
        m = Match(Rules.from_text("preset=championship"), seed=seed)
        rng = random.Random(seed)
        accepted = False
        while m.game.phase is not Phase.OVER:
            g = m.game
            legal = g.legal_actions()
            doubles = [a for a in legal if isinstance(a, Double | Accept)]
            a = doubles[0] if doubles and not accepted else rng.choice(legal)
            g.apply(a)
            accepted = accepted or isinstance(a, Accept)
            if accepted and g.phase is not Phase.OVER and g.player_of(g.to_act) == HUMAN \
                    and not forced_pass(g):
                return m, rng
    raise AssertionError("no accepted double in 200 seeded games")


def test_undo_refused_across_an_accepted_double() -> None:
    """§7 ``cube15``: a decision made before an accepted double is not taken back
    (the stake rose by the opponent's choice); one made after it is."""
    m, rng = _cube_game_with_accept()
    accept_at = max(i for i, (_, a) in enumerate(m.game.actions()) if isinstance(a, Accept))
    if m.decisions_of(HUMAN) and m.decisions_of(HUMAN)[-1] < accept_at:
        assert m.undo_refusal(HUMAN) == "cube"
        assert not m.take_back(HUMAN)
    count = len(m.game.actions())
    m.game.apply(rng.choice(m.game.legal_actions()))
    assert m.undo_refusal(HUMAN) is None or m.game.phase is Phase.OVER
    if m.game.phase is not Phase.OVER:
        assert m.take_back(HUMAN) and len(m.game.actions()) == count
        while m.take_back(HUMAN):
            pass
        assert m.undo_refusal(HUMAN) == "cube"
        assert len(m.game.actions()) > accept_at


def test_a_saved_match_keeps_its_undo_history_across_a_reload() -> None:
    """A saved game in progress keeps its undo history across a reload: the
    save holds the game's actions, so the reloaded match takes back the same
    decisions (seed 7, Random(7))."""
    m = Match(Rules(players=2), seed=7)
    rng = random.Random(7)
    for _ in range(20):
        m.game.apply(rng.choice(m.game.legal_actions()))
    assert m.game.phase is not Phase.OVER
    assert m.take_back(HUMAN)
    loaded = decode(encode_match(m, 7))
    assert loaded.series.seed == 7 and loaded.game.actions() == m.game.actions()
    undo = TakeBack(lambda: deal_game(loaded.series.rules, 7))
    assert undo.decisions_of(loaded.game, HUMAN) == m.decisions_of(HUMAN)
    back = undo.before_last(loaded.game, HUMAN)
    assert back is not None and m.take_back(HUMAN)
    assert back.actions() == m.game.actions()


def test_take_back_in_a_later_game_deals_that_game_again() -> None:
    """The game dealt by :meth:`Match.next_game` (its own seed, dealer and first
    attacker) is dealt again the same by a take-back (seed 3, Random(3))."""
    m = Match(Rules(players=3), seed=3)
    rng = random.Random(3)
    _play_until_over(m, rng)
    m.next_game()
    while len(m.decisions_of(HUMAN)) < 2 and m.game.phase is not Phase.OVER:
        m.game.apply(rng.choice(m.game.legal_actions()))
    first = m.decisions_of(HUMAN)[0]
    actions = m.game.actions()
    while m.take_back(HUMAN):
        pass
    assert m.number == 2 and m.game.actions() == actions[:first]


def test_the_dummys_moves_are_its_players_decisions() -> None:
    """§3.4 ``dummy=playing``: the player who plays the dummy decides for it, so its
    moves are theirs to take back (seed 1, Random(1); the controller is seat 0)."""
    m = Match(Rules(players=2, dummy="playing"), seed=1)
    g = m.game
    assert g.controller == HUMAN
    rng = random.Random(1)
    while len({g.actions()[i][0] for i in m.decisions_of(HUMAN)}) < 2:
        g.apply(rng.choice(g.legal_actions()))
    while g.actions()[-1][0] != g.dummy or g.phase is Phase.OVER:
        g.apply(rng.choice(g.legal_actions()))
    count = len(g.actions()) - 1
    assert m.decisions_of(HUMAN)[-1] == count
    assert m.take_back(HUMAN)
    assert len(m.game.actions()) == count and m.game.to_act == m.game.dummy
