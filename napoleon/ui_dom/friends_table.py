"""Napoleon's table with friends: 4–6 seats, the host's match, a guest's table.

The lobby, the link, the panel and both sessions are the page shell's
(:class:`cardkit.ui_dom.friends_page.FriendsPage`); this fills in Napoleon's
part.  The host's match is a new one with the rules in force (any number of
seats Napoleon has); the seats nobody takes are the host's computers, at the
host's level.  The table goes on by itself after a trick and between games
(:meth:`napoleon.ui_dom.controller.Controller.forced_move_due`): a guest has no
NEXT to press on the host's page.  At each game's end every guest gets that
game's record (:func:`napoleon.table_net.record_message`, the JSON record a
record screen imports): its page replays it (:func:`napoleon.table_net.read_record`)
and writes the 譜 as this page writes it at a game's end, in its own language and
suits, its seats named as its table names them: on its table at the game's
result, and every game of the match so far on the record screen (the panel's
"Record" button, the menu's 譜), after the table's end too.

A guest's page draws only the :class:`~napoleon.view.PlayerView` it was sent (the
same JSON the computers decide from), through the table's own drawing and
clicks (:func:`guest_controller`); the action chosen is sent to the host, not
played.  No game is held on the guest's page at all.

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
from typing import Any

from cardkit.table_net.guest_session import GuestSeat, guest_pause, guest_think
from cardkit.ui_dom.friends_page import FriendsPage
from napoleon import table_net
from napoleon.cards import cards_of
from napoleon.game import Game, Phase
from napoleon.rules import Rules
from napoleon.ui_dom.card_words import card_name, seat_name, set_seats
from napoleon.ui_dom.controller import Controller, Selection
from napoleon.ui_dom.i18n import language, t
from napoleon.view import PlayerView


def guest_controller(view: PlayerView, turn: int, send: Callable[[str], None],
                     on_change: Callable[[], None]) -> Controller:
    """A guest's table: the host's view drawn from the guest's chair, the action
    chosen sent, not played (the controller's match is an empty one of the same
    rules, never drawn: every drawing reads the view)."""
    ctrl = Controller(view.rules, 0, "easy", guest_think, guest_pause, on_change,
                      humans=(view.seat,))
    ctrl.guest = GuestSeat(view, turn, send)
    ctrl.sync()
    return ctrl


def read_rules(text: str) -> Rules:
    """The table's rules the host's welcome says, as strictly as a view's: the rules'
    own text only (:class:`~napoleon.rules.RulesError`, a ``ValueError``, else)."""
    rules = Rules.from_text(text)
    if rules.to_text() != text:
        raise ValueError(f"rules: {text[:40]} is not the rules' own text")
    return rules


def match_over(ctrl: Controller) -> bool:
    """Whether the host's match is over (its last game finished)."""
    m = ctrl.match
    return m.game.result is not None and m.game_number >= m.rules.match_games


def finished_records(ctrl: Controller, start: int) -> list[str]:
    """The records of the match's finished games past the first ``start``."""
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


class Friends(FriendsPage):
    """Napoleon's table with friends."""

    def __init__(self, app: Any) -> None:
        super().__init__(app, table_net, t, language)
        #: The language the panel was drawn in (redrawn when the page's changes).
        self.drawn_in = ""

    def host_controller(self, seed: int) -> Controller:
        ctrl: Controller = self.app._controller(self.app.prefs, seed)
        return ctrl

    def guest_controller(self, view: Any, turn: int, send: Callable[[str], None],
                         on_change: Callable[[], None]) -> Controller:
        return guest_controller(view, turn, send, on_change)

    def update_guest(self, ctrl: Any, seat: GuestSeat, view: Any, turn: int) -> None:
        # The next game's deal: its controls start afresh, as at this page's own next game.
        new_game = seat.view.phase is Phase.RESULT and view.phase is not Phase.RESULT
        super().update_guest(ctrl, seat, view, turn)
        if new_game:
            ctrl.sel = Selection()
        ctrl.sync()
        if view.result is not None and self.invite is not None:
            from napoleon.ui_dom import stats_view

            # The same scored view sent again (a reconnection) has the same turn: the
            # statistics count one id once.
            stats_view.count_with_friends(view.rules.preset_name() or "custom", view.result,
                                          view.seat, f"friends:{self.invite.room}:{turn}")

    def seen_words(self, view: Any) -> str:
        return seen_words(view)

    def game_number(self, ctrl: Any) -> int:
        return int(ctrl.match.game_number)

    def rules_text(self, ctrl: Any) -> str:
        return str(ctrl.match.rules.to_text())

    def read_rules(self, text: str) -> Rules:
        return read_rules(text)

    def game_id(self, ctrl: Any) -> str:
        m = ctrl.match
        return f"{ctrl.match_seed}:{m.game_number}:{m.seeds[-1]}"

    def resumable(self, ctrl: Any) -> bool:
        return (isinstance(ctrl, Controller) and ctrl.guest is None
                and not ctrl.handover.active and not match_over(ctrl))

    def record(self, ctrl: Any) -> str | None:
        # Over: each game's record went at that game's end (game_records).
        return "" if match_over(ctrl) else None

    def game_records(self, ctrl: Any, start: int) -> list[str]:
        return finished_records(ctrl, start)

    def read_record(self, text: str, number: int) -> Any:
        view = self.guest.table.view if self.guest is not None else None
        return table_net.read_record(text, view if isinstance(view, PlayerView) else None,
                                     number)

    def records_changed(self) -> None:
        ctrl = self.app.ctrl
        if isinstance(ctrl, Controller) and ctrl.guest is not None:
            ctrl.guest_games = self.games()
        self.show_games(open_panel=False)
        self.app.rerender()

    def show_records(self) -> None:
        self.show_games(open_panel=True)

    def show_games(self, open_panel: bool) -> None:
        record_view = self.app.record_view
        if record_view is None or not self.records:
            return
        record_view.show_games(self.games(), guest_seat_names, open_panel, self.my_seat())

    def my_seat(self) -> int:
        """A guest's seat (the host's welcome gave it; its view says it too): the one
        whose decisions the review of the match's games judges."""
        guest = self.guest
        seat = guest.seat() if guest is not None else None
        if seat is None and guest is not None and isinstance(guest.table.view, PlayerView):
            seat = guest.table.view.seat
        return 0 if seat is None else seat

    def games(self) -> list[Game]:
        """The match's finished games kept (:attr:`records`), game 1 first."""
        return [self.records[n] for n in sorted(self.records)]

    def set_names(self, names: dict[int, str]) -> None:
        """People by the panel's names, computers by its seat numbers ("CPU3" sits
        in the panel's "Seat 3", whichever chair the table is drawn from)."""
        seats = self.host.referee.seat_infos() if self.host is not None else (
            self.guest.table.seats if self.guest is not None else ())
        computers = {i: t("seat.cpu", n=i + 1) for i in range(len(seats))}
        mine = next((s for s, n in names.items() if n == t("seat.you")), 0)
        set_seats(mine, None, computers | names)

    def draw_panel(self) -> None:
        self.drawn_in = language()
        super().draw_panel()

    def own_table(self) -> None:
        self.app.start_match(self.app.prefs)
