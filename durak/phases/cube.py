"""The doubling cube of the 2-player first-to-15 match (docs/rules/durak.md §7, ``match=cube15``).

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

The defender's chance comes first because :func:`durak.state.start_bout`
opens such a bout in the ``cube`` phase (there, not here: a hot path).

The phase ``CUBE``: :func:`legal` and :func:`apply`; the attacker's double
in the ``ATTACK`` phase is a move beside the opening
(:func:`double_actions`, added by :mod:`durak.phases.dispatch`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from durak.actions import (
    ACCEPT,
    DOUBLE,
    FOLD,
    PASS,
    Accept,
    Action,
    Double,
    Fold,
    Pass,
)
from durak.state import GameState, Move, Phase, Result, play_move


def may_double(g: GameState, seat: int) -> bool:
    return not g.cube_offered and g.cube_owner in (None, seat)


def legal(g: GameState) -> list[Action]:
    """The ``cube`` phase: answer a double, or (defender, no offer yet) offer one."""
    return [ACCEPT, FOLD] if g.cube_offered else [DOUBLE, PASS]


def apply(g: GameState, action: Action) -> None:
    """Offer a double (either player), decline to (the defender), accept, or fold."""
    play_move(MOVES, g, action, "move of the cube")


def double_actions(g: GameState) -> list[Action]:
    """The attacker's double, beside the opening attacks."""
    if g.phase is Phase.ATTACK and may_double(g, g.to_act):
        return [DOUBLE]
    return []


def double(g: GameState, action: Double) -> None:
    g.cube_offered = True
    g.to_act = g.attacker if g.to_act == g.defender else g.defender
    g.phase = Phase.CUBE


def no_double(g: GameState, action: Pass) -> None:
    """The defender lets the chance go: the attacker opens (and may still double)."""
    g.phase = Phase.ATTACK
    g.to_act = g.attacker


def accept(g: GameState, action: Accept) -> None:
    """The cube's value doubles and it passes to the one who accepted."""
    g.cube *= 2
    g.cube_owner = g.to_act
    g.phase = Phase.ATTACK
    g.to_act = g.attacker


def fold(g: GameState, action: Fold) -> None:
    """The game is lost at the current stake."""
    g.result = Result((g.to_act,), False, folded=True, stake=g.cube)
    g.phase = Phase.OVER
    g.events.append(("end", g.result))


MOVES: Final[Mapping[type[Action], Move]] = MappingProxyType({
    Double: double, Pass: no_double, Accept: accept, Fold: fold})
"""The phase's action kinds and their moves (the dispatch's table reads it)."""
