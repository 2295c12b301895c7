"""What the pile games share (docs/rules/durak.md §3.6): one face-up pile, turns clockwise,
going out once the talon is gone, the last holder of cards the durak.

Functions over :class:`~durak.pile.state.PileState`; each game's module
decides *which* card a take picks up and *when* the pile clears, and calls
these for the rest.  Interpretations [I] named here:

* **Going out** happens the moment a player holds no card and the talon is
  empty (after a lay, a take or a refill); several at once (a refill that
  empties the talon) leave together, written clockwise from the player who
  just acted.  A player who goes out with the pile's last word ("its player
  leads") hands the lead to their left neighbour.
* **Taking is always allowed** on a non-empty pile, also by a player who
  could beat (the default game's "take at any moment", §2.6; chinese and
  chukhonsky say "cannot or will not").  Nothing can be taken from an empty
  pile: a card must be laid.
* **Repetition** (§6.14): the position is whose turn, who led the pile,
  every hand and the pile; positions are counted while the discard pile and
  the talon keep their size (a position with another size cannot recur).
  Its third occurrence ends the game, a draw among the players still
  holding cards.
"""

from __future__ import annotations

from durak.cards import DECK_36, RANKS, Card, Hand, card, card_text, suit_of
from durak.family.seats import RINGS, next_in, seat_order
from durak.pile.actions import (
    LAYS,
    TAKE,
    FromTalon,
    IllegalActionError,
    Lay,
    PileAction,
    Take,
    lays_of,
)
from durak.pile.options import PileRules
from durak.pile.state import CHINESE_HAND, DealError, PileState, standard_beaters


def left_of(st: PileState, seat: int) -> int:
    """The next seat clockwise from ``seat`` that is still in the game."""
    return next_in(seat, RINGS[st.rules.players], st.in_game)


def legal(st: PileState, allowed: Hand) -> list[PileAction]:
    """Lay any held card of ``allowed``; take when the pile has cards."""
    acts = lays_of(st.hands[st.to_act] & allowed)
    if st.pile:
        acts.append(TAKE)
    return acts


def check(st: PileState, action: PileAction, allowed: Hand) -> None:
    """Refuse ``action`` for ``st.to_act`` with a message saying why."""
    if action.__class__ is Lay:  # the common case first: a held card that may be laid
        c = action.card
        if c.__class__ is int and 0 <= c < 36 and st.hands[st.to_act] >> c & allowed >> c & 1:
            return
    if isinstance(action, Take):
        if not st.pile:
            raise IllegalActionError("nothing to take: the pile is empty, lay a card")
        return
    if isinstance(action, FromTalon):
        raise IllegalActionError(f"{st.rules.mode} turns no card from the talon (only polish "
                                 "does, with an empty hand)")
    if not isinstance(action, Lay) or type(action.card) is not int or not 0 <= action.card < 36:
        raise IllegalActionError(f"not a move of the pile games: a {type(action).__name__} "
                                 "that names no card of the deck")
    c = action.card
    if not st.hands[st.to_act] >> c & 1:
        raise IllegalActionError(f"seat {st.to_act} does not hold {card_text(c)}")
    if not allowed >> c & 1:
        raise IllegalActionError(
            f"{card_text(c)} does not beat the top card {card_text(st.pile[-1])}"
        )


def put(st: PileState, seat: int, c: int) -> None:
    """``seat`` lays card ``c`` on the pile."""
    bit = 1 << c
    st.hands[seat] &= ~bit
    st.known[seat] &= ~bit
    st.pile.append(c)
    st.history.append((seat, LAYS[c]))


def pick(st: PileState, seat: int, index: int) -> None:
    """``seat`` takes the pile's card at ``index`` (0 bottom, -1 top)."""
    c = st.pile.pop(index)
    st.hands[seat] |= 1 << c
    st.known[seat] |= 1 << c
    st.history.append((seat, TAKE))


def pick_top(st: PileState, seat: int, count: int) -> None:
    """``seat`` takes the pile's top ``count`` cards (one take)."""
    taken = 0
    for c in st.pile[len(st.pile) - count:]:
        taken |= 1 << c
    st.hands[seat] |= taken
    st.known[seat] |= taken
    del st.pile[len(st.pile) - count:]
    st.history.append((seat, TAKE))


def discard_pile(st: PileState) -> None:
    """The whole pile goes to the discard pile, out of play."""
    for c in st.pile:
        st.discard |= 1 << c
    st.pile.clear()


def lay_and_go_out(st: PileState, seat: int, c: Card) -> bool:
    """``seat`` lays ``c``; players go out; whether the game goes on."""
    put(st, seat, c)
    go_out(st, seat)
    return not st.over


def clear_and_lead(st: PileState, seat: int) -> None:
    """The pile is discarded and ``seat`` leads the next (their left, if they went out)."""
    discard_pile(st)
    next_turn(st, seat if st.in_game >> seat & 1 else left_of(st, seat), lead=True)


