"""hypothesis: any action with any values, in any phase, is applied or refused with
IllegalActionError — never another exception, never a hang, and a refusal changes nothing.

The failures it guards against: ``apply(Discard(-1))`` looping forever,
``Discard(1 << 60)`` raising ``CardTextError`` and the reprs of ``Bid(13, 7)`` /
``Call(-2)`` raising; this checks the whole API the same way.
"""

from __future__ import annotations

import random
import time
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from napoleon.actions import Bid, Call, Change, Discard, IllegalActionError, Pass, Play
from napoleon.game import Game
from napoleon.playout import random_action_step
from napoleon.rules import PRESET_NAMES, Rules

# Numbers of every size and sign, the ones near the edges most often.
any_int = st.one_of(
    st.integers(-6, 60), st.sampled_from([1 << 52, 1 << 53, 1 << 54, 1 << 60, -(1 << 60)]),
    st.integers(-(1 << 80), 1 << 80),
)
maybe_suit = st.one_of(st.none(), any_int, st.just(True), st.just(1.5))
actions = st.one_of(
    st.builds(Bid, any_int, maybe_suit),
    st.just(Pass()),
    st.builds(Call, any_int),
    st.builds(Discard, any_int),
    st.builds(Change, maybe_suit, any_int),
    st.builds(Play, any_int, maybe_suit),
)


def _exact(action: Any) -> bool:
    """Every value a plain int or None: ``Bid(13, True) == Bid(13, HEARTS)`` as dataclasses,
    but the game takes only real numbers for suits and cards (a bool or float is refused)."""
    values = [getattr(action, f) for f in getattr(action, "__slots__", ())]
    return all(v is None or type(v) is int for v in values)


def _state(g: Game) -> tuple[Any, ...]:
    return (g.phase, g.to_act, len(g.log), tuple(g.hands), tuple(g.trick), len(g.tricks),
            g.bid, g.trump, g.called, g.discards, g.high_bid)


# 150 actions, every kind with values of every size, in every phase of the presets;
# 400 meet more of the phases' refusals (of the play's above all).
@settings(max_examples=150, deadline=None)
@given(st.sampled_from(PRESET_NAMES), st.integers(0, 2**16), st.integers(0, 80), actions)
def test_any_action_is_applied_or_refused_cleanly(
    preset: str, seed: int, steps: int, action: Any
) -> None:
    g = Game.new(Rules.preset(preset), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        random_action_step(g, rng, pass_bias=0.3)
    assert repr(action)  # a bad action's repr never raises
    legal = not g.is_over and _exact(action) and action in g.legal_actions()
    before = _state(g)
    start = time.process_time()
    try:
        g.apply(action)
    except IllegalActionError:
        assert not legal, f"{action!r} is legal but was refused"
        assert _state(g) == before, "a refused action changed the game"
    else:
        assert legal, f"{action!r} is not legal but was applied"
    assert time.process_time() - start < 1.0


def test_a_bool_or_float_is_no_card_and_no_suit() -> None:
    """``Play(c, True) == Play(c, HEARTS)`` as dataclasses, but the game refuses a bool
    for a suit or a card (and a float) rather than take it for 1."""
    g = Game.new(Rules(), 1)
    rng = random.Random(1)
    while g.phase.value != "play":
        random_action_step(g, rng, pass_bias=0.3)
    card = next(a for a in g.legal_actions() if isinstance(a, Play)).card
    for action in (Play(True), Play(1.0), Play(card, True), Play(card, 1.5)):  # type: ignore[arg-type]
        before = _state(g)
        try:
            g.apply(action)
        except IllegalActionError:
            assert _state(g) == before
        else:
            raise AssertionError(f"{action!r} was applied")
