"""The review of a finished game, and hints: what the strong computer would do, and why.

* :func:`hint` — at one seat's decision: the strong computer's options, best
  first (:mod:`napoleon.ai.analysis`), with the phrase saying why
  (:mod:`napoleon.ai.reasons`).
* :func:`review_decision` — one decision of a seat in a finished game: the
  strong computer's choice from the seat's own view (same information as
  the player had), what it expects of the player's action, the **cost** (the
  expected points lost against the best, never negative: the player's action
  is weighed in the same sampled worlds), and for card plays the card the
  all-seeing :class:`~napoleon.ai.oracle.OraclePlayer` would have played.
* :func:`costliest` — the decisions that cost the most, first.

The hint and the review are one evaluator (:mod:`napoleon.ai.analysis`): the
same decision with the same information is weighed in the same worlds, drawn
from the position's own seed (:func:`napoleon.ai.analysis.position_seed`; the
``seed`` arguments below seed only the all-seeing player's card and are kept
in the worker's call shape), so the review's best is the hint's, with the same
figures.  A decision costs points only when its loss against the best exceeds
:data:`napoleon.ai.analysis.NOISE_Z` standard errors of the paired difference
over those worlds: a loss inside the sampling's noise is no mistake, and a
decision that followed the hint (the best itself) never is one.

Choices: the cost is in the game's points (with
the search's small tie-break for honors), so a play that changes the
outcome weighs more than one that loses an honor in a game already decided;
the change after the kitty follows a fixed rule and is listed with no cost;
a decision with one legal action costs nothing and is not searched.

The JSON boundary for the page's worker: :func:`hint_start_json` and
:func:`hint_more_json` (a hint one slice of :data:`HINT_SLICE_S` at a time, so
a hint the player no longer waits for — a card played meanwhile — stops
occupying the worker when its slice ends and the computers' next decision is
not queued behind it; :func:`hint_json` in one go), :func:`review_plan_json`,
:func:`review_step_json` (one decision per call, so the page shows progress and
a review in flight never blocks a hint long).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from cardkit.steps import Resumable, Slice, StaleTicket, Steps, finish
from napoleon.actions import Action, action_text
from napoleon.ai.analysis import NOISE_Z, Analysis, Option, analyse, analysis_steps
from napoleon.ai.oracle import OraclePlayer
from napoleon.ai.reasons import Reason, reason_of
from napoleon.game import Game, Phase
from napoleon.record import load_record, replay_game
from napoleon.view import PlayerView

#: Options a hint or a review shows (the strong computer's and the next best).
SHOWN = 4
#: A loss the page would print as −0.0 points is not listed, however sure it is
#: (the honors' tie-break in the points alone can make one).
SHOWN_POINTS = 0.05
#: Likewise the smallest honors lost worth listing (honors lost count even in a game
#: already decided).
HONOR_NOISE = 0.5


@dataclass(frozen=True)
class Hint:
    """The strong computer's answer at one decision."""

    options: tuple[Option, ...]
    reason: Reason

    @property
    def action(self) -> Action:
        return self.options[0].action


def hint(view: PlayerView, seed: int = 0) -> Hint:
    """What the strong computer would do at ``view`` (the seat to act) and why: the
    option with the best expected points in the position's worlds (``seed``: unused,
    see the module doc)."""
    return finish(hint_steps(view, seed))


def hint_steps(view: PlayerView, seed: int = 0) -> Steps[Hint]:
    """:func:`hint` in steps (:func:`napoleon.ai.analysis.analysis_steps`)."""
    a = yield from analysis_steps(view)
    return Hint(a.options[:SHOWN], _reason(view, a))


def _reason(view: PlayerView, a: Analysis) -> Reason:
    runner = a.options[1] if len(a.options) > 1 else None
    return reason_of(view, a.best, runner)


