"""The searching levels' doubling cube (``match=cube15``, docs/rules/durak.md §7).

Every cube decision asks one question — how likely is this seat to win the
game from here? — and answers it with baseline playouts over worlds sampled
from the seat's view (:func:`win_chance`), the same machinery the search
uses for its moves, never a hidden card.

The thresholds come from the cube's scoring in §7: the winner scores the
cube's value, a fold loses at the current value, there are no draws and no
gammons (a game is worth one cube, whatever the margin).

* **Accept or fold** (:data:`TAKE_AT` = 1/4).  Doubled at stake ``v`` and
  winning with chance ``p``: folding loses ``v``; accepting wins ``2v`` with
  ``p`` and loses ``2v`` otherwise, ``2v(2p − 1)``.  Accepting is better when
  ``2v(2p − 1) ≥ −v``, i.e. ``p ≥ 1/4`` — the classic "dead cube" take point.
  The taker also gets the cube (it may redouble later), which is worth a
  little more; the estimate is noisy and made with baseline play on both
  sides, so no finer correction is claimed.
* **Offer a double** (:data:`DOUBLE_AT` = 0.70).  A double the opponent folds
  scores the current value at once, the most a game can ever give here (no
  gammons): so a seat sure enough that its opponent should fold (``p > 3/4``)
  always doubles — in Durak a position is never "too good to double".  Below
  that, an accepted double turns ``v(2p − 1)`` into ``2v(2p − 1)``: a gain
  for any ``p > 1/2``, minus what handing over the cube costs (the opponent
  may redouble when the game turns, and the doubler may not double again).
  Durak turns sharply (one take changes a hand; with two players the last
  round is played with every card known), so waiting for ``3/4`` often
  means jumping from "too early" to "opponent folds correctly" and losing
  the market: the double is offered from 0.70, the lower edge of the usual
  doubling window for a volatile money game.
* **Who, when** (the engine's rules): before a bout's opening attack, the
  defender first (``cube`` phase: ``double``/``pass``), then the attacker
  (``double`` beside the attacks).

The match score is not in the view, so these are money-game decisions (no
match-score adjustment: e.g. no free double when the opponent is one point
from 15).  Playouts are baseline games on both sides (the baseline accepts
every double and never offers one), so the estimate is the chance of
winning the game without further cube moves.

The estimate stops early when it is far from the threshold it is compared
with (:func:`win_chance`'s ``threshold``): most positions are nowhere near a
double, and those cost a few playouts.  Still reproducible: the worlds come
from the seeded generator, and without a time limit the decision depends
only on the view and the seed.
"""

from __future__ import annotations

import math
import random
import time
from typing import Final

from durak.actions import ACCEPT, DOUBLE, FOLD, PASS, Action
from durak.ai.playouts import playout
from durak.ai.worlds import sample_world
from durak.view import PlayerView

#: Accept a double at this chance of winning or more (the dead-cube take point).
TAKE_AT: Final = 0.25
#: Offer a double at this chance of winning or more.
DOUBLE_AT: Final = 0.70
#: Playouts are drawn in batches of this size; the early stop is checked between them.
BATCH: Final = 8
#: The early stop: at least this many playouts, then stop once the mean is more than
#: ``STOP_SE`` standard errors (of a win/lose mean, at most 0.5/sqrt(n)) from the threshold.
MIN_PLAYOUTS: Final = 16
STOP_SE: Final = 2.5


def win_chance(view: PlayerView, rng: random.Random, playouts: int, first: Action | None = None,
               noise: float = 0.05, threshold: float | None = None,
               time_limit: float | None = None) -> float:
    """The seat's chance of winning the game: ``first`` (if any) then baseline playouts.

    At most ``playouts`` playouts, one per sampled world; with a ``threshold``
    it stops once the estimate is clearly on one side of it; with a
    ``time_limit`` (seconds) no new batch starts after it.
    """
    seat = view.seat
    total = 0.0
    n = 0
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    while n < playouts:
        for _ in range(min(BATCH, playouts - n)):
            g = sample_world(view, rng)
            if first is not None:
                g.apply_unchecked(first)
            total += playout(g, seat, rng, noise)
            n += 1
        mean = total / n
        if threshold is not None and n >= MIN_PLAYOUTS and \
                abs(mean - threshold) > STOP_SE * 0.5 / math.sqrt(n):
            break
        if deadline is not None and time.perf_counter() > deadline:
            break
    return total / n


def cube_decision(view: PlayerView, rng: random.Random, playouts: int,
                  time_limit: float | None = None) -> Action | None:
    """The cube move for ``view`` (``double``/``pass``, ``accept``/``fold``, or an
    attacker's ``double``), or None when the seat has no cube choice or (an attacker)
    does not double and should choose its opening attack."""
    legal = view.legal_actions
    if ACCEPT in legal:
        p = win_chance(view, rng, playouts, ACCEPT, threshold=TAKE_AT, time_limit=time_limit)
        return ACCEPT if p >= TAKE_AT else FOLD
    if DOUBLE not in legal:
        return None
    after = PASS if PASS in legal else None  # the defender's chance, or the attacker's
    p = win_chance(view, rng, playouts, after, threshold=DOUBLE_AT, time_limit=time_limit)
    if p >= DOUBLE_AT:
        return DOUBLE
    return after
