"""``mode=suit_deal`` at a table with friends (docs/rules/durak.md §3.6): the host's
referee over a :class:`~durak.suit_deal.game.SuitDealGame` sends each guest only its
own seat's view through the dealing and the play (in the dealing all is face up but
the talon's order, which no view names), refuses a dealing choice or a move that is
not that seat's now or not legal, and a guest's page draws the dealing its view
shows and sends the choice clicked instead of playing it."""

from __future__ import annotations

import json
import random

import pytest

from cardkit.table_net.guest_session import GuestSeat
from cardkit.table_net.messages import act_text
from durak import table_net
from durak.actions import action_text
from durak.cards import card_text, parse_card, parse_hand
from durak.family.modes import SUIT_DEAL
from durak.rules import Rules
from durak.suit_deal.deal_phase import TakeWith
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.public import public_game
from durak.suit_deal.ui_dom.guest_controller import SuitDealGuestController
from durak.suit_deal.view import DealView, DealViewError
from durak.ui_dom.friends import friends_table
from durak.ui_dom.friends.guest_controller import GuestController
from tests.peer_table.harness import new_table, play_out, suit_deal_game
from tests.peer_table.test_privacy import check_every_message


def _game_with_choice(seat: int, players: int = 3) -> SuitDealGame:
    """A dealing whose first choice is ``seat``'s."""
    for seed in range(200):
        g = SuitDealGame.new(Rules(mode=SUIT_DEAL, players=players), seed)
        if g.dealing and g.to_act == seat:
            return g
    raise AssertionError("no such deal")


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_suit_deal_guests_receive_only_their_seats_view(seed: int) -> None:
    t = new_table(suit_deal_game(seed), 3, [1, 2])
    t.join("a", "Aki")
    t.join("b", "Ben")
    t.deliver(t.referee.start())
    play_out(t, random.Random(seed))
    assert t.g.game.is_over
    assert check_every_message(t) > 2
    phases = {json.loads(s.text)["view"].get("phase") for s in t.sent
              if json.loads(s.text)["t"] == "view"}
    assert SUIT_DEAL in phases  # the dealing's views, then (a play dealt) the play's


def test_a_dealing_view_names_no_card_still_in_the_talon() -> None:
    """§3.6: everything in the dealing is face up but the talon's order: no view a
    guest is sent names a card not turned yet."""
    for seed in range(12):
        g = SuitDealGame.new(Rules(mode=SUIT_DEAL, players=3), seed)
        rng = random.Random(seed)
        while g.dealing:
            talon = set(g.deal.order[g.deal.next_card:])
            for seat in range(3):
                d = json.loads(g.view(seat).to_json())
                named = {parse_card(c) for c in d["table"]}
                named |= {c for h in d["hands"] for c in range(36) if parse_hand(h) >> c & 1}
                named |= {parse_card(x) for s in d["steps"] for x in s[2:]
                          if len(x) == 2}
                named |= {parse_card(a[1:]) for a in d["legal_actions"]}
                if d["turned"] is not None:
                    named.add(parse_card(d["turned"]))
                assert not named & talon
                assert set(d) == set(DealView.from_dict(d).to_dict())
            g.apply(rng.choice(g.legal_actions()))


def test_public_game_shows_the_view_and_no_more() -> None:
    """The guest's dealing is the view's (same view for its seat), its talon in card
    order, not the host's."""
    g = _game_with_choice(1)
    view = g.view(1)
    assert isinstance(view, DealView)
    p = public_game(view)
    assert p.view(1) == g.view(1) and p.view(2) == g.view(2)
    assert p.deal.order[p.deal.next_card:] == tuple(sorted(g.deal.order[g.deal.next_card:]))


def test_a_dealing_view_that_does_not_replay_is_refused() -> None:
    """A hostile view: hands or table not what its steps lead to, a card turned twice,
    a field of the wrong type: the reader refuses it with the view's error."""
    g = _game_with_choice(1)
    d = json.loads(g.view(1).to_json())
    assert isinstance(table_net.read_view(d), DealView)
    hands = list(d["hands"])
    hands[2] = "AS"
    table = list(d["table"])
    table[0] = d["turned"]
    for bad in ({**d, "hands": hands}, {**d, "table": table}, {**d, "talon_count": 3},
                {**d, "seat": "1"}, {**d, "legal_actions": ["=AS"]},
                {**d, "steps": d["steps"][:-1]}):
        with pytest.raises(DealViewError):
            table_net.read_view(bad)


def test_a_dealing_choice_of_another_seat_or_not_fitting_is_refused() -> None:
    """Out of turn, a table card the turned card does not take, a move of the play
    during the dealing, a choice that is no card: refused; the game is as it was."""
    t = new_table(suit_deal_game(0), 3, [1, 2])
    box_game = _game_with_choice(1)
    t.g.game = box_game
    t.referee.game = table_net.seat_game(lambda: box_game)
    t.join("a", "Aki")
    t.join("b", "Ben")
    t.deliver(t.referee.start())
    g = box_game
    mover = next(p for p in "ab" if t.referee.seat_of(p) == 1)
    idle = "b" if mover == "a" else "a"
    before = g.view(1)
    choice = g.legal_actions()[0]
    assert isinstance(choice, TakeWith)
    assert t.send(idle, act_text(0, choice.text())).refused == "not-your-turn"
    off_table = next(c for c in range(36) if TakeWith(c) not in g.legal_actions())
    assert t.send(mover, act_text(0, TakeWith(off_table).text())).refused == "illegal"
    assert t.send(mover, act_text(0, "attack 6S")).refused == "illegal"
    assert t.send(mover, act_text(0, "=Z9")).refused == "illegal"
    assert t.send(mover, act_text(0, "=<p>")).refused == "malformed"
    assert g.view(1) == before
    assert t.send(mover, act_text(0, choice.text())).accepted is not None


