"""The exact endgame: when a seat's view leaves nothing to guess, solve the rest.

With two players and the talon gone every card is known (the discard pile
was played face up, so the other hand is the rest of the deck); with more
players the views sometimes make it so too.  :func:`known_world` gives the
one game such a view allows, or None when some card could lie in two places
(or a rule adds chance: ``recycle``, or stakes the score ignores: ``cube15``).

:func:`solve` then searches the real game — the engine's own
``legal_actions``/``apply_unchecked``/``clone``, so every option in force
plays as at the table — to its end with :func:`durak.ai.exact.solve`
(alpha-beta over the three values a game can have for the seat: 1 not the
durak, ½ a draw, 0 the durak; a transposition table; move ordering: the
table's best move first, then the baseline's choice, then the legal order).
It is exact only for two sides (two players left, or two teams); with more
sides the value is not zero-sum and it returns None, as it does when its node
or time budget runs out.

**Cycles.**  Some option mixes allow a game that never ends (the test helpers'
``play_with`` lists them).  A position met again on the search's own path
scores a draw; values that rest on such a draw are not stored
(:mod:`durak.ai.exact`), so the table never carries a path's accident into
another path.  :func:`brute_force`, the check's yardstick, scores cycles the
same way with plain minimax and nothing else: the solver must agree with it on
every position
(``lab/durak/endgame_check.py``, ``tests/durak_ai/test_endgame.py``).

The position key is every field of the game but the ones that never change
within a game or only record its past (:data:`NOT_KEYED`), so a field a rule
adds later is keyed without a change here.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from dataclasses import dataclass
from operator import attrgetter
from typing import Final

from durak.actions import Action
from durak.ai.baseline import decide_game
from durak.ai.exact import ExactGame, OutOfBudget
from durak.ai.exact import solve as solve_exactly
from durak.ai.playouts import outcome
from durak.ai.worlds import hidden_places, hidden_pool, sample_world
from durak.game import Game, Phase
from durak.state import GameState
from durak.view import PlayerView

#: Fields left out of the position key: fixed for the whole game, derived from keyed
#: fields (``beat`` from the trump and defender), or the record of what happened.
NOT_KEYED: Final = frozenset({
    "rules", "n", "rng", "team", "deal", "dealer", "first_attacker", "events", "_flags",
    "nxt", "prv", "pos", "dummy", "no_role", "controller", "own_beat", "beat", "layer",
    "tables",  # the dispatch's, fixed by the options
    "slots",  # keyed apart: a list of lists (``inverted``)
})

#: Counters keyed by what the rules read of them (:func:`_counters`), not verbatim.
COUNTERS: Final = frozenset({"bout", "refills", "role_moves", "beaten_bouts", "covered",
                             "covered_high", "doubles", "out_at"})
_KEYED: Final = tuple(f for f in GameState.__slots__ if f not in NOT_KEYED | COUNTERS)
_get_keyed: Final = attrgetter(*_KEYED)


def _counters(g: Game) -> tuple[Hashable, ...]:
    """The counters as far as a rule reads them: ``bout == 1`` (``first_limit=first_bout``),
    ``beaten_bouts == 0`` (``until_beaten``), ``role_moves < n``
    (``transfer_first_round=forbid``), ``refills`` (``refill=progression``, only while
    the talon lasts) and the tallies of ``loser`` other than ``last``.  Keyed verbatim,
    they would make every bout a new position and hide the games that go round for ever."""
    r = g.rules
    tallies: tuple[Hashable, ...] = ()
    if r.loser != "last":  # the tie-break compares out_at with bout + 1
        tallies = (g.bout, tuple(g.covered), tuple(g.covered_high), tuple(g.doubles),
                   tuple(g.out_at))
    return (min(g.bout, 2), min(g.beaten_bouts, 1), min(g.role_moves, g.n),
            g.refills if r.refill == "progression" and g.talon else 0, tallies)
#: Where :data:`_KEYED` holds a list (keyed as a tuple) or a dict (as a frozenset of its
#: items), read off the state's annotations once: a ``type()`` test per field and
#: position cost more than the rest of the key.
_KEYED_LISTS: Final = tuple(i for i, f in enumerate(_KEYED)
                            if GameState.__annotations__[f].startswith("list["))
_KEYED_DICTS: Final = tuple(i for i, f in enumerate(_KEYED)
                            if GameState.__annotations__[f].startswith("dict["))


def position_key(g: Game) -> tuple[Hashable, ...]:
    """Every field that can shape the rest of the game; ``layer`` only for table cards
    (who laid each card matters for ``own_answer`` and only while it lies there)."""
    key: list[Hashable] = list(_get_keyed(g))
    for i in _KEYED_LISTS:
        key[i] = tuple(key[i])  # type: ignore[arg-type]  # a list, by its annotation
    for i in _KEYED_DICTS:
        key[i] = frozenset(key[i].items())  # type: ignore[attr-defined]  # a dict
    layer, table, laid = g.layer, g.table, []
    while table:  # the table's cards, lowest first
        low = table & -table
        laid.append(layer[low.bit_length() - 1])
        table ^= low
    key.append(tuple(laid))
    key.append(_counters(g))
    key.append(tuple(map(tuple, g.slots)))  # inverted: the order a hand is played by
    return tuple(key)


def sides_left(g: Game) -> int:
    """How many teams still hold cards (each player is its own team without teams)."""
    return len({g.team[s] for s in range(len(g.in_game)) if g.in_game[s]})


def known_world(v: PlayerView) -> Game | None:
    """The one game ``v`` allows, or None if a hidden card could lie in two places or
    the rules put chance or stakes in the rest (``recycle``, ``cube15``, ``dummy``)."""
    r = v.rules
    if (v.phase is Phase.OVER or r.recycle or r.match == "cube15" or r.dummy != "off"
            or r.inverted):
        return None
    pool, bottom = hidden_pool(v)
    need, talon_hidden, unseen_covers = hidden_places(v, bottom)
    places = [n for n in need if n] + [n for n in (talon_hidden, v.removed_count,
                                                   len(unseen_covers)) if n]
    places += [n for n in v.pile_sizes if n]
    if len(places) > 1 or talon_hidden or any(v.pile_sizes) or unseen_covers:
        return None  # cards in two places, or in an order nobody saw
    if v.removed_count and any(need):
        return None
    g = sample_world(v, random.Random(0))
    return g if sides_left(g) <= 2 and pool.bit_count() == sum(places) else None


@dataclass(frozen=True)
class Solution:
    """The game's exact value for the seat (1, ½ or 0), an action reaching it, and the
    nodes searched."""

    value: float
    action: Action
    nodes: int


def _play(g: Game, a: Action) -> Game:
    """A copy of ``g`` with ``a`` made (the search's step to a child)."""
    child = g.clone()
    child.apply_unchecked(a)
    return child


def _moves(g: Game, hint: Action | None) -> list[Action]:
    """The table's best move first, then the baseline's choice, then the legal order."""
    legal = g.legal_actions()
    first = hint if hint is not None else decide_game(g, legal)
    return [first] + [a for a in legal if a != first]


def _exact_game(seat: int, side: int) -> ExactGame[Game, tuple[Hashable, ...], Action]:
    """The default game as :func:`durak.ai.exact.solve` searches it for ``seat``, whose
    team is ``side``: the engine's own moves, the baseline's choice searched first."""
    return ExactGame(
        value=lambda g: outcome(g, seat) if g.phase is Phase.OVER else None,
        key=position_key, moves=_moves, play=_play,
        side=lambda g: g.team[g.to_act], me=side)


#: Nodes searched at most by default (about a second on CPython).
DEFAULT_NODES: Final = 40_000


def solve(g: Game, seat: int, nodes: int = DEFAULT_NODES,
          time_limit: float | None = None) -> Solution | None:
    """The exact value of ``g`` for ``seat``'s side and a move reaching it (``g`` must
    await that side's move), or None: more than two sides, or the budget ran out.

    Without a time limit the answer depends only on ``g``, ``seat`` and ``nodes``."""
    if g.phase is Phase.OVER or sides_left(g) > 2:
        return None
    if g.team[g.to_act] != g.team[seat]:
        raise ValueError(f"seat {seat}'s side is not to act (seat {g.to_act} is)")
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    root = g.clone()
    root.events = []  # the record only: no rule reads it back
    found = solve_exactly(_exact_game(seat, g.team[seat]), root, nodes, deadline)
    return None if found is None else Solution(*found)


def brute_force(g: Game, seat: int, limit: int = 200_000) -> float | None:
    """Plain minimax over the engine (no pruning, no table): the solver's yardstick, or
    None past ``limit`` positions.  A position already on the path scores a draw, as in
    the solver."""
    count = [0]

    def value(g: Game, path: frozenset[tuple[Hashable, ...]]) -> float:
        if g.phase is Phase.OVER:
            return outcome(g, seat)
        count[0] += 1
        if count[0] > limit:
            raise OutOfBudget
        key = position_key(g)
        if key in path:
            return 0.5
        path = path | {key}
        values = []
        for a in g.legal_actions():
            child = g.clone()
            child.apply_unchecked(a)
            values.append(value(child, path))
        return max(values) if g.team[g.to_act] == g.team[seat] else min(values)

    try:
        return value(g, frozenset())
    except (OutOfBudget, RecursionError):
        return None


__all__ = ["DEFAULT_NODES", "Solution", "brute_force", "known_world", "position_key",
           "solve"]
