"""Durak's table with friends: what is Durak's in the page shell's
(:class:`cardkit.ui_dom.friends_page.FriendsPage`, every game's lobby, link,
panel and sessions).

The ordinary game and the pile games are hosted (:mod:`durak.table_net`).  A
guest's controller (:func:`guest_controller`) draws the view the host sent and
sends the action chosen instead of playing it.  The ordinary game's table under
the view is one deal consistent with it (:func:`durak.ai.worlds.sample_world`,
as the computers imagine one); a pile game's is what the view shows and the
moves the guest saw (:func:`durak.table_net.public_pile`): the drawing reads
only the guest's own view, which holds no other seat's card.

After a reload of the host's page the table goes on (the shell's
:meth:`~cardkit.ui_dom.friends_page.FriendsPage.resume`) if the game on the
table is the one it kept, not over.  A guest's record line is
:func:`durak.table_net.seen_line`; a finished game's record, sent by the host,
counts in the guest's statistics in the rules' tally with friends (its seat's
facts read from the record's replay).
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable
from typing import Any

from cardkit.ui_dom.friends import GuestSeat
from cardkit.ui_dom.friends_page import FriendsPage
from durak import table_net
from durak.ai.worlds import sample_world
from durak.family.modes import DURAK, KIND_PILE
from durak.match import Match
from durak.pile.actions import FromTalon
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.view import PileView
from durak.record import RecordError, replay_text, text_record
from durak.ui_dom import card_words
from durak.ui_dom.controller import Controller
from durak.ui_dom.family_controller import Hooks
from durak.ui_dom.i18n import language, t
from durak.ui_dom.pile_controller import PileController, talon_turn
from durak.view import PlayerView

#: The controllers a table with friends is hosted with (the ordinary game's, the
#: pile games'); the page's other modes get a notice.
Hosted = Controller | PileController


async def _never(_view: str, _level: str, _seed: int) -> str:
    raise RuntimeError("a guest's page decides for no seat")


async def _no_pause() -> None:
    return None


def _world(view: PlayerView) -> Match:
    return Match.of_game(sample_world(view, random.Random(0)))


def guest_controller(view: PlayerView | PileView, turn: int, send: Callable[[str], None],
                     on_change: Callable[[], None]) -> Hosted:
    """A guest's table: the host's view drawn, the action chosen sent, not played."""
    hooks = Hooks(_never, _no_pause, on_change)
    if isinstance(view, PileView):
        pile = PileController(PileRules.from_text(view.rules_text), 0, "easy", hooks,
                              game=table_net.public_pile(view, []), number=view.game)
        pile.guest = GuestSeat(view, turn, send)
        return pile
    ctrl = Controller(view.rules, 0, "easy", hooks, match=_world(view), humans=(view.seat,))
    ctrl.guest = GuestSeat(view, turn, send)
    return ctrl


def update_guest(ctrl: Hosted, seat: GuestSeat, view: PlayerView | PileView,
                 turn: int) -> None:
    """A new view from the host: the table under it dealt again (a pile game's: what
    it shows, its move added to those seen), the wait over."""
    if isinstance(ctrl, PileController) and isinstance(view, PileView):
        before = seat.view.moves if seat.view.game == view.game else None
        old = ctrl.game
        ctrl.game = table_net.public_pile(
            view, table_net.seen_moves(old.state.history, before, view))
        ctrl.number = view.game
        if before is None:
            ctrl.shown = []
        elif len(ctrl.game.state.history) > len(old.state.history):
            saw_pile_move(ctrl, old, seat.view, view)
    elif isinstance(ctrl, Controller):
        with contextlib.suppress(ValueError):  # a finished table: the view says all
            ctrl.match = _world(view)  # type: ignore[arg-type]
        ctrl.sel, ctrl.slot = 0, -1
    seat.view, seat.turn, seat.waiting = view, turn, False


def saw_pile_move(ctrl: PileController, old: PileGame, shown: PileView, view: PileView) -> None:
    """The move a guest was shown (``view``'s last, made after ``shown``), kept for its
    account of the recent moves; what a turn from the talon showed (polish) read as
    the host's page reads it, from the public table before it (``old``) and after it."""
    assert view.last is not None
    mover, action = view.last
    if isinstance(action, FromTalon):
        with contextlib.suppress(StopIteration, IndexError):  # a turn its views cannot say
            ctrl.talon_turns[len(ctrl.game.state.history) - 1] = talon_turn(
                shown.pile, shown.must_beat, old.state.hands[mover], ctrl.game.state, mover)
    ctrl.shown.append((shown, view))


class Friends(FriendsPage):
    """Durak's table with friends (the ordinary game's and the pile games')."""

    def __init__(self, app: Any) -> None:
        super().__init__(app, table_net, t, language)

    def host_controller(self, seed: int) -> Hosted | None:
        app = self.app
        ctrl = app._controller(app.prefs, seed)
        if not hosted(ctrl):
            app.show_notices([t("friends.ordinary_only")])
            return None
        return ctrl  # type: ignore[no-any-return]

    def table_game(self, ctrl: Any) -> Any:
        return ctrl.game if isinstance(ctrl, PileController) else ctrl.match.game

    def players(self, ctrl: Any) -> int:
        if isinstance(ctrl, PileController):
            return int(ctrl.rules.players)
        return int(ctrl.match.rules.players)

    def guest_controller(self, view: Any, turn: int, send: Callable[[str], None],
                         on_change: Callable[[], None]) -> Hosted:
        return guest_controller(view, turn, send, on_change)

    def update_guest(self, ctrl: Any, seat: GuestSeat, view: Any, turn: int) -> None:
        update_guest(ctrl, seat, view, turn)

    def game_id(self, ctrl: Any) -> str:
        if isinstance(ctrl, PileController):
            return f"{ctrl.rules.mode}:{ctrl.match_seed}:{ctrl.number}"
        return f"{ctrl.match_seed}:{ctrl.match.number}:{ctrl.match.seeds[-1]}"

    def resumable(self, ctrl: Any) -> bool:
        return hosted(ctrl) and not ctrl.over

    def count(self, record: str, seat: int, room: str) -> None:
        try:
            game = replay_text(record)
            from durak import stats as pure
            from durak.ui_dom import stats_view

            facts = pure.game_facts(game, seat)
        except (RecordError, ValueError, IndexError):
            return  # a record that does not replay counts for nothing
        stats_view.count_finished(game.rules, facts, f"friends:{room}", friends=True)

    def record(self, ctrl: Any) -> str | None:
        if not ctrl.over:
            return None
        if isinstance(ctrl, PileController):
            from durak.pile.record import text_record as pile_record

            return pile_record(ctrl.game, None, ctrl.match_seed)
        return text_record(ctrl.match.game)

    def set_names(self, names: dict[int, str]) -> None:
        card_words.set_names(names)


def hosted(ctrl: object) -> bool:
    """Whether a table with friends is hosted with ``ctrl``: the ordinary game, or a
    pile game (a remote human is one more kind of seat in its turn loop)."""
    if isinstance(ctrl, PileController):
        return ctrl.kind == KIND_PILE
    return isinstance(ctrl, Controller) and ctrl.match.rules.mode == DURAK
