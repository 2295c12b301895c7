"""No message to a guest carries a card its seat cannot see: every text the
host's referee sends a guest is compared with that seat's own view at that
moment (the view the computers get), over whole games of Napoleon and Durak."""

from __future__ import annotations

import json
import random

import pytest

from tests.peer_table.harness import Table, durak_game, napoleon_game, new_table, play_out

ALLOWED = {
    # The table's rules are no card: every seat plays them.
    "welcome": {"t", "v", "seat", "token", "players", "game", "rules"},
    "view": {"t", "v", "turn", "game", "view"},  # game: which of the match, a number
    "seats": {"t", "v", "seats", "started"},
    "refused": {"t", "v", "reason", "turn"},
    "end": {"t", "v", "reason", "record"},
}


def check_every_message(t: Table) -> int:
    views = 0
    for s in t.sent:
        msg = json.loads(s.text)
        assert set(msg) == ALLOWED[msg["t"]], msg["t"]
        if msg["t"] == "view":
            assert s.seat is not None and s.seat_view is not None
            # The whole view and nothing but it: the same object as the seat's view.
            assert msg["view"] == json.loads(s.seat_view)
            assert msg["view"]["seat"] == s.seat
            views += 1
        elif msg["t"] == "seats":
            assert all(set(x) == {"kind", "name"} for x in msg["seats"])
        elif msg["t"] == "end":
            assert msg["record"] is None or s.over
    return views


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_napoleon_guests_receive_only_their_seats_view(seed: int) -> None:
    t = new_table(napoleon_game(seed), 5, [2, 4])
    t.join("a", "Aki")
    t.join("b", "Ben")
    t.deliver(t.referee.start())
    assert play_out(t, random.Random(seed)) > 0
    assert check_every_message(t) > 10
    seats_sent = {s.seat for s in t.sent if json.loads(s.text)["t"] == "view"}
    assert seats_sent == {2, 4}


@pytest.mark.parametrize("seed", [1, 2])
def test_durak_guests_receive_only_their_seats_view(seed: int) -> None:
    t = new_table(durak_game(seed, players=3), 3, [1, 2])
    t.join("a", "Aki")
    t.join("b", "Ben")
    t.deliver(t.referee.start())
    assert play_out(t, random.Random(seed)) > 0
    assert check_every_message(t) > 10


def test_a_changed_view_is_sent_once() -> None:
    """Views are re-sent only when the seat's view changed (no echo per message)."""
    t = new_table(durak_game(5), 2, [1])
    t.join("a", "Aki")
    t.deliver(t.referee.start())
    assert t.referee.views() == []
