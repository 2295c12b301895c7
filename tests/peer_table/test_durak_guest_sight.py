"""A Durak table is drawn from what its seat saw (:class:`durak.sight.Sight`), on the
host's page and a guest's alike: the host builds it from its match, a guest from the
views the host sent (each with the match's standing), and for the same seat the two are
the same record.  A guest's page holds no game, sampled or other, and the standing it
is sent is read as strictly as a view (docs/rules/durak.md §2.4, §7; ARCHITECTURE.md,
"Play with friends")."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cardkit.table_net.guest import GuestTable
from cardkit.table_net.guest_session import guest_pause, guest_think
from cardkit.table_net.messages import View, parse_host, view_text, welcome_text
from cardkit.table_net.referee import EngineSeats
from durak import table_net
from durak.rules import Rules
from durak.sight import Sight, Standing, TableView
from durak.ui_dom.friends import friends_table
from durak.ui_dom.friends.guest_controller import GuestController
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.table.account import durak_account
from durak.view import PlayerView
from lab.durak.match import Match, match_sight, of_match, series_of
from tests.sweep import sized
from tests.test_purity import file_browser_imports

ROOT = Path(__file__).resolve().parents[2]
#: Rules whose moves a guest reads from its views (:func:`durak.table_net.reads_moves`).
READ = [Rules(), Rules(players=3), Rules(players=4), Rules.preset("perevodnoy"),
        Rules.preset("perevodnoy").replace(players=3, transfer_show=True)]


def _seats(m: Match) -> EngineSeats:
    """The host's referee over the match's game, each view sent with its standing."""
    return table_net.seat_game(lambda: m.game, lambda: series_of(m, 0).standing())


def _sent(m: Match, seat: int) -> PlayerView | TableView:
    """What seat ``seat``'s guest reads of the host's message now: the referee's view
    text, through the host's message reader and the game's view reader."""
    seats = _seats(m)
    msg = parse_host(view_text(seats.turn, seats.view_json(seat), m.number))
    assert isinstance(msg, View)
    view = table_net.read_view(dict(msg.view))
    assert isinstance(view, PlayerView | TableView)
    return view


def _play(m: Match, seat: int, rng: random.Random) -> list[tuple[Sight, Sight]]:
    """A whole match game by random moves, a guest at ``seat`` following each view
    sent: the host's sight of that seat and the guest's, after every move."""
    first = _sent(m, seat)
    guest = friends_table.guest_controller(first, 0, lambda _a: None, lambda: None)
    assert isinstance(guest, GuestController)
    pairs = []
    while m.game.result is None:
        g = m.game
        g.apply(rng.choice(g.legal_actions()))
        assert guest.guest is not None
        friends_table.update_guest(guest, guest.guest, _sent(m, seat), len(g.actions()))
        pairs.append((match_sight(m, seat), guest.sight()))
    return pairs


@pytest.mark.parametrize("rules", READ, ids=lambda r: r.to_text()[:40] or "default")
@pytest.mark.parametrize("seed", [1, 2, 3][:sized(3, 1)])
def test_the_host_and_a_guest_build_the_same_sight_of_a_seat(rules: Rules, seed: int) -> None:
    """For random games, after every move, the host's sight of seat ``s`` equals the one
    a guest at ``s`` built from the views it was sent: the view, the standing, the
    public events (no card drawn into a hand named), the seat's own lone passes."""
    assert table_net.reads_moves(rules)
    m = Match(rules, seed=seed)
    rng = random.Random(seed)
    seat = seed % rules.players
    for _game in range(2):
        for host, guest in _play(m, seat, rng):
            assert guest == host
        m.next_game()
    assert m.number == 3 and guest.standing.number == 2  # the second game's, scored next


