"""A seat's view: what it shows and what it hides (docs/rules/napoleon.md §2.3, §3 discards)."""

from __future__ import annotations

import json

from napoleon.actions import Bid, Call, Pass
from napoleon.cards import SPADES, parse_card, parse_hand
from napoleon.game import Game, Phase
from napoleon.rules import Rules
from napoleon.view import PlayerView

from .helpers import deal_from_text, game_in_play, phase, play


def test_view_hides_other_hands_and_the_kitty() -> None:
    g = Game.new(Rules(), 1, first_bidder=0)
    v = g.view(2)
    assert v.hand == g.hands[2] and v.kitty is None and v.discards is None
    assert v.hand_sizes == (10,) * 5


def test_only_napoleon_sees_the_kitty_from_the_exchange() -> None:
    """docs/rules/napoleon.md §3: "The kitty itself is seen by Napoleon alone"."""
    rules = Rules()
    g = Game.from_deal(rules, deal_from_text(rules, [""]), 0)
    g.apply(Bid(13, SPADES))
    for _ in range(4):
        g.apply(Pass())
    assert g.view(0).kitty is None  # calling comes before seeing the kitty
    g.apply(Call(parse_card("SA")))
    assert phase(g) is Phase.EXCHANGE
    assert g.view(0).kitty == g.kitty and g.view(0).discard_count == 3
    assert g.view(1).kitty is None


def test_adjutant_hidden_until_the_called_card_is_played() -> None:
    """docs/rules/napoleon.md §2.3: the adjutant is known only to the holder of the called card."""
    g = game_in_play(Rules(), ["H5", "HA"], called="HA")
    assert g.view(1).adjutant_known and g.view(1).adjutant == 1  # the adjutant knows
    for seat in (0, 2, 3, 4):
        v = g.view(seat)
        assert not v.adjutant_known and v.adjutant is None
        assert json.loads(v.to_json())["adjutant"] is None
    play(g, "H5", "HA")
    assert all(g.view(s).adjutant == 1 for s in range(5))


def test_napoleon_alone_knows_it_when_holding_the_called_card() -> None:
    g = game_in_play(Rules(), ["SA"], called="SA")
    v0 = g.view(0)
    assert v0.adjutant_known and v0.adjutant is None
    assert not g.view(1).adjutant_known


def test_view_json_keeps_every_key_and_round_trips() -> None:
    """The JSON string form keeps keys whose value is null (Pyodide drops None in dicts)."""
    g = game_in_play(Rules(), [])
    v = g.view(3)
    d = json.loads(v.to_json())
    assert "adjutant" in d and d["adjutant"] is None and "kitty" in d
    assert PlayerView.from_json(v.to_json()) == v


def test_view_lists_legal_actions_only_for_the_seat_to_act() -> None:
    g = game_in_play(Rules(), [])
    assert g.view(0).legal_actions and g.view(1).legal_actions == ()


def test_view_known_voids() -> None:
    g = game_in_play(Rules(), ["C5", "H2 H3 H4 H5 H6 H7 H8 H9 H10 HJ"])
    play(g, "C5", "H2")
    assert g.view(3).known_voids()[1] == 1 << 3  # seat 1 has no clubs


def test_view_shows_tricks_captured_and_played() -> None:
    g = game_in_play(Rules(), ["C5", "CA", "C6", "C7", "CK"], kitty="D2 D3 D4")
    play(g, "C5", "CA", "C6", "C7", "CK")
    v = g.view(4)
    assert v.tricks[0].winner == 1 and v.captured[1] == parse_hand("CA CK")
    assert v.played[0] == parse_hand("C5") and v.current_trick.cards == ()
    assert v.honors_of(1) == 2


def test_hand_is_shown_sorted_by_suit_and_rank() -> None:
    """docs/rules/napoleon.md §2.1: "Hands are shown sorted by suit and rank"."""
    g = game_in_play(Rules(), ["C2 SA H10 JK D5 S3"])
    hand = g.view(0).to_dict()["hand"]
    assert hand[0] == "SA" and hand[-1] == "JK"
    ranks = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    keys = [("SHDC".index(t[0]), -ranks.index(t[1:])) if t != "JK" else (4, 0) for t in hand]
    assert keys == sorted(keys)
