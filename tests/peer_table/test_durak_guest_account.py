"""An ordinary Durak guest's "Recent moves" at a table with friends: its page holds no
game, only what its seat saw (:class:`durak.sight.Sight`), yet lists what every other seat
did (attacks, covers, throw-ins, takes and their cards, bouts beaten off, transfers,
the draws, who went out) in the very words the host's own table uses, read from the
views it was sent alone (docs/rules/durak.md §7 "Screen")."""

from __future__ import annotations

import asyncio

import pytest

from cardkit.table_net.guest_session import GuestSeat
from durak import table_net
from durak.actions import Pass, Take, Throw, Transfer
from durak.cards import cards_of
from durak.game import Game
from durak.rules import Rules
from durak.sight import HIDDEN_DRAW
from durak.ui_dom.friends import friends_table
from durak.ui_dom.friends.guest_controller import GuestController
from durak.ui_dom.i18n import t
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.table.account import durak_account
from durak.ui_dom.table.card_words import seat_name
from tests.durak_ui.test_controller import _no_pause, _think, click_first


def _host_game(rules: Rules, seed: int) -> tuple[Controller, Game]:
    """A whole game on the host's table (its human clicking the first offer, the
    computers thinking), and the game as it was dealt."""
    host = Controller(rules, seed, "easy", Hooks(_think, _no_pause, lambda: None))
    dealt = host.game.clone()
    asyncio.run(host.start())
    for _ in range(600):
        if host.over:
            break
        asyncio.run(host.handle(*click_first(host)))
    assert host.over
    return host, dealt


def forced_of(lines: list[str]) -> set[str]:
    """Who the lines say had nothing to throw in."""
    return {seat_name(s) for s in range(6) for line in lines
            if line == t("announce.pass_forced", name=seat_name(s))}


def as_passes(lines: list[str]) -> list[str]:
    """``lines`` with every "had nothing to throw in" said as a plain pass."""
    plain = {t("announce.pass_forced", name=seat_name(s)): t("announce.pass", name=seat_name(s))
             for s in range(6)}
    return [plain.get(line, line) for line in lines]


CASES = [(Rules(), 3), (Rules(), 8), (Rules(players=3), 5), (Rules(players=3), 11),
         (Rules.preset("perevodnoy"), 4), (Rules.preset("perevodnoy").replace(players=3), 4),
         (Rules.preset("perevodnoy").replace(players=3, transfer_show=True), 9)]


@pytest.mark.parametrize(("rules", "seed"), CASES)
def test_an_ordinary_guests_recent_moves_are_the_tables_from_its_views_alone(
        rules: Rules, seed: int) -> None:
    host, dealt = _host_game(rules, seed)
    g = dealt
    guest = friends_table.guest_controller(g.view(1), 0, lambda _a: None, lambda: None)
    assert isinstance(guest, GuestController) and isinstance(guest.guest, GuestSeat)
    assert durak_account(guest).lines == []
    moves = host.game.actions()
    for turn, (seat, action) in enumerate(moves, 1):
        g.apply(action, seat)
        friends_table.update_guest(guest, guest.guest, g.view(1), turn)
    mine, theirs = durak_account(guest), durak_account(host)
    # Each page says its own reader's lone passes as such, and everybody else's as
    # passes (docs/rules/durak.md §6.15): word for word the same lines besides.
    assert len(mine.lines) >= len(moves) and as_passes(mine.lines) == as_passes(theirs.lines)
    assert forced_of(mine.lines) <= {seat_name(1)} and forced_of(theirs.lines) <= {seat_name(0)}
    assert mine.last == theirs.last and mine.last is not None
    kinds = {type(a) for _s, a in moves}
    assert kinds >= {Take, Pass}
    if rules.transfer:
        assert Transfer in kinds
    if rules.players > 2:
        assert Throw in kinds or any(len(list(cards_of(getattr(a, "cards", 0)))) > 1
                                     for _s, a in moves)


def test_a_guests_own_lone_pass_says_it_had_nothing_to_throw_in() -> None:
    """The guest's page passes for it where Pass is all it can do; its account says it
    had nothing to add, as the host's own page says of the host's."""
    for rules, seed in CASES:
        host, g = _host_game(rules, seed)
        guest = friends_table.guest_controller(g.view(1), 0, lambda _a: None, lambda: None)
        assert isinstance(guest, GuestController) and guest.guest is not None
        lone = 0
        for turn, (seat, action) in enumerate(host.game.actions(), 1):
            lone += seat == 1 and table_net.lone_pass(g.view(1))
            g.apply(action, seat)
            friends_table.update_guest(guest, guest.guest, g.view(1), turn)
        said = durak_account(guest).lines.count(t("announce.pass_forced", name=seat_name(1)))
        assert said == lone
        if lone:
            return
    raise AssertionError("no case where the guest had nothing to throw in")


