"""What a game brings to the table with friends: one record, :class:`FriendsGame`.

The page shell's table with friends (:mod:`cardkit.ui_dom.friends_page`) runs the
lobby, the host's side, a guest's side and the panel for every game; a game
registers one :class:`FriendsGame` (Napoleon's and Durak's are their
``ui_dom/friends_table.py``), typed by its controller on a table with friends
(``C``), a seat's view as its reader reads it (``V``) and its rules (``R``).  The
shell calls the record and reads nothing else of the game: what the shell needs
of a controller is :class:`TableCtrl`, of the game's page :class:`FriendsApp`.

A record subclasses :class:`FriendsGame` to take the defaults below (a game with
one game a match, no rules told, no records of each game sent); what it must
name has no default.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from cardkit.table_net.guest_session import GuestSeat
from cardkit.table_net.referee import SeatGame
from cardkit.ui_dom.turn_loop import Loop, SeatReply

__all__ = ["FriendsApp", "FriendsGame", "TableCtrl", "ViewReader"]


class TableCtrl(Protocol):
    """What the shell reads of a controller at a table with friends: the host's remote
    seats' replies, word of its game's moves, the page's loop (a guest's seat is the
    record's to find: :meth:`FriendsGame.seat_of`)."""

    seat_reply: SeatReply | None
    on_moved: Callable[[], None] | None

    def close(self) -> None: ...

    async def run_computers(self) -> None: ...


class SeededPrefs(Protocol):
    """The game's preferences as the shell reads them: the ``?seed=N`` given, if any."""

    @property
    def seed(self) -> int | None: ...


class WorkerStart(Protocol):
    """The page's computers as the shell starts their worker (once is enough:
    :class:`cardkit.ui_dom.page_shell.Computers`)."""

    def connect(self) -> None: ...


class PageWords(Protocol):
    """What the table with friends reads of the page's words."""

    def t(self, key: str, /, **fmt: object) -> str: ...

    def language(self) -> str: ...


class FriendsApp(Protocol):
    """What the shell reads of the game's page (:class:`cardkit.ui_dom.page_shell.PageApp`):
    its controller is the game's own (the record narrows it: :meth:`FriendsGame.table`)."""

    @property
    def ctrl(self) -> Loop: ...

    @property
    def prefs(self) -> SeededPrefs: ...

    @property
    def computers(self) -> WorkerStart: ...

    def rerender(self, *, focus_now: bool = True) -> None: ...

    def show_notices(self, notices: list[str]) -> None: ...

    def replace_match(self, ctrl: Any) -> None: ...

    def seat(self, ctrl: Any) -> None: ...


C = TypeVar("C", bound=TableCtrl)
V = TypeVar("V")
V_view = TypeVar("V_view", covariant=True)


class ViewReader(Protocol[V_view]):
    """A game's ``table_net`` module as the shell reads views with it, and its name."""

    #: The game's name: its storage keys (``<name>.friends.*``), its links' ``?game=``,
    #: the name the referee's welcome says.
    GAME_NAME: str

    def read_view(self, data: dict[str, object]) -> V_view: ...

    def view_seat(self, view: object) -> int: ...

    def seen_line(self, view: Any) -> str: ...

R = TypeVar("R")
#: (the record only gives rules: a record of narrower rules serves where wider are read)
R_co = TypeVar("R_co", covariant=True)


