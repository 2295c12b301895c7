"""Durak's table with friends: Durak's record (:class:`DurakFriends`, a
:class:`cardkit.ui_dom.friends_game.FriendsGame`) for the page shell's
(:class:`cardkit.ui_dom.friends_page.FriendsPage`, every game's lobby, link,
panel and sessions).

Every game of the family is hosted (:mod:`durak.table_net`): the host's table asks
the controller playing the series (:class:`~durak.ui_dom.play.family_controller.FamilyHost`,
whichever kind's) for the game on it, its players, its number, its id and its
record.  A guest's controller (:func:`guest_controller`) draws the
view the host sent and sends the action chosen instead of playing it; each kind names
its own (:attr:`~durak.ui_dom.game_kind.GameKind.guest`, for the views it draws:
the ordinary game's draws what its seat saw, a pile game's and a kind of its own's
the view and the moves read from the views, the dealing game's the steps as they
come), and once a view of another kind comes (the dealing game's play) the guest's
page holds that kind's guest controller.  No kind's guest controller is built or
named here (the views' classes are named only to type what the host sends).
The drawing reads only the guest's own view, which holds no other seat's card.

At a game's end the host may play again at the same table (:meth:`DurakFriends.play_again`:
the series' next game).  After a reload of the host's page the table goes on (the shell's
:meth:`~cardkit.ui_dom.friends_page.FriendsPage.resume`) if the game on the
table is the one it kept, not over.  A guest's record line is
:func:`durak.table_net.seen_line`, worded on its page by :func:`seen_words`; a
finished game's record, sent by the host, counts in the guest's statistics in
the rules' tally with friends (its seat's facts read from the record's replay by
its game's registry entry, :attr:`~durak.ui_dom.game_kind.GameKind.facts`) and is
the game its end, record screen and review show (:func:`guest_game`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from cardkit.table_net.guest_session import GuestSeat, guest_pause, guest_think
from cardkit.table_net.referee import SeatGame
from cardkit.ui_dom.friends_game import FriendsApp, FriendsGame
from cardkit.ui_dom.friends_page import FriendsPage
from cardkit.ui_dom.turn_loop import Loop
from durak import table_net
from durak.family.entry import FamilyGame, FamilyView
from durak.family.options import FamilyRules, rules_from_text
from durak.family.registry import GAMES
from durak.pile.view import PileView
from durak.record import RecordError
from durak.sight import TableView
from durak.ui_dom.friends.family_guest import FamilyGuest
from durak.ui_dom.game_kind import GameKind
from durak.ui_dom.i18n import WORDS, t
from durak.ui_dom.kinds import KINDS, Ctrl, host_of
from durak.ui_dom.play.family_controller import FamilyController, FamilyHost, Hooks, is_family
from durak.ui_dom.settings.prefs import Prefs
from durak.ui_dom.table import card_words
from durak.view import PlayerView

#: The controllers a table with friends is played with (each kind's, the host's and a
#: guest's).
Hosted = FamilyController


def read_rules(text: str) -> FamilyRules:
    """The table's rules the host's welcome says, as strictly as a view's: a game of
    the family's own rules text only (``RulesError``, a ``ValueError``, else)."""
    rules = rules_from_text(text)
    if rules.to_text() != text:
        raise ValueError(f"rules: {text[:40]} is not the rules' own text")
    return rules


#: A seat's view at a table of the family (the ordinary game's, with the match's
#: standing as the host sends it, a pile game's, or a view a kind's own guest draws).
View = PlayerView | TableView | PileView | FamilyView


def guest_kind(view: object) -> GameKind | None:
    """The kind whose guest controller draws ``view``
    (:attr:`~durak.ui_dom.game_kind.GameKind.guest_views`), if any."""
    for kind in KINDS.values():
        if kind.guest is not None and isinstance(view, kind.guest_views):
            return kind
    return None


