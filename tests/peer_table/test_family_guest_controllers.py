"""The family's guest controllers at a table with friends: a guest's page draws the
view the host sent and holds no game under it; a click sends the move chosen and
plays nothing; it decides for no seat and deals no game, whichever kind of game."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest

from cardkit.ui_dom.turn_loop import TurnLoop
from durak.ai.pile_levels import decide_json
from durak.cards import card_text
from durak.family.modes import CHUKHONSKY, CRUSADERS, POLISH, SUIT_DEAL
from durak.family.registry import GAMES
from durak.family.series import deal_pile
from durak.game import Game
from durak.pile.actions import FromTalon, action_text
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.view import PileView
from durak.rules import Rules
from durak.suit_deal.deal_phase import TakeWith
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.ui_dom.guest_controller import SuitDealGuestController
from durak.suit_deal.view import DealView, view_after
from durak.ui_dom.friends import friends_table
from durak.ui_dom.friends.family_guest import FamilyGuest
from durak.ui_dom.friends.pile_guest_controller import PileGuestController
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.play.pile_controller import PileController, TalonTurn, talon_turn
from durak.view import PlayerView
from tests.durak_ui.test_pile_controller import click_first


async def _think(view_json: str, level: str, seed: int) -> str:
    return decide_json(view_json, level, seed)


async def _no_pause() -> None:
    return None


HOOKS = Hooks(_think, _no_pause, lambda: None)


def _pile_guest(game: PileGame, seat: int, sent: list[str]) -> PileGuestController:
    return PileGuestController(game.view(seat), len(game.state.history), sent.append, HOOKS)


#: A view the host sends a guest at seat 1, one of each kind of game's.
HOST_VIEWS: dict[str, Callable[[], PlayerView | PileView | DealView]] = {
    "durak": lambda: Game.new(Rules(players=3), 4).view(1),
    "pile": lambda: deal_pile(PileRules(mode=CHUKHONSKY, players=3), 4, 1, None).view(1),
    "suit_deal": lambda: SuitDealGame.new(Rules(mode=SUIT_DEAL, players=3), 4).view(1),
}


@pytest.mark.parametrize("kind", HOST_VIEWS)
def test_every_kinds_guest_answers_for_the_hosts_game_alike(kind: str) -> None:
    """Whichever game: the guest alone at its page, at its view's seat; the view the
    host sent at its moment; no series, statistics or finished game of its own; no
    seat decided here, no move taken back (another person's would be too)."""
    sent: list[str] = []
    view = HOST_VIEWS[kind]()
    guest = friends_table.guest_controller(view, 9, sent.append, lambda: None)
    assert isinstance(guest, FamilyGuest) and guest.seat == 1 and guest.sent is guest.guest
    assert guest.kind == kind and guest.handover is not None
    assert guest.handover.humans == (1,) and guest.guest is not None
    assert guest.guest.turn == 9 and guest.guest.view.seat == 1 and not guest.guest.waiting
    assert guest.finished_games() == [] and guest.finished_game() is None
    assert not guest.in_progress() and guest.finished_facts() is None
    assert guest.with_friends() and guest.record_seed() is None
    assert guest.undo_refusal() == "people" and not guest.undo()
    assert guest.undo_note == "people" and sent == []
    assert isinstance(guest, TurnLoop) and guest.current_turn() is None  # the loop's own
    with pytest.raises(RuntimeError, match="decides for no seat"):
        guest.apply_reply('{"action":"+"}')


def test_a_pile_guests_click_sends_the_move_and_plays_nothing() -> None:
    g = deal_pile(PileRules(mode=CHUKHONSKY, players=3), 7, 1, None)
    while g.to_act != 1:
        g.apply(g.legal_actions()[0])
    sent: list[str] = []
    guest = _pile_guest(g, 1, sent)
    before = guest.view()
    move = g.legal_actions()[0]
    assert guest.human_to_act() and guest.legal() == tuple(g.legal_actions())
    assert guest.act("card", action_text(move)) is True
    assert sent == [action_text(move)] and guest.view() is before and guest.moves() == []
    assert not guest.human_to_act() and guest.legal() == ()  # waiting for the host
    assert guest.act("next-game", None) is False and sent == [action_text(move)]


def test_a_pile_guest_decides_for_no_seat_and_takes_nothing_back() -> None:
    g = deal_pile(PileRules(mode=CHUKHONSKY, players=3), 7, 1, None)
    guest = _pile_guest(g, 2, [])
    assert guest.current_turn() is None and guest.undo_refusal() == "people"
    with pytest.raises(RuntimeError):
        guest.apply_reply('{"action":"+"}')


def test_a_pile_guest_draws_from_the_view_it_was_sent() -> None:
    """Its seat, game number, who acts, whether it is over and the durak are the
    view's own; a seat gone out is out by its view."""
    g = deal_pile(PileRules(mode=CHUKHONSKY, players=3), 3, 2, None)
    guest = _pile_guest(g, 1, [])
    rng = random.Random(3)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
        guest.follow(g.view(1), len(g.state.history))
        v = g.view(1)
        assert guest.view() == v and guest.seat == 1 and guest.number == v.game
        assert guest.markers() | {"friends": ""} == {
            "phase": "over" if v.over else "play", "mode": CHUKHONSKY,
            "to-act": "" if v.over else str(v.to_act), "game": str(v.game),
            "actions": str(len(g.state.history)), "friends": ""}
        assert guest.human_out() == (not v.over and not g.state.in_game >> 1 & 1)
    assert guest.over and guest.moves() == g.state.history
    durak = g.state.durak
    assert guest.tally() == [int(s == durak) for s in range(3)]
    assert guest.finished_game() is None  # the host's record of it has not come


def test_a_pile_guest_reads_each_turn_from_the_talon_as_the_hosts_page_does() -> None:
    """polish: what a turn from the talon showed (the card drawn, whether it beat, the
    attack turned), read from the guest's two views around it, is what the host's page
    reads from its own views, and what the game's hands say."""
    rules = PileRules(mode=POLISH, players=3)
    host = PileController(rules, 11, "easy", HOOKS)
    asyncio.run(host.start())
    for _ in range(600):
        if host.over:
            break
        asyncio.run(host.handle(*click_first(host)))
    told = host.moves_seen().talon_turns
    assert host.over and told
    g = deal_pile(rules, 11, 1, None)
    guest = _pile_guest(g, 1, [])
    exact: dict[int, TalonTurn] = {}
    for i, (seat, action) in enumerate(host.game.state.history):
        st = g.state
        pile, must_beat, hand = tuple(st.pile), st.must_beat, st.hands[seat]
        g.apply(action, seat)
        if isinstance(action, FromTalon):
            exact[i] = talon_turn(pile, must_beat, hand, st.pile, st.hands[seat])
        guest.follow(g.view(1), len(g.state.history))
    assert guest.moves_seen().talon_turns == told == exact


def test_a_pile_guest_starts_afresh_with_the_hosts_next_game() -> None:
    rules = PileRules(mode=CHUKHONSKY, players=3)
    g = deal_pile(rules, 5, 1, None)
    guest = _pile_guest(g, 1, [])
    g.apply(g.legal_actions()[0])
    guest.follow(g.view(1), 1)
    assert len(guest.moves()) == len(guest.moves_seen().shown) == 1
    nxt = deal_pile(rules, 5, 2, 0)
    guest.follow(nxt.view(1), 2)
    assert guest.moves() == [] and guest.moves_seen().shown == [] and guest.number == 2


def _dealing_with_choice(seat: int) -> SuitDealGame:
    for seed in range(200):
        g = SuitDealGame.new(Rules(mode=SUIT_DEAL, players=3), seed)
        if g.dealing and g.to_act == seat and len(g.deal.steps) > 1:
            return g
    raise AssertionError("no such deal")


def test_a_suit_deal_guest_shows_the_views_steps_one_at_a_time() -> None:
    g = _dealing_with_choice(2)
    view = g.view(2)
    assert isinstance(view, DealView)
    guest = SuitDealGuestController(view, 0, lambda _a: None, HOOKS)
    for k in range(len(view.steps)):
        assert guest.deal_view() == view_after(view, k) and not guest.human_to_act()
        assert guest.forced_move_due() and guest.markers()["deal"] == "showing"
        guest.play_forced_move()
    assert not guest.forced_move_due() and guest.deal_view() == view
    assert guest.human_to_act() and guest.markers()["deal"] == "shown"
    assert not guest.over and guest.finished_game() is None


def test_a_suit_deal_guests_click_sends_the_choice_and_plays_nothing() -> None:
    g = _dealing_with_choice(2)
    view = g.view(2)
    assert isinstance(view, DealView)
    sent: list[str] = []
    guest = SuitDealGuestController(view, 0, sent.append, HOOKS)
    while guest.forced_move_due():
        guest.play_forced_move()
    choice = g.legal_actions()[0]
    assert isinstance(choice, TakeWith)
    off = next(c for c in range(36) if TakeWith(c) not in g.legal_actions())
    assert guest.act("take", card_text(off)) is False and sent == []
    assert guest.act("take", card_text(choice.target)) is True
    assert sent == [choice.text()] and guest.deal_view() == view  # sent, not played
    assert not guest.human_to_act() and guest.legal() == ()
    assert guest.act("next-game", None) is False and guest.current_turn() is None
    assert guest.undo_refusal() == "people"


@pytest.mark.parametrize("mode", sorted(GAMES))
def test_every_game_reaches_its_guest_table_by_its_kind_alone(mode: str) -> None:
    """A table with friends names no kind: the views of every registered game are drawn
    by the guest controller its kind's entry names (``GameKind.guest``), built from the
    first view the host sends and following the next ones, and worded in its record
    line by its kind (``GameKind.seen``)."""
    from durak.family.options import game_rules
    from durak.family.start import new_game
    from durak.ui_dom.kinds import KINDS

    entry = GAMES[mode]
    rules = game_rules(Rules(mode=mode, players=entry.players[0]))
    g = new_game(rules, 3)
    view = entry.engine.view(g, 1)
    kind = friends_table.guest_kind(view)
    assert kind is KINDS[entry.kind] and kind.guest is not None
    guest = friends_table.guest_controller(view, 0, lambda _a: None, lambda: None)
    seat = guest.guest if isinstance(guest, FamilyGuest) else None
    assert isinstance(guest, kind.guest) and seat is not None
    assert friends_table.update_guest(guest, seat, view, 1) and seat.turn == 1
    assert friends_table.seen_words(view) != ""


def test_an_ordinary_guest_shown_a_dealing_hands_the_page_to_the_dealing_guest() -> None:
    """The suit deal's next game at the same table starts with its dealing: the play's
    guest table does not draw it (``update_guest`` says so), the dealing's guest does."""
    play = Game.new(Rules(players=3), 5)
    guest = friends_table.guest_controller(play.view(1), 0, lambda _a: None, lambda: None)
    deal = SuitDealGame.new(Rules(mode=SUIT_DEAL, players=3), 5).view(1)
    assert isinstance(guest, FamilyGuest) and guest.guest is not None
    assert not friends_table.update_guest(guest, guest.guest, deal, 1)
    assert isinstance(friends_table.guest_controller(deal, 1, lambda _a: None, lambda: None),
                      SuitDealGuestController)


def test_a_crusaders_guest_seated_at_the_deal_says_it_as_its_seat_saw_it() -> None:
    """§3.6 crusaders: a guest seated at a game's first view says the dealing phase in
    its log as the host's page says its own seat's (its own drawn cards named, the
    others' hidden: its view names no other), once; one seated in the game's course, or
    following a move, says none; the host's next game is said again."""
    from durak.ui_dom.table.pile_table import deal_lines, fresh_lines

    rules = PileRules(mode=CRUSADERS, players=3)
    g = deal_pile(rules, 7, 1, None)
    guest = _pile_guest(g, 1, [])
    said = fresh_lines(guest)
    assert said[:len(deal_lines(g.view(1), 1))] == deal_lines(g.view(1), 1)
    assert said and not any(x in fresh_lines(guest) for x in said[:1])
    g.apply(g.legal_actions()[0])
    late = _pile_guest(g, 1, [])
    assert deal_lines(g.view(1), 1)[0] not in fresh_lines(late)
    nxt = deal_pile(rules, 7, 2, 0)
    late.follow(nxt.view(1), 1)
    assert fresh_lines(late)[:1] == deal_lines(nxt.view(1), 1)[:1]
