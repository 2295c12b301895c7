"""The page shell's table with friends, every game's: its storage keys per game
(Durak's the ones its pages already kept), a Napoleon guest's record line, what a
guest left by its host is told, and the words of a refused move's notice."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from cardkit.table_net.messages import REASONS
from cardkit.ui_dom.friends_page import FriendsPage, records_label, refused_text
from durak import table_net as durak_net
from napoleon import table_net as napoleon_net
from napoleon.game import Game
from napoleon.rules import Rules
from napoleon.ui_dom.i18n import tr
from tests.friends import shell


def _page(net: ModuleType) -> FriendsPage[Any, Any, Any]:
    return shell.page(net)


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


def test_a_guest_left_by_its_host_is_told_where_the_finished_games_records_are() -> None:
    """A lost host ends the table with the record so far: past a match's first game,
    the note says the finished games' records stay under the Record button (as the
    match's end says), before what the seat saw of the game in progress."""
    page = _page(napoleon_net)
    game = Game.new(Rules(match_games=2), 7)
    page.saw(game.view(1))
    alone = page.lost_note()
    assert alone.startswith("friends.host_left") and "friends.records_kept" not in alone
    page.records[1] = object()
    note = page.lost_note().splitlines()
    assert note[:4] == ["friends.host_left", "friends.records_kept", "friends.seen",
                        "record.game"]
    assert note[4] == napoleon_net.seen_line(game.view(1))


def test_a_refused_moves_notice_says_its_reason_in_words_in_both_languages() -> None:
    """The guest is told why the host refused its move in its own language, never
    by the protocol's bare code ("stale", "not-your-turn")."""
    for lang in ("ja", "en"):
        def t(key: str, lang: str = lang, **kw: object) -> str:
            return tr(lang, key, **kw)
        for reason in REASONS:
            text = refused_text(t, reason)
            assert f"({reason})" not in text and "friends." not in text, (lang, text)
            assert text != refused_text(t, "stale") or reason == "stale"
    assert refused_text(lambda k, **kw: tr("en", k, **kw), "stale") == (
        "The host refused that move (the table had already moved on)")
    assert refused_text(lambda k, **kw: tr("ja", k, **kw), "not-your-turn") == (
        "ホストがその手を受け付けませんでした (あなたの番ではありません)")


def test_the_guests_record_button_counts_its_games_as_english_says_a_count() -> None:
    """One game is "1 game", more are "games": no "game(s)" on the button."""
    def en(key: str, **kw: object) -> str:
        return tr("en", key, **kw)

    def ja(key: str, **kw: object) -> str:
        return tr("ja", key, **kw)

    assert [records_label(en, n) for n in (1, 2)] == ["Record (1 game)", "Records (2 games)"]
    assert [records_label(ja, n) for n in (1, 2)] == ["譜 (1ゲーム)", "譜 (2ゲーム)"]


def test_a_started_tables_seats_are_short_but_each_dropped_person_is_named() -> None:
    """Once the game is on, the panel above the table is one line: seats the computers
    play from the start run together, while a person (playing, away, or replaced by
    a computer) keeps an item of their own, marked when they dropped."""
    from cardkit.ui_dom.friends import seat_items
    from cardkit.ui_dom.strings_shell import STRINGS

    def t(key: str, **kw: object) -> str:
        return STRINGS[key]["en"].format(**kw)

    five = [("host", ""), ("guest", ""), ("computer", ""), ("computer", ""), ("computer", "")]
    assert seat_items(t, five, 1, set()) == [
        ("Seat 1: host", False), ("Seat 2 (you): playing", False),
        ("Seats 3–5: computers", False)]
    dropped = [("host", ""), ("away", ""), ("computer", ""), ("away", ""), ("computer", "")]
    items = seat_items(t, dropped, 0, {3})
    assert [away for _, away in items] == [False, True, False, True, False]
    assert items[1][0].startswith("Seat 2: disconnected: a computer takes over")
    assert items[3][0] == "Seat 4: disconnected: a computer plays for them"


def test_before_the_start_a_guests_seat_reads_as_waiting_not_playing() -> None:
    """In the lobby nobody plays yet: a guest's seat (its own too) waits for the start;
    once started, the same seat is playing."""
    from cardkit.ui_dom.friends import seat_line
    from cardkit.ui_dom.strings_shell import STRINGS

    for lang in ("ja", "en"):
        def t(key: str, lang: str = lang, **kw: object) -> str:
            return STRINGS[key][lang].format(**kw)

        lobby = seat_line(t, 1, "guest", "", True, False, started=False)
        assert lobby.endswith(t("friends.kind.guest_waiting"))
        assert seat_line(t, 1, "guest", "", True, False).endswith(t("friends.kind.guest"))
    assert seat_line(lambda key, **kw: STRINGS[key]["en"].format(**kw), 1, "guest", "Ben",
                     True, False, started=False) == "Ben (you): joined, waiting for the start"


