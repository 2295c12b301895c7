"""The change (phase ``CHANGE``; docs/rules/napoleon.md §4, option ``change_after_kitty``).

Once Napoleon has both seen the kitty and called, :func:`start` offers the
change — a new trump and/or called card, each difference raising the bid by
one (at most 20); ``Change(current trump, current card)`` declines — or,
without ``change_after_kitty``, goes straight to the tricks.  No-trump may
be chosen only if no-trump may be bid or is already trump.
"""

from __future__ import annotations

from napoleon.actions import Action, Change, IllegalActionError
from napoleon.cards import SUITS, Suit, cards_of, in_deck, is_suit
from napoleon.phases import tricks
from napoleon.state import GameState, Phase, wrong_phase
from napoleon.tricks import judge_for


def start(state: GameState) -> None:
    """Offer the change, or start the tricks when ``change_after_kitty=off``."""
    if state.rules.change_after_kitty:
        state.phase = Phase.CHANGE
    else:
        tricks.start(state)


def legal(state: GameState) -> list[Action]:
    """Every trump and called card within the room left under 20 (the decline included)."""
    room = 20 - state.bid
    trumps: list[Suit | None] = list(SUITS)
    if state.rules.no_trump_bid or state.trump is None:
        trumps.append(None)
    out: list[Action] = []
    assert state.called is not None
    for t in trumps:
        for c in cards_of(state.rules.deck):
            if (t != state.trump) + (c != state.called) <= room:
                out.append(Change(t, c))
    return out


def apply(state: GameState, action: Action) -> None:
    """Check and make the change, raise the bid by the number of differences, start the tricks."""
    if not isinstance(action, Change):
        raise wrong_phase(state.phase, action)
    rules = state.rules
    if action.trump is not None and not is_suit(action.trump):
        raise IllegalActionError(f"no suit {action.trump!r}")
    if action.trump is None and state.trump is not None and not rules.no_trump_bid:
        raise IllegalActionError("no-trump may not be chosen (no_trump_bid=off)")
    if not in_deck(rules.deck, action.called):
        raise IllegalActionError(f"card {action.called!r} is not in this game's deck")
    changes = (action.trump != state.trump) + (action.called != state.called)
    if state.bid + changes > 20:
        raise IllegalActionError(
            f"each change raises the bid by 1 and the bid may not pass 20 "
            f"(it is {state.bid}, {changes} change(s) asked)"
        )
    assert state.napoleon is not None
    state.log.append((state.napoleon, action))
    state.bid += changes
    state.changes = changes
    if action.trump != state.trump:
        state.trump = action.trump
        state.judge = judge_for(rules, action.trump)
    state.called = action.called
    tricks.start(state)


__all__ = ["apply", "legal", "start"]
