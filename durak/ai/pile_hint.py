"""The pile games' hint: the strong level's search ranks the legal moves, with a figure.

The pile games (kurukuru, chukhonsky, chinese, heap, crusaders, polish) have one
kind of decision: lay a card on the pile, take (the bottom, the top or all of it,
as the mode says), or polish's turn from the talon.  :func:`hint` runs the
strong level's flat Monte Carlo (:func:`durak.ai.pile_levels.search_totals`: the
same worlds sampled from the seat's view, every legal move played out by the
baseline in each) on its full budget of worlds and no wall-clock cap, so the
answer depends on the view and the seed only.  Every legal move gets a figure,
its mean result over the worlds (not the durak = 1, a draw = ½, the durak = 0);
the hinted move is the first by that figure, ties broken as the strong level
breaks them (:func:`durak.ai.pile_levels.best_index`).  Where strong solves an
endgame exactly (:data:`durak.ai.pile_levels.TUNED_GAMES`) the hint still shows
the search's figures: a solver's won or lost gives no figure per move to rank by.

The reason (:class:`durak.ai.hint.Reason`: a phrase key of :data:`KINDS` and its
arguments, cards as record text) is read off the position where a rule of thumb
says it, else it is what the search found:

* ``only``: the one legal move;
* ``known``: every card's place is known (the deal-all games reach this soon):
  the figures count the one true position to its end;
* ``beat_only``: the one card that may be laid on the top card (a take is the other
  move): laying it spares a take;
* ``beat_lowest``: the weakest card that may be laid on the top card, keeping the
  strongest of the others that may;
* ``lead_lowest``: the weakest card of the hand on an empty pile (or heap's attack);
* ``take_better``: a take although a card could be laid: taking did better;
* ``tie``: the best figure is shared (often: every move wins, or loses, in every
  world): the strong level's own pick among them;
* ``search``: the best figure over the worlds played out, and the next best.

:func:`hint_json` is the worker's entry (``durak_family_hint_json`` in
``web/worker.py``): the view's JSON is read by :meth:`PileView.from_dict` (types,
bounds, one deck) and the seat must be to act; anything else raises
:class:`PileHintError` naming the field.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Final

from cardkit.bounded_json import JsonShapeError, loads_bounded
from durak.ai.hint import Reason
from durak.ai.pile_levels import (
    MAX_VIEW_DEPTH,
    MAX_VIEW_JSON,
    STRONG_TUNED_WORLDS,
    STRONG_WORLDS,
    TUNED_GAMES,
    best_index,
    search_totals,
    unplaced,
    world,
)
from durak.cards import Card, Hand, card_text
from durak.family.modes import HEAP, POLISH
from durak.pile.actions import Lay, PileAction, Take, action_text
from durak.pile.options import PileRules
from durak.pile.view import PileView, PileViewError

#: Every reason the pile hint may give (the page has one phrase per kind, ja and en).
KINDS: Final = ("only", "known", "beat_only", "beat_lowest", "lead_lowest", "take_better",
                 "tie", "search")

#: The longest move list an answer may carry (a hand of 36 cards and a take).
MAX_RANKED: Final = 40


class PileHintError(ValueError):
    """A request the pile hint refuses: the message names the field."""


@dataclass(frozen=True)
class PileHint:
    """The hinted move, why, its figure, and every legal move's figure (best first)."""

    action: PileAction
    reason: Reason
    #: The hinted move's mean result over the worlds (0 … 1: not to be the durak).
    figure: float | None
    #: How many worlds were played out (1: every card's place is known; 0: no search).
    worlds: int
    #: ``(move, figure)`` for every legal move, best first (the hinted one first).
    ranked: tuple[tuple[PileAction, float], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": action_text(self.action),
            "reason": {"kind": self.reason.kind, "args": dict(self.reason.args)},
            "figure": None if self.figure is None else round(self.figure, 3),
            "worlds": self.worlds,
            "ranked": [[action_text(a), round(f, 3)] for a, f in self.ranked],
        }


