"""The one controller protocol of the Durak family's page, and what its controllers share.

Every game of the family is driven at the table by a controller of its kind
(:data:`durak.ui_dom.kinds.KINDS`): :class:`~durak.ui_dom.play.controller.Controller`
(the ordinary game), :class:`~durak.ui_dom.play.pile_controller.PileController` (the
pile games), :class:`~durak.ui_dom.play.family_table.FamilyTable` (a game of a kind
of its own) and the suit deal's controller, in its own page package (the dealing,
then the ordinary driver).  The page (:mod:`durak.ui_dom.app`),
:mod:`~durak.ui_dom.kinds` and the hint, statistics and save helpers ask any of
them the same questions, :class:`FamilyController` (the shell's loop and
:class:`FamilyQuestions`; the one playing the series answers :class:`FamilyHost`,
the same and more); what the page gives each is one :class:`Hooks`.  Each stands
on the shell's loop (:class:`~cardkit.ui_dom.turn_loop.TurnLoop`), which holds the
table's frame every game shares (the people at the table, the privacy screen, the
undo's notes and count, the hints used, the page's hooks of a game's end and an
undo); what the hosts that deal their games from the series do alike is
:class:`~durak.ui_dom.play.series_host.SeriesHost`, and what a friend's seat at a
table with friends does alike is in :mod:`durak.ui_dom.friends`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeGuard

from cardkit.ui_dom.pass_play import Handover
from cardkit.ui_dom.turn_loop import Loop, SeatReply, Think, TurnLoop
from durak.cards import Card, parse_card

if TYPE_CHECKING:
    from durak.ai.reader import TableReading
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

    def table_reading(self, seat: int) -> TableReading | None:
        """``seat``'s reading of the other player sent with its view at a table with
        friends (``None``: none)."""
        ...

    def game_id(self) -> str:
        """The game on the table's id: the statistics count it once, a kept table with
        friends resumes only it."""
        ...

    def table_record(self) -> str:
        """The game on the table's text record, sent to the table's friends at its end."""
        ...


def is_family(ctrl: object) -> TypeGuard[FamilyController]:
    """Whether ``ctrl`` is a controller of the family's page: one on the shell's loop
    that names its game kind (each answers :class:`FamilyController`)."""
    return isinstance(ctrl, TurnLoop) and isinstance(getattr(ctrl, "kind", None), str)


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


__all__ = ["FamilyController", "FamilyHost", "FamilyQuestions", "Hooks",
           "clicked_card", "is_family"]
