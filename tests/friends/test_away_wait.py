"""A dropped person's seat: its away wait counts down on the host's panel and ends
with a computer in its seat, and a seat connected by a code is kept as such over
the host's reload (its guest cannot come back by itself, so it waits no longer than
any dropped guest)."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable

import pytest

from cardkit.table_net.host_session import AWAY_WAIT, HostSave, HostSession
from cardkit.table_net.messages import hello_text
from cardkit.table_net.referee import Referee
from cardkit.ui_dom.friends import seat_items
from cardkit.ui_dom.strings_shell import STRINGS
from durak import table_net
from durak.game import Game
from durak.rules import Rules


def table(clock: list[float] | None = None) -> tuple[Referee, HostSession]:
    """A started table with a guest at seat 1; its host's clock ``clock[0]``, else
    real time."""
    game = Game.new(Rules(players=2), 7)
    ref = Referee(table_net.seat_game(lambda: game), 2, 0, [1], "durak")
    now = (lambda: clock[0]) if clock is not None else time.monotonic
    host = HostSession(ref, lambda _text, _peer: None, lambda: None, now=now)
    host.message("p1", hello_text("Aki", "en", None))
    host.start()
    return ref, host


def en(key: str, **kw: object) -> str:
    return STRINGS[key]["en"].format(**kw)


def test_the_away_wait_counts_down_on_the_hosts_panel() -> None:
    async def run() -> None:
        clock = [100.0]
        _ref, host = table(clock)
        host.left("p1")
        assert host.away_left(1) == int(AWAY_WAIT)
        clock[0] += 3.2
        left = host.away_left(1)
        assert left is not None
        assert seat_items(en, [("host", ""), ("away", "Aki")], 0, set(), {1: left})[1] == (
            "Aki: disconnected: a computer takes over in 7 s", True)
        assert host.away_left(0) is None

    asyncio.run(run())


class Timers:
    """The loop's ``call_later``, kept to be run by the test (no real time waited)."""

    def __init__(self) -> None:
        self.due: list[tuple[Callable[..., None], tuple[object, ...]]] = []

    def call_later(self, _delay: float, fn: Callable[..., None], *args: object) -> None:
        self.due.append((fn, args))

    def run(self, n: int) -> None:
        fn, args = self.due[n]
        fn(*args)


def test_a_seat_back_and_dropped_again_waits_its_whole_new_wait(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The first drop's timer, run out while the person is away again, does not cut
    the second wait short: a computer takes the seat at the end of the wait shown."""
    timers = Timers()
    monkeypatch.setattr(asyncio, "get_running_loop", lambda: timers)
    clock = [0.0]
    ref, host = table(clock)
    token = ref.seats[1].token
    host.left("p1")
    clock[0] += 3.0
    host.message("p2", hello_text("Aki", "en", token))
    assert host.away_left(1) is None
    host.left("p2")
    clock[0] += AWAY_WAIT - 3.0
    timers.run(0)  # the first wait is over, the second is not
    assert 1 not in host.replaced and host.away_left(1) == 3
    timers.run(1)
    assert 1 in host.replaced and host.away_left(1) is None


SEATS = (("host", "", None), ("guest", "Aki", "A" * 22), ("computer", "", None))


def test_the_kept_table_says_which_seats_came_by_a_code() -> None:
    save = HostSave("r" * 22, "", (), "7", SEATS, (1,))
    assert HostSave.read(save.text()) == save
    older = json.loads(save.text())
    del older["by_hand"]  # kept before such seats were kept: read with none
    assert HostSave.read(json.dumps(older)) == HostSave("r" * 22, "", (), "7", SEATS)


@pytest.mark.parametrize("by_hand", [[True], ["1"], [0], [3], [1, 1], 1, [1.0]])
def test_a_kept_tables_seats_by_a_code_are_read_without_trust(by_hand: object) -> None:
    text = json.loads(HostSave("r" * 22, "", (), "7", SEATS).text())
    text["by_hand"] = by_hand
    assert HostSave.read(json.dumps(text)) is None
