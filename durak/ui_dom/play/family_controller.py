"""The one controller protocol of the Durak family's page, and what its controllers share.

Every game of the family is driven at the table by a controller of its kind
(:data:`durak.ui_dom.kinds.KINDS`): :class:`~durak.ui_dom.play.controller.Controller`
(the ordinary game), :class:`~durak.ui_dom.play.pile_controller.PileController` (the
pile games) and the suit deal's controller, in its own page package (the
dealing, then the ordinary driver).  The page (:mod:`durak.ui_dom.app`),
:mod:`~durak.ui_dom.kinds` and the hint, statistics and save helpers ask any of
them the same questions, :class:`FamilyController` (the shell's loop and
:class:`FamilyQuestions`; the one playing the series answers :class:`FamilyHost`,
the same and more); what the page gives each is one :class:`Hooks`.  What every
controller of the family would write again — the page's hooks (the save, a game's
end, an undo), the undo's frame, notes and count, the hints used, the people at the
table — is :class:`FamilyLoop`, a base of each before the shell's loop
(:class:`~cardkit.ui_dom.turn_loop.TurnLoop`); what the hosts that deal their games
from the series do alike is :class:`~durak.ui_dom.play.series_host.SeriesHost`.

**Undo** (:meth:`FamilyLoop.undo`): every undo asked for is counted; one the
controller refuses (:meth:`FamilyLoop.undo_refusal`, its reason: ``people``,
``closed``, else the game's own, :meth:`FamilyLoop.game_refusal`: ``over``,
``none``, ``cube``) leaves the reason in :attr:`FamilyLoop.undo_note`;
one done (:meth:`FamilyLoop.take_back`, the controller's own) drops a computer's
pending answer, notes ``done``, is saved and told to the page (the statistics'
"undos used").
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard

from cardkit.ui_dom.pass_play import SHOW_ACT, Handover, reviewed
from cardkit.ui_dom.turn_loop import Loop, SeatReply, Think
from durak.cards import Card, parse_card

if TYPE_CHECKING:
    from durak.family.options import FamilyRules
    from durak.family.save import SavedGame
    from durak.family.series import Series
    from durak.sight import Standing
    from durak.stats import GameFacts


@dataclass(frozen=True)
class Hooks:
    """What a controller of the family is given by the page (a test gives its own):
    the computers, the animation's pause, the redraw, the save of the series (none in
    tests) and the wait that gives a throw-in decision its fixed time (``None``:
    :func:`asyncio.sleep`)."""

    think: Think
    pause: Callable[[], Awaitable[None]]
    on_change: Callable[[], None]
    save: Callable[[Any], None] | None = None
    hold: Callable[[float], Awaitable[None]] | None = None


class FamilyQuestions(Protocol):
    """The family's questions, which the controller on the table answers beside the
    shell's loop, whichever game, whoever plays it here (at a table with friends, the
    controller of a seat there answers for the table's game as its seat saw it)."""

    #: The page's game kind (:data:`durak.ui_dom.kinds.KINDS`).
    kind: str
    #: At a table with friends: the host's replies for its remote seats; ``None``
    #: elsewhere.
    seat_reply: SeatReply | None
    #: The host's: told as the game on its table moves (the loop's).
    on_moved: Callable[[], None] | None
    match_seed: int
    level: str
    #: Hints asked for in this series (the statistics' "hints used").
    hints_used: int
    #: What the last undo did (``done``) or why it was refused; ``""`` otherwise.
    undo_note: str
    #: Undos asked for so far (each one's note is said once).
    undo_tries: int
    #: The page's hooks: a game's end (its last move) and an undo done.
    on_game_over: Callable[[Any], None] | None
    on_undo: Callable[[Any], None] | None

    @property
    def handover(self) -> Handover | None: ...

    def people(self) -> tuple[int, ...]: ...

    def seat_people(self, humans: tuple[int, ...], names: dict[int, str]) -> None: ...

    def handover_due(self) -> bool: ...

    def reviewed(self, t: Callable[..., str]) -> tuple[tuple[int, str], ...]: ...

    @property
    def over(self) -> bool: ...

    def human_out(self) -> bool: ...

    def legal(self) -> tuple[Any, ...]:
        """The human's legal moves now (none while they are not to act)."""
        ...

    def finish_offered(self) -> bool: ...

    def act(self, act: str, arg: str | None) -> bool | None:
        """Do the click ``act`` (its ``data-arg``): ``True`` a move was made, ``False``
        nothing changed, ``None`` not this table's click."""
        ...

    async def run_computers(self) -> None: ...

    def markers(self) -> dict[str, str]: ...

    def undo_refusal(self) -> str | None: ...

    def can_undo(self) -> bool: ...

    def undo(self) -> bool: ...

    def save_now(self) -> None: ...

    def with_friends(self) -> bool: ...

    def record_seed(self) -> int | None: ...

    @property
    def rules(self) -> FamilyRules:
        """The rules of the game on the table."""
        ...

    @property
    def number(self) -> int:
        """The game on the table's number in its series, from 1."""
        ...

    def selection(self) -> int:
        """The human's selected cards (a mask; Escape clears them)."""
        ...

    def finished_game(self) -> Any:
        """The game on the table once it is over, the kind's own game object its end,
        record and review show; ``None`` before."""
        ...

    def finished_games(self) -> list[tuple[Any, int]]:
        """The finished games the menu's record screen lists, with their numbers: the
        kind's own game objects, the one on the table last once it is over."""
        ...

    def in_progress(self) -> bool:
        """Whether the human has moved in the game on the table (a new deal loses it)."""
        ...

    def finished_facts(self) -> tuple[GameFacts, str] | None:
        """The statistics' facts of the game on the table, which has just ended, and its
        id (the same game is never counted twice); ``None`` before its end (and where
        the page plays no game of its own)."""
        ...

    def share(self, game: Any, number: int) -> dict[str, Any]:
        """The JSON record of a finished game of the series (as :meth:`finished_games`
        gives it) that a shared game link carries."""
        ...


