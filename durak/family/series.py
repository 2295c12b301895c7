"""A series of the family's games, game after game (docs/rules/durak.md §2.2).

:class:`Series` is the one record of a series: its rules, its seed, the number
and dealer of the game on the table and the durak seats of every finished game
before it.  A series deals game ``k`` (:meth:`Series.deal`, by its registry
entry's engine) from the series' seed, its number and its dealer (a pile game and
the dealing game from :func:`deal_seed`, the ordinary game from its series'
generator: :func:`durak.ordinary_series.game_seed`): game 1's dealer is drawn from the
seed, a later game's is the durak of the game before (:func:`next_dealer`; after
a draw as the game's rules say: the pile games pass the deal to the left, the
dealing game and the ordinary game keep the dealer).  :meth:`Series.scored`
counts a finished game in and names the next; :meth:`Series.tally` counts each
seat's games as durak.  That tally is one way of scoring a series; the ordinary
game's ``match=cube15`` scores the doubling cube's stakes (§7:
:meth:`Series.points_of`, :meth:`Series.won`).  The page's drivers and the
one save (:mod:`durak.family.save`) deal through here, so a reload deals exactly
what the table dealt.

>>> from durak.pile.options import PileRules
>>> series = Series(PileRules(mode="heap", players=3), 7)
>>> g = series.deal()
>>> while not g.is_over:
...     g.apply(g.legal_actions()[0])
>>> after = series.scored(g)
>>> after.number, after.dealer == next_dealer(g), after.results == (durak_of(g),)
(2, True, True)
>>> g = deal_game(PileRules(mode="heap", players=3), 7, 2, dealer=1)
>>> type(g).__name__, dealer_of(g), g.state.game
('PileGame', 1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from durak.family.entry import deal_seed
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.sight import Standing

if TYPE_CHECKING:
    from durak.family.entry import Engine, FamilyGame

#: The rules record a series is played under: a pile game's or the ordinary one's.
R = TypeVar("R", bound=PileRules | Rules)


def deal_pile(rules: PileRules, match_seed: int, number: int = 1,
              dealer: int | None = None) -> PileGame:
    """Game ``number`` of a pile series (game 1's dealer drawn from the seed)."""
    return PileGame.new(rules, deal_seed(match_seed, number), dealer, number)


def _engine(game_or_rules: Any) -> Engine:
    from durak.family.registry import engine_of, find_game

    if isinstance(game_or_rules, PileRules | Rules):
        return find_game(game_or_rules.mode).engine
    return engine_of(game_or_rules)


@overload
def deal_game(rules: PileRules, match_seed: int, number: int = 1,
              dealer: int | None = None) -> PileGame: ...


@overload
def deal_game(rules: Rules, match_seed: int, number: int = 1,
              dealer: int | None = None) -> FamilyGame: ...


def deal_game(rules: PileRules | Rules, match_seed: int, number: int = 1,
              dealer: int | None = None) -> FamilyGame:
    """Game ``number`` of a series of seed ``match_seed``, dealt by ``dealer`` by its
    registry entry's engine: a pile game's is a :class:`~durak.pile.game.PileGame`;
    of the games under the ordinary game's rules record each is its engine's game
    (the ordinary game's a :class:`~durak.game.Game`).  An engine that deals no series is
    a :class:`ValueError`."""
    deal = _engine(rules).deal
    if deal is None:
        raise ValueError(f"mode={rules.mode} deals no series")
    return deal(rules, match_seed, number, dealer)


def dealer_of(game: Any) -> int:
    """Who dealt ``game``."""
    of = _engine(game).dealer_of
    if of is None:
        raise ValueError(f"{type(game).__name__} names no dealer")
    return of(game)


def durak_of(game: Any) -> tuple[int, ...]:
    """The durak seats of a finished ``game`` (``()``: a draw)."""
    if isinstance(game, PileGame):
        return () if game.state.durak is None else (game.state.durak,)
    res = game.result
    assert res is not None, "the game is finished"
    return () if res.draw else tuple(res.durak)


def next_dealer(game: Any) -> int:
    """Who deals the game after the finished ``game``: its durak; after a draw as its
    engine says (the pile games: the dealer's left; the dealing game: the same dealer)."""
    nxt = _engine(game).next_dealer
    if nxt is None:
        raise ValueError(f"{type(game).__name__} deals no series")
    return nxt(game)


@dataclass(frozen=True)
class Series(Generic[R]):
    """One series of a game of the family: what a table, a reload and the statistics
    need to deal its next game and score it."""

    rules: R
    #: The series' seed: game ``k`` is dealt from :func:`deal_seed` of it.
    seed: int
    #: The number of the game on the table (1 for the first).
    number: int = 1
    #: The dealer of the game on the table (``None``: game 1's, drawn from the seed).
    dealer: int | None = None
    #: The durak seats of every finished game before the one on the table (``()``: a draw).
    results: tuple[tuple[int, ...], ...] = ()
    #: Each seat's doubling-cube points before the game on the table (the ordinary game's
    #: ``match=cube15``, §7: a game's winners score its stake); ``()``: none scored yet,
    #: or a series the cube does not score.
    points: tuple[int, ...] = ()

    @overload
    def deal(self: Series[PileRules]) -> PileGame: ...

    @overload
    def deal(self: Series[Rules]) -> FamilyGame: ...

    @overload
    def deal(self: Series[PileRules | Rules]) -> FamilyGame: ...

    def deal(self) -> FamilyGame:
        """The game on the table as it was dealt (:func:`deal_game`: a pile game's series
        deals a :class:`~durak.pile.game.PileGame`, the ordinary game's a
        :class:`~durak.game.Game`, any other its registry entry's engine's game)."""
        rules: PileRules | Rules = self.rules
        return deal_game(rules, self.seed, self.number, self.dealer)

    def scored(self, game: Any) -> Series[R]:
        """The series after its finished game on the table ``game``: its durak seats
        counted (and the cube's stake: :meth:`points_of`), the next game's number and
        dealer (:func:`next_dealer`).  A series won (:meth:`won`) deals no next game."""
        if not game.is_over:
            raise ValueError("a game is scored once it is over")
        if self.won(game):
            raise ValueError("the match is over: it deals no next game")
        points = tuple(self.points_of(game)) if self.cube else ()
        return replace(self, number=self.number + 1, dealer=next_dealer(game),
                       results=(*self.results, durak_of(game)), points=points)

    @property
    def cube(self) -> bool:
        """Whether the doubling cube scores this series (§7, ``match=cube15``)."""
        return getattr(self.rules, "match", "") == "cube15"

    def points_of(self, game: Any = None) -> list[int]:
        """Each seat's cube points, the game on the table's stake too once it is over
        (its winners score it; a draw scores nothing)."""
        out = list(self.points) or [0] * self.rules.players
        res = game.result if game is not None and game.is_over else None
        if self.cube and res is not None and not res.draw:
            for s in range(len(out)):
                if s not in res.durak:
                    out[s] += res.stake
        return out

    def won(self, game: Any = None) -> bool:
        """Whether the series is over with ``game`` (the one on the table) scored: a
        seat reached :data:`~durak.ordinary_series.CUBE_TARGET` points (a tally never ends)."""
        from durak.ordinary_series import CUBE_TARGET

        return self.cube and max(self.points_of(game)) >= CUBE_TARGET

    def standing(self) -> Standing:
        """The series before the game on the table: its number, each seat's durak tally
        and cube points (what the ordinary game's table shows and sends its guests)."""
        return Standing(self.number, tuple(self.tally()), tuple(self.points_of()))

    @property
    def draws(self) -> int:
        """The finished games that ended in a draw."""
        return sum(not r for r in self.results)

    def tally(self, game: Any = None) -> list[int]:
        """How often each seat was the durak in the finished games, and in ``game`` (the
        one on the table) too once it is over."""
        out = [0] * self.rules.players
        last: tuple[tuple[int, ...], ...] = (
            (durak_of(game),) if game is not None and game.is_over else ())
        for seats in (*self.results, *last):
            for s in seats:
                out[s] += 1
        return out


__all__ = ["Series", "deal_game", "deal_pile", "deal_seed", "dealer_of",
           "durak_of", "next_dealer"]
