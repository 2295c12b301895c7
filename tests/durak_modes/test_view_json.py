"""A pile game's view as the worker's JSON (durak/pile/view.py) and the levels' entry
point decide_json (durak/ai/pile_levels.py): round trip, and hostile input refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from durak.ai.pile_levels import decide_json
from durak.cards import card_text
from durak.pile.actions import parse_action
from durak.pile.game import PileGame
from durak.pile.options import MODES, PileRules
from durak.pile.view import PileView, PileViewError


@pytest.mark.parametrize("mode", MODES)
def test_view_json_round_trip_and_entry_point_gives_a_legal_move(mode: str) -> None:
    g = PileGame.new(PileRules(mode=mode, players=3), 6)
    for seat in range(3):
        d = g.view(seat).to_dict()
        assert PileView.from_dict(json.loads(json.dumps(d))) == g.view(seat)
    out = json.loads(decide_json(json.dumps(g.view(g.to_act).to_dict()), "easy", 1))
    assert parse_action(out["action"]) in g.legal_actions()


def _base() -> dict[str, Any]:
    g = PileGame.new(PileRules(mode="kurukuru", players=3), 2)
    return g.view(g.to_act).to_dict()


@pytest.mark.parametrize(("change", "message"), [
    ({"over": "false"}, "over: expected true or false"),
    ({"seat": True}, "seat: expected a whole number"),
    ({"seat": 3}, "seat: 3 is outside 0..2"),
    ({"counts": [12, 12, 11]}, "36 cards"),
    ({"gone": "6S"}, "gone and discarded disagree"),
    ({"rules": "mode=poker"}, "rules:"),
    ({"hand": "ZZ"}, "hand:"),
])
def test_hostile_view_is_refused_with_a_specific_error(change: dict[str, Any],
                                                       message: str) -> None:
    with pytest.raises(PileViewError, match=message):
        PileView.from_dict({**_base(), **change})


def test_hostile_view_json_text_is_refused() -> None:
    with pytest.raises(PileViewError, match="nested"):
        decide_json("[" * 50 + "]" * 50, "easy", 1)
    with pytest.raises(PileViewError, match="expected an object"):
        decide_json("[]", "easy", 1)


def test_a_pile_card_is_read_only_as_the_game_writes_it() -> None:
    """A view is text the game wrote: a pile card in a person's spelling (``td``,
    ``10D``) is no card the host sent, as both games' view readers hold."""
    g = PileGame.new(PileRules(mode="kurukuru", players=3), 2)
    while not g.view(g.to_act).pile:
        g.apply(g.legal_actions()[0])
    d = g.view(g.to_act).to_dict()
    top = d["pile"][-1]
    for spelling in (top.lower(), top.replace("T", "10")):
        if spelling == top:
            continue
        with pytest.raises(PileViewError, match=r"pile\[\]: .* is not a card of the 36-card"):
            PileView.from_dict({**d, "pile": [*d["pile"][:-1], spelling]})


# ---- crusaders' dealing, told by the view -----------------------------------------------


def _crusaders(players: int = 3, seed: int = 11) -> PileGame:
    return PileGame.new(PileRules(mode="crusaders", players=players), seed)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_a_crusaders_view_tells_the_dealing_naming_no_card_drawn_into_another_hand(
        players: int) -> None:
    """§3.6 crusaders: each seat's view tells the dealing phase as it was played out
    (:func:`durak.pile.crusaders.crusade`): the face-up cards, who drew first, every draw
    and where it went; a card drawn into another seat's hand is not named in that
    seat's view, nor in its JSON text, and every card laid on a pile is."""
    g = _crusaders(players)
    done = g.state.crusade
    assert done is not None
    hidden = 0
    for seat in range(players):
        v = g.view(seat)
        dealing = v.dealing
        assert dealing is not None
        assert dealing.faceup == tuple(pile[0] for pile in done.piles)
        assert dealing.first == done.first and len(dealing.draws) == len(done.draws)
        for (s, c, onto), (s2, c2, onto2) in zip(done.draws, dealing.draws, strict=True):
            assert (s2, onto2) == (s, onto)
            assert c2 == (None if onto is None and s != seat else c)
        assert PileView.from_dict(json.loads(v.to_json())) == v
        unseen = [c for s, c, onto in done.draws if onto is None and s != seat]
        hidden += len(unseen)
        draws_text = json.dumps(v.to_dict()["dealing"]["draws"])
        assert not any(f'"{card_text(c)}"' in draws_text for c in unseen)
    assert hidden, "this deal draws cards into hands, so some view hides one"


def test_the_other_modes_views_tell_no_dealing_and_a_crusaders_one_stays_after_moves() -> None:
    for mode in MODES:
        g = PileGame.new(PileRules(mode=mode, players=3), 4)
        assert (g.view(0).dealing is None) == (mode != "crusaders")
    g = _crusaders()
    first = g.view(1).dealing
    g.apply(g.legal_actions()[0])
    assert g.view(1).dealing == first


@pytest.mark.parametrize(("change", "message"), [
    ({"first": 3}, r"dealing\.first: 3 is outside 0\.\.2"),
    ({"faceup": ["6D", "7D"]}, r"dealing\.faceup: expected one card per seat"),
    ({"draws": [[0, None, 1]]}, r"dealing\.draws\[\]: a card laid on a pile is seen by all"),
    ({"draws": [[0, "6D"]]}, r"dealing\.draws\[\]: expected \[seat, card, pile\]"),
    ({"draws": [[5, "6D", None]]}, r"dealing\.draws\[\]\[0\]: 5 is outside 0\.\.2"),
    ({"draws": [[0, "XX", None]]}, r"dealing\.draws\[\]\[1\]"),
    ({"draws": [[0, "6D", None]] * 37}, r"dealing\.draws"),
    ({"faceup": "6D"}, r"dealing\.faceup"),
])
def test_a_hostile_dealing_is_refused_naming_its_field(change: dict[str, Any],
                                                         message: str) -> None:
    g = _crusaders()
    d = g.view(0).to_dict()
    with pytest.raises(PileViewError, match=message):
        PileView.from_dict({**d, "dealing": {**d["dealing"], **change}})
    with pytest.raises(PileViewError, match="dealing"):
        PileView.from_dict({**d, "dealing": [1, 2, 3]})
