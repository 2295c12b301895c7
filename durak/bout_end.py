"""The end of a bout (DURAK.md §2, steps 10-13): discard or pick up, refill,
going out, the result, the next bout.

The durak (or a draw) is decided only here, after the refill: while the
talon lasts nobody goes out, so nobody has lost.

A game also ends here as a draw by repetition (DURAK.md §6.14): see
:meth:`BoutEnd._third_time`.
"""

from __future__ import annotations

from durak.cards import (
    RANK_6,
    RANK_MASKS,
    SUIT_MASKS,
)
from durak.magadan import face_down_into_hands
from durak.recycle import fixed_bottom, recycled_talon
from durak.state import UNCOVERED, GameState, Phase, Result


class BoutEnd(GameState):
    """Steps 10-13 of a bout, and the game's result."""

    __slots__ = ()

    def _end_beaten(self) -> None:
        if (self.rules.trump == "changing" and self.talon and self.last_cover >= 0
                and self.talon[0] == self.trump_card and self.table >> self.last_cover & 1):
            # l.129: the last cover swaps with the trump card; the old one is discarded [I]
            old, new = self.talon[0], self.last_cover
            self.table = (self.table & ~(1 << new)) | (1 << old)
            self.talon[0] = new
            self._set_trump_card(new)
            self.events.append(("trump", new))
        if self._flags[11] and self.talon:
            self.recycles += 1
            if self.recycles % 2 == 0:  # l.162: every 2nd beaten bout back into the talon
                fixed = fixed_bottom(self.rules.trump, self.talon, self.trump_card,
                                     self.revealed)
                self.talon = recycled_talon(self.talon, self.table, fixed,
                                            self.deal.reshuffle, self.recycles // 2)
                self.events.append(("recycle", self.table))
                self.table = 0
        self.discard |= self.table & ~self.face_down
        self.removed |= self.table & self.face_down  # doubt: out of play face down
        self.beaten_bouts += 1
        self.events.append(("beaten",))
        self._after_bout(True)

    def _end_taken(self) -> None:
        d = self.defender
        if self.rules.take == "unbeaten":
            picked = 0
            sly = self.sly_covers
            for t, cv in zip(self.attacks, self.covers, strict=True):
                if cv == UNCOVERED:
                    picked |= 1 << t
                elif cv >= 0 and sly >> cv & 1:
                    picked |= 1 << t | 1 << cv  # a sly pair is taken, not discarded [I]
            self.discard |= self.table & ~picked & ~self.face_down
            self.removed |= self.table & ~picked & self.face_down
        else:
            picked = self.table
        self.hands[d] |= picked
        self.known[d] |= picked & ~self.face_down  # doubt: their own covers, unseen
        self.events.append(("taken",))
        self._after_bout(False)

    def _refill(self) -> None:
        """Step 10: the attacker, the others clockwise, the defender last."""
        talon = self.talon
        if not talon:
            return
        r = self.rules
        a, d = self.attacker, self.defender
        if self.n == 2:
            order: tuple[int, ...] | list[int] = (a, d)
        else:
            order = [a]
            s = self.left(a)
            while s != a:
                if s != d:
                    order.append(s)
                s = self.left(s)
            if d != a:
                order.append(d)
        self.refills += 1
        target = self.refills + 1 if r.refill == "progression" else r.hand_size
        only_empty = r.refill == "when_empty"
        drawn = []
        hands = self.hands
        piles = self.piles
        magadan = self._flags[10]
        for s in order:
            have = hands[s].bit_count() + len(piles[s]) if magadan else hands[s].bit_count()
            if have >= target or (only_empty and have):
                continue
            take = target - have
            if take > len(talon):
                take = len(talon)
            got = tuple(talon[-1:-take - 1:-1])  # the top first
            del talon[-take:]
            h = hands[s]
            for c in got:
                h |= 1 << c
            hands[s] = h
            if self._flags[13]:
                self.slots[s] += got  # inverted: drawn cards join the end, in drawing order
            if self.trump_shown and self.trump_card in got:
                self.known[s] |= 1 << self.trump_card  # it lay face up
            drawn.append((s, got))
            if not self.revealed:
                self._after_draw()
            if not talon:
                break
        self.events.append(("r", tuple(drawn)))

    def _after_bout(self, beaten: bool, taker: int | None = None) -> None:
        """Steps 10-13: refill, going out, the result, the next bout.

        ``taker``: ``doubt``'s challenge made someone other than the defender take;
        their left attacks next [I]."""
        self.table = 0
        self.attacks = []
        self.covers = []
        self.uncovered = 0
        self._refill()
        if not self.talon:  # while the talon lasts nobody goes out, so nobody has lost
            if self._flags[10]:
                face_down_into_hands(self)
            in_game, hands = self.in_game, self.hands
            out: list[int] = []
            for s in range(self.n):
                if in_game[s] and not hands[s]:
                    out.append(s)
            if out:
                gone = tuple(out)
                for s in gone:
                    in_game[s] = False
                    self.out_at[s] = self.bout
                self.events.append(("out", gone))
                if self.rules.team_split:
                    self.team = tuple(range(self.n))  # individual from now on (l.118)
            holders: set[int] = set()
            team, skip = self.team, self.no_role
            for s in range(self.n):
                if in_game[s] and s != skip:
                    holders.add(team[s])
            if len(holders) <= 1:
                self._finish(holders)
                return
        if self.rules.pass_hands:
            self._pass_hands()
        if taker is not None:
            nxt = self.left(taker)
        else:
            d = self.defender
            # Beaten (or no_skip) and still in: the defender attacks; else their left (§2.13).
            nxt = d if (beaten or self._flags[4]) and self.in_game[d] else self.left(d)
        if self._third_time(nxt):
            self.result = Result((), True, repetition=True)
            self.phase = Phase.OVER
            self.events.append(("end", self.result))
            return
        self._start_bout(nxt)

    def _third_time(self, attacker: int) -> bool:
        """Whether the position at the start of the next bout (``attacker`` to open)
        occurs for the third time: then the game is a draw (§6.14) [I].

        The position is the rule book's: every hand (``magadan``'s face-down piles
        too), the talon in order, the table (empty between bouts), the discard pile's
        size and whose turn (the attacker; the cube's chance to double before the
        opening follows from it).  Only positions at bout starts are counted, which is
        sound and cheap:

        * sound: a bout lasts a bounded number of actions (each one lays a card, or
          passes in a window that closes after every thrower passed), so a game
          without end starts bouts without end, and their positions are finitely many:
          one of them occurs a third time, and the game ends.  Every position counted
          is a real one, so no game ends before its third occurrence of a position;
        * cheap: one small tuple and one dictionary look-up per bout, not per
          action.  The counts are forgotten whenever the discard pile, the cards put
          away face down, the talon's size or its bottom card change: the first two
          only grow, so no earlier position can occur again, and (but for
          ``recycle``, which shuffles cards back in) the talon only loses cards from
          the top, or has its bottom card swapped (``six_swap``, ``trump=changing``),
          so while those four stay the same the talon is the same and the key
          needs only the attacker and the hands.  With ``recycle`` the talon is in
          the key; with ``magadan`` the face-down piles too.
        """
        talon = self.talon
        stamp = (self.discard, self.removed, len(talon), talon[0] if talon else -1)
        if stamp != self.positions_stamp:
            self.positions = {}
            self.positions_stamp = stamp
        key = (attacker, *self.hands)
        if self._flags[11]:
            key += (-1, *talon)
        if self._flags[10]:
            key += tuple(c for p in self.piles for c in (-1, *p))
        seen = self.positions.get(key, 0) + 1
        self.positions[key] = seen
        return seen >= 3

    def _pass_hands(self) -> None:
        """``pass_hands`` (l.141): every hand in the game goes to the left neighbour."""
        hands, known = self.hands[:], self.known[:]
        for s in range(self.n):
            if self.in_game[s]:
                to = self.left(s)
                self.hands[to] = hands[s]
                self.known[to] = known[s]
        self.events.append(("pass",))

    def _loser_by_count(self) -> int:
        """``loser`` (l.202-204): the fewest covers / high covers / doubles loses.

        Tie [I]: who kept cards longest (went out last; still holding beats all),
        then the first clockwise from the dealer's left.
        """
        stat = {"fewest_beaten": self.covered, "fewest_high": self.covered_high,
                "fewest_doubles": self.doubles}[self.rules.loser]
        n, big = self.n, self.bout + 1

        def key(s: int) -> tuple[int, int, int]:
            kept = self.out_at[s] or big
            return (stat[s], -kept, (s - self.dealer - 1) % n)

        return min(range(n), key=key)

    def _finish(self, holders: set[int]) -> None:
        if self._flags[5]:
            self.result = Result((self._loser_by_count(),), False)
            self.phase = Phase.OVER
            self.events.append(("end", self.result))
            return
        loser = holders.pop() if holders else -1
        if loser < 0 and self.rules.draw == "defender_loses":
            loser = self.team[self.defender]
        if loser < 0 or loser == self.dummy:  # [I] the dummy left last: a draw (l.135)
            self.result = Result((), True)
            self.phase = Phase.OVER
            self.events.append(("end", self.result))
            return
        durak = tuple(s for s in range(self.n) if self.team[s] == loser)
        h = self.opening_hand
        shame = False
        if self.defender in durak and h:
            sixes = h & RANK_MASKS[RANK_6]
            trumps = SUIT_MASKS[self.trump] if self.trump is not None else 0
            shame = (h.bit_count() == 1 and bool(sixes & ~trumps)) or (
                h.bit_count() >= 2 and sixes == h)
        self.result = Result(durak, False, shame, stake=self.cube)
        self.phase = Phase.OVER
        self.events.append(("end", self.result))
