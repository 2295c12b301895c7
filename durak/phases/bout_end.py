"""The end of a bout (docs/rules/durak.md §2.9–§2.13): discard or pick up, refill,
going out, the result, the next bout.

The durak (or a draw) is decided only here, after the refill: while the
talon lasts nobody goes out, so nobody has lost.

A game also ends here as a draw by repetition (docs/rules/durak.md §6.14): see
:func:`third_time`.

Not a phase of its own: every move that ends a bout calls :func:`end_beaten`,
:func:`end_taken` or :func:`after_bout`, which start the next bout
(:func:`durak.state.start_bout`) or end the game (``Phase.OVER``).
"""

from __future__ import annotations

from typing import Final

from durak.cards import (
    RANK_6,
    RANK_MASKS,
    SUIT_MASKS,
)
from durak.family.seats import seat_order
from durak.magadan import face_down_into_hands
from durak.recycle import fixed_bottom, recycled_talon
from durak.state import (
    SEAT_RANGES,
    UNCOVERED,
    GameState,
    Phase,
    Result,
    after_draw,
    set_trump_card,
    start_bout,
)

_OVER: Final = Phase.OVER  # a module constant (see durak.state._ATTACK)


def end_beaten(g: GameState) -> None:
    if (g.rules.trump == "changing" and g.talon and g.last_cover >= 0
            and g.talon[0] == g.trump_card and g.table >> g.last_cover & 1):
        # §3.1 trump=changing: the last cover swaps with the trump card; the old one is
        # discarded [I]
        old, new = g.talon[0], g.last_cover
        g.table = (g.table & ~(1 << new)) | (1 << old)
        g.talon[0] = new
        set_trump_card(g, new)
        g.events.append(("trump", new))
    if g._flags[11] and g.talon:
        g.recycles += 1
        if g.recycles % 2 == 0:  # §3.4: every 2nd beaten bout back into the talon
            fixed = fixed_bottom(g.rules.trump, g.talon, g.trump_card, g.revealed)
            g.talon = recycled_talon(g.talon, g.table, fixed, g.deal.reshuffle,
                                     g.recycles // 2)
            g.events.append(("recycle", g.table))
            g.table = 0
    g.discard |= g.table & ~g.face_down
    g.removed |= g.table & g.face_down  # doubt: out of play face down
    g.beaten_bouts += 1
    g.events.append(("beaten",))
    after_bout(g, True)


def end_taken(g: GameState) -> None:
    d = g.defender
    if g.rules.take == "unbeaten":
        picked = 0
        sly = g.sly_covers
        for t, cv in zip(g.attacks, g.covers, strict=True):
            if cv == UNCOVERED:
                picked |= 1 << t
            elif cv >= 0 and sly >> cv & 1:
                picked |= 1 << t | 1 << cv  # a sly pair is taken, not discarded [I]
        g.discard |= g.table & ~picked & ~g.face_down
        g.removed |= g.table & ~picked & g.face_down
    else:
        picked = g.table
    g.hands[d] |= picked
    g.known[d] |= picked & ~g.face_down  # doubt: their own covers, unseen
    g.events.append(("taken",))
    after_bout(g, False)


def refill(g: GameState) -> None:
    """Step 10: the attacker, the others clockwise, the defender last."""
    talon = g.talon
    if not talon:
        return
    r = g.rules
    a, d = g.attacker, g.defender
    if g.n == 2:
        order: tuple[int, ...] | list[int] = (a, d)
    else:  # the seats still in (the attacker and defender are), the defender last
        in_game = g.in_game
        order = [s for s in seat_order(a, g.nxt, None if d == a else d)
                 if in_game[s] or s in (a, d)]
    g.refills += 1
    target = g.refills + 1 if r.refill == "progression" else r.hand_size
    only_empty = r.refill == "when_empty"
    drawn = []
    hands = g.hands
    piles = g.piles
    magadan = g._flags[10]
    for s in order:
        have = hands[s].bit_count() + len(piles[s]) if magadan else hands[s].bit_count()
        if have >= target or (only_empty and have):
            continue
        take = target - have
        if take > len(talon):
            take = len(talon)
        got = (*talon[-1:-take - 1:-1],)  # the top first (a display, not tuple(): faster)
        del talon[-take:]
        h = hands[s]
        for c in got:
            h |= 1 << c
        hands[s] = h
        if g._flags[13]:
            g.slots[s] += got  # inverted: drawn cards join the end, in drawing order
        if g.trump_shown and g.trump_card in got:
            g.known[s] |= 1 << g.trump_card  # it lay face up
        drawn.append((s, got))
        if not g.revealed:
            after_draw(g)
        if not talon:
            break
    g.events.append(("r", (*drawn,)))


def after_bout(g: GameState, beaten: bool, taker: int | None = None) -> None:
    """Steps 10-13: refill, going out, the result, the next bout.

    ``taker``: ``doubt``'s challenge made someone other than the defender take;
    their left attacks next [I]."""
    g.table = 0
    g.attacks = []
    g.covers = []
    g.uncovered = 0
    if g.talon:
        refill(g)
    if not g.talon and _going_out(g):  # while the talon lasts nobody goes out
        return
    if g.rules.pass_hands:
        pass_hands(g)
        if g._flags[10] and g.talon and any(
                g.in_game[s] and not g.hands[s] and not g.piles[s] for s in range(g.n)):
            # magadan: the face-down cards stay, so a player may now hold no card at
            # all while the talon lasts (the hand passed to them was empty: its owner
            # held only face-down cards).  The refill runs again at once [I]: nobody
            # holds nothing while the talon lasts (§6.12), and an opener holding nothing
            # would have no move (found by tests/durak_ai/helpers.py small_endgame).
            refill(g)
            if not g.talon and _going_out(g):
                return
    if taker is not None:
        nxt = g.left(taker)
    else:
        d = g.defender
        # Beaten (or no_skip) and still in: the defender attacks; else their left (§2.13).
        # (Two seats play on only while both are in: then the left is the other one.)
        nxt = (d if (beaten or g._flags[4]) and g.in_game[d]
               else g.nxt[d] if g.n == 2 else g.left(d))
    if third_time(g, nxt):
        g.result = Result((), True, repetition=True)
        g.phase = _OVER
        g.events.append(("end", g.result))
        return
    start_bout(g, nxt)


def _going_out(g: GameState) -> bool:
    """The talon is gone: ``magadan``'s face-down cards into the hands, players
    holding nothing go out (step 11), and whether that ended the game (then
    :attr:`~durak.state.GameState.result` is set)."""
    if g._flags[10]:
        face_down_into_hands(g)
    in_game, hands = g.in_game, g.hands
    if g.n == 2 and hands[0] and hands[1]:
        # Two seats (two players, of two sides), both in (else the game is over) and
        # holding cards: nobody goes out, play on.  The common case, without the loops.
        return False
    seats = SEAT_RANGES[g.n]
    out: list[int] = []
    for s in seats:
        if in_game[s] and not hands[s]:
            out.append(s)
    if out:
        gone = tuple(out)
        for s in gone:
            in_game[s] = False
            g.out_at[s] = g.bout
        g.events.append(("out", gone))
        if g.rules.team_split:
            g.team = tuple(range(g.n))  # individual from now on (§4)
    team, skip = g.team, g.no_role
    holder = -1  # the one team still holding cards, if only one is
    for s in seats:
        if in_game[s] and s != skip:
            t = team[s]
            if holder < 0:
                holder = t
            elif t != holder:
                return False  # two teams hold cards: play on
    _finish(g, {holder} if holder >= 0 else set())
    return True


def third_time(g: GameState, attacker: int) -> bool:
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
    talon = g.talon
    stamp = (g.discard, g.removed, len(talon), talon[0] if talon else -1)
    key = (attacker, *g.hands)
    if g._flags[11]:
        key += (-1, *talon)
    if g._flags[10]:
        key += tuple(c for p in g.piles for c in (-1, *p))
    if stamp != g.positions_stamp:  # most bouts (the talon or the discard changed)
        g.positions = {key: 1}
        g.positions_stamp = stamp
        return False
    positions = g.positions
    seen = positions[key] = positions.get(key, 0) + 1
    return seen >= 3


def pass_hands(g: GameState) -> None:
    """``pass_hands`` (§3.4): every hand in the game goes to the left neighbour."""
    hands, known = g.hands[:], g.known[:]
    for s in range(g.n):
        if g.in_game[s]:
            to = g.left(s)
            g.hands[to] = hands[s]
            g.known[to] = known[s]
    g.events.append(("pass",))


def _loser_by_count(g: GameState) -> int:
    """``loser`` (§3.5): the fewest covers / high covers / doubles loses.

    Tie [I]: who kept cards longest (went out last; still holding beats all),
    then the first clockwise from the dealer's left.
    """
    stat = {"fewest_beaten": g.covered, "fewest_high": g.covered_high,
            "fewest_doubles": g.doubles}[g.rules.loser]
    n, big = g.n, g.bout + 1

    def key(s: int) -> tuple[int, int, int]:
        kept = g.out_at[s] or big
        return (stat[s], -kept, (s - g.dealer - 1) % n)

    return min(range(n), key=key)


def _finish(g: GameState, holders: set[int]) -> None:
    if g._flags[5]:
        g.result = Result((_loser_by_count(g),), False)
        g.phase = _OVER
        g.events.append(("end", g.result))
        return
    loser = holders.pop() if holders else -1
    if loser < 0 and g.rules.draw == "defender_loses":
        loser = g.team[g.defender]
    if loser < 0 or loser == g.dummy:  # [I] the dummy left last: a draw (§3.4)
        g.result = Result((), True)
        g.phase = _OVER
        g.events.append(("end", g.result))
        return
    durak = tuple(s for s in range(g.n) if g.team[s] == loser)
    h = g.opening_hand
    shame = False
    if g.defender in durak and h:
        sixes = h & RANK_MASKS[RANK_6]
        trumps = SUIT_MASKS[g.trump] if g.trump is not None else 0
        shame = (h.bit_count() == 1 and bool(sixes & ~trumps)) or (
            h.bit_count() >= 2 and sixes == h)
    g.result = Result(durak, False, shame, stake=g.cube)
    g.phase = _OVER
    g.events.append(("end", g.result))
