"""What every computer player is: a function from its own view to an action."""

from __future__ import annotations

import random
from typing import Protocol

from napoleon.actions import Action
from napoleon.view import PlayerView


class Player(Protocol):
    """A computer player.  It reads nothing but ``view`` (its seat's view)."""

    @property
    def name(self) -> str:
        """A short label for reports (``baseline``, ``strong`` ...)."""
        ...

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        """The action for ``view.seat``, which must be the seat to act."""
        ...
