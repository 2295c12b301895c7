"""The page shell's table with friends, every game's: its storage keys per game
(Durak's the ones its pages already kept) and a Napoleon guest's record line."""

from __future__ import annotations

from cardkit.ui_dom.friends_page import FriendsPage
from durak import table_net as durak_net
from napoleon import table_net as napoleon_net
from napoleon.game import Game
from napoleon.rules import Rules


def _page(game: object) -> FriendsPage:
    return FriendsPage(None, game, lambda key, **_kw: key, lambda: "en")  # type: ignore[arg-type]


def test_durak_keeps_the_keys_its_pages_already_wrote() -> None:
    """A guest's token, seat, the host's kept table and the relay setting saved before
    the shell held them are read under the same keys."""
    page = _page(durak_net)
    assert (page.token_key, page.seat_key, page.host_key, page.relays_key) == (
        "durak.friends.token.", "durak.friends.seat.", "durak.friends.host",
        "durak.friends.relays")


def test_each_game_keeps_its_table_under_its_own_keys() -> None:
    """Napoleon's kept table and relays are not Durak's (one page's reload does not
    reopen the other game's room)."""
    durak, napoleon = _page(durak_net), _page(napoleon_net)
    assert napoleon.host_key == "napoleon.friends.host"
    assert {durak.token_key, durak.seat_key, durak.host_key, durak.relays_key}.isdisjoint(
        {napoleon.token_key, napoleon.seat_key, napoleon.host_key, napoleon.relays_key})


def test_a_napoleon_guests_record_line_holds_its_own_hand_and_no_other_seats_card() -> None:
    """What a lost host leaves a guest: its own seat's view, never another hand."""
    game = Game.new(Rules(), 7)
    line = napoleon_net.seen_line(game.view(1))
    own = line.split("hand [")[1].split("]")[0].split()
    other = napoleon_net.seen_line(game.view(0)).split("hand [")[1].split("]")[0].split()
    assert own and other and not set(own) & set(other)
    for card in other:
        assert f" {card} " not in f" {line.split('hand [')[1]} ".replace("]", " ")