def test_a_dealing_choice_during_the_play_is_refused() -> None:
    g = SuitDealGame.new(Rules(mode=SUIT_DEAL, players=2), 3)
    rng = random.Random(3)
    while g.dealing:
        g.apply(rng.choice(g.legal_actions()))
    assert g.play is not None and not g.is_over
    seats = table_net.seat_game(lambda: g)
    assert seats.refusal(g.to_act or 0, "=6S") is not None
    legal = action_text(g.legal_actions()[0])  # type: ignore[arg-type]
    assert seats.refusal(g.to_act or 0, legal) is None
    assert seats.turn == len(g.deal.choices)


def test_a_guest_draws_the_dealing_it_was_sent_and_sends_its_choice() -> None:
    """The guest's page plays no dealing of its own: its choice is sent, not applied;
    a choice the view does not offer is no click at all."""
    g = _game_with_choice(2)
    sent: list[str] = []
    ctrl = friends_table.guest_controller(g.view(2), 0, sent.append, lambda: None)
    assert isinstance(ctrl, SuitDealGuestController) and ctrl.seat == 2
    while ctrl.forced_move_due():  # the steps shown as they come
        ctrl.play_forced_move()
    assert ctrl.deal_view() == g.view(2) and ctrl.human_to_act()
    assert ctrl.current_turn() is None and ctrl.undo_refusal() == "people"
    off = next(c for c in range(36) if TakeWith(c) not in g.legal_actions())
    assert ctrl.act("take", card_text(off)) is False and sent == []
    target = g.legal_actions()[0]
    assert isinstance(target, TakeWith)
    assert ctrl.act("take", card_text(target.target)) is True
    assert sent == [target.text()] and ctrl.deal_view() == g.view(2)  # sent, not played
    assert not ctrl.human_to_act()  # waiting for the host's answer
    assert ctrl.markers()["friends"] == "guest"


def test_the_guests_table_follows_the_dealing_then_the_play() -> None:
    g = _game_with_choice(1, players=2)
    seat = GuestSeat(g.view(1), 0, lambda _a: None)
    ctrl = friends_table.guest_controller(g.view(1), 0, seat.send, lambda: None)
    assert isinstance(ctrl, SuitDealGuestController)
    rng = random.Random(1)
    while g.dealing:
        g.apply(rng.choice(g.legal_actions()))
        if g.dealing:
            friends_table.update_guest(ctrl, seat, g.view(1), len(g.deal.choices))
            assert ctrl.view() == g.view(1)
    play = g.view(1)
    assert not isinstance(play, DealView)
    guest = friends_table.guest_controller(play, len(g.deal.choices), seat.send,
                                           lambda: None)
    assert isinstance(guest, GuestController) and guest.view() == play


def test_every_kind_of_the_family_is_hosted_by_its_controller_and_no_guest_hosts() -> None:
    """The table with friends asks the controller playing the series, whichever kind's
    (its game id, its record, the referee's game); a guest's page plays no series."""
    from durak.pile.options import PileRules
    from durak.ui_dom.kinds import KINDS, host_of
    from durak.ui_dom.play.family_controller import Hooks

    hooks = Hooks(_no_think, _no_pause, lambda: None)
    rules = {"durak": Rules(players=3), "pile": PileRules(mode="heap", players=3),
             "suit_deal": Rules(mode=SUIT_DEAL, players=3)}
    friends = friends_table.DurakFriends(None)  # type: ignore[arg-type]
    assert set(rules) == set(KINDS)
    for name, kind in KINDS.items():
        host = kind.controller(rules[name], 4, "easy", hooks)
        assert host_of(host) is host and friends.resumable(host)
        assert friends.game_id(host).endswith(f":4:{host.number}") or name == "durak"
        assert friends.players(host) == 3 and friends.game_number(host) == 1
    g = SuitDealGame.new(Rules(mode=SUIT_DEAL, players=3), 4)
    guest = friends_table.guest_controller(g.view(1), 0, lambda _a: None, lambda: None)
    assert host_of(guest) is None and not friends.resumable(guest)
    with pytest.raises(TypeError):
        friends.game_id(guest)


async def _no_think(view: str, level: str, seed: int) -> str:
    raise AssertionError("no computer decides here")


async def _no_pause() -> None:
    return None


def test_a_guests_finished_suit_deal_game_counts_with_friends(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The two-part record the host sends is read by suit_deal's replay and counted
    from the guest's seat in the tally with friends; a record that does not replay
    counts for nothing."""
    from durak.suit_deal.facts import facts as suit_deal_facts
    from durak.suit_deal.playout import play_random_game
    from durak.suit_deal.record import text_record
    from durak.ui_dom.stats import stats_view

    counted: list[tuple[object, ...]] = []

    def count(*a: object, **k: object) -> bool:
        counted.append((*a, k))
        return True

    monkeypatch.setattr(stats_view, "count_finished", count)
    g = play_random_game(SuitDealGame.new(Rules(mode=SUIT_DEAL, players=3), 2),
                         random.Random(2))
    friends = friends_table.DurakFriends(None)  # type: ignore[arg-type]
    friends.count(text_record(g, None, 2), 1, "room")
    assert counted == [(g.rules, suit_deal_facts(g, 1), "friends:room",
                        {"friends": True})]
    friends.count(text_record(g, None, 2).replace("table", "tabel"), 1, "room")
    assert len(counted) == 1
