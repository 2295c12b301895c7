"""The opening attack of a bout (docs/rules/durak.md §2.5, §3.2 ``attack_set``,
``coward``), and who makes game 1's first one (docs/rules/durak.md §2.4).

The phase ``ATTACK``: :func:`legal` and :func:`apply`.  The moves beside the
opening in this phase (``armenian``'s attack from the talon, the cube's
double, ``six_swap``) are :mod:`durak.phases.talon_moves`' and
:mod:`durak.phases.cube`'s.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from durak.actions import (
    Action,
    Attack,
    attack,
)
from durak.cards import (
    CARD_SPACE,
    RANK_MASKS,
    RANKS,
    SUIT_MASKS,
    TWIN,
    Hand,
    cards_of,
)
from durak.state import UNCOVERED, GameState, Move, Phase, lay, play_move, subsets

_DEFEND: Final = Phase.DEFEND  # a module constant: a hot path (see durak.state._ATTACK)
_SINGLES: Final = tuple(attack(1 << c) for c in range(CARD_SPACE))
#: The single-card attacks of one suit's cards of one deck (9 bits), per suit: made
#: the first time a pattern is met (a game meets a few hundred of the 4 x 512).
_SUIT_SINGLES: Final[list[list[tuple[Action, ...] | None]]] = [[None] * 512 for _ in range(4)]


def _suit_singles(suit: int, bits: int) -> tuple[Action, ...]:
    row = tuple(_SINGLES[suit * RANKS + r] for r in range(RANKS) if bits >> r & 1)
    _SUIT_SINGLES[suit][bits] = row
    return row


def single_attacks(g: GameState) -> list[Action]:
    """Every one-card attack of the attacker, lowest card number first: four table
    look-ups (one per suit) instead of a step per card, for one deck.  :func:`legal`
    when an attack is one card and ``coward`` is off (flag 3); the dispatch's tables
    call it directly then (:func:`durak.phases.dispatch.tables_for`)."""
    hand = g.hands[g.attacker]
    if hand >> 36:  # deck=72: the second deck's cards, one by one
        out: list[Action] = []
        while hand:
            low = hand & -hand
            out.append(_SINGLES[low.bit_length() - 1])
            hand ^= low
        return out
    a, b, c, d = hand & 511, hand >> 9 & 511, hand >> 18 & 511, hand >> 27
    s0, s1, s2, s3 = _SUIT_SINGLES
    r0, r1, r2, r3 = s0[a], s1[b], s2[c], s3[d]
    if r0 is None:
        r0 = _suit_singles(0, a)
    if r1 is None:
        r1 = _suit_singles(1, b)
    if r2 is None:
        r2 = _suit_singles(2, c)
    if r3 is None:
        r3 = _suit_singles(3, d)
    return [*r0, *r1, *r2, *r3]


def legal(g: GameState) -> list[Action]:
    """Every opening attack of the attacker."""
    if g._flags[3]:  # single cards, no coward: the common case, fast
        return single_attacks(g)
    return [attack(m) for m in _attack_sets(g)]


def apply(g: GameState, action: Action) -> None:
    """Lay the opening attack."""
    play_move(MOVES, g, action, "opening attack")


def lowest_trump_holder(g: GameState) -> int:
    """Game 1's first attacker: the lowest trump's holder, who shows it (§2.4).

    Nobody holds a trump (or there is none): the dealer's left [I].
    """
    if g.trump is not None:
        trumps = SUIT_MASKS[g.trump]
        if g.rules.deck != 72:  # one deck: the lowest trump dealt is the lowest bit
            held = 0
            for s in range(g.n):
                if s != g.no_role:
                    held |= g.hands[s]
            held &= trumps
            if held:
                c = (held & -held).bit_length() - 1
                for s in range(g.n):
                    if g.hands[s] >> c & 1 and s != g.no_role:
                        g.known[s] |= 1 << c
                        return s
            return g.nxt[g.dealer]
        for r in range(RANKS):
            for c in (g.trump * RANKS + r, g.trump * RANKS + r + TWIN):
                if not trumps >> c & 1:
                    continue
                for s in range(g.n):
                    if g.hands[s] >> c & 1 and s != g.no_role:
                        g.known[s] |= 1 << c
                        return s
    return g.nxt[g.dealer]


def lowest_own_holder(g: GameState) -> int:
    """``trump=own``: the lowest card of one's own suit attacks first, shown [I];
    a tie goes to the first clockwise from the dealer's left."""
    best: tuple[int, int, int] | None = None
    for i in range(g.n):
        s = (g.dealer + 1 + i) % g.n
        mine = g.hands[s] & SUIT_MASKS[g.deal.own_suits[s]]
        if mine:
            low = (mine & -mine).bit_length() - 1
            if best is None or low % RANKS < best[0]:
                best = (low % RANKS, s, low)
    if best is None:
        return (g.dealer + 1) % g.n
    g.known[best[1]] |= 1 << best[2]
    return best[1]


