"""Napoleon's table with friends: 4–6 seats, the host's match, a guest's table.

The lobby, the link, the panel and both sessions are the page shell's
(:class:`cardkit.ui_dom.friends_page.FriendsPage`); this is Napoleon's record
for it (:class:`NapoleonFriends`, a :class:`cardkit.ui_dom.friends_game.FriendsGame`).
The host's match is a new one with the rules in force (any number of seats
Napoleon has); the seats nobody takes are the host's computers, at the
host's level.  The table goes on by itself after a trick and between games
(:meth:`napoleon.ui_dom.controller.Controller.forced_move_due`): a guest has no
NEXT to press on the host's page.  At each game's end every guest gets that
game's record (:func:`napoleon.table_net.record_message`, the JSON record a
record screen imports): its page replays it (:func:`napoleon.table_net.read_record`)
and writes the 譜 as this page writes it at a game's end, in its own language and
suits, its seats named as its table names them: on its table at the game's
result, and every game of the match so far on the record screen (the panel's
"Record" button, the menu's 譜), after the table's end too.  At the match's end
the host may play again at the same table (:meth:`NapoleonFriends.play_again`): a
new match of the same rules, to the same seats.

A guest's page draws only the :class:`~napoleon.view.PlayerView` it was sent (the
same JSON the computers decide from), through the table's own drawing and
clicks (:class:`napoleon.ui_dom.guest_controller.GuestController`); the action
chosen is sent to the host, not played.  No game is held on the guest's page at all.

The shell keeps the host's table (``napoleon.friends.*``): a reload of the host's
page reopens it on the match it kept, not over; a guest's record line is
:func:`napoleon.table_net.seen_line` (worded on its page by :func:`seen_words`).
A game with friends is counted in the statistics apart, in the preset's tally
with friends: the host's as its match scores it, a guest's from the scored view
the host sends at each game's end (its ``result``, which the record sent after it
repeats).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from cardkit.table_net.guest_session import GuestSeat
from cardkit.table_net.referee import SeatGame
from cardkit.ui_dom.friends_game import FriendsApp, FriendsGame
from cardkit.ui_dom.friends_page import FriendsPage
from cardkit.ui_dom.turn_loop import Loop
from napoleon import table_net
from napoleon.cards import cards_of
from napoleon.game import Game
from napoleon.rules import Rules
from napoleon.ui_dom.card_words import card_name, seat_name, set_seats
from napoleon.ui_dom.controller import Controller
from napoleon.ui_dom.guest_controller import GuestController, Table
from napoleon.ui_dom.i18n import WORDS, t
from napoleon.ui_dom.prefs import Prefs
from napoleon.view import PlayerView


def read_rules(text: str) -> Rules:
    """The table's rules the host's welcome says, as strictly as a view's: the rules'
    own text only (:class:`~napoleon.rules.RulesError`, a ``ValueError``, else)."""
    rules = Rules.from_text(text)
    if rules.to_text() != text:
        raise ValueError(f"rules: {text[:40]} is not the rules' own text")
    return rules


def hosting(ctrl: Table) -> Controller:
    """The host's table (what the shell asks of the host's page only)."""
    if not isinstance(ctrl, Controller):
        raise TypeError("a guest's page holds no match")
    return ctrl


def match_over(ctrl: Table) -> bool:
    """Whether the host's match is over (its last game finished; never on a guest's
    page, which holds no match)."""
    if not isinstance(ctrl, Controller):
        return False
    m = ctrl.match
    return m.game.result is not None and m.game_number >= m.rules.match_games


def finished_records(ctrl: Table, start: int) -> list[str]:
    """The records of the match's finished games past the first ``start`` (none on a
    guest's page)."""
    if not isinstance(ctrl, Controller):
        return []
    out = []
    for game in ctrl.match.games[start:]:
        if game.result is None:
            break
        out.append(table_net.record_message(game))
    return out


def guest_seat_names(n: int) -> list[str]:
    """The seats' names in a guest's 譜: as its table names them ("You", the
    friends' names, the computers by the panel's seat numbers)."""
    return [seat_name(i) for i in range(n)]


def seen_words(view: PlayerView) -> str:
    """One line of what a guest's seat saw, in the page's language and card words:
    what :func:`napoleon.table_net.seen_line` says in notation (the phase, the trick,
    who led it and its cards so far, the own hand, the honours taken), from the view
    alone."""
    sep = t("list.sep")

    def names(cards: list[int]) -> str:
        return sep.join(card_name(c) for c in cards) or t("seen.nothing")

    trick = view.current_trick
    return t("seen.line", phase=t(f"seen.phase.{view.phase.value}"), n=view.trick_index + 1,
             leader=seat_name(trick.leader), played=names(list(trick.cards)),
             hand=names(list(cards_of(view.hand))),
             honours=view.captured[view.seat].bit_count())


class NapoleonPage(FriendsApp, Protocol):
    """What Napoleon's record reads of the game's page (:class:`napoleon.ui_dom.app.App`)."""

    ctrl: Table

    @property
    def prefs(self) -> Prefs: ...

    @property
    def record_view(self) -> GamesScreen | None: ...

    def _controller(self, prefs: Prefs, seed: int) -> Controller: ...

    def replace_match(self, ctrl: Table) -> None: ...

    def seat(self, ctrl: Table) -> None: ...

    def start_match(self, prefs: Prefs) -> None: ...


