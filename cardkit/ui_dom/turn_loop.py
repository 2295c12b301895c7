"""The computers' turn loop every game's page shares.

A game's controller stands on :class:`TurnLoop` and fills in what is its own:
whose turn it is (:meth:`TurnLoop.current_turn`), the seat's view as JSON, how a
reply becomes a move (:meth:`TurnLoop.apply_reply`), the human's clicks
(:meth:`TurnLoop.act`), and, where its rule book wants them, a move the page
makes for the human (Durak's lone Pass, :meth:`TurnLoop.forced_move_due`) and a
decision's minimum time (Durak's throw-in window, docs/rules/durak.md §6.15:
:meth:`TurnLoop.min_decision_time`).  The loop itself is here once: one loop at
a time (:attr:`TurnLoop.busy`), the pause only *between* two computers' moves,
a late answer for a table that has moved on dropped (the turn it was asked for,
:attr:`TurnLoop.generation` bumped by an undo, :meth:`TurnLoop.close`), the
first screen's decisions made at once (:meth:`TurnLoop.decide_at_once`), the
rest of a game the human is out of played at once on request
(:meth:`TurnLoop.finish`, the ``finish`` control), and the seeds (:func:`ai_seed`).

The table's frame around the loop is here once too, for every game's controller:
the people at the table and the privacy screen of pass-and-play
(:attr:`TurnLoop.handover`, :meth:`TurnLoop.screen_clicked`), and the **undo**
(:meth:`TurnLoop.undo`): every undo asked for is counted; one refused
(:meth:`TurnLoop.undo_refusal`: ``people`` at a table of several people,
``closed`` once the match is left, else the game's own reason,
:meth:`TurnLoop.game_refusal`) leaves its reason in :attr:`TurnLoop.undo_note`;
one done (:meth:`TurnLoop.take_back`, the game's own) drops a computer's pending
answer, notes ``done``, is saved and told to the page (the statistics' "undos
used").

No browser here: the loop runs on CPython too (``asyncio.run``), which the
games' tests use as the page's mirror.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

from cardkit.ui_dom.pass_play import SHOW_ACT, Handover, reviewed

#: The ``data-act`` of the undo control (:meth:`TurnLoop.undo`): it acts even while
#: a computer thinks (its answer is dropped).
UNDO_ACT = "undo"
#: The ``data-act`` of the control that deals the next game (:meth:`TurnLoop.next_game`).
NEXT_GAME_ACT = "next-game"
#: The ``data-act`` of the "Finish the game" control (:meth:`TurnLoop.finish`).
FINISH_ACT = "finish"

Think = Callable[[str, str, int], Awaitable[str]]
"""``think(view_json, level, seed) -> reply_json``, as the games' ``decide_json``."""

#: ``decide(view_json, level, seed)``: a decision made at once, or ``None`` for one
#: that must wait (for the worker).
DecideNow = Callable[[str, str, int], "str | None"]

#: ``seat_reply(seat, computer) -> reply``: at a table with friends, the reply for a
#: seat a person plays on another device (their action, checked by the host's
#: referee), or ``computer()``'s when a computer plays the seat.
SeatReply = Callable[[int, Callable[[], Awaitable[str]]], Awaitable[str]]


def ai_seed(match_seed: int, game_number: int, action_count: int) -> int:
    """The seed of a computer's decision: the same match and moves, the same choice.

    A function of the game's state, not of a generator consumed along the way, so
    a match replays the same for the same human choices (``?seed=N``), and so does
    a game after an undo when the human decides the same.

    >>> ai_seed(7, 1, 0) == ai_seed(7, 1, 0), ai_seed(7, 1, 0) != ai_seed(7, 1, 1)
    (True, True)
    """
    return (match_seed * 1_000_003 + game_number * 10_007 + action_count) % (1 << 32)


class Loop(Protocol):
    """What a page's frame (:class:`cardkit.ui_dom.page_shell.PageApp`) asks of the
    controller on its table; :class:`TurnLoop` answers all of it, and a game's own
    protocol of its controllers (Durak's family) extends it."""

    busy: bool
    closed: bool

    async def start(self) -> None: ...

    def close(self) -> None: ...

    def human_to_act(self) -> bool: ...

    async def handle(self, act: str, arg: str | None = None) -> None: ...

    def decide_at_once(self, decide: DecideNow, more: Callable[[], bool]) -> None: ...


