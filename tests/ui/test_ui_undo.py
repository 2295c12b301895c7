"""Undo (待った): the human takes back decisions, the computers replay.

The computers' decisions are seeded by the game's state (``ai_seed``: match
seed, game number, actions so far), so after an undo the same human decision
brings exactly the same answers, and a different one goes its own way.
"""

from __future__ import annotations

import asyncio

from cardkit.ui_dom.pass_play import Handover
from napoleon.actions import Play
from napoleon.ai.levels import decide_json
from napoleon.game import Phase
from napoleon.match import Match
from napoleon.record import game_record, match_record, record_undos, replay_game, text_record
from napoleon.rules import PRESETS
from napoleon.ui_dom.controller import HUMAN, Controller, Stage
from napoleon.ui_dom.persist import decode_match, encode_match


async def _think(view_json: str, level: str, seed: int) -> str:
    await asyncio.sleep(0)  # a worker answers in a later turn
    return decide_json(view_json, level, seed)


async def _no_pause() -> None:
    return None


def _controller(seed: int, level: str = "easy") -> Controller:
    ctrl = Controller(PRESETS["sdc"], seed, level, _think, _no_pause, lambda: None)
    asyncio.run(ctrl.start())
    return ctrl


def _click(ctrl: Controller, act: str, arg: str | None = None) -> None:
    asyncio.run(ctrl.handle(act, arg))


def _playable(ctrl: Controller) -> list[int]:
    return [a.card for a in ctrl.view().legal_actions if isinstance(a, Play)]


def _to_play(ctrl: Controller) -> None:
    """DROP until the play; NEXT through paused tricks; stop at the human's card."""
    while not (ctrl.human_to_act() and ctrl.match.game.phase is Phase.PLAY):
        if ctrl.waiting_for_next():
            _click(ctrl, "next")
        elif ctrl.match.game.phase is Phase.BID:
            _click(ctrl, "drop")
        else:
            raise AssertionError(f"the human must {ctrl.match.game.phase} (pick another seed)")


def _play(ctrl: Controller, card: int) -> None:
    _click(ctrl, "play", str(card))
    while ctrl.trick_pause:
        _click(ctrl, "next")


def _busy(ctrl: Controller) -> bool:
    """Read afresh (an attribute the awaited calls change)."""
    return ctrl.busy


def _actions(ctrl: Controller) -> list[tuple[int, str]]:
    return [(s, str(a)) for s, a in ctrl.match.game.actions()]


#: Seed 3: the human passes and is an ally; CPU4 is Napoleon and leads.
SEED = 3


def _played_three(seed: int = SEED) -> tuple[Controller, list[int]]:
    ctrl = _controller(seed)
    _to_play(ctrl)
    cards = []
    for _ in range(3):
        card = _playable(ctrl)[0]
        cards.append(card)
        _play(ctrl, card)
    return ctrl, cards


def test_undo_twice_then_the_same_cards_bring_the_same_computers_answers() -> None:
    ctrl, cards = _played_three()
    before = _actions(ctrl)
    decisions = ctrl.match.decisions_of(HUMAN)
    _click(ctrl, "undo")
    _click(ctrl, "undo")
    assert ctrl.human_to_act()
    assert _actions(ctrl) == before[: decisions[-2]]
    assert ctrl.match.undos == [2]
    _play(ctrl, cards[1])
    _play(ctrl, cards[2])
    assert _actions(ctrl) == before


def test_undo_then_a_different_card_goes_its_own_way_and_stays_legal() -> None:
    for seed in range(SEED, SEED + 20):
        ctrl, cards = _played_three(seed)
        _click(ctrl, "undo")
        other = [c for c in _playable(ctrl) if c != cards[2]]
        if not other:
            continue
        kept = len(ctrl.match.game.actions())
        _play(ctrl, other[0])
        replay = Match(PRESETS["sdc"], seed=seed)
        for seat, action in ctrl.match.game.actions():
            replay.game.apply(action, seat)  # every action legal in its turn
        assert ctrl.match.game.actions()[kept][1] == Play(other[0])
        return
    raise AssertionError("no seed with a second playable card")


def test_undo_reaches_back_into_the_bidding() -> None:
    ctrl, _ = _played_three()
    for _ in range(len(ctrl.match.decisions_of(HUMAN))):
        assert ctrl.can_undo()
        _click(ctrl, "undo")
    assert ctrl.match.game.phase is Phase.BID and ctrl.human_to_act()
    assert not ctrl.can_undo()
    _click(ctrl, "undo")  # nothing left to take back: nothing changes
    assert ctrl.match.game.phase is Phase.BID


