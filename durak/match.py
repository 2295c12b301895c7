"""A series of games at one table (docs/rules/durak.md §2.2, §2.4, §4, §7 ``match=tally``).

>>> from durak.rules import Rules
>>> from durak.playout import play_random_game
>>> m = Match(Rules(players=3), seed=5)
>>> for _ in range(3):
...     _ = play_random_game(m.game, m.rng)
...     _ = m.next_game()
>>> m.number, sum(m.tally) + m.draws
(4, 3)

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

**Undo**: :meth:`Match.take_back` takes back a player's last decision in the
current game, and :meth:`Match.undo_refusal` says why it cannot
(:mod:`durak.take_back`, the page's undo too).
"""

from __future__ import annotations

import random

from durak.game import Game, Phase
from durak.rules import Rules
from durak.take_back import TakeBack
from durak.take_back import forced_pass as forced_pass


class MatchError(ValueError):
    """A match asked to go on before its game is over."""


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
        raise MatchError("the game is not over yet")
    if game.rules.match == "cube15":
        return game.first_attacker
    if res.draw:
        return game.dealer
    return max(res.durak, key=lambda s: (game.hands[s].bit_count(), -s))


class Match:
    """Games in a row with the durak tally; game ``k`` is dealt from the series' seed
    (:func:`deal_game`)."""

    def __init__(self, rules: Rules, seed: int | None = None) -> None:
        self.rules = rules
        #: The series' seed (drawn when not given): every game is dealt from it.
        self.seed = random.getrandbits(32) if seed is None else seed
        #: A generator for callers that play the games out at random; no deal reads it.
        self.rng = random.Random(self.seed)
        self.number = 1
        self.tally = [0] * rules.players
        #: ``cube15``: each seat's points (a tally match scores none).
        self.points = [0] * rules.players
        self.draws = 0
        self.repetitions = 0
        """Draws by repetition (docs/rules/durak.md §6.14), counted in :attr:`draws` too."""
        self.games: list[Game] = []
        #: Decisions taken back in the current game since this object was made
        #: (not saved: the save holds the game's actions only).
        self.undos = 0
        #: The dealer the game on the table was dealt by (``None``: game 1's, drawn).
        self.dealer: int | None = None
        #: The game as dealt elsewhere (:meth:`of_game`), which an undo replays from.
        self._start: Game | None = None
        self._undo = TakeBack(self._fresh)
        self.game = self._deal()

    @classmethod
    def of_game(cls, start: Game, game: Game | None = None, number: int = 1,
                tally: list[int] | None = None, draws: int = 0) -> Match:
        """A match whose current game was dealt elsewhere (the suit deal's play after
        its dealing: :meth:`Game.from_deal`): ``start`` as dealt, ``game`` it played on
        (by default ``start`` itself), game ``number`` of a series with ``tally`` and
        ``draws`` so far.  An undo replays from a copy of ``start``; :meth:`next_game`
        cannot deal the next game (its dealing does)."""
        game = start if game is None else game
        m = cls.__new__(cls)
        m.rules = game.rules
        m.seed = 0
        m.rng = random.Random(0)
        m.number = number
        m.tally = list(tally) if tally is not None else [0] * game.rules.players
        m.points = [0] * game.rules.players
        m.draws = draws
        m.repetitions = 0
        m.games = []
        m.undos = 0
        m.dealer = None
        m._start = start.clone()
        m._undo = TakeBack(m._fresh)
        m.game = game
        return m

    @property
    def seeds(self) -> list[int]:
        """The seed each game so far was dealt from (:func:`game_seed`), the one on the
        table last (none for a game dealt elsewhere: :meth:`of_game`)."""
        if self._start is not None:
            return []
        return [game_seed(self.rules, self.seed, k) for k in range(1, self.number + 1)]

    def _deal(self) -> Game:
        self.undos = 0
        return deal_game(self.rules, self.seed, self.number, self.dealer)

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
        else:
            for s in res.durak:
                self.tally[s] += 1
            for s in range(self.rules.players):
                if s not in res.durak and self.rules.match == "cube15":
                    self.points[s] += res.stake
        if self.rules.match == "cube15" and max(self.points) >= CUBE_TARGET:
            return g  # the match is won: the last game stays the current one
        self.number += 1
        self.dealer = next_dealer(g)
        self.game = self._deal()
        return self.game

    # ---- undo ------------------------------------------------------------------

    def decisions_of(self, player: int) -> list[int]:
        """Where ``player`` decided in the current game (:meth:`TakeBack.decisions_of`)."""
        return self._undo.decisions_of(self.game, player)

    def forced_passes(self) -> frozenset[int]:
        """The current game's passes made where Pass was the only legal action
        (:meth:`TakeBack.forced_passes`)."""
        return self._undo.forced_passes(self.game)

    def undo_refusal(self, player: int) -> str | None:
        """Why ``player``'s last decision cannot be taken back (``over``, ``cube``,
        ``none``: :mod:`durak.take_back`), or ``None`` when it can."""
        return self._undo.refusal(self.game, player)

    def take_back(self, player: int) -> bool:
        """Undo ``player``'s last decision in the current game and every action after
        it (:meth:`TakeBack.before_last`); ``False`` (nothing changed) when
        :meth:`undo_refusal` refuses.

        >>> import random
        >>> m = Match(Rules(players=2), seed=3)
        >>> rng = random.Random(1)
        >>> while m.game.player_of(m.game.to_act) != 0 or len(m.game.actions()) < 4:
        ...     m.game.apply(rng.choice(m.game.legal_actions()))
        >>> before = m.game.actions()
        >>> m.game.apply(m.game.legal_actions()[0])
        >>> m.take_back(0), m.game.actions() == before, m.undos
        (True, True, 1)
        """
        game = self._undo.before_last(self.game, player)
        if game is None:
            return False
        self.game = game
        self.undos += 1
        return True

    def _fresh(self) -> Game:
        """The current game as dealt, before any action."""
        if self._start is not None:
            return self._start.clone()
        return deal_game(self.rules, self.seed, self.number, self.dealer)
