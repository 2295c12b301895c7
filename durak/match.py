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
"""

from __future__ import annotations

import random

from durak.game import Game, Phase
from durak.rules import Rules


class MatchError(ValueError):
    """A match asked to go on before its game is over."""


class Match:
    """Games in a row with the durak tally; each game has its own seed."""

    def __init__(self, rules: Rules, seed: int | None = None) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.number = 1
        self.tally = [0] * rules.players
        self.draws = 0
        self.seeds = [self.rng.getrandbits(32)]
        self.games: list[Game] = []
        self.game = Game.new(rules, self.seeds[0])

    def next_game(self) -> Game:
        """Score the finished game and deal the next one."""
        g = self.game
        if g.phase is not Phase.OVER or g.result is None:
            raise MatchError("the game is not over yet")
        self.games.append(g)
        res = g.result
        if res.draw:
            self.draws += 1
            dealer = g.dealer
        else:
            for s in res.durak:
                self.tally[s] += 1
            dealer = max(res.durak, key=lambda s: (g.hands[s].bit_count(), -s))
        n = self.rules.players
        first = (dealer + 1) % n if self.rules.next_first == "left_of_durak" else (dealer - 1) % n
        self.number += 1
        seed = self.rng.getrandbits(32)
        self.seeds.append(seed)
        self.game = Game.new(self.rules, seed, dealer=dealer, first_attacker=first)
        return self.game
