"""Small builders for Durak positions (seats A, B, C, D = 0, 1, 2, 3)."""

from __future__ import annotations

from collections.abc import Sequence

from durak.actions import PASS, Action, action_text, attack, cover, throw, transfer
from durak.cards import parse_card, parse_cards, parse_hand
from durak.game import Deal, Game, Phase
from durak.rules import Rules

A, B, C, D = 0, 1, 2, 3


def position(
    hands: Sequence[str],
    *,
    trump: str | None = "6D",
    talon: str = "",
    rules: Rules | None = None,
    first: int | None = 0,
    dealer: int | None = None,
) -> Game:
    """A game from hand texts; ``talon`` in drawing order, the trump card under it.

    With an empty ``talon`` the trump card is only the suit-setter (nobody
    holds it, nothing is drawn).  Cards not named are simply not in play.
    """
    rules = rules if rules is not None else Rules(players=len(hands))
    masks = tuple(parse_hand(h) for h in hands)
    drawn = parse_cards(talon)
    tc = parse_card(trump) if trump is not None else None
    bottom = [tc] if tc is not None and drawn else []
    deal = Deal(masks, tuple(bottom + list(reversed(drawn))), tc, True)
    n = len(hands)
    if dealer is None:
        dealer = (first - 1) % n if first is not None else n - 1
    return Game.from_deal(rules, deal, dealer, first)


def pass_over(g: Game, times: int = 1) -> None:
    """``times`` passes in a throw-in window by whoever is offered it: §6.15 offers
    every eligible player holding a card, also one holding nothing that matches."""
    for _ in range(times):
        assert g.phase is Phase.THROW and g.legal_actions()[0] == PASS, g
        g.apply(PASS)


def texts(actions: Sequence[Action]) -> set[str]:
    return {action_text(a) for a in actions}


def att(text: str) -> Action:
    return attack(parse_hand(text))


def cov(card: str, target: str) -> Action:
    return cover(parse_card(card), parse_card(target))


def thr(card: str) -> Action:
    return throw(parse_card(card))


def tra(cards: str, shown: bool = False) -> Action:
    return transfer(parse_hand(cards), shown)


def phase(g: Game) -> Phase:
    """``g.phase``, read through a call so mypy does not narrow it between actions."""
    return g.phase
