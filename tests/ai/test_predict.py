"""Models of a seat's card play and the prediction check.

Inference weighs a sampled world by how well a model of the other seats
explains the cards they played (docs/rules/napoleon.md §2.3: the adjutant is known only to
its holder, so the play is what tells it).  These tests check that each
model is a probability over the legal cards, that the baseline's model is
the rule infer.py applies (its card weighs 1, any other ``slip``), that the
replay of a true deal reproduces the reference players' own choices, that
fitting recovers a planted habit, and that the check refuses bad arguments.
"""

from __future__ import annotations

import random
from math import isclose, log

import pytest

from lab.napoleon.predict_check import (
    Tally,
    decisions,
    evaluate,
    fit,
    fit_slip,
    main,
    play_games,
    training_set,
    weights_module,
)
from lab.napoleon.variants import VariantError, parse_variant
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.infer import LEARNED, log_likelihood, resample_log, start_table
from napoleon.ai.opponents import SeatHabits
from napoleon.ai.oracle import true_table
from napoleon.ai.playout import Table
from napoleon.ai.predict import (
    FEATURES,
    FLOOR,
    LearnedModel,
    TrumpShares,
    baseline_probs,
    habits_probs,
    softmax,
    summed_habits,
)
from napoleon.ai.predict_weights import WEIGHTS
from napoleon.ai.strong import StrongPlayer
from napoleon.ai.worlds import hidden_cards, public_table, sample_world
from napoleon.rules import Rules
from napoleon.view import view_of
from tests.ai.helpers import play_until

SDC = Rules.preset("sdc")


def test_the_baseline_model_weighs_its_card_one_and_every_other_slip() -> None:
    # infer.py: a play the baseline's rules would not make costs a factor ``slip``
    for g in play_games(SDC, ("baseline",), range(1, 4)):
        for _, t, belief, c in decisions(g):
            p = baseline_probs(t, belief, 0.3)
            assert isclose(sum(p.values()), 1.0)
            top = max(p.values())
            assert all(isclose(q, top) or isclose(q, 0.3 * top) for q in p.values())
            assert isclose(p[c], top)  # the baseline played the baseline's card


def test_replaying_a_true_deal_gives_each_rule_based_style_its_own_card() -> None:
    # the baseline, bold and book play their cards by the same rules (references.py)
    games = play_games(SDC, ("baseline", "bold", "book"), range(1, 11))
    report = evaluate(games, {"baseline": _baseline})
    cell = report.cells["all"]["baseline"]
    assert cell.n > 500
    assert cell.hits == cell.n


def _baseline(style: str, t: Table, belief: list[int]) -> dict[int, float]:
    return baseline_probs(t, belief, 0.3)


def test_the_random_style_is_not_always_the_baselines() -> None:
    # random style: a random legal card or its lowest trump led, some of the time
    games = play_games(SDC, ("random",), range(1, 21))
    report = evaluate(games, {"baseline": _baseline})
    cell = report.cells["all"]["baseline"]
    assert 0 < cell.hits < cell.n


def test_the_learned_model_is_a_probability_over_the_legal_cards() -> None:
    for g in play_games(SDC, ("bold",), range(1, 3)):
        for _, t, belief, c in decisions(g):
            p = LEARNED.probs(t, belief)
            assert set(p) == {x for x in range(54) if t.legal() >> x & 1}
            assert isclose(sum(p.values()), 1.0)
            assert isclose(LEARNED.log_prob(t, belief, c), log(max(FLOOR, p[c])))


def test_a_model_needs_one_weight_per_feature() -> None:
    with pytest.raises(ValueError, match="weights"):
        LearnedModel((1.0,))
    assert len(WEIGHTS) == len(FEATURES)


def test_fitting_recovers_a_planted_habit() -> None:
    # a player that always plays its cheapest legal card: "lowest" must win out
    data = training_set(play_games(SDC, ("baseline",), range(1, 6)))
    planted = [(rows, next(i for i, r in enumerate(rows) if 2 in r[1])) for rows, _ in data]
    model = fit(planted, 60)
    lowest = FEATURES.index("lowest")
    assert model.weights[lowest] == max(model.weights)
    hits = 0
    for rows, chosen in planted:
        p = softmax(model.weights, rows)
        hits += max(p, key=lambda c: p[c]) == rows[chosen][0]
    assert hits / len(planted) > 0.95


def test_the_fitted_slip_of_a_deterministic_style_is_the_smallest() -> None:
    data = training_set(play_games(SDC, ("book",), range(1, 6)))
    assert isclose(fit_slip(data), 0.001)


