"""The host's referee: a guest's action is played only for its own seat, at its
moment, when the engine accepts it; anything else is refused with a reason sent
to that guest alone; seats are taken back by token; a flood is cut off."""

from __future__ import annotations

import json
import random

from cardkit.table_net.messages import act_text, hello_text, name_text
from cardkit.table_net.referee import RateLimit, Referee
from tests.peer_table.harness import Table, durak_game, napoleon_game, new_table


def started_durak(seed: int = 3) -> Table:
    t = new_table(durak_game(seed, players=3), 3, [1, 2])
    t.join("a", "Aki")
    t.join("b", "Ben")
    t.deliver(t.referee.start())
    return t


def to_guest_seat(t: Table) -> int:
    """Play on the host until a guest's seat is to act; that seat."""
    g, rng = t.g.game, random.Random(0)
    while not t.referee.is_remote(g.to_act):
        g.apply(rng.choice(g.legal_actions()))
    t.deliver(t.referee.views())
    return int(g.to_act)


def peer_of(t: Table, seat: int) -> str:
    return t.referee.guest_seats()[seat]


def last_to(t: Table, peer: str) -> dict[str, object]:
    seat = t.referee.seat_of(peer)
    texts = [s.text for s in t.sent if s.seat == seat]
    return dict(json.loads(texts[-1]))


def test_guests_take_the_open_seats_in_order_and_get_a_token() -> None:
    t = started_durak()
    assert t.guests["a"].seat == 1 and t.guests["b"].seat == 2
    assert t.guests["a"].token and t.guests["a"].token != t.guests["b"].token
    assert [s.kind for s in t.guests["a"].seats] == ["host", "guest", "guest"]


def test_a_full_table_refuses_a_newcomer() -> None:
    t = started_durak()
    reply = t.send("c", hello_text("Cy", "ja", None))
    assert reply.refused == "full" and reply.seated is None


def test_an_action_for_another_seat_is_refused() -> None:
    """A guest cannot act for the seat to act when it is not its own."""
    t = started_durak()
    seat = to_guest_seat(t)
    other = peer_of(t, 1 if seat == 2 else 2)
    action = t.g.action_text(t.g.game.legal_actions()[0])
    reply = t.send(other, act_text(t.g.seats.turn, action))
    assert reply.accepted is None and reply.refused == "not-your-turn"
    assert last_to(t, other)["reason"] == "not-your-turn"


def test_an_action_out_of_its_moment_is_refused() -> None:
    t = started_durak()
    seat = to_guest_seat(t)
    action = t.g.action_text(t.g.game.legal_actions()[0])
    reply = t.send(peer_of(t, seat), act_text(t.g.seats.turn - 1, action))
    assert reply.refused == "stale"


def test_an_illegal_card_is_refused_and_the_game_is_untouched() -> None:
    t = started_durak()
    seat = to_guest_seat(t)
    before = t.g.game.view(seat).to_json()
    legal = {t.g.action_text(a) for a in t.g.game.legal_actions()}
    hand = json.loads(before)["hand"].split(",")
    deck = [r + s for r in "6789TJQKA" for s in "SHDC"]
    tries = [f"attack {c}" for c in deck if c not in hand] + ["attack " + ",".join(hand)]
    tries += ["cover AS 6S", "take", "pass", "throw 6H", "double"]
    refused = [x for x in tries if x not in legal]
    assert len(refused) > 30
    for text in refused:
        reply = t.send(peer_of(t, seat), act_text(t.g.seats.turn, text))
        assert reply.accepted is None and reply.refused == "illegal", text
    assert t.g.game.view(seat).to_json() == before


def test_malformed_messages_are_refused_with_a_reason() -> None:
    t = started_durak()
    peer = "a"
    for text, reason in [
        ("x" * 5000, "too-long"),
        ("[" * 50 + "]" * 50, "too-deep"),
        ("{not json", "malformed"),
        ('{"t": "act", "v": 1, "turn": 0, "action": "take"}', "version"),
        ('{"t": "act", "v": 2, "turn": 0, "action": "take", "seat": 0}', "malformed"),
        ('{"t": "hack", "v": 2}', "unknown"),
        ('{"t": "act", "v": 2, "turn": 0, "action": "take\\u202e"}', "malformed"),
    ]:
        reply = t.send(peer, text)
        assert reply.refused == reason, text[:40]
        assert reply.accepted is None


