"""``transfer_new_only`` (docs/rules/durak.md §3.3): which attack cards a transfer answered is
public, so every view shows it and legality never depends on cards a seat cannot see."""

from __future__ import annotations

import random

from durak.ai.worlds import sample_world
from durak.cards import parse_hand
from durak.game import ANSWERED, UNCOVERED, Game
from durak.rules import Rules
from durak.view import PlayerView
from tests.durak_game.helpers import A, B, C, att, cov, position, texts, tra

RULES = Rules(players=3, transfer=True, transfer_new_only=True)


def after_transfer(c_hand: str, talon: str, a_hand: str = "9C,AH") -> Game:
    """A attacks 9C, B transfers 9D to C: 9C is answered, C must answer 9D."""
    g = position([a_hand, "9D,KH", c_hand], trump="6H", talon=talon, rules=RULES)
    g.apply(att("9C"))
    g.apply(tra("9D"))
    return g


def test_every_view_shows_which_cards_a_transfer_answered() -> None:
    g = after_transfer("QD,JS,TS", "7S,8S")
    assert g.covers == [ANSWERED, UNCOVERED]
    for seat in (A, B, C):
        v = g.view(seat)
        assert v.answered == parse_hand("9C")
        assert PlayerView.from_dict(v.to_dict()).answered == v.answered


def test_legal_actions_do_not_depend_on_hidden_cards() -> None:
    """Two games differing only in cards C cannot see (A's and B's hidden cards, the
    talon) give C the same view and the same legal actions."""
    g1 = position(["9C,AH", "9D,KH", "QD,9S,TS"], trump="6H", talon="7S,8S", rules=RULES)
    g2 = position(["9C,AS", "9D,KS", "QD,9S,TS"], trump="6H", talon="7C,8C", rules=RULES)
    for g in (g1, g2):
        g.apply(att("9C"))
        g.apply(tra("9D"))
    assert g1.to_act == g2.to_act == C
    v1, v2 = g1.view(C).to_dict(), g2.view(C).to_dict()
    assert v1 == v2
    assert texts(g1.legal_actions()) == texts(g2.legal_actions())


def test_a_world_sampled_from_any_view_answers_the_same_cards() -> None:
    """The computers rebuild the table from the view: the answered cards come back
    answered for every seat, so the acting seat's world has the real legal actions."""
    checked = 0
    for seed in range(40):
        g = Game.new(RULES, seed)
        players = random.Random(seed)
        while not g.is_over and checked < 30:
            if ANSWERED in g.covers:
                for seat in range(g.n):
                    w = sample_world(g.view(seat), random.Random(seat))
                    assert w.covers == g.covers and w.uncovered == g.uncovered
                    if seat == g.to_act:
                        assert texts(w.legal_actions()) == texts(g.legal_actions())
                checked += 1
            g.apply(players.choice(g.legal_actions()))
    assert checked == 30


def test_the_new_defender_may_transfer_again() -> None:
    """§3.3 Effect: the new defender "may transfer again"; an answered card is no cover,
    so it does not stop a transfer (not only under transfer_thrown)."""
    g = after_transfer("QD,9S,TS", "7S,8S,7C,8C", a_hand="9C,AH,KS,QS")
    assert "transfer 9S" in texts(g.legal_actions())
    g.apply(tra("9S"))
    assert g.defender == A and g.covers == [ANSWERED, ANSWERED, UNCOVERED]
    assert texts(g.legal_actions()) == {"take", "cover KS 9S", "cover QS 9S", "cover AH 9S"}


def test_a_covered_card_still_stops_a_transfer() -> None:
    g = after_transfer("QD,9S,TS,JD", "7S,8S,7C,8C")
    g.apply(cov("QD", "9D"))
    assert not any(t.startswith("transfer") for t in texts(g.legal_actions()))
