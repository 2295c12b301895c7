"""Napoleon's table for people at any seat: a lone player at another seat than 0,
pass-and-play (several people, one device); a guest's page at a table with friends:
``tests/ui/test_ui_guest_controller.py``."""

from __future__ import annotations

import asyncio

from cardkit.ui_dom.pass_play import SHOW_ACT
from napoleon.actions import Pass
from napoleon.ai.levels import decide_json
from napoleon.game import Phase
from napoleon.rules import PRESETS
from napoleon.ui_dom.card_words import seat_order
from napoleon.ui_dom.controller import Controller


async def _think(view_json: str, level: str, seed: int) -> str:
    await asyncio.sleep(0)
    return decide_json(view_json, level, seed)


async def _no_pause() -> None:
    return None


def _ctrl(seed: int, humans: tuple[int, ...]) -> Controller:
    return Controller(PRESETS["sdc"], seed, "easy", _think, _no_pause, lambda: None,
                      humans=humans)


def test_the_table_is_drawn_from_the_humans_seat_whichever_it_is() -> None:
    ctrl = _ctrl(3, (2,))
    asyncio.run(ctrl.start())
    assert ctrl.view().seat == 2 == ctrl.me
    g = ctrl.match.game
    # The computers stopped at seat 2's decision and at no other seat's.
    assert g.phase is Phase.BID and g.to_act == 2 and ctrl.human_to_act()
    assert seat_order(2, 5)[-1] == 2  # the human's chair is at the bottom


def test_pass_and_play_shows_the_privacy_screen_before_another_persons_turn() -> None:
    ctrl = _ctrl(5, (0, 1, 2, 3, 4))
    asyncio.run(ctrl.start())
    g = ctrl.match.game
    assert ctrl.current_turn() is None  # nobody's seat is a computer's
    first = g.to_act
    assert first is not None
    if first != 0:  # the device starts with seat 0's person: handed over first
        assert ctrl.handover_due() and not ctrl.human_to_act()
        assert ctrl.act("drop", None) is False and g.to_act == first  # nothing acts behind it
        ctrl.act(SHOW_ACT, None)
    assert ctrl.handover.holder == first and ctrl.human_to_act()
    assert ctrl.view().seat == first
    ctrl.act("drop", None)
    assert isinstance(g.actions()[-1][1], Pass)
    assert ctrl.handover_due()  # the next person's turn: the screen, not this hand
    assert ctrl.view().seat == first
    assert not ctrl.can_undo()  # nobody takes back another person's move


def test_pass_and_play_survives_a_reload_and_a_tampered_list_is_ignored() -> None:
    ctrl = _ctrl(5, (0, 1, 2, 3, 4))
    extra = ctrl.extra()
    assert extra["humans"] == [0, 1, 2, 3, 4]
    again = _ctrl(5, (0,))
    again.restore_extra(extra)
    assert again.handover.humans == (0, 1, 2, 3, 4)
    bad = _ctrl(5, (0,))
    bad.restore_extra(extra | {"humans": [0, 9]})
    assert bad.handover.humans == (0,)


def test_a_person_handed_the_device_sees_the_trick_they_did_not_see_end() -> None:
    """At pass-and-play only the one holding the device when a trick ends sees it
    end; the next person met an empty 「第2巡」, and one following in the new trick
    never saw how the last one went.  Handed the device, a person who did not see
    the last finished trick end finds it beside the trick in play (「前の巡」), whether
    they lead or follow; one who saw it end does not."""
    from e2e.table_driver import Policy, act

    ctrl = _ctrl(5, (0, 1, 2))
    asyncio.run(ctrl.start())
    policy = Policy(bid_to=13)
    saw: dict[int, tuple[int, int]] = {}  # seat → the last trick it saw end
    opened = led = followed = 0
    for _ in range(600):
        v = ctrl.view()
        if v.phase is Phase.RESULT:
            break
        if ctrl.handover_due():
            act(ctrl, (SHOW_ACT, None))
            v, seat = ctrl.view(), ctrl.handover.holder
            now = (ctrl.match.game_number, len(v.tricks))
            if v.phase is Phase.PLAY and v.tricks and saw.get(seat, (0, 0)) < now:
                assert ctrl.show_last, (seat, now)
                opened += 1
                led += not v.current_trick.cards
                followed += bool(v.current_trick.cards)
            else:
                assert not ctrl.show_last
            saw[seat] = now
            continue
        act(ctrl, ("next", None) if ctrl.waiting_for_next() else policy.next_step(ctrl))
        if ctrl.trick_pause:
            saw[ctrl.handover.holder] = (ctrl.match.game_number, len(ctrl.view().tricks))
    assert led >= 1 and followed >= 1 and opened == led + followed


def test_at_pass_and_play_napoleons_last_discard_waits_for_the_holders_discard() -> None:
    """At pass-and-play the person who is Napoleon sees the whole discard before it
    is made: the third card put out discards nothing, a tap takes a card back, and
    【捨てる】 discards for the holder, whatever their seat."""
    from e2e.table_driver import Policy, act

    for seed in range(1, 40):
        ctrl = _ctrl(seed, (0, 1))
        asyncio.run(ctrl.start())
        policy = Policy(bid_to=16)
        for _ in range(200):
            v = ctrl.view()
            if v.phase is not Phase.BID and v.phase is not Phase.CALL:
                break
            if ctrl.handover_due():
                act(ctrl, (SHOW_ACT, None))
            else:
                act(ctrl, policy.next_step(ctrl))
        if ctrl.view().phase is not Phase.EXCHANGE or not ctrl.human_to_act():
            continue  # a computer is Napoleon in this deal
        holder = ctrl.handover.holder
        before = len(ctrl.match.game.actions())
        for _ in range(3):
            act(ctrl, policy.next_step(ctrl))
        assert len(ctrl.match.game.actions()) == before
        assert policy.next_step(ctrl) == ("discard", None)
        last = ctrl.sel.discards[-1]
        act(ctrl, ("take-back", str(last)))
        assert len(ctrl.sel.discards) == 2
        act(ctrl, ("put-out", str(last)))
        act(ctrl, ("discard", None))
        assert len(ctrl.match.game.actions()) == before + 1
        assert ctrl.match.game.actions()[-1][0] == holder
        assert not ctrl.net_offered()
        return
    raise AssertionError("no seed of 1..39 made a person Napoleon")
