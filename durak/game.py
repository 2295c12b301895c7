"""One game (deal) of Durak as a state machine (DURAK.md §2, §3, §4, §6).

>>> from durak.rules import Rules
>>> g = Game.new(Rules(players=3), seed=7)
>>> g.phase, g.to_act == g.attacker
(<Phase.ATTACK: 'attack'>, True)
>>> players = random.Random(1)
>>> while g.phase is not Phase.OVER:
...     g.apply(players.choice(g.legal_actions()))
>>> g.result is not None
True

Seats are 0..n-1 clockwise.  :attr:`Game.to_act` is the one seat whose move
is awaited; :meth:`Game.legal_actions` lists its moves and :meth:`Game.apply`
performs one or raises :class:`~durak.actions.IllegalActionError` saying why.

Phases: ``attack`` (the opening attack of a bout), ``defend`` (the defender
covers one card, takes, or transfers), ``throw`` (a throw-in window: the
offered player throws one card at a time — and keeps the offer — or passes),
``over``.  Players who cannot throw anything are passed over without a move.

Interpretations where DURAK.md leaves room (each pinned by a test in
``tests/durak/test_interpretations.py``):

* Throw-ins are one card per action; a thrower keeps the offer until they
  pass, so "one or more cards" is a run of throws and a pass.  An eligible
  player holding nothing that matches counts as passing.
* ``throw_order=attacker_first``: an attacker who cannot throw counts as
  passing, so the window closes.  ``attacker_priority``: after a player other
  than the attacker has thrown and passed, the attacker is offered next, then
  the offers resume clockwise after that player.
* The defender answers a window's cards once the window closes (§2.7); they
  may take at any of their turns.
* With teams, the defender is the next player clockwise *of another team*
  (teammates may become neighbours once players go out), and a transfer goes
  to the next opponent clockwise of the transferrer.
* ``transfer``: one or more cards of the attack's rank; the receiver's hand
  must hold at least every attack card after the transfer, and the total must
  be within the receiver's limit (min(6, hand), 5 under ``first_limit``).
* ``transfer_show``: showing a trump adds nothing; the shown card becomes
  known to all.  Once the bout's first attacker has defended, shows stop.
* ``transfer_first_round=forbid``: the attacker role (bouts and transfers)
  has to move clockwise, in total, as many seats as players dealt in.
* ``transfer_wait``: with two players left, a transfer may go to an attacker
  holding no cards; they can only take.
* ``transfer_thrown``: the uncovered cards must share one rank; the receiver
  must hold at least as many cards as the uncovered cards after it, and the
  bout's attack cards must stay within the receiver's limit.
* ``transfer_new_only``: earlier attack cards count as answered: discarded on
  a beaten bout, picked up on a take (``take=unbeaten``: discarded).
* ``attack_set``: ``pairs``' extra card and pairs are of different ranks;
  ``all_of_rank`` with more cards of the rank than the limit plays exactly
  limit-many of them; ``coward`` needs a strongest card (highest trump, else a
  card of the highest rank) among the opening cards.
* The first attacker shows their lowest trump: it becomes known to all.
* ``known`` hands: cards picked up, shown, or drawn face up (the trump card)
  are known to everybody until played.
* ``pass_hands``: after the refill and the going out, the hands of the players
  still in go to their left neighbours (a player who went out passes nothing).
* ``team_split``: from the first going out on, every seat is its own team.
* ``loser`` counts: covers are counted for the defender, in taken bouts too;
  ``fewest_high`` counts covered attack cards 10..A; ``fewest_doubles`` counts
  an opening with two or more cards of a rank once, and in a run of throws
  (one offer) once per rank thrown twice.  A tie goes to whoever kept cards
  longest, then to the first clockwise from the dealer's left.  No draws.
* ``six_swap``: offered to the trump 6's holder at each of their decisions while
  the trump card lies face up under the talon; the swapped-out card is known.
* ``armenian``: only the opening attack may be the talon's top card.
* ``second_chance``: for each uncovered card none of the defender's cards
  beats, as often as the talon lasts; a card that does not beat is known.
* ``poker``: before the bout's first cover, with 2..6 cards and 2+ in the
  talon, once per bout; the two discards leave play face down.
* ``trump=hidden``: when the turned card leaves the talon (drawn, or turned by
  ``armenian``/``second_chance``) the card under it is shown and sets trump;
  a ``second_chance`` card is judged with the trump of the moment it is turned.
* ``trump=changing``: only while the trump card still lies under the talon,
  and only if the bout was beaten after at least one cover.
* ``trump=own``: :attr:`trump` is the current defender's own suit (it changes
  with the defender, also on a transfer; a transfer_show trump is the
  defender's own suit); a closed suit gives its owner no trump.
* ``own_answer``: an attack card in the own suit of whoever laid it (the
  opener, a thrower or a transferrer) may be covered only by the defender's
  own suit.
* ``american``: whenever a window closes with nothing added and the limit
  leaves room, the defender may throw in one matching card of their own that
  another of their cards beats, then must cover it (no take, no transfer);
  the cover opens a normal window again.
* The disgraceful loss (§7, l.81): the durak was the defender of the last
  bout, whose opening came from a hand that was one non-trump 6 or only 6s.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, Final

from durak.actions import (
    ACCEPT,
    DOUBLE,
    FOLD,
    FROM_TALON,
    PASS,
    SWAP_SIX,
    TAKE,
    Accept,
    Action,
    Attack,
    Cover,
    Double,
    Fold,
    FromTalon,
    IllegalActionError,
    NotYourTurnError,
    Pass,
    PokerSwap,
    SwapSix,
    Take,
    Throw,
    Transfer,
    TryTalon,
    attack,
    cover,
    throw,
    transfer,
)
from durak.cards import (
    RANK_6,
    RANK_10,
    RANK_MASKS,
    RANKS,
    SUIT_MASKS,
    Card,
    Hand,
    card_text,
    cards_of,
)
from durak.deal import Deal, deal_cards, deal_size
from durak.rules import Rules
from durak.strength import beaters, closed_suit_of

if TYPE_CHECKING:
    from durak.view import PlayerView

UNCOVERED: Final = -1
ANSWERED: Final = -2


class Phase(Enum):
    ATTACK = "attack"
    DEFEND = "defend"
    THROW = "throw"
    CUBE = "cube"
    OVER = "over"


@dataclass(frozen=True)
class Result:
    """How a game ended: the durak seats (a whole team with teams), or a draw."""

    durak: tuple[int, ...]
    draw: bool
    shame: bool = False
    folded: bool = False
    """``match=cube15``: the durak declined a double."""
    stake: int = 1
    """``match=cube15``: the doubling cube's value, the points the winner scores."""

    def text(self) -> str:
        if self.draw:
            return "end draw"
        extra = (" shame" if self.shame else "") + (" fold" if self.folded else "")
        if self.stake != 1:
            extra += f" cube={self.stake}"
        return f"end durak={','.join(map(str, self.durak))}{extra}"


