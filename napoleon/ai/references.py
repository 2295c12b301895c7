"""Reference opponents for the arena: styles a player meets at a real table.

The arena measures a level by its gain over an opponent.  The baseline is
one style (timid: it bids only what its hand's estimate supports); a level
tuned against it alone can lose to other styles (issue 14).  Two more
rule-based styles, both playing their cards with the baseline's rules:

* :class:`BoldPlayer` bids whenever its hand *might* make 13 honors (its
  estimate plus :data:`BOLD_OPTIMISM`), and overcalls freely up to that
  optimistic figure, so it is often Napoleon with a contract it misses.
* :class:`BookPlayer` ("by the book") never bids: it waits to be an ally or
  the adjutant and plays sensibly there.  It is Napoleon only when the rules
  make it so (SdC's forced no-trump 10 for the first bidder after an
  all-pass).  Under ``all_pass=redeal`` a table of such players would
  redeal for ever, so after :data:`BOOK_REDEALS` throw-ins, with nobody
  having bid, it bids the lowest bid in its best suit — the only point where
  this interpretation lets it bid (the rules are silent; a real table would
  do the same rather than deal all night).

Both use ``rng`` for nothing, so they are deterministic by construction, and
both read only their own view.
"""

from __future__ import annotations

import random
from typing import Final

from napoleon.actions import Action, Bid, Pass
from napoleon.ai.baseline import baseline_play, legal_bids, non_play_decision
from napoleon.ai.evaluation import expected_honors
from napoleon.ai.exchange import bid_facts
from napoleon.cards import SUITS
from napoleon.game import Phase, bid_strength
from napoleon.view import PlayerView

#: Honors added to the hand's estimate: what the bold bidder hopes for.
BOLD_OPTIMISM: Final = 3.0
#: The bold bidder opens only when its optimistic estimate reaches this.
BOLD_OPENS_AT: Final = 13.0
#: Throw-ins after which the by-the-book player bids (``all_pass=redeal`` only).
BOOK_REDEALS: Final = 3


def bold_bid(v: PlayerView) -> Bid | None:
    """The cheapest legal bid within the hand's optimistic estimate, if it might make 13."""
    facts = bid_facts(v.rules)
    values = {s: expected_honors(v.hand, s, facts) + BOLD_OPTIMISM for s in SUITS}
    if max(values.values()) < max(BOLD_OPENS_AT, v.rules.min_bid):
        return None
    fits = [b for b in legal_bids(v) if b.suit is not None and b.number <= values[b.suit]]
    if not fits:
        return None
    # the lowest number, and at that number the suit the hand likes best
    return min(fits, key=lambda b: (b.number, -values[b.suit or 0], bid_strength(b)))


def book_bid(v: PlayerView) -> Bid | None:
    """Nothing, unless a redeal table has thrown in :data:`BOOK_REDEALS` deals already."""
    if v.rules.all_pass != "redeal" or v.redeals < BOOK_REDEALS or v.high_bid is not None:
        return None
    facts = bid_facts(v.rules)
    bids = [b for b in legal_bids(v) if b.suit is not None]
    if not bids:
        return None
    lowest = min(b.number for b in bids)
    return max(
        (b for b in bids if b.number == lowest),
        key=lambda b: (expected_honors(v.hand, b.suit or 0, facts), -bid_strength(b)),
    )


class BoldPlayer:
    """Bids on hope, overcalls freely; the baseline's call, discards and card play."""

    name = "bold"

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        del rng  # fixed rules: nothing random
        if view.phase is Phase.BID:
            b = bold_bid(view)
            return Pass() if b is None else b
        if view.phase is Phase.PLAY:
            return baseline_play(view)
        return non_play_decision(view)


class BookPlayer:
    """Never bids (see the module text); the baseline's play as adjutant or ally."""

    name = "book"

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        del rng  # fixed rules: nothing random
        if view.phase is Phase.BID:
            b = book_bid(view)
            return Pass() if b is None else b
        if view.phase is Phase.PLAY:
            return baseline_play(view)
        return non_play_decision(view)
