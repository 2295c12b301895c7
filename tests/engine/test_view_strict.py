"""Napoleon's view reader takes a seat's view as hostile data (a guest reads the
host's, a computer the page's): every view of random games of every preset reads
back to itself, and a view with one field of the wrong type, out of range, or a key
too many or too few is refused with :class:`ViewError` naming that field."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from napoleon.game import Game
from napoleon.rules import PRESET_NAMES, Rules
from napoleon.view import VIEW_KEYS, PlayerView, ViewError
from tests.view_strict_cases import strict_view_suite


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_view_of_random_games_reads_back_to_itself(preset: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(3):
        g = Game.new(rules, seed)
        rng = random.Random(seed)
        while True:
            for s in range(rules.players):
                v = g.view(s)
                d = v.to_dict()
                back = PlayerView.from_dict(json.loads(json.dumps(d)))
                assert back == v and back.to_dict() == d
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))


def _view() -> dict[str, Any]:
    """Seat 1's view in the play, a trick under way (the bidding's in its auction)."""
    g = Game.new(Rules(), 3)
    rng = random.Random(3)
    while not (g.view(0).phase.value == "play" and g.view(0).current_trick.cards):
        g.apply(rng.choice(g.legal_actions()))
    d = g.view(1).to_dict()
    assert d["auction"] and d["current_trick"]["cards"]
    return d


#: Each field and values it must refuse (no coercion: ``true`` is no number, ``"1"``
#: no seat, ``1`` no flag; out of range; not the deck's card codes).
BAD: dict[str, list[object]] = {
    "rules": [None, 1, "", "players=9"],
    "players": [True, "5", 4],
    "hand_size": [None, 11],
    "kitty_size": [1.0, 2],
    "seat": [True, "1", 5, -1, None],
    "phase": [None, "PLAY", "deal2"],
    "to_act": [True, "0", 5],
    "first_bidder": [None, False, 9],
    "redeals": [None, True, -1],
    "hand": [None, "SA", [1], ["sa"], ["SA", "SA"], ["JK3"]],
    "hand_sizes": [None, [10] * 4, [10, 10, 10, 10, "10"], [10, 10, 10, 10, 99]],
    "auction": [None, [[0]], [["0", "pass"]], [[0, "play SA"]], [[9, "pass"]]],
    "high_bid": [True, "pass", "bid x"],
    "high_bidder": [True, 5],
    "napoleon": ["0", 7],
    "bid": [None, True, -1],
    "trump": [0, "spades", "X"],
    "called": [0, True, "sa", "ZZ"],
    "changes": [None, 1.5],
    "adjutant": [True, 5],
    "adjutant_known": [None, 1, "true"],
    "kitty": ["SA", [0]],
    "discards": ["", [True]],
    "face_up_discards": [None, "SA"],
    "trick_index": [None, True, 99],
    "current_trick": [None, [], {}, {"index": 0}],
    "tricks": [None, {}, [1]],
    "captured": [None, [[]] * 4, [[], [], [], [], 0]],
    "honors": [None, [0] * 4, [1, 0, 0, 0, 0], [False, 0, 0, 0, 0]],
    "held": [None, 0],
    "played": [None, [[]] * 6],
    "result": [1, [], {"napoleon": 0}],
    "legal_actions": [None, "pass", [1], ["fly"]],
    "discard_count": [None, True, -1],
}


#: The reader's cases shared with Durak's: a bad field, a missing or unknown key, no
#: object at all.
TestStrictReader = strict_view_suite(PlayerView.from_dict, ViewError, VIEW_KEYS, BAD, _view,
                                     unknown=["finished", "__proto__", "Seat"])


@pytest.mark.parametrize(("field", "value"), [
    ("index", "0"), ("leader", True), ("seats", [0, 0]), ("cards", ["SA", "SA"]),
    ("named_suit", 1), ("winner", 7), ("taken", "SA"),
])
def test_a_bad_field_of_a_trick_is_refused_by_name(field: str, value: object) -> None:
    d = _view()
    d["current_trick"] = d["current_trick"] | {field: value}
    with pytest.raises(ViewError, match=rf"^current_trick\.{field}\b"):
        PlayerView.from_dict(d)


def test_a_decision_request_is_read_with_its_finished_games_beside_the_view() -> None:
    """The page's easy computer and the worker read the match's request: the view's
    reader takes the view, the finished games ride beside it under ``finished``."""
    from napoleon.ai import decide_json
    from napoleon.match import Match, decision_request
    from napoleon.view import request_view

    m = Match(Rules(), seed=1)
    seat = m.game.to_act
    assert seat is not None
    text = decision_request(m, seat)
    assert request_view(json.loads(text)) == m.game.view(seat)
    for level in ("easy", "normal"):
        assert json.loads(decide_json(text, level, 0))["action"]
