"""The one table from a phase to its module, and the entry points over it.

>>> from durak.game import Game
>>> from durak.rules import Rules
>>> g = Game.new(Rules(), seed=7)
>>> PHASE_RULES[g.phase].__name__
'durak.phases.opening'
>>> legal_actions(g) == PHASE_RULES[g.phase].legal(g)
True

:func:`legal_actions`, :func:`apply` and :func:`apply_unchecked` are what
:meth:`durak.game.Game.legal_actions`, :meth:`~durak.game.Game.apply` and
:meth:`~durak.game.Game.apply_unchecked` run; :mod:`durak.view` uses
:func:`legal_actions` too.  Two kinds of moves stand beside a phase's own:

* the talon moves (``six_swap``, ``armenian``, ``second_chance``, ``poker``:
  :mod:`durak.phases.talon_moves`) and the attacker's double (``match=cube15``:
  :func:`durak.phases.cube.double_actions`), listed after the phase's own moves
  in ``ATTACK``, ``DEFEND`` and ``THROW``;
* ``inverted``'s plays by position (:mod:`durak.phases.inverted`), which
  replace the phase's own moves in those three phases.

:data:`BESIDE` maps those actions' kinds to their moves; a phase module's
``MOVES`` does the same for the phase's own actions, and :func:`apply_unchecked`
looks an action up in the two together.  ``Phase.OVER`` has no module:
nothing is legal in it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Final, Protocol

from durak import actions
from durak.cards import card_text
from durak.phases import cube, defence, doubt, inverted, opening, talon_moves, throw_in
from durak.phases.throw_in import throws_allowed
from durak.phases.transfer import why_no_transfer
from durak.state import UNCOVERED, GameState, Move, Phase


class PhaseRules(Protocol):
    """What every phase module offers (see :mod:`durak.phases`)."""

    def legal(self, state: GameState) -> list[actions.Action]: ...

    def apply(self, state: GameState, action: actions.Action) -> None: ...

    @property
    def MOVES(self) -> Mapping[type[actions.Action], Move]:  # the action kinds and their moves
        ...


PHASE_RULES: Final[Mapping[Phase, PhaseRules]] = MappingProxyType({
    Phase.ATTACK: opening,
    Phase.DEFEND: defence,
    Phase.THROW: throw_in,
    Phase.DOUBT: doubt,
    Phase.CUBE: cube,
})
"""Each phase's module (``legal`` and ``apply``); the game dispatches on this."""

_OVER: Final = Phase.OVER
#: Phases in which an ``inverted`` player plays by position, and in which the
#: moves beside the phase's own are offered.
_BLIND_PHASES: Final = (Phase.ATTACK, Phase.DEFEND, Phase.THROW)

BESIDE: Final[Mapping[type[actions.Action], Move]] = MappingProxyType({
    **talon_moves.MOVES,
    actions.Double: cube.double,
    actions.PlaySlot: inverted.apply,
    actions.CoverSlot: inverted.apply,
})
"""The moves that stand beside the phases' own in ``ATTACK``, ``DEFEND`` and ``THROW``."""

# The tables as plain dictionaries of functions: one look-up and one call a move.
_LEGAL: Final[dict[Phase, Callable[[GameState], list[actions.Action]]]] = {
    phase: rules.legal for phase, rules in PHASE_RULES.items()}
_MOVES: Final[dict[Phase, dict[type[actions.Action], Move]]] = {
    phase: {**rules.MOVES, **(BESIDE if phase in _BLIND_PHASES else {})}
    for phase, rules in PHASE_RULES.items()}
#: The phase of each kind of action (to tell a move of another phase from one
#: made out of turn).
_PHASE_OF: Final = {
    actions.Attack: Phase.ATTACK, actions.Cover: Phase.DEFEND, actions.Take: Phase.DEFEND,
    actions.Transfer: Phase.DEFEND, actions.Throw: Phase.THROW, actions.Pass: Phase.THROW,
    actions.FromTalon: Phase.ATTACK, actions.TryTalon: Phase.DEFEND,
    actions.PokerSwap: Phase.DEFEND, actions.Baltic: Phase.DEFEND, actions.Double: Phase.ATTACK,
    actions.Accept: Phase.CUBE, actions.Fold: Phase.CUBE, actions.Challenge: Phase.DOUBT,
    actions.PlaySlot: Phase.ATTACK, actions.CoverSlot: Phase.DEFEND,
}

