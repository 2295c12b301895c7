"""A finished pile game's review, on the shell's review frame
(:mod:`cardkit.ui_dom.review_frame`), opened from the end's Review button.

The worker reviews the human's decisions with a choice one per call
(``durak_pile_review_step_json``: :func:`durak.ai.pile_review.review_step_json`),
with the hint's evaluator and, per decision, the seed the hint used there
(:func:`durak.ui_dom.hint.pile_hint_view.hint_seed`'s formula), so a hinted decision
shows the same figures in the review.  Step ``k`` is the human's ``k``-th such
decision: the hand and the pile's top card as they stood, the move played and the
strong search's best, with their figures; the costliest decisions come first.  At
pass-and-play the steps are every person's decisions in the game's order, each with
that person's hand, under their name (:func:`cardkit.ui_dom.pass_play.reviewed`).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable
from typing import Any, Final

from cardkit.ui_dom.hint_frame import HINT_SALT
from cardkit.ui_dom.page_shell import Computers
from cardkit.ui_dom.review_frame import LONE, People, ReviewSlot, ask_computers
from cardkit.ui_dom.turn_loop import ai_seed
from durak.ai.pile_review import before, decisions
from durak.pile.actions import parse_action
from durak.pile.game import PileGame
from durak.pile.record import json_record, replay_json, to_json
from durak.ui_dom.hint import strings_hint
from durak.ui_dom.hint.pile_hint_view import move_words
from durak.ui_dom.i18n import t
from durak.ui_dom.review.decision_steps import DecisionSteps


def _move(text: object) -> str:
    if type(text) is not str or len(text) > 4:
        return "?"
    try:
        return move_words(parse_action(text))
    except ValueError:
        return "?"


class PileReview(DecisionSteps):
    """The pile games' part of the review frame."""

    def __init__(self, computers: Computers | None) -> None:
        strings_hint.register()
        self.computers = computers
        self.plan_here: list[int] = []
        self.seed = 0
        self.game: PileGame | None = None
        #: Whose decisions are reviewed: the steps are theirs, in the game's order.
        self.people: People = LONE

    def t(self, key: str, **fmt: object) -> str:
        return t(key, **fmt)

    def load(self, record: str) -> tuple[PileGame, str]:
        game = replay_json(record)
        if not game.is_over:
            raise ValueError("the game is not over")
        seed = json.loads(record).get("seed")
        self.seed = seed if type(seed) is int else 0
        self.plan_here = sorted(i for seat, _name in self.people
                                for i in decisions(game, seat))
        self.game = game
        return game, to_json(json_record(game, None, self.seed))

    def plan(self, record_json: str, seat: int) -> Awaitable[str]:
        return ask_computers(self.computers, "durak_pile_review_plan_json", record_json, seat)

    def step(self, record_json: str, seat: int, index: int) -> Awaitable[str]:
        number = self.game.state.game if self.game is not None else 1
        seed = ai_seed(self.seed, number, index) ^ HINT_SALT  # the hint's, there
        return ask_computers(self.computers, "durak_pile_review_step_json", record_json, index,
                             seed)

    def move(self, text: object) -> str:
        return _move(text)

    def deciding_view(self, game: PileGame, index: int) -> tuple[Any, int | None]:
        v = before(game, index).view(game.state.history[index][0])
        return v, v.trump


_slot: Final = ReviewSlot(PileReview)


def open_record(record_json: str, computers: Computers, people: People = LONE) -> None:
    """Open the review of a finished pile game's JSON record (untrusted: a shared
    link's or the record screen's; a refused one is a notice in the dialog), judging
    ``people``'s decisions (the one player's by default)."""
    _slot.frame_for(computers, people).open(record_json, people)


def review(ctrl: Any, computers: Computers, people: People = LONE) -> None:
    """Open the review of the pile game just finished on the table (``ctrl``'s; a
    guest's: the host's record of it, once it came)."""
    game = ctrl.finished_game()
    if game is not None:
        open_record(to_json(json_record(game, None, ctrl.record_seed())), computers, people)


__all__ = ["PileReview", "open_record", "review"]
