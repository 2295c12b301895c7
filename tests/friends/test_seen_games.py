"""What a guest's seat saw, when its host is gone or ended the table, says which game
of the match each line is of: the host sends every view with its game's number, the
guest's page keeps it with the line, and the lines come under a heading per game in
the game's own words ("Game 2", 「第2ゲーム」), each line still only its own view's."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from cardkit.table_net.guest import GuestTable
from cardkit.table_net.messages import MessageError, View, parse_host, view_text, welcome_text
from cardkit.table_net.referee import Referee
from cardkit.ui_dom.friends_page import FriendsPage
from durak import table_net as durak_net
from durak.family.modes import KURUKURU
from durak.game import Game as DurakGame
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.rules import Rules as DurakRules
from durak.ui_dom.i18n import tr as durak_tr
from napoleon import table_net as napoleon_net
from napoleon.game import Game
from napoleon.rules import Rules
from napoleon.ui_dom.i18n import tr as napoleon_tr
from tests.friends import shell

# ---- the message and the referee -----------------------------------------------------


def test_a_view_message_says_which_game_of_the_match_its_view_is_of() -> None:
    assert parse_host(view_text(7, '{"seat": 2}', 3)) == View(7, {"seat": 2}, 3)
    for game in ("0", "true", '"2"', "2.5", "-1"):
        with pytest.raises(MessageError):
            parse_host(f'{{"t": "view", "v": 2, "turn": 1, "view": {{}}, "game": {game}}}')


def test_the_referee_sends_each_view_with_the_number_of_the_game_it_is_of() -> None:
    number = [1]
    game = Game.new(Rules(match_games=3), 7)
    ref = Referee(napoleon_net.seat_game(lambda: game), 5, 0, range(1, 5), "napoleon",
                  number=lambda: number[0])
    ref.receive("p1", '{"t": "hello", "v": 2, "name": "a", "lang": "en", "token": null}', 0.0)
    first = [parse_host(o.text) for o in ref.start() if '"view"' in o.text]
    assert [m.game for m in first if isinstance(m, View)] == [1]
    number[0], game = 2, Game.new(Rules(match_games=3), 8)
    second = [parse_host(o.text) for o in ref.views()]
    assert [m.game for m in second if isinstance(m, View)] == [2]


def test_a_guest_table_keeps_the_number_of_the_game_its_view_is_of() -> None:
    table = GuestTable(napoleon_net.read_view, napoleon_net.view_seat, "", "en")
    table.receive(welcome_text(1, "A" * 22, 5, "napoleon"))
    table.receive(view_text(4, Game.new(Rules(match_games=3), 7).view(1).to_json(), 2))
    assert table.number == 2


# ---- the lines of what the seat saw ----------------------------------------------------


def _page(net: ModuleType, lang: str, tr: Callable[..., str]) -> FriendsPage[Any, Any, Any]:
    def t(key: str, **kw: object) -> str:
        return tr(lang, key, **kw)
    page = shell.page(net, game=shell.NetGame(net, t, lambda: lang))
    page.records[1] = object()  # the first game's record came at its end
    return page


def _seen(note: str, page: FriendsPage[Any, Any, Any]) -> list[str]:
    lines = note.splitlines()
    return lines[lines.index(page.t("friends.seen")) + 1:]


def _games_lines(page: FriendsPage[Any, Any, Any], games: list[list[Any]]) -> list[str]:
    """What the page says of these views (game 1's, game 2's, ...): each game's
    heading, then its lines, each the seat's own view's."""
    out = []
    for number, views in enumerate(games, 1):
        out.append(page.t("record.game", n=number))
        out += [page.game.seen_words(v) for v in views]
    return out


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_napoleons_lines_say_which_game_of_the_match_they_are_of(lang: str) -> None:
    page = _page(napoleon_net, lang, napoleon_tr)
    one, two = Game.new(Rules(match_games=3), 7), Game.new(Rules(match_games=3), 8)
    views = [[one.view(1)], [two.view(1)]]
    for number, game_views in enumerate(views, 1):
        for view in game_views:
            page.saw(view, number)
    seen = _seen(page.lost_note(), page)
    assert seen == _games_lines(page, views)
    assert seen[0] == ("第1ゲーム" if lang == "ja" else "Game 1")
    assert seen[2] == ("第2ゲーム" if lang == "ja" else "Game 2")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_durak_lines_say_which_game_of_the_match_they_are_of(lang: str) -> None:
    page = _page(durak_net, lang, durak_tr)
    one, two = DurakGame.new(DurakRules(), 3), DurakGame.new(DurakRules(), 4)
    views = [[one.view(1)], [two.view(1)]]
    for number, game_views in enumerate(views, 1):
        for view in game_views:
            page.saw(view, number)
    seen = _seen(page.lost_note(), page)
    assert seen == _games_lines(page, views)
    assert seen[2] == ("第2ゲーム" if lang == "ja" else "Game 2")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_pile_games_lines_say_which_game_of_the_match_they_are_of(lang: str) -> None:
    page = _page(durak_net, lang, durak_tr)
    rules = PileRules(mode=KURUKURU, players=3)
    views = [[PileGame.new(rules, 3).view(1)], [PileGame.new(rules, 4, game=2).view(1)],
             [PileGame.new(rules, 5, game=3).view(1)]]
    for number, game_views in enumerate(views, 1):
        for view in game_views:
            page.saw(view, number)
    seen = _seen(page.lost_note(), page)
    assert seen == _games_lines(page, views)
    assert seen[4] == ("第3ゲーム" if lang == "ja" else "Game 3")


def test_the_same_line_in_the_next_game_is_kept_under_that_games_heading() -> None:
    """Two games' first views may read the same (a line is kept when it changed): the
    next game's is a line of its own, under its heading."""
    page = _page(napoleon_net, "en", napoleon_tr)
    view = Game.new(Rules(match_games=2), 7).view(1)
    page.saw(view, 1)
    page.saw(view, 1)
    page.saw(view, 2)
    line = page.game.seen_words(view)
    assert _seen(page.lost_note(), page) == ["Game 1", line, "Game 2", line]


def test_a_view_seen_lines_hold_no_card_the_seat_did_not_see() -> None:
    """The headings add no card: every other line is the seat's own view's."""
    page = _page(durak_net, "en", durak_tr)
    game = DurakGame.new(DurakRules(), 3)
    page.saw(game.view(1), 2)
    seen = _seen(page.lost_note(), page)
    assert seen == ["Game 2", durak_net.seen_line(game.view(1))]
