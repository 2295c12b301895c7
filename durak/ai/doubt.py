"""A model for ``doubt`` (docs/rules/durak.md §3.5): challenges and false covers.

Arena only (``normal+doubt``, ``strong+doubt``): measured weaker than the
plain search, which keeps playing ``doubt`` at the table (see
:mod:`durak.ai.levels` for the figures).

Under ``doubt`` covers are laid face down and may be any card (the lie), and
the others may challenge the one laid last: turned up, it beats → the
challenger takes every table card, else the defender does.

**The model of a defender** (used to deal the hidden face-down cover in the
search's worlds, :func:`durak.ai.worlds.sample_world`, and by the challenge
rule): a defender holding a card that beats the attack card covers with its
cheapest one, or lies all the same with its cheapest card that does not
beat with chance :data:`LIE_WITH_BEATER` (``μ``: keeping the beater for
later); a defender holding none lies with its cheapest card with chance
:data:`LIE_RATE` (``λ``), else takes.  Seen from a challenger, who knows only
how many cards the defender held unseen and which cards it cannot see
itself, the chance that the cover is a lie is then
``(λ·q + μ·(1 − q)) / (λ·q + 1 − q)`` with ``q`` the chance that none of the
defender's unseen cards beat the attack card (hypergeometric over the cards
the challenger cannot see, :func:`no_beater_chance`).  Challenge when that is
over 1/2 (:data:`CHALLENGE_AT`: a challenge hands the table cards to the
defender if right, to the challenger if wrong), i.e. when ``q > 3/8``.

Why these rates: ``λ`` = 1/2, nothing tells whether a given player lies.
``μ`` = 0.35 is measured, not guessed: the first version assumed honest
defenders (``μ`` = 0) and, against the previous search (which lied with
about 60% of its covers, most of them holding a beater) it challenged 13
times in 12 games and scored 28% [20, 36] (arena, 50 duplicate deals); with
``μ`` = 0.35 it challenged 59 times in 12 games, 40 rightly, and won half.  An
honest human is challenged a little more often than a perfect model of
them would; a liar much more often than before.

**A challenge** is that rule on the seat's view (:func:`challenge_in_view`).
**A false cover is searched**: per attack card the cheapest lie against the
cheapest true cover and the take (:func:`cover_candidates`), over worlds
dealt by the model.  **In the playouts** the challengers follow the same
rule on what they can see (:func:`challenge_in_game`); playout defenders
never lie.  That rule is what makes a lie cost something in the search:
without it (as before) no playout ever challenged, every lie was free.

Only what the seat can see is read: the view at the root, and in the
playouts the challenger's own hand, the discard, the face-up table cards,
the cards known to be in other hands and the trump card under the talon.
"""

from __future__ import annotations

from typing import Final

from durak.actions import Action, Cover
from durak.ai.policy import tables
from durak.ai.worlds import hidden_pool
from durak.game import Game, Phase
from durak.view import PlayerView

#: A defender with no card that beats the attack card lies with this chance (else takes).
LIE_RATE: Final = 0.5
#: A defender holding a beater lies with this chance all the same (to keep its beater).
LIE_WITH_BEATER: Final = 0.35
#: Challenge when the cover is a lie with more than this chance.
CHALLENGE_AT: Final = 0.5


def no_beater_chance(pool: int, beaters: int, unknown: int) -> float:
    """The chance that ``unknown`` cards drawn from ``pool`` unseen cards, ``beaters`` of
    which beat the attack card, hold none of those.

    >>> no_beater_chance(10, 0, 3), no_beater_chance(10, 10, 1), no_beater_chance(4, 2, 2)
    (1.0, 0.0, 0.16666666666666666)
    """
    q = 1.0
    for i in range(unknown):
        left = pool - i
        if left <= 0:
            break
        q *= max(0, left - beaters) / left
    return q


def false_chance(no_beater: float, lie_rate: float = LIE_RATE,
                 lie_with_beater: float = LIE_WITH_BEATER) -> float:
    """The chance that a cover laid is a lie, when the defender held no beater with
    chance ``no_beater`` (the model above).

    >>> false_chance(1.0), false_chance(0.0), round(false_chance(3 / 8), 3)
    (1.0, 0.35, 0.5)
    """
    lie = lie_rate * no_beater + lie_with_beater * (1.0 - no_beater)
    laid = lie_rate * no_beater + (1.0 - no_beater)
    return lie / laid if laid > 0 else 1.0


def challenge_in_game(g: Game) -> bool:
    """Playouts: does ``g.to_act`` (in the ``doubt`` phase) challenge the last cover?

    Reads only what that seat could see (see the module docstring).
    """
    s, d = g.to_act, g.defender
    target = g.attacks[g.covers.index(g.last_cover)]
    seen = g.hands[s] | g.discard | (g.table & ~g.face_down)
    for x, k in enumerate(g.known):
        if x != s:
            seen |= k
    tc = g.trump_card
    if tc is not None and g.trump_shown and tc in g.talon:
        seen |= 1 << tc
    pool = g.rules.deck_mask & ~seen
    unknown = (g.hands[d] & ~g.known[d]).bit_count() + 1  # the cover came from them
    q = no_beater_chance(pool.bit_count(), (pool & g.beat[target]).bit_count(), unknown)
    return false_chance(q) > CHALLENGE_AT


def challenge_in_view(view: PlayerView) -> bool:
    """The searching levels' challenge (``doubt`` phase): the rule of the playouts on
    the view — the cover is more likely a lie than not.

    Not searched: a playout cannot tell a lie from a cover the model deals, and a
    challenge that turns up a true cover hands the challenger the defender's good card
    — which the baseline playouts value about as much as what the wrong challenge
    costs, so the search's answer was a coin toss (measured: 7 right of 70).
    """
    assert view.doubt_target is not None
    d, target = view.defender, view.doubt_target
    pool, _ = hidden_pool(view)
    beat = tables(view.rules, view.trump).beat
    unknown = view.hand_sizes[d] - view.known[d].bit_count() + 1
    q = no_beater_chance(pool.bit_count(), (pool & beat[target]).bit_count(), unknown)
    return false_chance(q) > CHALLENGE_AT


def cover_candidates(view: PlayerView, legal: list[Action], first: Action) -> list[Action]:
    """The defender's moves worth searching under ``doubt``: every move but covers, and
    per uncovered attack card its cheapest true cover and its cheapest false one (the
    lie that costs least if caught)."""
    if view.phase is not Phase.DEFEND or not view.rules.doubt:
        return legal
    t = tables(view.rules, view.trump)
    best: dict[tuple[int, bool], Cover] = {}
    out: list[Action] = [first]
    for a in legal:
        if type(a) is not Cover:
            if a != first:
                out.append(a)
            continue
        true = bool(t.beat[a.target] >> a.card & 1)
        key = (a.target, true)
        old = best.get(key)
        if old is None or t.power[a.card] < t.power[old.card]:
            best[key] = a
    out += [c for c in best.values() if c != first]
    return out