def test_a_seat_that_drops_or_comes_back_is_said_in_the_screen_readers_log() -> None:
    """Who dropped, who a computer now plays for, who came back and who took or left
    a seat in the lobby are each said once, as it happens (the panel is redrawn, not
    a live region); the page's own seat, the computers taking the free seats at the
    start, a name alone changing and a first drawing say nothing."""
    from cardkit.ui_dom.friends import seat_news
    from cardkit.ui_dom.strings_shell import STRINGS

    def t(key: str, **kw: object) -> str:
        return STRINGS[key]["en"].format(**kw)

    lobby = [("host", "Aki", False), ("open", "", False), ("open", "", False)]
    joined = [("host", "Aki", False), ("guest", "Ben", False), ("open", "", False)]
    started = [("host", "Aki", False), ("guest", "Ben", False), ("computer", "", False)]
    away = [("host", "Aki", False), ("away", "Ben", False), ("computer", "", False)]
    replaced = [("host", "Aki", False), ("away", "Ben", True), ("computer", "", False)]
    assert seat_news(t, None, lobby, 0) == []
    assert seat_news(t, lobby, joined, 0) == ["Ben: playing"]
    assert seat_news(t, joined, started, 0) == []
    assert seat_news(t, started, away, 0) == ["Ben: disconnected: a computer takes over in 10 s"]
    assert seat_news(t, away, replaced, 0) == ["Ben: disconnected: a computer plays for them"]
    assert seat_news(t, replaced, started, 0) == ["Ben came back"]
    assert seat_news(t, away, started, 0) == ["Ben came back"]
    assert seat_news(t, started, away, 1) == []  # Ben's own page: not news to Ben
    renamed = [("host", "Aki", False), ("guest", "Bo", False), ("computer", "", False)]
    assert seat_news(t, started, renamed, 0) == []
    assert seat_news(t, joined, lobby, 0) == ["Seat 2: open (a computer if nobody comes)"]
    assert seat_news(t, lobby, lobby[:2], 0) == []  # another table
    # A guest's page sees the host's seats, its dropped one as the kind "replaced".
    assert seat_news(t, started, [("host", "Aki", False), ("replaced", "Ben", False),
                                  ("computer", "", False)], 2) == [
        "Ben: disconnected: a computer plays for them"]
    assert tr("ja", "friends.back", who="Ben") == "Benが戻りました"


class _Notices:
    def __init__(self) -> None:
        self.shown: list[str] = []

    def show_notices(self, notices: list[str]) -> None:
        self.shown += notices


def test_a_saved_name_is_read_as_hostile_and_a_bad_one_dropped_with_a_notice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The person's name at a table with friends is a saved setting: read back through
    the names' check (trimmed; at most 16 characters, no control character), a bad
    one (edited storage) is dropped with a notice, and the person sits unnamed."""
    from cardkit.ui_dom.storage import MemoryStorage

    store = MemoryStorage()
    shell.patch(monkeypatch, "page_storage", lambda: store)
    app = _Notices()
    page = shell.page(durak_net, app)
    assert page.saved_name() == "" and app.shown == []
    store.set(page.name_key, "  Aki ")
    assert page.saved_name() == "Aki"
    for bad in ("x" * 17, "A\u202eB", "a\nb"):
        store.set(page.name_key, bad)
        assert page.saved_name() == ""
        assert store.get(page.name_key) is None
    assert app.shown == ["friends.name_saved_bad"] * 3


def test_each_page_knows_the_key_of_its_kept_table_so_no_computer_moves_at_its_reload(
) -> None:
    """A page whose host's table with friends is kept decides no computer's move
    before its first screen (a guest's seat among them): it reads the shell's key."""
    from durak.ui_dom.app import FRIENDS_HOST_KEY as DURAK_KEY
    from napoleon.ui_dom.app import FRIENDS_HOST_KEY as NAPOLEON_KEY

    assert (_page(durak_net).host_key, _page(napoleon_net).host_key) == (DURAK_KEY, NAPOLEON_KEY)
