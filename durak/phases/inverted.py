"""``inverted`` (裏返し, docs/rules/durak.md §3.5): every player holds their
cards backs to themselves, so each sees the others' hands but not their own.

A player therefore chooses a card of their own hand *by position*
(:class:`~durak.actions.PlaySlot`, :class:`~durak.actions.CoverSlot`); the
engine turns the position into the card.  A cover that does not beat its
target, or a throw-in that matches no card on the table, is a mistake: its
player picks up every attack and cover card on the table (the wrong card
too) and the bout ends; the taker's left attacks next (docs/rules/durak.md §3.5).

Interpretations [I] (each pinned by a test in
``tests/durak_game/test_inverted.py``):

* Hand order: a hand's positions are the order its cards arrived — the deal
  order (:attr:`~durak.deal.Deal.slots`), then refills in drawing order;
  picked-up table cards (seen by all, the taker included) join at the end.
  A card played leaves a gap that closes up.  No hand is ever sorted, so a
  position tells its owner nothing about the card.
* Any card may open a bout (it cannot be wrong); an opening is one card, so
  ``attack_set`` must be ``single`` and ``coward`` off.
* In a throw-in window every eligible player holding cards is offered (the
  engine does not pass over a player who "cannot" throw: that would tell them
  about their hand); they may pass or throw any position.
* The defender may take, or cover any uncovered attack card with any
  position.  A wrong cover or throw-in makes its player take the whole table
  even under ``take=unbeaten`` (the post: all attack and cover cards), and the
  taker's left opens the next bout even under ``after_take=no_skip``.
* Taking stays legal.  Note (found while building the computers): a wrong cover
  picks up the table like a take but ends the bout before anything more is
  thrown in, so under this rule trying a cover never costs the defender more
  than taking would — the post's rule, played as written.
* A player's own cards that everybody knows (picked up, shown as the
  lowest trump, the face-up trump card drawn) are known to that player too:
  the view shows them in their positions (:attr:`~durak.view.PlayerView.slots`).
* Refused combinations (:func:`durak.rules.inverted_conflicts`): options whose moves need a
  player to know their own hand (transfers, ``baltic``, ``sly``, ``american``,
  ``doubt``, ``poker``, ``six_swap``, ``second_chance``, sets of cards in an
  opening, ``coward``) and those that move hands around in ways that would
  need more positions rules (``magadan``, ``pass_hands``, ``dummy``).  Teams,
  trump kinds, the deck, limits, throw-in orders, refills, ``armenian``, loser
  counts and the cube combine as usual.

In the phases ``ATTACK``, ``DEFEND`` and ``THROW`` :mod:`durak.phases.dispatch`
asks this module (:func:`legal`, :func:`apply`) instead of the phase's own.
"""

from __future__ import annotations

from durak.actions import (
    PASS,
    TAKE,
    Action,
    CoverSlot,
    IllegalActionError,
    PlaySlot,
    attack,
    cover,
    throw,
)
from durak.cards import Card
from durak.phases.bout_end import after_bout
from durak.phases.cover import cover_card, own_answer_mask
from durak.phases.opening import open_attack
from durak.phases.throw_in import throw_card, throws_allowed
from durak.state import UNCOVERED, GameState, Phase


def sync_slots(g: GameState) -> None:
    """Bring each hand's positions up to date with the hand: cards gone close up;
    cards that joined (only picked-up cards, seen by everyone) go at the end."""
    hands, slots = g.hands, g.slots
    for s in range(g.n):
        h = hands[s]
        order = [c for c in slots[s] if h >> c & 1]
        have = 0
        for c in order:
            have |= 1 << c
        new = h & ~have
        while new:
            low = new & -new
            order.append(low.bit_length() - 1)
            new ^= low
        slots[s] = order


def legal(g: GameState) -> list[Action]:
    """The legal actions of :attr:`~durak.state.GameState.to_act` by position: they depend only on
    how many cards the player holds and on the table, never on which cards."""
    phase = g.phase
    held = len(g.slots[g.to_act])
    if phase is Phase.ATTACK:
        return [PlaySlot(i) for i in range(held)]
    if phase is Phase.DEFEND:
        out: list[Action] = [TAKE]
        for t, cv in zip(g.attacks, g.covers, strict=True):
            if cv == UNCOVERED:
                out += [CoverSlot(i, t) for i in range(held)]
        return out
    out = [PASS]
    if throws_allowed(g):
        out += [PlaySlot(i) for i in range(held)]
    return out


def apply(g: GameState, action: Action) -> None:
    """Play the card at the action's position; a wrong one takes the table (§3.5)."""
    if not isinstance(action, (PlaySlot, CoverSlot)):
        raise IllegalActionError(f"{action!r} is no play by position")
    s = g.to_act
    c = g.slots[s].pop(action.slot)
    if isinstance(action, CoverSlot):
        g.events.append(("slot", c, "cover"))
        beaters = g.beat[action.target]
        if g._flags[7]:  # own_answer (§3.1): some attack cards want the defender's own suit
            beaters &= own_answer_mask(g, action.target)
        if beaters >> c & 1:
            cover_card(g, cover(c, action.target))
        else:
            _wrong(g, s, c)
    elif g.phase is Phase.ATTACK:
        g.events.append(("slot", c, "attack"))
        open_attack(g, attack(1 << c))
    else:
        g.events.append(("slot", c, "throw"))
        if g.match >> c & 1:
            throw_card(g, throw(c))
        else:
            _wrong(g, s, c)


def _wrong(g: GameState, s: int, c: Card) -> None:
    """``s`` laid ``c`` wrongly: they pick up the table and ``c``; their left attacks."""
    picked = g.table | 1 << c
    g.hands[s] |= picked
    g.known[s] |= picked
    g.taking = True
    g.events.append(("wrong", s))
    g.events.append(("taken",))
    after_bout(g, beaten=False, taker=s)
