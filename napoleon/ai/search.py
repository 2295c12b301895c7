"""Perfect-information Monte Carlo (PIMC) over sampled worlds, exact at the end.

For each candidate card the search plays every sampled world to the end:
with the baseline's rules (:mod:`napoleon.ai.policy`) while many tricks
remain, and with an exact two-team minimax once few cards are left (the
French side maximizes the searching seat's utility if it is French, the
allies minimize it, and vice versa).  Every candidate sees the same worlds
(common random numbers), so the comparison is fair even with few worlds.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import fsum

from napoleon.ai.playout import Table, joker_names
from napoleon.ai.policy import choose_play, play_out
from napoleon.cards import JOKER, Card, Hand, Suit, cards_of

Candidate = tuple[Card, Suit | None]


#: :func:`sides_of` by (players, Napoleon, adjutant): every simulated contract asks.
_SIDES: dict[tuple[int, int, int], list[list[int]]] = {}


def sides_of(t: Table) -> list[list[int]]:
    """``sides[me][seat]``: +1 same side, -1 the other side (the world's truth).

    Built once per seating (players, Napoleon, adjutant) and shared: the
    playouts only read it (never change it)."""
    key = (t.players, t.napoleon, t.adjutant)
    sides = _SIDES.get(key)
    if sides is None:
        french = [t.is_french(s) for s in range(t.players)]
        sides = _SIDES[key] = [
            [1 if french[s] == french[m] else -1 for s in range(t.players)]
            for m in range(t.players)
        ]
    return sides


def hidden_sides_of(t: Table) -> list[list[int]]:
    """``sides[me][seat]`` as each seat knows it while the called card is unplayed.

    Only the adjutant (and a Napoleon who knows he is alone) knows the
    sides; Napoleon and the allies see strangers (0) until the reveal.
    Playouts that let every seat know the adjutant from the first trick
    overrate coordinated play and never value hiding or revealing.
    """
    n = t.players
    nap, adj = t.napoleon, t.adjutant
    out = []
    for me in range(n):
        if me == adj or (me == nap and adj < 0):
            french = me in (nap, adj)
            out.append([1 if (s in (nap, adj)) == french else -1 for s in range(n)])
        elif me == nap:
            out.append([1 if s == me else 0 for s in range(n)])
        else:
            out.append([1 if s == me else (-1 if s == nap else 0) for s in range(n)])
    return out


def rollout(
    t: Table, sides: list[list[int]], hidden: list[list[int]] | None = None
) -> None:
    """Play ``t`` to the end with the baseline's rules for every seat.

    With ``hidden``, seats play on those beliefs until the called card is played.
    """
    play_out(t, sides, hidden)


def candidates_of(t: Table, legal: Hand) -> list[Candidate]:
    """The moves to compare: each legal card; a led joker once per named suit."""
    out: list[Candidate] = []
    for c in cards_of(legal):
        if c >= JOKER and not t.trick:
            hand = t.hands[t.to_act()]
            out.extend((c, s) for s in joker_names(t.rules, t.trump, t.trick_no, hand))
        else:
            out.append((c, None))
    return out


def exact_value(
    t: Table, utility: Sequence[float], french_max: bool, alpha: float, beta: float
) -> float:
    """Minimax value of ``t`` for the searching seat (``utility[french honors]``).

    ``french_max``: the searching seat is French, so French seats maximize.
    """
    if t.trick_no > t.last:
        return utility[t.french_honors()]
    seat = (t.leader + len(t.trick)) % t.players
    maximizing = t.is_french(seat) == french_max
    legal = t.legal()
    best = -1e9 if maximizing else 1e9
    for c, named in candidates_of(t, legal):
        child = t.copy()
        child.play(c, named)
        v = exact_value(child, utility, french_max, alpha, beta)
        if maximizing:
            if v > best:
                best = v
            if best > alpha:
                alpha = best
        else:
            if v < best:
                best = v
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return best


def final_outcome(
    t: Table,
    utility: Sequence[float],
    french_max: bool,
    exact: bool,
    sides: list[list[int]],
    hidden: list[list[int]] | None,
) -> tuple[float, int]:
    """The searching seat's utility at the end of ``t`` and the French honors then.

    Exact minimax near the end (``exact``), else a playout.  The minimax
    value is a leaf's utility; ``utility`` is monotone in the honors (its
    tie-break), so that value names the leaf's honor count.
    """
    if exact:
        v = exact_value(t, utility, french_max, -1e9, 1e9)
        return v, min(range(len(utility)), key=lambda f: abs(utility[f] - v))
    rollout(t, sides, hidden)
    f = t.french_honors()
    return utility[f], f


def score_candidates(
    worlds: Sequence[Table],
    candidates: Sequence[Candidate],
    me: int,
    utility: Sequence[float],
    exact_tricks: int = 2,
    hidden_roles: bool = False,
) -> list[float]:
    """The mean utility of each candidate over ``worlds`` (the seat to act is ``me``)."""
    totals = [0.0] * len(candidates)
    for w in worlds:
        sides = sides_of(w)
        hidden = hidden_sides_of(w) if hidden_roles else None
        french_max = w.is_french(me)
        exact = w.last - w.trick_no < exact_tricks
        for i, (c, named) in enumerate(candidates):
            t = w.copy()
            t.play(c, named)
            if exact:
                totals[i] += exact_value(t, utility, french_max, -1e9, 1e9)
            else:
                rollout(t, sides, hidden)
                totals[i] += utility[t.french_honors()]
    n = max(1, len(worlds))
    return [x / n for x in totals]


#: What one world says about one root candidate under the second ply: the
#: public plays between the root and the searching seat's next turn (its
#: information set there, as far as this search can tell them apart), and
#: (utility, French honors) for each of its cards at that turn, in
#: :func:`candidates_of`'s order (one entry when the game ends first, or
#: when the turn is inside the exact endgame, whose minimax already picks).
NextTurn = tuple[tuple[Candidate, ...], list[tuple[float, int]]]


def next_turn_outcomes(
    t: Table,
    me: int,
    utility: Sequence[float],
    french_max: bool,
    sides: list[list[int]],
    hidden: list[list[int]] | None,
    exact_tricks: int,
    exact_cards: int,
) -> NextTurn:
    """Play ``t`` by the policy up to ``me``'s next turn, then try each of its cards.

    The cards the other seats play until then are public, so they name the
    information set ``me`` will be in; worlds with the same plays must get
    the same card there (:func:`second_ply_values`), which keeps the second
    ply from choosing with hands it cannot see.
    """
    seen: list[Candidate] = []
    last, players = t.last, t.players
    called = t.called
    while t.trick_no <= last and (t.leader + len(t.trick)) % players != me:
        seat = (t.leader + len(t.trick)) % players
        if hidden is not None and called >= 0 and not t.played >> called & 1:
            side = hidden[seat]
        else:
            side = sides[seat]
        c, named = choose_play(t, side, aware=True)
        t.play(c, named)
        seen.append((c, named))
    key = tuple(seen)
    if t.trick_no > last:
        f = t.french_honors()
        return key, [(utility[f], f)]
    exact = t.last - t.trick_no < exact_tricks and cards_left(t) <= exact_cards
    if exact:
        return key, [final_outcome(t, utility, french_max, True, sides, hidden)]
    out = []
    for c, named in candidates_of(t, t.legal()):
        child = t.copy()
        child.play(c, named)
        out.append(final_outcome(child, utility, french_max, False, sides, hidden))
    return key, out


def information_sets(turns: Sequence[NextTurn]) -> list[list[int]]:
    """The worlds of ``turns`` grouped by the public plays up to the seat's next
    turn (its information set there), each group in ``turns``' order."""
    groups: dict[tuple[Candidate, ...], list[int]] = {}
    for i, (key, _) in enumerate(turns):
        groups.setdefault(key, []).append(i)
    return list(groups.values())


