"""Napoleon's call weighs the alone row of the scoring table, under every preset.

Calling a card Napoleon holds leaves it alone (docs/rules/napoleon.md §2.3).  Under a
zero-sum table alone pays twice (5 players) or three times (4 players: with
an adjutant Napoleon wins only +1) what a won game with an adjutant pays,
so a hand that makes its contract without help should call its own card.
"""

from __future__ import annotations

import random

from napoleon.actions import Bid, Call, Pass
from napoleon.ai.analysis import STRONG, analyse
from napoleon.ai.contract import (
    _worlds,
    alone_call,
    best_call,
    call_candidates,
    call_results,
    search_call,
    worth_trying_alone,
)
from napoleon.cards import SPADES, cards_of, parse_hand
from napoleon.game import Game, Phase
from napoleon.rules import Rules
from napoleon.view import PlayerView, view_of


def _call_view(rules: Rules, hand_text: str, bid: int) -> PlayerView:
    """Seat 0 holds ``hand_text`` and won the bidding at ``bid`` spades."""
    hand = parse_hand(hand_text)
    rest = list(cards_of(rules.deck & ~hand))
    random.Random(3).shuffle(rest)
    h = rules.hand_size
    hands = [hand]
    for s in range(1, rules.players):
        m = 0
        for c in rest[(s - 1) * h : s * h]:
            m |= 1 << c
        hands.append(m)
    kitty = 0
    for c in rest[(rules.players - 1) * h :]:
        kitty |= 1 << c
    g = Game.from_deal(rules, (tuple(hands), kitty), first_bidder=0)
    g.apply(Bid(bid, SPADES), 0)
    while g.phase is Phase.BID:
        seat = g.to_act
        assert seat is not None
        g.apply(Pass(), seat)
    assert g.phase is Phase.CALL and g.to_act == 0
    return view_of(g, 0)


def test_a_hand_that_needs_no_help_calls_its_own_card_under_four() -> None:
    """four: alone wins +3 where with an adjutant Napoleon wins +1."""
    rules = Rules.preset("four")
    v = _call_view(rules, "SA SK SQ SJ S10 S9 S8 S7 CJ HA DA CA", 13)
    assert all(not v.hand >> c & 1 for c in call_candidates(v))
    called = search_call(v, random.Random(1), 12)
    assert called == alone_call(v) and v.hand >> called & 1


def test_an_ordinary_hand_still_calls_a_partner() -> None:
    """A hand that makes 13 with a partner (11 of 12 deals) but not alone
    calls a card it lacks; on a hand that misses the contract in half the
    deals even with a partner, going alone is not played out at all."""
    rules = Rules.preset("four")
    v = _call_view(rules, "SK SQ S10 S9 S5 S3 HA H4 D9 D6 C5 C2", 13)
    called = search_call(v, random.Random(1), 12)
    assert not v.hand >> called & 1
    v = _call_view(rules, "SQ S10 S9 S5 S3 H7 H4 D9 D6 C5 C2 C4", 13)
    assert not v.hand >> search_call(v, random.Random(1), 12) & 1
    drawn = _worlds(v, random.Random(1), 12)
    results = [call_results(v, drawn, c) for c in call_candidates(v)]
    assert not worth_trying_alone(rules, 13, results[best_call(rules, 0, 13, results)])


def test_the_lone_call_looks_like_an_ordinary_one() -> None:
    """The lone call is the first card of the call order Napoleon holds (the Mighty here)."""
    rules = Rules.preset("four")
    v = _call_view(rules, "SA SK SQ SJ S10 S9 S8 S7 CJ HA DA CA", 13)
    assert alone_call(v) == parse_hand("SA").bit_length() - 1


def test_the_review_shows_the_lone_call_the_computer_makes() -> None:
    """The hint's first option is the strong computer's own call, alone included,
    and the adjutant calls it weighed are listed after it."""
    rules = Rules.preset("four")
    v = _call_view(rules, "SA SK SQ SJ S10 S9 S8 S7 CJ HA DA CA", 13)
    a = analyse(v, seed=4)
    assert a.best.action == STRONG.decide(v, random.Random(4))
    assert a.best.action == Call(alone_call(v))
    assert len(a.options) == len(call_candidates(v)) + 1