LegalOf = dict[Phase, Callable[[GameState], list[actions.Action]]]
"""Per phase, the function listing a game's legal actions in it (``OVER``: none)."""
MovesOf = dict[Phase, dict[type[actions.Action], Move]]
"""Per phase, a game's moves by the kind of action."""


def _nothing(_state: GameState) -> list[actions.Action]:
    return []


def _with_beside(legal: Callable[[GameState], list[actions.Action]]
                 ) -> Callable[[GameState], list[actions.Action]]:
    """``legal`` followed by the moves beside the phase's own: the attacker's double
    (``match=cube15``), then the talon moves."""
    def with_beside(state: GameState) -> list[actions.Action]:
        out = legal(state)
        if state.rules.match == "cube15":
            out += cube.double_actions(state)
        out += talon_moves.legal(state)
        return out
    return with_beside


def _then_sync(move: Move) -> Move:
    """``inverted``: ``move``, then every hand's positions brought up to date."""
    def then_sync(state: GameState, action: actions.Action) -> None:
        move(state, action)
        inverted.sync_slots(state)
    return then_sync


def _tables(blind: bool, beside: bool, single: bool, plain: bool) -> tuple[LegalOf, MovesOf]:
    legal_of: LegalOf = {_OVER: _nothing}
    moves_of: MovesOf = {}
    for phase, legal in _LEGAL.items():
        if phase is Phase.ATTACK and single:  # one-card attacks, no coward: one call less
            legal = opening.single_attacks
        if phase is Phase.DEFEND and plain:  # take and covers only: fewer questions
            legal = defence.plain_legal
        if phase in _BLIND_PHASES:
            if blind:  # inverted: plays by position replace the phase's own
                legal = inverted.legal
            if beside:  # six_swap, armenian, second_chance, poker, cube15
                legal = _with_beside(legal)
        legal_of[phase] = legal
        moves = _MOVES[phase]
        moves_of[phase] = {kind: _then_sync(m) for kind, m in moves.items()} if blind else moves
    return legal_of, moves_of


_TABLES: Final = {(blind, beside, single, plain): _tables(blind, beside, single, plain)
                  for blind in (False, True) for beside in (False, True)
                  for single in (False, True) for plain in (False, True)}


def tables_for(flags: tuple[bool, ...]) -> tuple[LegalOf, MovesOf]:
    """A game's :attr:`~durak.state.GameState.tables` for its flags (``inverted`` is
    flag 13; the moves beside the phases' own, flag 6; one-card attacks without
    ``coward``, flag 3; a defence of takes and covers only, flag 15): chosen once at
    the deal, so a move finds its function without asking the options each time.
    Shared by every game with those flags: never changed."""
    return _TABLES[flags[13], flags[6], flags[3], flags[15]]


def legal_actions(state: GameState) -> list[actions.Action]:
    """Every legal action of ``state.to_act`` (empty once the game is over)."""
    return state.tables[0][state.phase](state)


def apply_unchecked(state: GameState, action: actions.Action) -> None:
    """Perform a legal action without checking it (search, playouts)."""
    state.events.append(("a", state.to_act, action))
    state.tables[1][state.phase][type(action)](state, action)


def apply(state: GameState, action: actions.Action, seat: int | None = None) -> None:
    """Perform ``action`` for ``state.to_act`` (or first check it is ``seat``'s turn).

    Refused with :class:`IllegalActionError` saying why: anything once the game
    is over, and an action that is not legal now; with
    :class:`NotYourTurnError`: a ``seat`` that is not to act, for a move of the
    phase the game is in.
    """
    phase = state.phase
    if phase is Phase.OVER:
        raise actions.IllegalActionError("the game is over")
    if seat is not None and seat != state.to_act:
        if _PHASE_OF.get(type(action)) is not phase and not (
                type(action) is actions.PlaySlot and phase is Phase.THROW):
            raise actions.IllegalActionError(why_illegal(state, action))
        raise actions.NotYourTurnError(f"it is seat {state.to_act}'s turn, not seat {seat}'s")
    if action not in legal_actions(state):
        raise actions.IllegalActionError(why_illegal(state, action))
    apply_unchecked(state, action)


