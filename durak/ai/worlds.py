"""From one seat's view to full games it cannot tell apart ("worlds").

A world deals every card the seat cannot see — the unknown part of each
other hand, the face-down talon, cards put away face down — at random,
keeping everything the view does tell:

* the seat's own hand, the table, the discard pile (every card in it was
  played face up);
* each other hand's *known* cards (picked up from the table, shown for a
  transfer or as the lowest trump, the trump card drawn face up) and its size;
* the trump card lying face up under the talon (it is the talon's last card);
* ``trump=invisible``: the talon's hidden bottom card is of the trump suit;
* ``dummy``: the other hand the seat's player holds (:attr:`PlayerView.second_hand`)
  exactly, and who plays the dummy;
* ``magadan``: how many face-down cards lie in front of each seat (the seat's
  own are as unknown as anyone's).
* ``inverted`` (docs/rules/durak.md §3.5): the other hands exactly (the seat sees them) and its own
  known positions; its own unknown positions are the hidden cards, dealt at
  random like the talon.

Only the view is read, so two games with the same view give the same worlds
(tested).  The game's bookkeeping the view does not show (how a throw-in
window went so far, how far the attacker role moved for
``transfer_first_round``, the refill count for ``refill=progression``) is
estimated: it shapes only the simulated future, never the legality of the
seat's own choice, which comes from the view's legal actions.
"""

from __future__ import annotations

import random

from durak.ai.policy import tables
from durak.cards import SUIT_MASKS, Card, Hand, cards_of
from durak.deal import Deal
from durak.game import ANSWERED, UNCOVERED, Game, Phase
from durak.phases.throw_in import window_order
from durak.state import lay
from durak.strength import beaters
from durak.view import PlayerView


class InconsistentViewError(ValueError):
    """A view whose counts do not fit the deck (not a view the engine made)."""


def hidden_pool(v: PlayerView) -> tuple[Hand, Card | None]:
    """The cards the seat cannot place, and the trump card if it lies face up under the talon."""
    seen = v.hand | v.discard | v.second_hand
    for s, k in enumerate(v.known):
        if s != v.seat:
            seen |= k
    for h in v.seen_hands:  # inverted: every other hand is seen
        seen |= h
    for a, c in v.table:
        seen |= 1 << a
        if c is not None:
            seen |= 1 << c
    bottom = None
    if v.trump_card is not None and v.talon_count and not seen >> v.trump_card & 1:
        bottom = v.trump_card
        seen |= 1 << bottom
    return v.rules.deck_mask & ~seen, bottom


def hidden_places(v: PlayerView, bottom: Card | None) -> tuple[list[int], int, list[Card]]:
    """Where the hidden cards go: how many to each hand, to the talon (face down), and
    the attack cards whose face-down cover the seat did not see (``doubt``)."""
    n = len(v.hand_sizes)
    if v.rules.inverted:  # §3.5: only the seat's own unknown positions are hidden
        need = [v.hand_sizes[s] - v.hand.bit_count() if s == v.seat else 0 for s in range(n)]
    else:
        need = [0 if s in (v.seat, v.second_seat)
                else v.hand_sizes[s] - v.known[s].bit_count() for s in range(n)]
    talon_hidden = v.talon_count - (1 if bottom is not None else 0)
    unseen_covers = [a for a, c in v.table if c is None and v.covered_face_down >> a & 1]
    return need, talon_hidden, unseen_covers


