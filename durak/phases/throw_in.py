"""Throw-in windows (docs/rules/durak.md §2.7): once every attack card is covered (or the
defender takes), the others may add cards matching the table, one card per
action, in the order ``throw_order`` says, up to the limit.

``american`` (docs/rules/durak.md §3.2) lives here too: when a window closes with nothing
added, the defender may throw in one card of their own (then must cover it).

Who is offered is public (docs/rules/durak.md §6.15) [I]: a player who chooses not to add
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

The phase ``THROW``: :func:`legal` and :func:`apply`; the defence opens a
window by :func:`open_window`, and its close hands back to the defence, or
ends the bout (:mod:`durak.phases.bout_end`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from durak.actions import (
    PASS,
    Action,
    Cover,
    Pass,
    Throw,
    cover,
    throw,
)
from durak.cards import (
    CARD_SPACE,
    RANKS,
    Card,
    Hand,
)
from durak.phases.bout_end import end_beaten, end_taken
from durak.state import SEAT_RANGES, UNCOVERED, GameState, Move, Phase, lay, play_move

_DEFEND: Final = Phase.DEFEND  # module constants: a hot path (see durak.state._ATTACK)
_THROW: Final = Phase.THROW
_THROWS: Final = tuple(throw(c) for c in range(CARD_SPACE))


def legal(g: GameState) -> list[Action]:
    """Pass, and the cards of ``to_act`` that may be thrown in (``sly``: covers)."""
    out: list[Action] = [PASS]
    m = g.hands[g.to_act] & g.match
    if g.amer:
        m &= _american_cards(g)
    elif g._flags[8] and not throws_allowed(g):
        m = 0  # sly: the window is open for the covers only
    while m:
        low = m & -m
        out.append(_THROWS[low.bit_length() - 1])
        m ^= low
    if g._flags[8]:
        out += _sly_cover_actions(g, g.to_act)
    return out

def apply(g: GameState, action: Action) -> None:
    """A throw-in, a pass, or (``sly``/``brazen``) a cover of one's own card."""
    play_move(MOVES, g, action, "move of a throw-in window")


# ---- sly and brazen (§3.2) ------------------------------------------

def throws_allowed(g: GameState) -> bool:
    """``sly``: a window also opens when only covers are possible (after a take
    without ``throw_after_take``, or at the limit): then nothing may be thrown."""
    return g._flags[1] and len(g.attacks) < g.limit and not g.twin_stopped and (
        not g.taking or g.rules.throw_after_take)


def _sly_cover_actions(g: GameState, s: int) -> list[Action]:
    """``sly`` (§3.2): once the defender takes, whoever laid an uncovered attack card
    may cover it with a card of theirs that beats it, so the defender takes more.
    ``brazen`` (§3.2): also in any window, a thrower may cover their own thrown card;
    the pair counts as covered, so the defender need not answer it [I: optional,
    any time while the thrower holds the offer]."""
    if g.amer or not (g.taking or g.rules.sly == "brazen"):
        return []
    out: list[Action] = []
    hand, beat, layer = g.hands[s], g.beat, g.layer
    for t, cv in zip(g.attacks, g.covers, strict=True):
        if cv == UNCOVERED and layer[t] == s:
            m = hand & beat[t]
            while m:
                low = m & -m
                out.append(cover(low.bit_length() - 1, t))
                m ^= low
    return out


def _can_add(g: GameState, s: int) -> bool:
    """Whether ``s`` is offered the window (else they are passed over): decided by
    public facts only (§6.15), never by whether a card of theirs matches — holding
    a card while throw-ins are allowed, or (``sly``/``brazen``) having laid an
    uncovered attack card that may be covered now."""
    if not g.hands[s]:
        return False
    if not g._flags[8]:
        return not g._flags[13] or throws_allowed(g)
    if throws_allowed(g):
        return True
    if g.amer or not (g.taking or g.rules.sly == "brazen"):
        return False
    layer = g.layer
    return any(cv == UNCOVERED and layer[t] == s
               for t, cv in zip(g.attacks, g.covers, strict=True))


def _sly_cover(g: GameState, action: Cover) -> None:
    """A ``sly``/``brazen`` cover: its rank opens no throw-ins unless already on the
    table (§3.2), so it does not join what throw-ins may match."""
    s = g.to_act
    c, t = action.card, action.target
    g.hands[s] &= ~(1 << c)
    g.known[s] &= ~(1 << c)
    g.covers[g.attacks.index(t)] = c
    g.uncovered -= 1
    g.table |= 1 << c
    g.layer[c] = s
    g.sly_covers |= 1 << c
    if not _can_add(g, s):
        _count_pass(g, s, g.rules.throw_order)
        _offer(g)


def window_order(g: GameState) -> list[int]:
    """The seats a throw-in window offers, in turn (§2.7): from the attacker
    clockwise, every opponent of the defender (only its neighbours under
    ``throwers=neighbours``).  The computers' worlds rebuild a window with it too."""
    d, a, team = g.defender, g.attacker, g.team
    if g.n == 2:
        return [a]  # two seats: the attacker, the defender's one opponent
    allowed = ({g.left(d), g.right(d)} if g.rules.throwers == "neighbours"
               else None)
    order = []
    s = a
    while True:
        if team[s] != team[d] and (allowed is None or s in allowed):
            order.append(s)
        s = g.left(s)
        if s == a:
            return order


