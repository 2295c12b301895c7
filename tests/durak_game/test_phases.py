"""The engine as phase modules — one table from a phase to its module,
each module with ``legal``, ``apply`` and ``MOVES``; every legal action is filed."""

from __future__ import annotations

import random

import pytest

from durak.actions import TAKE, Attack, IllegalActionError
from durak.game import Game
from durak.phases import cube, defence, doubt, opening, throw_in
from durak.phases.dispatch import BESIDE, PHASE_RULES, legal_actions
from durak.rules import PRESET_NAMES, Rules, RulesError
from durak.state import Phase
from lab.durak.fuzz_games import game_rules


def test_every_phase_but_over_has_its_module() -> None:
    """The one table: ATTACK, DEFEND, THROW, DOUBT and CUBE each map to a module."""
    assert dict(PHASE_RULES) == {
        Phase.ATTACK: opening, Phase.DEFEND: defence, Phase.THROW: throw_in,
        Phase.DOUBT: doubt, Phase.CUBE: cube,
    }
    assert Phase.OVER not in PHASE_RULES


def test_every_legal_action_is_filed_under_its_phase_or_beside_it() -> None:
    """Over every preset and random option mixes: each legal action's kind is in its
    phase module's MOVES or among the moves beside the phases' own (BESIDE), so the
    dispatch finds a move for it; the game's legal actions are the dispatch's."""
    games = [Rules.preset(name) for name in PRESET_NAMES]
    for i in range(400):
        try:
            games.append(game_rules(5, i))
        except RulesError:
            continue
    for n, rules in enumerate(games):
        g = Game.new(rules, seed=n)
        rng = random.Random(n)
        for _ in range(300):
            if g.is_over:
                break
            acts = g.legal_actions()
            assert acts == legal_actions(g)
            module = PHASE_RULES[g.phase]
            for a in acts:
                assert type(a) in module.MOVES or (
                    g.phase in (Phase.ATTACK, Phase.DEFEND, Phase.THROW)
                    and type(a) in BESIDE), (rules.to_text(), g.phase, a)
            g.apply_unchecked(acts[int(rng.random() * len(acts))])


@pytest.mark.parametrize("module", [opening, defence, throw_in, doubt, cube])
def test_a_phase_module_refuses_an_action_it_does_not_hold(module: object) -> None:
    """A module's apply names the action it cannot perform (a specific error, never a
    crash): TAKE is no opening attack, an Attack no move of the other phases."""
    g = Game.new(Rules(), seed=1)
    foreign = TAKE if module is opening else Attack(1)
    with pytest.raises(IllegalActionError, match="is no "):
        module.apply(g, foreign)  # type: ignore[attr-defined]
