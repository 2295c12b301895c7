"""Complete games from one seat's view plus guessed hidden cards (for search).

:func:`determinize` rebuilds a full :class:`~napoleon.game.Game` from a
:class:`~napoleon.view.PlayerView` and an assignment of every hidden card:
the current hands of all seats (the viewer's must be its own) and the
hidden cards outside any hand (the kitty before the exchange, the face-down
discards after it).  :func:`unseen_cards` / :func:`hidden_pile_size` say what
must be assigned, and :func:`sample_hidden` draws one assignment that
respects hand sizes, shown voids and the called card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from napoleon.actions import Bid, Pass
from napoleon.cards import HONORS_MASK, Hand, cards_of
from napoleon.game import Game, Phase
from napoleon.tricks import judge_for
from napoleon.view import PlayerView, role_cards


class DeterminizeError(ValueError):
    """An assignment of hidden cards that does not fit the view."""


def _pre_exchange(view: PlayerView) -> bool:
    phase = view.phase
    if phase is Phase.BID:
        return True
    return phase is Phase.CALL and not view.rules.exchange_first


def known_discards(view: PlayerView) -> Hand:
    """Discards the viewer knows (all of them for Napoleon, else the face-up honors)."""
    if view.discards is not None:
        return view.discards
    return view.face_up_discards


def unseen_cards(view: PlayerView) -> Hand:
    """Cards the viewer cannot place: the other hands and the hidden pile."""
    played = 0
    for m in view.played:
        played |= m
    seen = view.hand | played | known_discards(view)
    if view.kitty is not None and _pre_exchange(view):
        seen |= view.kitty
    return view.rules.deck & ~seen


def hidden_pile_size(view: PlayerView) -> int:
    """How many unseen cards lie outside every hand (kitty or face-down discards)."""
    if _pre_exchange(view):
        return view.rules.kitty_size
    if view.phase is Phase.EXCHANGE:
        return 0  # the kitty is in Napoleon's hand
    return view.rules.kitty_size - known_discards(view).bit_count()


def sample_hidden(
    view: PlayerView, rng: random.Random, tries: int = 200
) -> tuple[list[Hand], Hand]:
    """One random assignment ``(hands, hidden_pile)`` consistent with the view.

    Respects hand sizes and shown voids (which, with ``role_cards_free``,
    do not cover the suit's role cards); the called card, while the
    adjutant is unknown, may go anywhere but the viewer's hand.  Not exactly
    uniform (a quick rejection sampler), which is fine for playouts.
    """
    n = view.players
    voids = view.known_voids()
    # With role_cards_free a shown void leaves the suit's role cards possible.
    free = role_cards(view.trump) if view.rules.role_cards_free else 0
    unseen = list(cards_of(unseen_cards(view)))
    need = [view.hand_sizes[s] if s != view.seat else 0 for s in range(n)]
    pile_size = hidden_pile_size(view)
    # Face-up discards (discard_honors=first_trick) are shown: the rest holds no honor.
    pile_no_honors = view.rules.discard_honors == "first_trick" and not _pre_exchange(view)
    for _ in range(tries):
        rng.shuffle(unseen)
        hands = [0] * n
        hands[view.seat] = view.hand
        left = need[:]
        pile = 0
        pile_left = pile_size
        ok = True
        # place the most constrained cards first: cards of suits some seat lacks
        for c in unseen:
            suit_bit = 0 if c >= 52 or free >> c & 1 else 1 << (c // 13)
            choices = [s for s in range(n) if left[s] and not voids[s] & suit_bit]
            pile_ok = pile_left and not (pile_no_honors and HONORS_MASK >> c & 1)
            total = len(choices) + (1 if pile_ok else 0)
            if total == 0:
                ok = False
                break
            k = rng.randrange(total)
            if k == len(choices):
                pile |= 1 << c
                pile_left -= 1
            else:
                s = choices[k]
                hands[s] |= 1 << c
                left[s] -= 1
        if ok and not any(left) and not pile_left:
            return hands, pile
    raise DeterminizeError("no assignment of the unseen cards fits the shown voids")


def determinize(view: PlayerView, hands: Sequence[Hand], hidden: Hand = 0) -> Game:
    """A full game equal to the real one in everything ``view`` shows.

    ``hands`` are the current hands of every seat; ``hidden`` the unseen
    cards outside the hands (kitty before the exchange, face-down discards
    after).  Raises :class:`DeterminizeError` if they do not fit.
    """
    rules = view.rules
    n = rules.players
    if len(hands) != n or hands[view.seat] != view.hand:
        raise DeterminizeError("hands must list every seat, the viewer's as in the view")
    union = hidden
    for s, h in enumerate(hands):
        if h.bit_count() != view.hand_sizes[s] or union & h:
            raise DeterminizeError(f"seat {s}'s hand has the wrong size or overlaps")
        union |= h
    if union != unseen_cards(view) | view.hand:
        raise DeterminizeError("the assignment must place every unseen card exactly once")
    if hidden.bit_count() != hidden_pile_size(view):
        raise DeterminizeError(f"the hidden pile must hold {hidden_pile_size(view)} cards")
    if (
        rules.discard_honors == "first_trick"
        and not _pre_exchange(view)
        and hidden & HONORS_MASK
    ):
        raise DeterminizeError("face-down discards hold no honor (discard_honors=first_trick)")
    g = Game.__new__(Game)
    g.rules = rules
    g.n = n
    g.hand_size = rules.hand_size
    g.kitty_size = rules.kitty_size
    g.rng = random.Random(0)
    g.pending_deals = []
    g.deals = []
    g.first_bidder = view.first_bidder
    g.hands = list(hands)
    pre = _pre_exchange(view)
    if pre:
        g.kitty = view.kitty if view.kitty is not None else hidden
        g.discards = 0
    else:
        g.kitty = view.kitty if view.kitty is not None else 0
        g.discards = known_discards(view) | hidden
        if view.phase is Phase.EXCHANGE:
            g.discards = 0
    g.phase = view.phase
    g.to_act = view.to_act
    g.log = list(view.auction)
    g.auction_start = 0
    passed = 0
    run = 0
    for s, a in view.auction:
        if isinstance(a, Pass):
            passed |= 1 << s
            run += 1
        elif isinstance(a, Bid):
            run = 0
    g.passed = passed
    g.consecutive_passes = run
    g.high_bid = view.high_bid
    g.high_bidder = view.high_bidder
    g.redeals = view.redeals
    g.napoleon = view.napoleon
    g.bid = view.bid
    g.trump = view.trump
    g.called = view.called
    g.changes = view.changes
    called_played = view.called is not None and any(m >> view.called & 1 for m in view.played)
    g.revealed = called_played or view.phase is Phase.RESULT
    if view.adjutant_known:
        g.adjutant = view.adjutant
    elif view.phase is Phase.PLAY and view.called is not None:
        g.adjutant = None
        for s in range(n):
            if s != view.napoleon and hands[s] >> view.called & 1:
                g.adjutant = s
    else:
        g.adjutant = None
    g.judge = judge_for(rules, view.trump) if view.napoleon is not None else None
    cur = view.current_trick
    g.trick_index = view.trick_index
    g.leader = cur.leader
    g.trick = list(cur.cards)
    g.named_suit = cur.named_suit
    g.tricks = list(view.tricks)
    g.captured = list(view.captured)
    g.held = view.held
    g.lost = 0
    g.bonus = 0
    if (
        rules.discard_honors == "first_trick"
        and view.phase in (Phase.CHANGE, Phase.PLAY, Phase.CALL)
        and view.trick_index == 0
        and not (view.phase is Phase.CALL and not rules.exchange_first)
    ):
        g.bonus = g.discards & HONORS_MASK
    g.played = list(view.played)
    g.result = view.result
    return g


__all__ = [
    "DeterminizeError", "determinize", "hidden_pile_size", "known_discards",
    "sample_hidden", "unseen_cards",
]
