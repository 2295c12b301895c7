"""Reading the other player: does it play by the baseline's rules of thumb?

The strong level's tree search (:mod:`durak.ai.ismcts`) can model the other player
two ways: as the best reply (the plain tree, right against a player who searches)
or as the baseline (``follow``, right against a player who plays by rules of
thumb, cheapest card first).  Each is worth about ten points of score against
the opponent it models and costs as much against the other, so strong asks the
game which one it faces.

A :class:`BaselineReader` keeps, for one seat in one game, the log-odds that the
other player is the baseline.  It is told every action another player makes,
with the reading seat's view just before it (what the seat saw then, no more).
For that action it draws :data:`READ_WORLDS` worlds from the view, each giving the
actor the cards the action laid face up (the actor must have held them), and
asks what the baseline would have done there:

* the baseline's likelihood of the action: ``1 - SLIP`` in a world where the
  baseline picks it, else ``SLIP`` shared among the other moves;
* the alternative's (a player who is not the baseline): ``AGREE`` where the
  baseline picks it, else ``1 - AGREE`` shared among the other moves — a sensible
  player picks the baseline's move often, but not every time.

Averaged over the worlds, their log-ratio is added to the log-odds (clamped to
±:data:`MAX_LOG_ODDS`, so that one long game cannot make the reading deaf to what
comes next).  A forced move tells nothing and is skipped.  The reader says
"baseline" once the log-odds pass :data:`FOLLOW_AT` (about 9 to 1); it starts at
0 (even), so a game opens with the plain tree and turns to following only on
evidence.  Every draw comes from a generator seeded by the number of actions read,
so a reading depends only on the game's public actions and the seat's views.

Nothing here is hidden from a player at a real table: every Durak move is laid face
up (a ``doubt`` cover face down is read as "some cover": its card is not used).
"""

from __future__ import annotations

import json
import math
import random
from dataclasses import replace
from typing import Any, Final

from durak.actions import Action, Attack, Baltic, Cover, Throw, Transfer
from durak.ai.baseline import decide_game
from durak.ai.worlds import InconsistentViewError, sample_world
from durak.cards import Hand
from durak.game import Game
from durak.view import PlayerView

#: Worlds drawn to read one action.
READ_WORLDS: Final = 16
#: The baseline's chance of a move other than its pick (how noisy it is taken to be).
SLIP: Final = 0.1
#: A player who is not the baseline picks the baseline's move this often.
AGREE: Final = 0.6
#: The log-odds past which the other player is read as the baseline.
FOLLOW_AT: Final = 2.2
#: The log-odds never leave ±this.
MAX_LOG_ODDS: Final = 8.0


def laid(action: Action) -> Hand:
    """The cards an action lays face up from the actor's hand (0 for a take or a pass)."""
    if isinstance(action, Attack | Transfer):
        return action.cards
    if isinstance(action, Cover | Throw):
        return 1 << action.card
    if isinstance(action, Baltic):
        return 1 << action.card | action.extra
    return 0


def with_cards_shown(view: PlayerView, seat: int, cards: Hand) -> PlayerView:
    """``view`` with ``cards`` known to be in ``seat``'s hand (those it just laid)."""
    known = list(view.known)
    known[seat] |= cards
    return replace(view, known=tuple(known))


class ReadingError(ValueError):
    """A decision request whose ``reading`` is not a number within ±:data:`MAX_LOG_ODDS`."""


class BaselineReader:
    """The log-odds, for one seat in one game, that the other player is the baseline."""

    __slots__ = ("log_odds", "read", "worlds")

    def __init__(self, worlds: int = READ_WORLDS) -> None:
        self.worlds = worlds
        self.log_odds = 0.0
        self.read = 0
        """Actions read so far (forced ones included), the seed of the next reading."""

    @property
    def follows(self) -> bool:
        """Whether the other player plays as the baseline, as far as the game has shown."""
        return self.log_odds >= FOLLOW_AT

    def observe(self, view: PlayerView, actor: int, action: Action) -> None:
        """Read ``action``, made by seat ``actor``, from ``view`` (the reading seat's view
        just before it).  Actions of the reading seat itself are ignored."""
        if actor == view.seat or view.rules.inverted or view.rules.doubt:
            return
        rng = random.Random(self.read)
        self.read += 1
        shown = with_cards_shown(view, actor, laid(action) & ~view.known[actor])
        base = other = 0.0
        drawn = 0
        for _ in range(self.worlds):
            try:
                g = sample_world(shown, rng)
            except InconsistentViewError:
                return  # not a view the engine made before this action: read nothing
            if g.to_act != actor:
                return
            legal = g.legal_actions()
            if action not in legal:
                continue
            if len(legal) < 2:
                continue
            drawn += 1
            if decide_game(g, legal) == action:
                base += 1.0 - SLIP
                other += AGREE
            else:
                base += SLIP / (len(legal) - 1)
                other += (1.0 - AGREE) / (len(legal) - 1)
        if drawn:
            step = math.log(base / other)
            self.log_odds = max(-MAX_LOG_ODDS, min(MAX_LOG_ODDS, self.log_odds + step))


def game_readings(game: Game, seat: int) -> list[float]:
    """Before each action of ``game`` (and after its last), ``seat``'s reading of the
    other player from that player's actions in this game so far: the figure the hint
    and the review of a decision both use (:mod:`durak.ai.advice`), which the record
    alone gives.  0 throughout at 3 or more players, where no search reads it."""
    out: list[float] = []
    reader = BaselineReader()
    g = Game.from_deal(game.rules, game.deal, game.dealer, game.first_attacker)
    two = game.rules.players == 2
    for s, a in game.actions():
        out.append(reader.log_odds)
        if two and s != seat:
            reader.observe(g.view(seat), s, a)
        g.apply(a, s)
    out.append(reader.log_odds)
    return out


def game_reading(game: Game, seat: int) -> float:
    """``seat``'s reading of the other player now (:func:`game_readings`' last)."""
    return game_readings(game, seat)[-1] if game.rules.players == 2 else 0.0


def decision_request(view: PlayerView, reader: BaselineReader) -> str:
    """What the page sends the worker for a computer's decision at 2 players: the
    seat's view with its reading of the other player under ``"reading"`` (the
    log-odds), which :func:`reading_of` reads back.

    >>> from durak.game import Game
    >>> from durak.rules import Rules
    >>> r = BaselineReader()
    >>> r.log_odds = 1.25
    >>> reading_of(json.loads(decision_request(Game.new(Rules(), seed=1).view(1), r)))
    1.25
    """
    d = view.to_dict()
    d["reading"] = round(reader.log_odds, 4)
    return json.dumps(d, ensure_ascii=False)


def reading_of(request: dict[str, Any]) -> float:
    """The ``"reading"`` of a decision request (0.0 without one: nothing read yet).

    A JSON number within ±:data:`MAX_LOG_ODDS`; anything else (``true``, a string,
    ``NaN``, 1e9) is a :class:`ReadingError` naming the field, never coerced."""
    x = request.get("reading", 0.0)
    if type(x) not in (int, float) or not math.isfinite(x) or abs(x) > MAX_LOG_ODDS:
        raise ReadingError(f"the request's 'reading' is not a number within "
                           f"±{MAX_LOG_ODDS:g}: {str(x)[:40]!r}")
    return float(x)


__all__ = ["AGREE", "FOLLOW_AT", "MAX_LOG_ODDS", "READ_WORLDS", "SLIP", "BaselineReader",
           "ReadingError", "decision_request", "game_reading", "game_readings", "laid",
           "reading_of", "with_cards_shown"]
