"""The hint reaches every game of the family through the page's kinds table
(:data:`durak.ui_dom.kinds.KINDS`' ``hint`` hook): a pile game's decision goes to the
worker's one hint request naming the game (its mode) with the human's view and the
salted seed, the suit deal's dealing and its play alike (the play's answer the
ordinary game's hint); the answer is worded in the player's language, said once,
counted on the controller and through the page's hook; one overtaken by a move or
an undo is dropped."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from durak.ai.hint import hint_json as ordinary_hint_json
from durak.ai.pile_hint import hint_json as pile_hint_json
from durak.ai.pile_hint import read_answer
from durak.family.modes import SUIT_DEAL
from durak.family.registry import find_game
from durak.pile.options import MODES, PileRules
from durak.ui_dom import i18n
from durak.ui_dom.hint import hint_view, pile_hint_view
from durak.ui_dom.hint.hint_view import Hints
from durak.ui_dom.hint.pile_hint_view import hint_seed
from durak.ui_dom.kinds import KINDS
from tests.durak_ui.test_pile_undo import PLAYERS, click, make
from tests.durak_ui.test_suit_deal_page import make as make_suit_deal


class Worker:
    """The worker's one hint request, answered here by the named game's registry entry
    (as ``web/worker.py`` does); ``asked`` says for which game, with what."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str, int]] = []

    async def durak_family_hint_json(self, mode: str, view_json: str, seed: int) -> str:
        self.asked.append((mode, view_json, seed))
        await asyncio.sleep(0)
        hint = find_game(mode).computers.hint_json
        assert hint is not None
        return hint(view_json, seed)


class App:
    def __init__(self, ctrl: Any) -> None:
        self.ctrl = ctrl
        self.worker = Worker()
        self.computers = self
        self.counted: list[Any] = []

    def count_hint(self, ctrl: Any) -> None:
        self.counted.append(ctrl)

    async def exports(self) -> Worker:
        return self.worker

    def rerender(self) -> None:
        pass


class Log:
    def __init__(self) -> None:
        self.lines: list[str] = []
        self.last_prompt = ""

    def write(self, lines: list[str], prompt: str) -> None:
        self.lines += lines


@pytest.fixture(autouse=True)
def japanese_after() -> Any:
    """Each test leaves the page's language as it found it (Japanese, the default)."""
    yield
    i18n.set_language("ja")


@pytest.fixture
def log(monkeypatch: pytest.MonkeyPatch) -> Log:
    fake = Log()
    monkeypatch.setattr(hint_view, "LOG", fake)
    return fake


async def settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


def test_every_kind_of_the_page_has_a_hint_side() -> None:
    for kind in KINDS.values():
        side = kind.hint(None)
        for method in ("position_key", "request", "line", "answer_box", "highlight"):
            assert callable(getattr(side, method)), (kind.name, method)


@pytest.mark.parametrize("mode", MODES)
def test_a_pile_games_hint_asks_the_pile_export_and_is_said_once_and_counted(
        mode: str, log: Log) -> None:
    from cardkit.ui_dom.storage import MemoryStorage

    ctrl = make(PileRules(mode=mode, players=PLAYERS[mode]), 3, MemoryStorage())
    asyncio.run(ctrl.start())
    rng = random.Random(3)
    while len(ctrl.legal()) < 2 and not ctrl.over:
        click(ctrl, rng)
    app = App(ctrl)
    hints: Any = Hints(app, lambda c: KINDS[c.kind].hint(c))

    async def scene() -> None:
        hints.ask_hint()
        hints.ask_hint()  # pressed twice: asked once
        await settle()

    i18n.set_language("en")
    asyncio.run(scene())
    view_json = json.dumps(ctrl.view().to_dict(), separators=(",", ":"))
    assert app.worker.asked == [(ctrl.rules.mode, view_json, hint_seed(ctrl))]
    answer = hints.frame.answer
    assert answer == json.loads(pile_hint_json(view_json, hint_seed(ctrl)))
    assert ctrl.hints_used == 1 and app.counted == [ctrl]
    assert len(log.lines) == 1 and log.lines[0].startswith("Hint: ")
    assert ": " in log.lines[0][len("Hint: "):], "the reason follows the move"
    assert hints.frame.error == ""


