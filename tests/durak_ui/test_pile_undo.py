"""Undo in the pile games (:meth:`durak.ui_dom.play.pile_controller.PileController.undo`):
the human's last move and the computers' moves after it are taken back exactly —
the engine's state equal to the one before that move, every seat's view the same,
the save rewritten — and refused with its reason where it means nothing."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from cardkit.ui_dom.storage import MemoryStorage
from durak.ai.pile_levels import decide_json
from durak.pile.actions import action_text
from durak.pile.options import MODES, PileRules
from durak.pile.state import copy_state
from durak.ui_dom import persist
from durak.ui_dom.kinds import save_on_table
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.play.pile_controller import HUMAN, PileController
from tests.durak_ui.save_steps import load


async def _think(view_json: str, level: str, seed: int) -> str:
    return decide_json(view_json, level, seed)


async def _no_pause() -> None:
    return None


def make(rules: PileRules, seed: int, store: MemoryStorage) -> PileController:
    def save(ctrl: PileController) -> None:
        save_on_table(store, ctrl)

    return PileController(rules, seed, "easy", Hooks(_think, _no_pause, lambda: None, save))


def click(ctrl: PileController, rng: random.Random) -> None:
    """A random legal move of the human's, by its control (as the table's click)."""
    a = rng.choice(ctrl.legal())
    text = action_text(a)
    act, arg = ("take", None) if text == "!" else ("talon", None) if text == "@" else (
        "card", text)
    asyncio.run(ctrl.handle(act, arg))


PLAYERS = {"kurukuru": 3, "chinese": 2, "chukhonsky": 3, "heap": 2, "crusaders": 4,
           "polish": 3}


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_undo_restores_the_exact_state_and_every_seats_view_over_random_positions(
        mode: str, seed: int) -> None:
    """Seeded random play: at a random human decision the state (every field, the
    repetition count of §6.14 too) and each seat's view are kept; after one more
    human move and the computers' answers, Undo gives back exactly that state and
    those views, the human to act, and the save holds the game as it was then."""
    rng = random.Random(seed * 101 + len(mode))
    rules = PileRules(mode=mode, players=PLAYERS[mode])
    store = MemoryStorage()
    ctrl = make(rules, seed, store)
    asyncio.run(ctrl.start())
    undone = 0
    for _ in range(rng.randrange(1, 25)):
        if ctrl.over:
            break
        click(ctrl, rng)
    while not ctrl.over and undone < 3:
        assert ctrl.human_to_act()
        state = copy_state(ctrl.game.state)
        views = [ctrl.game.view(s) for s in range(rules.players)]
        saved = store.get(persist.SAVE_KEY)
        click(ctrl, rng)
        if finished(ctrl):
            break
        assert ctrl.game.state != state
        done = asyncio.run(_undo(ctrl))
        assert done
        assert ctrl.game.state == state, f"{mode} seed {seed}: the state differs after undo"
        assert [ctrl.game.view(s) for s in range(rules.players)] == views
        assert ctrl.human_to_act() and ctrl.undo_note == "done"
        assert store.get(persist.SAVE_KEY) == saved
        undone += 1
        click(ctrl, rng)  # and play on from the restored position
    assert undone or ctrl.over


def finished(ctrl: PileController) -> bool:
    return ctrl.over


async def _undo(ctrl: PileController) -> bool:
    before = ctrl.undo_tries
    await ctrl.handle("undo")
    return ctrl.undo_tries == before + 1 and ctrl.undo_note == "done"


def test_undo_takes_back_the_computers_moves_after_the_humans_and_replays_the_same() -> None:
    """The computers' moves after the human's are taken back too, and the same human
    move after an undo brings the same computers' answers (their seeds are the
    position's: :func:`cardkit.ui_dom.turn_loop.ai_seed`)."""
    store = MemoryStorage()
    ctrl = make(PileRules(mode="kurukuru", players=4), 5, store)
    asyncio.run(ctrl.start())
    rng = random.Random(5)
    before = len(ctrl.game.state.history)
    move = rng.choice(ctrl.legal())
    asyncio.run(ctrl.handle("card" if action_text(move) != "!" else "take",
                            None if action_text(move) == "!" else action_text(move)))
    after = list(ctrl.game.state.history)
    assert len(after) > before + 1, "the computers answered"
    ctrl.undo()
    assert len(ctrl.game.state.history) == before
    asyncio.run(ctrl.handle("card" if action_text(move) != "!" else "take",
                            None if action_text(move) == "!" else action_text(move)))
    assert ctrl.game.state.history == after


def test_polish_talon_turns_after_the_undone_move_are_forgotten() -> None:
    """polish: what a turn from the talon showed is kept per move for the log; an undo
    forgets the ones it took back (a move made again says its own)."""
    store = MemoryStorage()
    ctrl = make(PileRules(mode="polish", players=3), 11, store)
    asyncio.run(ctrl.start())
    rng = random.Random(11)
    while not ctrl.over:
        click(ctrl, rng)
        if ctrl.moves_seen().talon_turns and ctrl.can_undo():
            ctrl.undo()
            keep = len(ctrl.game.state.history)
            assert all(i < keep for i in ctrl.moves_seen().talon_turns)
            return
    pytest.skip("no turn from the talon in this game")


def test_undo_is_refused_with_its_reason_where_it_means_nothing() -> None:
    """Crusaders' dealing is the engine's (nobody chooses): before the human's first
    move there is nothing of theirs to take back (``none``); a finished game is not
    reopened (``over``); a match left is not touched (``closed``).  The refusal is
    what the Undo button's title and description say (:func:`undo_el`)."""
    store = MemoryStorage()
    ctrl = make(PileRules(mode="crusaders", players=3), 2, store)
    asyncio.run(ctrl.start())
    assert not any(s == HUMAN for s, _a in ctrl.game.state.history)
    assert ctrl.undo_refusal() == "none" and not ctrl.can_undo()
    state = copy_state(ctrl.game.state)
    assert ctrl.undo() is False and ctrl.undo_note == "none" and ctrl.game.state == state
    rng = random.Random(2)
    while not ctrl.over:
        click(ctrl, rng)
    end = copy_state(ctrl.game.state)
    assert ctrl.undo_refusal() == "over" and ctrl.undo() is False
    assert ctrl.undo_note == "over" and ctrl.game.state == end
    ctrl.close()
    assert ctrl.undo_refusal() == "closed"


def test_an_undo_is_counted_once_through_the_pages_hook() -> None:
    """The page's statistics hear of each undo done (``on_undo``), never of a refused one."""
    store = MemoryStorage()
    ctrl = make(PileRules(mode="heap", players=2), 4, store)
    heard: list[int] = []
    ctrl.on_undo = lambda c: heard.append(len(c.game.state.history))
    asyncio.run(ctrl.start())
    ctrl.undo()
    assert heard == []
    click(ctrl, random.Random(4))
    ctrl.undo()
    assert len(heard) == 1


def test_the_save_after_an_undo_replays_to_the_same_game() -> None:
    """A reload after an undo continues the game as the undo left it."""
    store = MemoryStorage()
    ctrl = make(PileRules(mode="chinese", players=2), 9, store)
    asyncio.run(ctrl.start())
    rng = random.Random(9)
    for _ in range(6):
        click(ctrl, rng)
    ctrl.undo()
    saved, why = load(store)
    assert why == "" and saved is not None
    assert saved.game.state == ctrl.game.state
    assert json.loads(store.get(persist.SAVE_KEY) or "{}")["actions"]