def test_a_guest_who_drops_gets_its_seat_back_with_its_token() -> None:
    t = started_durak()
    token = t.guests["a"].token
    t.deliver(t.referee.drop("a"))
    assert not t.referee.is_remote(1)  # the computers play it meanwhile
    assert [s.kind for s in t.guests["b"].seats] == ["host", "away", "guest"]
    back = t.join("a2", "Aki", token)
    assert back.seat == 1 and t.referee.is_remote(1) and back.view is not None


def test_a_wrong_token_takes_no_seat() -> None:
    t = started_durak()
    reply = t.send("c", hello_text("Cy", "en", "A" * 22))
    assert reply.refused == "bad-token"


def test_a_flood_is_cut_off() -> None:
    g = napoleon_game(1)
    t = Table(g, Referee(g.seats, 5, 0, [1], g.name, rate=lambda: RateLimit(5, 1.0)))
    t.join("a", "Aki")
    t.deliver(t.referee.start())
    replies = [t.referee.receive("a", act_text(0, "pass"), 1.0) for _ in range(10)]
    assert replies[-1].cut and not t.referee.is_remote(1)
    assert t.referee.receive("a", act_text(0, "pass"), 100.0).cut


def test_garbage_however_slow_is_cut_off_in_the_end() -> None:
    t = started_durak()
    for i in range(60):
        reply = t.referee.receive("a", "garbage", 10.0 * i)
    assert reply.cut


def test_a_seated_guest_names_its_own_seat_and_every_guest_sees_it() -> None:
    """A person at a table with friends gives their name once seated (``name``): it
    renames their own seat, never another, and every guest's seats say it; the host
    names itself the same way.  A peer with no seat is refused, and a name too long
    or holding a control character is refused as malformed, the seat unchanged."""
    t = started_durak()
    reply = t.send("a", name_text("Aki Tanaka"))
    assert reply.renamed == 1 and reply.refused is None
    assert [s.name for s in t.guests["b"].seats] == ["Host", "Aki Tanaka", "Ben"]
    assert [s.name for s in t.guests["a"].seats] == ["Host", "Aki Tanaka", "Ben"]
    assert t.send("stranger", name_text("Eve")).refused == "not-seated"
    for bad in ("x" * 25, "a\nb", "\u202eevE"):
        reply = t.send("b", name_text(bad))
        assert reply.refused == "malformed" and reply.renamed is None, bad
    assert [s.name for s in t.referee.seat_infos()] == ["Host", "Aki Tanaka", "Ben"]
    t.deliver(t.referee.rename_host("Hana"))
    assert [s.name for s in t.guests["b"].seats] == ["Hana", "Aki Tanaka", "Ben"]


def test_a_dropped_guest_cannot_rename_the_seat_it_left() -> None:
    """Once a guest's connection dropped its seat is no longer its peer's: a name from
    that old connection renames nothing."""
    t = started_durak()
    t.deliver(t.referee.drop("a"))
    assert t.send("a", name_text("Eve")).refused == "not-seated"
    assert t.referee.seat_infos()[1].name == "Aki"


def test_a_seats_view_is_built_once_for_each_moment_of_the_game() -> None:
    """Asked for the guests' views again with nothing moved (the host's session asks
    after every move and before each guest's decision), the referee builds no engine
    view nor its JSON; a move
    builds each person's seat's view anew, and the guests get it once."""
    t = started_durak()
    built: list[int] = []
    view_json = t.g.seats.view_json

    def counted(seat: int) -> str:
        built.append(seat)
        return view_json(seat)

    t.g.seats.view_json = counted  # type: ignore[method-assign]
    sent = len(t.sent)
    for _ in range(3):
        assert t.referee.views() == []
    assert built == [] and len(t.sent) == sent
    g, rng = t.g.game, random.Random(0)
    g.apply(rng.choice(g.legal_actions()), g.to_act)
    t.deliver(t.referee.views())
    t.deliver(t.referee.views())
    assert sorted(built) == [1, 2] and len(t.sent) == sent + 2
