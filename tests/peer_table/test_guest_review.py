"""A guest's review at a table with friends judges the guest's own seat's decisions,
said "you", never the host's (seat 0), in Napoleon and every game of the Durak family;
the host's page reviews seat 0 as before.  Only a finished game is reviewed on a
guest's page, the host's record of it (every hand open then): never what its page drew
from its views, and nothing of a game in progress."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from cardkit.ui_dom import friends_guest, friends_page
from cardkit.ui_dom.pass_play import Handover, reviewed
from cardkit.ui_dom.review_frame import LONE
from durak.family.modes import CHUKHONSKY, SUIT_DEAL
from durak.game import Game
from durak.pile.options import PileRules
from durak.record import text_record
from durak.rules import Rules
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.playout import play_random_game as play_suit_deal
from durak.suit_deal.record import text_record as suit_deal_record
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.ui_dom.friends import friends_table
from durak.ui_dom.friends.guest_controller import GuestController
from durak.ui_dom.i18n import t
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import FamilyController, Hooks
from durak.ui_dom.play.pile_controller import PileController
from tests.durak_ui.test_controller import _no_pause, _think, click_first
from tests.friends import shell


def test_a_guests_review_judges_its_own_seats_decisions_not_the_hosts() -> None:
    """The one question every review asks (``reviewed``): a guest's seat is the one
    reviewed, said "you"; the host's page, and a page alone, seat 0 as before."""
    assert reviewed(None, t, guest=2) == ((2, ""),)
    assert reviewed(Handover((0,)), t, guest=1) == ((1, ""),)
    assert reviewed(Handover((3,)), t) == ((3, ""),)  # a table drawn from seat 3 alone
    assert reviewed(None, t) == reviewed(Handover((0,)), t) == LONE


def _host_durak(rules: Rules, seed: int) -> tuple[Controller, Game]:
    """A whole ordinary game on the host's table, and the game as it was dealt."""
    host = Controller(rules, seed, "easy", Hooks(_think, _no_pause, lambda: None))
    dealt = host.game.clone()
    asyncio.run(host.start())
    for _ in range(600):
        if host.over:
            break
        asyncio.run(host.handle(*click_first(host)))
    assert host.over
    return host, dealt


def _guest_at_end(rules: Rules, seed: int, seat: int = 1) -> tuple[GuestController, Game]:
    """An ordinary guest's page (``seat``) that was sent every view of a host's game
    to its end; the host's finished game."""
    host, g = _host_durak(rules, seed)
    guest = friends_table.guest_controller(g.view(seat), 0, lambda _a: None, lambda: None)
    assert isinstance(guest, GuestController) and guest.guest is not None
    for turn, (who, action) in enumerate(host.game.actions(), 1):
        g.apply(action, who)
        friends_table.update_guest(guest, guest.guest, g.view(seat), turn)
    return guest, host.game


def test_every_kind_of_guest_table_reviews_the_guests_seat_and_the_host_seat_0() -> None:
    """The ordinary game's, a pile game's and suit_deal's guest controllers (each as
    its view arrives) all answer the guest's seat; the host's controllers seat 0."""
    hooks = Hooks(_think, _no_pause, lambda: None)
    durak = Game.new(Rules(players=3), 4)
    pile = PileController(PileRules.from_text(f"mode={CHUKHONSKY}&players=3"), 4, "easy",
                          hooks).game
    dealing = SuitDealGame.new(Rules(players=3, mode=SUIT_DEAL), 4)
    for view, seat in ((durak.view(2), 2), (pile.view(2), 2), (dealing.view(1), 1)):
        guest = friends_table.guest_controller(view, 0, lambda _a: None, lambda: None)
        assert guest.reviewed(t) == ((seat, ""),), guest.kind
    hosts: list[FamilyController] = [Controller(Rules(players=3), 1, "easy", hooks),
             PileController(PileRules.from_text(f"mode={CHUKHONSKY}&players=3"), 1, "easy",
                            hooks),
             SuitDealController(Rules(players=3, mode=SUIT_DEAL), 1, "easy", hooks)]
    for host in hosts:
        assert host.reviewed(t) == LONE, host.kind


class _App:
    def __init__(self, ctrl: Any) -> None:
        self.ctrl = ctrl
        self.drawn = 0
        self.computers = shell.Computers()

    def rerender(self) -> None:
        self.drawn += 1


