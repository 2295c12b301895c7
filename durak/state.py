"""What one game of Durak holds, and the moves every phase shares.

:class:`GameState` is the bottom layer of :class:`durak.game.Game`: the seats,
hands, talon, trump, the bout on the table and the throw-in window, plus the
small steps every phase uses (seats clockwise, the limit, starting a bout,
laying a card, turning the talon's cards).  The phases build on it one layer
each (see :mod:`durak.game`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import Enum
from typing import Any, Final

from durak.actions import (
    Action,
)
from durak.cards import (
    RANK_MASKS,
    RANKS,
    SUIT_MASKS,
    TWIN,
    Card,
    Hand,
    cards_of,
    mask_of,
)
from durak.deal import Deal
from durak.magadan import take_face_down
from durak.rules import Rules
from durak.strength import beaters, closed_suit_of

UNCOVERED: Final = -1
"""``covers[i]`` of an attack card nobody has covered yet."""
ANSWERED: Final = -2
"""``covers[i]`` of an attack card a ``transfer_new_only`` transfer answered."""


class Phase(Enum):
    ATTACK = "attack"
    DEFEND = "defend"
    THROW = "throw"
    CUBE = "cube"
    DOUBT = "doubt"
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
    repetition: bool = False
    """A draw by repetition (DURAK.md §6.14): a position occurred for the third time; the
    draw is among the players still holding cards (those who went out are not durak
    either, and lost nothing)."""

    def text(self) -> str:
        if self.repetition:
            return "end draw repetition"
        if self.draw:
            return "end draw"
        extra = (" shame" if self.shame else "") + (" fold" if self.folded else "")
        if self.stake != 1:
            extra += f" cube={self.stake}"
        return f"end durak={','.join(map(str, self.durak))}{extra}"


_ATTACK: Final = Phase.ATTACK


def subsets(mask: Hand) -> list[Hand]:
    """Every non-empty subset of a small mask."""
    out = [0]
    for c in cards_of(mask):
        bit = 1 << c
        out += [s | bit for s in out]
    return out[1:]


class GameState:
    """The state of one game; the phase layers above it add the rules' moves."""
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
        "own_beat", "amer", "layer", "sly_covers", "face_down",
        "piles", "recycles", "twin_stopped", "nxt", "prv", "pos", "dummy", "no_role",
        "controller", "slots", "positions", "positions_stamp",
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
    slots: list[list[Card]]
    """``inverted``: each hand's cards by position (empty lists otherwise)."""
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
    sly_covers: Hand
    face_down: Hand
    """``doubt``: covers on the table lying face down (l.205)."""
    """``sly``/``brazen``: covers laid by the attack card's own player this bout."""
    """``own_answer``: who laid each card on the table (by card number)."""
    amer: int
    """``american``: 1 while the defender may throw in a card of their own, 2 while
    they must cover it, else 0."""
    piles: list[tuple[Card, ...]]
    """``magadan``: each seat's face-down cards, next to be taken first."""
    recycles: int
    twin_stopped: bool
    """``twin_stop``: a card covered its twin in this bout, so no more throw-ins."""
    """``recycle``: beaten bouts so far that ended while the talon lasted."""
    nxt: tuple[int, ...]
    """Each seat's clockwise neighbour (a ``dummy`` sits at the dealer's right)."""
    prv: tuple[int, ...]
    pos: tuple[int, ...]
    """Each seat's place clockwise from seat 0 (for counting seats moved)."""
    dummy: int
    """``dummy``: the dummy's seat, else -1; ``controller`` plays it."""
    no_role: int
    """``dummy=throw_in``: the dummy, which never attacks or defends; else -1."""
    controller: int
    positions: dict[tuple[int, ...], int]
    """§6.14: how often each bout-start position occurred since the discard last grew
    (:meth:`durak.bout_end.BoutEnd._third_time`)."""
    positions_stamp: tuple[int, ...]
    """The discard pile, the cards put away, the talon's size and bottom card when
    :attr:`positions` was last emptied."""
    own_beat: tuple[tuple[tuple[Hand, ...], int | None], ...]
    """``trump=own``: per seat, the beaters table and the trump suit when defending."""
    """The last cover played (``trump=changing``), -1 before any."""


    def _own_trump_for(self, defender: int) -> None:
        self.beat, self.trump = self.own_beat[defender]

    # ---- seats -------------------------------------------------------------

    def left(self, seat: int) -> int:
        """The next seat clockwise still in the game (skips the out, cl. 11)."""
        nxt, in_game = self.nxt, self.in_game
        s = nxt[seat]
        while not in_game[s]:
            s = nxt[s]
        return s

    def right(self, seat: int) -> int:
        prv, in_game = self.prv, self.in_game
        s = prv[seat]
        while not in_game[s]:
            s = prv[s]
        return s

    def next_opponent(self, seat: int) -> int:
        """The next seat clockwise in the game on another team (= :meth:`left` alone);
        a ``dummy=throw_in`` dummy is passed over (it never attacks or defends)."""
        team, skip = self.team, self.no_role
        s = self.left(seat)
        while team[s] == team[seat] or s == skip:
            s = self.left(s)
        return s

    def steps(self, a: int, b: int) -> int:
        """Seats moved clockwise from ``a`` to ``b``."""
        return (self.pos[b] - self.pos[a]) % self.n

    def held(self, seat: int) -> int:
        """Cards ``seat`` holds, ``magadan`` face-down cards included (refills, H)."""
        return self.hands[seat].bit_count() + len(self.piles[seat])

    def player_of(self, seat: int) -> int:
        """The player who decides for ``seat``: the dummy's controller, else the seat."""
        return self.controller if seat == self.dummy else seat

    # ---- limits --------------------------------------------------------------

    def limit_for(self, hand_count: int) -> int:
        """L for a defender holding ``hand_count`` cards (§2.8, ``limit``, ``first_limit``)."""
        r = self.rules
        if r.limit == "hand":
            return hand_count
        cap = 6
        first = r.first_limit
        if first != "off" and ((first == "first_bout" and self.bout == 1) or (
                first == "until_beaten" and self.beaten_bouts == 0)):
            cap = 5
        return cap if cap < hand_count else hand_count

    # ---- bouts ---------------------------------------------------------------

    def _start_bout(self, attacker: int) -> None:
        if attacker == self.no_role:
            attacker = self.left(attacker)  # a throw-in dummy never attacks (l.134)
        if self.bout:
            pos = self.pos
            self.role_moves += (pos[attacker] - pos[self.attacker]) % self.n
        if self._flags[10] and not self.hands[attacker] and self.piles[attacker]:
            take_face_down(self, attacker)  # magadan: nothing in hand to open with [I]
        bout = self.bout = self.bout + 1
        self.attacker = attacker
        self.bout_attacker = attacker
        # Two seats: the other one (both still in, else the game is over).
        d = self.nxt[attacker] if self.n == 2 else self.next_opponent(attacker)
        self.defender = d
        if self.own_beat:
            self._own_trump_for(d)
        held = self.hands[d].bit_count() + len(self.piles[d])
        if self._flags[14]:  # limit_for's common case, inlined (a hot path)
            self.limit = held if held < 6 else 6
        else:
            self.limit = self.limit_for(held)
        # (attacks and covers are emptied by the bout's end, or the deal, before this)
        self.uncovered = self.table = self.match = self.shown = 0
        self.sly_covers = self.face_down = 0
        self.taking = self.twin_stopped = self.cube_offered = self.poker_used = False
        self.round_done = False
        self.opening_hand = self.hands[attacker]
        self.events.append(("b", bout, attacker, d))
        if self._flags[6] and self.rules.match == "cube15" and self.cube_owner in (None, d):
            # cube15 (durak.cube): the defender may use the cube (no offer yet this bout,
            # cube_offered was just cleared), so the bout opens with their chance to double
            # first.  Here rather than in an override of this method: a hot path.
            self.phase = Phase.CUBE
            self.to_act = d
        else:
            self.phase = _ATTACK
            self.to_act = attacker

    def _lay(self, c: Card) -> None:
        """A card enters the table: update what throw-ins may match."""
        self.table |= 1 << c
        self.layer[c] = self.to_act
        self.match |= RANK_MASKS[c % RANKS]
        if self._flags[2]:
            self.match |= SUIT_MASKS[c % TWIN // RANKS]

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
        trump: int | None = c % TWIN // RANKS
        if trump == closed_suit_of(self.rules):
            trump = None
        self.trump = trump
        self.beat = beaters(self.rules, trump)

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
        for s, pile in enumerate(self.piles):
            if pile:
                out[f"pile{s}"] = mask_of(pile)
        return out

    def __repr__(self) -> str:
        return (f"<Game {self.phase.value} bout={self.bout} {self.attacker}>{self.defender} "
                f"to_act={self.to_act} talon={len(self.talon)}>")

