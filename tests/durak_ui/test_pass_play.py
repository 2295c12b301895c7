"""Pass-and-play on one device: every seat a person, the table drawn from the
view of the one holding the device, and behind the privacy screen nothing acts
but its button, which hands the device to the person to decide."""

from __future__ import annotations

import asyncio

from cardkit.ui_dom.pass_play import SHOW_ACT, Handover
from durak.rules import Rules
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks
from tests.durak_ui.test_controller import _no_pause, click_first


def test_two_people_play_a_whole_game_on_one_device() -> None:
    asked: list[str] = []

    async def think(view_json: str, level: str, seed: int) -> str:
        asked.append(view_json)  # no computer at this table: never called
        raise AssertionError("a computer was asked at a table of people")

    ctrl = Controller(Rules(players=2), 11, "easy", Hooks(think, _no_pause, lambda: None),
                      humans=(0, 1))
    asyncio.run(ctrl.start())
    screens = 0
    for _ in range(500):
        if ctrl.over:
            break
        g = ctrl.game
        acting = g.player_of(g.to_act)
        if ctrl.handover_due():
            screens += 1
            before = ctrl.view().to_json()
            # Behind the screen a click on the table does nothing, and the view
            # drawn is still the previous holder's.
            asyncio.run(ctrl.handle(*click_first(ctrl)))
            assert ctrl.view().to_json() == before and ctrl.handover_due()
            asyncio.run(ctrl.handle(SHOW_ACT))
        assert not ctrl.handover_due() or ctrl.auto_pass()
        assert ctrl.handover.holder == acting
        assert ctrl.view().seat == acting  # the hand drawn is the decider's own
        asyncio.run(ctrl.handle(*click_first(ctrl)))
    assert ctrl.over and not asked
    assert screens > 3


def test_a_lone_player_never_sees_the_screen() -> None:
    """One person (the default) against a computer: the screen is never due."""
    h = Handover((0,))
    assert not h.active and not h.due(0) and not h.due(1)


def test_a_reloaded_pass_and_play_table_seats_its_people_behind_the_screen() -> None:
    """The save keeps the people (its ``humans``): a reload seats them again, not
    computers, and the device is its owner's again, so a person other than seat 0
    to act is behind the privacy screen first (whoever holds the device after a
    reload sees no other person's hand); the game then goes on."""
    from cardkit.ui_dom.storage import MemoryStorage
    from durak.ui_dom.kinds import save_on_table
    from tests.durak_ui import save_steps

    hooks = Hooks(_never, _no_pause, lambda: None)
    ctrl = Controller(Rules(players=3), 4, "easy", hooks, humans=(0, 1, 2))
    asyncio.run(ctrl.start())
    for _ in range(50):  # on until a person other than the device's owner is to act
        g = ctrl.game
        if ctrl.handover_due():
            asyncio.run(ctrl.handle(SHOW_ACT))
        if g.player_of(g.to_act) != 0 and not ctrl.auto_pass():
            break
        asyncio.run(ctrl.handle(*click_first(ctrl)))
    acting = ctrl.game.player_of(ctrl.game.to_act)
    assert acting != 0 and ctrl.handover.holder == acting
    store = MemoryStorage()
    save_on_table(store, ctrl)
    saved, why = save_steps.load(store)
    assert saved is not None and not why and saved.humans == (0, 1, 2)
    again = save_steps.resume(saved, hooks, "easy")
    again.seat_people(saved.humans, {1: "Aki"})
    assert again.handover.humans == (0, 1, 2) and again.handover.name(1, _say) == "Aki"
    assert again.handover.holder == 0 and again.handover_due()
    assert again.view().seat == 0  # the owner's, drawn under the screen: not the decider's
    asyncio.run(again.start())  # no computer is asked: every seat is a person's
    asyncio.run(again.handle(SHOW_ACT))
    assert not again.handover_due() and again.view().seat == acting
    before = len(again.game.actions())
    asyncio.run(again.handle(*click_first(again)))
    assert len(again.game.actions()) > before


