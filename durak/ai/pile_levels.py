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
  In the games of :data:`TUNED_GAMES` (chinese at 2 players), once the talon
  is gone (:func:`known_state`), strong first solves the rest exactly
  (:mod:`durak.ai.pile_endgame`, at most :data:`STRONG_ENDGAME_NODES`
  positions): a won or drawn endgame is played by the solver's move, a lost
  one (or one past the budget) by the search, which looks for the other
  seat's mistakes.  There the search's ties (common: a playout's result is
  win or lose, and many moves win or lose in the same worlds) go to the
  baseline's choice, the cheapest card, and not to the first legal card,
  which in chinese is the lowest spade, a trump; and the search samples
  :data:`STRONG_TUNED_WORLDS` worlds instead of :data:`STRONG_WORLDS`.

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
from durak.ai.pile_endgame import solve
from durak.cards import DECK_36, Hand, cards_of
from durak.family.modes import CHINESE, CRUSADERS, HEAP
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
#: (mode, players) where strong solves the endgame exactly (:func:`known_state`) and
#: breaks its search's ties by the baseline's choice.  Only chinese at 2 players: the one
#: game where strong missed its target, and the only one measured with these
#: (docs/benchmarks.md); the other modes keep the search their figures were measured with.
TUNED_GAMES: Final = frozenset({(CHINESE, 2)})
#: Worlds strong samples in :data:`TUNED_GAMES` (elsewhere :data:`STRONG_WORLDS`): in
#: chinese at 2 players 32 worlds left about 3 points of score to sampling noise
#: (docs/benchmarks.md: 64 and 128 worlds measured on the same deals).  The page's
#: time cap still stops the sampling, so a slow machine searches fewer.
STRONG_TUNED_WORLDS: Final = 128
#: Positions the exact endgame may search per decision (and at most half the time cap).
STRONG_ENDGAME_NODES: Final = 20_000
#: A playout longer than this counts as a draw (games under the baseline average
#: 43–71 moves; docs/benchmarks.md).
PLAYOUT_MOVES: Final = 2_000
#: The worker's view JSON: longest text and deepest nesting read (crusaders' dealing's
#: draws, each a list in the dealing's list).
MAX_VIEW_JSON: Final = 20_000
MAX_VIEW_DEPTH: Final = 4


class UnknownLevelError(ValueError):
    """A level name that is not one of :data:`LEVELS`."""


@functools.lru_cache(maxsize=64)
def _rules(text: str) -> PileRules:
    return PileRules.from_text(text)


@functools.lru_cache(maxsize=16)
def _beaters(mode: str, trump: int, ten: bool) -> tuple[Hand, ...]:
    if mode == CRUSADERS:
        return chinese_beaters(False, CRUSADERS_TRUMP)
    return chinese_beaters(ten) if mode == CHINESE else standard_beaters(trump)


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
    if rules.mode == HEAP and tc is not None and tc in pool and view.talon:
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


def known_state(view: PileView) -> PileState | None:
    """The one state ``view`` allows when two seats hold cards and the talon is gone (the
    other hand is every card not in the seat's hand, the pile or the discard pile), else
    None."""
    if view.over or view.talon or len(view.counts) - len(view.out) != 2:
        return None
    others = sum(view.counts) - view.hand.bit_count() - sum(
        k.bit_count() for s, k in enumerate(view.known) if s != view.seat)
    if unplaced(view).bit_count() != others:
        return None  # the counts do not add up: not a position of the game
    return world(view, random.Random(0))  # one way to place the cards: no chance in it


def playout(st: PileState, seat: int) -> float:
    """Finish ``st`` with the baseline on every seat (mutates it); ``seat``'s result."""
    mode = dispatch.MODE_RULES[st.rules.mode]
    legal, apply, pick = mode.legal, mode.apply, policy(st.rules, st.trump)
    for _ in range(PLAYOUT_MOVES):
        if st.over:
            return 0.5 if st.durak is None else 0.0 if st.durak == seat else 1.0
        apply(st, pick(len(st.pile), legal(st)))
    return 0.5


