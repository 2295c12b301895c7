"""A pass the page made for the player says so: rules checked, docs/rules/durak.md §6.15
and §7 "Screen".

Where Pass is all the human may do in a throw-in window (nothing in hand matches a
rank on the table), the page passes for them at once.  That was no choice of
theirs, so "Recent moves" and the screen reader's log do not say "You passed":
they say "You had nothing to throw in".  Only the player's own page tells it: a
computer's pass with nothing to add reads as any other pass, since who could throw
in and who would not must look the same to everybody else (§6.15).
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from durak.actions import PASS, Pass
from durak.rules import Rules
from durak.ui_dom.i18n import t
from durak.ui_dom.play.controller import HUMAN, Controller
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.table import announce as announce_module
from durak.ui_dom.table.account import durak_account
from durak.ui_dom.table.card_words import seat_name
from tests.durak_ui.test_account import _no_pause, _think, played

RULES = Rules(players=3)
#: Seed 5 at 3 players, the human covering with its lowest card: within 40 of its
#: decisions it has passes with nothing to throw in and passes by choice, and so have
#: the computers.
SEED = 5


def game_and_passes() -> tuple[Controller, dict[int, list[bool]]]:
    """The table after 40 of the human's decisions, and each seat's passes in order:
    whether Pass was all it could do (read by replaying the game from its deal)."""
    ctrl = played(Controller(RULES, SEED, "easy", Hooks(_think, _no_pause, lambda: None)), 40)
    assert ctrl.number == 1
    replay = ctrl.dealt()
    passes: dict[int, list[bool]] = {s: [] for s in range(RULES.players)}
    for seat, action in ctrl.game.actions():
        if isinstance(action, Pass):
            passes[seat].append(replay.legal_actions() == [PASS])
        replay.apply(action, seat)
    return ctrl, passes


def test_the_humans_lone_pass_says_it_had_nothing_to_throw_in(lang: str) -> None:
    ctrl, passes = game_and_passes()
    lines = durak_account(ctrl).lines
    you = seat_name(HUMAN)
    forced, chosen = passes[HUMAN].count(True), passes[HUMAN].count(False)
    assert forced and chosen  # the seed shows both
    assert lines.count(t("announce.pass_forced", name=you)) == forced
    assert lines.count(t("announce.pass", name=you)) == chosen
    said = "追加できる札がなかった" if lang == "ja" else "You had nothing to throw in"
    assert said in t("announce.pass_forced", name=you)


def test_a_computers_lone_pass_reads_as_any_other_pass(lang: str) -> None:
    ctrl, passes = game_and_passes()
    lines = durak_account(ctrl).lines
    assert any(passes[s].count(True) for s in range(1, RULES.players))
    for seat in range(1, RULES.players):
        name = seat_name(seat)
        assert lines.count(t("announce.pass", name=name)) == len(passes[seat])
        assert t("announce.pass_forced", name=name) not in lines


def test_the_screen_readers_log_says_it_as_the_list_does(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ctrl, passes = game_and_passes()
    log: list[str] = []
    monkeypatch.setattr(announce_module.LOG, "fresh", lambda _scope, moves, _quiet: moves)
    monkeypatch.setattr(announce_module.LOG, "write",
                        lambda lines, _status: log.extend(lines))
    announce_module.announce(ctrl, "")
    you = seat_name(HUMAN)
    assert log.count(t("announce.pass_forced", name=you)) == passes[HUMAN].count(True)
    assert log.count(t("announce.pass", name=you)) == passes[HUMAN].count(False)


def test_at_pass_and_play_only_the_one_holding_the_device_is_told(lang: str) -> None:
    """Two people at one device: each one's lone passes say so while they hold it, and
    read as passes while the other does."""
    ctrl = Controller(RULES, SEED, "easy", Hooks(_think, _no_pause, lambda: None),
                      humans=(0, 1))
    asyncio.run(ctrl.start())
    for _ in range(120):
        if ctrl.over or not ctrl.human_to_act():
            break
        ctrl.handover.holder = ctrl.deciding_seat() or 0
        ctrl.apply(ctrl.legal()[0])
        asyncio.run(ctrl.run_computers())
    lone = ctrl.undoing.forced_passes(ctrl.game)
    moves = ctrl.game.actions()
    by_seat = {s: sum(1 for i in lone if moves[i][0] == s) for s in (0, 1)}
    assert by_seat[0] and by_seat[1]
    for holder in (0, 1):
        ctrl.handover.holder = holder
        lines: Any = durak_account(ctrl).lines
        for seat in (0, 1):
            told = lines.count(t("announce.pass_forced", name=seat_name(seat)))
            assert told == (by_seat[seat] if seat == holder else 0)
