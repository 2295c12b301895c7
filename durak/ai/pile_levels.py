"""The pile games' levels (kurukuru, chukhonsky, chinese, heap, crusaders, polish) and
the worker's entry point :func:`decide_json`: a seat's view JSON, a level and a seed in,
a move's text out.

Every level sees one seat's :class:`~durak.pile.view.PileView` only:

* ``easy``: the baseline (:mod:`durak.ai.pile_baseline`), and one move in
  :data:`EASY_RANDOM` a random legal one.
* ``normal``: flat Monte Carlo.  :data:`NORMAL_WORLDS` worlds are sampled
  consistent with the view (:func:`world`); in each, every legal move is
  played and the game finished by the baseline on every seat; the move with
  the best mean result (not the durak = 1, a draw = ½, the durak = 0) is played.
* ``strong``: the same with :data:`STRONG_WORLDS` worlds.  Once the view
  leaves no card unplaced (the deal-all games reach this soon: every card
  taken from the pile is public) all worlds are one, so one is searched.

The page's wall-clock caps (:data:`NORMAL_TIME_LIMIT`, :data:`STRONG_TIME_LIMIT`)
stop sampling worlds after the first; without them (``time_limits=False``:
tests, arena) a decision depends on the view and the seed only.

A world: the seat's own hand, the pile, the discarded cards and each seat's
known cards (``PileView.known``) stay as they are; the other cards are dealt
at random to fill each other seat's count, the rest is the talon in a random
order — except heap's shown trump card, which, while nobody has drawn it,
lies at the talon's bottom.
"""

from __future__ import annotations

import functools
import json
import random
import time
from typing import Final

from cardkit.bounded_json import JsonShapeError, loads_bounded
from durak.ai.pile_baseline import decide as baseline_decide
from durak.ai.pile_baseline import policy
from durak.cards import DECK_36, Hand, cards_of
from durak.pile import dispatch
from durak.pile.actions import PileAction, action_text
from durak.pile.options import PileRules
from durak.pile.state import (
    CRUSADERS_TRUMP,
    PileState,
    chinese_beaters,
    copy_state,
    standard_beaters,
)
from durak.pile.view import PileView, PileViewError

LEVELS: Final = ("easy", "normal", "strong")
#: ``easy``: the share of moves chosen at random among the legal ones.
EASY_RANDOM: Final = 0.2
NORMAL_WORLDS: Final = 8
NORMAL_TIME_LIMIT: Final = 0.25
STRONG_WORLDS: Final = 32
STRONG_TIME_LIMIT: Final = 0.8
#: A playout longer than this counts as a draw (games under the baseline average
#: 43–71 moves; durak/pile/README.md).
PLAYOUT_MOVES: Final = 2_000
#: The worker's view JSON: longest text and deepest nesting read.
MAX_VIEW_JSON: Final = 20_000
MAX_VIEW_DEPTH: Final = 3


class UnknownLevelError(ValueError):
    """A level name that is not one of :data:`LEVELS`."""


@functools.lru_cache(maxsize=64)
def _rules(text: str) -> PileRules:
    return PileRules.from_text(text)


@functools.lru_cache(maxsize=16)
def _beaters(mode: str, trump: int, ten: bool) -> tuple[Hand, ...]:
    if mode == "crusaders":
        return chinese_beaters(False, CRUSADERS_TRUMP)
    return chinese_beaters(ten) if mode == "chinese" else standard_beaters(trump)


def unplaced(view: PileView) -> Hand:
    """The cards whose place the seat does not know (in others' hands or the talon)."""
    m = DECK_36 & ~view.hand & ~view.gone
    for c in view.pile:
        m &= ~(1 << c)
    for k in view.known:
        m &= ~k
    return m


