"""Napoleon's after-game review at pass-and-play: every person's decisions are reviewed,
each under their own name (never "You", never a computer's seat, never seat 0's
alone); a player alone against the computers is reviewed as "You" as before."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from cardkit.ui_dom.pass_play import Handover, reviewed
from napoleon.actions import action_text
from napoleon.ai.review import decision_points
from napoleon.game import Game
from napoleon.playout import play_random_game
from napoleon.record import game_record, load_record, replay_game
from napoleon.rules import Rules
from napoleon.ui_dom import i18n, review_view
from napoleon.ui_dom.i18n import t
from tests.shell.test_review_frame import Doc, english_page, run


@pytest.fixture
def dom(monkeypatch: pytest.MonkeyPatch) -> Iterator[Doc]:
    """The stand-in page the review dialog is drawn in (the shell's test's), in
    English (the language the page had is restored after)."""
    yield from english_page(monkeypatch, i18n)


def finished_game(seed: int) -> Game:
    g = Game.new(Rules.preset("mixi"), seed)
    play_random_game(g, random.Random(seed))
    return g


class Client:
    """The page's AI client for the review: the real plan (whose decisions) and a step
    that says the decision as played (the strong search is not this test's)."""

    def __init__(self) -> None:
        self.plans: list[int] = []
        self.steps: list[tuple[int, int]] = []

    async def review_plan(self, record_json: str, seat: int) -> str:
        self.plans.append(seat)
        game = replay_game(load_record(record_json))
        return json.dumps({"decisions": decision_points(game, seat)})

    async def review_step(self, record_json: str, seat: int, index: int) -> str:
        self.steps.append((seat, index))
        game = replay_game(load_record(record_json))
        who, action = game.actions()[index]
        assert who == seat, "a decision reviewed as another seat's"
        text = action_text(action)
        return json.dumps({"index": index, "phase": "bid", "trick": 0, "played": text,
                           "strong": text, "oracle": None, "cost": 0, "honors_lost": 0,
                           "options": [], "chosen": None, "reason": {}})


def _said(dom: Doc) -> list[str]:
    dialog = dom.getElementById("review")
    assert dialog is not None
    return [n.textContent for n in dialog.find("you")]


def test_at_pass_and_play_napoleons_review_judges_every_persons_decisions_by_name(
    dom: Doc,
) -> None:
    game = finished_game(7)
    client = Client()
    review_view.mount_review(client)
    people = reviewed(Handover((0, 3), {3: "Aki"}), t)
    assert people == ((0, "Player 1"), (3, "Aki"))
    run(lambda: review_view.review_game(game, people=people))
    assert client.plans == [0, 3]
    assert {s for s, _i in client.steps} == {0, 3}
    done = review_view._frame.state.done
    assert sorted(done) == sorted(decision_points(game, 0) + decision_points(game, 3))
    for i, d in done.items():
        assert d["who"] == dict(people)[game.actions()[i][0]]
    said = _said(dom)
    assert said and not any(s.startswith("You:") for s in said)
    assert any(s.startswith("Player 1:") for s in said) or any(
        s.startswith("Aki:") for s in said)
    names = dom.getElementById("review-people")
    assert names is not None and "Aki" in names.textContent


def test_alone_napoleons_review_is_seat_0s_as_you(dom: Doc) -> None:
    game = finished_game(7)
    client = Client()
    review_view.mount_review(client)
    run(lambda: review_view.open_review(game_record(game)))
    assert client.plans == [0]
    assert any(s.startswith("You:") for s in _said(dom))
    assert dom.getElementById("review-people") is None


