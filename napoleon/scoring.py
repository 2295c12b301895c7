"""Scoring tables (docs/rules/napoleon.md §5) and game outcomes.

Rows are (French win, Allied win, French triumph, Allied triumph); the
``bid`` table's entries are multiples of the bid.  With 4 or 6 players the
zero-sum tables (``zerosum``, ``bid``) keep the ally and adjutant values and
give Napoleon whatever makes the sum zero; the additive tables keep theirs.

Interpretations: a Siberia loss scores as an ordinary Allied win; with
``discard_honors=allies`` the face-down discarded honors count for the
Allies, also towards an Allied triumph; with ``nobody`` (and honors a joker
held on the last trick, ``joker_holds``) they count for no side, so a
triumph (all 20) is then out of reach (NAPOLEON L: discarding honors raises
what the rest of the game must bring in).  SdC's digest gives a lone Napoleon
16 but its table gives +12 (+18 triumph); the table is used
(docs/rules/napoleon.md §5).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from napoleon.rules import Rules


class Outcome(IntEnum):
    """How a game ended, as the column of the scoring table."""

    FRENCH_WIN = 0
    ALLIED_WIN = 1
    FRENCH_TRIUMPH = 2
    ALLIED_TRIUMPH = 3

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"


Row = tuple[int, int, int, int]
#: table → (with adjutant?) → role → row.  Roles: napoleon, adjutant, ally.
TABLES: Final[dict[str, dict[bool, dict[str, Row]]]] = {
    "sdc": {
        True: {"napoleon": (9, 0, 15, 0), "adjutant": (6, 0, 12, 0), "ally": (0, 5, 0, 10)},
        False: {"napoleon": (12, 0, 18, 0), "ally": (0, 4, 0, 8)},
    },
    "guruguru": {
        True: {"napoleon": (4, 0, 6, 0), "adjutant": (2, 0, 4, 0), "ally": (0, 2, 0, 4)},
        False: {"napoleon": (5, 0, 7, 0), "ally": (0, 1, 0, 3)},
    },
    "zerosum": {
        True: {"napoleon": (2, -2, 4, -4), "adjutant": (1, -1, 2, -2), "ally": (-1, 1, -2, 2)},
        False: {"napoleon": (4, -4, 8, -8), "ally": (-1, 1, -2, 2)},
    },
    "bid": {
        True: {"napoleon": (2, -2, 4, -4), "adjutant": (1, -1, 2, -2), "ally": (-1, 1, -2, 2)},
        False: {"napoleon": (4, -4, 8, -8), "ally": (-1, 1, -2, 2)},
    },
}
ZERO_SUM_TABLES: Final = frozenset({"zerosum", "bid"})


def outcome_of(rules: Rules, bid: int, french: int, allies: int) -> tuple[Outcome, bool]:
    """The outcome and whether Siberia decided it.

    ``french``/``allies`` are the honor counts of each side at the end.
    Siberia (``siberia=on``): all 20 with a bid below 20 loses (an ordinary
    Allied win); a bid of 20 made is an ordinary win, never a triumph.
    """
    if french >= bid:
        if french == 20:
            if rules.siberia:
                if bid < 20:
                    return Outcome.ALLIED_WIN, True
                return Outcome.FRENCH_WIN, False
            return Outcome.FRENCH_TRIUMPH, False
        return Outcome.FRENCH_WIN, False
    if allies == 20:
        return Outcome.ALLIED_TRIUMPH, False
    return Outcome.ALLIED_WIN, False


def points_for(
    rules: Rules, napoleon: int, adjutant: int | None, bid: int, outcome: Outcome
) -> tuple[int, ...]:
    """Points of every seat for one game."""
    table = TABLES[rules.scoring][adjutant is not None]
    scale = bid if rules.scoring == "bid" else 1
    col = int(outcome)
    points = [table["ally"][col] * scale] * rules.players
    if adjutant is not None:
        points[adjutant] = table["adjutant"][col] * scale
    if rules.scoring in ZERO_SUM_TABLES:
        points[napoleon] = 0
        points[napoleon] = -sum(points)
    else:
        points[napoleon] = table["napoleon"][col] * scale
    return tuple(points)
