"""The Durak family at a table with friends: the engine as the host's referee reads
it (:class:`cardkit.table_net.referee.EngineSeats`), a guest's view reader, and the
line a guest's record keeps of each view it was sent (:func:`seen_line`: what that
seat saw, built from its view alone).

Every game of the family is hosted the same way: the game on the table says which
registry engine (:class:`durak.family.entry.Engine`, by the game's class) reads an
action's text and counts the moves, and a view's own fields which engine reads it
(:attr:`~durak.family.entry.Engine.owns_view`).  A guest's page holds no game: its
table draws from its views alone.  The ordinary game's views, their record lines
and the account of its moves (:func:`follow_sight`) are read here (its views and
their record lines by :mod:`durak.seen`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardkit.table_net.referee import EngineSeats
from durak.actions import (
    PASS,
    Action,
    ActionTextError,
    Attack,
    Cover,
    IllegalActionError,
    Pass,
    Take,
    Throw,
    Transfer,
)
from durak.cards import Card
from durak.family.registry import GAMES, engine_of
from durak.family.seats import clockwise, seat_order
from durak.game import Phase
from durak.rules import Rules
from durak.seen import read_ordinary_view
from durak.sight import HIDDEN_DRAW, Sight, Standing, TableView
from durak.view import PlayerView

if TYPE_CHECKING:
    from durak.ai.reader import TableReading

GAME_NAME = "durak"

def _count(game: object) -> int:
    return engine_of(game).moves(game)


class FamilySeats(EngineSeats):
    """The game on a host's table as the referee checks it: ``current()`` returns the
    game, ``standing()`` the series' standing a seat's view goes with (the ordinary
    game's, :class:`~durak.sight.TableView`; ``None``: the view alone), and
    ``reading(seat)`` that seat's reading of the other player sent with it (the
    ordinary game at 2 players, :class:`durak.ai.reader.TableReading`; ``None``: none)."""

    def __init__(self, current: Callable[[], object],
                 standing: Callable[[], Standing | None],
                 reading: Callable[[int], TableReading | None]) -> None:
        def parse(text: str) -> object:
            return engine_of(current()).parse_action(text)

        super().__init__(current, parse, (ActionTextError, IllegalActionError), _count)
        self.standing = standing
        self.reading = reading

    def view_json(self, seat: int) -> str:
        standing = self.standing()
        if standing is None:
            return super().view_json(seat)
        return TableView(self.current().view(seat), standing, self.reading(seat)).to_json()


def seat_game(current: Callable[[], object],
              standing: Callable[[], Standing | None] = lambda: None,
              reading: Callable[[int], TableReading | None] = lambda _seat: None) -> EngineSeats:
    """The game ``current()`` returns as the referee checks it (:class:`FamilySeats`),
    each view sent with ``standing()`` where it is not ``None``, and with ``reading``
    of its seat where that is not ``None``."""
    return FamilySeats(current, standing, reading)


def read_view(data: dict[str, object]) -> Any:
    """A guest reads its seat's view with the strict reader of the engine whose view
    form it has (:attr:`durak.family.entry.Engine.owns_view`; the ordinary game's
    when no other claims it, :func:`durak.seen.read_ordinary_view`): every field of its exact
    type and range, the view's own error naming the first that is not.

    >>> from durak.pile.game import PileGame
    >>> from durak.pile.options import PileRules
    >>> type(read_view(PileGame.new(PileRules(mode="heap", players=3), 3).view(1).to_dict()))
    <class 'durak.pile.view.PileView'>
    >>> from durak.game import Game
    >>> read_view(Game.new(Rules(), seed=3).view(1).to_dict()).seat
    1
    """
    engines = {id(e.engine): e.engine for e in GAMES.values()}.values()
    for engine in engines:
        if engine.owns_view is not None and engine.owns_view(data):
            return engine.read_view(data)
    return read_ordinary_view(data)


def plain_view(view: PlayerView | TableView) -> PlayerView:
    """The seat's view of the game, without the standing it came with."""
    return view.view if isinstance(view, TableView) else view


def _engine_of_view(view: object) -> Any:
    for entry in GAMES.values():
        if isinstance(view, entry.engine.view_types):
            return entry.engine
    raise TypeError("not a Durak view")


