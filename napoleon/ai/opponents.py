"""What each seat's play has shown over a match: the opponent model.

Built only from what every player at the table sees: the finished games of
the match, whose end shows every card (the tricks, the kitty and the
discards: :func:`napoleon.view.view_of` at the result, as SdC shows the
record after each game).  So every seat's model of the others is the same,
a real player could keep it, and the page sends those games to the worker
with the view (:func:`napoleon.match.decision_request`), where
:func:`model_of_request` builds the model from them for
:func:`napoleon.ai.levels.decide_json`.

Per seat it counts:

* **bids**: each game's last bid of the seat against the hand it was dealt
  (shown at the end), as the bid's number less the hand's estimate in the
  bid's trump (:func:`napoleon.ai.evaluation.expected_honors`): a bold
  overbidder bids above its estimate, the timid baseline at or below it;
* **contracts** made and lost as Napoleon;
* **habits** as adjutant and as an ally (of the French side or not): leads,
  trump leads, cards played off the led suit (it could not follow) and how
  many of those were trumps.

The strong bid decision reads :meth:`OpponentModel.bidder_slack`: how far
below its bid a seat's hand may be in the deals it samples
(:func:`napoleon.ai.bidding.deal_fitting`), and :meth:`OpponentModel.overbid`:
how boldly a seat still to speak would open (:func:`napoleon.ai.bidding.rival_bid`).
A seat that has shown no bid keeps the defaults, so without a model, or
before the first game ends, every decision is the one it was.

The model is a plain record (reset per match: a new match starts empty;
seeded: it is a function of the games), and :meth:`OpponentModel.to_dict`
is what a review could show.

>>> from napoleon.game import Game
>>> from napoleon.rules import Rules
>>> from napoleon.playout import play_random_game
>>> import random
>>> g = Game.new(Rules(), seed=4)
>>> _ = play_random_game(g, random.Random(4))
>>> m = OpponentModel.empty(5).with_game(g.view(0))
>>> m.games, m.to_dict()["games"], len(m.to_dict()["seats"])
(1, 1, 5)
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any, Final

from napoleon.actions import Bid
from napoleon.ai.evaluation import expected_honors
from napoleon.ai.exchange import bid_facts
from napoleon.cards import Hand
from napoleon.game import Phase
from napoleon.rules import Rules
from napoleon.view import PlayerView

#: How far below its bid a seat's hand may be in the sampled deals when the seat
#: has shown no bid yet (:data:`napoleon.ai.bidding.BIDDER_SLACK` is this).
DEFAULT_SLACK: Final = 3.0
#: Most honors a seat that has bid boldly is modelled to hope for (:meth:`OpponentModel.hope`).
MAX_HOPE: Final = 4.0
#: Bids seen before a seat's own figure weighs as much as the default: the
#: default counts as this many bids (a shrinkage towards it).
PRIOR_BIDS: Final = 2.0
#: The slack is the seat's mean overbid plus this (its bids spread around the mean).
SLACK_SPREAD: Final = 1.0
#: Bounds of the slack: never a hand stronger than its bid, never hopeless.
SLACK_RANGE: Final = (0.0, 5.0)
#: Most finished games a decision request may carry (a match is at most 20 games).
MAX_FINISHED: Final = 19


class ModelError(ValueError):
    """Finished games read from outside that cannot make a model (the message says why)."""


@dataclass(frozen=True, slots=True)
class SeatHabits:
    """What one seat has shown (counts over the match's finished games)."""

    bids: int = 0
    #: sum over those bids of (bid number - the dealt hand's estimate in its trump)
    overbid_sum: float = 0.0
    contracts: int = 0
    made: int = 0
    #: as the adjutant: leads, trump leads, cards off the led suit, trumps among them
    adjutant_leads: int = 0
    adjutant_trump_leads: int = 0
    adjutant_off_suit: int = 0
    adjutant_ruffs: int = 0
    #: as an ally (the side against Napoleon): the same counts
    ally_leads: int = 0
    ally_trump_leads: int = 0
    ally_off_suit: int = 0
    ally_ruffs: int = 0


@dataclass(frozen=True, slots=True)
class OpponentModel:
    """Per seat, :class:`SeatHabits` over ``games`` finished games of one match."""

    seats: tuple[SeatHabits, ...]
    games: int = 0

    @staticmethod
    def empty(players: int) -> OpponentModel:
        return OpponentModel(tuple(SeatHabits() for _ in range(players)))

    @staticmethod
    def of_games(views: Iterable[PlayerView], players: int) -> OpponentModel:
        """The model of a match's finished games (any seat's view at each one's end)."""
        m = OpponentModel.empty(players)
        for v in views:
            m = m.with_game(v)
        return m

    def with_game(self, v: PlayerView) -> OpponentModel:
        """This model plus one finished game, read from a view at its end."""
        if v.phase is not Phase.RESULT or v.result is None or v.kitty is None:
            raise ModelError("a game adds to the model only once it is over")
        if v.players != len(self.seats):
            raise ModelError(f"a {v.players}-player game for a {len(self.seats)}-seat model")
        seats = list(self.seats)
        for seat, habits in enumerate(seats):
            seats[seat] = _seat_game(v, seat, habits)
        return OpponentModel(tuple(seats), self.games + 1)

    def overbid(self, seat: int) -> float | None:
        """The seat's mean bid less its hand's estimate (``None``: no bid seen)."""
        h = self.seats[seat]
        return None if h.bids == 0 else h.overbid_sum / h.bids

    def bidder_slack(self, seat: int) -> float:
        """How far below its bid the seat's hand may be in sampled deals: its
        mean overbid plus :data:`SLACK_SPREAD`, shrunk towards
        :data:`DEFAULT_SLACK` by :data:`PRIOR_BIDS`, within :data:`SLACK_RANGE`."""
        h = self.seats[seat]
        if h.bids == 0:
            return DEFAULT_SLACK
        own = h.overbid_sum / h.bids + SLACK_SPREAD
        mixed = (own * h.bids + DEFAULT_SLACK * PRIOR_BIDS) / (h.bids + PRIOR_BIDS)
        return min(SLACK_RANGE[1], max(SLACK_RANGE[0], mixed))

    def hope(self, seat: int) -> float:
        """Honors above its estimate the seat is modelled to open on: its mean
        overbid plus :data:`SLACK_SPREAD`, shrunk towards 0 (the baseline's rule)
        by :data:`PRIOR_BIDS`, within 0 and :data:`MAX_HOPE`."""
        h = self.seats[seat]
        if h.bids == 0:
            return 0.0
        own = (h.overbid_sum / h.bids + SLACK_SPREAD) * h.bids / (h.bids + PRIOR_BIDS)
        return min(MAX_HOPE, max(0.0, own))

    def slacks(self) -> tuple[float, ...]:
        """:meth:`bidder_slack` of every seat."""
        return tuple(self.bidder_slack(s) for s in range(len(self.seats)))

    # ---- plain form (what a review could show) ----------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "seats": [
                {f.name: getattr(h, f.name) for f in fields(SeatHabits)} for h in self.seats
            ],
        }


