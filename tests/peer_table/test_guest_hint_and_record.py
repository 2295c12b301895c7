"""A guest at a table with friends gets a hint for its own seat, and its records and
links name only what it was told.

The hint: whichever game of the family, a guest's page at its seat's decision asks
the worker's one hint request with its own seat's view (the view the host sent, the
same JSON the computers decide from: never a card the seat cannot see) and gets a
move its seat may make; the hint is counted in the tally with friends, where the
table's games count (the host's hints at its table too).

The seed: a guest's page deals nothing and no view says the host's seed, so its end's
record and its link name no seed (:meth:`durak.ui_dom.friends.family_guest.FamilyGuest.
record_seed`), where the host's name the match's; a link without one opens the same
game."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from cardkit.share_link import decode_link_text, encode_link
from durak.ai.pile_hint import read_answer
from durak.family.modes import HEAP, SUIT_DEAL
from durak.family.series import deal_pile
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.stats import Stats, Tally, count_hint, variant_of
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.ui_dom.guest_controller import SuitDealGuestController
from durak.suit_deal.ui_dom.hint_view import read_deal_answer
from durak.suit_deal.view import DealView
from durak.ui_dom import i18n
from durak.ui_dom.friends import friends_table
from durak.ui_dom.friends.guest_controller import GuestController
from durak.ui_dom.friends.pile_guest_controller import PileGuestController
from durak.ui_dom.hint.hint_view import Hints
from durak.ui_dom.hint.hint_words import action_of
from durak.ui_dom.kinds import KINDS
from durak.ui_dom.play.pile_controller import PileController
from durak.ui_dom.record.family_share import read_link
from durak.ui_dom.record.family_words import write_durak, write_pile
from lab.durak.match import Match
from tests.durak_ui import test_pile_controller as pile_page
from tests.durak_ui.test_family_hint_view import App
from tests.durak_ui.test_family_share import suit_series
from tests.peer_table.test_family_guest_controllers import HOOKS


@pytest.fixture(autouse=True)
def japanese_after() -> Any:
    yield
    i18n.set_language("ja")


def _ask(guest: Any) -> tuple[App, dict[str, Any]]:
    """The guest's page presses its hint button: the page and the answer shown."""
    app = App(guest)
    hints: Any = Hints(app, lambda c: KINDS[c.kind].hint(c))

    async def scene() -> None:
        assert hints.acting(), "the hint is offered at the guest's own decision"
        hints.ask_hint()
        for _ in range(10):
            await asyncio.sleep(0)

    asyncio.run(scene())
    answer = hints.frame.answer
    assert hints.frame.error == "" and answer is not None
    return app, answer


def _ordinary_at(seat: int, seed: int) -> Any:
    g = Match(Rules(players=3), seed=seed).game
    while g.to_act != seat or len(g.legal_actions()) < 2:
        g.apply(g.legal_actions()[0])
    return g


def test_an_ordinary_guests_hint_is_asked_of_its_own_view_and_is_its_move() -> None:
    g = _ordinary_at(1, 5)
    guest = friends_table.guest_controller(g.view(1), 9, lambda _a: None, lambda: None)
    app, answer = _ask(guest)
    [(mode, view_json, _seed)] = app.worker.asked
    assert mode == "durak" and json.loads(view_json) == json.loads(g.view(1).to_json())
    assert action_of(answer) in g.legal_actions()
    assert app.counted == [guest] and guest.hints_used == 1 and guest.with_friends()


def test_a_pile_guests_hint_is_asked_of_its_own_view_and_is_its_move() -> None:
    g = deal_pile(PileRules(mode=HEAP, players=3), 4, 1, None)
    while g.to_act != 2 or len(g.legal_actions()) < 2:
        g.apply(g.legal_actions()[0])
    guest = PileGuestController(g.view(2), len(g.state.history), lambda _a: None, HOOKS)
    app, answer = _ask(guest)
    [(mode, view_json, _seed)] = app.worker.asked
    assert mode == HEAP and json.loads(view_json) == g.view(2).to_dict()
    assert read_answer(answer).action in g.legal_actions()
    assert app.counted == [guest] and guest.with_friends()