def test_a_guests_events_name_no_card_its_seat_did_not_see() -> None:
    """Every card in the guest's account is one its seat saw on the table or in its
    own hand: a card drawn into another hand is counted, never named."""
    rules = Rules.preset("perevodnoy").replace(players=3)
    host, g = _host_game(rules, 4)
    guest = friends_table.guest_controller(g.view(1), 0, lambda _a: None, lambda: None)
    assert isinstance(guest, GuestController) and guest.guest is not None
    seen_cards = 0
    for turn, (seat, action) in enumerate(host.game.actions(), 1):
        g.apply(action, seat)
        v = g.view(1)
        seen_cards |= v.hand
        for a, c in v.table:
            seen_cards |= 1 << a | (0 if c is None else 1 << c)
        seen_cards |= v.discard
        for k in v.known:
            seen_cards |= k
        friends_table.update_guest(guest, guest.guest, v, turn)
    assert isinstance(guest, GuestController)
    for e in guest.sight().events:
        if e[0] == "r":
            assert all(c == HIDDEN_DRAW for _s, cs in e[1] for c in cs)
        elif e[0] == "a":
            for field in ("cards", "card", "target"):
                value = getattr(e[2], field, None)
                if isinstance(value, int):
                    named = value if field == "cards" else 1 << value
                    assert named & ~seen_cards == 0, e


def test_moves_under_options_the_views_do_not_say_are_not_guessed() -> None:
    """``doubt`` lays covers face down (docs/rules/durak.md §3.5): the guest's account
    tells the bouts and guesses no move."""
    host, g = _host_game(Rules(doubt=True), 3)
    guest = friends_table.guest_controller(g.view(1), 0, lambda _a: None, lambda: None)
    assert isinstance(guest, GuestController) and guest.guest is not None
    for turn, (seat, action) in enumerate(host.game.actions(), 1):
        g.apply(action, seat)
        friends_table.update_guest(guest, guest.guest, g.view(1), turn)
    assert isinstance(guest, GuestController)
    events = guest.sight().events
    assert events and {e[0] for e in events} == {"b"}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_what_a_guests_seat_saw_is_worded_in_the_pages_language(lang: str) -> None:
    """A lost host leaves the guest what its seat saw: each line in the page's words
    (the bout, who attacks whom, the table, the hand in card names, the talon), not in
    the record's notation, and with no other seat's card."""
    from durak.cards import card_text
    from durak.family.modes import KURUKURU, SUIT_DEAL
    from durak.pile.game import PileGame
    from durak.pile.options import PileRules
    from durak.suit_deal.game import SuitDealGame
    from durak.ui_dom import i18n
    from durak.ui_dom.table.card_words import card_name

    i18n.set_language(lang)
    try:
        g = Game.new(Rules(), seed=3)
        g.apply(g.legal_actions()[0])
        line = friends_table.seen_words(g.view(1))
        assert ("1回戦" if lang == "ja" else "Bout 1") in line
        for c in cards_of(g.view(1).hand):
            assert card_name(c) in line and card_text(c) not in line.split()
        for c in cards_of(g.view(0).hand):
            assert card_name(c) not in line
        assert "[" not in line and "→1" not in line
        pile = friends_table.seen_words(
            PileGame.new(PileRules(mode=KURUKURU, players=3), seed=3).view(1))
        deal = friends_table.seen_words(
            SuitDealGame.new(Rules(mode=SUIT_DEAL, players=3), seed=1).view(1))
        for text in (pile, deal):
            assert "[" not in text and ("山札" in text) == (lang == "ja")
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_napoleon_guests_seen_line_is_worded_in_the_pages_language(lang: str) -> None:
    from napoleon.cards import cards_of as napoleon_cards
    from napoleon.game import Game as NapoleonGame
    from napoleon.rules import Rules as NapoleonRules
    from napoleon.ui_dom import friends_table as napoleon_friends
    from napoleon.ui_dom import i18n as napoleon_i18n
    from napoleon.ui_dom.card_words import card_name

    napoleon_i18n.set_language(lang)
    try:
        game = NapoleonGame.new(NapoleonRules(), 7)
        line = napoleon_friends.seen_words(game.view(1))
        assert ("宣言" if lang == "ja" else "Bidding") in line and "hand [" not in line
        assert all(card_name(c) in line for c in napoleon_cards(game.view(1).hand))
        assert not any(card_name(c) in line for c in napoleon_cards(game.view(0).hand))
    finally:
        napoleon_i18n.set_language(napoleon_i18n.DEFAULT_LANGUAGE)