def dealt_hand(v: PlayerView, seat: int) -> Hand:
    """The hand ``seat`` was dealt, from a view at the game's end: the cards it
    played, and for Napoleon less the kitty it took and plus what it discarded."""
    played = v.played[seat]
    if seat != v.napoleon:
        return played
    assert v.kitty is not None
    return (played | (v.discards or 0)) & ~v.kitty


def _seat_game(v: PlayerView, seat: int, h: SeatHabits) -> SeatHabits:
    """``h`` plus what ``seat`` showed in the finished game ``v``."""
    assert v.result is not None
    last: Bid | None = None
    for s, a in v.auction:
        if s == seat and isinstance(a, Bid):
            last = a
    if last is not None:
        estimate = expected_honors(dealt_hand(v, seat), last.suit, bid_facts(v.rules))
        h = replace(h, bids=h.bids + 1, overbid_sum=h.overbid_sum + last.number - estimate)
    if seat == v.result.napoleon:
        return replace(h, contracts=h.contracts + 1, made=h.made + int(v.result.french_won))
    role = "adjutant" if seat == v.result.adjutant else "ally"
    leads = trump_leads = off_suit = ruffs = 0
    for t in v.tricks:
        if not t.cards:
            continue
        first = t.cards[0]
        led = first // 13 if first < 52 else t.named_suit
        if t.leader == seat:
            leads += 1
            trump_leads += int(v.trump is not None and led == v.trump)
            continue
        i = (seat - t.leader) % v.players
        if i >= len(t.cards):
            continue
        c = t.cards[i]
        if led is not None and c < 52 and c // 13 != led:
            off_suit += 1
            ruffs += int(v.trump is not None and c // 13 == v.trump)
    counts = {
        f"{role}_leads": leads,
        f"{role}_trump_leads": trump_leads,
        f"{role}_off_suit": off_suit,
        f"{role}_ruffs": ruffs,
    }
    return replace(h, **{k: getattr(h, k) + n for k, n in counts.items()})


def model_of_request(d: dict[str, Any], view: PlayerView) -> OpponentModel | None:
    """The opponent model of the finished games a decision request carries under
    ``"finished"`` (:func:`napoleon.match.decision_request`), each a view at its
    end under the same rules as ``view``; ``None`` if there are none.  Anything
    else raises :class:`ModelError` (the request may come from outside).

    The page sends the same finished games with every decision of a game, so
    the model of each list is kept (a few of them): a decision then pays for
    writing the list out as a key, not for reading every game again.
    """
    raw = d.get("finished")
    if raw is None or raw == []:
        return None
    if not isinstance(raw, list) or len(raw) > MAX_FINISHED:
        raise ModelError(f"'finished' must be a list of at most {MAX_FINISHED} games")
    texts = tuple(json.dumps(item, sort_keys=True, separators=(",", ":")) for item in raw)
    return _model_of(texts, view.rules)


@lru_cache(maxsize=8)
def _model_of(texts: tuple[str, ...], rules: Rules) -> OpponentModel:
    model = OpponentModel.empty(rules.players)
    for text in texts:
        item = json.loads(text)
        if not isinstance(item, dict):
            raise ModelError("each finished game must be a view (a JSON object)")
        try:
            v = PlayerView.from_dict(item)
        except (KeyError, TypeError, ValueError, AssertionError) as e:
            raise ModelError(f"a finished game is not a readable view: {e}") from None
        if v.phase is not Phase.RESULT or v.result is None or v.kitty is None:
            raise ModelError("a finished game must be a view at its end")
        if v.rules != rules:
            raise ModelError("a finished game was played under other rules")
        model = model.with_game(v)
    return model