def sample_world(v: PlayerView, rng: random.Random, lie_rate: float | None = None) -> Game:
    """One full game consistent with ``v``, drawn uniformly over the hidden cards.

    ``doubt``: a face-down cover the seat did not see is any hidden card, or with a
    ``lie_rate`` dealt by :mod:`durak.ai.doubt`'s model of a defender
    (:func:`_modeled_covers`).
    """
    pool, bottom = hidden_pool(v)
    cards = list(cards_of(pool))
    rng.shuffle(cards)
    need, talon_hidden, unseen_covers = hidden_places(v, bottom)
    total = (sum(need) + talon_hidden + v.removed_count + sum(v.pile_sizes)
             + len(unseen_covers))
    if total != len(cards) or min(need) < 0:
        raise InconsistentViewError(
            f"the view hides {len(cards)} cards but its counts need {total}")
    if unseen_covers and lie_rate is not None and not v.rules.inverted:
        hidden_covers = _modeled_covers(v, cards, need, unseen_covers, rng, lie_rate)
    else:  # doubt: a face-down cover the seat did not see is any hidden card.
        hidden_covers = {a: cards.pop() for a in unseen_covers}
    hidden_bottom: list[Card] = []
    if bottom is None and talon_hidden and v.rules.trump == "invisible" and v.trump is not None:
        # The announced suit is the talon bottom's: a card of that suit lies there.
        for i, c in enumerate(cards):
            if SUIT_MASKS[v.trump] >> c & 1:
                hidden_bottom.append(cards.pop(i))
                break
    pos = 0
    hands = list(v.seen_hands) if v.rules.inverted else list(v.known)
    hands[v.seat] = v.hand
    slots: list[list[Card]] = []
    if v.rules.inverted:
        mine = iter(cards[:need[v.seat]])  # the other seats need none
        slots = [list(cards_of(h)) for h in hands]
        slots[v.seat] = [next(mine) if c is None else c for c in v.slots]
    if v.second_seat is not None:
        hands[v.second_seat] = v.second_hand
    for s in range(len(need)):
        for c in cards[pos:pos + need[s]]:
            hands[s] |= 1 << c
        pos += need[s]
    piles = []
    for size in v.pile_sizes:
        piles.append(tuple(cards[pos:pos + size]))
        pos += size
    removed = 0
    for c in cards[pos:pos + v.removed_count]:
        removed |= 1 << c
    pos += v.removed_count
    rest = cards[pos:]
    if bottom is not None and v.rules.trump == "hidden" and rest:
        # trump=hidden: a face-down card lies under the face-up trump card (§3.1).
        talon = [rest[0], bottom, *rest[1:]]
    elif bottom is not None:
        talon = [bottom, *rest]
    else:
        talon = hidden_bottom + rest
    g = build(v, hands, talon, removed, rng, tuple(piles), hidden_covers)
    if slots:
        g.slots = slots
    return g


#: :data:`durak.ai.doubt.LIE_WITH_BEATER` (not imported: doubt imports this module).
LIE_WITH_BEATER = 0.35
#: Worlds redrawn at most this many times for :func:`_modeled_covers`' rejection.
MODEL_TRIES = 8


def _modeled_covers(v: PlayerView, cards: list[Card], need: list[int], unseen: list[Card],
                    rng: random.Random, lie_rate: float) -> dict[Card, Card]:
    """``doubt``: deal the defender's unseen face-down covers by the model of a defender.

    The defender's unknown cards before those covers are the last ``need + k`` of the
    shuffled ``cards``; for each cover in play order the defender lays its cheapest
    card that beats the attack card, or, holding none, its cheapest card — a world
    with a lie is kept with chance ``lie_rate`` (the defender could have taken
    instead), else the hidden cards are shuffled again (the last try is kept).
    ``cards`` is rearranged in place so that the defender is dealt what is left of
    its group, and loses the covers.
    """
    d = v.defender
    t = tables(v.rules, v.trump)
    beat, power = t.beat, t.power
    group_size = need[d] + len(unseen)
    chosen: dict[Card, Card] = {}
    group: list[Card] = []
    for attempt in range(MODEL_TRIES):
        if attempt:
            rng.shuffle(cards)
        group = cards[len(cards) - group_size:]
        chosen = {}
        for a in unseen:
            true = [c for c in group if beat[a] >> c & 1]
            if not true and attempt < MODEL_TRIES - 1 and rng.random() >= lie_rate:
                break  # this defender would have taken: a world of weight 1 − λ rejected
            false = [c for c in group if not beat[a] >> c & 1]
            if true and false and rng.random() < LIE_WITH_BEATER:
                true = []  # a lie all the same, to keep the beater
            c = min(true or group, key=lambda x: power[x])
            group.remove(c)
            chosen[a] = c
        else:
            break
    rest = cards[:len(cards) - group_size]
    at = sum(need[:d])  # where the defender's hand is dealt from
    cards[:] = rest[:at] + group + rest[at:]
    return chosen