def test_a_lone_players_save_reloads_one_person_against_the_computers() -> None:
    from cardkit.ui_dom.storage import MemoryStorage
    from durak.ui_dom.kinds import save_on_table
    from tests.durak_ui import save_steps

    hooks = Hooks(_never, _no_pause, lambda: None)
    store = MemoryStorage()
    save_on_table(store, Controller(Rules(players=3), 4, "easy", hooks))
    saved, _why = save_steps.load(store)
    assert saved is not None and saved.humans == (0,)
    again = save_steps.resume(saved, hooks, "easy")
    again.seat_people(saved.humans, {})
    assert not again.handover.active


async def _never(view_json: str, level: str, seed: int) -> str:
    raise AssertionError("a computer was asked at a table of people")


def _say(key: str, n: int) -> str:
    return f"Player {n}"


def _two_people_to_the_second_game(seed: int) -> Controller:
    """A 2-player pass-and-play series whose first game was played by clicks to its end,
    its second game dealt."""
    ctrl = Controller(Rules(players=2), seed, "easy", Hooks(_never, _no_pause, lambda: None),
                      humans=(0, 1))
    asyncio.run(ctrl.start())
    for _ in range(1000):
        if ctrl.over:
            break
        if ctrl.handover_due():
            asyncio.run(ctrl.handle(SHOW_ACT))
        asyncio.run(ctrl.handle(*click_first(ctrl)))
    assert ctrl.over and ctrl.next_game()
    return ctrl


def test_at_pass_and_play_for_two_each_persons_hint_and_review_read_from_their_own_start(
) -> None:
    """At pass-and-play for 2 each person's hint models the other by that person's own
    reading, carried from the series' earlier games (what *they* saw the other do), not
    the first seat's; the game's record carries both starts (``"readings"``), and the
    review weighs each seat's decisions from its own, as its hints did."""
    import json

    from durak.ai.reader import game_readings, match_start
    from durak.ai.review import record_start
    from durak.ui_dom.hint.hint_view import hint_request

    ctrl = _two_people_to_the_second_game(5)
    first = [g for g, _n in ctrl.finished]
    starts = [match_start(first, seat) for seat in (0, 1)]
    assert starts[0] != starts[1]
    hinted: dict[int, float] = {}
    for _ in range(1000):
        if ctrl.over:
            break
        if ctrl.handover_due():
            asyncio.run(ctrl.handle(SHOW_ACT))
        g = ctrl.game
        if g.to_act == 1 and len(ctrl.legal()) > 1:
            hinted[len(g.actions())] = json.loads(hint_request(ctrl))["reading"]
        asyncio.run(ctrl.handle(*click_first(ctrl)))
    assert ctrl.over and len(hinted) >= 3
    game = ctrl.game
    record = ctrl.share(game, 2)
    assert "reading" not in record
    assert record["readings"] == [s.to_dict() for s in starts]
    assert ctrl.record_starts(game) == tuple(starts)
    assert record_start(record, 1) == starts[1] and record_start(record, 0) == starts[0]
    reviewed = game_readings(game, 1, record_start(record, 1))
    for i, reading in hinted.items():
        assert reviewed[i] == reading  # the review weighs seat 1 from the hint's figure
    mixed = game_readings(game, 1, starts[0])  # the first seat's start, as before
    assert any(mixed[i] != reading for i, reading in hinted.items())


def test_a_lone_players_record_carries_one_reading_as_before() -> None:
    """One person against a computer: the record's one ``"reading"`` (or none in the
    series' first game), as records always had it."""
    ctrl = Controller(Rules(players=2), 5, "easy", Hooks(_never, _no_pause, lambda: None))
    assert ctrl.record_starts() == (ctrl.match_start(),)
    assert "readings" not in ctrl.share(ctrl.game, 1)


def test_a_game_imported_beside_a_series_is_reviewed_from_nothing_read() -> None:
    """A game of no series on this page (imported on the record screen) began with
    nothing read: its review never borrows the series' reading of the game on the
    table, and its record then says no reading, at pass-and-play as alone."""
    from durak.ai.reader import FRESH
    from durak.game import Game

    ctrl = _two_people_to_the_second_game(5)
    assert ctrl.match_start(None, 1) != FRESH  # the series has read something
    imported = Game.new(Rules(players=2), seed=99)
    assert ctrl.record_starts(imported) == (FRESH, FRESH)
    record = ctrl.share(imported, 1)
    assert "reading" not in record and "readings" not in record
    assert ctrl.record_starts(ctrl.game) != (FRESH, FRESH)  # the table's own game: read