def view_seat(view: object) -> int:
    if isinstance(view, TableView):
        return view.view.seat
    _engine_of_view(view)
    return int(view.seat)  # type: ignore[attr-defined]


def seen_line(view: object) -> str:
    """One line of a guest's record: what the seat saw, from its view alone, as the
    view's engine says it (:attr:`durak.family.entry.Engine.seen_line`).

    >>> from durak.pile.game import PileGame
    >>> from durak.pile.options import PileRules
    >>> seen_line(PileGame.new(PileRules(mode="kurukuru", players=3), seed=3).view(1))[:22]
    'move 0: 2 to act, pile'
    """
    return str(_engine_of_view(view).seen_line(view))


#: The options under which an ordinary view does not say the move made since the one
#: before (:func:`seen_events`): a partial take, covers by the attacker's own side, a
#: pass of hands, cards in front of a seat, a talon away or reshuffled, a dummy, a
#: face-down cover, an inverted hand, the cube's offers, a six swapped, a trump
#: changed by a cover.  At their default value each reads as the plain game does.
UNREAD_OPTIONS: tuple[str, ...] = (
    "take", "sly", "american", "baltic", "pass_hands", "magadan", "poker", "armenian",
    "second_chance", "talon", "recycle", "dummy", "doubt", "inverted", "match", "six_swap",
    "coward", "twin_stop", "transfer_new_only")


def reads_moves(rules: Rules) -> bool:
    """Whether a guest reads the moves of ``rules``' game from its views alone."""
    plain = Rules()
    return rules.trump != "changing" and all(
        getattr(rules, k) == getattr(plain, k) for k in UNREAD_OPTIONS)


def lone_pass(view: PlayerView) -> bool:
    """Whether ``view``'s seat is to act in a throw-in window where it can only pass
    (:func:`durak.take_back.forced_pass`, read from its own view)."""
    return (view.phase is Phase.THROW and view.to_act == view.seat
            and view.legal_actions == (PASS,))


def follow_sight(sight: Sight | None, turn_before: int, view: PlayerView, turn: int,
                 standing: Standing) -> Sight:
    """A guest's sight (:class:`~durak.sight.Sight`) after the host sent it ``view``
    at moment ``turn``, ``sight`` being the one it had at ``turn_before`` (``None``:
    none yet).  The move made since the view before is read from the two
    (:func:`seen_events`); a view of an earlier moment or of another game of the
    match starts the account again; moves it was not shown (while it came back to its
    seat) are not guessed, the bout on the table told.  The seat's own pass where Pass
    was all it could do is marked (:attr:`~durak.sight.Sight.forced`).

    >>> from durak.game import Game
    >>> g = Game.new(Rules(), seed=3)
    >>> s = follow_sight(None, 0, g.view(1), 0, Standing.fresh(2))
    >>> g.apply(g.legal_actions()[0])
    >>> [e[0] for e in follow_sight(s, 0, g.view(1), 1, Standing.fresh(2)).events]
    ['b', 'a']
    """
    if sight is None or turn < turn_before or standing.number != sight.standing.number:
        return Sight(view, standing, tuple(opening_events(view)))
    old, events, forced = sight.view, sight.events, sight.forced
    if turn == turn_before + 1:
        new = seen_events(old, view)
        if lone_pass(old):
            moves = len(sight.moves)
            forced |= {moves + i for i, (s, a) in enumerate(
                (e[1], e[2]) for e in new if e[0] == "a") if s == old.seat and isinstance(a, Pass)}
        events += tuple(new)
    elif turn > turn_before and view.bout != old.bout:
        events += tuple(opening_events(view))
    return Sight(view, standing, events, forced)


def opening_events(view: PlayerView) -> list[tuple[Any, ...]]:
    """The start of the account of a game a guest joins at ``view``: the bout on the
    table (its number, attacker and defender, which everybody sees)."""
    return [("b", view.bout, view.attacker, view.defender)]