@dataclass(frozen=True, eq=False)
class Turn:
    """A computer's turn: the game object (by identity), its number in the match,
    the seat to act and the number of actions so far."""

    game: object
    number: int
    seat: int
    count: int

    def same(self, other: Turn | None) -> bool:
        """Whether ``other`` is this very turn (nothing moved since)."""
        return (
            other is not None
            and other.game is self.game
            and (other.seat, other.count) == (self.seat, self.count)
        )


class TurnLoop:
    """The computers' loop and the clicks' frame of one match at the table."""

    #: ``data-act`` values that still act while a computer thinks.
    acts_while_busy: frozenset[str] = frozenset({UNDO_ACT})

    def __init__(
        self,
        match_seed: int,
        level: str,
        think: Think,
        pause: Callable[[], Awaitable[None]],
        on_change: Callable[[], None],
        hold: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.match_seed = match_seed
        self.level = level
        self.think = think
        self.pause = pause
        self.on_change = on_change
        #: Waits out the rest of a decision's minimum time (:meth:`min_decision_time`).
        self.hold = hold
        #: Set while :meth:`decide_at_once` runs: its moves are saved once, at its
        #: end (one task, so no reload can fall between them), not one by one.
        self._holding_save = False
        self.busy = False
        self.closed = False
        #: Bumped by an undo: a loop of an earlier generation is waiting for a
        #: decision about a game that is gone, and drops it.
        self.generation = 0
        #: Set by :meth:`finish`: the computers play the rest of the game with no
        #: pause, drawing nor saving between their moves (the game is drawn and saved
        #: once, at its end); cleared when the loop stops.
        self.finishing = False
        #: A table with friends (:class:`cardkit.table_net.host_session.HostSession`):
        #: the replies of the seats people play on other devices come through here, as
        #: a computer's do.
        self.seat_reply: SeatReply | None = None
        #: A table with friends: told when the game on the table may have moved (a
        #: move played, a click the game knew), so the host sends each guest its
        #: view then, not whenever the page draws (:meth:`moved`).
        self.on_moved: Callable[[], None] | None = None
        #: The people at the table and who holds the device, for a controller that
        #: seats several people on one device (pass-and-play); ``None`` for one that
        #: seats one person against the computers only.  A reload seats them again
        #: (:meth:`seat_people`), so pass-and-play goes on as it was.
        self.handover: Handover | None = None
        #: What the last undo did (``done``) or why it was refused (``people``,
        #: ``closed``, or the game's own reason), until the next click; ``""`` otherwise.
        self.undo_note = ""
        #: Undos asked for so far, and how many of their notes the page has said
        #: (each is said once: :meth:`undo_news`).
        self.undo_tries = 0
        self.undo_said = 0
        #: Hints asked for in this match (the statistics' "hints used").
        self.hints_used = 0
        #: Called when a game ends (its last move, whoever made it) and when an undo
        #: is done: the page's statistics; none in tests.
        self.on_game_over: Callable[[Any], None] | None = None
        self.on_undo: Callable[[Any], None] | None = None

    # ---- what a game fills in ---------------------------------------------------

    def current_turn(self) -> Turn | None:
        """The computer's turn now, or ``None`` when no computer is to act."""
        raise NotImplementedError

    def seat_view_json(self, turn: Turn) -> str:
        """The acting seat's view as JSON (never a hidden card of another seat)."""
        raise NotImplementedError

    def apply_reply(self, reply: str) -> None:
        """Play the move a computer's reply (``decide_json``'s) names."""
        raise NotImplementedError

    def human_to_act(self) -> bool:
        """Whether the table waits for the human's decision."""
        raise NotImplementedError

    def act(self, act: str, arg: str | None) -> bool | None:
        """One of the human's clicks (``data-act``, ``data-arg``): whether it moved
        the game (then the computers answer); ``None`` for a control the game does
        not know (then nothing is redrawn either)."""
        raise NotImplementedError

    def save_now(self) -> None:
        """Save the match (the page's callback), whatever :meth:`decide_at_once` holds."""

    def sync(self) -> None:
        """Keep the human's selection valid after a change (none by default)."""

    def forced_move_due(self) -> bool:
        """Whether the page moves for the human now (none by default)."""
        return False

    def play_forced_move(self) -> None:
        """Make the move :meth:`forced_move_due` announced."""

    async def hold_forced_move(self) -> bool:
        """Wait before a move the page makes for the human, the table drawn as it is
        (none by default: a game whose forced move needs reading time first says so);
        whether the move is still to be made (the human may have made it meanwhile)."""
        return True

    def min_decision_time(self, turn: Turn) -> float:
        """Seconds this decision takes at least, however fast the answer came."""
        return 0.0

    def human_out(self) -> bool:
        """Whether the human is out of a game that goes on without them (none by
        default: a game whose human is never out offers no "Finish the game")."""
        return False

    @property
    def over(self) -> bool:
        """Whether the game on the table is over (the game's own reading)."""
        raise NotImplementedError

    def next_game(self) -> bool:
        """Deal the next game once the one on the table is over; whether it was dealt
        (none by default: a page that deals nothing, a guest's)."""
        return False

    def game_refusal(self) -> str | None:
        """Why the game on the table has nothing of the human's to take back now (the
        game's own reason), or ``None`` (none by default: a game that takes nothing
        back, ``none``)."""
        return "none"

    def take_back(self) -> bool:
        """Take back the human's last decision and every move after it (the game's own
        way); ``False``: there was nothing to take back."""
        return False

    def screen_seat(self) -> int | None:
        """The person the privacy screen waits for: one other than the device's holder
        is to decide now (the game's own reading of whose turn it is); ``None`` when
        the table is drawn as it is (by default: one person at the table)."""
        return None

    # ---- the people at the table -----------------------------------------------------

    def people(self) -> tuple[int, ...]:
        """The seats of the people at the table (a save's ``humans``): seat 0's alone
        but at pass-and-play."""
        people = self.handover
        return people.humans if people is not None and people.active else (0,)

    def seat_people(self, humans: tuple[int, ...], names: dict[int, str]) -> None:
        """A reloaded table's people (its save's ``humans``), called by their names.
        The device is the owner's (seat 0) again: whoever else is to act is behind
        the privacy screen first, since the page cannot know who holds the device.
        A controller that seats one person only keeps its one (``handover`` None)."""
        if self.handover is not None and len(humans) > 1:
            self.handover = Handover(humans, names)

    def reviewed(self, t: Callable[..., str]) -> tuple[tuple[int, str], ...]:
        """Whose decisions a finished game's review judges, with the names it says
        them by (:func:`cardkit.ui_dom.pass_play.reviewed`): at pass-and-play every
        person at the table, never a computer's seat; otherwise the one player's."""
        return reviewed(self.handover, t)

    def several_people(self) -> bool:
        """A table of several people (the host's with friends, or pass-and-play): no
        move is taken back there (its undo's refusal ``people``), since a take-back
        would undo another person's move too."""
        people = self.handover
        return self.seat_reply is not None or (people is not None and people.active)

    def with_friends(self) -> bool:
        """A table with friends (the host's here): what is counted of it (its games,
        the hints asked for at it) goes to the tally with friends."""
        return self.seat_reply is not None

    def record_seed(self) -> int | None:
        """The match's seed a record or link of this table's games names: the page's
        own match's (a seat's controller at a table with friends names none)."""
        return self.match_seed

    def handover_due(self) -> bool:
        """Pass-and-play: another person is to decide than the one holding the
        device, so the page shows the privacy screen, not the table."""
        return self.screen_seat() is not None

    def screen_clicked(self, act: str) -> bool:
        """Whether the click ``act`` is the privacy screen's: behind the screen only its
        button acts (it hands the device over; every other click is refused, so no
        move is made for a person who has not taken the device)."""
        seat = self.screen_seat()
        if act != SHOW_ACT and seat is None:
            return False
        if act == SHOW_ACT and seat is not None and self.handover is not None:
            self.handover.hand_to(seat)
        return True

    def tell_game_over(self) -> None:
        """Tell the page the game on the table is over (the statistics count it)."""
        if self.over and self.on_game_over is not None:
            self.on_game_over(self)  # counted when the game ends, not at the next deal

    # ---- undo ------------------------------------------------------------------------

    def undo_refusal(self) -> str | None:
        """Why the human's last decision cannot be taken back now, or ``None``: a table
        of several people (``people``), a match left (``closed``), else the game's own
        reason (:meth:`game_refusal`)."""
        if self.several_people():
            return "people"
        return "closed" if self.closed else self.game_refusal()

    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def undo(self) -> bool:
        """Take back the human's last decision and the computers' replies since
        (:meth:`take_back`); ``False``, with :attr:`undo_note` saying why, when
        refused (:meth:`undo_refusal`)."""
        self.undo_tries += 1
        why = self.undo_refusal()
        if why is None and not self.take_back():
            why = "none"
        if why is not None:
            self.undo_note = why
            return False
        self.undone()
        return True

    def undone(self) -> None:
        """An undo done: a computer's pending answer dropped, noted, saved and told."""
        self.drop_pending()
        self.undo_note = "done"
        self.save_now()
        if self.on_undo is not None:
            self.on_undo(self)

    def undo_news(self) -> str:
        """The last undo's note (:attr:`undo_note`) if the page has not said it yet,
        taken as said now; ``""`` otherwise (each undo asked for is said once)."""
        if not self.undo_note or self.undo_said >= self.undo_tries:
            return ""
        self.undo_said = self.undo_tries
        return self.undo_note

    def table_clicked(self, act: str) -> bool | None:
        """The clicks every table answers alike before its moves: the privacy screen's
        and the undo's (``False``: no move made) and the next game's (whether it was
        dealt); ``None``: another click, the game's to read."""
        if self.screen_clicked(act) or self.undo_clicked(act):
            return False
        return self.next_game() if act == NEXT_GAME_ACT else None

    def undo_clicked(self, act: str) -> bool:
        """Whether the click ``act`` is the undo control's, done or refused here (the
        human is to act, or nothing changed: no computer starts after it); any other
        click clears the last undo's note first."""
        if act == UNDO_ACT:
            self.undo()  # a pending computer's answer is dropped
            return True
        self.undo_note = ""
        return False

    # ---- shared ---------------------------------------------------------------------

    def finish_offered(self) -> bool:
        """Whether the table offers "Finish the game": the human is out, the game
        goes on, and it is not being finished already."""
        return not self.closed and not self.finishing and self.human_out()

    def finish(self) -> bool:
        """Play the rest of the game at once: the computers' remaining moves with no
        pause between them and no drawing until the end (every move is still made
        and recorded, by the same seats with the same seeds, so the record is the
        one the game would have had move by move).  Whether it started: only while
        :meth:`finish_offered`.  A loop already running (a computer thinking) goes
        on without its pauses; else one starts (:meth:`handle` awaits it)."""
        if not self.finish_offered():
            return False
        self.finishing = True
        self._holding_save = True
        return True

    def computer_to_act(self) -> bool:
        return self.current_turn() is not None

    def save_after_move(self) -> None:
        """A move was made: save, unless :meth:`decide_at_once` saves at its end."""
        if not self._holding_save:
            self.save_now()

    def close(self) -> None:
        """Leave this match (a new one replaces it): a computer's answer still on its
        way is ignored, and nothing more is drawn or saved for it."""
        self.closed = True

    def left(self, generation: int | None = None) -> bool:
        """Whether :meth:`close` was called, or (for a loop of ``generation``) an
        undo came since it began: checked again after every wait."""
        return self.closed or (generation is not None and generation != self.generation)

    def drop_pending(self) -> None:
        """An undo rebuilt the game: the loop waiting for a computer's answer about
        the game that is gone drops it (a new :attr:`generation`), and the table no
        longer waits for it."""
        self.generation += 1
        self.busy = False

    def moved(self) -> None:
        """The game on the table may have moved: :attr:`on_moved` is told, but not
        while the rest of a game is played at once (:meth:`finish`, told at its
        end, as it is drawn)."""
        if self.on_moved is not None and not self.finishing and not self.closed:
            self.on_moved()

    def seed_of(self, turn: Turn) -> int:
        return ai_seed(self.match_seed, turn.number, turn.count)

    async def start(self) -> None:
        """Begin (or resume) play: computers act until the human is needed."""
        self.sync()
        await self.run_computers()

    async def run_computers(self) -> None:
        """Let the computers act until the human must act or the table waits.

        Only one such loop runs at a time: the page starts the computers one turn
        after it is ready, and a click in that turn starts them too; two loops would
        both answer for the same seat.  The second caller returns at once.

        The move animation (``pause``) runs only *between* two computers' moves:
        after the last one the loop ends at once, so the human's controls act as
        soon as they are shown.
        """
        if self.busy or self.closed:
            return
        self.busy = True
        generation = self.generation
        try:
            await self._computers(generation)
        finally:
            if generation == self.generation:
                self.busy = False
            self._end_finishing()
        if not self.left(generation):
            self.sync()
            self.moved()
            self.on_change()

    async def _computers(self, generation: int) -> None:
        moved = False
        while self.computer_to_act() or self.forced_move_due():
            if moved and not self.finishing:
                await self.pause()
                if self.left(generation):
                    return
            if not self.finishing:
                self.on_change()
            turn = self.current_turn()
            if turn is None:
                if not self.finishing:
                    still = await self.hold_forced_move()
                    if self.left(generation):
                        return
                    if not still:
                        continue  # the human made it meanwhile (a click while held)
                self.play_forced_move()
                self.moved()
                moved = True
                continue
            reply = await self._ask(turn)
            if self.left(generation) or not turn.same(self.current_turn()):
                return  # a late answer for a table that has moved on: ignored
            self.apply_reply(reply)
            self.moved()
            moved = True

    async def _ask(self, turn: Turn) -> str:
        """A computer's decision through ``think``, held to its minimum time."""
        least = 0.0 if self.finishing else self.min_decision_time(turn)
        started = time.monotonic()
        view, seed = self.seat_view_json(turn), self.seed_of(turn)

        def computer() -> Awaitable[str]:
            return self.think(view, self.level, seed)

        if self.seat_reply is not None:
            reply = await self.seat_reply(turn.seat, computer)
        else:
            reply = await computer()
        if least:
            rest = least - (time.monotonic() - started)
            if rest > 0:
                await self.hold(rest)
        return reply

    def _end_finishing(self) -> None:
        """The finished game (or the loop's end) is saved once (:meth:`finish`)."""
        if self.finishing:
            self.finishing = False
            self._holding_save = False
            if not self.closed:
                self.save_now()

    def decide_at_once(self, decide: DecideNow, more: Callable[[], bool]) -> None:
        """The computers' moves made here and now, nothing drawn or awaited between
        them, while ``decide`` can make them and ``more()`` says there is time;
        saved once, at the end.

        Same seats, same seeds, same replies as :meth:`run_computers`, which takes
        over from wherever this stops: at instant animation the page's first screen
        is the table as the human first finds it (:mod:`cardkit.ui_dom.page_shell`).
        """
        if self.busy or self.closed:
            return
        moved = False
        self._holding_save = True
        try:
            while (self.computer_to_act() or self.forced_move_due()) and more():
                turn = self.current_turn()
                if turn is None:
                    self.play_forced_move()
                    moved = True
                    continue
                reply = decide(self.seat_view_json(turn), self.level, self.seed_of(turn))
                if reply is None:
                    break
                self.apply_reply(reply)
                moved = True
        finally:
            self._holding_save = False
        if moved:
            self.save_now()
        self.sync()

    async def handle(self, act: str, arg: str | None = None) -> None:
        """One click (or key) on a control: ``act`` is its ``data-act``."""
        if act == FINISH_ACT:
            # Also while a computer thinks (the human being out, one always is): the
            # running loop drops its pauses; else a loop starts.
            if self.finish() and not self.busy:
                await self.run_computers()
            elif not self.closed:
                self.on_change()
            return
        if self.closed or (self.busy and act not in self.acts_while_busy):
            return
        moved = self.act(act, arg)
        if moved is None:
            return
        self.sync()
        self.moved()
        if moved and self.computers_draw_next():
            await self.run_computers()
            return
        self.on_change()
        if moved:
            await self.run_computers()

    def computers_draw_next(self) -> bool:
        """Whether :meth:`run_computers`, started now, draws the table before it
        first waits: a computer (or a move the page makes for the human) is due and
        no loop runs or finishes.  A click's move is then drawn by that drawing
        alone, in the same task: a drawing before it would be replaced before the
        browser ever paints it, and what it said is said by the next one."""
        return (not self.busy and not self.closed and not self.finishing
                and (self.computer_to_act() or self.forced_move_due()))
