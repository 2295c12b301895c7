"""The exchange (phase ``EXCHANGE``): Napoleon takes the kitty and discards.

docs/rules/napoleon.md §2.4.

:func:`start` puts the kitty into Napoleon's hand; a :class:`Discard` of
exactly ``kitty_size`` cards ends the exchange.  Then comes the call (with
``exchange_first=on``, which only sets the phase) or the change
(:func:`napoleon.phases.change.start`).  With ``discard_honors=first_trick``
the discarded honors go to the first trick's winner.
"""

from __future__ import annotations

from collections.abc import Iterable

from napoleon.actions import Action, Discard, IllegalActionError, is_card_mask
from napoleon.cards import HONORS_MASK, Hand, cards_of, hand_text
from napoleon.phases import change
from napoleon.state import GameState, Phase, wrong_phase


def start(state: GameState) -> None:
    """Napoleon picks up the kitty."""
    assert state.napoleon is not None
    state.hands[state.napoleon] |= state.kitty
    state.phase = Phase.EXCHANGE


def legal(state: GameState) -> list[Action]:
    """Every set of ``kitty_size`` cards of Napoleon's hand (up to 18,564 of them)."""
    assert state.napoleon is not None
    return [Discard(m) for m in card_subsets(state.hands[state.napoleon], state.kitty_size)]


def apply(state: GameState, action: Action) -> None:
    """Check and make Napoleon's discard, then hand over to the call or the change."""
    if not isinstance(action, Discard):
        raise wrong_phase(state.phase, action)
    nap = state.napoleon
    assert nap is not None
    cards = action.cards
    if not is_card_mask(cards):
        raise IllegalActionError(f"a discard is a set of cards, not {cards!r}")
    hand = state.hands[nap]
    if cards & ~hand:
        raise IllegalActionError(f"not in Napoleon's hand: {hand_text(cards & ~hand)}")
    if cards.bit_count() != state.kitty_size:
        raise IllegalActionError(
            f"Napoleon must discard exactly {state.kitty_size} cards, not {cards.bit_count()}"
        )
    state.hands[nap] = hand & ~cards
    state.discards = cards
    if state.rules.discard_honors == "first_trick":
        state.bonus = cards & HONORS_MASK
    state.log.append((nap, action))
    if state.rules.exchange_first:
        state.phase = Phase.CALL
    else:
        change.start(state)


def card_subsets(mask: Hand, k: int) -> Iterable[Hand]:
    """Every sub-mask of ``mask`` with ``k`` cards, in a fixed order."""
    cards = list(cards_of(mask))

    def rec(start: int, k: int, acc: int) -> Iterable[Hand]:
        if k == 0:
            yield acc
            return
        for i in range(start, len(cards) - k + 1):
            yield from rec(i + 1, k - 1, acc | 1 << cards[i])

    yield from rec(0, k, 0)


__all__ = ["apply", "card_subsets", "legal", "start"]
