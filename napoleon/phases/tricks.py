"""The tricks (phase ``PLAY``): legal cards, playing them, taking tricks.

docs/rules/napoleon.md §2.5 and §3.

:func:`start` fixes the adjutant and gives Napoleon the first lead; the last
trick hands over to :func:`napoleon.phases.scoring.start`.  For search,
:func:`legal_play_mask`, :func:`joker_names` and :func:`play_fast` play
cards as ints without building actions (``Game`` has them as methods).

Interpretations made here (tested in ``tests/engine/test_interpretations.py``):
the adjutant is fixed when play starts; the joker call with two jokers;
``role_cards_free``; ``opening_lead_trump=forbid`` and a led joker;
``joker_holds`` with face-up discards and with two jokers (see
:mod:`napoleon.game`).
"""

from __future__ import annotations

from typing import Final

from napoleon.actions import Action, IllegalActionError, Play
from napoleon.cards import (
    HONORS_MASK,
    JOKER,
    JOKER_CALL_CARD,
    JOKERS_MASK,
    SUIT_MASKS,
    SUITS,
    Card,
    Hand,
    Suit,
    card_text,
    cards_of,
    in_deck,
    is_suit,
)
from napoleon.phases import scoring
from napoleon.state import GameState, Phase, Trick, wrong_phase

_SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")


def start(state: GameState) -> None:
    """Fix the adjutant (the holder of the called card) and let Napoleon lead."""
    nap = state.napoleon
    assert nap is not None
    called = state.called
    assert called is not None
    state.adjutant = None
    for seat in range(state.n):
        if seat != nap and state.hands[seat] >> called & 1:
            state.adjutant = seat
    state.phase = Phase.PLAY
    state.leader = nap
    state.to_act = nap
    state.trick_index = 0


def joker_names(state: GameState) -> tuple[Suit | None, ...]:
    """Suits the player to lead may name with a joker (``(None,)`` on the last trick)."""
    if state.trick_index == state.hand_size - 1:
        return (None,)
    trump = state.trump
    names: tuple[Suit | None, ...] = (
        (trump,) if state.rules.joker_lead == "trump" and trump is not None else SUITS
    )
    if (
        state.trick_index == 0
        and trump is not None
        and state.rules.opening_lead_trump == "forbid"
    ):
        others = tuple(s for s in names if s != trump)
        hand = state.hands[state.to_act] if state.to_act is not None else 0
        non_trump_cards = hand & ~JOKERS_MASK & ~SUIT_MASKS[trump]
        if others:
            return others
        if non_trump_cards:
            return ()
    return names


def legal_play_mask(state: GameState) -> Hand:
    """The cards ``state.to_act`` may play now, as a mask (play phase only)."""
    seat = state.to_act
    assert seat is not None
    hand = state.hands[seat]
    trick = state.trick
    rules = state.rules
    if not trick:
        if state.trick_index != 0:
            return hand
        return _opening_leads(state, hand)
    first = trick[0]
    if (
        first == JOKER_CALL_CARD
        and rules.joker_call
        and hand & JOKERS_MASK
        and not state.hands[state.leader] & JOKERS_MASK
    ):
        return hand & JOKERS_MASK
    led = first // 13 if first < JOKER else state.named_suit
    if led is None:
        return hand
    suited = hand & SUIT_MASKS[led]
    if rules.role_cards_free:
        judge = state.judge
        assert judge is not None
        role = judge.role_mask
        if suited & ~role:
            return suited | (hand & (role | JOKERS_MASK))
        return hand
    if suited:
        return suited | (hand & JOKERS_MASK)
    return hand


def _opening_leads(state: GameState, hand: Hand) -> Hand:
    rules = state.rules
    m = hand
    if rules.joker_lead_first_trick == "forbid" and m & ~JOKERS_MASK:
        m &= ~JOKERS_MASK
    trump = state.trump
    if rules.opening_lead_trump == "forbid" and trump is not None:
        # Non-trump leads: other suits' cards, and jokers that may name another suit
        # (with joker_lead=trump a led joker is a trump lead).
        non_trump = m & ~SUIT_MASKS[trump] & ~JOKERS_MASK
        if m & JOKERS_MASK and any(s != trump for s in joker_names(state)):
            non_trump |= m & JOKERS_MASK
        if non_trump:
            m = non_trump
    return m


