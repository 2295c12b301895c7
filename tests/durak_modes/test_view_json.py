"""A pile game's view as the worker's JSON (durak/pile/view.py) and the levels' entry
point decide_json (durak/ai/pile_levels.py): round trip, and hostile input refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from durak.ai.pile_levels import decide_json
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