def test_a_pile_hint_overtaken_by_an_undo_is_dropped(log: Log) -> None:
    from cardkit.ui_dom.storage import MemoryStorage

    ctrl = make(PileRules(mode="kurukuru", players=3), 5, MemoryStorage())
    asyncio.run(ctrl.start())
    click(ctrl, random.Random(5))
    hints: Any = Hints(App(ctrl), lambda c: KINDS[c.kind].hint(c))

    async def scene() -> None:
        hints.ask_hint()
        await ctrl.handle("undo")  # before the answer
        await settle()

    asyncio.run(scene())
    assert ctrl.undo_note == "done"
    assert hints.frame.answer is None and log.lines == []


def test_the_pile_hints_words_read_in_both_languages() -> None:
    """What to do, why, and the chance in a player's words (tenths); the search's figure
    is the box's fold, and a take is named by the Take button's words."""
    answer = {"action": "9S", "reason": {"kind": "beat_lowest",
                                         "args": {"card": "9S", "target": "7S", "keeps": "AS"}},
              "figure": 0.65, "worlds": 32, "ranked": [["9S", 0.65], ["!", 0.5]]}
    side = pile_hint_view.PileHintSide()
    i18n.set_language("ja")
    assert side.line(answer) == ("ヒント: スペードの9を出す: "
                                 "スペードの7に出せるいちばん弱い札です: "
                                 "スペードのAは後に取っておけます。"
                                 "10回やれば6回ほどはドゥラークにならずに済む手です")
    i18n.set_language("en")
    assert side.line(answer) == ("Hint: lay 9 of spades: The weakest card you can lay on 7 of "
                                 "spades: keeps A of spades for later. Keeps you out of the "
                                 "durak's seat about 6 times in 10")
    got = read_answer(answer)
    assert pile_hint_view.figures_words(got, ("Take the whole table", "x")) == (
        "Chance not to be the durak: 65% (the strong computer played 32 deals to the end), "
        "next best, Take the whole table: 50%")
    assert side.line(answer | {"figure": 7}) == "Hint: ?"  # an answer that does not read


def test_suit_deals_dealing_asks_its_export_and_its_play_the_ordinary_hint(log: Log) -> None:
    """The dealing's choice: the game's hint with the dealing view; once the play is on
    the table, the ordinary game's hint on the play's view."""
    for seed in range(200):
        ctrl = make_suit_deal(seed=seed)
        asyncio.run(ctrl.start())
        if ctrl.human_to_act() and ctrl.table is None:
            break
    else:
        raise AssertionError("no seed gives the human a dealing choice")
    app = App(ctrl)
    hints: Any = Hints(app, lambda c: KINDS[c.kind].hint(c))
    i18n.set_language("en")

    async def ask() -> None:
        hints.ask_hint()
        await settle()

    asyncio.run(ask())
    name, view_json, _seed = app.worker.asked[0]
    assert name == SUIT_DEAL and view_json.startswith('{"phase":"suit_deal"')
    best = max(ctrl.legal(), key=lambda a: a.target)
    assert hints.frame.answer["action"] == best.text()
    assert log.lines[-1].startswith("Hint: Take the ")  # the table card's own label
    assert ctrl.hints_used == 1
    # On to the play: the human's first decision there.
    table = on_to_the_play(ctrl)
    if table is None:
        pytest.skip("the play did not reach the human")
    asyncio.run(ask())
    mode, view_json, seed = app.worker.asked[-1]
    assert view_json == table.acting_view().to_json()
    assert hints.frame.answer == json.loads(ordinary_hint_json(view_json, seed))
    assert mode in (SUIT_DEAL, table.rules.mode)
    assert ctrl.hints_used == 2


def on_to_the_play(ctrl: Any) -> Any:
    """Play the dealing on (the human takes the highest card that fits) up to the
    human's first decision of the play: the play's driver, or ``None``."""
    for _ in range(200):
        if ctrl.over or (ctrl.table is not None and ctrl.human_to_act()):
            break
        if ctrl.table is None and ctrl.human_to_act():
            best = max(ctrl.legal(), key=lambda a: a.target)
            asyncio.run(ctrl.handle("take", best.text()[1:]))
        else:
            asyncio.run(ctrl.run_computers())
    return ctrl.table if ctrl.table is not None and ctrl.human_to_act() else None
