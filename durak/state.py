"""What one game of Durak holds, and the steps every phase shares.

:class:`GameState` is the record of every field of a game: the seats, hands,
talon, trump, the bout on the table and the throw-in window.  Its methods
only answer questions about it (seats clockwise, the limit, what a seat
holds); the moves are functions over it in :mod:`durak.phases`, one module
a phase, and the few steps every phase takes are functions here: starting a
bout (:func:`start_bout`), laying a card (:func:`lay`), turning the talon's
cards (:func:`draw_top`, :func:`after_draw`) and the trump of ``trump=own``
and ``trump=changing`` (:func:`own_trump_for`, :func:`set_trump_card`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import Enum
from typing import Any, Final

from durak.actions import Action, IllegalActionError
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
from durak.family.result import Result as Result
from durak.magadan import take_face_down
from durak.rules import Rules
from durak.strength import beaters, closed_suit_of

UNCOVERED: Final = -1
"""``covers[i]`` of an attack card nobody has covered yet."""
ANSWERED: Final = -2
"""``covers[i]`` of an attack card a ``transfer_new_only`` transfer answered."""
SEAT_RANGES: Final = tuple(range(n) for n in range(32))
"""``range(n)`` for every table size, made once: the hot paths loop over the seats
without building a range object each time (in CPython 3.11 that costs more than a
short loop's own steps)."""


class Phase(Enum):
    ATTACK = "attack"
    DEFEND = "defend"
    THROW = "throw"
    CUBE = "cube"
    DOUBT = "doubt"
    OVER = "over"

    # The members are singletons compared by identity, so identity hashes them: the
    # dispatch looks a phase up at every move, and Enum's own hash is Python code.
    __hash__ = object.__hash__


# The phases the hot paths set, as module constants: ``Phase.ATTACK`` is a look-up
# through the Enum metaclass's ``__getattr__`` hook, about 1,000 machine instructions
# in CPython 3.11, a module constant a few dozen.
_ATTACK: Final = Phase.ATTACK
_CUBE: Final = Phase.CUBE


Move = Callable[["GameState", Any], None]
"""A move's function: the state and the action, of the kind it is filed under in a
phase module's ``MOVES`` table (so the table's caller need not check the kind)."""


def play_move(moves: Mapping[type[Action], Move], state: GameState, action: Action,
              what: str) -> None:
    """Perform ``action`` by a phase module's ``MOVES`` table, or refuse an action of
    a kind the table does not hold (``what`` names the phase's moves)."""
    move = moves.get(type(action))
    if move is None:
        raise IllegalActionError(f"{action!r} is no {what}")
    move(state, action)


def subsets(mask: Hand) -> list[Hand]:
    """Every non-empty subset of a small mask."""
    out = [0]
    for c in cards_of(mask):
        bit = 1 << c
        out += [s | bit for s in out]
    return out[1:]


class GameState:
    """The state of one game: every field, and questions about seats and limits.

    The rules' moves are functions over it in :mod:`durak.phases`;
    :class:`durak.game.Game` adds the public API.
    """
    __slots__ = (
        "rules", "n", "team", "deal", "dealer", "first_attacker",
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
        "controller", "slots", "positions", "positions_stamp", "tables",
    )

    rules: Rules
    n: int
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
    """``doubt``: covers on the table lying face down (docs/rules/durak.md §3.5)."""
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
    (:func:`durak.phases.bout_end.third_time`)."""
    positions_stamp: tuple[int, ...]
    """The discard pile, the cards put away, the talon's size and bottom card when
    :attr:`positions` was last emptied."""
    tables: tuple[dict[Phase, Callable[[GameState], list[Action]]],
                  dict[Phase, dict[type[Action], Move]]]
    """Per phase, the function listing the legal actions, and the moves by kind of
    action: the options' variant, chosen at the deal and shared, never changed
    (:func:`durak.phases.dispatch.tables_for`)."""
    own_beat: tuple[tuple[tuple[Hand, ...], int | None], ...]
    """``trump=own``: per seat, the beaters table and the trump suit when defending."""
    """The last cover played (``trump=changing``), -1 before any."""


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


# ---- steps every phase shares ---------------------------------------------
def own_trump_for(g: GameState, defender: int) -> None:
    g.beat, g.trump = g.own_beat[defender]


def start_bout(g: GameState, attacker: int) -> None:
    if attacker == g.no_role:
        attacker = g.left(attacker)  # a throw-in dummy never attacks (§3.4)
    if g.bout:
        pos = g.pos
        g.role_moves += (pos[attacker] - pos[g.attacker]) % g.n
    flags, hands = g._flags, g.hands
    if flags[10] and not hands[attacker] and g.piles[attacker]:
        take_face_down(g, attacker)  # magadan: nothing in hand to open with [I]
    bout = g.bout = g.bout + 1
    g.attacker = g.bout_attacker = attacker
    # Two seats: the other one (both still in, else the game is over).
    d = g.nxt[attacker] if g.n == 2 else g.next_opponent(attacker)
    g.defender = d
    if g.own_beat:
        own_trump_for(g, d)
    # H counts magadan's face-down cards (§3.4)
    held = hands[d].bit_count() + len(g.piles[d]) if flags[10] else hands[d].bit_count()
    if flags[14]:  # limit_for's common case, inlined (a hot path)
        g.limit = held if held < 6 else 6
    else:
        g.limit = g.limit_for(held)
    # (attacks, covers, the table and the uncovered count are emptied by the bout's
    # end, or the deal, before this)
    g.match = g.shown = g.sly_covers = g.face_down = 0
    g.taking = g.twin_stopped = g.cube_offered = g.poker_used = g.round_done = False
    g.opening_hand = hands[attacker]
    g.events.append(("b", bout, attacker, d))
    if g._flags[6] and g.rules.match == "cube15" and g.cube_owner in (None, d):
        # cube15 (durak.phases.cube): the defender may use the cube (no offer yet this bout,
        # cube_offered was just cleared), so the bout opens with their chance to double
        # first.  Here rather than in the cube's module: a hot path.
        g.phase = _CUBE
        g.to_act = d
    else:
        g.phase = _ATTACK
        g.to_act = attacker


def lay(g: GameState, c: Card) -> None:
    """A card enters the table: update what throw-ins may match."""
    g.table |= 1 << c
    g.layer[c] = g.to_act
    g.match |= RANK_MASKS[c % RANKS]
    if g._flags[2]:
        g.match |= SUIT_MASKS[c % TWIN // RANKS]


def draw_top(g: GameState) -> Card:
    """The talon's top card, turned up (armenian, second chance)."""
    c = g.talon.pop()
    g.events.append(("@", c))
    return c


def after_draw(g: GameState) -> None:
    """``trump=hidden`` (§3.1): once the trump card is drawn, the card under it
    is shown and its suit is trump to the end."""
    if g.revealed or g.trump_card in g.talon:
        return
    g.revealed = True
    c = g.deal.talon[0]
    set_trump_card(g, c)
    for s in range(g.n):
        if g.hands[s] >> c & 1:
            g.known[s] |= 1 << c
    g.events.append(("trump", c))


def set_trump_card(g: GameState, c: Card) -> None:
    g.trump_card = c
    trump: int | None = c % TWIN // RANKS
    if trump == closed_suit_of(g.rules):
        trump = None
    g.trump = trump
    g.beat = beaters(g.rules, trump)
