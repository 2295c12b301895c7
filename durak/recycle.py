"""``recycle`` (リサイクル, docs/rules/durak.md §3.4): while the talon lasts, every 2nd
beaten bout is shuffled back into the face-down talon instead of the discard pile.

Interpretations (pinned in ``tests/durak_game/test_recycle.py``):

* Only beaten bouts that end while the talon still has cards count; a taken
  bout changes nothing.  The 2nd, 4th, … such bout is recycled.
* The trump card stays the talon's last card [I] (and under ``trump=hidden``
  the face-down card under it, until shown; under ``invisible`` the bottom
  card whose suit was announced): the recycled cards are shuffled with the
  face-down cards above it.
* The shuffle is drawn from the deal's ``reshuffle`` seed and the recycle's
  number, over the cards sorted first, so a record (which keeps the seed, and
  from which only the drawn talon cards can be rebuilt) replays it exactly.
  Nobody sees the seed: a view never shows it.
* The recycled cards were seen face up, but once shuffled in nobody knows
  where they are: they are simply hidden talon cards again.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from durak.cards import Card, cards_of


def fixed_bottom(trump: str, talon: Sequence[Card], trump_card: Card | None,
                 revealed: bool) -> int:
    """How many of the talon's bottom cards stay in place when cards are shuffled in."""
    if not talon or trump_card is None:
        return 0
    if trump == "hidden" and not revealed and len(talon) >= 2 and talon[1] == trump_card:
        return 2  # the face-down card and the turned trump card on it (§3.1)
    if trump in ("turned", "changing", "invisible", "hidden") and talon[0] == trump_card:
        return 1
    return 0


def recycled_talon(talon: Sequence[Card], cards: int, fixed: int, seed: int,
                   number: int) -> list[Card]:
    """The talon (bottom first) after the cards of mask ``cards`` are shuffled into it.

    >>> recycled_talon([0, 5, 7], 1 << 3, 1, 42, 1)[0]  # the bottom card stays
    0
    >>> sorted(recycled_talon([0, 5, 7], 1 << 3, 1, 42, 1))
    [0, 3, 5, 7]
    """
    above = sorted([*talon[fixed:], *cards_of(cards)])
    random.Random(seed * 1_000_003 + number).shuffle(above)
    return [*talon[:fixed], *above]