def _attack_sets(g: GameState) -> list[Hand]:
    hand = g.hands[g.attacker]
    kind = g.rules.attack_set
    lim = g.limit
    if kind == "single":
        sets = [1 << c for c in cards_of(hand)]
    else:
        by_rank = [hand & m for m in RANK_MASKS]
        sets = []
        if kind in ("same_rank", "all_of_rank"):
            for m in by_rank:
                if not m:
                    continue
                if kind == "same_rank":
                    sets += [s for s in subsets(m) if s.bit_count() <= lim]
                elif m.bit_count() <= lim:
                    sets.append(m)
                else:
                    sets += [s for s in subsets(m) if s.bit_count() == lim]
        else:
            sets = [1 << c for c in cards_of(hand)]
            pairs = [p for m in by_rank for p in subsets(m) if p.bit_count() == 2]
            if kind == "simple":
                if lim >= 2:
                    sets += pairs
            else:
                sets += _pair_sets(hand, by_rank, pairs, lim)
                if kind == "groups":
                    sets += [s for m in by_rank for s in subsets(m)
                             if 3 <= s.bit_count() <= lim]
    if g.rules.coward:
        top = strongest(g, hand)
        sets = [s for s in sets if s & top]
    return sets


def _pair_sets(hand: Hand, by_rank: list[Hand], pairs: list[Hand], lim: int) -> list[Hand]:
    """``pairs``: a pair + one other card, or two pairs + one other (§3.2)."""
    out: list[Hand] = []
    rank_of_pair = {p: next(r for r in range(RANKS) if by_rank[r] & p) for p in pairs}
    if lim >= 3:
        for p in pairs:
            for c in cards_of(hand & ~RANK_MASKS[rank_of_pair[p]]):
                out.append(p | 1 << c)
    if lim >= 5:
        for i, p in enumerate(pairs):
            for q in pairs[i + 1:]:
                rp, rq = rank_of_pair[p], rank_of_pair[q]
                if rp == rq:
                    continue
                for c in cards_of(hand & ~RANK_MASKS[rp] & ~RANK_MASKS[rq]):
                    out.append(p | q | 1 << c)
    return out


def strongest(g: GameState, hand: Hand) -> Hand:
    """``coward``: the highest trump held, else every card of the highest rank [I]."""
    if g.trump is not None and hand & SUIT_MASKS[g.trump]:
        top = (hand & SUIT_MASKS[g.trump]).bit_length() - 1
        return hand & (1 << top % TWIN | 1 << (top % TWIN + TWIN))  # a twin is as strong
    for r in range(RANKS - 1, -1, -1):
        if hand & RANK_MASKS[r]:
            return hand & RANK_MASKS[r]
    return 0


def open_attack(g: GameState, action: Attack) -> None:
    """The attacker lays the attack's cards; the defender answers."""
    cards = action.cards
    a = g.attacker
    if g._flags[5] and any((cards & m).bit_count() >= 2 for m in RANK_MASKS):
        g.doubles[a] += 1
    keep = ~cards
    g.hands[a] &= keep
    g.known[a] &= keep
    if not cards & (cards - 1):  # one card: the common case (_lay inlined)
        c = cards.bit_length() - 1
        g.attacks = [c]
        g.covers = [UNCOVERED]
        g.uncovered = 1
        g.table |= cards
        g.layer[c] = a
        g.match |= RANK_MASKS[c % RANKS]
        if g._flags[2]:
            g.match |= SUIT_MASKS[c % TWIN // RANKS]
    else:
        for c in cards_of(cards):
            g.attacks.append(c)
            g.covers.append(UNCOVERED)
            g.uncovered += 1
            lay(g, c)
    g.phase = _DEFEND
    g.to_act = g.defender


MOVES: Final[Mapping[type[Action], Move]] = MappingProxyType({Attack: open_attack})
"""The phase's action kinds and their moves (the dispatch's table reads it)."""
