"""The review of a finished pile game: at each of the human's decisions with a choice,
the move played and the strong search's best, with their figures.

The evaluator is the hint's (:func:`durak.ai.pile_hint.rank`: the strong level's
search over the seat's view as it stood, every legal move's figure), and the page
asks each step with the seed the hint used at that decision, so a decision that was
hinted is reviewed over the same worlds with the same figures.

:func:`review_plan_json` lists the decisions (indices of the record's moves);
:func:`review_step_json` reviews one.  Both read the record as untrusted text
(:func:`durak.pile.record.replay_json`: every field checked) and answer a
refused one with ``{"error": ...}`` naming the field.
"""

from __future__ import annotations

import json
import math
from typing import Any, Final

from durak.ai.pile_hint import rank
from durak.pile.actions import action_text
from durak.pile.game import PileGame
from durak.pile.record import PileRecordError, replay_json

#: The seat reviewed (the page's human).
SEAT: Final = 0


class PileReviewError(ValueError):
    """A review request refused: the message names the field."""


def decisions(game: PileGame, seat: int = SEAT) -> list[int]:
    """The indices of ``seat``'s moves in ``game`` made with more than one legal move."""
    g = PileGame(_start(game))
    out = []
    for i, (s, a) in enumerate(game.state.history):
        if s == seat and len(g.legal_actions()) > 1:
            out.append(i)
        g.apply(a, s)
    return out


def _start(game: PileGame) -> Any:
    """The game's state as dealt (its moves replayed from here)."""
    return game.dealt().state


def before(game: PileGame, index: int) -> PileGame:
    """``game`` as it stood before its move ``index``."""
    g = PileGame(_start(game))
    for s, a in game.state.history[:index]:
        g.apply(a, s)
    return g


def review_step(game: PileGame, index: int, seed: int) -> dict[str, Any]:
    """The decision ``index``: the move played and the best, each with its figure, every
    legal move's figure (best first), and the worlds played out."""
    history = game.state.history
    if not 0 <= index < len(history):
        raise PileReviewError(f"index: {index} is not a move of this game")
    seat, played = history[index]
    g = before(game, index)
    ranked, worlds = rank(g.view(seat), seed)
    figures = {action_text(a): f for a, f in ranked}
    best = action_text(ranked[0][0])
    played_figure = figures[action_text(played)]

    def fig(f: float) -> float | None:
        return None if math.isnan(f) else round(f, 3)

    return {"index": index, "seat": seat, "played": action_text(played),
            "played_figure": fig(played_figure), "best": best,
            "best_figure": fig(ranked[0][1]), "worlds": worlds,
            "ranked": [[action_text(a), fig(f)] for a, f in ranked]}


def _game(record_json: object) -> PileGame:
    if type(record_json) is not str:
        raise PileReviewError("record: not a text")
    try:
        game = replay_json(record_json)
    except PileRecordError as e:
        raise PileReviewError(f"record.{e}"[:300]) from None
    if not game.is_over:
        raise PileReviewError("record.result: the game is not over")
    return game


def review_plan_json(record_json: str, seat: int = SEAT) -> str:
    """The worker's entry: ``{"decisions": [index, ...]}`` (or ``{"error": ...}``)."""
    try:
        if type(seat) is not int or seat < 0:
            raise PileReviewError("seat: not a seat")
        return json.dumps({"decisions": decisions(_game(record_json), seat)})
    except PileReviewError as e:
        return json.dumps({"error": str(e)})


def review_step_json(record_json: str, index: int, seed: int) -> str:
    """The worker's entry: :func:`review_step` as JSON (or ``{"error": ...}``)."""
    try:
        if type(index) is not int:
            raise PileReviewError("index: not a whole number")
        if type(seed) is not int or not 0 <= seed < 1 << 64:
            raise PileReviewError("seed: not a whole number from 0 to 2^64-1")
        return json.dumps(review_step(_game(record_json), index, seed))
    except PileReviewError as e:
        return json.dumps({"error": str(e)})


__all__ = ["SEAT", "PileReviewError", "before", "decisions", "review_plan_json", "review_step",
           "review_step_json"]
