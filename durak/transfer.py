"""Transfers (perevodnoy, DURAK.md §3.3 ``transfer`` and its variants): the
defender passes the attack on to the next opponent with cards of its rank
(or by showing a trump of it, ``transfer_show``).
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
from durak.doubt import Doubt
from durak.state import ANSWERED, UNCOVERED, subsets


class Transfers(Doubt):
    """Which transfers are legal, why one is not, and making one."""

    __slots__ = ()

    def transfer_target(self) -> int:
        """Who would defend after a transfer now: the defender's next opponent."""
        return self.next_opponent(self.defender)

    def _legal_transfers(self) -> list[Action]:
        r = self.rules
        attacks, covers = self.attacks, self.covers
        if r.transfer_last_round == "forbid" and not self.talon:
            return []
        if r.transfer_first_round == "forbid" and self.role_moves < self.n:
            return []
        unc = [t for t, cv in zip(attacks, covers, strict=True) if cv == UNCOVERED]
        if not unc:
            return []
        rank = unc[0] % RANKS
        if any(t % RANKS != rank for t in unc):
            return []
        if len(unc) != len(attacks) and any(cv >= 0 for cv in covers):
            # Some card was covered: only with transfer_thrown, and only when the
            # uncovered cards were added after the last cover.  Cards a transfer answered
            # (transfer_new_only) are no cover: the new defender may transfer again (§3.3).
            if not r.transfer_thrown or not self._uncovered_are_newest():
                return []
        elif any(t % RANKS != rank for t in attacks):
            return []
        d = self.defender
        target = self.transfer_target()
        held = self.held(target)
        mine = self.hands[d] & RANK_MASKS[rank]
        out: list[Action] = []
        waiting = r.transfer_wait and held == 0 and sum(self.in_game) == 2
        lim = self.limit_for(held)
        total0 = len(attacks)
        need0 = len(unc)
        for s in subsets(mine):
            k = s.bit_count()
            if waiting or (need0 + k <= held and total0 + k <= lim):
                out.append(transfer(s))
        if r.transfer_show and not self.round_done:
            trumps = mine & ~self.shown
            if self.trump is not None:
                trumps &= SUIT_MASKS[self.trump]
            else:
                trumps = 0
            if trumps and (waiting or (need0 <= held and total0 <= lim)):
                out += [transfer(1 << c, True) for c in cards_of(trumps)]
        return out

    def _uncovered_are_newest(self) -> bool:
        seen_uncovered = False
        for cv in self.covers:
            if cv == UNCOVERED:
                seen_uncovered = True
            elif seen_uncovered:
                return False
        return True

    def _why_no_transfer(self, action: Transfer) -> str:
        r = self.rules
        if not r.transfer:
            return "transfers need transfer=on"
        if action.shown and not r.transfer_show:
            return "showing a trump to transfer needs transfer_show=on"
        if action.cards & ~self.hands[self.to_act]:
            return f"seat {self.to_act} does not hold every card of the transfer"
        if r.transfer_last_round == "forbid" and not self.talon:
            return "transfer_last_round=forbid: no transfer once the talon is empty"
        if r.transfer_first_round == "forbid" and self.role_moves < self.n:
            return "transfer_first_round=forbid: the attack has not gone round yet"
        if any(cv >= 0 for cv in self.covers):
            return "no transfer after a cover (transfer_thrown=off)" if not r.transfer_thrown \
                else "a transfer must answer uncovered cards of one rank added after the covers"
        ranks = {t % RANKS for t in self.attacks}
        if len(ranks) > 1 or any(c % RANKS not in ranks for c in cards_of(action.cards)):
            return "a transfer needs cards of the rank of every attack card"
        if action.shown and self.round_done:
            return "the transfer has gone round: the trump must be played, not shown"
        target = self.transfer_target()
        return (f"seat {target} holds {self.held(target)} cards: too few to "
                f"answer {len(self.attacks) + (0 if action.shown else action.cards.bit_count())}"
                f" attack cards (limit {self.limit_for(self.held(target))})")

    def _transfer(self, action: Transfer) -> None:
        old_attacker = self.attacker
        d = self.defender
        if action.shown:
            self.shown |= action.cards
            self.known[d] |= action.cards
        else:
            cards = action.cards
            self.hands[d] &= ~cards
            self.known[d] &= ~cards
            if self.rules.transfer_new_only:
                self.covers = [ANSWERED if cv == UNCOVERED else cv for cv in self.covers]
                self.uncovered = 0
            for c in cards_of(cards):
                self.attacks.append(c)
                self.covers.append(UNCOVERED)
                self.uncovered += 1
                self._lay(c)
        target = self.transfer_target()
        self.attacker = d
        self.defender = target
        if self.own_beat:
            self._own_trump_for(target)
        if target == self.bout_attacker:
            self.round_done = True
        self.role_moves += self.steps(old_attacker, d)
        self.limit = self.limit_for(self.held(target))
        self.to_act = target

