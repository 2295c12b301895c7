"""How a game of the family ended, and who was the durak (docs/rules/durak.md §2.13, §6.14).

Every engine ends a game with one :class:`Result`: the ordinary game and
the suit deal's play set it as they finish, a pile game reads it from its state
(:attr:`durak.pile.game.PileGame.result`).  Its :meth:`Result.text` is the
``end`` line of every record of the family, and :func:`durak_of` is what a
series tallies (:func:`durak.family.registry.tally`).

>>> Result((2,), False).text(), Result((), True, repetition=True).text()
('end durak=2', 'end draw repetition')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Result:
    """How a game ended: the durak seats (a whole team with teams), or a draw."""

    durak: tuple[int, ...]
    draw: bool
    shame: bool = False
    folded: bool = False
    """``match=cube15``: the durak declined a double."""
    stake: int = 1
    """``match=cube15``: the doubling cube's value, the points the winner scores."""
    repetition: bool = False
    """A draw by repetition (docs/rules/durak.md §6.14): a position occurred for the third time; the
    draw is among the players still holding cards (those who went out are not durak
    either, and lost nothing)."""

    def text(self) -> str:
        if self.repetition:
            return "end draw repetition"
        if self.draw:
            return "end draw"
        extra = (" shame" if self.shame else "") + (" fold" if self.folded else "")
        if self.stake != 1:
            extra += f" cube={self.stake}"
        return f"end durak={','.join(map(str, self.durak))}{extra}"


def durak_of(game: Any) -> tuple[int, ...] | None:
    """The durak seats of a finished game of any engine (``()`` for a draw, ``None``
    while it is being played): what a series tallies."""
    result = game.result
    if result is None:
        return None
    return () if result.draw else tuple(result.durak)


__all__ = ["Result", "durak_of"]
