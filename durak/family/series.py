"""How a series of the family's games is dealt, game after game (docs/rules/durak.md §2.2).

The ordinary game's series is its :class:`~durak.match.Match`.  A series of the
pile games or of ``suit_deal`` deals game ``k`` from :func:`deal_seed` of the
series' seed, its number and its dealer: game 1's dealer is drawn from the seed,
a later game's is the durak of the game before (:func:`next_dealer`; after a
draw the pile games pass the deal to the left, ``suit_deal`` keeps the dealer).
The page's drivers and the one save (:mod:`durak.family.save`) deal through
here, so a reload deals exactly what the table dealt.

>>> from durak.pile.options import PileRules
>>> g = deal_game(PileRules(mode="heap", players=3), 7, 2, dealer=1)
>>> type(g).__name__, dealer_of(g), g.state.game
('PileGame', 1, 2)
"""

from __future__ import annotations

from typing import Any

from durak.family.modes import SUIT_DEAL
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.suit_deal.game import SuitDealGame


def deal_seed(match_seed: int, number: int) -> int:
    """The seed game ``number`` of a series is dealt from.

    >>> deal_seed(7, 1) == 7, deal_seed(7, 2) != deal_seed(7, 1)
    (True, True)
    """
    return match_seed if number == 1 else (match_seed * 1_000_033 + number) % (1 << 32)


def deal_pile(rules: PileRules, match_seed: int, number: int = 1,
              dealer: int | None = None) -> PileGame:
    """Game ``number`` of a pile series (game 1's dealer drawn from the seed)."""
    return PileGame.new(rules, deal_seed(match_seed, number), dealer, number)


def deal_suit_deal(rules: Rules, match_seed: int, number: int = 1,
                   dealer: int | None = None) -> SuitDealGame:
    """Game ``number`` of a ``suit_deal`` series (game 1's dealer drawn from the seed)."""
    return SuitDealGame.new(rules, deal_seed(match_seed, number), dealer)


def deal_game(rules: PileRules | Rules, match_seed: int, number: int,
              dealer: int | None) -> PileGame | SuitDealGame:
    """Game ``number`` of a series of the pile games or of ``suit_deal``."""
    if isinstance(rules, PileRules):
        return deal_pile(rules, match_seed, number, dealer)
    if rules.mode != SUIT_DEAL:
        raise ValueError(f"mode={rules.mode} is dealt by its match, not a series")
    return deal_suit_deal(rules, match_seed, number, dealer)


def dealer_of(game: Any) -> int:
    """Who dealt ``game`` (a pile game or a ``suit_deal`` game)."""
    return int(game.state.dealer) if isinstance(game, PileGame) else int(game.deal.dealer)


def durak_of(game: Any) -> tuple[int, ...]:
    """The durak seats of a finished ``game`` (``()``: a draw)."""
    if isinstance(game, PileGame):
        return () if game.state.durak is None else (game.state.durak,)
    res = game.result
    assert res is not None, "the game is finished"
    return () if res.draw else tuple(res.durak)


def next_dealer(game: Any) -> int:
    """Who deals the game after the finished ``game``: its durak; after a draw the
    dealer's left (pile games) or the same dealer (``suit_deal``)."""
    durak = durak_of(game)
    if durak:
        return durak[0]
    if isinstance(game, PileGame):
        return (game.state.dealer + 1) % game.state.n
    return dealer_of(game)


__all__ = ["deal_game", "deal_pile", "deal_seed", "deal_suit_deal", "dealer_of", "durak_of",
           "next_dealer"]