def test_a_suit_deal_guests_hint_is_asked_of_its_own_dealing_view_and_is_its_choice() -> None:
    g = next(g for s in range(200)
             if (g := SuitDealGame.new(Rules(mode=SUIT_DEAL, players=3), s)).dealing
             and g.to_act == 2 and len(g.legal_actions()) > 1)
    view = g.view(2)
    assert isinstance(view, DealView)
    guest = SuitDealGuestController(view, 0, lambda _a: None, HOOKS)
    while guest.forced_move_due():
        guest.play_forced_move()
    app, answer = _ask(guest)
    [(mode, view_json, _seed)] = app.worker.asked
    assert mode == SUIT_DEAL and json.loads(view_json) == view.to_dict()
    got = read_deal_answer(answer)
    assert got is not None and got[0] in g.legal_actions()
    assert app.counted == [guest] and guest.with_friends()


def test_a_hint_at_a_table_with_friends_counts_in_the_tally_with_friends() -> None:
    s = Stats()
    count_hint(s, Rules(), friends=True)
    count_hint(s, Rules())
    variant = variant_of(Rules())
    assert s.tallies[(f"{variant}&with=friends", 2)] == Tally(hints=1)
    assert s.tallies[(variant, 2)] == Tally(hints=1)


def test_the_hosts_table_with_friends_is_one_and_its_own_alone_is_not() -> None:
    host = pile_page.make(PileRules(mode=HEAP, players=3), 3, None)
    assert not host.with_friends() and host.record_seed() == 3
    host.seat_reply = _seat_reply
    assert host.with_friends() and host.record_seed() == 3


async def _seat_reply(_seat: int, computer: Callable[[], Awaitable[str]]) -> str:
    return await computer()


def _link_text(record: dict[str, Any]) -> str:
    return decode_link_text("#" + encode_link(record))


def _finished_pile(seed: int) -> PileGame:
    g = deal_pile(PileRules(mode=HEAP, players=3), seed, 1, None)
    rng = random.Random(seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_a_pile_guests_end_record_and_link_name_no_seed_the_hosts_do() -> None:
    """The host's series seed 6: the host's link names it, the guest's none (it was
    never told it), and the guest's link still opens the very game."""
    g = _finished_pile(6)
    guest = PileGuestController(g.view(1), len(g.state.history), lambda _a: None, HOOKS)
    guest.guest_game = g
    assert guest.record_seed() is None
    record = guest.share(g, guest.number)
    assert record["seed"] is None
    shared = read_link(_link_text(record))
    assert isinstance(shared.game, PileGame)
    assert shared.game.state.history == g.state.history
    assert "seed=" not in write_pile(g, guest.record_seed(), guest.number).notation
    host = PileController(PileRules(mode=HEAP, players=3), 6, "easy", HOOKS, game=g)
    assert host.share(g, 1)["seed"] == 6
    assert "seed=6" in write_pile(g, host.record_seed(), 1).notation


def test_an_ordinary_guests_end_record_and_link_name_no_seed() -> None:
    m = Match(Rules(players=2), seed=11)
    g = m.game
    while g.result is None:
        g.apply(g.legal_actions()[0])
    guest = friends_table.guest_controller(g.view(1), 50, lambda _a: None, lambda: None)
    assert isinstance(guest, GuestController)
    guest.guest_game = g
    assert guest.record_seed() is None
    assert guest.share(g, 1)["seed"] is None
    assert "seed=" not in write_durak(g, guest.record_seed(), 1).notation
    assert "seed=b" in write_durak(g, 11, 1).notation  # the host's: 11, in hex


def test_a_suit_deal_guests_link_names_no_seed() -> None:
    """A suit deal's guest (its dealing's controller; its play is the ordinary guest's,
    above) names no seed in its link; the host's names the series' (seed 5)."""
    host = suit_series(1, seed=5)
    game = host.table_game()
    view = SuitDealGame.new(Rules(mode=SUIT_DEAL, players=2), 5).view(1)
    assert isinstance(view, DealView)
    guest = SuitDealGuestController(view, 0, lambda _a: None, HOOKS)
    assert guest.record_seed() is None and guest.with_friends()
    assert guest.share(game, 1)["seed"] is None and host.share(game, 1)["seed"] == 5
