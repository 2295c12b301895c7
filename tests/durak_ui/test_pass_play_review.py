"""The after-game review at pass-and-play, for every game of the Durak family: every
person's decisions are reviewed, each under their own name, never a computer's seat
and never seat 0's alone; a table of one person against computers is reviewed as
"you" as before.  The review is drawn at a game's end only (every hand is open)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from typing import Any

import pytest

from cardkit.ui_dom.review_frame import LONE
from durak.ai.pile_levels import decide_json as pile_decide
from durak.ai.pile_review import decisions as pile_decisions
from durak.ai.review import decision_points, replay_finished, review_plan_json
from durak.cards import card_label, parse_card
from durak.family.modes import CHUKHONSKY, SUIT_DEAL
from durak.pile.options import PileRules
from durak.pile.record import json_record as pile_json_record
from durak.pile.record import to_json
from durak.record import json_record
from durak.rules import Rules
from durak.suit_deal.ai import deal_review
from durak.suit_deal.ai import decide_json as suit_deal_decide
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.suit_deal.ui_dom.table import deal_review_el
from durak.ui_dom import i18n
from durak.ui_dom.i18n import t
from durak.ui_dom.kinds import Hooks
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import FamilyController
from durak.ui_dom.play.pile_controller import PileController
from durak.ui_dom.review import pile_review_view, review_view
from tests.durak_ui import test_pass_play_family as family
from tests.durak_ui.test_review_view import finished
from tests.shell.test_review_frame import Doc, Node, english_page, run


async def _no_pause() -> None:
    return None


@pytest.fixture
def dom(monkeypatch: pytest.MonkeyPatch) -> Iterator[Doc]:
    """The stand-in page the review dialog is drawn in (the shell's test's), in
    English (the language the page had is restored after)."""
    yield from english_page(monkeypatch, i18n)


def _hooks() -> Hooks:
    async def think(view_json: str, level: str, seed: int) -> str:
        raise AssertionError("no computer is asked here")

    return Hooks(think, _no_pause, lambda: None)


def _player(n: int) -> str:
    return t("pass.player", n=n)


def test_at_pass_and_play_every_game_of_the_family_reviews_every_person_by_name() -> None:
    """The one question every review of the family asks (``reviewed``): at
    pass-and-play the people's seats, each with their name (never "you": the device
    has gone round), and no computer's seat; alone against computers, seat 0 as
    "you"."""
    tables: list[FamilyController] = [
        Controller(Rules(players=3), 1, "easy", _hooks()),
        PileController(PileRules.from_text(f"mode={CHUKHONSKY}&players=3"), 1, "easy",
                       _hooks()),
        SuitDealController(Rules(players=3, mode=SUIT_DEAL), 1, "easy", _hooks()),
    ]
    for ctrl in tables:
        assert ctrl.reviewed(t) == LONE, ctrl.kind
        ctrl.seat_people((0, 2), {2: "Aki"})
        assert ctrl.reviewed(t) == ((0, _player(1)), (2, "Aki")), ctrl.kind


class Worker:
    """The computers' worker for the review: the real plan (whose decisions), and a
    step that says the decision as played (the strong search is not this test's)."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, tuple[Any, ...]]] = []

    async def call(self, export: str, *args: Any) -> str:
        self.asked.append((export, args))
        if export == "durak_review_plan_json":
            return review_plan_json(args[0], args[1])
        if export == "durak_pile_review_plan_json":
            from durak.ai.pile_review import review_plan_json as pile_plan

            return pile_plan(args[0], args[1])
        if export == "durak_review_step_json":
            record, seat, index = args
            who, action = replay_finished(record).actions()[index]
            assert who == seat, "a decision reviewed as another seat's"
            from durak.actions import action_text

            text = action_text(action)
            return json.dumps({"index": index, "bout": 1, "played": text, "strong": text,
                               "before": 0.5, "after": 0.5, "options": []})
        if export == "durak_pile_review_step_json":
            record, index, _seed = args
            return json.dumps({"index": index, "played": "T", "best": "T",
                               "played_figure": 0.5, "best_figure": 0.5})
        raise AssertionError(export)


def _texts(root: Node, cls: str) -> list[str]:
    return [n.textContent for n in root.find(cls)]


def test_at_pass_and_play_the_ordinary_review_judges_every_persons_decisions_by_name(
    dom: Doc,
) -> None:
    """Seats 0 and 2 people, seat 1 a computer: the worker is asked for seat 0's and
    seat 2's decisions (never seat 1's), each step as its own seat's, and the dialog
    says each decision under its person's name."""
    game = finished(3, players=3)
    worker = Worker()
    review_view.mount(worker)  # type: ignore[arg-type]
    people = ((0, "Ann"), (2, "Aki"))
    run(lambda: review_view.open_review(json_record(game), people))
    planned = [args[1] for export, args in worker.asked if export.endswith("plan_json")]
    assert planned == [0, 2]
    stepped = {args[1] for export, args in worker.asked if export.endswith("step_json")}
    assert stepped == {0, 2}
    frame = review_view._slot.frame
    assert frame is not None
    done = frame.state.done
    expected = decision_points(game, 0) + decision_points(game, 2)
    assert sorted(done) == sorted(expected)
    for i, d in done.items():
        seat = game.actions()[i][0]
        assert (d["seat"], d["who"]) == (seat, dict(people)[seat])
    dialog = dom.getElementById("review")
    assert dialog is not None
    said = _texts(dialog, "you")
    assert said and all(s.startswith(("Ann:", "Aki:")) for s in said if ":" in s)
    assert not any(s.startswith("You:") for s in said)
    assert "Ann" in (dom.getElementById("review-people") or Node(dom, "p")).textContent


@pytest.mark.parametrize(("lang", "yours", "akis"), [
    ("en", "40% after your move", "40% after Aki's move"),
    ("ja", "あなたの手で40%", "Akiの手で40%"),
])
def test_at_pass_and_play_what_a_decision_cost_names_whose_move_it_weighs(
        lang: str, yours: str, akis: str) -> None:
    """A reviewed decision's chance line says whose move it weighs: the one player's
    "your move", at pass-and-play the person's by name (the decision's ``who``), never
    "your move" for everyone's."""
    from durak.ui_dom.review.review_words import chance_words

    alone = chance_words({"before": 0.4, "after": 0.55}, lang)
    named = chance_words({"before": 0.4, "after": 0.55, "who": "Aki"}, lang)
    assert yours in alone and akis in named and yours not in named
    assert "55%" in alone and "55%" in named


def test_alone_against_computers_the_ordinary_review_is_seat_0s_as_you(dom: Doc) -> None:
    game = finished(3, players=3)
    worker = Worker()
    review_view.mount(worker)  # type: ignore[arg-type]
    run(lambda: review_view.open_review(json_record(game)))
    planned = [args[1] for export, args in worker.asked if export.endswith("plan_json")]
    assert planned == [0]
    dialog = dom.getElementById("review")
    assert dialog is not None
    assert any(s.startswith("You:") for s in _texts(dialog, "you"))


def _finished_pile_table() -> PileController:
    ctrl = family.pile_table(family.Computers(pile_decide))
    asyncio.run(ctrl.start())
    family_rng_clicks(ctrl)
    return ctrl


def family_rng_clicks(ctrl: PileController) -> None:
    from cardkit.ui_dom.pass_play import SHOW_ACT
    from tests.durak_ui import test_pile_controller

    for _ in range(3000):
        if ctrl.over:
            return
        if ctrl.handover_due():
            asyncio.run(ctrl.handle(SHOW_ACT))
        asyncio.run(ctrl.handle(*test_pile_controller.click_first(ctrl)))
    raise AssertionError("the game did not end")


def test_at_pass_and_play_the_pile_review_steps_through_every_persons_decisions(
    dom: Doc,
) -> None:
    """A pile game with two people (seats 0 and 2) and a computer: the review's steps
    are both people's decisions in the game's order, each drawn with its own
    person's hand, and none of the computer's."""
    ctrl = _finished_pile_table()
    worker = Worker()
    people = ctrl.reviewed(t)
    assert people == ((0, _player(1)), (2, "Aki"))
    record = to_json(pile_json_record(ctrl.game, None, ctrl.match_seed))
    run(lambda: pile_review_view.open_record(record, worker, people))  # type: ignore[arg-type]
    plug = pile_review_view._slot.plug
    assert plug is not None
    game = ctrl.game
    mine = pile_decisions(game, 0) + pile_decisions(game, 2)
    assert plug.plan_here == sorted(mine)
    assert not set(plug.plan_here) & set(pile_decisions(game, 1))
    planned = [args[1] for export, args in worker.asked if export.endswith("plan_json")]
    assert planned == [0, 2]
    frame = pile_review_view._slot.frame
    assert frame is not None
    for i, d in frame.state.done.items():
        seat = game.state.history[i][0]
        assert d["who"] == dict(people)[seat]


def test_at_pass_and_play_the_suit_deals_dealing_review_names_each_persons_choices(
    dom: Doc,
) -> None:
    """The suit deal's judgement of the dealing choices: at pass-and-play one part per
    person, under their name, with that person's own choices (the fault was seat 0's
    alone, as if it were the only person)."""
    import random

    ctrl = family.suit_deal_table(family.Computers(suit_deal_decide), seed=1)
    asyncio.run(ctrl.start())
    family._play_on(ctrl, random.Random(1))
    assert ctrl.over
    box = deal_review_el(ctrl)
    parts = box.find("deal-review-person")
    assert [p.attrs["data-seat"] for p in parts] == ["0", "1"]
    assert [p.children[0].textContent for p in parts] == [_player(1), "Aki"]
    game = ctrl.table_game()
    for part, seat in zip(parts, (0, 1), strict=True):
        judged = deal_review(game, seat)
        lines = [n for n in part.walk() if n.tagName == "li"]
        assert len(lines) == sum(1 for d in judged if d["played"] != d["best"])
        assert all(n.attrs["data-seat"] == str(seat) for n in lines)
        text = part.textContent
        assert "you took" not in text
        # Cards as the records and the recent moves write them: 7♥, not the 7 of hearts.
        for n, d in zip(lines, [d for d in judged if d["played"] != d["best"]], strict=True):
            assert card_label(parse_card(str(d["played"])[1:])) in n.textContent
            assert not any(w in n.textContent for w in ("of hearts", "of spades", "ハートの",
                                                         "スペードの", "ダイヤの", "クラブの"))


def test_alone_the_suit_deals_dealing_review_is_yours(dom: Doc) -> None:
    import random

    ctrl = SuitDealController(Rules(players=3, mode=SUIT_DEAL), 1, "easy",
                              Hooks(family.Computers(suit_deal_decide), _no_pause,
                                    lambda: None))
    asyncio.run(ctrl.start())
    rng = random.Random(1)
    from durak.cards import card_text
    from tests.durak_ui import test_controller

    for _ in range(3000):
        if ctrl.over:
            break
        if ctrl.table is None:
            asyncio.run(ctrl.handle("take", card_text(rng.choice(ctrl.legal()).target)))
        else:
            asyncio.run(ctrl.handle(*test_controller.click_first(ctrl.table)))
    assert ctrl.over
    box = deal_review_el(ctrl)
    assert not box.find("deal-review-person")
    assert box.children[0].textContent == t("sd.review.title")
