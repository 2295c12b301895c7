"""The pile games of the Durak family at a table with friends: the host's referee
over a :class:`~durak.pile.game.PileGame` sends each guest only its own seat's
view (docs/rules/durak.md §3.6: other hands and the talon's order are hidden),
refuses what that seat may not do, and a guest's pile controller draws the view
it was sent and sends the move clicked instead of playing it."""

from __future__ import annotations

import json
import random

import pytest

from cardkit.table_net.guest_session import GuestSeat
from cardkit.table_net.messages import act_text
from durak import table_net
from durak.family.modes import CHINESE, CHUKHONSKY, CRUSADERS, HEAP, KURUKURU, POLISH
from durak.pile.actions import action_text
from durak.pile.view import PileView, PileViewError
from durak.ui_dom.friends import friends_table
from durak.ui_dom.friends.pile_guest_controller import PileGuestController
from durak.ui_dom.play.pile_controller import PileController
from tests.peer_table.harness import new_table, pile_game, play_out
from tests.peer_table.test_privacy import check_every_message

PILE_MODES = [KURUKURU, CHINESE, CHUKHONSKY, HEAP, CRUSADERS, POLISH]


@pytest.mark.parametrize("mode", PILE_MODES)
def test_pile_guests_receive_only_their_seats_view(mode: str) -> None:
    t = new_table(pile_game(mode, 5), 3, [1, 2])
    t.join("a", "Aki")
    t.join("b", "Ben")
    t.deliver(t.referee.start())
    assert play_out(t, random.Random(5)) > 0
    assert check_every_message(t) > 10
    assert {s.seat for s in t.sent if json.loads(s.text)["t"] == "view"} == {1, 2}


def test_a_pile_move_of_another_seat_or_not_in_hand_is_refused() -> None:
    """Out of turn, a card the seat does not hold, a move that is no move: refused,
    and the game is as it was."""
    from durak.cards import card_text

    t = new_table(pile_game(KURUKURU, 3), 3, [1, 2])
    t.join("a", "Aki")
    t.join("b", "Ben")
    t.deliver(t.referee.start())
    g = t.g.game
    while g.to_act == 0:  # until a guest is to act
        g.apply(g.legal_actions()[0], 0)
    turn = len(g.state.history)
    mover = next(p for p in "ab" if t.referee.seat_of(p) == g.to_act)
    idle = "b" if mover == "a" else "a"
    before = g.view(g.to_act)
    assert t.send(idle, act_text(turn, action_text(g.legal_actions()[0]))).refused \
        == "not-your-turn"
    foreign = next(c for c in range(36) if not g.state.hands[g.to_act] >> c & 1)
    assert t.send(mover, act_text(turn, card_text(foreign))).refused == "illegal"
    assert t.send(mover, act_text(turn, "Z9")).refused == "illegal"
    assert t.send(mover, act_text(turn, "<p>")).refused == "malformed"
    assert g.view(g.to_act) == before


def test_a_guests_pile_controller_draws_its_view_and_sends_its_click() -> None:
    """The guest's seat acts from the view the host sent; its click is sent (once),
    not played; the moves it saw are the host's, one view after each."""
    g = pile_game(CHUKHONSKY, 2).game
    while g.to_act == 1:  # a moment where seat 1 is not to act first
        g.apply(g.legal_actions()[0])
    sent: list[str] = []
    first = g.view(1)
    ctrl = friends_table.guest_controller(first, 0, sent.append, lambda: None)
    assert isinstance(ctrl, PileGuestController) and ctrl.seat == 1
    assert ctrl.current_turn() is None and ctrl.undo_refusal() == "people"
    for _ in range(400):
        if g.is_over:
            break
        if g.to_act == 1:
            assert ctrl.human_to_act() and ctrl.legal() == tuple(g.legal_actions())
            move = g.legal_actions()[-1]
            arg = None if not hasattr(move, "card") else action_text(move)
            act = "card" if arg else ("talon" if action_text(move) == "@" else "take")
            assert ctrl.act(act, arg) is True
            assert sent[-1] == action_text(move) and not ctrl.human_to_act()
            count = len(sent)
            assert ctrl.act(act, arg) is False and len(sent) == count  # sent once
            g.apply(move, 1)
        else:
            assert not ctrl.human_to_act()
            g.apply(g.legal_actions()[0])
        assert isinstance(ctrl.guest, GuestSeat)
        friends_table.update_guest(ctrl, ctrl.guest, g.view(1), len(g.state.history))
        assert ctrl.moves() == g.state.history[first.moves:]
        assert ctrl.markers()["actions"] == str(len(g.state.history))
    assert g.is_over and ctrl.over and ctrl.view() == g.view(1)