class FamilyController(Loop, FamilyQuestions, Protocol):
    """What the family's page asks of the controller on its table: the shell's
    :class:`~cardkit.ui_dom.turn_loop.Loop` and :class:`FamilyQuestions`."""


class FamilyHost(Loop, FamilyQuestions, Protocol):
    """What the page, its save and the table with friends ask of the controller that
    plays the series (the host's, or a lone player's): all a :class:`FamilyController`
    answers, and what follows.  Its class deals a new series,
    ``cls(rules, seed, level, hooks)``, and continues a saved one (:meth:`resume`)."""

    def __init__(self, rules: Any, match_seed: int, level: str, hooks: Hooks) -> None: ...

    @classmethod
    def resume(cls, saved: SavedGame, hooks: Hooks, level: str) -> FamilyHost:
        """A controller continuing the saved series ``saved`` at ``level``."""
        ...

    @property
    def series(self) -> Series[Any]:
        """The series: its rules, seed, the number and dealer of the game on the table,
        the finished games' results."""
        ...

    def snapshot(self) -> SavedGame:
        """The series in the family's one save form (:mod:`durak.family.save`)."""
        ...

    def table_game(self) -> Any:
        """The game on the table as the table with friends' referee reads it
        (:func:`durak.table_net.seat_game`)."""
        ...

    def table_standing(self) -> Standing | None:
        """The series' standing each seat's view is sent with at a table with friends
        (``None``: the view alone)."""
        ...

    def game_id(self) -> str:
        """The game on the table's id: the statistics count it once, a kept table with
        friends resumes only it."""
        ...

    def table_record(self) -> str:
        """The game on the table's text record, sent to the table's friends at its end."""
        ...


