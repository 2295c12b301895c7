"""Each AI reads only its own seat's view, and a seed reproduces its choices.

docs/rules/napoleon.md §2: the other hands, the kitty (all but Napoleon) and the adjutant's
identity (until the called card is played) are hidden.  The proof here: two
games that differ only in cards seat ``s`` cannot see give seat ``s`` the
same view, and every computer player then takes the same action in both;
the oracle, which reads the whole game, is the control that does not.
"""

from __future__ import annotations

import json
import random

from napoleon.actions import action_text, parse_action
from napoleon.ai import decide_json
from napoleon.ai.base import Player
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.levels import LEVELS, decide
from napoleon.ai.oracle import OraclePlayer
from napoleon.ai.strong import StrongPlayer
from napoleon.ai.worlds import hidden_cards, public_table, sample_world
from napoleon.cards import SUIT_MASKS
from napoleon.determinize import determinize, sample_hidden
from napoleon.game import Game, Phase
from napoleon.rules import Rules
from napoleon.view import PlayerView, view_of
from tests.ai.helpers import play_game


def _positions(rules: Rules, games: int) -> list[tuple[Game, int]]:
    """Play-phase positions (game, seat to act) reached by baseline players."""
    out = []
    base = BaselinePlayer()
    for seed in range(games):
        g = Game.new(rules, seed=seed)
        rng = random.Random(seed)
        stop = rng.randrange(0, rules.hand_size * rules.players - 2)
        plays = 0
        while not g.is_over:
            seat = g.to_act
            assert seat is not None
            if g.phase is Phase.PLAY:
                if plays == stop:
                    out.append((g.clone(), seat))
                    break
                plays += 1
            g.apply(base.decide(view_of(g, seat), rng), seat)
    return out


def test_hidden_cards_cannot_reach_the_players() -> None:
    rules = Rules()
    players: list[Player] = [
        BaselinePlayer(),
        StrongPlayer(worlds=4, bid_samples=2, contract_worlds=2),
    ]
    oracle_differs = 0
    positions = _positions(rules, 30)
    assert len(positions) >= 25
    for k, (g, seat) in enumerate(positions):
        v = view_of(g, seat)
        hands, pile = sample_hidden(v, random.Random(k))
        g2 = determinize(v, hands, pile)
        assert g2.hands != g.hands or pile != (g.kitty | g.discards) & ~v.hand
        assert view_of(g2, seat) == v  # the other world looks the same from this seat
        for p in players:
            a1 = p.decide(v, random.Random(k))
            a2 = p.decide(view_of(g2, seat), random.Random(k))
            assert a1 == a2
        o1 = OraclePlayer().decide_game(g, seat, random.Random(k))
        o2 = OraclePlayer().decide_game(g2, seat, random.Random(k))
        oracle_differs += o1 != o2
    assert oracle_differs > 0  # the control: reading hidden cards does change choices


def test_worlds_agree_with_the_view_and_admit_the_truth() -> None:
    rules = Rules()
    for k, (g, seat) in enumerate(_positions(rules, 30)):
        v = view_of(g, seat)
        hidden, places = hidden_cards(v)
        # the real deal is one of the worlds the sampler may draw
        for p, size, allowed in zip(places, hidden.sizes, hidden.allowed, strict=True):
            if p >= 0:
                assert g.hands[p] & ~allowed == 0
                assert g.hands[p].bit_count() == size
        voids = v.known_voids()
        base = public_table(v)
        rng = random.Random(k)
        for _ in range(5):
            w = sample_world(v, base, hidden, places, rng)
            assert w.hands[seat] == v.hand
            for s in range(rules.players):
                assert w.hands[s].bit_count() == v.hand_sizes[s]
                for suit in range(4):
                    if voids[s] >> suit & 1:
                        assert w.hands[s] & SUIT_MASKS[suit] == 0


def test_same_seed_same_decisions_whatever_the_global_generator() -> None:
    rules = Rules()
    strong = StrongPlayer(worlds=6, bid_samples=3, contract_worlds=2)
    logs = []
    for disturb in (1, 2):
        random.seed(disturb)  # nothing may read the global generator
        g = play_game(rules, 11, [strong, BaselinePlayer(), strong, BaselinePlayer(), strong])
        logs.append(g.actions())
    assert logs[0] == logs[1]
    g, seat = _positions(rules, 3)[-1]
    v = view_of(g, seat)
    first = decide(v, "strong", seed=9)
    random.seed(123)
    assert decide(v, "strong", seed=9) == first


def test_decide_json_round_trip_for_every_level() -> None:
    for g, seat in _positions(Rules(), 4):
        v = view_of(g, seat)
        text = v.to_json()
        assert PlayerView.from_json(text) == v
        for level in LEVELS:
            reply = json.loads(decide_json(text, level, seed=3))
            assert reply["level"] == level
            action = parse_action(reply["action"])
            assert action in v.legal_actions
            assert reply["action"] == action_text(decide(v, level, seed=3))
