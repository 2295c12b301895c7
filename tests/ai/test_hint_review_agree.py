"""The hint and the review are one evaluator (napoleon.ai.analysis, napoleon.ai.review).

The same decision with the same information is weighed in the same sampled
worlds, seeded by the position (a hash of the seat's view), never by the order
of calls; the hint recommends the option first by the expected points it shows;
the review counts a loss only beyond the sampling's uncertainty (the paired
difference's standard error over those worlds), so a decision that followed the
hint is never a mistake.
"""

from __future__ import annotations

import json
import random

import pytest

from bench.hint_review_agreement import agreement, hinted_game
from napoleon.actions import Play, action_text
from napoleon.ai.analysis import Option, analyse, mean_se, paired_se, position_seed, with_losses
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.review import beyond_noise, hint, hint_json, review_decision, state_before
from napoleon.cards import parse_card
from napoleon.game import Game, Phase
from napoleon.rules import Rules
from napoleon.view import PlayerView


def _positions(seed: int, count: int) -> list[tuple[Game, int]]:
    """Seat 0's first ``count`` choices (more than one legal action) in a baseline game,
    each as (the finished game, the index of the decision)."""
    g = Game.new(Rules(), seed=seed)
    rng = random.Random(seed)
    base = BaselinePlayer()
    picks: list[int] = []
    while not g.is_over:
        seat = g.to_act
        assert seat is not None
        v = g.view(seat)
        if seat == 0 and len(v.legal_actions) > 1 and len(picks) < count:
            picks.append(len(g.actions()))
        g.apply(base.decide(v, rng), seat)
    return [(g, i) for i in picks]


def _figures(opts: tuple[Option, ...]) -> list[tuple[str, float, float, float]]:
    return [(action_text(o.action), o.value, o.se, o.loss_se) for o in opts]


def test_the_worlds_depend_only_on_the_position() -> None:
    """Same figures twice, in another call order, and from the view's JSON."""
    g, i = _positions(3, 4)[2]
    view = state_before(g, i).view(0)
    other = state_before(g, _positions(3, 4)[0][1]).view(0)
    first = analyse(view)
    analyse(other)  # another search in between: no shared generator moves
    random.seed(99)  # nor does the global one count
    again = analyse(PlayerView.from_json(view.to_json()))
    assert _figures(first.options) == _figures(again.options)
    assert position_seed(view) != position_seed(other)


@pytest.mark.parametrize("seed", [1, 4])
def test_hint_and_review_give_the_same_best_and_figures(seed: int) -> None:
    """The review of a decision (replayed from the record) weighs what the hint weighed."""
    for g, i in _positions(seed, 5):
        before = state_before(g, i)
        h = hint(before.view(0), seed=123)  # the caller's seed does not move the worlds
        d = review_decision(g, 0, i, seed=7)
        assert d.strong == h.action
        same = [o for o in d.options if o in h.options]
        assert _figures(tuple(same)) == _figures(h.options[: len(same)])


@pytest.mark.parametrize("seed", [2, 5])
def test_the_hint_is_first_by_the_expected_points_it_shows(seed: int) -> None:
    for g, i in _positions(seed, 6):
        opts = hint(state_before(g, i).view(0)).options
        assert opts[0].value == max(o.value for o in opts)
        assert [o.loss for o in opts] == sorted(o.loss for o in opts)
        assert opts[0].loss == 0 and opts[0].within_noise()


def test_the_paired_error_comes_from_the_per_world_differences() -> None:
    best = (10.0, 0.0, 10.0, 0.0)
    same_swings = (9.0, -1.0, 9.0, -1.0)  # one point less in every world: a sure loss
    ranked = with_losses([Option(Play(1), 4.0, samples=same_swings),
                          Option(Play(2), 5.0, samples=best)])
    assert [o.action for o in ranked] == [Play(2), Play(1)]
    assert ranked[1].loss == 1.0 and ranked[1].loss_se == 0.0
    assert mean_se(best)[1] > 0  # each alone is noisy; the difference is not
    assert paired_se(best, same_swings) == 0.0
    assert beyond_noise(ranked[1].loss, ranked[1].loss_se, 0.05) == 1.0


def test_a_loss_within_the_uncertainty_is_not_a_mistake() -> None:
    """Seed 1, seat 0's first card: the hint says ♠6; ♠Q expects 0.43 points less, inside
    two standard errors of the paired difference (0.29 each): no points lost, though
    more than a fixed 0.05 points would have counted."""
    g = Game.new(Rules(), seed=1)
    rng = random.Random(1)
    base = BaselinePlayer()
    index = 8
    while not g.is_over:
        seat = g.to_act
        assert seat is not None
        a = base.decide(g.view(seat), rng)
        if len(g.actions()) == index:
            assert seat == 0 and g.phase is Phase.PLAY
            a = Play(parse_card("SQ"))
        g.apply(a, seat)
    d = review_decision(g, 0, index)
    assert action_text(d.strong) == "play S6"
    assert d.chosen is not None and 0.05 < d.chosen.loss <= 2 * d.chosen.loss_se
    assert d.cost == 0.0
    # honors are judged the same way, on their own paired differences
    assert d.honors_lost == 0 or d.honors_lost > 2 * d.chosen.honors_loss_se
    # beyond the noise a loss counts, as before
    assert beyond_noise(0.43, 0.1, 0.05) == 0.43


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_game_that_follows_every_hint_has_no_review_mistake(seed: int) -> None:
    a = agreement(seed)
    assert a.hints > 5
    assert (a.flagged, a.misranked) == (0, 0)


def test_the_worker_answer_carries_the_uncertainty() -> None:
    g, i = _positions(1, 3)[1]
    reply = json.loads(hint_json(state_before(g, i).view(0).to_json(), 5))
    top, *rest = reply["options"]
    assert top["loss"] == 0 and top["near"] is True and top["se"] >= 0
    for o in rest:
        assert o["loss"] >= 0 and o["loss_se"] >= 0 and isinstance(o["near"], bool)


def test_hinted_game_is_deterministic() -> None:
    """The agreement bench's games replay: the same seed, the same decisions."""
    a, _, _ = hinted_game(2)
    b, _, _ = hinted_game(2)
    assert a.actions() == b.actions()
