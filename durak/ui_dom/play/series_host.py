"""What a host of the Durak family that deals its games from the series does alike.

The pile games' controller (:class:`~durak.ui_dom.play.pile_controller.PileController`)
and the suit deal's hold the series (:class:`~durak.family.series.Series`), deal
the game on the table and the next one from it, keep the games finished on this
page and save it all in the family's one form (:class:`~durak.family.save.SavedGame`):
:class:`SeriesHost`, once.  What it does to the game it does through the game's
registry entry (:class:`~durak.family.entry.Engine`, :class:`~durak.family.entry.Record`):
whose turn it is, a seat's view, the moves made so far, a computer's reply read from
its text, the record written at the end, and the **undo** — the game dealt again from
its seed, number and dealer (as a reload deals it) and its moves before the human's
last one replayed, so the game stands exactly as it did then, whatever its engine;
refused before the human's first move (``none``) and once the game is over
(``over``: an undo never crosses a game's end).  Each kind keeps how a click becomes
an action, what its log notes of a move (:meth:`SeriesHost.replayed`,
:meth:`SeriesHost.new_deal`), and where its game is more than its engine's moves
(the suit deal's dealing, shown one step at a time, before the ordinary game's
play; the ordinary game's undo, refused before an accepted double of the cube).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, Self, TypeVar, cast

from cardkit.ui_dom.pass_play import Handover
from cardkit.ui_dom.turn_loop import Turn
from durak.family.entry import FamilyGame
from durak.family.registry import find_game
from durak.family.save import MAX_FINISHED, SavedGame
from durak.family.series import Series
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.ui_dom.play.family_controller import Hooks

if TYPE_CHECKING:
    from durak.ai.reader import TableReading
    from durak.family.entry import Engine, FamilyView, GameEntry
    from durak.sight import Standing

#: The device's owner always sits at seat 0; at pass-and-play the other people sit at
#: the seats its :class:`Handover` names.
HUMAN = 0

#: The kind's rules.
R = TypeVar("R", PileRules, Rules)
#: The kind's game (a pile game, the suit deal's dealing and play).
G = TypeVar("G", bound=FamilyGame)


class SeriesHost(Generic[R, G]):
    """A series of one game of the family at the host's table: the series, the game on
    the table dealt from it, the games finished on this page.  A base of each such
    controller, before the shell's loop
    (``class PileController(ViewClicks, SeriesHost[PileRules, PileGame], TurnLoop)``):
    its ``__init__`` sets up the shell's loop too."""

    match_seed: int  # the shell's loop's
    kind: str  # the page's game kind, each controller's own

    if TYPE_CHECKING:  # the shell's loop's, which every host stands on

        def save_after_move(self) -> None: ...

        def tell_game_over(self) -> None: ...

        def record_seed(self) -> int | None: ...

    def __init__(self, rules: R, match_seed: int, level: str, hooks: Hooks,
                 game: G | None = None, series: Series[R] | None = None) -> None:
        # The next class of every such controller is the shell's loop (see the class).
        super().__init__(match_seed, level, hooks.think, hooks.pause,  # type: ignore[call-arg]
                         hooks.on_change, hooks.hold or asyncio.sleep)
        #: The page's save of the series (none in tests): :meth:`save_now`.
        self.save: Callable[[Any], None] | None = hooks.save
        #: The people at the table (pass-and-play: several share the device) and who
        #: holds it: the table is drawn from the holder's seat.
        self.handover = Handover((HUMAN,))
        self.rules: R = rules
        #: The game's registry entry: its engine and records.
        self.entry: GameEntry = find_game(rules.mode)
        #: The series: the game on the table's number and dealer, the finished games'
        #: results (a saved series' when restored).
        self.series: Series[R] = series if series is not None else Series(rules, match_seed)
        self.game: G = game if game is not None else self.deal()
        #: The series' games finished before the one on the table, played on this page
        #: (the menu's record screen lists them with their numbers).
        self.finished: list[tuple[G, int]] = []
        self.new_deal(restored=game is not None)

    @classmethod
    def fits(cls, rules: object) -> bool:
        """Whether ``rules`` are of this controller's kind of game (a save is checked
        by it): its mode's registry entry's kind."""
        mode = getattr(rules, "mode", None)
        return isinstance(mode, str) and find_game(mode).kind == cls.kind

    @classmethod
    def resume(cls, saved: SavedGame, hooks: Hooks, level: str) -> Self:
        """A controller continuing the saved series ``saved`` at ``level``, its earlier
        finished games kept for the record screen."""
        series = saved.series
        if not cls.fits(series.rules):
            raise ValueError(f"mode={saved.mode}: not a save of a {cls.kind} game")
        ctrl = cls(series.rules, series.seed, level, hooks, game=saved.game, series=series)
        ctrl.finished = list(saved.finished)
        return ctrl

    def save_now(self) -> None:
        if self.save is not None:
            self.save(self)

    @property
    def engine(self) -> Engine:
        return self.entry.engine

    def deal(self) -> G:
        """The series' game on the table as it was dealt (its seed, number, dealer:
        :meth:`~durak.family.series.Series.deal`)."""
        return cast(G, self.series.deal())

    def table_game(self) -> G:
        """The game on the table as the save and the table with friends' referee read it."""
        return self.game

    def table_standing(self) -> Standing | None:
        """The standing each seat's view is sent with at a table with friends (the ordinary
        game's series; ``None``: the view alone)."""
        return None

    def table_reading(self, seat: int) -> TableReading | None:
        """``seat``'s reading of the other player sent with its view at a table with
        friends (the ordinary game's at 2 players; ``None``: none)."""
        return None

    @property
    def over(self) -> bool:
        return self.game.is_over

    @property
    def number(self) -> int:
        """The game on the table's number in the series."""
        return self.series.number

    @property
    def seat(self) -> int:
        """The seat this page plays: the holder's."""
        return self.handover.holder

    def snapshot(self) -> SavedGame:
        """The series in the family's one save form."""
        return SavedGame(self.series, tuple(self.finished[-MAX_FINISHED:]), self.table_game())

    def game_id(self) -> str:
        """The game on the table's id (mode, series seed, number): the statistics count
        it once, a kept table with friends resumes only it."""
        return f"{self.rules.mode}:{self.match_seed}:{self.number}"

    def finished_game(self) -> G | None:
        """The game on the table once it is over, as its end, record screen, review and
        link show it."""
        return self.table_game() if self.over else None

    def finished_games(self) -> list[tuple[G, int]]:
        """The series' finished games played on this page with their numbers, the one on
        the table last once it is over."""
        game = self.finished_game()
        return self.finished + ([] if game is None else [(game, self.number)])

    def tally(self) -> list[int]:
        """How often each seat was the durak in this series, the game on the table too
        once it is over."""
        return self.series.tally(self.finished_game())

    def new_deal(self, restored: bool = False) -> None:
        """What the kind sets of its own for the game on the table: one just dealt
        (:meth:`next_game`, the page's first), or one brought back (``restored``: a
        save's, whose log was said before the reload)."""

    def next_game(self) -> bool:
        """Deal the series' next game once the one on the table is over (scored by
        :meth:`~durak.family.series.Series.scored`: the durak deals), and save."""
        if not self.over:
            return False
        game = self.table_game()
        self.finished.append((game, self.number))
        self.series = self.series.scored(game)
        self.game = self.deal()
        self.new_deal()
        self.save_now()
        return True


    # ---- the game's records -----------------------------------------------------------

    def table_record(self) -> str:
        """The game on the table's text record, sent to the table's friends at its end.
        It names no seed: from the series' seed a seat could deal the games to come."""
        return self.entry.record.write_text(self.table_game(), None, None)

    def share(self, game: Any, number: int) -> dict[str, Any]:
        """The JSON record of a finished ``game`` a link carries, with the series' seed
        (the review on the other device uses the hint's seeds, as here; a page that
        was not told it names none: the shell loop's ``record_seed``)."""
        return self.entry.record.write_link(game, self.record_seed(), number)

    # ---- the game's moves --------------------------------------------------------------

    def human_moves(self) -> list[int]:
        """Where the human moved in the game on the table (indices of its moves, the
        engine's :attr:`~durak.family.entry.Engine.history`)."""
        return [i for i, (seat, _a) in enumerate(self.engine.history(self.game))
                if seat == HUMAN]

    def in_progress(self) -> bool:
        """Whether the human has moved in the game on the table (a new deal loses it)."""
        return not self.over and bool(self.human_moves())

    def view(self) -> FamilyView:
        """The view of the person holding the device: the only game data drawn."""
        view: FamilyView = self.game.view(self.handover.holder)
        return view

    def human_to_act(self) -> bool:
        to_act = self.game.to_act
        return not self.over and to_act is not None and self.handover.is_human(to_act)

    def screen_seat(self) -> int | None:
        """Pass-and-play: the person to move now when not the one holding the device."""
        g = self.game
        to_act = g.to_act
        if g.is_over or to_act is None or not self.handover.due(to_act):
            return None
        return to_act

    def current_turn(self) -> Turn | None:
        g = self.game
        to_act = g.to_act
        if g.is_over or to_act is None or self.handover.is_human(to_act):
            return None
        return Turn(g, self.number, to_act, self.engine.moves(g))

    def seat_view_json(self, turn: Turn) -> str:
        return json.dumps(self.game.view(turn.seat).to_dict(), separators=(",", ":"))

    def markers(self) -> dict[str, str]:
        """``data-*`` attributes of ``#table`` that say where the table is (tests wait
        for these, never for time)."""
        return {
            "phase": "over" if self.over else "play",
            "mode": self.rules.mode,
            "to-act": "" if self.over else str(self.game.to_act),
            "game": str(self.number),
            "actions": str(self.engine.moves(self.game)),
        }

    def apply(self, action: Any) -> None:
        """Play ``action`` for the seat to act, save, and tell the page if it ended the game."""
        self.game.apply(action)
        self.save_after_move()
        self.tell_game_over()

    def apply_reply(self, reply: str) -> None:
        self.apply(self.engine.parse_action(str(json.loads(reply)["action"])))

    # ---- undo ---------------------------------------------------------------------------

    def game_refusal(self) -> str | None:
        """``over`` (an undo never crosses a game's end), ``none`` (no move of the
        human's yet), or ``None``: the human's last move can be taken back."""
        return "over" if self.over else None if self.human_moves() else "none"

    def take_back(self) -> bool:
        """The game dealt again and its moves before the human's last one replayed
        (see the module's docstring)."""
        keep = self.engine.history(self.game)[: self.human_moves()[-1]]
        fresh = self.deal()
        for seat, text in keep:
            fresh.apply(self.engine.parse_action(text), seat)
        self.game = fresh
        self.replayed(len(keep))
        return True

    def replayed(self, moves: int) -> None:
        """What the kind drops of its own once an undo left the game's first ``moves``."""



__all__ = ["HUMAN", "SeriesHost"]
