"""This game's facts for the human's statistics (:mod:`durak.stats`)."""

from __future__ import annotations

from durak.stats import GameFacts, game_facts
from durak.suit_deal.game import SuitDealGame


def facts(game: SuitDealGame, player: int) -> GameFacts:
    """``player``'s facts of the finished game for the statistics: its play's (the
    ordinary game's, :func:`durak.stats.game_facts`), or, when the dealing ended it, the result
    alone (nothing was taken from a table)."""
    if game.play is not None:
        return game_facts(game.play, player)
    result = game.result
    if result is None:
        raise ValueError("the game is not over")
    return GameFacts(player in result.durak, result.draw, 0, 0)


__all__ = ["facts"]
