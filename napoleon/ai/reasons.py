"""Why an action is good, in a short phrase derived from the position.

:func:`reason_of` looks at features of the seat's view and of the action (does
the card take the trick as it stands, how many honors lie on it, is the
partner winning, is the joker still in hand, are the Mighty or the joker
still out, does a discard make a void ...) and returns a :class:`Reason`:
a code and its arguments.  The page turns the code into words in its own
language (``napoleon.ui_dom.strings_review``); nothing here is text for people.

The first feature that applies, in the order below, names the reason: what
the card does to this trick comes before what it keeps for later.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from napoleon.actions import Bid, Call, Discard, Pass, Play
from napoleon.ai.analysis import Option
from napoleon.ai.worlds import public_table, sides_believed
from napoleon.cards import (
    HONORS_MASK,
    JOKER,
    JOKER_CALL_CARD,
    JOKERS_MASK,
    MIGHTY,
    RANK_A,
    RANK_J,
    SUIT_MASKS,
    SUITS,
    Card,
    card,
)
from napoleon.view import PlayerView


@dataclass(frozen=True)
class Reason:
    """``code`` names the phrase; ``args`` fill it (cards and suits as numbers)."""

    code: str
    args: dict[str, int] = field(default_factory=dict)


def reason_of(view: PlayerView, option: Option, runner_up: Option | None = None) -> Reason:
    """The phrase for ``option`` (the one recommended) at ``view``."""
    a = option.action
    if isinstance(a, Play):
        return _play_reason(view, a)
    if isinstance(a, Bid):
        honors = round(option.honors or 0)
        suit = -1 if a.suit is None else a.suit
        if honors < a.number and option.win is not None:
            # A bid above the honors the hand is expected to take: say why it is
            # still the choice ("take about 9" beside "♣12" would read as a
            # contradiction) — the kitty and the partner make it up often enough
            # that it scores better than any other choice.
            return Reason("bid_stretch", {"suit": suit, "n": honors, "bid": a.number,
                                          "pct": round(100 * option.win)})
        return Reason("bid", {"suit": suit, "n": honors})
    if isinstance(a, Pass):
        best = runner_up if runner_up is not None and isinstance(runner_up.action, Bid) else None
        if best is None or best.win is None:
            return Reason("pass_weak")
        return Reason("pass_risky", {"pct": round(100 * best.win)})
    if isinstance(a, Call):
        return _call_reason(view, a.card)
    if isinstance(a, Discard):
        return _discard_reason(view, a.cards)
    return Reason("keep_contract" if a.trump == view.trump else "change_trump")


def _power_out(view: PlayerView) -> Card | None:
    """The strongest card still out of the seat's sight: the Mighty, else a joker."""
    played = 0
    for m in view.played:
        played |= m
    for c in (MIGHTY, JOKER):
        if view.rules.deck >> c & 1 and not (played | view.hand) >> c & 1:
            return c
    return None


def _play_reason(view: PlayerView, a: Play) -> Reason:
    t = public_table(view)
    c = a.card
    trump = view.trump
    me = view.seat
    last = view.trick_index == view.rules.hand_size - 1
    is_trump = c < JOKER and trump is not None and (
        c // 13 == trump or c == card(trump ^ 3, RANK_J)
    )
    if not t.trick:  # leading
        if c == JOKER_CALL_CARD and view.rules.joker_call and _power_out(view) == JOKER:
            return Reason("call_joker")
        if c >= JOKER:
            return Reason("lead_joker", {"suit": -1 if a.suit is None else a.suit})
        if c == MIGHTY:
            return Reason("lead_mighty")
        power = _power_out(view)
        side = sides_believed(view)
        french = me == view.napoleon or (view.napoleon is not None and side[view.napoleon] > 0)
        if is_trump and power is not None and french:
            return Reason("draw_power", {"card": power})
        if c < JOKER and c % 13 == RANK_A and not is_trump:
            return Reason("cash_ace", {"card": c})
        if view.hand & JOKERS_MASK and c < JOKER and not last:
            return Reason("keep_joker")
        if c < JOKER and not HONORS_MASK >> c & 1:
            return Reason("lead_low", {"suit": c // 13})
        return Reason("lead", {"card": c})
    on_table = sum(1 for x in t.trick if x < JOKER and HONORS_MASK >> x & 1)
    win_now = t.judge.winner([*t.trick, c], t.named, t.trick_no) == len(t.trick)
    ahead = t.judge.winner(t.trick, t.named, t.trick_no)
    side = sides_believed(view)
    partner_wins = t.seats[ahead] != me and side[t.seats[ahead]] > 0
    honor = c < JOKER and bool(HONORS_MASK >> c & 1)
    if partner_wins and not win_now:
        if honor:
            return Reason("feed", {"card": c})
        return Reason("partner_has_it")
    if win_now:
        if c == MIGHTY or c >= JOKER:
            return Reason("take_power", {"n": on_table + int(honor), "card": c})
        if is_trump and t.trick[0] < JOKER and t.trick[0] // 13 != trump:
            return Reason("ruff", {"n": on_table + int(honor)})
        if len(t.trick) < view.players - 1:  # others still to play: heads the trick
            return Reason("head", {"n": on_table + int(honor), "card": c})
        return Reason("take", {"n": on_table + int(honor), "card": c})
    if view.hand & JOKERS_MASK and c < JOKER and not last:
        return Reason("keep_joker")
    if honor:
        return Reason("lose_least")
    return Reason("duck")


def _call_reason(view: PlayerView, c: Card) -> Reason:
    if view.hand >> c & 1:
        return Reason("call_alone", {"card": c})
    if c in (MIGHTY, JOKER) or (view.trump is not None and c == card(view.trump, RANK_J)):
        return Reason("call_power", {"card": c})
    return Reason("call_card", {"card": c})


def _discard_reason(view: PlayerView, cards: int) -> Reason:
    rest = view.hand & ~cards
    for s in SUITS:
        if s != view.trump and view.hand & SUIT_MASKS[s] and not rest & SUIT_MASKS[s]:
            return Reason("make_void", {"suit": s})
    if cards & HONORS_MASK:
        return Reason("discard_honor")
    return Reason("discard_low")


__all__ = ["Reason", "reason_of"]