def test_habits_set_the_trump_share_of_a_lead() -> None:
    # opponents.py counts an adjutant's and an ally's trump leads per lead
    share = TrumpShares(lead=0.8, ruff=0.1)
    seen = 0
    for g in play_games(SDC, ("baseline",), range(1, 30)):
        for role, t, belief, _ in decisions(g):
            if role == "napoleon" or t.trick or t.trump is None:
                continue
            p = habits_probs(t, belief, 0.3, {role: share})
            trumps = [c for c in p if c < 52 and c // 13 == t.trump]
            if trumps and len(trumps) < len(p):
                assert isclose(sum(p[c] for c in trumps), 0.8)
                assert isclose(sum(p.values()), 1.0)
                seen += 1
    assert seen > 5


def test_trump_shares_start_from_an_even_prior() -> None:
    h = summed_habits([SeatHabits(ally_leads=2, ally_trump_leads=2), SeatHabits(ally_leads=4)])
    assert h.ally_leads == 6 and h.ally_trump_leads == 2
    assert isclose(TrumpShares.of(h, "ally").lead, 3 / 8)
    assert isclose(TrumpShares.of(SeatHabits(), "adjutant").ruff, 0.5)


def test_the_true_deal_is_likelier_than_most_sampled_worlds_under_the_learned_model() -> None:
    better = total = 0
    for seed in range(1, 16):
        g = play_until(SDC, seed, BaselinePlayer(), 20)
        if g is None:
            continue
        v = view_of(g, g.to_act or 0)
        pub = public_table(v)
        start = start_table(v, pub)
        truth = log_likelihood(v, true_table(g), start, LEARNED)
        hidden, places = hidden_cards(v)
        rng = random.Random(seed)
        for _ in range(6):
            other = log_likelihood(v, sample_world(v, pub, hidden, places, rng), start, LEARNED)
            better += truth >= other
            total += 1
    assert total > 50
    assert better > 0.8 * total


def test_log_weighted_resampling_follows_the_weights() -> None:
    v = play_games(SDC, ("baseline",), range(3, 4))[0].view
    worlds = [public_table(v) for _ in range(2)]
    picked = resample_log(worlds, [0.0, log(0.25)], 1000, random.Random(1))
    assert abs(sum(w is worlds[0] for w in picked) / 1000 - 1 / 1.25) < 0.01


def test_a_level_names_its_inference_model_and_refuses_an_unknown_one() -> None:
    assert parse_variant("strong").infer_model == "baseline"
    learned = parse_variant("strong:infer_model=learned,infer_temper=0.28")
    assert (learned.infer_model, learned.infer_temper) == ("learned", 0.28)
    with pytest.raises(VariantError, match="expected one of"):
        parse_variant("strong:infer_model=oracle")
    with pytest.raises(ValueError, match="infer_model"):
        StrongPlayer(infer_model="oracle")


def test_the_learned_inference_plays_a_legal_card_and_is_seeded() -> None:
    g = play_until(SDC, 8, StrongPlayer(worlds=4), 12)
    assert g is not None
    v = view_of(g, g.to_act or 0)
    player = StrongPlayer(worlds=6, infer_model="learned", infer_temper=0.28)
    a = player.decide(v, random.Random(5))
    assert a in v.legal_actions
    assert player.decide(v, random.Random(5)) == a


def test_a_tally_counts_top_one_and_log_likelihood() -> None:
    t = Tally()
    t.add({1: 0.75, 2: 0.25}, 1)
    t.add({1: 0.75, 2: 0.25}, 2)
    t.add({1: 1.0}, 3)  # an impossible play counts as FLOOR
    assert (t.n, t.hits) == (3, 1)
    assert isclose(t.loglik, log(0.75) + log(0.25) + log(FLOOR))


def test_the_weights_module_reads_back() -> None:
    model = LearnedModel(tuple(float(i) / 10 for i in range(len(FEATURES))))
    space: dict[str, object] = {}
    exec(weights_module(model, "python -m lab.napoleon.predict_check"), space)
    assert space["WEIGHTS"] == model.weights


@pytest.mark.parametrize(
    "argv",
    [["--train", "0"], ["--test", "6000"], ["--styles", "bold,wild"], ["--slip", "2"],
     ["--iterations", "0"], ["--preset", "nope"]],
)
def test_the_check_refuses_a_bad_argument(argv: list[str], capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    with pytest.raises(SystemExit) as e:
        main(argv)
    assert e.value.code == 2
    assert "error" in capsys.readouterr().err


def test_the_check_prints_every_predictor(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--train", "3", "--test", "3", "--iterations", "5"]) == 0
    out = capsys.readouterr().out
    for name in ("baseline", "habits", "learned", "learned/style", "adjutant", "random"):
        assert name in out
