"""The ordinary game's driver: holds the series (:class:`~durak.family.series.Series`,
on :class:`~durak.ui_dom.play.series_host.SeriesHost` as every game of the family's
host does) and the game on the table, lets the computers act, plays the actions
the human's clicks and keys make (:mod:`durak.ui_dom.play.clicks`), and says what
to draw (:meth:`Controller.sight`).

It knows no rules: every action it sends is one of the human's view's
``legal_actions``; the computers' come from :func:`durak.ai.decide_json`
through an injected ``think`` coroutine (the worker in the page, a direct call
in tests).  No browser here either, so the whole driver runs on CPython
(``asyncio.run``), which the tests use as the page's mirror.

The computers' loop (one at a time, the pause between moves, late answers
dropped, the first screen's moves made at once) is the page shell's
:class:`cardkit.ui_dom.turn_loop.TurnLoop`; this module fills in Durak's turn,
its clicks, the lone Pass the page makes for the human and the throw-in
window's fixed time (§6.15).

**Undo** (:meth:`Controller.undo`): the Undo button or Ctrl+Z takes
back the human's last decision and the computers' replies since, any number
of steps within the current game, even while a computer thinks (its late
answer is dropped: :meth:`TurnLoop.drop_pending`).  What it refuses, and why,
is :meth:`durak.take_back.TakeBack.refusal`'s; a refused undo leaves a notice
(:attr:`Controller.undo_note`).  The save holds the game's actions, so a
reload keeps what can be taken back.

Seeds: game ``k`` is dealt from the series' seed (:func:`durak.ordinary_series.deal_game`), each
computer decision seeded by :func:`ai_seed` from the series' seed, the game number
and the number of actions so far, so a series replays the same for the same human
choices (``?seed=N``).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from cardkit.ui_dom.pass_play import Handover
from cardkit.ui_dom.turn_loop import Turn, TurnLoop
from cardkit.ui_dom.turn_loop import ai_seed as ai_seed
from durak.actions import (
    PASS,
    Action,
    parse_action,
)
from durak.family.modes import DURAK, KIND_DURAK
from durak.family.registry import find_game
from durak.family.save import SavedGame
from durak.family.series import Series
from durak.game import Game, Phase
from durak.rules import Rules
from durak.sight import Sight, Standing
from durak.take_back import TakeBack, forced_pass
from durak.ui_dom.play.clicks import Clicks
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.play.moment_views import MomentViews
from durak.ui_dom.play.series_host import HUMAN as HUMAN
from durak.ui_dom.play.series_host import SeriesHost
from durak.view import PlayerView

if TYPE_CHECKING:
    from durak.ai.reader import BaselineReader, GameReading, MatchStart, TableReading
    from durak.stats import GameFacts

def throw_in_time(level: str) -> float:
    """Seconds every computer's throw-in decision takes at ``level``: its search's
    wall-clock cap (``easy`` decides at once whatever it holds).

    >>> throw_in_time("easy"), throw_in_time("normal") > 0
    (0.0, True)
    """
    if level == "easy":
        return 0.0
    from durak.ai.levels import NORMAL_TIME_LIMIT, STRONG_TIME_LIMIT

    return STRONG_TIME_LIMIT if level == "strong" else NORMAL_TIME_LIMIT


#: What :attr:`Controller.undo_note` may say: an undo done, or why it was refused
#: (:meth:`durak.take_back.TakeBack.refusal`'s reasons, and a match left).
UNDO_NOTES = ("done", "over", "cube", "none", "closed", "people")


def table_markers(v: PlayerView, number: int, moment: int, sel: int,
                  slot: int) -> dict[str, str]:
    """The ordinary table's ``data-*`` markers: where the game of ``v`` is (its phase,
    who acts, the match's game ``number``, the bout, the actions made so far:
    ``moment``), and the selection (``sel``, ``slot``)."""
    return {
        "phase": v.phase.value,
        "to-act": "" if v.to_act is None else str(v.to_act),
        "game": str(number),
        "bout": str(v.bout),
        "actions": str(moment),
        "sel": str(sel),
        "slot": str(slot),
    }


class Controller(Clicks, SeriesHost[Rules, Game], TurnLoop):
    """One series of the ordinary game at the table, driven by clicks (:meth:`handle`)
    and computers: its game on the table dealt from the series (a game dealt
    elsewhere, the suit deal's play after its dealing, is given as it was dealt:
    ``dealt_as``)."""

    #: The page's game kind (:data:`durak.ui_dom.kinds.KINDS`).
    kind = KIND_DURAK
    #: Pass-and-play is offered at the ordinary game's table.
    handover: Handover

    def __init__(self, rules: Rules, match_seed: int, level: str, hooks: Hooks,
                 game: Game | None = None, series: Series[Rules] | None = None,
                 humans: tuple[int, ...] = (HUMAN,), dealt_as: Game | None = None) -> None:
        #: The game on the table as dealt elsewhere (the suit deal's play after its
        #: dealing), which an undo replays from; ``None``: the series deals it.
        self.dealt_as = dealt_as
        # ``hooks.hold`` waits out the rest of a throw-in decision's fixed time
        # (:meth:`min_decision_time`).
        super().__init__(rules, match_seed, level, hooks, game, series)
        #: The ordinary game's engine and records, whatever the series' game (the suit
        #: deal's play is an ordinary game).
        self.entry = find_game(DURAK)
        #: The people at the table (pass-and-play: several share the device) and who
        #: holds it: the table is drawn from the holder's seat.
        self.handover = Handover(humans)
        #: At 2 players, the computer's reading of the human (:mod:`durak.ai.reader`):
        #: fed every action made while the level is ``strong`` (the only level that
        #: uses it; the default ``normal`` pays nothing per click) with the computer's
        #: view before it, sent with each of its decisions, kept through the series (a
        #: reload starts it afresh).  Made at the first action read, so the first
        #: screen does not import the computers' modules.
        self.readers: dict[int, BaselineReader] | None = None
        #: Each seat's reading of the other player at the start of each game of the
        #: series (index ``j``: after the first ``j`` finished games), made as the hint,
        #: a review or a view sent to a friend first asks (:meth:`match_start`), each
        #: finished game read once.
        self.match_starts: dict[int, list[MatchStart]] = {}
        #: Each friend's seat's reading through the game on the table, read on as it goes
        #: (:meth:`table_reading`).
        self.game_readings: dict[int, GameReading] = {}
        #: The seats' views and sights of the game's current moment, each built once.
        self.moment = MomentViews()
        #: The undo of the game on the table (its forced passes, its refusals).
        self.undoing = TakeBack(self.dealt)

    def dealt(self) -> Game:
        """The game on the table as it was dealt, before any action."""
        return self.dealt_as.clone() if self.dealt_as is not None else self.deal()

    # ---- the family's questions ------------------------------------------------

    def selection(self) -> int:
        """The selected hand cards (a mask; Escape clears them)."""
        return self.sel

    def snapshot(self) -> SavedGame:
        """The series in the family's one save form, with every finished game (its
        cube's points and the computer's reading of the human come from them all)."""
        return SavedGame(self.series, tuple(self.finished), self.game)

    def table_standing(self) -> Standing:
        """The standing each seat's view is sent with at a table with friends."""
        return self.standing()

    def finished_facts(self) -> tuple[GameFacts, str] | None:
        """The statistics' facts of the game on the table, just ended, and its id;
        ``None`` before its end."""
        from durak.stats import game_facts

        game = self.game
        return None if game.result is None else (game_facts(game, HUMAN), self.game_id())

    def share(self, game: Game, number: int) -> dict[str, Any]:
        """The JSON record of ``game`` (the ``number``-th of the series) a link carries:
        the series' seed and the game's number, so the series deals game 1 again, and
        the readings when the game began (:meth:`record_starts`: its review then weighs
        each decision as the hint did)."""
        from durak.ai.reader import reading_fields
        from durak.record import json_record

        return json_record(game, None, self.record_seed(), number,
                           **reading_fields(self.record_starts(game)))

    # ---- what to draw --------------------------------------------------------

    def view(self) -> PlayerView:
        """The human's view of the current game (the one holding the device, at
        pass-and-play): the only game data drawn; its sight's (:meth:`sight`)."""
        return self.sight().view

    def standing(self) -> Standing:
        """The series before the game on the table: its number, the tally, the points."""
        return self.series.standing()

    def sight(self) -> Sight:
        """What the table is drawn from (:class:`durak.sight.Sight`): the holder's view,
        the standing, the game's public events, the holder's own lone passes."""
        return self.moment.sight(self, self.handover.holder)

    def deciding_seat(self) -> int | None:
        """The seat the human decides for now: their own, or (``dummy``) the dummy
        hand they play (§3.4); ``None`` while a computer acts or the game is over."""
        g = self.game
        if g.phase is Phase.OVER or not self.handover.is_human(g.player_of(g.to_act)):
            return None
        return g.to_act

    def acting_view(self) -> PlayerView:
        """The view the human decides from: the dummy's when playing it (its hand and,
        as ``second_hand``, the human's own), else the human's."""
        seat = self.deciding_seat()
        return self.moment.view(self, seat) \
            if seat not in (None, self.handover.holder) else self.view()

    def human_to_act(self) -> bool:
        return self.deciding_seat() is not None

    def human_out(self) -> bool:
        """The human holds no seat still in the game (their own gone out, no dummy
        of theirs playing on) while the others play on ("Finish the game")."""
        g = self.game
        return g.phase is not Phase.OVER and not any(
            g.in_game[s] and self.handover.is_human(g.player_of(s))
            for s in range(len(g.in_game)))

    def current_turn(self) -> Turn | None:
        g = self.game
        if g.phase is Phase.OVER or self.handover.is_human(g.player_of(g.to_act)):
            return None
        return Turn(g, self.number, g.to_act, len(g.actions()))

    def seat_view_json(self, turn: Turn) -> str:
        view = self.moment.view(self, turn.seat)
        reader = self.readers.get(turn.seat) if self.readers else None
        if reader is None:
            return view.to_json()
        from durak.ai.reader import decision_request

        return decision_request(view, reader)

    def match_start(self, game: Game | None = None, seat: int = HUMAN) -> MatchStart:
        """``seat``'s reading of the other player when ``game`` (a game of this series;
        by default the one on the table) began: every action the other player made in
        the series' earlier games, read as the strong computer reads them through a
        series (:func:`durak.ai.reader.match_start`; what the seat saw at the table).
        The hint of a decision reads on from it through the game's actions, and the
        game's record carries it, so its review weighs the decision as the hint did.
        A game of no series here (one imported on the record screen) began with
        nothing read: never this series' reading."""
        from durak.ai.reader import FRESH, match_start

        games = [g for g, _n in self.finished]
        k = next((i for i, g in enumerate(games) if g is game), len(games))
        foreign = game is not None and game is not self.game and k == len(games)
        if self.rules.players != 2 or foreign:
            return FRESH
        starts = self.match_starts.setdefault(seat, [FRESH])
        while len(starts) <= k:
            j = len(starts) - 1
            starts.append(match_start(games[j:j + 1], seat, starts[j]))
        return starts[k]

    def record_starts(self, game: Game | None = None) -> tuple[MatchStart, ...]:
        """The readings ``game``'s record carries for its review
        (:func:`durak.ai.reader.reading_fields`): at pass-and-play for 2, each
        person's own (each one's hint read on from it), else the human's."""
        if self.rules.players == 2 and len(self.handover.humans) == 2:
            return tuple(self.match_start(game, seat) for seat in range(2))
        return (self.match_start(game),)

    def hint_reading(self, seat: int) -> float:
        """``seat``'s reading of the other player now, which its hint's search models
        that player by: from the seat's series' start of this game (:meth:`match_start`,
        the one the game's record carries for its review, :meth:`record_starts`) through
        the game's actions (the figure :func:`durak.ai.reader.game_reading` gives)."""
        return self._reading_now(seat, self.match_start(None, seat))

    def table_reading(self, seat: int) -> TableReading | None:
        """At 2 players, what ``seat`` sees of its reading of the other player, sent with
        its view at a table with friends: where the series' earlier games left it and
        where this game's actions so far take it (the figures the host's own hint and
        review read for its seat)."""
        if self.rules.players != 2:
            return None
        from durak.ai.reader import TableReading

        start = self.match_start(None, seat)
        return TableReading(start, self._reading_now(seat, start))

    def _reading_now(self, seat: int, start: MatchStart) -> float:
        """``seat``'s reading from ``start`` through the game on the table, read on one
        action at a time from the last time it was asked (:attr:`game_readings`)."""
        from durak.ai.reader import GameReading

        kept = self.game_readings.get(seat)
        now = None if kept is None else kept.read_on(self.game, start)
        while now is None:  # read afresh: a new reading goes on from its game, once
            kept = self.game_readings[seat] = GameReading(self.game, seat, start)
            now = kept.read_on(self.game, start)
        return now

    def _readers(self) -> dict[int, BaselineReader]:
        if self.readers is None:
            self.readers = {}
            if self.rules.players == 2:
                from durak.ai.reader import BaselineReader

                self.readers[1 - HUMAN] = BaselineReader()
        return self.readers

    def forced_move_due(self) -> bool:
        return self.auto_pass()

    def play_forced_move(self) -> None:
        self.apply(PASS)

    def min_decision_time(self, turn: Turn) -> float:
        """A throw-in decision takes the level's whole time cap, however fast it came
        (docs/rules/durak.md §6.15): one who holds nothing that matches answers a lone Pass at
        once, while one with a choice searches up to the cap, so a quick pass would
        tell every other seat that they could not add a card.  Other decisions are
        not held: what they reveal by their time, a player at a real table shows
        by their face too."""
        return throw_in_time(self.level) if self.game.phase is Phase.THROW else 0.0

    def auto_pass(self) -> bool:
        """The human holds nothing to add in a throw-in window (only Pass is legal): the
        page passes for them, like a computer's move.  The engine offers them the window
        all the same, so no other seat learns it (docs/rules/durak.md §6.15); the human knows their
        own hand."""
        g = self.game
        return self.handover.is_human(g.player_of(g.to_act)) and forced_pass(g)

    def screen_seat(self) -> int | None:
        """Pass-and-play: the person to decide now when not the one holding the device
        (a lone Pass is played for them: no screen for it)."""
        g = self.game
        if not self.human_to_act() or self.auto_pass():
            return None
        person = g.player_of(g.to_act)
        return person if self.handover.due(person) else None

    def markers(self) -> dict[str, str]:
        """``data-*`` attributes of ``#table`` that say exactly where the table is;
        tests wait for these (never for time)."""
        return table_markers(self.view(), self.number, len(self.game.actions()),
                             self.sel, self.slot)

    # ---- applying --------------------------------------------------------------

    def apply(self, action: Action) -> None:
        g = self.game
        if self.level == "strong":  # only strong's 2-player tree uses the reading
            for seat, reader in self._readers().items():  # its own actions are skipped
                reader.observe(self.moment.view(self, seat), g.to_act, action)
        g.apply(action)
        self.save_after_move()
        self.tell_game_over()

    def apply_reply(self, reply: str) -> None:
        self.apply(parse_action(str(json.loads(reply)["action"])))

    # ---- undo ----------------------------------------------------------------------

    def game_refusal(self) -> str | None:
        """The game's reason (:meth:`durak.take_back.TakeBack.refusal`: ``over``,
        ``cube``, ``none``), or ``None``."""
        return self.moment.once(self, "undo_refusal",
                                lambda: self.undoing.refusal(self.game, HUMAN))

    def take_back(self) -> bool:
        """The game is dealt again and replayed up to the human's last decision
        (:meth:`TakeBack.before_last`): the human is to act, nothing selected."""
        game = self.undoing.before_last(self.game, HUMAN)
        if game is None:
            return False
        self.game = game
        self.sel = 0
        self.slot = -1
        return True

    # ---- the next game ---------------------------------------------------------------

    def next_game(self) -> bool:
        """The series' next game once the one on the table is over, unless it won the
        match (``cube15``: a seat reached the target)."""
        if not self.over or self.series.won(self.game):
            return False
        return super().next_game()

    def new_deal(self, restored: bool = False) -> None:
        """Nothing selected (:class:`~durak.ui_dom.play.clicks.Clicks`)."""
        self.sel = 0
        self.slot = -1
