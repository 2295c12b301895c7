"""A series of games at one table (DURAK.md §2.2, §2.4, §4, §7 ``match=tally``).

>>> from durak.rules import Rules
>>> from durak.playout import play_random_game
>>> m = Match(Rules(players=3), seed=5)
>>> for _ in range(3):
...     _ = play_random_game(m.game, m.rng)
...     _ = m.next_game()
>>> m.number, sum(m.tally) + m.draws
(4, 3)

Who deals and who attacks first after game 1:

* the durak deals; after a draw the same dealer deals again (l.33);
* with teams the losing team's member who held most cards at the end deals
  (the first such seat clockwise from seat 0 on a tie) [I];
* ``next_first=left_of_durak``: the dealer's left attacks first (the durak
  attacks last); ``right_of_durak``: the dealer's right (the durak defends
  first); counted from the dealer, also after a draw [I] (l.44).

``match=cube15`` (l.112, two players): the winner of a game scores the
doubling cube's value; first to :data:`CUBE_TARGET` wins.  Game 1: each
player draws a card from a fresh shuffled deck, the higher rank attacks first
(ties draw again) [I]; then the first attacker alternates.  The cube starts
at 1, centred, every game; either player may offer a double before a
bout's opening attack while the cube is centred, else only its owner (§7;
once per bout [I], the defender first: see :mod:`durak.phases.cube`).
"""

from __future__ import annotations

import random

from durak.game import Game, Phase
from durak.rules import Rules


class MatchError(ValueError):
    """A match asked to go on before its game is over."""


CUBE_TARGET = 15


class Match:
    """Games in a row with the durak tally; each game has its own seed."""

    def __init__(self, rules: Rules, seed: int | None = None) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.number = 1
        self.tally = [0] * rules.players
        self.points = [0] * rules.players
        self.draws = 0
        self.repetitions = 0
        """Draws by repetition (DURAK.md §6.14), counted in :attr:`draws` too."""
        self.seeds = [self.rng.getrandbits(32)]
        self.games: list[Game] = []
        if rules.match == "cube15":
            first = self._cut_for_first()
            self.game = Game.new(rules, self.seeds[0], dealer=1 - first, first_attacker=first)
        else:
            self.game = Game.new(rules, self.seeds[0])

    def _cut_for_first(self) -> int:
        """Each draws a card; the higher rank attacks first; ties draw again [I]."""
        while True:
            a, b = self.rng.sample(range(36), 2)
            if a % 9 != b % 9:
                return 0 if a % 9 > b % 9 else 1

    @property
    def is_over(self) -> bool:
        """``cube15``: somebody has 15 points; ``tally`` matches never end."""
        return self.rules.match == "cube15" and max(self.points) >= CUBE_TARGET

    def next_game(self) -> Game:
        """Score the finished game and deal the next one (unless the match is now over)."""
        g = self.game
        if g.phase is not Phase.OVER or g.result is None:
            raise MatchError("the game is not over yet")
        self.games.append(g)
        res = g.result
        if self.is_over:
            raise MatchError("the match is over")
        if res.draw:
            self.draws += 1
            self.repetitions += res.repetition
            dealer = g.dealer
        else:
            for s in res.durak:
                self.tally[s] += 1
            for s in range(self.rules.players):
                if s not in res.durak:
                    self.points[s] += res.stake
            dealer = max(res.durak, key=lambda s: (g.hands[s].bit_count(), -s))
        if self.rules.match == "cube15" and max(self.points) >= CUBE_TARGET:
            return g  # the match is won: the last game stays the current one
        n = self.rules.players
        if self.rules.match == "cube15":
            first = 1 - g.first_attacker  # the first attacker alternates
            dealer = 1 - first
        elif self.rules.next_first == "left_of_durak":
            first = (dealer + 1) % n
        else:
            first = (dealer - 1) % n
        self.number += 1
        seed = self.rng.getrandbits(32)
        self.seeds.append(seed)
        self.game = Game.new(self.rules, seed, dealer=dealer, first_attacker=first)
        return self.game
