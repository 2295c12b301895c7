"""The call of the adjutant (phase ``CALL``; docs/rules/napoleon.md §2.3): Napoleon names a card.

Any card of the deck may be called, the joker too.  After the call comes
the exchange (:func:`napoleon.phases.exchange.start`), or with
``exchange_first=on`` (the exchange was first) the change
(:func:`napoleon.phases.change.start`).  The phase has no ``start``: the
auction or the exchange just sets it.
"""

from __future__ import annotations

from napoleon.actions import Action, Call, IllegalActionError
from napoleon.cards import JOKER, MIGHTY, RANK_J, Card, Suit, cards_of, in_deck
from napoleon.phases import change, exchange
from napoleon.rules import Rules
from napoleon.state import GameState, wrong_phase


def quick_call_cards(rules: Rules, trump: Suit | None) -> tuple[Card, ...]:
    """SdC's NEXT cycle for the call: Mighty → Joker → trump J → back J.

    docs/rules/napoleon.md §2.3 and §7.

    Cards that do not exist in this game (no joker, no trump) are left out.
    """
    out = [MIGHTY]
    if rules.deck >> JOKER & 1:
        out.append(JOKER)
    if trump is not None:
        out.extend((trump * 13 + RANK_J, (trump ^ 3) * 13 + RANK_J))
    return tuple(c for c in out if rules.deck >> c & 1)


def legal(state: GameState) -> list[Action]:
    """A :class:`Call` of every card of the deck."""
    return [Call(c) for c in cards_of(state.rules.deck)]


def apply(state: GameState, action: Action) -> None:
    """Record the called card and hand over to the exchange or the change."""
    if not isinstance(action, Call):
        raise wrong_phase(state.phase, action)
    if not in_deck(state.rules.deck, action.card):
        raise IllegalActionError(f"card {action.card!r} is not in this game's deck")
    assert state.napoleon is not None
    state.called = action.card
    state.log.append((state.napoleon, action))
    if state.rules.exchange_first:
        change.start(state)
    else:
        exchange.start(state)


__all__ = ["apply", "legal", "quick_call_cards"]