@dataclass(frozen=True)
class Decision:
    """One of the seat's decisions in a finished game, reviewed."""

    index: int  #: position in ``Game.actions()``
    phase: Phase
    trick: int  #: 0-based trick of a card play, else -1
    played: Action
    strong: Action
    oracle: Action | None
    #: expected points lost against the best, when beyond the sampling's noise (else 0)
    cost: float
    #: expected honors of the seat's side lost, likewise (>= 0)
    honors_lost: float
    options: tuple[Option, ...]
    chosen: Option | None
    reason: Reason


def decision_points(game: Game, seat: int) -> list[int]:
    """Indices into ``game.actions()`` of ``seat``'s decisions (redeals' bids included)."""
    return [i for i, (s, _a) in enumerate(game.actions()) if s == seat]


def state_before(game: Game, index: int) -> Game:
    """The game as it stood before action ``index`` (replayed from its deals)."""
    g = Game.from_deal(game.rules, game.deals[0], game.first_bidder, more_deals=game.deals[1:])
    for _seat, a in game.actions()[:index]:
        g.apply(a)
    return g


def review_decision(game: Game, seat: int, index: int, seed: int = 0) -> Decision:
    """Review ``seat``'s action number ``index`` of ``game`` (see the module doc)."""
    actions = game.actions()
    who, played = actions[index]
    if who != seat:
        raise ValueError(f"action {index} is seat {who}'s, not seat {seat}'s")
    before = state_before(game, index)
    view = before.view(seat)
    trick = before.trick_index if before.phase is Phase.PLAY else -1
    oracle = None
    if before.phase is Phase.PLAY:
        oracle = OraclePlayer().decide_game(before, seat, random.Random(seed))
    forced = before.phase is Phase.PLAY and len(view.legal_actions) == 1
    if forced or before.phase is Phase.CHANGE:
        opt = Option(played, 0.0)
        return Decision(index, before.phase, trick, played, played, oracle, 0.0, 0.0, (opt,),
                        opt, Reason("forced" if forced else "best"))
    a = analyse(view, extra=played)
    chosen = a.option_for(played)
    best = a.best
    cost = lost = 0.0
    if chosen is not None:
        cost = beyond_noise(chosen.loss, chosen.loss_se, SHOWN_POINTS)
        if chosen.honors_loss is not None:
            lost = beyond_noise(chosen.honors_loss, chosen.honors_loss_se, HONOR_NOISE)
    shown = list(a.options[:SHOWN])
    if chosen is not None and chosen not in shown:
        shown.append(chosen)
    return Decision(index, before.phase, trick, played, best.action, oracle, round(cost, 3),
                    round(lost, 2), tuple(shown), chosen, _reason(view, a))


def beyond_noise(loss: float, se: float, floor: float) -> float:
    """``loss`` if it exceeds :data:`~napoleon.ai.analysis.NOISE_Z` standard errors
    ``se`` of the paired difference (and ``floor``, the least the page lists), else 0."""
    return loss if loss > NOISE_Z * se and loss >= floor else 0.0


def costliest(decisions: list[Decision]) -> list[Decision]:
    """The decisions that cost points or honors, the costliest first: by points lost,
    then by honors lost (a game already decided still counts its honors), then the
    earlier first.  The page ranks the worker's answers by the same key
    (``napoleon.ui_dom.review_words.cost_key``)."""
    return sorted((d for d in decisions if d.cost > 0 or d.honors_lost > 0),
                  key=lambda d: (-d.cost, -d.honors_lost, d.index))


def review_game(game: Game, seat: int = 0, seed: int = 0) -> list[Decision]:
    """Every decision of ``seat`` in ``game``, reviewed, in the order they were made."""
    return [review_decision(game, seat, i, seed) for i in decision_points(game, seat)]


# ---- the JSON boundary of the page's worker --------------------------------------------------


def option_dict(o: Option) -> dict[str, Any]:
    """One option for the page: its figures, the standard error of its expected
    points, its loss against the best with that loss's standard error, and whether
    the loss is inside the sampling's noise (``near``: the page says "about")."""
    return {"action": action_text(o.action), "value": round(o.value, 3), "win": o.win,
            "honors": None if o.honors is None else round(o.honors, 2),
            "se": round(o.se, 3), "loss": round(o.loss, 3), "loss_se": round(o.loss_se, 3),
            "near": o.within_noise(NOISE_Z)}


