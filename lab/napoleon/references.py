"""Reference opponents for the arena: styles a player meets at a real table.

The arena measures a level by its gain over an opponent.  The baseline is
one style (timid: it bids only what its hand's estimate supports); a level
tuned against it alone can lose to other styles.  Two more
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

* :class:`RandomStylePlayer` (``random``) is a different player each
  match: :func:`draw_style` draws from the match's seed its bid boldness (honors
  hoped for above the estimate, from :data:`STYLE_HOPE`) and two card-play
  habits (how often it leads its lowest trump when it leads holding trumps,
  :data:`STYLE_TRUMP_LEAD`, and how often it plays a random legal card instead
  of the baseline's, :data:`STYLE_SLIP`), so that no single style can be tuned
  to.  Its habits draw on the decision's ``rng``; its style is fixed for the match.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from napoleon.actions import Action, Bid, Pass, Play
from napoleon.ai.baseline import baseline_play, legal_bids, non_play_decision
from napoleon.ai.evaluation import expected_honors
from napoleon.ai.exchange import bid_facts
from napoleon.ai.policy import card_cost
from napoleon.cards import SUIT_MASKS, SUITS
from napoleon.game import Phase, bid_strength
from napoleon.view import PlayerView

#: Honors added to the hand's estimate: what the bold bidder hopes for.
BOLD_OPTIMISM: Final = 3.0
#: The bold bidder opens only when its optimistic estimate reaches this.
BOLD_OPENS_AT: Final = 13.0
#: Throw-ins after which the by-the-book player bids (``all_pass=redeal`` only).
BOOK_REDEALS: Final = 3
#: The random style's ranges (drawn uniformly per match): honors hoped for above
#: the hand's estimate (below the baseline's timidity to beyond the bold bidder's
#: optimism), the chance of leading the lowest trump when leading with trumps in
#: hand, and the chance of a random legal card instead of the baseline's.
STYLE_HOPE: Final = (-1.0, 3.5)
STYLE_TRUMP_LEAD: Final = (0.0, 0.8)
STYLE_SLIP: Final = (0.0, 0.15)
#: Honors the random style's hand is valued higher per deal thrown in, as the
#: baseline's (so a table of them does not redeal for ever under NAPOLEON L).
STYLE_REDEAL_RELAX: Final = 0.8


def bold_bid(v: PlayerView) -> Bid | None:
    """The cheapest legal bid within the hand's optimistic estimate, if it might make 13."""
    return hopeful_bid(v, BOLD_OPTIMISM, BOLD_OPENS_AT)


def hopeful_bid(v: PlayerView, hope: float, opens_at: float) -> Bid | None:
    """The cheapest legal trump bid within the hand's estimate plus ``hope``, if
    that reaches ``opens_at`` (and the minimum bid) in some suit."""
    facts = bid_facts(v.rules)
    values = {s: expected_honors(v.hand, s, facts) + hope for s in SUITS}
    if max(values.values()) < max(opens_at, v.rules.min_bid):
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


@dataclass(frozen=True)
class Style:
    """One match's random style (:func:`draw_style`)."""

    hope: float
    trump_lead: float
    slip: float


def draw_style(seed: int | str) -> Style:
    """The style of a random-style seat for one match (same seed, same style)."""
    rng = random.Random(f"napoleon/style/{seed}")
    return Style(
        rng.uniform(*STYLE_HOPE), rng.uniform(*STYLE_TRUMP_LEAD), rng.uniform(*STYLE_SLIP)
    )


class RandomStylePlayer:
    """A style drawn per match (see the module text); the baseline's call and discards."""

    name = "random"

    def __init__(self, style: Style) -> None:
        self.style = style

    def decide(self, view: PlayerView, rng: random.Random) -> Action:
        st = self.style
        if view.phase is Phase.BID:
            b = hopeful_bid(view, st.hope + STYLE_REDEAL_RELAX * view.redeals, view.rules.min_bid)
            return Pass() if b is None else b
        if view.phase is not Phase.PLAY:
            return non_play_decision(view)
        plays = [a for a in view.legal_actions if isinstance(a, Play)]
        if rng.random() < st.slip:
            return plays[rng.randrange(len(plays))]
        leading = not view.current_trick.cards
        if leading and view.trump is not None and rng.random() < st.trump_lead:
            trump = view.trump
            trumps = [a for a in plays if SUIT_MASKS[trump] >> a.card & 1]
            if trumps:
                return min(trumps, key=lambda a: card_cost(a.card, trump))
        return baseline_play(view)