def second_ply_values(turns: Sequence[NextTurn]) -> list[tuple[float, int]]:
    """Each world's (utility, French honors) with the searching seat's next card
    chosen once per information set: the card with the best total utility over
    the worlds that share it (the first on a tie), in ``turns``' order."""
    out: list[tuple[float, int]] = [(0.0, 0)] * len(turns)
    for members in information_sets(turns):
        options = len(turns[members[0]][1])
        best = max(
            range(options), key=lambda j: (fsum(turns[i][1][j][0] for i in members), -j)
        )
        for i in members:
            out[i] = turns[i][1][best]
    return out


def held_out_values(turns: Sequence[NextTurn]) -> list[float | None]:
    """:func:`second_ply_values`' utilities with each world's card chosen from the
    *other* worlds of its information set (None for a world alone in its set).

    Choosing a world's card by that world's own outcome, as a set of one does,
    is choosing with its hidden hands: an optimistic figure that favours a
    candidate after which the sets split finely.  Held out, a world is valued
    with a card it did not pick for itself.
    """
    out: list[float | None] = [None] * len(turns)
    for members in information_sets(turns):
        if len(members) < 2:
            continue
        options = len(turns[members[0]][1])
        totals = [fsum(turns[i][1][j][0] for i in members) for j in range(options)]
        for i in members:
            best = max(range(options), key=lambda j: (totals[j] - turns[i][1][j][0], -j))
            out[i] = turns[i][1][best][0]
    return out


def cards_left(t: Table) -> int:
    """The cards still to be played in ``t``, the current trick's included."""
    return (t.last - t.trick_no + 1) * t.players - len(t.trick)