class _Friends:
    """A guest's page's table with friends (Durak's record in the shell) whose dropped
    messages are listed, not shown."""

    def __init__(self, ctrl: Any, monkeypatch: pytest.MonkeyPatch) -> None:
        self.app = _App(ctrl)
        self.page = friends_page.FriendsPage(self.app, friends_table.DurakFriends(self.app))  # type: ignore[arg-type]
        self.dropped: list[str] = []
        monkeypatch.setattr(friends_guest, "dropped", lambda _page, reason, detail:
                            self.dropped.append(f"{reason}: {detail}"))

    def table_record(self, record: str) -> bool | None:
        """The host's record at the table's end, as the guest's page takes it."""
        return friends_guest.table_record(self.page, record)


def _friends(ctrl: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[_Friends, list[str]]:
    friends = _Friends(ctrl, monkeypatch)
    return friends, friends.dropped


@pytest.mark.parametrize(("rules", "seed"), [(Rules(), 3), (Rules(players=3), 5)])
def test_a_guest_reviews_the_hosts_finished_game_from_its_record_never_its_views(
        rules: Rules, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """At the end the guest's page holds what its seat saw (its views, no game): nothing
    is offered for review from it.  The record the host sends at
    the table's end is the game its end and review show, judged as the guest's seat."""
    guest, game = _guest_at_end(rules, seed)
    assert guest.over  # its last view says so
    assert guest.finished_games() == []
    friends, dropped = _friends(guest, monkeypatch)
    friends.table_record(text_record(game))
    assert dropped == [] and friends.app.drawn == 1
    ((reviewed_game, _number),) = guest.finished_games()
    assert reviewed_game.actions() == game.actions()
    assert guest.reviewed(t) == ((1, ""),)


def test_a_guest_refuses_a_record_that_is_not_the_finished_game_on_its_table(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A record of a game in progress, of another deal, or that does not replay is
    dropped with its notice: nothing is reviewed."""
    guest, game = _guest_at_end(Rules(), 3)
    friends, dropped = _friends(guest, monkeypatch)
    unfinished_text = text_record(Game.new(Rules(), 3))
    other, _ = _host_durak(Rules(), 8)
    for record in (unfinished_text, text_record(other.game), "DURAK nonsense",
                   "CHESS 1. e4"):
        friends.table_record(record)
    assert len(dropped) == 4 and guest.guest_game is None
    assert guest.finished_games() == []
    friends.table_record(text_record(game))  # the host's own record is taken
    assert len(dropped) == 4 and guest.finished_games() != []


def test_a_suit_deal_guest_reviews_the_play_of_the_hosts_record(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """suit_deal's play runs on the ordinary guest's table: its review is the play part
    of the two-part record the host sends, judged as the guest's seat."""
    for seed in range(1, 30):
        g = play_suit_deal(SuitDealGame.new(Rules(mode=SUIT_DEAL, players=3), seed),
                           random.Random(seed))
        if g.play is not None:
            break
    assert g.play is not None and g.play.result is not None
    guest = friends_table.guest_controller(g.play.view(2), 0, lambda _a: None, lambda: None)
    assert isinstance(guest, GuestController)
    friends, dropped = _friends(guest, monkeypatch)
    friends.table_record(suit_deal_record(g, None, 2))
    assert dropped == []
    assert guest.guest_game is not None
    assert guest.guest_game.actions() == g.play.actions()
    assert guest.reviewed(t) == ((2, ""),)


def test_a_napoleon_guests_record_screen_reviews_its_own_seat(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The guest's Record button shows the match's games the host sent; their review
    judges the guest's seat (its welcome's), not seat 0; the guest's table too."""
    from napoleon.match import Match
    from napoleon.rules import Rules as NapoleonRules
    from napoleon.ui_dom import friends_table as napoleon_friends
    from napoleon.ui_dom import record_view
    from napoleon.ui_dom.guest_controller import GuestController

    monkeypatch.setattr(record_view, "render_record", lambda: None)
    match = Match(NapoleonRules(), 5)
    ctrl = GuestController(match.game.view(3), 0, lambda _a: None, lambda: None)
    assert reviewed(ctrl.handover, t) == ((3, ""),)

    class Guest:
        def seat(self) -> int:
            return 3

    class App:
        pass

    app = App()
    app.record_view = record_view  # type: ignore[attr-defined]
    game = napoleon_friends.NapoleonFriends(app)  # type: ignore[arg-type]
    page = friends_page.FriendsPage(app, game)  # type: ignore[arg-type]
    page.guest = Guest()  # type: ignore[assignment]
    page.records = {1: match.game}
    game.show_games(friends_guest.records(page), friends_guest.my_seat(page), open_panel=False)
    assert record_view._state.people == ((3, ""),)