def test_a_guest_reads_a_pile_view_and_refuses_a_broken_one() -> None:
    g = pile_game(HEAP, 4).game
    d = g.view(2).to_dict()
    assert isinstance(table_net.read_view(d), PileView)
    d["counts"] = [0, 0, 0]
    with pytest.raises(PileViewError):
        table_net.read_view(d)


@pytest.mark.parametrize("mode", PILE_MODES)
def test_a_pile_guests_recent_moves_are_the_tables_from_its_views_alone(mode: str) -> None:
    """A guest's page holds no deal to replay, yet lists what every other seat did
    (people and computers: a lay, a take and its cards, a cleared pile, the draws,
    polish's turns from the talon) in the very words the host's own table uses, read
    from the views it was sent alone; the last pile taken or cleared is kept too."""
    import asyncio

    from durak.ai.pile_levels import decide_json
    from durak.family.series import deal_pile
    from durak.pile.options import PileRules
    from durak.ui_dom.play.family_controller import Hooks
    from durak.ui_dom.table.account import pile_account
    from tests.durak_ui.test_pile_controller import click_first

    async def think(view_json: str, level: str, seed: int) -> str:
        return decide_json(view_json, level, seed)

    async def no_pause() -> None:
        return None

    rules = PileRules(mode=mode, players=3)
    host = PileController(rules, 5, "easy", Hooks(think, no_pause, lambda: None))
    asyncio.run(host.start())
    for _ in range(400):
        if host.over:
            break
        asyncio.run(host.handle(*click_first(host)))
    assert host.over
    g = deal_pile(rules, 5, 1, None)
    guest = friends_table.guest_controller(g.view(1), 0, lambda _a: None, lambda: None)
    assert isinstance(guest, PileGuestController) and isinstance(guest.guest, GuestSeat)
    assert pile_account(guest).lines == []
    for seat, action in host.game.state.history:
        g.apply(action, seat)
        friends_table.update_guest(guest, guest.guest, g.view(1), len(g.state.history))
    mine = pile_account(guest)
    theirs = pile_account(host)
    assert len(mine.lines) >= len(g.state.history) and mine.lines == theirs.lines
    assert mine.last == theirs.last and mine.last is not None


@pytest.mark.parametrize("mode", [CHUKHONSKY, POLISH])
def test_a_guests_finished_pile_game_counts_with_friends(
        mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pile guest's finished game is counted from the record the host sends (the
    pile record's replay, the guest's seat's facts) in the tally with friends, as the
    ordinary game's and suit_deal's are; a record that does not replay, or that no
    game of the family writes, counts for nothing."""
    from durak import stats as pure
    from durak.pile.game import PileGame
    from durak.pile.options import PileRules
    from durak.pile.playout import play_random_game
    from durak.pile.record import text_record
    from durak.ui_dom.stats import stats_view

    counted: list[tuple[object, ...]] = []

    def count(*a: object, **k: object) -> bool:
        counted.append((*a, k))
        return True

    monkeypatch.setattr(stats_view, "count_finished", count)
    g = play_random_game(PileGame.new(PileRules(mode=mode, players=3), 4), random.Random(4))
    friends = friends_table.DurakFriends(None)  # type: ignore[arg-type]
    record = text_record(g, None, 4)
    friends.count(record, 2, "room")
    assert counted == [(g.rules, pure.pile_facts(g, 2), "friends:room", {"friends": True})]
    friends.count(record.replace("deal ", "dael "), 2, "room")
    friends.count("NAPOLEON " + record, 2, "room")
    assert len(counted) == 1


def test_a_pile_table_with_friends_takes_no_move_back() -> None:
    """No undo at a table of several people: the host's take-back would undo a
    guest's move too, and a guest's move is the host's game's, so both are refused
    as ``people`` (the Undo button left out, Ctrl+Z's note saying why), as at the
    ordinary game's and suit_deal's tables with friends."""
    import asyncio

    from durak.ai.pile_levels import decide_json
    from durak.pile.options import PileRules
    from durak.ui_dom.play.family_controller import Hooks
    from durak.ui_dom.table.table import undo_offered
    from tests.durak_ui.test_pile_controller import click_first

    async def think(view_json: str, level: str, seed: int) -> str:
        return decide_json(view_json, level, seed)

    async def no_pause() -> None:
        return None

    async def reply(_seat: int, computer: object) -> str:
        return await computer()  # type: ignore[operator, no-any-return]

    host = PileController(PileRules(mode=CHUKHONSKY, players=3), 5, "easy",
                          Hooks(think, no_pause, lambda: None))
    host.seat_reply = reply
    asyncio.run(host.start())
    for _ in range(3):
        asyncio.run(host.handle(*click_first(host)))
    assert host.human_moves() and not host.over
    assert host.undo_refusal() == "people" and not undo_offered(host.undo_refusal())
    guest = friends_table.guest_controller(host.game.view(1), 0, lambda _a: None, lambda: None)
    assert guest.undo_refusal() == "people"