def search_totals(view: PileView, worlds: int, rng: random.Random,
                  time_limit: float | None = None) -> tuple[list[float], int]:
    """Flat Monte Carlo's sums (see the module's docstring): per legal move of ``view``
    (in :attr:`PileView.legal_actions`'s order) the sum of its playouts' results over the worlds
    sampled, and how many worlds were (one when every card's place is known; fewer
    than ``worlds`` when ``time_limit`` stopped the sampling).  The hint
    (:mod:`durak.ai.pile_hint`) ranks the moves by these, as :func:`search` does."""
    legal = view.legal_actions
    if not unplaced(view):
        worlds = 1  # every card's place is known: all worlds are this one
    start = time.perf_counter()
    totals = [0.0] * len(legal)
    done = 0
    for i in range(worlds):
        if i and time_limit is not None and time.perf_counter() - start > time_limit:
            break
        base = world(view, rng)
        for j, a in enumerate(legal):
            st = copy_state(base)
            st.history = []
            dispatch.apply(st, a)
            totals[j] += playout(st, view.seat)
        done += 1
    return totals, done


def best_index(view: PileView, totals: list[float], prefer_baseline: bool = False) -> int:
    """The move :func:`search` plays from ``totals``: the highest; of equal totals the
    first legal one, or (``prefer_baseline``) the baseline's choice if it is among them."""
    legal = view.legal_actions
    if prefer_baseline:
        first = legal.index(baseline_decide(view))
        return max(range(len(legal)), key=lambda j: (totals[j], j == first))
    return max(range(len(legal)), key=lambda j: totals[j])


def search(view: PileView, worlds: int, rng: random.Random,
           time_limit: float | None = None, prefer_baseline: bool = False) -> PileAction:
    """Flat Monte Carlo over ``worlds`` sampled worlds (see the module's docstring); moves
    of equal totals go to the first legal one, or (``prefer_baseline``) to the baseline's
    choice if it is among them."""
    legal = view.legal_actions
    if not legal:
        raise ValueError(f"seat {view.seat} has no move now")
    if len(legal) == 1:
        return legal[0]
    totals, _done = search_totals(view, worlds, rng, time_limit)
    return legal[best_index(view, totals, prefer_baseline)]


def decide(view: PileView, level: str, seed: int, time_limits: bool = False) -> PileAction:
    """``level``'s move for ``view.seat`` (which must be to act), from ``seed``."""
    rng = random.Random(seed)
    if level == "easy":
        if not view.legal_actions:
            raise ValueError(f"seat {view.seat} has no move now")
        if rng.random() < EASY_RANDOM:
            return view.legal_actions[rng.randrange(len(view.legal_actions))]
        return baseline_decide(view)
    if level == "normal":
        return search(view, NORMAL_WORLDS, rng, NORMAL_TIME_LIMIT if time_limits else None)
    if level == "strong":
        limit = STRONG_TIME_LIMIT if time_limits else None
        rules = _rules(view.rules_text)
        tuned = (rules.mode, rules.players) in TUNED_GAMES
        if tuned and len(view.legal_actions) > 1:
            st = known_state(view)
            if st is not None:
                t0 = time.perf_counter()
                sol = solve(st, view.seat, STRONG_ENDGAME_NODES,
                            None if limit is None else limit / 2)
                if sol is not None and sol[0] > 0 and sol[1] in view.legal_actions:
                    return sol[1]
                if limit is not None:
                    limit = max(0.0, limit - (time.perf_counter() - t0))
        worlds = STRONG_TUNED_WORLDS if tuned else STRONG_WORLDS
        return search(view, worlds, rng, limit, prefer_baseline=tuned)
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


__all__ = ["LEVELS", "STRONG_TUNED_WORLDS", "TUNED_GAMES", "UnknownLevelError", "best_index",
           "decide", "decide_json", "known_state", "playout", "search", "search_totals",
           "unplaced", "world"]