def legal(state: GameState) -> list[Action]:
    """Every legal :class:`~napoleon.actions.Play` (a led joker once per suit it may name)."""
    out: list[Action] = []
    for c in cards_of(legal_play_mask(state)):
        if c >= JOKER and not state.trick:
            out.extend(Play(c, s) for s in joker_names(state))
        else:
            out.append(Play(c))
    return out


def apply(state: GameState, action: Action) -> None:
    """Check ``action`` (a card of the hand that may be played now) and play it."""
    if not isinstance(action, Play):
        raise wrong_phase(state.phase, action)
    _check_play(state, action)
    play_fast(state, action.card, action.suit)


def _check_play(state: GameState, action: Play) -> None:
    c = action.card
    seat = state.to_act
    assert seat is not None
    if not in_deck(state.hands[seat], c):
        raise IllegalActionError(f"{_text(c)} is not in seat {seat}'s hand")
    if action.suit is not None and not is_suit(action.suit):
        raise IllegalActionError(f"no suit {action.suit!r}")
    legal = legal_play_mask(state)
    if not legal >> c & 1:
        raise IllegalActionError(_why_not(state, c, legal))
    if c >= JOKER and not state.trick:
        names = joker_names(state)
        if action.suit not in names:
            if names == (None,):
                raise IllegalActionError("a joker led on the last trick names no suit")
            allowed = ", ".join(_SUIT_NAMES[s] for s in names if s is not None)
            raise IllegalActionError(f"a led joker must name one of: {allowed}")
    elif action.suit is not None:
        raise IllegalActionError("only a led joker names a suit")


def _why_not(state: GameState, c: Card, legal: Hand) -> str:
    trick = state.trick
    text = _text(c)
    if not trick:
        if c >= JOKER and state.rules.joker_lead_first_trick == "forbid":
            return "the joker may not be led in the first trick (joker_lead_first_trick=forbid)"
        return (
            f"{text} may not be the opening lead: trump may not be led in the first "
            f"trick while the hand holds another suit (opening_lead_trump=forbid)"
        )
    if legal & ~JOKERS_MASK == 0 and trick[0] == JOKER_CALL_CARD:
        return "♣3 led calls the joker: the joker must be played (joker_call=on)"
    led = trick[0] // 13 if trick[0] < JOKER else state.named_suit
    assert led is not None
    return f"{text} does not follow suit: {_SUIT_NAMES[led]} were led and the hand holds some"


def play_fast(state: GameState, c: Card, named_suit: Suit | None = None) -> None:
    """Play card ``c`` for ``state.to_act`` without checks (search playouts).

    The caller guarantees ``c`` is in :func:`legal_play_mask` and, for a
    led joker, ``named_suit`` is in :func:`joker_names`.
    """
    seat = state.to_act
    assert seat is not None
    state.hands[seat] &= ~(1 << c)
    state.played[seat] |= 1 << c
    trick = state.trick
    if not trick:
        state.named_suit = named_suit if c >= JOKER else None
    trick.append(c)
    if c == state.called:
        state.revealed = True
    if len(trick) < state.n:
        state.to_act = (seat + 1) % state.n
        return
    _finish_trick(state)


def _finish_trick(state: GameState) -> None:
    judge = state.judge
    assert judge is not None
    trick = state.trick
    idx = state.trick_index
    pos = judge.winner(trick, state.named_suit, idx)
    winner = (state.leader + pos) % state.n
    honors = 0
    for c in trick:
        honors |= 1 << c
    honors &= HONORS_MASK
    if idx == 0:
        honors |= state.bonus
        state.bonus = 0
    last = idx == state.hand_size - 1
    if state.rules.joker_holds and trick[pos] >= JOKER:
        state.held |= honors
        taken = 0
        if last:
            state.lost |= state.held
            state.held = 0
    else:
        taken = honors | state.held
        state.held = 0
        state.captured[winner] |= taken
    state.tricks.append(
        Trick(idx, state.leader, tuple(trick), state.named_suit, winner, taken)
    )
    state.trick = []
    state.named_suit = None
    state.trick_index = idx + 1
    state.leader = winner
    state.to_act = winner
    if last:
        scoring.start(state)


def _text(c: Card) -> str:
    try:
        return card_text(c)
    except (ValueError, TypeError):
        return repr(c)


__all__ = ["apply", "joker_names", "legal", "legal_play_mask", "play_fast", "start"]
