"""A match: ``match_games`` games (5 by default), cumulative points, standings.

>>> from napoleon.rules import Rules
>>> from napoleon.playout import play_random_game
>>> import random
>>> m = Match(Rules(match_games=2), seed=3)
>>> while not m.is_over:
...     _ = play_random_game(m.game, random.Random(len(m.results)))
...     _ = m.next_game()
>>> len(m.results), sum(s.rank == 1 for s in m.standings()) >= 1
(2, True)

The first game's first bidder (the seat dealt first) is random; afterwards
it is the previous game's adjutant (Napoleon if there was none), with
``next_dealer=rotate`` the next seat, with ``next_dealer=napoleon`` (mixi)
the previous Napoleon (docs/rules/napoleon.md §2.1, §4).  Every game's deal
comes from its own seed, drawn from the match's generator, so a game record
replays on its own.

**Undo** (待った): :meth:`Match.take_back` rebuilds the current game from its
seed with the actions before one seat's last decision, so that seat decides
again; :attr:`Match.undos` counts the take-backs of every game (the records
and the standings say so).  A scored game is never taken back.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

from napoleon.actions import WrongPhaseError
from napoleon.game import Game, GameResult, Phase
from napoleon.rules import Rules


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's place: total points and rank (1 = best; ties share a rank)."""

    seat: int
    points: int
    rank: int


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """One seat's match in numbers (SdC shows the human's after the last game)."""

    seat: int
    games: int
    napoleon_games: int
    napoleon_wins: int
    adjutant_games: int
    adjutant_wins: int
    ally_games: int
    ally_wins: int
    points: int
    rank: int

    @property
    def wins(self) -> int:
        return self.napoleon_wins + self.adjutant_wins + self.ally_wins


def standings_of(totals: list[int] | tuple[int, ...]) -> list[Standing]:
    """Seats ordered by points (ties by seat), with competition ranks (1, 2, 2, 4)."""
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    out: list[Standing] = []
    for i, seat in enumerate(order):
        rank = out[-1].rank if out and out[-1].points == totals[seat] else i + 1
        out.append(Standing(seat, totals[seat], rank))
    return out


def next_first_bidder(rules: Rules, game: Game) -> int:
    """Who is dealt first (and bids first) in the game after ``game``."""
    if rules.next_dealer == "rotate":
        return (game.first_bidder + 1) % rules.players
    result = game.result
    if result is None:
        raise WrongPhaseError("the game is not over")
    if rules.next_dealer == "napoleon":
        return result.napoleon
    return result.adjutant if result.adjutant is not None else result.napoleon


class Match:
    """Games in a row with cumulative points.  All randomness from ``seed``."""

    def __init__(self, rules: Rules, seed: int | random.Random | None = None) -> None:
        self.rules = rules
        self.rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        self.totals = [0] * rules.players
        self.results: list[GameResult] = []
        self.games: list[Game] = []
        self.seeds: list[int] = []
        #: How many decisions were taken back in each game (undo), parallel to ``games``.
        self.undos: list[int] = []
        self._start(self.rng.randrange(rules.players))

    def _start(self, first_bidder: int) -> None:
        seed = self.rng.getrandbits(63)
        self.seeds.append(seed)
        self.undos.append(0)
        self.games.append(Game.new(self.rules, seed, first_bidder))

    @property
    def game(self) -> Game:
        """The current game (the last one once the match is over)."""
        return self.games[-1]

    @property
    def game_number(self) -> int:
        """1-based number of the current game."""
        return len(self.games)

    @property
    def is_over(self) -> bool:
        return len(self.results) >= self.rules.match_games

    def next_game(self) -> Game | None:
        """Score the finished current game and start the next (``None`` at the end)."""
        g = self.game
        if g.phase is not Phase.RESULT or g.result is None:
            raise WrongPhaseError("the current game is not over")
        if len(self.results) == len(self.games):
            raise WrongPhaseError("this game was already scored")
        self.results.append(g.result)
        for seat, p in enumerate(g.result.points):
            self.totals[seat] += p
        if self.is_over:
            return None
        self._start(next_first_bidder(self.rules, g))
        return self.game

    def decisions_of(self, seat: int) -> list[int]:
        """Where ``seat`` decided in the current game: indexes into ``game.actions()``.

        Empty once the game is scored (its decisions can no longer be taken back).
        """
        if len(self.results) == len(self.games):
            return []
        return [i for i, (s, _) in enumerate(self.game.actions()) if s == seat]

    def take_back(self, seat: int) -> bool:
        """Undo ``seat``'s last decision of the current game and everything after it.

        The game is dealt again from its own seed and the actions before that
        decision replay, so it is exactly the game as it stood then (redeals
        included); ``seat`` is to act.  Returns ``False`` (nothing changed) when
        ``seat`` has no decision to take back, or the game is already scored.

        >>> from napoleon.actions import Pass
        >>> m = Match(Rules(), seed=1)
        >>> while m.game.to_act != 0:
        ...     m.game.apply(Pass())
        >>> before = len(m.game.actions())
        >>> m.game.apply(Pass()); m.take_back(0), len(m.game.actions()) == before, m.undos
        (True, True, [1])
        """
        points = self.decisions_of(seat)
        if not points:
            return False
        actions = [a for _, a in self.game.actions()[: points[-1]]]
        fresh = Game.new(self.rules, self.seeds[-1], self.game.first_bidder)
        for action in actions:
            fresh.apply(action)
        self.games[-1] = fresh
        self.undos[-1] += 1
        return True

    def standings(self) -> list[Standing]:
        return standings_of(self.totals)

    def record_of(self, seat: int) -> SeatRecord:
        """Roles played and games won by ``seat`` in the scored games so far."""
        counts = {"napoleon": [0, 0], "adjutant": [0, 0], "ally": [0, 0]}
        for r in self.results:
            role = (
                "napoleon" if seat == r.napoleon else "adjutant" if seat == r.adjutant else "ally"
            )
            won = r.french_won if role != "ally" else not r.french_won
            counts[role][0] += 1
            counts[role][1] += int(won)
        rank = next(s.rank for s in self.standings() if s.seat == seat)
        return SeatRecord(
            seat=seat,
            games=len(self.results),
            napoleon_games=counts["napoleon"][0],
            napoleon_wins=counts["napoleon"][1],
            adjutant_games=counts["adjutant"][0],
            adjutant_wins=counts["adjutant"][1],
            ally_games=counts["ally"][0],
            ally_wins=counts["ally"][1],
            points=self.totals[seat],
            rank=rank,
        )


def decision_request(match: Match, seat: int) -> str:
    """What a computer at ``seat`` decides on: its view of the current game, with
    the match's finished games under ``"finished"`` as everybody saw them at
    their end (every card shown), so the computers may read how each seat bid
    and played (:mod:`napoleon.ai.opponents`) without learning anything a
    player at the table could not.  :func:`napoleon.ai.decide_json` reads it.

    >>> m = Match(Rules(), seed=1)
    >>> json.loads(decision_request(m, 0))["finished"]
    []
    """
    d = match.game.view(seat).to_dict()
    d["finished"] = [g.view(seat).to_dict() for g in match.games[: len(match.results)]]
    return json.dumps(d, ensure_ascii=False, separators=(",", ":"))
