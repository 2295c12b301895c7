"""The doubling cube of the 2-player first-to-15 match (DURAK.md §7, ``match=cube15``)."""

from __future__ import annotations

from durak.actions import (
    DOUBLE,
    Action,
)
from durak.state import Phase, Result
from durak.talon_moves import TalonMoves


class Cube(TalonMoves):
    """``match=cube15``: offering, accepting and declining a double (§7)."""

    __slots__ = ()

    def _cube_actions(self) -> list[Action]:
        """A double may be offered at the opening of a bout, once per bout, by whoever
        owns the cube (anybody while it is centred)."""
        if (self.phase is Phase.ATTACK and not self.cube_offered
                and self.cube_owner in (None, self.to_act)):
            return [DOUBLE]
        return []

    def _double(self) -> None:
        self.cube_offered = True
        self.phase = Phase.CUBE
        self.to_act = self.defender

    def _accept(self) -> None:
        """The cube's value doubles and it passes to the one who accepted."""
        self.cube *= 2
        self.cube_owner = self.to_act
        self.phase = Phase.ATTACK
        self.to_act = self.attacker

    def _fold(self) -> None:
        """The game is lost at the current stake."""
        self.result = Result((self.to_act,), False, folded=True, stake=self.cube)
        self.phase = Phase.OVER
        self.events.append(("end", self.result))

