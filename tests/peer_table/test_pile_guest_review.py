"""A pile game's guest at a table with friends reviews the finished game as the
ordinary game's guest does: from the record the host sends at the table's end (every
hand open then), never from the table its page holds (only what its views showed),
judging its own seat's decisions, said "you"; its end screen offers the review and
the game's link as a player alone's does, and nothing until that record has come.
A record that is not the finished game on its table is dropped with the notice."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from durak.ai.pile_review import decisions
from durak.family.modes import CHUKHONSKY, KURUKURU
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.playout import play_random_game
from durak.pile.record import text_record
from durak.record import text_record as durak_record
from durak.rules import Rules
from durak.ui_dom import i18n
from durak.ui_dom.friends import friends_table
from durak.ui_dom.friends.pile_guest_controller import PileGuestController
from durak.ui_dom.i18n import t
from durak.ui_dom.kinds import KINDS
from durak.ui_dom.review import pile_review_view
from durak.ui_dom.table import pile_table
from tests.durak_ui.test_pass_play_review import Worker
from tests.peer_table.test_guest_review import _friends
from tests.peer_table.test_guest_review import _guest_at_end as _durak_guest_at_end
from tests.shell.test_review_frame import Doc, Node, english_page, run

RULES = PileRules(mode=CHUKHONSKY, players=3)
SEED = 4
#: The guest's seat (the host's is 0).
SEAT = 2


@pytest.fixture
def doc(monkeypatch: pytest.MonkeyPatch) -> Iterator[Doc]:
    """The stand-in page the end screen and the review are drawn in, in English."""
    yield from english_page(monkeypatch, i18n)


def _host_game(seed: int = SEED, rules: PileRules = RULES) -> PileGame:
    return play_random_game(PileGame.new(rules, seed), random.Random(seed))


def _guest_at_end(game: PileGame, seat: int = SEAT) -> PileGuestController:
    """A pile guest's page (``seat``) that was sent each view of the host's ``game``,
    after every move, to its end."""
    g = _dealt(game)
    guest = friends_table.guest_controller(g.view(seat), 0, lambda _a: None, lambda: None)
    assert isinstance(guest, PileGuestController) and guest.guest is not None
    for who, action in game.state.history:
        g.apply(action, who)
        friends_table.update_guest(guest, guest.guest, g.view(seat), len(g.state.history))
    assert guest.over and guest.view() == game.view(seat)
    return guest


def _dealt(game: PileGame) -> PileGame:
    st = game.state
    return PileGame.from_deal(st.rules, st.dealer, list(st.dealt_hands), list(st.dealt_talon),
                              st.trump_card, st.game)


def _ids(box: Node) -> set[str]:
    return {n.id for n in box.walk() if n.id}


def test_a_pile_guests_end_screen_reviews_the_hosts_finished_game_as_its_own_seat(
        doc: Doc, monkeypatch: pytest.MonkeyPatch) -> None:
    """Until the host's record of the game comes, the guest's end screen offers no
    review, no link and no record (its table holds only what its views showed); with
    it, the review and the link of that game, whose review judges the guest's seat's
    decisions (said "you"), none of the host's or the other guest's."""
    game = _host_game()
    guest = _guest_at_end(game)
    kind = KINDS[guest.kind]
    box = pile_table.result_el(guest, guest.view())
    assert not {"btn-review", "btn-share-game", "game-words"} & _ids(box)
    assert guest.finished_games() == []

    friends, dropped = _friends(guest, monkeypatch)
    friends.table_record(text_record(game, None, 99))
    assert dropped == [] and friends.app.drawn == 1
    box = pile_table.result_el(guest, guest.view())
    assert {"btn-review", "btn-share-game", "share-url", "game-words"} <= _ids(box)
    assert "btn-next-game" not in _ids(box)  # the host deals the next game, if any
    ((shown, number),) = guest.finished_games()
    assert shown.state.history == game.state.history and number == game.state.game
    assert guest.share(shown, number)["moves"] == \
        guest.share(game, number)["moves"]

    worker = Worker()
    assert kind.review is not None
    run(lambda: kind.review(guest, worker))  # type: ignore[misc]
    planned = [args[1] for export, args in worker.asked if export.endswith("plan_json")]
    assert planned == [SEAT]
    plug = pile_review_view._slot.plug
    assert plug is not None and plug.people == ((SEAT, ""),) == guest.reviewed(t)
    assert plug.plan_here == sorted(decisions(game, SEAT)) and plug.plan_here
    assert plug.game is not None and plug.game.state.history == game.state.history


def test_a_pile_guest_refuses_a_record_that_is_not_the_finished_game_on_its_table(
        doc: Doc, monkeypatch: pytest.MonkeyPatch) -> None:
    """A record of the game in progress, of another deal, of another mode, with other
    moves, of an ordinary game, or that does not replay is dropped with the notice:
    the end screen offers nothing and nothing is reviewed; the host's own is taken."""
    game = _host_game()
    guest = _guest_at_end(game)
    friends, dropped = _friends(guest, monkeypatch)
    unfinished = _dealt(game)
    for who, action in game.state.history[:-1]:
        unfinished.apply(action, who)
    other_mode = _host_game(SEED, PileRules(mode=KURUKURU, players=3))
    # The same deal played otherwise: its end is not what the guest's seat saw.
    others = [g for g in (play_random_game(_dealt(game), random.Random(s))
                          for s in range(100, 103)) if g.state.history != game.state.history]
    assert others
    _ordinary_guest, ordinary = _durak_guest_at_end(Rules(), 3)
    hostile = [text_record(unfinished), text_record(_host_game(SEED + 1)),
               text_record(other_mode), durak_record(ordinary), "DURAK-PILE nonsense",
               text_record(game).replace("deal ", "dael "), "", "NAPOLEON {}",
               *(text_record(g) for g in others)]
    for record in hostile:
        friends.table_record(record)
    assert len(dropped) == len(hostile) and all(d.startswith("record: ") for d in dropped)
    assert guest.guest_game is None and friends.app.drawn == 0
    assert guest.finished_games() == []
    assert "btn-review" not in _ids(pile_table.result_el(guest, guest.view()))
    friends.table_record(text_record(game))  # the host's own record is taken
    assert len(dropped) == len(hostile) and guest.guest_game is not None


def test_an_ordinary_guest_refuses_a_pile_record(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ordinary guest's table takes an ordinary game's record only: a pile game's
    (finished, replaying) is dropped with the notice."""
    guest, _game = _durak_guest_at_end(Rules(), 3)
    friends, dropped = _friends(guest, monkeypatch)
    friends.table_record(text_record(_host_game()))
    assert len(dropped) == 1 and guest.guest_game is None

