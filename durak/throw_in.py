"""Throw-in windows (DURAK.md §2.7): once every attack card is covered (or the
defender takes), the others may add cards matching the table, one card per
action, in the order ``throw_order`` says, up to the limit.

``american`` (l.168) lives here too: when a window closes with nothing
added, the defender may throw in one card of their own (then must cover it).

Who is offered is public (DURAK.md §6.15) [I]: a player who chooses not to add
a card and one who holds nothing that matches must look the same to every
other seat, so the offer never depends on a hidden card.  Every eligible
thrower holding a card is offered in turn, and one with nothing to add has
only :data:`~durak.actions.PASS`; a thrower keeps the offer after a throw while
they hold a card and the limit leaves room; ``american`` offers the defender
its throw-in whenever they hold two cards or more (one to throw, one to cover
it); ``sly`` offers whoever laid an uncovered attack card.  Only facts every
seat sees decide: hand sizes, the limit, who laid which card, the options.
The views, the records (passes are not written in text, and written with
their seat in JSON either way) and the page's pauses then cannot tell the two
apart.  The page may pass its human automatically when they hold nothing that
matches (they know their own hand); the engine never does.
"""

from __future__ import annotations

from typing import Final

from durak.actions import (
    PASS,
    Action,
    Cover,
    cover,
    throw,
)
from durak.bout_end import BoutEnd
from durak.cards import (
    CARD_SPACE,
    RANKS,
    Card,
    Hand,
)
from durak.state import UNCOVERED, Phase

_THROWS: Final = tuple(throw(c) for c in range(CARD_SPACE))