def worlds_of(rules: PileRules) -> tuple[int, bool]:
    """The strong level's budget of worlds in ``rules``' game and whether it breaks ties
    by the baseline's choice (:data:`durak.ai.pile_levels.TUNED_GAMES`)."""
    tuned = (rules.mode, rules.players) in TUNED_GAMES
    return (STRONG_TUNED_WORLDS if tuned else STRONG_WORLDS), tuned


def rank(view: PileView, seed: int) -> tuple[list[tuple[PileAction, float]], int]:
    """Every legal move of ``view`` with its figure, the hinted move first, then the rest
    by figure (best first; equal figures in legal order); and how many worlds were
    played out.  A lone legal move is not searched (its figure: ``nan``)."""
    legal = view.legal_actions
    if len(legal) == 1:
        return [(legal[0], float("nan"))], 0
    worlds, tuned = worlds_of(PileRules.from_text(view.rules_text))
    totals, done = search_totals(view, worlds, random.Random(seed))
    best = best_index(view, totals, prefer_baseline=tuned)
    order = sorted(range(len(legal)), key=lambda j: (j != best, -totals[j], j))
    return [(legal[j], totals[j] / done) for j in order], done


def strength(beaters: tuple[Hand, ...], c: Card) -> int:
    """How hard ``c`` is to beat: the fewer cards beat it, the stronger it is."""
    return 36 - beaters[c].bit_count()


def reason_for(view: PileView, ranked: list[tuple[PileAction, float]]) -> Reason:
    """Why the first move of ``ranked`` (see the module's docstring)."""
    action = ranked[0][0]
    if len(ranked) == 1:
        return Reason("only")
    if not unplaced(view):
        return Reason("known")
    lays = [a.card for a, _f in ranked if isinstance(a, Lay)]
    if isinstance(action, Take) and lays:
        best_lay = max(f for a, f in ranked if isinstance(a, Lay))
        return Reason("take_better", {"pct": round(100 * ranked[0][1]),
                                      "lay": round(100 * best_lay)})
    if isinstance(action, Lay):
        beaters = world(view, random.Random(0)).beaters
        answering = bool(view.pile) and (view.must_beat or not _leads(view))
        if answering and len(lays) == 1:
            return Reason("beat_only", {"card": card_text(action.card),
                                        "target": card_text(view.pile[-1])})
        weakest = min(lays, key=lambda c: (strength(beaters, c), c))
        if strength(beaters, action.card) == strength(beaters, weakest):
            if answering:
                # The other cards that could have gone on the target: the stronger of
                # them is what this one saves.
                stronger = [c for c in lays
                            if strength(beaters, c) > strength(beaters, action.card)]
                if stronger:
                    keeps = max(stronger, key=lambda c: (strength(beaters, c), c))
                    return Reason("beat_lowest", {"card": card_text(action.card),
                                                  "target": card_text(view.pile[-1]),
                                                  "keeps": card_text(keeps)})
            elif len(lays) > 1:
                return Reason("lead_lowest", {"card": card_text(action.card)})
    if ranked[0][1] == ranked[1][1]:
        return Reason("tie", {"pct": round(100 * ranked[0][1])})
    return Reason("search", {"pct": round(100 * ranked[0][1]),
                             "next": round(100 * ranked[1][1])})


def _leads(view: PileView) -> bool:
    """Whether a card laid now starts something (heap's attack on the left, polish's lead)
    rather than beating the top card."""
    mode = PileRules.from_text(view.rules_text).mode
    return mode in (HEAP, POLISH) and not view.must_beat


def hint(view: PileView, seed: int) -> PileHint:
    """The strong search's move at ``view`` (seeded: reproducible), its figure and why."""
    if not view.legal_actions:
        raise PileHintError(f"legal_actions: seat {view.seat} has no move to make in this view")
    ranked, done = rank(view, seed)
    figure = None if done == 0 else ranked[0][1]
    shown = tuple(ranked) if done else ()
    return PileHint(ranked[0][0], reason_for(view, ranked), figure, done, shown)