def seen_events(before: PlayerView, after: PlayerView) -> list[tuple[Any, ...]]:
    """What happened between two views of one seat one action apart, as the engine's
    events say it (:attr:`durak.game.Game.events`: the action, a bout beaten off or
    taken, the draws, who went out, the next bout), read from the two views alone:
    the table, the discard, the cards everybody knows are in a hand (a take's), the
    hand sizes and the talon's count.  No card the seat did not see is in them: a
    card drawn into another hand is counted, never named (:data:`HIDDEN_DRAW` each).
    A move the views do not say for certain (the options :func:`reads_moves` names,
    or views that do not follow one from the other) is not guessed: only the next
    bout is told, if one began.

    >>> from durak.game import Game
    >>> g = Game.new(Rules(), seed=3)
    >>> before = g.view(1)
    >>> g.apply(g.legal_actions()[0])
    >>> [(e[0], e[1]) for e in seen_events(before, g.view(1))]
    [('a', 1)]
    """
    out: list[tuple[Any, ...]] = []
    mover = before.to_act
    if mover is not None and reads_moves(after.rules):
        out = _action_events(before, after, mover)
    if after.bout != before.bout:
        out += opening_events(after)
    return out



def _table_cards(view: PlayerView) -> int:
    cards = 0
    for a, c in view.table:
        cards |= 1 << a | (0 if c is None else 1 << c)
    return cards


def _one(mask: int) -> Card | None:
    return mask.bit_length() - 1 if mask and not mask & (mask - 1) else None


def _action_events(v0: PlayerView, v1: PlayerView, mover: int) -> list[tuple[Any, ...]]:
    t0, t1 = v0.table, v1.table
    ended = v1.bout != v0.bout or (bool(t0) and not t1)
    if not ended:
        move = _move_in_bout(v0, v1, mover)
        return [] if move is None else [("a", mover, move)]
    if not t0:
        return []
    on_table = _table_cards(v0)
    uncovered = [a for a, c in t0 if c is None]
    gone = v1.discard & ~v0.discard
    action: Action
    if gone:  # beaten off: the last cover, or a pass
        extra = gone & ~on_table
        card = _one(extra)
        if extra and (card is None or len(uncovered) != 1):
            return []
        action = Pass() if card is None else Cover(card, uncovered[0])
        taker = None
        played = 0 if card is None else 1
    else:  # taken: the last throw-in, the take itself, or a pass
        taker = v0.defender
        trump = 0 if v0.trump_card is None else 1 << v0.trump_card
        extra = v1.known[taker] & ~v0.known[taker] & ~on_table & ~trump
        card = _one(extra)
        if extra and card is None:
            return []
        if card is not None:
            action, played = Throw(card), 1
        else:
            action = Take() if mover == taker and not v0.taking else Pass()
            played = 0
        on_table |= 0 if card is None else 1 << card
    events: list[tuple[Any, ...]] = [("a", mover, action),
                                        ("beaten",) if taker is None else ("taken",)]
    n = len(v0.hand_sizes)
    drawn = []
    for s in range(n):
        held = v0.hand_sizes[s] - (played if s == mover else 0)
        if s == taker:
            held += on_table.bit_count()
        drawn.append(v1.hand_sizes[s] - held)
    if min(drawn) < 0 or sum(drawn) != v0.talon_count - v1.talon_count:
        return events[:2]  # counts that do not add up are not told
    a, d = v0.attacker, v0.defender
    order = (a, d) if n == 2 else seat_order(a, clockwise(n, False, v0.dealer), d)
    draws = tuple((s, (HIDDEN_DRAW,) * drawn[s]) for s in order if drawn[s])
    if draws:
        events.append(("r", draws))
    out = tuple(s for s in range(n) if v0.in_game[s] and not v1.in_game[s])
    if out:
        events.append(("out", out))
    return events


def _move_in_bout(v0: PlayerView, v1: PlayerView, mover: int) -> Action | None:
    t0, t1 = v0.table, v1.table
    if [a for a, _ in t1[:len(t0)]] != [a for a, _ in t0]:
        return None
    new = 0
    for a, _ in t1[len(t0):]:
        new |= 1 << a
    if v1.defender != v0.defender:
        if new:
            return Transfer(new)
        shown = v1.shown & ~v0.shown
        return Transfer(shown, shown=True) if shown else None
    if new:
        if not t0:
            return Attack(new)
        card = _one(new)
        return None if card is None else Throw(card)
    for (a, c0), (_, c1) in zip(t0, t1, strict=False):
        if c0 is None and c1 is not None:
            return Cover(c1, a)
    if v1.taking and not v0.taking:
        return Take()
    return Pass()