def test_undo_while_a_computer_thinks_drops_its_decision_at_once() -> None:
    """The worker is slow: undo acts before the answer, which is then ignored."""

    ctrl = _controller(SEED)
    _to_play(ctrl)
    state = _actions(ctrl)

    async def scenario() -> None:
        gate = asyncio.Event()

        async def slow(view_json: str, level: str, seed: int) -> str:
            await gate.wait()
            return decide_json(view_json, level, seed)

        ctrl.think = slow
        card = _playable(ctrl)[0]
        task = asyncio.ensure_future(ctrl.handle("play", str(card)))
        await asyncio.sleep(0)
        if ctrl.trick_pause:  # the human's card ended a trick: the next is the computers'
            await ctrl.handle("next")
        assert _busy(ctrl)
        await ctrl.handle("undo")
        assert not _busy(ctrl) and ctrl.human_to_act() and _actions(ctrl) == state
        gate.set()
        await task
        assert _actions(ctrl) == state  # the late answer changed nothing
        ctrl.think = _think
        await ctrl.handle("play", str(card))
        assert not _busy(ctrl)

    asyncio.run(scenario())


def test_the_undo_setting_off_takes_nothing_back() -> None:
    ctrl, _ = _played_three()
    ctrl.undo_on = False
    before = _actions(ctrl)
    assert not ctrl.can_undo()
    _click(ctrl, "undo")
    assert _actions(ctrl) == before and ctrl.match.undos == [0]


def test_a_refused_undo_notes_why_as_on_every_page_and_a_done_one_notes_done() -> None:
    """待った goes through the shell's one undo frame, as every Durak page's does: each
    press is counted, a refusal notes its reason (the setting off: ``off``; people
    sharing the device: ``people``; a match left: ``closed``) and takes nothing
    back, and one done notes ``done``."""
    ctrl, _ = _played_three()
    before = _actions(ctrl)
    ctrl.undo_on = False
    _click(ctrl, "undo")
    assert (ctrl.undo_note, ctrl.undo_tries, _actions(ctrl)) == ("off", 1, before)
    ctrl.undo_on = True
    ctrl.handover = Handover((HUMAN, 2))
    assert ctrl.undo_refusal() == "people" and not ctrl.can_undo()
    ctrl.handover = Handover((HUMAN,))
    _click(ctrl, "undo")
    assert (ctrl.undo_note, ctrl.undo_tries) == ("done", 2) and _actions(ctrl) != before
    ctrl.close()
    assert ctrl.undo_refusal() == "closed" and not ctrl.undo()
    assert ctrl.undo_note == "closed"


def test_a_scored_game_is_never_taken_back() -> None:
    ctrl = _controller(SEED)
    while ctrl.stage is not Stage.STANDINGS:
        if ctrl.waiting_for_next():
            _click(ctrl, "next")
        elif ctrl.match.game.phase is Phase.BID:
            _click(ctrl, "drop")
        else:
            _play(ctrl, _playable(ctrl)[0])
    assert not ctrl.can_undo()
    assert not ctrl.match.take_back(HUMAN)


def test_the_records_say_undo_was_used() -> None:
    ctrl, _ = _played_three()
    _click(ctrl, "undo")
    rec = game_record(ctrl.match.game, ctrl.match.undos[-1])
    assert rec["undos"] == 1 and record_undos(rec) == 1
    assert "undos" not in game_record(ctrl.match.game)
    assert replay_game(rec).actions() == ctrl.match.game.actions()
    assert "【待った】 1回" in text_record(ctrl.match.game, undos=1, lang="ja")
    assert "Undo: 1 decision(s) taken back" in text_record(ctrl.match.game, undos=1, lang="en")
    assert "待った" not in text_record(ctrl.match.game, lang="ja")
    assert match_record(ctrl.match)["games"][0]["undos"] == 1


def test_the_saved_match_keeps_the_undone_state_and_the_count() -> None:
    ctrl, _ = _played_three()
    _click(ctrl, "undo")
    text = encode_match(ctrl.match, ctrl.extra())
    match, _extra = decode_match(text)
    assert match.game.actions() == ctrl.match.game.actions()
    assert match.undos == [1]
