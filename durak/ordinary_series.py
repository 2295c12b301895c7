"""How a series of the ordinary game deals its games (docs/rules/durak.md §2.2, §2.4,
§4, §7): game ``k``'s seed (:func:`game_seed`), its dealer and first attacker
(:func:`deal_game`, :func:`next_dealer`); the family's one series record
(:class:`~durak.family.series.Series`) deals the ordinary game through these.

Who deals and who attacks first after game 1:

* the durak deals; after a draw the same dealer deals again (docs/rules/durak.md §2.2);
* with teams the losing team's member who held most cards at the end deals
  (the first such seat clockwise from seat 0 on a tie) [I];
* ``next_first=left_of_durak``: the dealer's left attacks first (the durak
  attacks last); ``right_of_durak``: the dealer's right (the durak defends
  first); counted from the dealer, also after a draw [I] (§2.4).

``match=cube15`` (§7, two players): the winner of a game scores the
doubling cube's value; first to :data:`CUBE_TARGET` wins.  Game 1: each
player draws a card from a fresh shuffled deck, the higher rank attacks first
(ties draw again) [I]; then the first attacker alternates.  The cube starts
at 1, centred, every game; either player may offer a double before a
bout's opening attack while the cube is centred, else only its owner (§7;
once per bout [I], the defender first: see :mod:`durak.phases.cube`).
"""

from __future__ import annotations

import random

from durak.game import Game
from durak.rules import Rules

CUBE_TARGET = 15


def cut_for_first(rng: random.Random) -> int:
    """``match=cube15``'s game 1: each draws a card; the higher rank attacks first; ties
    draw again [I]."""
    while True:
        a, b = rng.sample(range(36), 2)
        if a % 9 != b % 9:
            return 0 if a % 9 > b % 9 else 1


def game_seed(rules: Rules, series_seed: int, number: int) -> int:
    """The seed game ``number`` of the ordinary game's series is dealt from: the
    ``number``-th draw of the series' generator (``match=cube15``'s cut for game 1's
    first attacker is drawn after the first).

    >>> rng = random.Random(7)
    >>> [game_seed(Rules(), 7, k) for k in (1, 2)] == [rng.getrandbits(32), rng.getrandbits(32)]
    True
    """
    rng = random.Random(series_seed)
    seed = rng.getrandbits(32)
    if rules.match == "cube15":
        cut_for_first(rng)
    for _ in range(number - 1):
        seed = rng.getrandbits(32)
    return seed


def first_attacker(rules: Rules, dealer: int) -> int:
    """Who attacks first in a game after game 1 dealt by ``dealer`` (§2.4; ``cube15``: the
    first attacker alternates, the dealer being the other player)."""
    if rules.match == "cube15":
        return 1 - dealer
    step = 1 if rules.next_first == "left_of_durak" else -1
    return (dealer + step) % rules.players


def deal_game(rules: Rules, series_seed: int, number: int = 1,
              dealer: int | None = None) -> Game:
    """Game ``number`` of the ordinary game's series of seed ``series_seed``, dealt by
    ``dealer``: game 1's dealer is drawn from its seed (``cube15``: the cut names its
    first attacker, the other player deals); a later game's is named
    (:func:`next_dealer` of the game before) and its first attacker follows from it."""
    seed = game_seed(rules, series_seed, number)
    if dealer is None and rules.match == "cube15":
        rng = random.Random(series_seed)
        rng.getrandbits(32)
        dealer = 1 - cut_for_first(rng)
    elif dealer is None:
        if number != 1:
            raise ValueError(f"game {number} of a series is dealt by a dealer it names")
        return Game.new(rules, seed)
    return Game.new(rules, seed, dealer=dealer, first_attacker=first_attacker(rules, dealer))


def next_dealer(game: Game) -> int:
    """Who deals after the finished ``game`` (§2.2): its durak (with teams the losing
    member who held most cards, the first clockwise from seat 0 on a tie [I]); after a
    draw its dealer again; ``cube15``: its first attacker (the first attacker alternates)."""
    res = game.result
    if res is None:
        raise ValueError("the game is not over yet")
    if game.rules.match == "cube15":
        return game.first_attacker
    if res.draw:
        return game.dealer
    return max(res.durak, key=lambda s: (game.hands[s].bit_count(), -s))


__all__ = ["CUBE_TARGET", "cut_for_first", "deal_game", "first_attacker", "game_seed",
           "next_dealer"]
