"""The pile games keep the default game's contract: specific errors for illegal
actions, an independent clone, a view per seat that hides other hands and the talon."""

from __future__ import annotations

import dataclasses
import random

import pytest

from durak.actions import PASS, TAKE, IllegalActionError, NotYourTurnError
from durak.pile.actions import lay
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.playout import play_random_game
from tests.durak_modes.helpers import c


def test_not_your_turn_game_over_and_non_actions_are_refused() -> None:
    g = PileGame.new(PileRules(mode="chinese", players=3), 1)
    other = (g.to_act + 1) % 3
    with pytest.raises(NotYourTurnError):
        g.apply(g.legal_actions()[0], seat=other)
    with pytest.raises(IllegalActionError, match="not a move"):
        g.apply(PASS)  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="not a move"):
        g.apply("9S")  # type: ignore[arg-type]
    with pytest.raises(IllegalActionError, match="pile is empty"):
        g.apply(TAKE)
    play_random_game(g, random.Random(1))
    with pytest.raises(IllegalActionError, match="over"):
        g.apply(TAKE)
    assert g.legal_actions() == []


def test_a_forged_lay_is_refused() -> None:
    g = PileGame.new(PileRules(mode="kurukuru", players=3), 1)
    for card in (-1, 36, True):
        with pytest.raises(IllegalActionError, match="not a move"):
            g.apply(dataclasses.replace(lay(0), card=card))


def test_clone_is_independent() -> None:
    g = PileGame.new(PileRules(mode="chukhonsky", players=4), 3)
    h = g.clone()
    before = [g.view(s) for s in range(4)]
    play_random_game(h, random.Random(3))
    assert [g.view(s) for s in range(4)] == before
    assert h.is_over and not g.is_over
    g2 = g.clone()
    play_random_game(g, random.Random(3))
    play_random_game(g2, random.Random(3))
    assert [g.view(s) for s in range(4)] == [g2.view(s) for s in range(4)]


def test_the_view_shows_counts_not_other_hands_nor_the_talon() -> None:
    g = PileGame.new(PileRules(mode="chinese", players=3), 5)
    st = g.state
    for seat in range(3):
        v = g.view(seat)
        assert v.hand == st.hands[seat]
        assert v.counts == tuple(h.bit_count() for h in st.hands)
        assert v.talon == len(st.talon)
        assert v.legal_actions == (tuple(g.legal_actions()) if seat == g.to_act else ())
        # no field holds another seat's hand or a talon card
        values = dataclasses.asdict(v).values()
        for other in range(3):
            if other != seat:
                assert st.hands[other] not in values
        for x in st.talon:
            assert x not in v.pile and x != v.trump_card
    with pytest.raises(ValueError, match="not a seat"):
        g.view(3)


def test_views_differ_only_in_the_seat_own_hand() -> None:
    g = PileGame.new(PileRules(mode="kurukuru", players=3), 5)
    g.apply(g.legal_actions()[0])
    a, b = g.view(0), g.view(1)
    same = {f.name for f in dataclasses.fields(a) if getattr(a, f.name) == getattr(b, f.name)}
    assert {f.name for f in dataclasses.fields(a)} - same <= {"seat", "hand", "legal_actions"}


def test_the_nine_of_diamonds_constant() -> None:
    assert c("9D") == 2 * 9 + 3
