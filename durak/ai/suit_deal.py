"""The computers of ``mode=suit_deal`` (DURAK.md §3.6, l.147).

The dealing phase gives a player one kind of choice: which table card their
turned card takes when it fits several (every other step is forced).  Taken
cards are the hand the play starts from, and in Durak a high card is a strong
card whatever trump turns out to be (the last card, not known yet), while a low
card left on the table goes to whoever takes it later (a later turner, or the
last card's player, who takes the whole table).  So:

* ``normal`` and ``strong`` take the highest table card that fits;
* ``easy`` takes one at random.

The play is the ordinary game, so each level plays it as the ordinary level
of its name (:mod:`durak.ai.levels`); every card is known to all there, so the
searching levels' worlds are all the one true position.
"""

from __future__ import annotations

import random

from durak.actions import Action
from durak.ai.levels import LEVELS, UnknownLevelError
from durak.ai.levels import decide as play_decide
from durak.suit_deal.deal_phase import TakeWith
from durak.suit_deal.view import DealView
from durak.view import PlayerView


def choose(view: DealView, level: str, rng: random.Random) -> TakeWith:
    """The dealing's choice of ``level`` for the seat of ``view`` (whose choice it is)."""
    if level not in LEVELS and level != "baseline":
        raise UnknownLevelError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
    legal = list(view.legal_actions)
    if not legal:
        raise ValueError(f"seat {view.seat} has no choice to make in this view")
    if level == "easy":
        return rng.choice(legal)
    return max(legal, key=lambda a: a.target)  # one suit: a higher number is a higher rank


def decide(view: DealView | PlayerView, level: str, seed: int,
           time_limits: bool = False) -> Action | TakeWith:
    """The move of ``level`` for the seat of ``view``, in the dealing or the play."""
    if isinstance(view, DealView):
        return choose(view, level, random.Random(seed))
    return play_decide(view, level, seed, time_limits)
