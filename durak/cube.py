"""The doubling cube of the 2-player first-to-15 match (DURAK.md §7, ``match=cube15``).

§7: "Before the opening attack of any bout [I], a player who may use it (either
while centred, else its owner) offers a double; the opponent accepts (value ×2,
owns the cube) or folds (下り), losing at the current value."

So both players may double, each before the bout's opening attack [I: once per
bout, whoever offers first]:

* the defender first: a bout in which the defender may use the cube opens in
  the ``cube`` phase with the defender to act, choosing ``double`` or ``pass``
  (the pass is the decision not to double; it writes nothing in the text
  record);
* then the attacker, in the ``attack`` phase: ``double`` beside the attacks.

A double is answered in the ``cube`` phase by the other player (``accept`` or
``fold``); after it the attacker opens the bout.

The defender's chance comes first because :meth:`durak.state.GameState._start_bout`
opens such a bout in the ``cube`` phase (there, not in an override: a hot path).
"""

from __future__ import annotations

from durak.actions import ACCEPT, DOUBLE, FOLD, PASS, Action
from durak.state import Phase, Result
from durak.talon_moves import TalonMoves


class Cube(TalonMoves):
    """``match=cube15``: offering, accepting and declining a double (§7)."""

    __slots__ = ()

    def _may_double(self, seat: int) -> bool:
        return not self.cube_offered and self.cube_owner in (None, seat)

    def _cube_answers(self) -> list[Action]:
        """The ``cube`` phase: answer a double, or (defender, no offer yet) offer one."""
        return [ACCEPT, FOLD] if self.cube_offered else [DOUBLE, PASS]

    def _cube_actions(self) -> list[Action]:
        """The attacker's double, beside the opening attacks."""
        if self.phase is Phase.ATTACK and self._may_double(self.to_act):
            return [DOUBLE]
        return []

    def _double(self) -> None:
        self.cube_offered = True
        self.to_act = self.attacker if self.to_act == self.defender else self.defender
        self.phase = Phase.CUBE

    def _no_double(self) -> None:
        """The defender lets the chance go: the attacker opens (and may still double)."""
        self.phase = Phase.ATTACK
        self.to_act = self.attacker

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
