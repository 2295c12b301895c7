"""Transfers (perevodnoy, docs/rules/durak.md §3.3 ``transfer`` and its variants): the
defender passes the attack on to the next opponent with cards of its rank
(or by showing a trump of it, ``transfer_show``).

Moves of the phase ``DEFEND`` (:mod:`durak.phases.defence` lists and applies
them): which transfers are legal, why one is not, and making one.
"""

from __future__ import annotations

from durak.actions import (
    Action,
    Transfer,
    transfer,
)
from durak.cards import (
    RANK_MASKS,
    RANKS,
    SUIT_MASKS,
    cards_of,
)
from durak.state import ANSWERED, UNCOVERED, GameState, lay, own_trump_for, subsets


def transfer_target(g: GameState) -> int:
    """Who would defend after a transfer now: the defender's next opponent."""
    return g.next_opponent(g.defender)


def legal_transfers(g: GameState) -> list[Action]:
    r = g.rules
    attacks, covers = g.attacks, g.covers
    if r.transfer_last_round == "forbid" and not g.talon:
        return []
    if r.transfer_first_round == "forbid" and g.role_moves < g.n:
        return []
    for t, cv in zip(attacks, covers, strict=True):
        if cv == UNCOVERED:
            rank = t % RANKS
            break
    else:
        return []
    d = g.defender
    mine = g.hands[d] & RANK_MASKS[rank]
    if not mine:  # the common case: nothing of the rank, so neither a transfer nor a shown trump
        return []
    unc = [t for t, cv in zip(attacks, covers, strict=True) if cv == UNCOVERED]
    if any(t % RANKS != rank for t in unc):
        return []
    if len(unc) != len(attacks) and any(cv >= 0 for cv in covers):
        # Some card was covered: only with transfer_thrown, and only when the
        # uncovered cards were added after the last cover.  Cards a transfer answered
        # (transfer_new_only) are no cover: the new defender may transfer again (§3.3).
        if not r.transfer_thrown or not _uncovered_are_newest(g):
            return []
    elif any(t % RANKS != rank for t in attacks):
        return []
    target = transfer_target(g)
    held = g.held(target)
    out: list[Action] = []
    waiting = r.transfer_wait and held == 0 and sum(g.in_game) == 2
    lim = g.limit_for(held)
    total0 = len(attacks)
    need0 = len(unc)
    for s in subsets(mine):
        k = s.bit_count()
        if waiting or (need0 + k <= held and total0 + k <= lim):
            out.append(transfer(s))
    if r.transfer_show and not g.round_done:
        trumps = mine & ~g.shown
        if g.trump is not None:
            trumps &= SUIT_MASKS[g.trump]
        else:
            trumps = 0
        if trumps and (waiting or (need0 <= held and total0 <= lim)):
            out += [transfer(1 << c, True) for c in cards_of(trumps)]
    return out


def _uncovered_are_newest(g: GameState) -> bool:
    seen_uncovered = False
    for cv in g.covers:
        if cv == UNCOVERED:
            seen_uncovered = True
        elif seen_uncovered:
            return False
    return True


def why_no_transfer(g: GameState, action: Transfer) -> str:
    r = g.rules
    if not r.transfer:
        return "transfers need transfer=on"
    if action.shown and not r.transfer_show:
        return "showing a trump to transfer needs transfer_show=on"
    if action.cards & ~g.hands[g.to_act]:
        return f"seat {g.to_act} does not hold every card of the transfer"
    if r.transfer_last_round == "forbid" and not g.talon:
        return "transfer_last_round=forbid: no transfer once the talon is empty"
    if r.transfer_first_round == "forbid" and g.role_moves < g.n:
        return "transfer_first_round=forbid: the attack has not gone round yet"
    if any(cv >= 0 for cv in g.covers):
        return "no transfer after a cover (transfer_thrown=off)" if not r.transfer_thrown \
            else "a transfer must answer uncovered cards of one rank added after the covers"
    ranks = {t % RANKS for t in g.attacks}
    if len(ranks) > 1 or any(c % RANKS not in ranks for c in cards_of(action.cards)):
        return "a transfer needs cards of the rank of every attack card"
    if action.shown and g.round_done:
        return "the transfer has gone round: the trump must be played, not shown"
    target = transfer_target(g)
    return (f"seat {target} holds {g.held(target)} cards: too few to "
            f"answer {len(g.attacks) + (0 if action.shown else action.cards.bit_count())}"
            f" attack cards (limit {g.limit_for(g.held(target))})")


def transfer_attack(g: GameState, action: Transfer) -> None:
    old_attacker = g.attacker
    d = g.defender
    if action.shown:
        g.shown |= action.cards
        g.known[d] |= action.cards
    else:
        cards = action.cards
        g.hands[d] &= ~cards
        g.known[d] &= ~cards
        if g.rules.transfer_new_only:
            g.covers = [ANSWERED if cv == UNCOVERED else cv for cv in g.covers]
            g.uncovered = 0
        for c in cards_of(cards):
            g.attacks.append(c)
            g.covers.append(UNCOVERED)
            g.uncovered += 1
            lay(g, c)
    target = transfer_target(g)
    g.attacker = d
    g.defender = target
    if g.own_beat:
        own_trump_for(g, target)
    if target == g.bout_attacker:
        g.round_done = True
    g.role_moves += g.steps(old_attacker, d)
    g.limit = g.limit_for(g.held(target))
    g.to_act = target