class FamilyLoop:
    """What every controller of the family holds for the page beside the shell's loop:
    its hooks and its undo's frame.  A base before the loop:
    ``class Controller(Clicks, FamilyLoop, TurnLoop)`` (its :meth:`save_now` is the
    page's).  Its fields start as the class's values; a host sets its :attr:`save`
    (a host of a series: :class:`durak.ui_dom.play.series_host.SeriesHost`)."""

    #: Undo acts at once, even while a computer thinks (its answer is dropped).
    acts_while_busy = frozenset({"undo"})
    #: The page's game kind (:data:`durak.ui_dom.kinds.KINDS`): each controller's own.
    kind = ""
    #: The people at the table and who holds the device, for a controller that seats
    #: several people on one device (pass-and-play: its own :class:`Handover`);
    #: ``None`` for one that seats one person against the computers only.  The
    #: family's save keeps the people's seats (:meth:`people`), and a reload seats
    #: them again (:meth:`seat_people`), so every game that offers pass-and-play
    #: goes on after a reload as it was.
    handover: Handover | None = None

    #: The page's save of the series (none in tests and where no series is played).
    save: Callable[[Any], None] | None = None
    #: What the last undo did (``done``) or why it was refused (``none``, ``over``,
    #: ``cube``, ``closed``: :data:`durak.ui_dom.play.controller.UNDO_NOTES`), until the
    #: next click; ``""`` otherwise.
    undo_note = ""
    #: Undos asked for so far (each one's note is said once).
    undo_tries = 0
    #: Called when a game ends (its last move, whoever made it) and when an undo is
    #: done: the page's statistics (:mod:`durak.ui_dom.stats.stats_view`); none in tests.
    on_game_over: Callable[[Any], None] | None = None
    on_undo: Callable[[Any], None] | None = None
    #: Hints asked for in this series (:mod:`durak.ui_dom.hint.hint_view`; the
    #: statistics' "hints used").
    hints_used = 0
    closed: bool  # the loop's
    match_seed: int  # the loop's
    #: At a table with friends: the host's reply for a seat and word of its game's
    #: moves (the loop's).
    seat_reply: SeatReply | None
    on_moved: Callable[[], None] | None

    if TYPE_CHECKING:  # the shell's loop's, which every controller stands on after this,
        # and the controller's own next game

        def drop_pending(self) -> None: ...

        def next_game(self) -> bool: ...

    @property
    def over(self) -> bool:
        """Whether the game on the table is over (each controller's own reading)."""
        raise NotImplementedError

    def save_now(self) -> None:
        if self.save is not None:
            self.save(self)

    def people(self) -> tuple[int, ...]:
        """The seats of the people at the table (the save's ``humans``): seat 0's alone
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
        person at the table, never a computer's seat; otherwise the one player's.
        Every review of the family (the ordinary game's, the pile games', the suit
        deal's dealing and play) asks this one question (a seat's controller at a
        table with friends answers its own seat)."""
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

    # ---- pass-and-play ---------------------------------------------------------------

    def screen_seat(self) -> int | None:
        """The person the privacy screen waits for: one other than the device's holder
        is to decide now (the controller's own reading of whose turn it is); ``None``
        when the table is drawn as it is."""
        return None

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
            self.on_game_over(self)  # counted when the game ends, not at 「次のゲーム」

    # ---- undo ----------------------------------------------------------------------

    def undo_refusal(self) -> str | None:
        """Why the human's last decision cannot be taken back now, or ``None``: a table
        of several people (``people``), a match left (``closed``), else the game's own
        reason (:meth:`game_refusal`)."""
        if self.several_people():
            return "people"
        return "closed" if self.closed else self.game_refusal()

    def game_refusal(self) -> str | None:
        """Why the game on the table has nothing of the human's to take back now
        (``over``, ``none``, ``cube``: the controller's own reading), or ``None``."""
        raise NotImplementedError

    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def take_back(self) -> bool:
        """Take back the human's last decision and every move after it (the
        controller's own way); ``False``: there was nothing to take back."""
        raise NotImplementedError

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

    def undo_clicked(self, act: str) -> bool:
        """Whether the click ``act`` is the undo button's, done or refused here (the
        human is to act, or nothing changed: no computer starts after it); any other
        click clears the last undo's note first."""
        if act == "undo":
            self.undo()  # a pending computer's answer is dropped
            return True
        self.undo_note = ""
        return False

    def table_clicked(self, act: str) -> bool | None:
        """The clicks every table of the family answers alike before its moves: the
        privacy screen's and the undo's (``False``: no move made) and the next game's
        (whether it was dealt); ``None``: another click, the kind's to read."""
        if self.screen_clicked(act) or self.undo_clicked(act):
            return False
        return self.next_game() if act == "next-game" else None

    def undone(self) -> None:
        """An undo done: a computer's pending answer dropped, noted, saved and told."""
        self.drop_pending()
        self.undo_note = "done"
        self.save_now()
        if self.on_undo is not None:
            self.on_undo(self)


def is_family(ctrl: object) -> TypeGuard[FamilyController]:
    """Whether ``ctrl`` is a controller of the family's page (each stands on
    :class:`FamilyLoop` and answers :class:`FamilyController`)."""
    return isinstance(ctrl, FamilyLoop)


def clicked_card(arg: str | None, below: int) -> Card | None:
    """The card a click's ``data-arg`` names, or ``None`` where it names none (no
    argument, or a page tampered with): a card number below ``below`` (one deck's:
    :data:`durak.cards.TWIN`; with the twins: :data:`durak.cards.CARD_SPACE`)."""
    if not arg:
        return None
    try:
        c = parse_card(arg)
    except ValueError:
        return None
    return c if 0 <= c < below else None


__all__ = ["FamilyController", "FamilyHost", "FamilyLoop", "FamilyQuestions", "Hooks",
           "clicked_card", "is_family"]