def world(view: PileView, rng: random.Random) -> PileState:
    """A full state consistent with ``view`` (see the module's docstring)."""
    rules = _rules(view.rules_text)
    n = rules.players
    pool = list(cards_of(unplaced(view)))
    bottom: list[int] = []
    tc = view.trump_card
    if rules.mode == "heap" and tc is not None and tc in pool and view.talon:
        pool.remove(tc)
        bottom = [tc]
    rng.shuffle(pool)
    hands = list(view.known)
    hands[view.seat] = view.hand
    for s in range(n):
        if s != view.seat:
            need = view.counts[s] - hands[s].bit_count()
            for c in pool[:need]:
                hands[s] |= 1 << c
            del pool[:need]
    talon = bottom + pool
    in_game = 0
    for s in range(n):
        if s not in view.out:
            in_game |= 1 << s
    return PileState(
        rules=rules, dealer=view.dealer, game=view.game, hands=hands, talon=talon,
        trump=view.trump, trump_card=tc, beaters=_beaters(rules.mode, view.trump,
                                                           rules.chinese_ten),
        first=view.leader, to_act=view.to_act, leader=view.leader, pile=list(view.pile),
        must_beat=view.must_beat, discard=view.gone, in_game=in_game, out=list(view.out),
        known=list(view.known), epoch=(view.gone, len(talon)),
    )


def playout(st: PileState, seat: int) -> float:
    """Finish ``st`` with the baseline on every seat (mutates it); ``seat``'s result."""
    mode = dispatch.MODE_RULES[st.rules.mode]
    legal, apply, pick = mode.legal, mode.apply, policy(st.rules, st.trump)
    for _ in range(PLAYOUT_MOVES):
        if st.over:
            return 0.5 if st.durak is None else 0.0 if st.durak == seat else 1.0
        apply(st, pick(len(st.pile), legal(st)))
    return 0.5


def search(view: PileView, worlds: int, rng: random.Random,
           time_limit: float | None = None) -> PileAction:
    """Flat Monte Carlo over ``worlds`` sampled worlds (see the module's docstring)."""
    legal = view.legal
    if not legal:
        raise ValueError(f"seat {view.seat} has no move now")
    if len(legal) == 1:
        return legal[0]
    if not unplaced(view):
        worlds = 1  # every card's place is known: all worlds are this one
    start = time.perf_counter()
    totals = [0.0] * len(legal)
    for i in range(worlds):
        if i and time_limit is not None and time.perf_counter() - start > time_limit:
            break
        base = world(view, rng)
        for j, a in enumerate(legal):
            st = copy_state(base)
            st.history = []
            dispatch.apply(st, a)
            totals[j] += playout(st, view.seat)
    best = max(range(len(legal)), key=lambda j: totals[j])
    return legal[best]


def decide(view: PileView, level: str, seed: int, time_limits: bool = False) -> PileAction:
    """``level``'s move for ``view.seat`` (which must be to act), from ``seed``."""
    rng = random.Random(seed)
    if level == "easy":
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no move now")
        if rng.random() < EASY_RANDOM:
            return view.legal[rng.randrange(len(view.legal))]
        return baseline_decide(view)
    if level == "normal":
        return search(view, NORMAL_WORLDS, rng, NORMAL_TIME_LIMIT if time_limits else None)
    if level == "strong":
        return search(view, STRONG_WORLDS, rng, STRONG_TIME_LIMIT if time_limits else None)
    raise UnknownLevelError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")


def decide_json(view_json: str, level: str, seed: int) -> str:
    """The worker boundary: a view's JSON in, ``{"action": ..., "level": ...}`` out; a
    malformed view is a :class:`~durak.pile.view.PileViewError`."""
    try:
        data = loads_bounded(view_json, max_chars=MAX_VIEW_JSON, max_depth=MAX_VIEW_DEPTH)
    except JsonShapeError as e:
        raise PileViewError(f"view: {e}") from e
    view = PileView.from_dict(data)
    action = decide(view, level, seed, time_limits=True)
    return json.dumps({"action": action_text(action), "level": level})


__all__ = ["LEVELS", "UnknownLevelError", "decide", "decide_json", "playout", "search",
           "unplaced", "world"]