def build(v: PlayerView, hands: list[Hand], talon: list[Card], removed: Hand,
          rng: random.Random, piles: tuple[tuple[Card, ...], ...] = (),
          hidden_covers: dict[Card, Card] | None = None) -> Game:
    """The game of ``v`` with these hidden cards (talon bottom first)."""
    r = v.rules
    trump_card = v.trump_card
    if trump_card is None and talon and r.trump == "invisible":
        trump_card = talon[0]
    if trump_card is None and v.trump is not None:
        # The card left play or was drawn unseen: any card of the suit stands for it
        # (only its suit is used), one nobody is known to hold, so no view shows it.
        known = 0
        for k in v.known:
            known |= k
        spare = SUIT_MASKS[v.trump] & ~known
        trump_card = (spare & -spare).bit_length() - 1 if spare else v.trump * 9
    deal = Deal(tuple(hands), tuple(talon), trump_card,
                r.trump in ("turned", "hidden", "changing"), removed, v.own_suits,
                piles, rng.getrandbits(32) if r.recycle else 0)
    g = Game.from_deal(r, deal, v.dealer, v.attacker, random.Random(rng.getrandbits(32)))
    g.piles = list(piles) if piles else [()] * len(hands)
    if v.controller is not None:
        g.controller = v.controller
    g.hands = list(hands)
    g.known = list(v.known)
    g.in_game = list(v.in_game)
    g.talon = list(talon)
    g.trump = v.trump
    g.beat = beaters(r, v.trump)
    g.discard = v.discard
    g.removed = removed
    g.bout = v.bout
    g.attacker = v.attacker
    g.defender = v.defender
    g.bout_attacker = v.attacker
    g.limit = v.limit
    g.taking = v.taking
    g.shown = v.shown
    g.result = v.result
    g.beaten_bouts = 1 if v.discard else 0
    g.refills = max(0, v.bout - 1)
    g.role_moves = max(0, v.bout - 1)
    g.events = []
    g.revealed = r.trump != "hidden" or trump_card is None or trump_card not in talon
    g.cube = v.cube
    g.cube_owner = v.cube_owner
    table = [(a, hidden_covers[a] if c is None and hidden_covers and a in hidden_covers
              else c) for a, c in v.table]
    covers = [c for _, c in table if c is not None]
    g.last_cover = covers[-1] if covers else -1
    if v.doubt_target is not None:
        g.last_cover = next(c for a, c in table if a == v.doubt_target and c is not None)
    g.table = 0
    g.match = 0
    g.attacks = []
    g.covers = []
    g.uncovered = 0
    g.face_down = 0
    for a, c in table:
        g.attacks.append(a)
        lay(g, a)
        if c is not None:
            g.covers.append(c)
            if v.covered_face_down >> a & 1:  # doubt: face down, no rank for throw-ins
                g.table |= 1 << c
                g.face_down |= 1 << c
                g.layer[c] = v.defender
            elif v.sly_covers >> c & 1:
                g.table |= 1 << c  # a sly cover's rank opens no throw-ins (§3.2)
            else:
                lay(g, c)
        elif v.answered >> a & 1:  # transfer_new_only
            g.covers.append(ANSWERED)
        else:
            g.covers.append(UNCOVERED)
            g.uncovered += 1
    for a, s in zip((a for a, _ in v.table), v.table_layers, strict=False):
        g.layer[a] = s  # who laid each attack card (own_answer)
    g.amer = v.american
    g.sly_covers = v.sly_covers
    g.phase = v.phase
    if v.phase is Phase.THROW:
        # The window's offer order as the engine builds it (§2.7); the offer is on to_act.
        order = window_order(g)
        g.w_order = order
        g.w_pos = order.index(v.to_act) if v.to_act in order else 0
        g.w_passes = 0
        g.w_added = v.to_act != a
        g.w_added_now = False
        g.w_resume = -1
        assert v.to_act is not None
        g.to_act = v.to_act
    elif v.phase is Phase.DOUBT:
        # doubt: the challenge round's order as the engine builds it, at to_act.
        d, a, team = v.defender, v.attacker, g.team
        order = []
        s = a
        while True:
            if team[s] != team[d]:
                order.append(s)
            s = g.left(s)
            if s == a:
                break
        g.w_order = order
        g.w_pos = order.index(v.to_act) if v.to_act in order else 0
        assert v.to_act is not None
        g.to_act = v.to_act
    elif v.to_act is not None:
        g.to_act = v.to_act
    return g