def hint_json(view_json: str, seed: int) -> str:
    """The worker's entry: a seat's view JSON and a seed in, :meth:`PileHint.to_dict` as
    JSON out; a request it refuses raises :class:`PileHintError` naming the field."""
    if type(view_json) is not str:
        raise PileHintError(f"view: not a text but {type(view_json).__name__}")
    if type(seed) is not int or not 0 <= seed < 1 << 64:
        raise PileHintError(f"seed: not a whole number from 0 to 2^64-1: {seed!r:.40}")
    try:
        data = loads_bounded(view_json, max_chars=MAX_VIEW_JSON, max_depth=MAX_VIEW_DEPTH)
    except JsonShapeError as e:
        raise PileHintError(f"view: {e}") from None
    try:
        view = PileView.from_dict(data)
    except PileViewError as e:
        raise PileHintError(f"view.{e}"[:300]) from None
    if view.over or view.to_act != view.seat:
        raise PileHintError(f"to_act: seat {view.seat} is not to act in this view")
    try:
        answer = hint(view, seed)
    except PileHintError:
        raise
    except (ValueError, IndexError, KeyError, AssertionError) as e:
        raise PileHintError(f"view: no position of the game: {e}"[:300]) from None
    return json.dumps(answer.to_dict())


# ---- the answer, read by the page (nobody vouches for it) ------------------------------


@dataclass(frozen=True)
class PileHintAnswer:
    """A worker's answer as the page reads it: every field checked."""

    action: PileAction
    kind: str
    args: dict[str, str | int]
    figure: float | None
    worlds: int
    ranked: tuple[tuple[PileAction, float], ...]


def read_answer(data: object) -> PileHintAnswer:
    """The answer :func:`hint_json` wrote, read back; anything else is a
    :class:`PileHintError` naming the field."""
    from durak.actions import ActionTextError
    from durak.pile.actions import parse_action

    if type(data) is not dict:
        raise PileHintError("answer: not a JSON object")

    def move(value: object, where: str) -> PileAction:
        if type(value) is not str or len(value) > 8:
            raise PileHintError(f"{where}: not a move's text")
        try:
            return parse_action(value)
        except ActionTextError as e:
            raise PileHintError(f"{where}: {e}") from None

    def share(value: object, where: str) -> float:
        if (type(value) is not float and type(value) is not int) or not 0 <= value <= 1:
            raise PileHintError(f"{where}: not a figure from 0 to 1")
        return float(value)

    action = move(data.get("action"), "action")
    reason = data.get("reason")
    if type(reason) is not dict:
        raise PileHintError("reason: not a JSON object")
    kind, raw = reason.get("kind"), reason.get("args", {})
    if type(kind) is not str or kind not in KINDS:
        raise PileHintError(f"reason.kind: not one of {', '.join(KINDS)}")
    if type(raw) is not dict or len(raw) > 8:
        raise PileHintError("reason.args: not a small JSON object")
    args: dict[str, str | int] = {}
    for key, value in raw.items():
        if type(value) is int or (type(value) is str and len(value) <= 4):
            args[str(key)] = value
        else:
            raise PileHintError(f"reason.args.{str(key)[:20]}: not a card or a number")
    figure = data.get("figure")
    worlds = data.get("worlds")
    if type(worlds) is not int or not 0 <= worlds <= 100_000:
        raise PileHintError("worlds: not a count of worlds")
    ranked_raw = data.get("ranked", [])
    if type(ranked_raw) is not list or len(ranked_raw) > MAX_RANKED:
        raise PileHintError("ranked: not a list of moves")
    ranked = []
    for k, pair in enumerate(ranked_raw):
        if type(pair) is not list or len(pair) != 2:
            raise PileHintError(f"ranked[{k}]: not a [move, figure] pair")
        ranked.append((move(pair[0], f"ranked[{k}]"), share(pair[1], f"ranked[{k}]")))
    return PileHintAnswer(action, kind, args,
                          None if figure is None else share(figure, "figure"), worlds,
                          tuple(ranked))


__all__ = ["KINDS", "PileHint", "PileHintAnswer", "PileHintError", "hint", "hint_json", "rank",
           "read_answer", "reason_for", "strength", "worlds_of"]