def refill(st: PileState, first: int, size: int = CHINESE_HAND, last: int | None = None) -> None:
    """§2.10: from ``first`` clockwise (``last``, if given, after everyone else) each
    player still in draws up to ``size`` cards while the talon lasts."""
    if not st.talon:
        return
    for s in seat_order(first, RINGS[st.n], last):
        if not st.in_game >> s & 1:
            continue
        hand = st.hands[s]
        need = size - hand.bit_count()
        while need > 0 and st.talon:
            c = st.talon.pop()
            hand |= 1 << c
            if c == st.trump_card:  # heap's shown card, drawn last in sight of all
                st.known[s] |= 1 << c
            need -= 1
        st.hands[s] = hand


def go_out(st: PileState, seat: int, settle: bool = True) -> None:
    """With the talon gone, players with no card leave; one holder left is the durak
    (``settle=False``: not yet, an attack is still to be answered)."""
    if st.talon:
        return
    hands = st.hands
    in_game = st.in_game
    if 0 in hands:  # only an empty hand can go out (and a seat out holds none)
        for s in seat_order(seat, RINGS[st.n]):
            if in_game >> s & 1 and not hands[s]:
                in_game &= ~(1 << s)
                st.out.append(s)
        st.in_game = in_game
    if settle and in_game.bit_count() <= 1:
        st.over = True
        st.durak = in_game.bit_length() - 1 if in_game else None


def next_turn(st: PileState, seat: int, *, lead: bool = False) -> None:
    """``seat`` acts next (``lead``: on an empty pile, leading it); counts the position."""
    if st.over:
        return
    st.to_act = seat
    if lead:
        st.leader = seat
    discard, talon = st.epoch
    if discard != st.discard or talon != len(st.talon):
        st.epoch = (st.discard, len(st.talon))
        st.seen.clear()
    # The pile as bytes (cards are 0..35): one short object to hash, not a card each.
    key: tuple[int | bytes, ...] = (seat, st.leader, st.must_beat, bytes(st.pile), *st.hands)
    seen = st.seen
    times = seen.get(key, 0) + 1
    seen[key] = times
    if times >= 3:
        st.over = True
        st.repetition = True
        st.durak = None



def begin(rules: PileRules, dealer: int, game: int, hands: list[Hand], talon: list[Card],
          sizes: list[int], trump: int, trump_card: Card | None,
          beaters: tuple[Hand, ...]) -> PileState:
    """A game's state from a deal, checked against the mode's deal (``sizes`` per seat)."""
    n = rules.players
    if not 0 <= dealer < n:
        raise DealError(f"dealer {dealer} is not a seat of {n} players")
    if type(game) is not int or game < 1:
        raise DealError(f"game number {game!r}: games are numbered from 1")
    if len(hands) != n:
        raise DealError(f"{len(hands)} hands for {n} players")
    seen = 0
    for s, h in enumerate(hands):
        if h & seen:
            raise DealError(f"seat {s}'s hand repeats a card of an earlier hand")
        if h.bit_count() != sizes[s]:
            raise DealError(f"seat {s} holds {h.bit_count()} cards; this deal gives {sizes[s]}")
        seen |= h
    for c in talon:
        if seen >> c & 1:
            raise DealError(f"the talon repeats {card_text(c)}")
        seen |= 1 << c
    if seen != DECK_36:
        raise DealError("the hands and the talon are not the 36 cards")
    everyone = (1 << n) - 1
    return PileState(rules=rules, dealer=dealer, game=game, hands=list(hands),
                     talon=list(talon), trump=trump, trump_card=trump_card, beaters=beaters,
                     first=dealer, to_act=dealer, leader=dealer, in_game=everyone,
                     dealt_hands=tuple(hands), dealt_talon=tuple(talon), known=[0] * n)


def begin_shown(rules: PileRules, dealer: int, game: int, hands: list[Hand],
                talon: list[Card], trump_card: Card | None) -> PileState:
    """kurukuru, chukhonsky: every card dealt, the dealer's last one shown as the trump
    card (the deal's [I] in :mod:`durak.pile.state`)."""
    if trump_card is None or not 0 <= trump_card < 36:
        raise DealError(f"{rules.mode} shows the dealer's last card as the trump card")
    trump = suit_of(trump_card)
    st = begin(rules, dealer, game, hands, talon, deal_sizes(rules.players, dealer, 36),
               trump, trump_card, standard_beaters(trump))
    if not hands[dealer] >> trump_card & 1:
        raise DealError("the shown trump card must be the dealer's last card")
    st.known[dealer] = 1 << trump_card
    return st


def lowest_holder(hands: list[Hand], suit: int, default: int) -> int:
    """The seat holding the lowest card of ``suit`` (6, else 7, …); ``default`` if none."""
    for rank in range(RANKS):
        for s, h in enumerate(hands):
            if h >> card(suit, rank) & 1:
                return s
    return default


def deal_sizes(n: int, dealer: int, cards: int) -> list[int]:
    """Each seat's cards after :func:`~durak.pile.state.deal_all` of ``cards`` cards."""
    sizes = [(cards - 1) // n + (i < (cards - 1) % n) for i in range(n)]
    out = [0] * n
    for i, k in enumerate(sizes):
        out[(dealer + 1 + i) % n] = k
    out[dealer] += 1
    return out



__all__ = ["begin", "begin_shown", "check", "clear_and_lead", "deal_sizes", "discard_pile",
           "go_out", "lay_and_go_out", "left_of", "legal", "lowest_holder", "next_turn", "pick",
           "pick_top", "put", "refill"]