def _subsets(mask: Hand) -> list[Hand]:
    """Every non-empty subset of a small mask."""
    out = [0]
    for c in cards_of(mask):
        bit = 1 << c
        out += [s | bit for s in out]
    return out[1:]


_SINGLES: Final = tuple(attack(1 << c) for c in range(36))
_THROWS: Final = tuple(throw(c) for c in range(36))
#: _COVER_ROWS[target][card] is the shared Cover(card, target).
_COVER_ROWS: Final = tuple(tuple(cover(c, t) for c in range(36)) for t in range(36))

_PHASE_OF: Final = {
    Attack: Phase.ATTACK, Cover: Phase.DEFEND, Take: Phase.DEFEND, Transfer: Phase.DEFEND,
    Throw: Phase.THROW, Pass: Phase.THROW, FromTalon: Phase.ATTACK, TryTalon: Phase.DEFEND,
    PokerSwap: Phase.DEFEND, Double: Phase.ATTACK, Accept: Phase.CUBE, Fold: Phase.CUBE,
}


class Game:
    """The state of one game; mutable, cheap to :meth:`clone`."""

    __slots__ = (
        "rules", "n", "rng", "team", "deal", "dealer", "first_attacker",
        "hands", "known", "in_game", "talon", "trump_card", "trump_shown", "trump", "beat",
        "discard", "removed", "bout", "attacker", "defender", "bout_attacker",
        "attacks", "covers", "uncovered", "table", "match", "limit", "phase", "to_act",
        "taking", "w_order", "w_pos", "w_passes", "w_added", "w_added_now", "w_resume",
        "beaten_bouts", "refills", "role_moves", "shown", "round_done", "opening_hand",
        "events", "result", "_flags",
        "covered", "covered_high", "doubles", "out_at", "run_ranks", "run_doubled",
        "poker_used", "revealed", "last_cover", "cube", "cube_owner", "cube_offered",
        "own_beat", "amer", "layer",
    )

    rules: Rules
    n: int
    rng: random.Random
    team: tuple[int, ...]
    deal: Deal
    dealer: int
    first_attacker: int
    hands: list[Hand]
    known: list[Hand]
    in_game: list[bool]
    talon: list[Card]
    trump_card: Card | None
    trump_shown: bool
    trump: int | None
    beat: tuple[Hand, ...]
    discard: Hand
    removed: Hand
    bout: int
    attacker: int
    defender: int
    bout_attacker: int
    attacks: list[Card]
    covers: list[int]
    uncovered: int
    table: Hand
    match: Hand
    limit: int
    phase: Phase
    to_act: int
    taking: bool
    w_order: list[int]
    w_pos: int
    w_passes: int
    w_added: bool
    w_added_now: bool
    w_resume: int
    beaten_bouts: int
    refills: int
    role_moves: int
    shown: Hand
    round_done: bool
    opening_hand: Hand
    events: list[tuple[Any, ...]]
    result: Result | None
    _flags: tuple[bool, ...]
    covered: list[int]
    """Attack cards each seat covered as defender, taken bouts included (``loser``)."""
    covered_high: list[int]
    """The same for attack cards 10..A."""
    doubles: list[int]
    """Plays of two cards of one rank at once, in an attack or a run of throw-ins."""
    out_at: list[int]
    """The bout after which each seat went out (0: still in)."""
    run_ranks: int
    run_doubled: int
    poker_used: bool
    revealed: bool
    """``trump=hidden``: whether the card under the trump card has been shown."""
    last_cover: int
    cube: int
    """``match=cube15``: the stake (1, 2, 4, …)."""
    cube_owner: int | None
    """Who may double next: None while the cube is centred."""
    cube_offered: bool
    """A double was offered in this bout (one offer per bout)."""
    layer: list[int]
    """``own_answer``: who laid each card on the table (by card number)."""
    amer: int
    """``american``: 1 while the defender may throw in a card of their own, 2 while
    they must cover it, else 0."""
    own_beat: tuple[tuple[tuple[Hand, ...], int | None], ...]
    """``trump=own``: per seat, the beaters table and the trump suit when defending."""
    """The last cover played (``trump=changing``), -1 before any."""

    # ---- construction ----------------------------------------------------

    @classmethod
    def new(
        cls,
        rules: Rules,
        seed: int | random.Random | None = None,
        dealer: int | None = None,
        first_attacker: int | None = None,
    ) -> Game:
        """A freshly dealt game; all randomness comes from ``seed``.

        ``dealer`` defaults to a random seat ("any way", l.33);
        ``first_attacker`` to the holder of the lowest trump (l.44).
        """
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        if dealer is None:
            dealer = rng.randrange(rules.players)
        return cls.from_deal(rules, deal_cards(rules, rng, dealer), dealer, first_attacker, rng)

    @classmethod
    def from_deal(
        cls,
        rules: Rules,
        deal: Deal,
        dealer: int = 0,
        first_attacker: int | None = None,
        rng: random.Random | None = None,
    ) -> Game:
        """A game from a fixed deal (tests, replays)."""
        n = rules.players
        g = cls.__new__(cls)
        g.rules = rules
        g.n = n
        g.rng = rng if rng is not None else random.Random(0)
        g.team = rules.team_of
        g.deal = deal
        g.dealer = dealer
        g.hands = list(deal.hands)
        g.known = [0] * n
        g.in_game = [True] * n
        g.talon = list(deal.talon)
        g.trump_card = deal.trump_card
        g.trump_shown = deal.trump_shown
        g.removed = deal.removed
        g.discard = 0
        if rules.trump == "diamonds":
            trump: int | None = 2
        elif rules.trump in ("turned", "invisible", "hidden", "changing") and (
                deal.trump_card is not None):
            trump = deal.trump_card // RANKS
        else:
            trump = None
        if trump is not None and trump == closed_suit_of(rules):
            trump = None  # a closed suit cannot be trump (l.123)
        g.trump = trump
        g.beat = beaters(rules, trump)
        g.own_beat = ()
        g.amer = 0
        g.layer = [0] * 36

        if rules.trump == "own":
            closed = closed_suit_of(rules)
            suits = [None if s == closed else s for s in deal.own_suits]
            g.own_beat = tuple((beaters(rules, s), s) for s in suits)
        if deal.trump_card is not None and deal.trump_shown and not deal.talon:
            for s in range(n):  # the dealer shows the last card and keeps it (l.39)
                if deal.hands[s] >> deal.trump_card & 1:
                    g.known[s] |= 1 << deal.trump_card
        g._flags = (
            rules.transfer,
            rules.throw_in,
            rules.throw_match == "rank_or_suit",
            rules.attack_set == "single" and not rules.coward,
            rules.after_take == "no_skip",
            rules.loser != "last",
            rules.six_swap or rules.armenian or rules.second_chance or rules.poker
            or rules.match == "cube15",
            rules.own_answer,
        )
        g.poker_used = False
        g.revealed = rules.trump != "hidden"
        g.cube, g.cube_owner, g.cube_offered = 1, None, False
        g.last_cover = -1
        g.covered = [0] * n
        g.covered_high = [0] * n
        g.doubles = [0] * n
        g.out_at = [0] * n
        g.run_ranks = g.run_doubled = 0
        g.bout = 0
        g.beaten_bouts = 0
        g.refills = 0
        g.role_moves = 0
        g.events = []
        g.result = None
        g.attacks = []
        g.covers = []
        g.w_order = []
        g.w_pos = g.w_passes = 0
        g.w_resume = -1
        g.w_added = g.w_added_now = False
        if first_attacker is None:
            first_attacker = (g._lowest_own_holder() if rules.trump == "own"
                              else g._lowest_trump_holder())
        g.first_attacker = first_attacker
        g.attacker = first_attacker
        g._start_bout(first_attacker)
        return g

    def _lowest_trump_holder(self) -> int:
        """Game 1's first attacker: the lowest trump's holder, who shows it (l.44).

        Nobody holds a trump (or there is none): the dealer's left [I].
        """
        if self.trump is not None:
            trumps = SUIT_MASKS[self.trump]
            for r in range(RANKS):
                c = self.trump * RANKS + r
                if not trumps >> c & 1:
                    continue
                for s in range(self.n):
                    if self.hands[s] >> c & 1:
                        self.known[s] |= 1 << c
                        return s
        return (self.dealer + 1) % self.n

    def _lowest_own_holder(self) -> int:
        """``trump=own``: the lowest card of one's own suit attacks first, shown [I];
        a tie goes to the first clockwise from the dealer's left."""
        best: tuple[int, int, int] | None = None
        for i in range(self.n):
            s = (self.dealer + 1 + i) % self.n
            mine = self.hands[s] & SUIT_MASKS[self.deal.own_suits[s]]
            if mine:
                low = (mine & -mine).bit_length() - 1
                if best is None or low % RANKS < best[0]:
                    best = (low % RANKS, s, low)
        if best is None:
            return (self.dealer + 1) % self.n
        self.known[best[1]] |= 1 << best[2]
        return best[1]

    def _own_answer_mask(self, t: Card) -> Hand:
        """``own_answer`` (l.125): an attack card in its layer's own suit may be
        covered only by the defender's own suit [I]; other cards as usual."""
        own = self.deal.own_suits
        if t // RANKS != own[self.layer[t]]:
            return -1
        return SUIT_MASKS[own[self.defender]]

    def _own_trump_for(self, defender: int) -> None:
        self.beat, self.trump = self.own_beat[defender]

    def clone(self) -> Game:
        """An independent copy (the generator is copied too)."""
        g = Game.__new__(Game)
        for name in Game.__slots__:
            setattr(g, name, getattr(self, name))
        g.hands = self.hands[:]
        g.known = self.known[:]
        g.in_game = self.in_game[:]
        g.talon = self.talon[:]
        g.attacks = self.attacks[:]
        g.covers = self.covers[:]
        g.w_order = self.w_order[:]
        g.events = self.events[:]
        g.layer = self.layer[:]
        g.covered = self.covered[:]
        g.covered_high = self.covered_high[:]
        g.doubles = self.doubles[:]
        g.out_at = self.out_at[:]
        g.rng = random.Random()
        g.rng.setstate(self.rng.getstate())
        return g

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see (see :mod:`durak.view`)."""
        from durak.view import view_of

        return view_of(self, seat)

    # ---- seats -------------------------------------------------------------

    def left(self, seat: int) -> int:
        """The next seat clockwise still in the game (skips the out, cl. 11)."""
        n, in_game = self.n, self.in_game
        s = (seat + 1) % n
        while not in_game[s]:
            s = (s + 1) % n
        return s

    def right(self, seat: int) -> int:
        n, in_game = self.n, self.in_game
        s = (seat - 1) % n
        while not in_game[s]:
            s = (s - 1) % n
        return s

    def next_opponent(self, seat: int) -> int:
        """The next seat clockwise in the game on another team (= :meth:`left` alone)."""
        team = self.team
        s = self.left(seat)
        while team[s] == team[seat]:
            s = self.left(s)
        return s

    # ---- limits --------------------------------------------------------------

    def limit_for(self, hand_count: int) -> int:
        """L for a defender holding ``hand_count`` cards (§2.8, ``limit``, ``first_limit``)."""
        r = self.rules
        if r.limit == "hand":
            return hand_count
        cap = 6
        if (r.first_limit == "first_bout" and self.bout == 1) or (
            r.first_limit == "until_beaten" and self.beaten_bouts == 0
        ):
            cap = 5
        return min(cap, hand_count)

    # ---- bouts ---------------------------------------------------------------

    def _start_bout(self, attacker: int) -> None:
        if self.bout:
            self.role_moves += (attacker - self.attacker) % self.n
        self.bout += 1
        self.attacker = attacker
        self.bout_attacker = attacker
        d = self.next_opponent(attacker)
        self.defender = d
        if self.own_beat:
            self._own_trump_for(d)
        self.limit = self.limit_for(self.hands[d].bit_count())
        self.attacks = []
        self.covers = []
        self.uncovered = 0
        self.table = 0
        self.match = 0
        self.taking = False
        self.shown = 0
        self.cube_offered = False
        self.poker_used = False
        self.round_done = False
        self.opening_hand = self.hands[attacker]
        self.phase = Phase.ATTACK
        self.to_act = attacker
        self.events.append(("b", self.bout, attacker, d))

    def _lay(self, c: Card) -> None:
        """A card enters the table: update what throw-ins may match."""
        self.table |= 1 << c
        self.layer[c] = self.to_act
        self.match |= RANK_MASKS[c % RANKS]
        if self._flags[2]:
            self.match |= SUIT_MASKS[c // RANKS]

    # ---- legal actions -----------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every legal action of :attr:`to_act` (empty once the game is over)."""
        if self._flags[6]:
            out = self._base_actions()
            if self.phase is not Phase.OVER:
                out += self._extra_actions()
            return out
        return self._base_actions()

    def _base_actions(self) -> list[Action]:
        phase = self.phase
        if phase is Phase.DEFEND:
            out: list[Action] = [] if self.amer else [TAKE]
            hand = self.hands[self.defender]
            beat = self.beat
            covers = self.covers
            for i, t in enumerate(self.attacks):
                if covers[i] == UNCOVERED:
                    m = hand & beat[t]
                    if self._flags[7]:
                        m &= self._own_answer_mask(t)
                    if m:
                        row = _COVER_ROWS[t]
                        while m:
                            low = m & -m
                            out.append(row[low.bit_length() - 1])
                            m ^= low
            if self._flags[0] and not self.amer:
                out += self._legal_transfers()
            return out
        if phase is Phase.THROW:
            out = [PASS]
            m = self.hands[self.to_act] & self.match
            if self.amer:
                m &= self._american_cards()
            while m:
                low = m & -m
                out.append(_THROWS[low.bit_length() - 1])
                m ^= low
            return out
        if phase is Phase.CUBE:
            return [ACCEPT, FOLD]
        if phase is Phase.ATTACK:
            if self._flags[3]:  # single cards, no coward: the common case, fast
                out = []
                m = self.hands[self.attacker]
                while m:
                    low = m & -m
                    out.append(_SINGLES[low.bit_length() - 1])
                    m ^= low
                return out
            return [attack(m) for m in self._attack_sets()]
        return []

    def _extra_actions(self) -> list[Action]:
        """Moves of ``six_swap``, ``armenian``, ``second_chance`` and ``poker``."""
        r, phase, talon = self.rules, self.phase, self.talon
        out: list[Action] = []
        s = self.to_act
        if phase is Phase.CUBE:
            return out  # _base_actions gave Accept and Fold
        if (phase is Phase.ATTACK and r.match == "cube15" and not self.cube_offered
                and self.cube_owner in (None, s)):
            out.append(DOUBLE)
        if r.six_swap and self.trump is not None and talon and self.trump_shown:
            six = self.trump * RANKS + RANK_6
            if self.hands[s] >> six & 1 and talon[0] == self.trump_card != six:
                out.append(SWAP_SIX)
        if phase is Phase.ATTACK and r.armenian and talon:
            out.append(FROM_TALON)
        if phase is Phase.DEFEND and talon:
            hand = self.hands[s]
            if r.second_chance:
                for t, cv in zip(self.attacks, self.covers, strict=True):
                    if cv == UNCOVERED and not hand & self.beat[t] & (
                            self._own_answer_mask(t) if self._flags[7] else -1):
                        out.append(TryTalon(t))
            if (r.poker and not self.poker_used and len(talon) >= 2
                    and 2 <= hand.bit_count() <= 6
                    and all(cv == UNCOVERED for cv in self.covers)):
                out += [PokerSwap(m) for m in _subsets(hand) if m.bit_count() == 2]
        return out

    def _attack_sets(self) -> list[Hand]:
        hand = self.hands[self.attacker]
        kind = self.rules.attack_set
        lim = self.limit
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
                        sets += [s for s in _subsets(m) if s.bit_count() <= lim]
                    elif m.bit_count() <= lim:
                        sets.append(m)
                    else:
                        sets += [s for s in _subsets(m) if s.bit_count() == lim]
            else:
                sets = [1 << c for c in cards_of(hand)]
                pairs = [p for m in by_rank for p in _subsets(m) if p.bit_count() == 2]
                if kind == "simple":
                    if lim >= 2:
                        sets += pairs
                else:
                    sets += self._pair_sets(hand, by_rank, pairs, lim)
                    if kind == "groups":
                        sets += [s for m in by_rank for s in _subsets(m)
                                 if 3 <= s.bit_count() <= lim]
        if self.rules.coward:
            strongest = self._strongest(hand)
            sets = [s for s in sets if s & strongest]
        return sets

    @staticmethod
    def _pair_sets(hand: Hand, by_rank: list[Hand], pairs: list[Hand], lim: int) -> list[Hand]:
        """``pairs``: a pair + one other card, or two pairs + one other (l.194)."""
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

    def _strongest(self, hand: Hand) -> Hand:
        """``coward``: the highest trump held, else every card of the highest rank [I]."""
        if self.trump is not None and hand & SUIT_MASKS[self.trump]:
            trumps = hand & SUIT_MASKS[self.trump]
            return 1 << (trumps.bit_length() - 1)
        for r in range(RANKS - 1, -1, -1):
            if hand & RANK_MASKS[r]:
                return hand & RANK_MASKS[r]
        return 0

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
        if len(unc) != len(attacks):
            # Some card was covered (or answered): only with transfer_thrown, and only
            # when the uncovered cards were added after the last cover.
            if not r.transfer_thrown or not self._uncovered_are_newest():
                return []
        elif any(t % RANKS != rank for t in attacks):
            return []
        d = self.defender
        target = self.transfer_target()
        held = self.hands[target].bit_count()
        mine = self.hands[d] & RANK_MASKS[rank]
        out: list[Action] = []
        waiting = r.transfer_wait and held == 0 and sum(self.in_game) == 2
        lim = self.limit_for(held)
        total0 = len(attacks)
        need0 = len(unc)
        for s in _subsets(mine):
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

    # ---- applying actions ----------------------------------------------------

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Perform ``action`` for :attr:`to_act` (or check it is ``seat``'s turn)."""
        phase = self.phase
        if phase is Phase.OVER:
            raise IllegalActionError("the game is over")
        if seat is not None and seat != self.to_act:
            if _PHASE_OF.get(type(action)) is not phase:
                raise IllegalActionError(self._why_illegal(action))
            raise NotYourTurnError(f"it is seat {self.to_act}'s turn, not seat {seat}'s")
        if action not in self.legal_actions():
            raise IllegalActionError(self._why_illegal(action))
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Perform a legal action without checking it (search, playouts)."""
        s = self.to_act
        self.events.append(("a", s, action))
        kind = type(action)
        if kind is Cover:
            self._cover(action)  # type: ignore[arg-type]
        elif kind is Throw:
            if self.amer:
                self._american_throw(action.card)  # type: ignore[union-attr]
            else:
                self._throw(action.card)  # type: ignore[union-attr]
        elif kind is Pass:
            if self.amer:
                self.amer = 0
                self._end_beaten()
            else:
                self._pass()
        elif kind is Take:
            self._take()
        elif kind is Attack:
            self._attack(action.cards)  # type: ignore[union-attr]
        elif kind is Transfer:
            self._transfer(action)  # type: ignore[arg-type]
        elif kind is SwapSix:
            self._swap_six()
        elif kind is FromTalon:
            self._from_talon()
        elif kind is TryTalon:
            self._try_talon(action.target)  # type: ignore[union-attr]
        elif kind is PokerSwap:
            self._poker(action.cards)  # type: ignore[union-attr]
        elif kind is Double:
            self.cube_offered = True
            self.phase = Phase.CUBE
            self.to_act = self.defender
        elif kind is Accept:
            self.cube *= 2
            self.cube_owner = s
            self.phase = Phase.ATTACK
            self.to_act = self.attacker
        else:  # Fold: the game is lost at the current stake
            self.result = Result((s,), False, folded=True, stake=self.cube)
            self.phase = Phase.OVER
            self.events.append(("end", self.result))

    def _draw_top(self) -> Card:
        """The talon's top card, turned up (armenian, second chance)."""
        c = self.talon.pop()
        self.events.append(("@", c))
        return c

    def _after_draw(self) -> None:
        """``trump=hidden`` (l.128): once the trump card is drawn, the card under it
        is shown and its suit is trump to the end."""
        if self.revealed or self.trump_card in self.talon:
            return
        self.revealed = True
        c = self.deal.talon[0]
        self._set_trump_card(c)
        for s in range(self.n):
            if self.hands[s] >> c & 1:
                self.known[s] |= 1 << c
        self.events.append(("trump", c))

    def _set_trump_card(self, c: Card) -> None:
        self.trump_card = c
        trump: int | None = c // RANKS
        if trump == closed_suit_of(self.rules):
            trump = None
        self.trump = trump
        self.beat = beaters(self.rules, trump)

    def _swap_six(self) -> None:
        s, old = self.to_act, self.trump_card
        assert old is not None and self.trump is not None
        six = self.trump * RANKS + RANK_6
        self.hands[s] ^= (1 << six) | (1 << old)
        self.known[s] = (self.known[s] & ~(1 << six)) | (1 << old)  # it lay face up
        self.talon[0] = six
        self.trump_card = six

    def _from_talon(self) -> None:
        c = self._draw_top()
        self._after_draw()
        self.attacks.append(c)
        self.covers.append(UNCOVERED)
        self.uncovered += 1
        self._lay(c)
        self.phase = Phase.DEFEND
        self.to_act = self.defender

    def _try_talon(self, target: Card) -> None:
        c = self._draw_top()
        d = self.defender
        if self.beat[target] >> c & 1:  # the trump of the moment, before any reveal
            self.events[-1] = ("@", c, True)
            self.hands[d] |= 1 << c
            self._after_draw()
            self._cover(cover(c, target))
        else:
            self.hands[d] |= 1 << c
            self.known[d] |= 1 << c  # it was turned up
            self._after_draw()

    def _poker(self, cards: Hand) -> None:
        d = self.defender
        self.hands[d] &= ~cards
        self.known[d] &= ~cards
        self.removed |= cards  # discarded face down
        drawn = (self.talon.pop(), self.talon.pop())
        for c in drawn:
            self.hands[d] |= 1 << c
            if self.trump_shown and c == self.trump_card:
                self.known[d] |= 1 << c
        self.events.append(("x", cards, drawn))
        self._after_draw()
        self.poker_used = True

    def _why_illegal(self, action: Action) -> str:
        phase = self.phase
        who = f"seat {self.to_act}"
        if isinstance(action, Attack):
            if phase is not Phase.ATTACK:
                return f"no opening attack now: the game is in the {phase.value} phase"
            if action.cards & ~self.hands[self.to_act]:
                return f"{who} does not hold every card of the attack"
            if action.cards.bit_count() > self.limit:
                return (f"the attack has {action.cards.bit_count()} cards but the limit "
                        f"is {self.limit}")
            return f"attack_set={self.rules.attack_set} does not allow this attack" + (
                " (coward: a strongest card must open)" if self.rules.coward else "")
        if isinstance(action, (Cover, Take, Transfer)):
            if phase is not Phase.DEFEND:
                return f"only the defender covers, takes or transfers, in the defend phase " \
                       f"(the game is in the {phase.value} phase)"
            if isinstance(action, Cover):
                if not self.hands[self.to_act] >> action.card & 1:
                    return f"{who} does not hold {card_text(action.card)}"
                if action.target not in self.attacks:
                    return f"{card_text(action.target)} is not an attack card on the table"
                i = self.attacks.index(action.target)
                if self.covers[i] != UNCOVERED:
                    return f"{card_text(action.target)} is already covered"
                return f"{card_text(action.card)} does not beat {card_text(action.target)}"
            if isinstance(action, Transfer):
                return self._why_no_transfer(action)
        if isinstance(action, (Throw, Pass)):
            if phase is not Phase.THROW:
                return (f"no throw-in window is open (the game is in the {phase.value} "
                        f"phase): throw-ins wait until every attack card is covered")
            if isinstance(action, Throw):
                if not self.hands[self.to_act] >> action.card & 1:
                    return f"{who} does not hold {card_text(action.card)}"
                return f"{card_text(action.card)} matches no card on the table"
        return f"{action!r} is not legal now"

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
        if any(cv != UNCOVERED for cv in self.covers):
            return "no transfer after a cover (transfer_thrown=off)" if not r.transfer_thrown \
                else "a transfer must answer uncovered cards of one rank added after the covers"
        ranks = {t % RANKS for t in self.attacks}
        if len(ranks) > 1 or any(c % RANKS not in ranks for c in cards_of(action.cards)):
            return "a transfer needs cards of the rank of every attack card"
        if action.shown and self.round_done:
            return "the transfer has gone round: the trump must be played, not shown"
        target = self.transfer_target()
        return (f"seat {target} holds {self.hands[target].bit_count()} cards: too few to "
                f"answer {len(self.attacks) + (0 if action.shown else action.cards.bit_count())}"
                f" attack cards (limit {self.limit_for(self.hands[target].bit_count())})")

    def _attack(self, cards: Hand) -> None:
        a = self.attacker
        if self._flags[5] and any((cards & m).bit_count() >= 2 for m in RANK_MASKS):
            self.doubles[a] += 1
        self.hands[a] &= ~cards
        self.known[a] &= ~cards
        if not cards & (cards - 1):  # one card: the common case
            c = cards.bit_length() - 1
            self.attacks = [c]
            self.covers = [UNCOVERED]
            self.uncovered = 1
            self._lay(c)
        else:
            for c in cards_of(cards):
                self.attacks.append(c)
                self.covers.append(UNCOVERED)
                self.uncovered += 1
                self._lay(c)
        self.phase = Phase.DEFEND
        self.to_act = self.defender

    def _cover(self, action: Cover) -> None:
        c, t = action.card, action.target
        d = self.defender
        self.hands[d] &= ~(1 << c)
        self.known[d] &= ~(1 << c)
        self.covers[self.attacks.index(t)] = c
        self.uncovered -= 1
        self.last_cover = c
        self.amer = 0
        if self._flags[5]:
            self.covered[d] += 1
            if t % RANKS >= RANK_10:
                self.covered_high[d] += 1
        self._lay(c)
        if not self.uncovered:
            self._open_window()

    def _take(self) -> None:
        self.taking = True
        self.events.append(("!",))
        if self._flags[1] and self.rules.throw_after_take and len(self.attacks) < self.limit:
            self._open_window()
        else:
            self._end_taken()

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
        self.role_moves += (d - old_attacker) % self.n
        self.limit = self.limit_for(self.hands[target].bit_count())
        self.to_act = target

    # ---- throw-in windows ----------------------------------------------------

    def _open_window(self) -> None:
        """Every attack card is covered (or the defender takes): offer throw-ins (§2.7)."""
        if not self._flags[1] or len(self.attacks) >= self.limit:
            self._close_window()
            return
        d, team = self.defender, self.team
        a = self.attacker
        allowed = {self.left(d), self.right(d)} if self.rules.throwers == "neighbours" else None
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
        """Offer the window to ``w_order[w_pos]``, passing over those who cannot throw."""
        order = self.w_order
        hands, match = self.hands, self.match
        mode = self.rules.throw_order
        for _ in range(2 * len(order) + 2):
            if self._window_done():
                self._close_window()
                return
            s = order[self.w_pos]
            if hands[s] & match:
                if s != self.to_act or not self.w_added_now:
                    self.run_ranks = self.run_doubled = 0
                self.to_act = s
                self.w_added_now = False
                return
            self._count_pass(s, mode)
        raise AssertionError("throw-in window did not settle")  # pragma: no cover

    def _window_done(self) -> bool:
        n = len(self.w_order)
        if self.rules.throw_order == "clockwise":
            return self.w_passes >= n
        return self.w_passes >= n or self.w_pos < 0

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
        if len(self.attacks) >= self.limit:
            self._close_window()
        elif not self.hands[s] & self.match:
            self._count_pass(s, self.rules.throw_order)
            self._offer()

    def _pass(self) -> None:
        self._count_pass(self.to_act, self.rules.throw_order)
        self._offer()

    def _close_window(self) -> None:
        if self.taking:
            self._end_taken()
        elif self.uncovered:
            self.phase = Phase.DEFEND
            self.to_act = self.defender
        elif (self.rules.american and len(self.attacks) < self.limit
              and self.hands[self.defender] & self.match & self._american_cards()):
            self.amer = 1  # l.168: the defender may throw in one of their own
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

    # ---- the end of a bout -------------------------------------------------

    def _end_beaten(self) -> None:
        if (self.rules.trump == "changing" and self.talon and self.last_cover >= 0
                and self.talon[0] == self.trump_card and self.table >> self.last_cover & 1):
            # l.129: the last cover swaps with the trump card; the old one is discarded [I]
            old, new = self.talon[0], self.last_cover
            self.table = (self.table & ~(1 << new)) | (1 << old)
            self.talon[0] = new
            self._set_trump_card(new)
            self.events.append(("trump", new))
        self.discard |= self.table
        self.beaten_bouts += 1
        self.events.append(("beaten",))
        self._after_bout(beaten=True)

    def _end_taken(self) -> None:
        d = self.defender
        if self.rules.take == "unbeaten":
            picked = 0
            for t, cv in zip(self.attacks, self.covers, strict=True):
                if cv == UNCOVERED:
                    picked |= 1 << t
            self.discard |= self.table & ~picked
        else:
            picked = self.table
        self.hands[d] |= picked
        self.known[d] |= picked
        self.events.append(("taken",))
        self._after_bout(beaten=False)

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
        for s in order:
            have = hands[s].bit_count()
            if have >= target or (only_empty and have):
                continue
            take = min(target - have, len(talon))
            got = tuple(talon[-1:-take - 1:-1])  # the top first
            del talon[-take:]
            for c in got:
                hands[s] |= 1 << c
            if self.trump_shown and self.trump_card in got:
                self.known[s] |= 1 << self.trump_card  # it lay face up
            drawn.append((s, got))
            if not self.revealed:
                self._after_draw()
            if not talon:
                break
        self.events.append(("r", tuple(drawn)))

    def _after_bout(self, beaten: bool) -> None:
        """Steps 10-13: refill, going out, the result, the next bout."""
        self.table = 0
        self.attacks = []
        self.covers = []
        self.uncovered = 0
        self._refill()
        if not self.talon:  # while the talon lasts nobody goes out, so nobody has lost
            in_game, hands = self.in_game, self.hands
            gone = tuple(s for s in range(self.n) if in_game[s] and not hands[s])
            if gone:
                for s in gone:
                    in_game[s] = False
                    self.out_at[s] = self.bout
                self.events.append(("out", gone))
                if self.rules.team_split:
                    self.team = tuple(range(self.n))  # individual from now on (l.118)
            holders = {self.team[s] for s in range(self.n) if in_game[s]}
            if len(holders) <= 1:
                self._finish(holders)
                return
        if self.rules.pass_hands:
            self._pass_hands()
        d = self.defender
        # Beaten (or no_skip) and still in: the defender attacks; else their left (§2.13).
        self._start_bout(d if (beaten or self._flags[4]) and self.in_game[d] else self.left(d))

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
        if holders:
            loser = holders.pop()
        elif self.rules.draw == "defender_loses":
            loser = self.team[self.defender]
        else:
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

    # ---- records -------------------------------------------------------------

    def actions(self) -> list[tuple[int, Action]]:
        """Every action so far with its seat, in order."""
        return [(e[1], e[2]) for e in self.events if e[0] == "a"]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def card_places(self) -> dict[str, Hand]:
        """Where every card is (hands, talon, table, discard, removed): for invariant checks."""
        out = {f"hand{s}": h for s, h in enumerate(self.hands)}
        t = 0
        for c in self.talon:
            t |= 1 << c
        out["talon"] = t
        out["table"] = self.table
        out["discard"] = self.discard
        out["removed"] = self.removed
        return out

    def __repr__(self) -> str:
        return (f"<Game {self.phase.value} bout={self.bout} {self.attacker}>{self.defender} "
                f"to_act={self.to_act} talon={len(self.talon)}>")


def new_game(rules: Rules, seed: int | None = None) -> Game:
    return Game.new(rules, seed)


__all__ = ["Deal", "Game", "Phase", "Result", "deal_cards", "deal_size", "new_game"]
