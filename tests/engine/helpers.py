"""Small builders shared by the engine tests."""

from __future__ import annotations

import random
from collections.abc import Sequence

from napoleon.actions import Bid, Call, Discard, Pass, Play
from napoleon.cards import Card, Suit, cards_of, parse_card, parse_hand
from napoleon.game import Game, Phase
from napoleon.rules import Rules


def deal_from_text(
    rules: Rules, hands: Sequence[str], kitty: str = ""
) -> tuple[tuple[int, ...], int]:
    """A deal from hand texts; cards not named go to the last hands/kitty in order.

    Every hand text may be partial: missing cards are filled from the rest of
    the deck (lowest card number first), hands first, then the kitty.
    """
    n, h = rules.players, rules.hand_size
    masks = [parse_hand(t) for t in hands] + [0] * (n - len(hands))
    kmask = parse_hand(kitty)
    used = kmask
    for m in masks:
        assert not used & m, "a card is named twice"
        used |= m
    rest = list(cards_of(rules.deck & ~used))
    for i in range(n):
        while masks[i].bit_count() < h:
            masks[i] |= 1 << rest.pop(0)
    while kmask.bit_count() < rules.kitty_size:
        kmask |= 1 << rest.pop(0)
    assert not rest
    return tuple(masks), kmask


def game_in_play(
    rules: Rules,
    hands: Sequence[str],
    *,
    kitty: str = "",
    bid: Bid | None = None,
    called: str = "SA",
    napoleon: int = 0,
) -> Game:
    """A game in the play phase: ``napoleon`` won with ``bid`` and discarded the kitty back.

    Hands stay exactly as dealt (Napoleon discards the kitty's own cards).
    """
    if bid is None:
        bid = Bid(max(13, rules.min_bid), 0)
    deal = deal_from_text(rules, hands, kitty)
    g = Game.from_deal(rules, deal, first_bidder=napoleon)
    g.apply(bid)
    while g.phase is Phase.BID:
        g.apply(Pass())
    kitty_mask = deal[1]
    for _ in range(3):
        if g.phase is Phase.CALL:
            g.apply(Call(parse_card(called)))
        elif g.phase is Phase.EXCHANGE:
            g.apply(Discard(kitty_mask))
        elif g.phase is Phase.CHANGE:
            assert g.called is not None
            from napoleon.actions import Change

            g.apply(Change(g.trump, g.called))
    assert g.phase is Phase.PLAY
    return g


def play(g: Game, *texts: str) -> None:
    """Play cards written as text; ``JK:H`` leads a joker naming hearts."""
    for t in texts:
        card_text, _, named = t.partition(":")
        suit: Suit | None = "SHDC".index(named) if named else None
        g.apply(Play(parse_card(card_text), suit))


def cards(text: str) -> list[Card]:
    return [parse_card(t) for t in text.split()]


def random_rules(rng: random.Random) -> Rules:
    """A random valid rules object (every option drawn uniformly)."""
    from napoleon.rules import OPTIONS, RulesError

    while True:
        opts = {o.key: rng.choice(o.values) for o in OPTIONS}
        try:
            return Rules.from_options(opts)
        except RulesError:
            continue


def phase(g: Game) -> Phase:
    """The game's phase (a call, so that type checkers do not narrow it)."""
    return g.phase