def why_illegal(state: GameState, action: actions.Action) -> str:
    """Why ``action`` is not legal now, in words for the player."""
    phase = state.phase
    who = f"seat {state.to_act}"
    if isinstance(action, (actions.PlaySlot, actions.CoverSlot)) or (
            state._flags[13]
            and isinstance(action, (actions.Attack, actions.Cover, actions.Throw))):
        return _why_no_slot(state, action)
    if isinstance(action, actions.Attack):
        if phase is not Phase.ATTACK:
            return f"no opening attack now: the game is in the {phase.value} phase"
        if action.cards & ~state.hands[state.to_act]:
            return f"{who} does not hold every card of the attack"
        if action.cards.bit_count() > state.limit:
            return (f"the attack has {action.cards.bit_count()} cards but the limit "
                    f"is {state.limit}")
        return f"attack_set={state.rules.attack_set} does not allow this attack" + (
            " (coward: a strongest card must open)" if state.rules.coward else "")
    if isinstance(action, (actions.Cover, actions.Take, actions.Transfer)):
        if phase is not Phase.DEFEND:
            return f"only the defender covers, takes or transfers, in the defend phase " \
                   f"(the game is in the {phase.value} phase)"
        if isinstance(action, actions.Cover):
            if not state.hands[state.to_act] >> action.card & 1:
                return f"{who} does not hold {card_text(action.card)}"
            if action.target not in state.attacks:
                return f"{card_text(action.target)} is not an attack card on the table"
            i = state.attacks.index(action.target)
            if state.covers[i] != UNCOVERED:
                return f"{card_text(action.target)} is already covered"
            return f"{card_text(action.card)} does not beat {card_text(action.target)}"
        if isinstance(action, actions.Transfer):
            return why_no_transfer(state, action)
    if isinstance(action, (actions.Throw, actions.Pass)):
        if phase is not Phase.THROW:
            return (f"no throw-in window is open (the game is in the {phase.value} "
                    f"phase): throw-ins wait until every attack card is covered")
        if isinstance(action, actions.Throw):
            if not state.hands[state.to_act] >> action.card & 1:
                return f"{who} does not hold {card_text(action.card)}"
            return f"{card_text(action.card)} matches no card on the table"
    return f"{action!r} is not legal now"


def _why_no_slot(state: GameState, action: actions.Action) -> str:
    """Why a play by position (``inverted``, docs/rules/durak.md §3.5) is not legal now."""
    if not state._flags[13]:
        return "cards are played by position only with inverted=on"
    if not isinstance(action, (actions.PlaySlot, actions.CoverSlot)):
        return ("inverted=on: nobody sees their own cards, so a card is played by its "
                "position in the hand ('slot N', 'cover slot N on 7C')")
    held = len(state.slots[state.to_act])
    phase = state.phase
    if isinstance(action, actions.CoverSlot):
        if phase is not Phase.DEFEND:
            return f"only the defender covers, in the defend phase (the game is in " \
                   f"the {phase.value} phase)"
        if action.target not in state.attacks:
            return f"{card_text(action.target)} is not an attack card on the table"
        if state.covers[state.attacks.index(action.target)] != UNCOVERED:
            return f"{card_text(action.target)} is already covered"
    elif phase not in (Phase.ATTACK, Phase.THROW):
        return f"no opening attack or throw-in now: the game is in the " \
               f"{phase.value} phase"
    elif phase is Phase.THROW and not throws_allowed(state):
        return "nothing more may be thrown in this bout"
    if not 0 <= action.slot < held:
        return f"seat {state.to_act} holds {held} cards: positions are 0..{held - 1}"
    return f"{action!r} is not legal now"


__all__ = [
    "BESIDE", "PHASE_RULES", "LegalOf", "MovesOf", "PhaseRules", "apply", "apply_unchecked",
    "legal_actions", "tables_for", "why_illegal",
]