class ThrowIns(BoutEnd):
    """The throw-in window: who is offered, throws, passes, and its close."""

    __slots__ = ()

    def _throw_actions(self) -> list[Action]:
        out: list[Action] = [PASS]
        m = self.hands[self.to_act] & self.match
        if self.amer:
            m &= self._american_cards()
        elif self._flags[8] and not self._throws_allowed():
            m = 0  # sly: the window is open for the covers only
        while m:
            low = m & -m
            out.append(_THROWS[low.bit_length() - 1])
            m ^= low
        if self._flags[8]:
            out += self._sly_cover_actions(self.to_act)
        return out

    # ---- sly and brazen (l.169-170) ------------------------------------------

    def _throws_allowed(self) -> bool:
        """``sly``: a window also opens when only covers are possible (after a take
        without ``throw_after_take``, or at the limit): then nothing may be thrown."""
        return self._flags[1] and len(self.attacks) < self.limit and not self.twin_stopped and (
            not self.taking or self.rules.throw_after_take)

    def _sly_cover_actions(self, s: int) -> list[Action]:
        """``sly`` (l.169): once the defender takes, whoever laid an uncovered attack card
        may cover it with a card of theirs that beats it, so the defender takes more.
        ``brazen`` (l.170): also in any window, a thrower may cover their own thrown card;
        the pair counts as covered, so the defender need not answer it [I: optional,
        any time while the thrower holds the offer]."""
        if self.amer or not (self.taking or self.rules.sly == "brazen"):
            return []
        out: list[Action] = []
        hand, beat, layer = self.hands[s], self.beat, self.layer
        for t, cv in zip(self.attacks, self.covers, strict=True):
            if cv == UNCOVERED and layer[t] == s:
                m = hand & beat[t]
                while m:
                    low = m & -m
                    out.append(cover(low.bit_length() - 1, t))
                    m ^= low
        return out

    def _can_add(self, s: int) -> bool:
        """Whether ``s`` is offered the window (else they are passed over): decided by
        public facts only (§6.15), never by whether a card of theirs matches — holding
        a card while throw-ins are allowed, or (``sly``/``brazen``) having laid an
        uncovered attack card that may be covered now."""
        if not self.hands[s]:
            return False
        if not self._flags[8]:
            return not self._flags[13] or self._throws_allowed()
        if self._throws_allowed():
            return True
        if self.amer or not (self.taking or self.rules.sly == "brazen"):
            return False
        layer = self.layer
        return any(cv == UNCOVERED and layer[t] == s
                   for t, cv in zip(self.attacks, self.covers, strict=True))

    def _sly_cover(self, action: Cover) -> None:
        """A ``sly``/``brazen`` cover: its rank opens no throw-ins unless already on the
        table (l.169), so it does not join what throw-ins may match."""
        s = self.to_act
        c, t = action.card, action.target
        self.hands[s] &= ~(1 << c)
        self.known[s] &= ~(1 << c)
        self.covers[self.attacks.index(t)] = c
        self.uncovered -= 1
        self.table |= 1 << c
        self.layer[c] = s
        self.sly_covers |= 1 << c
        if not self._can_add(s):
            self._count_pass(s, self.rules.throw_order)
            self._offer()

    def _open_window(self) -> None:
        """Every attack card is covered (or the defender takes): offer throw-ins (§2.7)."""
        if not self._flags[8] and (not self._flags[1] or self.twin_stopped
                                   or len(self.attacks) >= self.limit):
            self._close_window()
            return
        d, team = self.defender, self.team
        a = self.attacker
        if self.n == 2:
            order = [a]  # two seats: the attacker, the defender's one opponent
        else:
            allowed = ({self.left(d), self.right(d)} if self.rules.throwers == "neighbours"
                       else None)
            order = []
            s = a
            while True:
                if team[s] != team[d] and (allowed is None or s in allowed):
                    order.append(s)
                s = self.left(s)
                if s == a:
                    break
        self.w_order = order
        self.w_pos = 0
        self.w_passes = 0
        self.w_added = False
        self.w_added_now = False
        self.w_resume = -1
        self.phase = Phase.THROW
        self._offer()

    def _offer(self) -> None:
        """Offer the window to ``w_order[w_pos]``, passing over those who hold no card
        (or, ``sly``, have nothing public to do: :meth:`_can_add`)."""
        order = self.w_order
        hands = self.hands
        mode = self.rules.throw_order
        n = len(order)
        for _ in range(2 * n + 2):
            if self.w_passes >= n or (self.w_pos < 0 and mode != "clockwise"):  # done
                self._close_window()
                return
            s = order[self.w_pos]
            if self._can_add(s) if self._flags[8] or self._flags[13] else hands[s]:
                if s != self.to_act or not self.w_added_now:
                    self.run_ranks = self.run_doubled = 0
                self.to_act = s
                self.w_added_now = False
                return
            self._count_pass(s, mode)
        raise AssertionError("throw-in window did not settle")  # pragma: no cover

    def _count_pass(self, s: int, mode: str) -> None:
        """``s`` passes (or cannot throw): move the offer on."""
        n = len(self.w_order)
        self.w_passes += 1
        if mode == "attacker_first" and s == self.attacker and not self.w_added:
            self.w_pos = -1  # the attacker declined first: the window closes
            return
        if mode == "attacker_priority" and self.w_added_now and s != self.attacker:
            resume = (self.w_pos + 1) % n
            self.w_resume = resume if resume else -1
            self.w_pos = 0
            return
        if mode == "attacker_priority" and self.w_resume >= 0 and s == self.attacker:
            self.w_pos = self.w_resume
            self.w_resume = -1
            return
        self.w_pos = (self.w_pos + 1) % n

    def _throw(self, c: Card) -> None:
        s = self.to_act
        if self._flags[5]:
            bit = 1 << (c % RANKS)
            if self.run_ranks & bit and not self.run_doubled & bit:
                self.doubles[s] += 1
                self.run_doubled |= bit
            self.run_ranks |= bit
        self.hands[s] &= ~(1 << c)
        self.known[s] &= ~(1 << c)
        self.attacks.append(c)
        self.covers.append(UNCOVERED)
        self.uncovered += 1
        self._lay(c)
        if self.rules.throw_order != "clockwise":
            self.w_passes = 0
        self.w_added = True
        self.w_added_now = True
        if self._flags[8]:
            if not self._can_add(s):  # sly: covers may follow even at the limit
                self._count_pass(s, self.rules.throw_order)
                self._offer()
        elif len(self.attacks) >= self.limit:
            self._close_window()
        elif not self._can_add(s) if self._flags[13] else not self.hands[s]:
            self._count_pass(s, self.rules.throw_order)
            self._offer()

    def _pass(self) -> None:
        mode = self.rules.throw_order
        if mode == "free":  # the default: _count_pass's common case, inlined
            self.w_passes += 1
            self.w_pos = (self.w_pos + 1) % len(self.w_order)
        else:
            self._count_pass(self.to_act, mode)
        self._offer()

    def _close_window(self) -> None:
        if self.taking:
            self._end_taken()
        elif self.uncovered:
            self.phase = Phase.DEFEND
            self.to_act = self.defender
        elif (self.rules.american and len(self.attacks) < self.limit and not self.twin_stopped
              and self.hands[self.defender].bit_count() >= 2):
            self.amer = 1  # l.168: the defender may throw in one of their own (§6.15: offered
            # whenever they hold a card to throw and one to cover it, whatever they hold)
            self.phase = Phase.THROW
            self.to_act = self.defender
        else:
            self._end_beaten()

    def _american_cards(self) -> Hand:
        """Cards the defender could throw in and still cover with another of theirs."""
        hand, beat = self.hands[self.defender], self.beat
        out = 0
        m = hand
        while m:
            low = m & -m
            if hand & ~low & beat[low.bit_length() - 1]:
                out |= low
            m ^= low
        return out

    def _american_throw(self, c: Card) -> None:
        d = self.defender
        self.hands[d] &= ~(1 << c)
        self.known[d] &= ~(1 << c)
        self.attacks.append(c)
        self.covers.append(UNCOVERED)
        self.uncovered += 1
        self._lay(c)
        self.amer = 2  # it must be covered: no take, no transfer
        self.phase = Phase.DEFEND