def guest_controller(view: View, turn: int,
                     send: Callable[[str], None], on_change: Callable[[], None]) -> Hosted:
    """A guest's table: the host's view drawn by its kind's guest controller, the action
    chosen sent, not played."""
    kind = guest_kind(view)
    if kind is None or kind.guest is None:
        raise TypeError(f"no guest's table draws a {type(view).__name__}")
    guest: Hosted = kind.guest(view, turn, send, Hooks(guest_think, guest_pause, on_change))
    return guest


def update_guest(ctrl: Hosted, seat: GuestSeat, view: View, turn: int) -> bool:
    """A new view from the host: the guest's table ``ctrl`` follows it (its ``follow``:
    the ordinary game's seat's sight, a pile game's moves read from the views, a kind's
    own guest its views, the dealing's steps shown so far), the wait over; ``False``
    where the view is another kind's, whose guest's table is to take over (the dealing
    game's play has begun)."""
    kind = guest_kind(view)
    if kind is None or kind.guest is None:
        seat.receive(view, turn)  # drawn by no guest's table: kept, the wait over
        return True
    if not isinstance(ctrl, kind.guest):
        return False
    ctrl.follow(view, turn)
    return True


def _replayed(record: str) -> tuple[GameKind, FamilyGame]:
    """The kind and the game a record the host sent holds, replayed by the reader of the
    game whose text record's first word it starts with (its registry entry's); a
    :class:`ValueError` if no game of the family writes such a record."""
    head = record.split(" ", 1)[0]
    for entry in GAMES.values():
        if entry.record.head == head:
            return KINDS[entry.kind], entry.record.read_text(record)
    raise ValueError(f"not a record of the family's games: {head[:20]}")


def guest_game(record: str, view: object) -> Any:
    """The finished game a guest's page shows and reviews, from the record the host
    sent at the table's end (its kind's :attr:`~durak.ui_dom.game_kind.GameKind.played`
    of the record's replay): never what its page holds (the
    ordinary guest's holds its seat's views and no game; a pile guest's holds only what
    its views showed).  Refused (``ValueError``, saying
    why) unless it replays, is over and is the game on the table: its final view of the
    guest's seat is the guest's last ``view`` (so a pile record never passes for an
    ordinary game's, nor the other way round)."""
    kind, replayed = _replayed(record)
    game = replayed if kind.played is None else kind.played(replayed)
    if game.result is None:
        raise ValueError("the game is not over")
    seat = getattr(view, "seat", None)
    if type(seat) is not int or not 0 <= seat < game.rules.players or game.view(seat) != view:
        raise ValueError("not the game on the table")
    return game


def seen_words(view: View) -> str:
    """One line of what a guest's seat saw, in the page's language and card words (what
    :func:`durak.table_net.seen_line` says in notation), as the view's kind words it
    (:attr:`~durak.ui_dom.game_kind.GameKind.seen`)."""
    kind = guest_kind(view)
    return "" if kind is None or kind.seen is None else kind.seen(view)


class DurakPage(FriendsApp, Protocol):
    """What Durak's record reads of the game's page (:class:`durak.ui_dom.app.App`)."""

    ctrl: Ctrl

    @property
    def prefs(self) -> Prefs: ...

    def _controller(self, prefs: Prefs, seed: int) -> Ctrl: ...

    def replace_match(self, ctrl: Ctrl) -> None: ...

    def seat(self, ctrl: Ctrl) -> None: ...

    def new_match(self) -> None: ...