def test_the_guests_and_hosts_recent_moves_read_alike() -> None:
    """The same sight, the same account: a guest's page lists the moves in the host's
    words (its own lone passes said as its own, as the host's page says the host's)."""
    m = Match(Rules(players=3), seed=5)
    guest = friends_table.guest_controller(_sent(m, 0), 0, lambda _a: None, lambda: None)
    assert isinstance(guest, GuestController) and guest.guest is not None
    rng = random.Random(5)
    while m.game.result is None:
        m.game.apply(rng.choice(m.game.legal_actions()))
        friends_table.update_guest(guest, guest.guest, _sent(m, 0), len(m.game.actions()))
    host = Controller.resume(of_match(m, 5), Hooks(guest_think, guest_pause, lambda: None),
                             "easy")
    assert durak_account(guest) == durak_account(host)


def test_the_standing_a_guest_is_sent_is_the_matchs_before_the_game_on_the_table() -> None:
    """Game 2 of a match: its number and the first game's durak counted; the end's
    tally counts the game on the table in (:meth:`durak.sight.Standing.now`)."""
    m = Match(Rules(players=3), seed=8)
    rng = random.Random(8)
    while not m.games or m.games[-1].result is None or m.games[-1].result.draw:
        while m.game.result is None:
            m.game.apply(rng.choice(m.game.legal_actions()))
        m.next_game()
    sent = _sent(m, 2)
    assert isinstance(sent, TableView)
    assert sent.standing == Standing(m.number, tuple(m.tally), tuple(m.points))
    assert sum(sent.standing.tally) == sum(m.tally) >= 1
    assert sent.view == m.game.view(2)


@pytest.mark.parametrize(("field", "value"), [
    ("game", "2"), ("game", 0), ("game", 2.0), ("game", True), ("tally", [0, "1", 0]),
    ("tally", [0, -1, 0]), ("tally", [0, 0]), ("tally", "000"), ("points", [0, 0, 1.5]),
    ("points", [0, 0, 10 ** 30]), ("points", None)])
def test_a_tampered_standing_is_refused_naming_its_field(field: str, value: object) -> None:
    """A standing is hostile data: a value of a wrong type (never read as a number), out
    of range or a list not one a seat is refused, the view with it, by the field's name;
    the guest's table keeps what it drew."""
    m = Match(Rules(players=3), seed=2)
    seats = _seats(m)
    data = json.loads(seats.view_json(1))
    data["standing"][field] = value
    table = GuestTable(table_net.read_view, table_net.view_seat, "g", "en")
    table.receive(welcome_text(1, "t" * 22, 3, "durak"))
    event = table.receive(view_text(0, json.dumps(data)))
    assert (event.kind, event.reason) == ("bad", "view")
    assert event.detail.startswith(f"standing.{field}"), event.detail
    assert table.view is None


@pytest.mark.parametrize("extra", [{"extra": 1}, {}])
def test_a_standing_with_keys_not_its_own_is_refused(extra: dict[str, int]) -> None:
    m = Match(Rules(), seed=2)
    data = json.loads(_seats(m).view_json(1))
    data["standing"] = ({} if not extra else data["standing"]) | extra
    with pytest.raises(ValueError, match=r"^standing: expected the keys"):
        table_net.read_view(data)


def test_what_the_host_sends_is_the_seats_view_and_the_standing_only() -> None:
    """No hidden card rides with the standing: the message is the seat's own view (the
    computers' form of it) and three numbers' lists."""
    m = Match(Rules(players=3), seed=6)
    data = json.loads(_seats(m).view_json(2))
    standing = data.pop("standing")
    assert data == json.loads(m.game.view(2).to_json())
    assert standing == {"game": 1, "tally": [0, 0, 0], "points": [0, 0, 0]}


def test_no_page_module_samples_a_world() -> None:
    """A page draws from its seat's view, never from a deal guessed under it: no module
    of ``durak/ui_dom`` imports the computers' sampler of worlds."""
    files = sorted((ROOT / "durak" / "ui_dom").rglob("*.py"))
    assert len(files) > 50
    found = {str(p.relative_to(ROOT)): file_browser_imports(
        p, frozenset({"durak.ai.worlds"}), ".".join(p.parent.relative_to(ROOT).parts))
        for p in files}
    assert {name: f for name, f in found.items() if f} == {}
