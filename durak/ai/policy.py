"""The baseline's rules of thumb, on plain values so search playouts can call them fast.

Every rule works under every option mix because it reads card strength from
the rules' own ``beaters`` table: a card's *power* is how many cards of the
deck it beats (a non-trump 6 beats none, a trump ace beats almost every
card), so closed suits, ``suitless``, ``royal`` and games without trump need
no special cases.

The rules (one function per phase):

* **Attack** (:func:`choose_attack`): lead the cheapest legal set; several
  cards of one low rank together are better than one (they leave the hand
  for one bout).  What counts as "low" rises as the talon empties, and in the
  last round every non-trump is worth getting rid of.
* **Defence** (:func:`choose_defence`): cover every uncovered card with the
  cheapest card that beats it, the strongest attack card first.  Take
  instead when covering cannot succeed, or when it would spend high trumps
  on a few low cards while the talon is still long (the cards come back
  cheaper than the trumps).  Transfer when a non-trump of the rank is at
  hand (it sheds a card and hands the whole bout on) and, with
  ``transfer_show``, show a trump rather than spend cards.
* **Throw-in** (:func:`choose_throw`): add the cheapest matching non-trump
  while it is "low" for the stage of the game; against a defender who said
  "take" add every card not worth keeping; add first a card the defender is
  known to have no beater for.  Never throw trumps while the talon lasts.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from durak.actions import PASS, TAKE, Action, Attack, Cover, Throw, Transfer, cover
from durak.cards import SUIT_MASKS, Card, Hand, cards_of
from durak.rules import Rules
from durak.strength import beaters
from durak.view import PlayerView


@dataclass(frozen=True)
class Tables:
    """What the rules of thumb need to know about card strength under one trump."""

    beat: tuple[Hand, ...]
    """``beat[y]``: the cards that may cover ``y`` (the engine's table)."""
    power: tuple[int, ...]
    """``power[c]``: how many cards of the deck ``c`` beats."""
    trumps: Hand
    top: int
    """One more than the highest power of a non-trump."""


_BY_BEAT: dict[tuple[int, Hand, int | None], Tables] = {}


def tables_of(beat: tuple[Hand, ...], deck: Hand, trump: int | None) -> Tables:
    """:func:`tables` looked up by the game's own ``beat`` tuple (playouts: hashing a
    ``Rules`` on every move cost a fifth of the time)."""
    t = _BY_BEAT.get((id(beat), deck, trump))
    if t is None or t.beat is not beat:
        t = _BY_BEAT[id(beat), deck, trump] = _tables(beat, deck, trump)
    return t


@functools.lru_cache(maxsize=128)
def tables(rules: Rules, trump: int | None) -> Tables:
    return _tables(beaters(rules, trump), rules.deck_mask, trump)


def _tables(beat: tuple[Hand, ...], deck: Hand, trump: int | None) -> Tables:
    power = [0] * len(beat)
    for y in range(len(beat)):
        if not deck >> y & 1:
            continue
        m = beat[y] & deck
        while m:
            low = m & -m
            power[low.bit_length() - 1] += 1
            m ^= low
    trumps = SUIT_MASKS[trump] if trump is not None else 0
    top = max(power[c] for c in range(len(beat)) if not trumps >> c & 1) + 1
    return Tables(beat, tuple(power), trumps, top)


def low_line(t: Tables, talon: int) -> int:
    """The power under which a non-trump is "low": worth leading or throwing in.

    Early (long talon) only the bottom third of a suit; in the last round
    everything but trumps.
    """
    top = t.top
    if talon >= 12:
        return top // 3 + 1
    if talon >= 4:
        return top // 2 + 1
    if talon > 0:
        return (2 * top) // 3 + 1
    return top


#: After this many bouts the game is going round in circles (see :func:`choose_attack`).
LOOP_BOUTS = 150


def choose_attack(legal: Sequence[Action], power: Sequence[int], low: int,
                  bout: int = 0) -> Action:
    """The cheapest opening: the sum over its cards of (power − low), ties by size.

    Identical players can pass one opening round the table for ever (each defender
    takes it and leads it on).  Past :data:`LOOP_BOUTS` bouts the opening is chosen
    by the bout number instead, which breaks such a circle while staying a
    function of what the seat sees.
    """
    if bout > LOOP_BOUTS:
        return legal[(bout * 7) % len(legal)]
    best = legal[0]
    best_key: tuple[int, int, int] | None = None
    for a in legal:
        assert isinstance(a, Attack)
        m = a.cards
        cost = 0
        top = 0
        while m:
            bit = m & -m
            p = power[bit.bit_length() - 1]
            cost += p - low
            if p > top:
                top = p
            m ^= bit
        key = (cost, top, -a.cards.bit_count())
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best


def plan_covers(
    hand: Hand,
    targets: Sequence[Card],
    beat: Sequence[Hand] | Mapping[Card, Hand],
    power: Sequence[int],
) -> list[tuple[Card, Card]] | None:
    """(cover, target) for every target, cheapest beaters, strongest target first; or None.

    ``beat[t]`` is read for the targets only."""
    used = 0
    plan: list[tuple[Card, Card]] = []
    # (one target, the usual case in the playouts: nothing to sort)
    order = targets if len(targets) < 2 else sorted(targets, key=lambda c: -power[c])
    for t in order:
        m = hand & beat[t] & ~used
        if not m:
            return None
        best = -1
        m2 = m
        while m2:
            bit = m2 & -m2
            c = bit.bit_length() - 1
            if best < 0 or power[c] < power[best]:
                best = c
            m2 ^= bit
        used |= 1 << best
        plan.append((best, t))
    return plan


def choose_defence(
    legal: Sequence[Action],
    hand: Hand,
    targets: Sequence[Card],
    table_count: int,
    beat: Sequence[Hand],
    power: Sequence[int],
    trumps: Hand,
    talon: int,
    take_unbeaten: bool,
    low: int,
    bout: int = 0,
) -> Action:
    """Cover, take or transfer (see the module docstring).

    Past :data:`LOOP_BOUTS` bouts the answer is chosen by the bout number (shows
    and takes can circle for ever between identical players, as openings can).
    """
    if bout > LOOP_BOUTS:
        return legal[(bout * 7 + len(targets)) % len(legal)]
    # Plan only with covers the rules allow now (own_answer narrows the beat table);
    # only the targets' rows are read below, so only they are narrowed.
    allowed = [0] * len(beat)
    for a in legal:
        if type(a) is Cover:
            allowed[a.target] |= 1 << a.card
    narrowed = {t: beat[t] & allowed[t] for t in targets}
    transfers = [a for a in legal if type(a) is Transfer]
    shows = [a for a in transfers if a.shown]
    plan = plan_covers(hand, targets, narrowed, power)
    if shows and (plan is None or any(trumps >> c & 1 for c, _ in plan)):
        return shows[0]
    cheap = [a for a in transfers if not a.shown and not a.cards & trumps]
    if cheap:
        # The smallest transfer: one card keeps the next defender's load light for us too.
        return min(cheap, key=lambda a: (a.cards.bit_count(), a.cards))
    if plan is None:
        if take_unbeaten:
            # Covered pairs are discarded on a take: cover what is cheap first.
            for t in sorted(targets, key=lambda c: -power[c]):
                m = hand & narrowed[t] & ~trumps
                if m:
                    c = min(cards_of(m), key=lambda x: power[x])
                    return cover(c, t)
        return TAKE
    used_trumps = [c for c, _ in plan if trumps >> c & 1]
    if talon >= 6 and used_trumps and table_count <= 3:
        top_trump = max(power[c] for c in used_trumps)
        table_low = all(not trumps >> t & 1 and power[t] < low for t in targets)
        if (len(used_trumps) >= 2 or top_trump >= max(power) - 2) and table_low:
            return TAKE
    trump_transfers = [a for a in transfers if not a.shown]
    if trump_transfers and used_trumps:
        def cost(a: Transfer) -> int:
            return sum(power[c] for c in cards_of(a.cards))

        tt = min(trump_transfers, key=cost)
        t_cost = cost(tt)
        if t_cost < sum(power[c] for c in used_trumps):
            return tt
    c, t = plan[0]
    return cover(c, t)


def choose_throw(
    legal: Sequence[Action],
    power: Sequence[int],
    trumps: Hand,
    low: int,
    talon: int,
    taking: bool,
    defender_known: Hand,
    defender_size: int,
    beat: Sequence[Hand],
) -> Action:
    """Throw one card in, or pass (see the module docstring)."""
    best: Action = PASS
    best_key: tuple[int, int] | None = None
    line = low + (3 if taking else 0)
    for a in legal:
        if type(a) is not Throw:
            continue
        c = a.card
        is_trump = bool(trumps >> c & 1)
        if is_trump and (talon > 0 or not taking):
            continue
        unbeatable = defender_size == defender_known.bit_count() and not (
            defender_known & beat[c])
        if not (power[c] < line or unbeatable or (taking and talon == 0)):
            continue
        key = (0 if unbeatable else 1, power[c])
        if best_key is None or key < best_key:
            best, best_key = a, key
    if best is PASS:
        # sly/brazen (docs/rules/durak.md §3.2): nothing worth throwing, so shed the
        # weakest non-trump card onto one's own attack card (it goes to the taker, or to
        # the discard).
        covers = [a for a in legal if type(a) is Cover and not trumps >> a.card & 1]
        if covers:
            return min(covers, key=lambda a: power[a.card])
    return best


__all__ = ["Tables", "tables_of", "choose_attack", "choose_defence", "choose_throw", "low_line",
           "plan_covers", "tables"]


def legal_moves(view: PlayerView) -> list[Action]:
    """The legal actions of ``view``'s seat; a ``ValueError`` when it has none (it is
    not that seat's turn): every level's ``decide`` starts here."""
    legal = list(view.legal_actions)
    if not legal:
        raise ValueError(f"seat {view.seat} has no move now (to act: {view.to_act})")
    return legal