class GamesScreen(Protocol):
    """The record screen as a guest's page shows the match's games
    (:mod:`napoleon.ui_dom.record_view`)."""

    def show_games(self, games: list[Game], seat_names: Callable[[int], list[str]],
                   open_panel: bool, seat: int) -> None: ...


class NapoleonFriends(FriendsGame[Table, PlayerView, Rules]):
    """Napoleon's table with friends."""

    app: NapoleonPage
    views = table_net
    words = WORDS
    seen_words = staticmethod(seen_words)

    def table(self, ctrl: Loop) -> Table | None:
        return ctrl if isinstance(ctrl, Controller | GuestController) else None

    def seat_of(self, ctrl: Loop) -> GuestSeat | None:
        return ctrl.guest if isinstance(ctrl, GuestController) else None

    def own_table(self) -> None:
        """A new match of the page's own, its computers' worker started with it as at the
        page's own start (a guest's page never started it; a host's has it already)."""
        self.app.start_match(self.app.prefs)
        self.app.computers.connect()

    def host_controller(self, seed: int) -> Controller:
        return self.app._controller(self.app.prefs, seed)

    def seat_game(self, ctrl: Table) -> SeatGame:
        host = hosting(ctrl)
        return table_net.seat_game(lambda: host.match.game)

    def players(self, ctrl: Table) -> int:
        return int(ctrl.rules.players)

    def game_number(self, ctrl: Table) -> int:
        return ctrl.game_number()

    def rules_text(self, ctrl: Table) -> str:
        return str(ctrl.rules.to_text())

    def game_id(self, ctrl: Table) -> str:
        m = hosting(ctrl).match
        return f"{ctrl.match_seed}:{m.game_number}:{m.seeds[-1]}"

    def resumable(self, ctrl: Table) -> bool:
        return (isinstance(ctrl, Controller) and not ctrl.handover.active
                and not match_over(ctrl))

    def finished(self, ctrl: Table) -> bool:
        return isinstance(ctrl, Controller) and not ctrl.handover.active and match_over(ctrl)

    def record(self, ctrl: Table) -> str | None:
        # Over: each game's record went at that game's end (game_records).
        return "" if match_over(ctrl) else None

    def game_records(self, ctrl: Table, start: int) -> list[str]:
        return finished_records(ctrl, start)

    def play_again(self, ctrl: Table) -> Table | None:
        """A new match of the table's rules, its games numbered from 1: the table ends
        its games with its match (each game's record sent, each counted), so playing
        again is what the host alone does after a match, a new match."""
        from dataclasses import replace

        from cardkit.ui_dom.page_shell import fresh_seed

        rules = hosting(ctrl).rules
        return self.app._controller(replace(self.app.prefs, rules=rules), fresh_seed())

    def guest_controller(self, view: PlayerView, turn: int, send: Callable[[str], None],
                         on_change: Callable[[], None]) -> Table:
        return GuestController(view, turn, send, on_change)

    def update_guest(self, ctrl: Table, seat: GuestSeat, view: PlayerView, turn: int,
                     table_game: str) -> None:
        if isinstance(ctrl, GuestController):
            ctrl.follow(view, turn)
        if view.result is not None:
            from napoleon.ui_dom import stats_view

            # The same scored view sent again (a reconnection) has the same turn: the
            # statistics count one id once.
            stats_view.count_with_friends(stats_view.preset_key(view.rules), view.result,
                                          view.seat, f"friends:{table_game}:{turn}")

    def read_rules(self, text: str) -> Rules:
        return read_rules(text)

    def read_record(self, text: str, number: int, view: PlayerView | None) -> Game:
        return table_net.read_record(text, view, number)

    def records_changed(self, records: list[object], seat: int) -> None:
        ctrl = self.app.ctrl
        if isinstance(ctrl, GuestController):
            ctrl.take_games(games(records))
        self.show_games(records, seat, open_panel=False)
        self.app.rerender()

    def show_records(self, records: list[object], seat: int) -> None:
        self.show_games(records, seat, open_panel=True)

    def show_games(self, records: list[object], seat: int, open_panel: bool) -> None:
        record_view = self.app.record_view
        if record_view is None or not records:
            return
        record_view.show_games(games(records), guest_seat_names, open_panel, seat)

    def set_names(self, names: dict[int, str], seats: int) -> None:
        """People by the panel's names, computers by its seat numbers ("CPU3" sits
        in the panel's "Seat 3", whichever chair the table is drawn from)."""
        computers = {i: t("seat.cpu", n=i + 1) for i in range(seats)}
        mine = next((s for s, n in names.items() if n == t("seat.you")), 0)
        set_seats(mine, None, computers | names)


def games(records: list[object]) -> list[Game]:
    """The match's finished games a guest's page kept (each one :func:`read_record` read)."""
    return [g for g in records if isinstance(g, Game)]


def friends_page(app: NapoleonPage) -> FriendsPage[Table, PlayerView, Rules]:
    """The page's table with friends, Napoleon's record registered."""
    return FriendsPage(app, NapoleonFriends(app))