def open_window(g: GameState) -> None:
    """Every attack card is covered (or the defender takes): offer throw-ins (§2.7)."""
    if not g._flags[8] and (not g._flags[1] or g.twin_stopped
                            or len(g.attacks) >= g.limit):
        _close_window(g)
        return
    g.w_order = [g.attacker] if g.n == 2 else window_order(g)  # two seats: no call
    g.w_pos = 0
    g.w_passes = 0
    g.w_added = False
    g.w_added_now = False
    g.w_resume = -1
    g.phase = _THROW
    _offer(g)


def _offer(g: GameState) -> None:
    """Offer the window to ``w_order[w_pos]``, passing over those who hold no card
    (or, ``sly``, have nothing public to do: :func:`_can_add`)."""
    order = g.w_order
    hands = g.hands
    mode = g.rules.throw_order
    n = len(order)
    for _ in SEAT_RANGES[2 * n + 2]:  # a bound: range(2n + 2), made once
        if g.w_passes >= n or (g.w_pos < 0 and mode != "clockwise"):  # done
            _close_window(g)
            return
        s = order[g.w_pos]
        if _can_add(g, s) if g._flags[8] or g._flags[13] else hands[s]:
            if s != g.to_act or not g.w_added_now:
                g.run_ranks = g.run_doubled = 0
            g.to_act = s
            g.w_added_now = False
            return
        _count_pass(g, s, mode)
    raise AssertionError("throw-in window did not settle")  # pragma: no cover


def _count_pass(g: GameState, s: int, mode: str) -> None:
    """``s`` passes (or cannot throw): move the offer on."""
    n = len(g.w_order)
    g.w_passes += 1
    if mode == "attacker_first" and s == g.attacker and not g.w_added:
        g.w_pos = -1  # the attacker declined first: the window closes
        return
    if mode == "attacker_priority" and g.w_added_now and s != g.attacker:
        resume = (g.w_pos + 1) % n
        g.w_resume = resume if resume else -1
        g.w_pos = 0
        return
    if mode == "attacker_priority" and g.w_resume >= 0 and s == g.attacker:
        g.w_pos = g.w_resume  # the priority offer came on top of the round: the
        g.w_resume = -1  # attacker keeps its own turn in it, so this pass does not
        g.w_passes -= 1  # count towards closing (else the seat before the thrower
        return  # went unasked)
    g.w_pos = (g.w_pos + 1) % n


def throw_card(g: GameState, action: Throw) -> None:
    """Throw a card in (``american``: the defender's own, which they must cover)."""
    c = action.card
    if g.amer:
        _american_throw(g, c)
        return
    s = g.to_act
    if g._flags[5]:
        bit = 1 << (c % RANKS)
        if g.run_ranks & bit and not g.run_doubled & bit:
            g.doubles[s] += 1
            g.run_doubled |= bit
        g.run_ranks |= bit
    keep = ~(1 << c)
    g.hands[s] &= keep
    g.known[s] &= keep
    g.attacks.append(c)
    g.covers.append(UNCOVERED)
    g.uncovered += 1
    lay(g, c)
    if g.rules.throw_order != "clockwise":
        g.w_passes = 0
    g.w_added = True
    g.w_added_now = True
    if g._flags[8]:
        if not _can_add(g, s):  # sly: covers may follow even at the limit
            _count_pass(g, s, g.rules.throw_order)
            _offer(g)
    elif len(g.attacks) >= g.limit:
        _close_window(g)
    elif not _can_add(g, s) if g._flags[13] else not g.hands[s]:
        _count_pass(g, s, g.rules.throw_order)
        _offer(g)


def pass_offer(g: GameState, action: Pass) -> None:
    """Pass the offer on (``american``: the defender throws in nothing of their own)."""
    if g.amer:
        g.amer = 0
        end_beaten(g)
        return
    mode = g.rules.throw_order
    if mode == "free":  # the default: _count_pass's common case, inlined
        g.w_passes += 1
        g.w_pos = (g.w_pos + 1) % len(g.w_order)
    else:
        _count_pass(g, g.to_act, mode)
    _offer(g)


def _close_window(g: GameState) -> None:
    if g.taking:
        end_taken(g)
    elif g.uncovered:
        g.phase = _DEFEND
        g.to_act = g.defender
    elif (g.rules.american and len(g.attacks) < g.limit and not g.twin_stopped
          and g.hands[g.defender].bit_count() >= 2):
        g.amer = 1  # §3.2: the defender may throw in one of their own (§6.15: offered
        # whenever they hold a card to throw and one to cover it, whatever they hold)
        g.phase = _THROW
        g.to_act = g.defender
    else:
        end_beaten(g)


def _american_cards(g: GameState) -> Hand:
    """Cards the defender could throw in and still cover with another of theirs."""
    hand, beat = g.hands[g.defender], g.beat
    out = 0
    m = hand
    while m:
        low = m & -m
        if hand & ~low & beat[low.bit_length() - 1]:
            out |= low
        m ^= low
    return out


def _american_throw(g: GameState, c: Card) -> None:
    d = g.defender
    g.hands[d] &= ~(1 << c)
    g.known[d] &= ~(1 << c)
    g.attacks.append(c)
    g.covers.append(UNCOVERED)
    g.uncovered += 1
    lay(g, c)
    g.amer = 2  # it must be covered: no take, no transfer
    g.phase = _DEFEND


MOVES: Final[Mapping[type[Action], Move]] = MappingProxyType({
    Throw: throw_card, Pass: pass_offer, Cover: _sly_cover})
"""The phase's action kinds and their moves (the dispatch's table reads it)."""
