"""Durak's table with friends: what is Durak's in the page shell's
(:class:`cardkit.ui_dom.friends_page.FriendsPage`, every game's lobby, link,
panel and sessions).

Only the ordinary game is hosted.  A guest's controller (:func:`guest_controller`)
draws the view the host sent and sends the action chosen instead of playing it.
The table under the view is one deal consistent with it
(:func:`durak.ai.worlds.sample_world`, as the computers imagine one): the
drawing reads only the guest's own view, which holds no other seat's card.

After a reload of the host's page the table goes on (the shell's
:meth:`~cardkit.ui_dom.friends_page.FriendsPage.resume`) if the game on the
table is the ordinary one it kept, not over.  A guest's record line is
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
from durak.family.modes import DURAK
from durak.match import Match
from durak.record import RecordError, replay_text, text_record
from durak.ui_dom import card_words
from durak.ui_dom.controller import Controller
from durak.ui_dom.family_controller import Hooks
from durak.ui_dom.i18n import language, t
from durak.view import PlayerView


async def _never(_view: str, _level: str, _seed: int) -> str:
    raise RuntimeError("a guest's page decides for no seat")


async def _no_pause() -> None:
    return None


def _world(view: PlayerView) -> Match:
    return Match.of_game(sample_world(view, random.Random(0)))


def guest_controller(view: PlayerView, turn: int, send: Callable[[str], None],
                     on_change: Callable[[], None]) -> Controller:
    """A guest's table: the host's view drawn, the action chosen sent, not played."""
    ctrl = Controller(view.rules, 0, "easy", Hooks(_never, _no_pause, on_change),
                      match=_world(view), humans=(view.seat,))
    ctrl.guest = GuestSeat(view, turn, send)
    return ctrl


def update_guest(ctrl: Controller, seat: GuestSeat, view: PlayerView, turn: int) -> None:
    """A new view from the host: the table under it dealt again, the wait over."""
    with contextlib.suppress(ValueError):  # a finished table: the view says all
        ctrl.match = _world(view)
    seat.view, seat.turn, seat.waiting = view, turn, False
    ctrl.sel, ctrl.slot = 0, -1


class Friends(FriendsPage):
    """Durak's table with friends (the ordinary game's)."""

    def __init__(self, app: Any) -> None:
        super().__init__(app, table_net, t, language)

    def host_controller(self, seed: int) -> Controller | None:
        app = self.app
        ctrl = app._controller(app.prefs, seed)
        if not isinstance(ctrl, Controller) or ctrl.match.rules.mode != DURAK:
            app.show_notices([t("friends.ordinary_only")])
            return None
        return ctrl

    def guest_controller(self, view: Any, turn: int, send: Callable[[str], None],
                         on_change: Callable[[], None]) -> Controller:
        return guest_controller(view, turn, send, on_change)

    def update_guest(self, ctrl: Any, seat: GuestSeat, view: Any, turn: int) -> None:
        update_guest(ctrl, seat, view, turn)

    def game_id(self, ctrl: Any) -> str:
        return f"{ctrl.match_seed}:{ctrl.match.number}:{ctrl.match.seeds[-1]}"

    def resumable(self, ctrl: Any) -> bool:
        return (isinstance(ctrl, Controller) and not ctrl.over
                and ctrl.match.rules.mode == DURAK)

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
        return text_record(ctrl.match.game) if ctrl.over else None

    def set_names(self, names: dict[int, str]) -> None:
        card_words.set_names(names)
