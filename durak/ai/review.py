"""The review of a finished game: where the strong computer would have played otherwise.

A finished game's JSON record (:func:`durak.record.json_record`; untrusted, the
engine replays and checks it) is reviewed one decision of one seat at a time, so
the page can show its progress:

* :func:`decision_points`: the seat's decisions, the actions it took with more than
  one legal action before it (a forced pass or take is no decision);
* :func:`review_decision`: at one of them, from the seat's own view only (never a
  hidden card), the hint's own evaluator (:func:`durak.ai.advice.analyse`: the
  strong level's search as it plays, at 2 players the tree with the seat's reading
  of the other player as the match had shown it: the record's ``"reading"`` (where
  the match's earlier games left it; the seat's own of its ``"readings"`` when two
  people played it at one device) and the game's actions before the decision,
  :func:`durak.ai.reader.game_readings`) gives the strong
  computer's choice and the chance of *not* being the durak after the action taken
  and after that choice.

The worlds are seeded by the position (:func:`position_seed`, a hash of the
seat's view; ``seed`` only salts it) and there is no time limit, so a review
depends on the record alone, and a decision's figures on its position alone,
whichever decision was reviewed before: the same record reviews the same on
CPython and in Pyodide, in the worker or in a test.  With ``seed`` 0 (the page's)
it is the very search the hint ran at that decision, so the two give the same
best and the same figures, and an action that followed the hint is never costly.
The action taken is weighed among the candidates; if the search would have left
it out (a hand of more than :data:`durak.ai.search.MAX_CANDIDATES` cards to
choose from) it takes the last candidate's place in a second search, whose
figures judge it.

A moment is marked *costly* when the strong choice's chance beats the action
taken's by at least :data:`COSTLY` and by more than :data:`SURE` standard errors
of the difference (:class:`durak.ai.advice.Option`'s ``loss_se``: world by world
for the flat search, the two children's errors combined for the tree; 0 for an
endgame solved exactly).  A cube or ``doubt`` decision and a blind move the search
does not weigh are shown but never marked.

>>> from durak.game import Game
>>> from durak.record import json_record
>>> from durak.rules import Rules
>>> g = Game.new(Rules.from_text("players=2"), seed=4)
>>> while g.result is None:
...     g.apply(g.legal_actions()[0])
>>> rec = json.dumps(json_record(g))
>>> plan = json.loads(review_plan_json(rec, 0))["decisions"]
>>> step = json.loads(review_step_json(rec, 0, plan[0]))
>>> sorted(step)[:4]
['after', 'before', 'bout', 'costly']
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from durak.actions import Action, action_text
from durak.ai.advice import Option, analyse, exact_value, position_seed
from durak.ai.playouts import playout
from durak.ai.reader import FRESH, MatchStart, ReadingError, game_readings, match_start_of
from durak.game import Game
from durak.record import RecordError, replay_json

#: Worlds of :func:`playouts` (a flat comparison kept for tests and benches; a review
#: runs the hint's own search, :func:`durak.ai.advice.analyse`, on its budget).
REVIEW_WORLDS: Final = 24
#: The playouts' share of random moves (the strong level's own).
NOISE: Final = 0.05
#: A moment is marked when the strong choice is at least this much likelier not to lose …
COSTLY: Final = 0.1
#: … by more than this many standard errors of the difference, world by world.
SURE: Final = 2.0
#: The page's seat (the human).
SEAT: Final = 0
#: The longest game reviewed, in actions (a real game has a few hundred; a record may
#: hold far more, and its review, one replay per decision, would hold the computers'
#: worker for minutes).
MAX_REVIEW_ACTIONS: Final = 3_000


class ReviewError(ValueError):
    """A review asked of a record or a decision that cannot be reviewed (says why)."""


@dataclass(frozen=True)
class Moment:
    """One reviewed decision: the action taken, the strong choice, and both chances."""

    index: int  #: into ``game.actions()``
    bout: int  #: the bout it was taken in (1..)
    played: Action
    strong: Action
    played_chance: float  #: not being the durak after the action taken (0..1)
    strong_chance: float  #: … after the strong choice
    options: tuple[tuple[Action, float], ...]  #: every candidate searched, best first
    gain_se: float = 0.0  #: the standard error of ``strong_chance - played_chance``
    #: what the options are ranked by first (:class:`durak.ai.advice.Analysis`'s
    #: ``figure``) and each option's share of the tree's visits (``None``: no tree)
    figure: str = "chance"
    shares: tuple[float | None, ...] = ()

    @property
    def costly(self) -> bool:
        """The strong choice gains at least :data:`COSTLY`, and by more than
        :data:`SURE` standard errors (not the worlds' noise)."""
        gain = self.strong_chance - self.played_chance
        return self.strong != self.played and gain >= COSTLY and gain > SURE * self.gain_se


def replay_finished(record: object) -> Game:
    """The game of a finished game's JSON record (a dict or its text), checked by the engine."""
    game = replay_json(record)
    if game.result is None:
        raise ReviewError("the game is not over: only a finished game is reviewed")
    actions = len(game.actions())
    if actions > MAX_REVIEW_ACTIONS:
        raise ReviewError(f"the game is too long to review ({actions:,} actions; "
                          f"at most {MAX_REVIEW_ACTIONS:,})")
    return game


def state_before(game: Game, index: int) -> Game:
    """The game as it stood before its action number ``index``."""
    g = Game.from_deal(game.rules, game.deal, game.dealer, game.first_attacker)
    for seat, a in game.actions()[:index]:
        g.apply(a, seat)
    return g


def decision_points(game: Game, seat: int) -> list[int]:
    """Indices into ``game.actions()`` of ``seat``'s actions taken with a choice."""
    g = Game.from_deal(game.rules, game.deal, game.dealer, game.first_attacker)
    out: list[int] = []
    for i, (s, a) in enumerate(game.actions()):
        if s == seat and len(g.legal_actions()) > 1:
            out.append(i)
        g.apply(a, s)
    return out


def review_decision(game: Game, seat: int, index: int, seed: int = 0,
                    reading: float | None = None, start: MatchStart = FRESH) -> Moment:
    """Review ``seat``'s action number ``index`` of ``game`` (see the module doc).
    ``reading``: the seat's reading of the other player at that decision; by default
    the one the game gives from ``start``, the match's when the game began (its
    record's ``"reading"``, or the seat's own of its ``"readings"``)."""
    actions = game.actions()
    if not 0 <= index < len(actions):
        raise ReviewError(f"no action {index}: the game has {len(actions)}")
    who, played = actions[index]
    if who != seat:
        raise ReviewError(f"action {index} is seat {who}'s, not seat {seat}'s")
    before = state_before(game, index)
    view = before.view(seat)
    legal = list(view.legal_actions)
    if len(legal) < 2:
        return Moment(index, before.bout, played, played, 1.0, 1.0, ((played, 1.0),))
    if reading is None:
        reading = _readings(game, seat, start)[index]
    wseed = position_seed(view) + seed * 1_000_003
    found = analyse(view, reading, wseed)
    strong = found.best
    mine = found.option_for(played)
    if mine is None and found.source in ("tree", "flat"):
        # Left out of the candidates: weighed in a search that holds it.
        mine = analyse(view, reading, wseed, extra=played).option_for(played)
        if mine is not None and mine.chance is not None and strong.chance is not None:
            mine = replace(mine, loss=strong.chance - mine.chance,
                           loss_se=max(mine.loss_se, mine.se))
    if found.source == "endgame" and mine is None:
        value = exact_value(view, played)
        mine = None if value is None else Option(played, value, None, 0.0,
                                                 (strong.chance or 0.0) - value, 0.0)
    strong_chance = 0.0 if strong.chance is None else strong.chance
    if mine is None or mine.chance is None:  # no figure for it: never marked
        mine = Option(played, strong_chance)
    ranked = tuple((o.action, 0.0 if o.chance is None else o.chance) for o in found.options)
    return Moment(index, before.bout, played, strong.action, mine.chance or 0.0,
                  strong_chance, ranked, mine.loss_se if mine is not strong else 0.0,
                  found.figure, tuple(o.share for o in found.options))


def playouts(worlds: Callable[[], Game], seat: int, cands: Sequence[Action],
             rng: random.Random, budget: int) -> list[list[float]]:
    """Each candidate's playout score in each of ``budget`` worlds, the same world serving
    every candidate (common random numbers, as :func:`durak.ai.search.search`); the
    scores are kept one by one so the difference of two candidates has an error bar."""
    scores: list[list[float]] = [[] for _ in cands]
    for _ in range(budget):
        world = worlds()
        for col, a in zip(scores, cands, strict=True):
            g = world.clone()
            g.apply_unchecked(a)
            col.append(playout(g, seat, rng, NOISE, False))
    return scores


def paired_se(a: Sequence[float], b: Sequence[float]) -> float:
    """The standard error of the mean of ``a - b`` world by world.

    >>> round(paired_se([1, 1, 0, 1], [0, 1, 0, 0]), 3)
    0.289
    """
    n = len(a)
    if n < 2:
        return 1.0
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return float((var / n) ** 0.5)


def moment_dict(m: Moment) -> dict[str, Any]:
    """A moment as the page reads it (actions in the engine's text form)."""
    return {
        "index": m.index,
        "bout": m.bout,
        "played": action_text(m.played),
        "strong": action_text(m.strong),
        "before": round(m.played_chance, 4),
        "after": round(m.strong_chance, 4),
        "costly": m.costly,
        "options": [[action_text(a), round(v, 4)] for a, v in m.options],
        "figure": m.figure,
        "shares": [None if x is None else round(x, 4) for x in m.shares],
        "gain_se": round(m.gain_se, 4),
    }


_cache: dict[str, Game] = {}
_read: dict[int, tuple[Game, int, MatchStart, list[float]]] = {}
_starts: dict[str, tuple[MatchStart, ...]] = {}


def _readings(game: Game, seat: int, start: MatchStart) -> list[float]:
    """:func:`durak.ai.reader.game_readings`, kept for the next step of the same review."""
    kept = _read.get(id(game))
    if kept is None or kept[0] is not game or kept[1] != seat or kept[2] != start:
        _read.clear()
        kept = _read[id(game)] = (game, seat, start, game_readings(game, seat, start))
    return kept[3]


def record_starts(record: object, players: int = 2) -> tuple[MatchStart, ...]:
    """The readings a game's JSON record says the match had when the game began
    (:func:`durak.ai.reader.reading_fields`): its ``"reading"``, one person's
    (:data:`durak.ai.reader.FRESH` without one), or its ``"readings"``, one for each of
    the game's ``players`` seats; a bad one, or both fields, is a :class:`ReviewError`
    naming it."""
    try:
        d = json.loads(record) if isinstance(record, str) else record
    except ValueError as e:
        raise ReviewError(f"the record is no JSON: {str(e)[:200]}") from None
    if not isinstance(d, dict) or "readings" not in d:
        try:
            return (match_start_of(d.get("reading") if isinstance(d, dict) else None),)
        except ReadingError as e:
            raise ReviewError(f"the record's {str(e)[:200]}") from None
    starts = d["readings"]
    if "reading" in d:
        raise ReviewError("the record's 'reading' and 'readings': one of the two, not both")
    if not isinstance(starts, list) or len(starts) != players or players != 2:
        raise ReviewError(f"the record's 'readings': expected one reading for each of 2 "
                          f"seats, not {str(starts)[:60]!r}")
    out = []
    for i, value in enumerate(starts):
        try:
            if value is None:  # "reading"'s absence, not a seat's reading
                raise ReadingError("expected {\"log_odds\": number, \"read\": n}, not None")
            out.append(match_start_of(value))
        except ReadingError as e:
            raise ReviewError(f"the record's 'readings[{i}]': {str(e)[:200]}") from None
    return tuple(out)


def seat_start(starts: Sequence[MatchStart], seat: int) -> MatchStart:
    """The reading ``seat``'s decisions are weighed from, of a record's
    :func:`record_starts`: its one reading, or the seat's own."""
    return starts[seat] if len(starts) > 1 else starts[0]


def record_start(record: object, seat: int = SEAT, players: int = 2) -> MatchStart:
    """:func:`seat_start` of the record's :func:`record_starts`."""
    return seat_start(record_starts(record, players), seat)


def _game_of(record_json: str) -> tuple[Game, tuple[MatchStart, ...]]:
    """The replayed game of a record and its match's readings at its start, kept for
    the next step of the same review."""
    game = _cache.get(record_json)
    if game is None:
        game = replay_finished(record_json)
        starts = record_starts(record_json, game.n)
        _cache.clear()
        _starts.clear()
        _cache[record_json] = game
        _starts[record_json] = starts
    return game, _starts[record_json]


def review_plan_json(record_json: str, seat: int = SEAT) -> str:
    """``{"decisions": [i, ...]}``: the seat's decisions in a finished game's record;
    ``{"error": why}`` for a record the engine refuses."""
    try:
        game = _game_of(record_json)[0]
        _check_seat(game, seat)
        return json.dumps({"decisions": decision_points(game, seat)})
    except (RecordError, ReviewError) as e:
        return json.dumps({"error": str(e)[:300]})


def review_step_json(record_json: str, seat: int, index: int, seed: int = 0) -> str:
    """One decision reviewed (:func:`review_decision`) as JSON, or ``{"error": why}``."""
    try:
        game, starts = _game_of(record_json)
        _check_seat(game, seat)
        if type(index) is not int:
            raise ReviewError(f"index: expected a whole number, not {type(index).__name__}")
        start = seat_start(starts, seat)
        return json.dumps(moment_dict(review_decision(game, seat, index, seed, start=start)))
    except (RecordError, ReviewError) as e:
        return json.dumps({"error": str(e)[:300]})


def _check_seat(game: Game, seat: object) -> None:
    if type(seat) is not int or not 0 <= seat < game.n:
        raise ReviewError(f"seat: expected 0..{game.n - 1}, not {seat!r}"[:100])


__all__ = [
    "COSTLY", "MAX_REVIEW_ACTIONS", "REVIEW_WORLDS", "SURE", "Moment", "ReviewError",
    "decision_points", "moment_dict", "paired_se", "playouts", "position_seed",
    "record_start", "record_starts", "replay_finished", "review_decision", "review_plan_json",
    "review_step_json", "seat_start", "state_before",
]