def reason_dict(r: Reason) -> dict[str, Any]:
    return {"code": r.code, "args": dict(r.args)}


def hint_json(view_json: str, seed: int = 0) -> str:
    """``{"options": [...], "reason": {...}}``: :func:`hint` for a worker boundary.

    Each option is ``{"action": "play SA", "value": 8.1, "win": 0.8, "honors": 13.2,
    "se": 0.4, "loss": 0.0, "loss_se": 0.0, "near": true}`` (``win``/``honors`` may be
    ``null``; :func:`option_dict`); the first is the best by expected points.
    """
    return finish(hint_json_steps(view_json, seed))


def hint_json_steps(view_json: str, seed: int = 0) -> Steps[str]:
    """:func:`hint_json` in steps (what the worker runs a slice at a time)."""
    view = PlayerView.from_json(view_json)
    h = yield from hint_steps(view, seed)
    return json.dumps({"options": [option_dict(o) for o in h.options],
                       "reason": reason_dict(h.reason)})


#: How long the worker thinks about a hint per call before it answers "not yet"
#: (the page then asks for more only while the hint is still wanted).  A computer's
#: decision asked meanwhile waits at most this, plus one step of the search (one
#: sampled world: a few milliseconds to a few tens in Pyodide).
HINT_SLICE_S = 0.05
_hint_job: Resumable[str] = Resumable(HINT_SLICE_S)


def hint_start_json(view_json: str, seed: int = 0) -> str:
    """A hint's first slice: :func:`hint_json`'s answer if done within
    :data:`HINT_SLICE_S`, else ``{"pending": ticket}`` — ask :func:`hint_more_json`
    for the rest.  Starting a hint drops the one in progress."""
    return _slice_json(_hint_job.start(hint_json_steps(view_json, seed)))


def hint_more_json(ticket: int) -> str:
    """The next slice of the hint ``ticket`` (see :func:`hint_start_json`);
    ``{"dropped": ticket}`` once another hint was started since."""
    try:
        return _slice_json(_hint_job.more(ticket))
    except StaleTicket:
        return json.dumps({"dropped": ticket})


def _slice_json(part: Slice[str]) -> str:
    return str(part.result) if part.done else json.dumps({"pending": part.ticket})


_cache: dict[str, Game] = {}


def _game_of(record_json: str) -> Game:
    """The replayed game of a record (untrusted: checked by the engine), kept for the
    next step of the same review."""
    game = _cache.get(record_json)
    if game is None:
        game = replay_game(load_record(record_json))
        if game.result is None:
            raise ValueError("the game is not over: only a finished game is reviewed")
        _cache.clear()
        _cache[record_json] = game
    return game


def review_plan_json(record_json: str, seat: int = 0) -> str:
    """``{"decisions": [i, ...]}``: which actions of a game record are ``seat``'s."""
    return json.dumps({"decisions": decision_points(_game_of(record_json), seat)})


def review_step_json(record_json: str, seat: int, index: int, seed: int = 0) -> str:
    """One decision reviewed (:func:`review_decision`) as JSON."""
    d = review_decision(_game_of(record_json), seat, index, seed)
    return json.dumps(decision_dict(d))


def decision_dict(d: Decision) -> dict[str, Any]:
    return {
        "index": d.index,
        "phase": d.phase.value,
        "trick": d.trick,
        "played": action_text(d.played),
        "strong": action_text(d.strong),
        "oracle": None if d.oracle is None else action_text(d.oracle),
        "cost": d.cost,
        "honors_lost": d.honors_lost,
        "options": [option_dict(o) for o in d.options],
        "chosen": None if d.chosen is None else option_dict(d.chosen),
        "reason": reason_dict(d.reason),
    }


__all__ = [
    "HINT_SLICE_S", "Decision", "Hint", "beyond_noise", "costliest", "decision_points", "hint",
    "hint_json",
    "hint_json_steps", "hint_more_json", "hint_start_json", "hint_steps",
    "review_decision", "review_game", "review_plan_json", "review_step_json", "state_before",
]
