"""The view's reader takes a seat's view as hostile data (a guest reads the host's, a
computer the page's): every view a game makes reads back to itself, and a view with
one field of the wrong type, out of range, or a key too many or too few is refused
with :class:`ViewError` naming that field, never taken and never another exception."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from durak.family.modes import SUIT_DEAL
from durak.game import Game
from durak.rules import Rules, buildable_presets
from durak.suit_deal.game import SuitDealGame
from durak.view import VIEW_KEYS, PlayerView, ViewError
from lab.durak.fuzz_games import random_rules
from tests.sweep import sized
from tests.view_strict_cases import strict_view_suite

#: The ordinary game's presets and random mixes of its options (every mode the
#: ordinary engine plays; the suit-dealing game's play is checked apart): 40 mixes,
#: ``make check`` the first 10.
RULES = ([Rules.preset(p) for p in buildable_presets()]
         + [random_rules(random.Random(seed)) for seed in range(sized(40, 10))])


def _views_of_a_game(game: Any, seats: int, rng: random.Random) -> list[PlayerView]:
    out: list[PlayerView] = []
    moves = 0
    while True:
        out.extend(v for s in range(seats) if isinstance(v := game.view(s), PlayerView))
        if game.is_over or moves > 3000:
            return out
        acts = game.legal_actions()
        game.apply(acts[int(rng.random() * len(acts))])
        moves += 1


def _round_trips(views: list[PlayerView]) -> None:
    for v in views:
        d = v.to_dict()
        back = PlayerView.from_dict(json.loads(json.dumps(d)))
        assert back == v and back.to_dict() == d


@pytest.mark.parametrize("rules", RULES, ids=lambda r: r.to_text()[:60] or "default")
def test_every_view_of_random_games_reads_back_to_itself(rules: Rules) -> None:
    # One game a preset or mix, every seat's view after every action: every line and
    # branch of durak/view.py that two games meet; the 40 mixes are what meet the options
    # (the cube's, American and poker's fields among them).
    views = _views_of_a_game(Game.new(rules, 0), rules.seats, random.Random(0))
    _round_trips(views)


#: Random suit-dealing games a players count: ``make check`` one (every players count).
SUIT_DEAL_GAMES = sized(3, 1)


def test_every_view_of_the_suit_dealing_games_play_reads_back_to_itself() -> None:
    for players in (2, 3, 4):
        rules = Rules(mode=SUIT_DEAL, players=players)
        for seed in range(SUIT_DEAL_GAMES):
            views = _views_of_a_game(SuitDealGame.new(rules, seed), players,
                                     random.Random(seed))
            assert views
            _round_trips(views)


def _view() -> dict[str, Any]:
    """A mid-game view of seat 1 with a table, a result-free position."""
    g = Game.new(Rules(players=3), 5)
    g.apply(g.legal_actions()[0])
    d = g.view(g.to_act).to_dict()
    assert d["table"] and d["legal_actions"]
    return d


#: Each field and values it must refuse: the wrong type (no coercion: ``true`` is no
#: number, ``"1"`` no seat, ``1`` no flag), out of range, not a card of the deck.
BAD: dict[str, list[object]] = {
    "rules": [None, 1, "players=9", "x" * 2000, "", "players=3 "],
    "seat": [True, "1", 1.0, -1, 3, None],
    "phase": [None, 1, "ATTACK", "bid"],
    "to_act": [True, "0", 3, -1],
    "dealer": [False, "0", 3, None],
    "bout": [True, "1", -1, 10**30],
    "attacker": ["1", True, 3, 1.5],
    "defender": ["1", False, -1],
    "hand": [None, 7, ["6S"], "6s", "XX", "6S,6S", "KS,6S", "6S2"],
    "hand_sizes": [None, "6,6,6", [6, 6], [6, 6, "6"], [6, True, 6], [6, 6, 99]],
    "known": [None, "", ["", ""], ["", "", 0], ["", "", "ZZ"]],
    "in_game": [None, [True, True], [True, 1, True], [True, "true", True]],
    "trump": [True, "0", 4, -1],
    "trump_card": [0, True, "6s", "10S", "JK", ""],
    "talon_count": [True, "24", -1, 73, None],
    "removed_count": [None, False, -1],
    "discard": [None, 0, "AS,AS"],
    "table": [None, "", [["6S"]], [["6S", "7S", "8S"]], [[1, None]], [["6S", 0]],
              [None], [["6S", None]] * 40],
    "limit": [None, True, "6", -1, 10**6],
    "taking": [None, 0, 1, "false"],
    "shown": [None, [], "6S,"],
    "result": [1, "over", [], {"durak": [0]},
               {"durak": [True], "draw": False, "shame": False, "folded": False,
                "stake": 1, "repetition": False},
               {"durak": [0], "draw": 0, "shame": False, "folded": False, "stake": 1,
                "repetition": False},
               {"durak": [0], "draw": False, "shame": False, "folded": False, "stake": 0,
                "repetition": False}],
    "legal_actions": [None, "pass", [1], ["fly 6S"], [["pass"]], ["pass"] * 100_001],
    "cube": [None, 0, True, "1"],
    "cube_owner": [True, "0", 7],
    "own_suits": [None, [4], [True], [0, 1, 2, 3]],
    "american": [None, 3, True, "1"],
    "table_layers": [None, [7], ["0"], [True]],
    "answered": [None, 1, "nope"],
    "pile_sizes": [None, [-1], [1, 2, 3, 4]],
    "dummy": [True, "0", 5],
    "controller": [True, -2],
    "second_seat": [1.0, 99],
    "second_hand": [None, ["6S"]],
    "sly_covers": [None, True],
    "covered_face_down": [None, 0],
    "doubt_target": [True, 0, "6S,7S"],
    "slots": [None, "6S", [0], [True], ["6S,7S"]],
    "seen_hands": [None, [0, 0, 0], ["", ""], ["", "", "", ""]],
}


#: The reader's cases shared with Napoleon's: a bad field, a missing or unknown key,
#: no object at all.
TestStrictReader = strict_view_suite(PlayerView.from_dict, ViewError, VIEW_KEYS, BAD, _view,
                                     unknown=["reading", "__proto__", "Seat", ""])
