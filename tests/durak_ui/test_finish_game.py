""""Finish the game": once the human is out, the rest of the game is played at once.

For each of the family's three controllers (the ordinary game, a pile game,
suit_deal), on CPython: the control is offered only while the human is out and
the game goes on; once asked for, the computers play on with no pause and no
redraw between their moves, the game ends, the result is drawn, and the saved
record is the one the same game has when every move is shown (same seats, same
seeds: every move kept).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

import pytest

from cardkit.ui_dom.storage import MemoryStorage
from cardkit.ui_dom.turn_loop import FINISH_ACT
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.ui_dom.kinds import KINDS, Ctrl, FamilyHost, Hooks, decide_here, save_on_table
from durak.ui_dom.modes import TableRules, kind_of
from durak.ui_dom.play.pile_controller import PileController

#: A 4-player game of each controller and a seed in which the human, playing a card
#: whenever one may be played, goes out while the others play on.
GAMES: list[tuple[TableRules, int]] = [
    (Rules(players=4), 2),
    (PileRules(mode="heap", players=4), 1),
    (Rules().replace(mode="suit_deal", players=4), 1),
]


def _human_move(ctrl: Ctrl) -> None:
    """A card when one may be played (so the human gets out), else take or pass."""
    if isinstance(ctrl, PileController):
        ctrl.apply(ctrl.legal()[0])
        return
    if isinstance(ctrl, SuitDealController):
        if ctrl.table is None:
            ctrl.apply(ctrl.legal()[0])
            return
        table: Any = ctrl.table
    else:
        table = ctrl
    table.apply(min(table.legal(), key=lambda a: type(a).__name__ in ("Take", "Pass")))


@dataclass
class Table:
    """A controller with counted pauses, redraws and saves; ``finish`` asks for the
    rest at once as soon as the human is out."""

    rules: TableRules
    seed: int
    finish: bool
    store: MemoryStorage = field(default_factory=MemoryStorage)
    ctrl: Any = None
    asked: bool = False
    offered: bool = False
    pauses_after: int = 0
    redraws_after: int = 0
    saves_after: int = 0

    def __post_init__(self) -> None:
        kind = KINDS[kind_of(self.rules)]

        async def think(view: str, level: str, seed: int) -> str:
            return decide_here(self.rules.mode)(view, level, seed)

        self.ctrl = kind.controller(self.rules, self.seed, "easy",
                                    Hooks(think=think, pause=self.pause,
                                          on_change=self.redraw, save=self.save))

    def redraw(self) -> None:
        if self.asked:
            self.redraws_after += 1

    def save(self, ctrl: FamilyHost) -> None:
        save_on_table(self.store, ctrl)
        if self.asked:
            self.saves_after += 1

    async def pause(self) -> None:
        if self.asked:
            self.pauses_after += 1
        elif self.finish and self.ctrl.human_out():
            self.offered = self.ctrl.finish_offered()
            self.asked = True
            await self.ctrl.handle(FINISH_ACT)  # a computer is thinking: the loop goes on

    async def play(self) -> None:
        await self.ctrl.start()
        for _ in range(3000):
            if self.ctrl.over or not self.ctrl.human_to_act():
                return
            assert not self.ctrl.finish_offered(), "offered while the human still plays"
            _human_move(self.ctrl)
            await self.ctrl.run_computers()


@pytest.mark.parametrize(("rules", "seed"), GAMES, ids=lambda x: getattr(x, "mode", x))
def test_finish_plays_the_rest_at_once_and_keeps_every_move(rules: TableRules, seed: int) -> None:
    shown = Table(rules, seed, finish=False)
    asyncio.run(shown.play())
    finished = Table(rules, seed, finish=True)
    asyncio.run(finished.play())

    assert finished.asked and finished.offered, "the human never went out in this game"
    assert finished.ctrl.over and shown.ctrl.over
    # No pause and no drawing between the computers' moves: one redraw, the result.
    assert finished.pauses_after == 0
    assert finished.redraws_after == 2  # the click's (the control gone), then the result
    assert finished.saves_after == 1  # the finished game, once
    assert not finished.ctrl.finishing and not finished.ctrl.finish_offered()
    # The same moves by the same seats with the same seeds: the same saved record.
    assert finished.store.items == shown.store.items


def test_finish_is_refused_while_the_human_is_in_the_game() -> None:
    table = Table(Rules(players=4), 2, finish=False)
    asyncio.run(table.ctrl.start())
    assert table.ctrl.human_to_act() and not table.ctrl.human_out()
    assert not table.ctrl.finish_offered()
    before = table.store.items.copy()
    asyncio.run(table.ctrl.handle(FINISH_ACT))
    assert not table.ctrl.finishing and table.ctrl.human_to_act()
    assert table.store.items == before
