"""A match of the ordinary game held as one object, for the command line's experiments,
the lab and the tests: :class:`Match` deals its games through the series' functions
(:mod:`durak.ordinary_series`), keeps every game and its own tally, and takes a
decision back by :mod:`durak.take_back`, as the page does.  The page itself holds a
:class:`~durak.family.series.Series` (:class:`durak.ui_dom.play.controller.Controller`);
:func:`series_of`, :func:`of_match`, :func:`standing_of` and :func:`match_sight` read a
match as the page's records, and :func:`encode_match` as its save.

>>> from durak.playout import play_random_game
>>> m = Match(Rules(players=3), seed=5)
>>> for _ in range(3):
...     _ = play_random_game(m.game, m.rng)
...     _ = m.next_game()
>>> m.number, sum(m.tally) + m.draws
(4, 3)
"""

from __future__ import annotations

import random

from durak.family.save import SavedGame, encode
from durak.family.series import Series
from durak.game import Game, Phase
from durak.ordinary_series import CUBE_TARGET, deal_game, game_seed, next_dealer
from durak.rules import Rules
from durak.sight import Sight, Standing, game_sight
from durak.take_back import TakeBack


class MatchError(ValueError):
    """A match asked to go on before its game is over, or after it is won."""


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
        self._undo = TakeBack(self._fresh)
        self.game = self._deal()

    @property
    def seeds(self) -> list[int]:
        """The seed each game so far was dealt from (:func:`game_seed`), the one on the
        table last."""
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
        return deal_game(self.rules, self.seed, self.number, self.dealer)


def series_of(match: Match, seed: int) -> Series[Rules]:
    """``match`` as the family's series record: its games before the one on the table
    scored by the series itself (:meth:`Series.scored`: the number, the dealer, the
    results and the cube's points; a won match's last game stays on the table)."""
    series: Series[Rules] = Series(match.rules, seed)
    for g in match.games:
        if g is not match.game:
            series = series.scored(g)
    return series


def of_match(match: Match, seed: int, humans: tuple[int, ...] = (0,)) -> SavedGame:
    """``match`` as the page's save holds a series (``humans``: the people's seats)."""
    done = [g for g in match.games if g is not match.game]
    return SavedGame(series_of(match, seed), tuple((g, i + 1) for i, g in enumerate(done)),
                     match.game, humans)


def encode_match(match: Match, seed: int) -> str:
    """The page's save text of ``match``."""
    return encode(of_match(match, seed))


def standing_of(match: Match) -> Standing:
    """``match``'s standing before its game on the table, as the page's table shows it."""
    return series_of(match, match.seed).standing()


def match_sight(m: Match, seat: int, forced_of: int | None = None) -> Sight:
    """Seat ``seat``'s sight of ``m``'s game on the table (:func:`durak.sight.game_sight`)."""
    return game_sight(m.game, standing_of(m), seat, m.forced_passes(), forced_of)


__all__ = ["CUBE_TARGET", "Match", "MatchError", "encode_match", "game_seed", "match_sight",
           "of_match", "series_of", "standing_of"]
