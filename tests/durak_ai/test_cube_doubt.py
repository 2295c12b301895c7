"""The searching levels' doubling cube (§7 ``cube15``) and ``doubt`` play (§3.5)."""

from __future__ import annotations

import json
import random

import pytest

from durak.actions import ACCEPT, CHALLENGE, DOUBLE, FOLD, PASS, TAKE, Action
from durak.ai import cube as ai_cube
from durak.ai.baseline import decide_game
from durak.ai.doubt import cover_candidates, false_chance, no_beater_chance
from durak.ai.levels import decide, decide_json
from durak.ai.worlds import sample_world
from durak.cards import parse_card
from durak.game import Game, Phase
from durak.rules import Rules
from durak.view import PlayerView
from tests.durak_ai.test_worlds_search import check_world
from tests.durak_game.helpers import A, B, att, cov, position

CHAMPIONSHIP = Rules.preset("championship")
DOUBT = Rules(players=2, doubt=True)


def rest_discarded(g: Game) -> Game:
    """Every card not named in the position counts as beaten (the discard pile), so the
    view accounts for the whole deck and worlds can be dealt from it."""
    placed = g.hands[0] | g.hands[1]
    for c in g.talon:
        placed |= 1 << c
    g.discard = g.rules.deck_mask & ~placed
    return g


def sure_win_for_a() -> Game:
    """Talon empty; A holds only the trump ace, which nothing beats: A leads it, B must
    take, A is out and B the durak — whatever happens, A wins."""
    return rest_discarded(position(["AD", "7S,8S,9S,7C,8C"], trump="7D", rules=CHAMPIONSHIP))


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_cube_a_sure_winner_doubles_and_a_sure_loser_folds_s7(level: str) -> None:
    """§7: the defender's chance comes first (B, losing, lets it go); the attacker, sure
    to win, doubles (never "too good": no gammons, a fold scores all a game can); B,
    below the 1/4 take point, folds — losing at the current value, 1, not 2."""
    g = sure_win_for_a()
    assert g.phase is Phase.CUBE and g.to_act == B
    assert decide(g.view(B), level, 1) == PASS
    g.apply(PASS)
    assert decide(g.view(A), level, 2) == DOUBLE
    g.apply(DOUBLE)
    assert decide(g.view(B), level, 3) == FOLD


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_cube_a_sure_winner_accepts_a_double_s7(level: str) -> None:
    """B holds the trump ace alone and defends: it covers A's card and goes out, A is the
    durak.  Doubled, B accepts (and owns the cube)."""
    g = rest_discarded(position(["7S,8S,9S,7C,8C", "AD"], trump="7D", rules=CHAMPIONSHIP))
    g.apply(PASS)  # B's own chance to double (it would); here A gets to double
    g.apply(DOUBLE)
    assert g.legal_actions() == [ACCEPT, FOLD]
    assert decide(g.view(B), level, 4) == ACCEPT