class DurakFriends(FriendsGame[Hosted, View, FamilyRules]):
    """Durak's table with friends (every game of the family, asked of the controller
    playing its series: :class:`~durak.ui_dom.play.family_controller.FamilyHost`)."""

    app: DurakPage
    views = table_net
    words = WORDS
    seen_words = staticmethod(seen_words)

    def table(self, ctrl: Loop) -> Hosted | None:
        return ctrl if is_family(ctrl) else None

    def seat_of(self, ctrl: Loop) -> GuestSeat | None:
        return ctrl.guest if isinstance(ctrl, FamilyGuest) else None

    def own_table(self) -> None:
        self.app.new_match()

    def host_controller(self, seed: int) -> Hosted | None:
        app = self.app
        ctrl = app._controller(app.prefs, seed)
        if host_of(ctrl) is None:
            app.show_notices([t("friends.not_hosted")])
            return None
        return ctrl

    def seat_game(self, ctrl: Hosted) -> SeatGame:
        host = _host(ctrl)
        return table_net.seat_game(host.table_game, host.table_standing, host.table_reading)

    def players(self, ctrl: Hosted) -> int:
        return int(ctrl.rules.players)

    def game_number(self, ctrl: Hosted) -> int:
        return ctrl.number

    def rules_text(self, ctrl: Hosted) -> str:
        return ctrl.rules.to_text()

    def game_id(self, ctrl: Hosted) -> str:
        return _host(ctrl).game_id()

    def resumable(self, ctrl: Hosted) -> bool:
        return host_of(ctrl) is not None and not ctrl.over

    def finished(self, ctrl: Hosted) -> bool:
        return host_of(ctrl) is not None and ctrl.over

    def record(self, ctrl: Hosted) -> str | None:
        if not ctrl.over:
            return None
        return _host(ctrl).table_record()

    def play_again(self, ctrl: Hosted) -> Hosted | None:
        """The series' next game on the same controller, as a lone player's end's Next
        game deals it (at a table with friends the end offers none: this is the way on;
        the standing, the records and the statistics go on); a match played to its
        points that is over (no Next game) gives way to a new match of the table's
        rules."""
        if ctrl.act("next-game", None):
            return ctrl
        from dataclasses import replace

        from cardkit.ui_dom.page_shell import fresh_seed

        rules = ctrl.rules
        return self.table(self.app._controller(replace(self.app.prefs, rules=rules),
                                               fresh_seed()))

    def guest_controller(self, view: View, turn: int, send: Callable[[str], None],
                         on_change: Callable[[], None]) -> Hosted:
        return guest_controller(view, turn, send, on_change)

    def update_guest(self, ctrl: Hosted, seat: GuestSeat, view: View, turn: int,
                     table_game: str) -> None:
        if not update_guest(ctrl, seat, view, turn):
            self.seat_guest(guest_controller(view, turn, seat.send, self.app.rerender))

    def read_rules(self, text: str) -> FamilyRules:
        return read_rules(text)

    def count(self, record: str, seat: int, table_game: str) -> None:
        from durak.ui_dom.stats import stats_view

        try:
            kind, game = _replayed(record)  # none of the family's: a ValueError
            facts = kind.facts(game, seat)
        except (RecordError, ValueError, IndexError):
            return  # a record that does not replay counts for nothing
        stats_view.count_finished(game.rules, facts, f"friends:{table_game}",
                                   friends=True)

    def table_record(self, record: str) -> bool:
        # A guest's end, record and review show the host's game (guest_game), where its
        # seat shows one (FamilyGuest.record_class; the dealing's guest shows none).
        ctrl = self.app.ctrl
        if not isinstance(ctrl, FamilyGuest) or ctrl.guest is None:
            return False
        shown = ctrl.record_class()
        if shown is None:
            return False
        try:
            game = guest_game(record, ctrl.guest.view)
        except IndexError as e:  # a record that does not replay: refused as any other
            raise ValueError(str(e)) from e
        # Its kind is the table's: its final view is the seat's last (guest_game).
        ctrl.guest_game = game if isinstance(game, shown) else None
        self.app.rerender()
        return ctrl.guest_game is not None

    def set_names(self, names: dict[int, str], seats: int) -> None:
        card_words.set_names(names)


def friends_page(app: DurakPage) -> FriendsPage[Hosted, View, FamilyRules]:
    """The page's table with friends, Durak's record registered."""
    return FriendsPage(app, DurakFriends(app))


def _host(ctrl: Hosted) -> FamilyHost:
    """The host's controller ``ctrl``, which plays the series (the host's table asks it
    alone; a guest's is never asked: a :class:`TypeError`)."""
    host = host_of(ctrl)
    if host is None:
        raise TypeError("a guest's table plays no series")
    return host