class FriendsGame(Protocol[C, V, R_co]):
    """One game's part of the table with friends, made for the game's page."""

    #: The game's page.
    app: FriendsApp
    #: The page's words: its translator and its language now (the page's
    #: :class:`cardkit.i18n.Translator`).
    words: PageWords

    # ---- views --------------------------------------------------------------------

    #: The game's ``table_net`` module: how it reads the views the host sends.
    views: ViewReader[V]

    def __init__(self, app: FriendsApp) -> None:
        self.app = app

    @property
    def name(self) -> str:
        """The game's name (its ``table_net.GAME_NAME``)."""
        return self.views.GAME_NAME

    def read_view(self, data: dict[str, object]) -> V:
        """A view the host sent, read strictly (the game's ``table_net.read_view``)."""
        return self.views.read_view(data)

    def view_seat(self, view: object) -> int:
        """The seat a view read by :meth:`read_view` belongs to."""
        return self.views.view_seat(view)

    def seen_line(self, view: V) -> str:
        """What a guest's seat saw in a view, a fact in notation (its record's line)."""
        return self.views.seen_line(view)

    def seen_words(self, view: V) -> str:
        """That line in the page's language and card words (by default the notation)."""
        return self.seen_line(view)

    # ---- the page's table ------------------------------------------------------------

    def table(self, ctrl: Loop) -> C | None:
        """The page's controller as one a table with friends plays with (``None``: not
        one), e.g. the game's page after a reload."""
        ...

    def seat_of(self, ctrl: Loop) -> GuestSeat | None:
        """The guest's seat the page's controller ``ctrl`` holds: the host's last view
        and whether the page waits (``None``: not a guest's table)."""
        ...

    def replace_match(self, ctrl: C) -> None:
        """The host's started table becomes the page's match (saved, drawn)."""
        self.app.replace_match(ctrl)

    def seat_guest(self, ctrl: C) -> None:
        """A guest's table becomes the page's controller (the one before closed)."""
        self.app.seat(ctrl)

    def own_table(self) -> None:
        """This page left its table with friends: its own table again (a game deals a
        new match of its rules in force; the menu's control asked for comes after)."""
        ...

    # ---- the host's table ------------------------------------------------------------

    def host_controller(self, seed: int) -> C | None:
        """The new match the host offers (seat 0 the host's), or ``None`` after a
        notice saying why this table cannot be hosted."""
        ...

    def seat_game(self, ctrl: C) -> SeatGame:
        """The game on ``ctrl``'s table as the referee reads it, followed as it goes on."""
        ...

    def players(self, ctrl: C) -> int:
        """The seats at ``ctrl``'s table."""
        ...

    def game_number(self, ctrl: C) -> int:
        """The number of the match's game on ``ctrl``'s table, from 1 (each view sent
        says it); by default 1, a game whose match has more says which."""
        return 1

    def rules_text(self, ctrl: C) -> str:
        """The rules of ``ctrl``'s table as their text, told to every guest seated (by
        default none: ``""``)."""
        return ""

    def game_id(self, ctrl: C) -> str:
        """The game a kept table plays: its match's seed, number and deal."""
        ...

    def resumable(self, ctrl: C) -> bool:
        """Whether ``ctrl`` (the page's game after a reload) is a table this page may
        host again: one the page hosts at all, not over."""
        return False

    def finished(self, ctrl: C) -> bool:
        """Whether ``ctrl`` (the page's game after a reload) is a table this page may
        host whose game is over, the table waiting for the host to play again (by
        default never: the table ends with its game)."""
        return False

    def record(self, ctrl: C) -> str | None:
        """The finished table's record sent to every guest, or ``None`` while it goes on."""
        ...

    def play_again(self, ctrl: C) -> C | None:
        """The host's "Play again" at the table whose game on ``ctrl`` is over: the
        next game's controller, ``ctrl`` itself with the next game dealt (a series'
        next game, as its own end's Next game deals it) or a new match's, of the same
        rules, whose seat 0 is the host's; ``None``: the game plays no other (by
        default, the table ends with its game)."""
        return None

    def game_records(self, ctrl: C, start: int) -> list[str]:
        """The host's finished games' records past the first ``start`` (game
        ``start + 1`` first), each sent to every guest at that game's end (by
        default none: the table's one record goes at its end, :meth:`record`)."""
        return []

    # ---- a guest's table -------------------------------------------------------------

    def guest_controller(self, view: V, turn: int, send: Callable[[str], None],
                         on_change: Callable[[], None]) -> C:
        """A guest's table: the host's view drawn, the action chosen sent, not played."""
        ...

    def update_guest(self, ctrl: C, seat: GuestSeat, view: V, turn: int,
                     table_game: str) -> None:
        """A new view from the host: the guest's table follows it, the wait over (a game
        may put another table on the page: :meth:`seat_guest`); ``table_game`` names the
        game at its table (the room and the game's number there: the statistics count
        a game once by its name)."""
        ...

    def read_rules(self, text: str) -> R_co:
        """A guest reads the table's rules the host's welcome said (their text):
        strictly, raising ``ValueError`` with a short reason for a text that is not
        the rules' own (by default every one: the game says none)."""
        raise ValueError("this game names no rules")

    def read_record(self, text: str, number: int, view: V | None) -> object:
        """A guest reads the record of the match's ``number``-th game the host sent
        (``view``: the seat's last): strictly, raising ``ValueError`` (the game's record
        error) with a short reason for one it refuses (by default every one: the game
        sends none)."""
        raise ValueError("this game sends no record of each game")

    def records_changed(self, records: list[object], seat: int) -> None:
        """A guest's page kept a new record: ``records`` the match's finished games,
        game 1 first, as :meth:`read_record` read them, ``seat`` the guest's."""
        return None

    def show_records(self, records: list[object], seat: int) -> None:
        """The guest's "Record" button: the records kept, on the game's record screen."""
        return None

    def count(self, record: str, seat: int, table_game: str) -> None:
        """A guest's finished game (the record the host sent, ``seat`` its own, named
        ``table_game`` as :meth:`update_guest` names it): the game's statistics may
        count it with friends (by default nothing is counted)."""
        return None

    def table_record(self, record: str) -> bool:
        """A guest's table ended with its finished game's record (the host's, every
        hand open): the game may keep it for its end, record and review, and says
        whether it did (by default nothing is kept); one it refuses raises
        ``ValueError`` (the shell drops it with its notice)."""
        return False

    def set_names(self, names: dict[int, str], seats: int) -> None:
        """The names of the seats people play (of ``seats``), on the game's table."""
        return None
