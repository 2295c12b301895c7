"""``baltic`` (バルチック, docs/rules/durak.md §3.3): covering the last uncovered attack card, the
defender may lay other cards of the cover's rank beside it; attacker and
defender swap, and the old attacker must answer them.

Interpretations (pinned in ``tests/durak_game/test_baltic.py``):

* Only the cover of the *last* uncovered card may carry extra cards [I], so a
  Baltic always leaves exactly the added cards to answer.  Not while the
  defender must cover a card of their own (``american``).
* The new defender is the bout's current attacker; they must hold at least as
  many cards as were added, and the bout's limit starts again from the swap:
  ``min(6, H')`` more attack cards [I] (H' = their cards at the swap, face-down
  ``magadan`` cards included), the added ones first.
* After the swap the roles are the ordinary ones: throw-ins go against the new
  defender, the refill starts with the new attacker, and the next bout follows
  §2.13 with them (beaten: the new defender attacks next).
* A take after a swap picks up every card on the table [I], the pairs from
  before the swap too (§2.9: the defender picks up the table).
* ``transfer_thrown`` after a swap counts every attack card of the bout against
  the receiver's limit (the stricter reading).
* Baltic does not need ``transfer=on`` [I]: the source lists it with the
  transfer variants, but it is a move of its own.

Moves of the phase ``DEFEND`` (:mod:`durak.phases.defence` lists and applies them).
"""

from __future__ import annotations

from durak.actions import Action, Baltic
from durak.cards import RANK_MASKS, RANKS, cards_of
from durak.phases.cover import own_answer_mask, place_cover
from durak.state import UNCOVERED, GameState, Phase, lay, own_trump_for, subsets


def baltic_actions(g: GameState) -> list[Action]:
    """The Baltic covers of the last uncovered card, each with every allowed set of extras."""
    if g.uncovered != 1 or g.amer:
        return []
    new_defender = g.attacker
    held = g.held(new_defender)
    room = min(held, g.limit_for(held))
    if room <= 0:
        return []
    i = g.covers.index(UNCOVERED)
    t = g.attacks[i]
    hand = g.hands[g.defender]
    m = hand & g.beat[t]
    if g._flags[7]:
        m &= own_answer_mask(g, t)
    out: list[Action] = []
    for c in cards_of(m):
        same = hand & RANK_MASKS[c % RANKS] & ~(1 << c)
        if same:
            out += [Baltic(c, t, extra) for extra in subsets(same) if extra.bit_count() <= room]
    return out


def apply_baltic(g: GameState, a: Baltic) -> None:
    """Cover, lay the extra cards, and swap attacker and defender."""
    d, new_defender = g.defender, g.attacker
    place_cover(g, a.card, a.target)
    base = len(g.attacks)
    g.hands[d] &= ~a.extra
    g.known[d] &= ~a.extra
    for c in cards_of(a.extra):
        g.attacks.append(c)
        g.covers.append(UNCOVERED)
        g.uncovered += 1
        lay(g, c)
    g.role_moves += g.steps(new_defender, d)
    g.attacker, g.defender = d, new_defender
    if g.own_beat:
        own_trump_for(g, new_defender)
    if new_defender == g.bout_attacker:
        g.round_done = True
    g.limit = base + g.limit_for(g.held(new_defender))
    g.phase = Phase.DEFEND
    g.to_act = new_defender