@pytest.mark.parametrize(("p", "legal", "expected"), [
    (0.24, (ACCEPT, FOLD), FOLD),
    (0.25, (ACCEPT, FOLD), ACCEPT),  # the take point: 2·(2p − 1) = −1, the fold's loss
    (0.69, (DOUBLE, PASS), PASS),
    (0.70, (DOUBLE, PASS), DOUBLE),
    (0.69, (DOUBLE,), None),  # an attacker who does not double chooses its attack
    (0.95, (DOUBLE,), DOUBLE),
])
def test_cube_thresholds_take_at_a_quarter_double_from_seventy_percent(
        p: float, legal: tuple[Action, ...], expected: Action | None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The documented thresholds (durak.ai.cube): accept from 1/4, double from 0.70."""
    monkeypatch.setattr(ai_cube, "win_chance", lambda *_a, **_k: p)
    view = sure_win_for_a().view(B)
    view = PlayerView(**{**view.__dict__, "legal_actions": legal})
    assert ai_cube.cube_decision(view, random.Random(1), 8) == expected


def test_cube_decisions_are_seeded_and_reproducible() -> None:
    g = Game.new(CHAMPIONSHIP, seed=205)
    view = g.view(g.to_act).to_json()
    for level in ("normal", "strong"):
        assert {decide_json(view, level, 7) for _ in range(3)} == {decide_json(view, level, 7)}


def test_easy_never_doubles_and_accepts_every_double() -> None:
    """``easy`` stays the rules of thumb: no double offered, every double accepted."""
    g = sure_win_for_a()
    assert decide(g.view(B), "easy", 1) == PASS
    g.apply(PASS)
    assert decide(g.view(A), "easy", 1) != DOUBLE
    g.apply(DOUBLE)
    assert decide(g.view(B), "easy", 1) == ACCEPT


# ---- doubt (durak.ai.doubt: the arena's ``+doubt`` players, not the table's levels) ---

def face_down_on(attack_card: str, hands: tuple[str, str], cover_card: str) -> Game:
    """A attacks ``attack_card``; B lays ``cover_card`` face down on it."""
    g = rest_discarded(position(list(hands), trump="6D",
                                talon="6S,7C,8D,9D,TD,JD,QS,8S,AS,AC,KC,QC", rules=DOUBT))
    g.apply(att(attack_card))
    g.apply(cov(cover_card, attack_card))
    assert g.phase is Phase.DOUBT and g.to_act == A
    return g


@pytest.mark.parametrize("level", ["normal+doubt", "strong+doubt"])
def test_doubt_a_cover_on_a_card_nothing_beats_is_challenged(level: str) -> None:
    """The trump ace beats... nothing beats it: any cover on it is a lie, challenge."""
    g = face_down_on("AD", ("AD,KS,QH,JH,TH,9H", "8C,9C,TC,JC,QD,KD"), "8C")
    assert decide(g.view(A), level, 1) == CHALLENGE
    assert decide(g.view(A), "easy", 1) == PASS  # easy never challenges


@pytest.mark.parametrize("level", ["normal+doubt", "strong+doubt"])
def test_doubt_a_low_card_with_many_beaters_unseen_is_not_challenged(level: str) -> None:
    """A 7 of spades: the defender's six unseen cards very likely hold a beater (any higher
    spade or a trump): the cover is probably true, pass."""
    g = face_down_on("7S", ("7S,KS,QH,JH,TH,9H", "8C,9C,TC,JC,QD,KD"), "QD")
    assert decide(g.view(A), level, 1) == PASS


def test_doubt_two_games_differing_only_in_hidden_cards_get_the_same_challenge() -> None:
    """The decision reads the view alone: B's face-down cover on 9S is true (TS) in one
    game and a lie (QC) in the other, every other hidden card the same — A's views are
    equal, and so is every level's answer for every seed (read back from the worker's
    JSON, without the levels' wall-clock caps, which make a starved machine search fewer
    worlds on one call than the other)."""
    hidden = "6S,7C,8D,9D,TD,JD,QS,8S,AS,AC,KC"
    true = rest_discarded(position(["9S,KH,QH,JH,TH,9H", "TS,7D,8C,9C,TC,JC"], trump="6D",
                                   talon=hidden + ",QC", rules=DOUBT))
    lie = rest_discarded(position(["9S,KH,QH,JH,TH,9H", "QC,7D,8C,9C,TC,JC"], trump="6D",
                                  talon=hidden + ",TS", rules=DOUBT))
    true.apply(att("9S"))
    true.apply(cov("TS", "9S"))
    lie.apply(att("9S"))
    lie.apply(cov("QC", "9S"))
    assert true.beat[parse_card("9S")] >> parse_card("TS") & 1
    assert not lie.beat[parse_card("9S")] >> parse_card("QC") & 1
    va, vb = true.view(A).to_json(), lie.view(A).to_json()
    assert va == vb
    for level in ("easy", "normal", "strong", "normal+doubt"):
        for seed in range(4):
            one = decide(PlayerView.from_dict(json.loads(va)), level, seed, time_limits=False)
            two = decide(PlayerView.from_dict(json.loads(vb)), level, seed, time_limits=False)
            assert one == two


def test_doubt_playout_challengers_catch_an_impossible_cover() -> None:
    """The playouts' rule (what the searching levels expect of the others) sees the same
    as the table: a cover on the trump ace is challenged; without it nobody challenges
    (the ``-old`` search, and ``easy``)."""
    g = face_down_on("AD", ("AD,KS,QH,JH,TH,9H", "8C,9C,TC,JC,QD,KD"), "8C")
    assert decide_game(g) == CHALLENGE
    assert decide_game(g, challenges=False) == PASS
    g2 = face_down_on("7S", ("7S,KS,QH,JH,TH,9H", "8C,9C,TC,JC,QD,KD"), "QD")
    assert decide_game(g2) == PASS


def test_doubt_the_chance_of_a_lie_follows_the_model() -> None:
    """No beater unseen: a sure lie; every unseen card beats: a lie only to keep the
    beater (μ = 0.35); with λ = 1/2 the cover is as likely a lie as not when the defender
    lacked a beater with chance 3/8 — the challenge line."""
    assert no_beater_chance(20, 0, 6) == 1.0 and no_beater_chance(20, 20, 1) == 0.0
    assert false_chance(1.0) == 1.0 and abs(false_chance(0.0) - 0.35) < 1e-12
    assert abs(false_chance(3 / 8) - 0.5) < 1e-12


def lie_or_take() -> Game:
    """A leads 7S; B holds no spade and no trump: cover truly it cannot."""
    g = rest_discarded(position(["7S,KS,QD,JH,TH,9H", "8C,9C,TC,JC,QH,KH"], trump="6D",
                                talon="6S,7C,8D,9D,TD,JD,QS,8S,AS,AC,KC,QC", rules=DOUBT))
    g.apply(att("7S"))
    return g


def test_doubt_strong_lays_its_cheapest_card_face_down_instead_of_taking() -> None:
    """B cannot beat 7S; A cannot tell (B's six cards would very likely hold a beater), so
    a lie is rarely caught: strong covers with its cheapest card rather than take."""
    v = lie_or_take().view(B)
    answers = {decide(v, "strong+doubt", seed) for seed in range(4)}
    assert answers == {cov("8C", "7S")}


def test_doubt_the_search_weighs_one_true_and_one_false_cover_per_attack_card() -> None:
    """Under doubt every card may cover: the search tries, per attack card, the cheapest
    card that beats it and the cheapest that does not (the lie that costs least if
    caught), beside the take — not every card of the hand."""
    g = rest_discarded(position(["7S,KS,QD,JH,TH,9H", "8S,9C,TC,JC,QH,KH"], trump="6D",
                                talon="6S,7C,8D,9D,TD,JD,QS,8C,AS,AC,KC,QC", rules=DOUBT))
    g.apply(att("7S"))
    v = g.view(B)
    assert len(v.legal_actions) == 7  # take, and each of the six cards face down
    cands = cover_candidates(v, list(v.legal_actions), cov("8S", "7S"))
    assert cands == [cov("8S", "7S"), TAKE, cov("9C", "7S")]


def test_doubt_worlds_deal_a_true_cover_as_often_as_the_model_says() -> None:
    """With B's six unseen cards very likely holding a beater of 7S, the modelled worlds
    deal a true face-down cover about as often as an honest defender lays one, less a lie
    to keep the beater (μ = 0.35); a uniform card beats 7S less than half the time.
    Every world still shows A's view exactly."""
    g = face_down_on("7S", ("7S,KS,QH,JH,TH,9H", "8C,9C,TC,JC,QD,KD"), "QD")
    v = g.view(A)
    target = parse_card("7S")
    rng = random.Random(3)
    modelled = [sample_world(v, rng, 0.5) for _ in range(200)]
    uniform = [sample_world(v, rng) for _ in range(200)]

    def true_share(worlds: list[Game]) -> float:
        return sum(bool(w.beat[target] >> w.last_cover & 1) for w in worlds) / len(worlds)

    assert 0.85 > true_share(modelled) > 0.6 > 0.55 > true_share(uniform)
    for _ in range(20):
        check_world(g, A, rng, 0.5)  # the same view, every card in one place
