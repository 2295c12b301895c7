"""The host's page reloads and its guests come back; a lost host; games with friends
counted apart: the host's kept table is read without trust, a reloaded host proves
to each guest that it is the host (keyed by that guest's seat token) before the
guest sends its token, and a peer without the token cannot."""

from __future__ import annotations

import json

from cardkit.table_net.guest import GuestEvent, GuestTable
from cardkit.table_net.guest_session import REDIAL_BEATS, GuestSession
from cardkit.table_net.host_session import BEAT, SILENT_CHECKS, HostSave, HostSession
from cardkit.table_net.messages import (
    hello_text,
    host_proof,
    parse_guest,
    parse_host,
    proof_text,
    refused_text,
    who_text,
)
from cardkit.table_net.referee import Referee
from cardkit.ui_dom.friends_net import read_relays, valid_password
from durak import stats, table_net
from durak.game import Game
from durak.rules import Rules
from durak.ui_dom.stats.stats_view import variant_label

NONCE = "N" * 22


def seated(players: int = 3) -> tuple[Game, Referee, dict[int, str]]:
    """A started table with guests at seats 1 and 2 (peers p1, p2): their tokens."""
    game = Game.new(Rules(players=players), 7)
    ref = Referee(table_net.seat_game(lambda: game), players, 0, range(1, players), "durak")
    ref.self_id = "hostA1"
    tokens = {}
    for seat in range(1, players):
        out = ref.receive(f"p{seat}", json.dumps({"t": "hello", "v": 2, "name": f"G{seat}",
                                                  "lang": "en", "token": None}), 0.0).out
        tokens[seat] = json.loads(out[0].text)["token"]
    ref.start()
    return game, ref, tokens


def test_the_reloaded_hosts_referee_takes_each_guest_back_by_its_token_only() -> None:
    game, ref, tokens = seated()
    kept = HostSave("abcdefghijklmnop", "pw", ("ws://127.0.0.1:7447",), "7:1:1",
                    tuple(ref.seat_tokens()))
    read = HostSave.read(kept.text())
    assert read == kept
    fresh = Referee(table_net.seat_game(lambda: game), 3, 0, (), "durak")
    fresh.restore(read.seats, started=True)
    assert [s.kind for s in fresh.seat_infos()] == ["host", "away", "away"]
    # A stranger without a token gets no seat at a started table.
    stranger = fresh.receive("x", json.dumps({"t": "hello", "v": 2, "name": "M", "lang": "en",
                                              "token": None}), 0.0)
    assert stranger.refused == "full"
    back = fresh.receive("q2", json.dumps({"t": "hello", "v": 2, "name": "G2", "lang": "en",
                                           "token": tokens[2]}), 0.0)
    assert back.seated == 2
    assert [s.kind for s in fresh.seat_infos()] == ["host", "away", "guest"]


def test_a_kept_table_that_is_not_one_is_dropped_not_read() -> None:
    for text in ("", "[]", '{"room": 1}', "x" * 5000, json.dumps(
            {"room": "r", "password": "", "relays": [], "game": "g",
             "seats": [["host", "", None], ["king", "", None]]})):
        assert HostSave.read(text) is None


def test_the_host_proves_itself_with_the_seats_token_and_a_relay_of_it_fails() -> None:
    _game, ref, tokens = seated()
    reply = ref.receive("guest1", who_text(1, NONCE), 0.0)
    proof = parse_host(reply.out[0].text)
    assert proof.proof == host_proof(tokens[1], NONCE, "hostA1", "guest1")  # type: ignore[union-attr]
    # The same proof, relayed by another peer, names that peer: the guest refuses it.
    assert proof.proof != host_proof(tokens[1], NONCE, "mallory", "guest1")  # type: ignore[union-attr]
    assert isinstance(parse_guest(who_text(1, NONCE)), type(parse_guest(who_text(2, NONCE))))


TOKEN = "T" * 22


def host_gone() -> tuple[GuestSession[object], list[tuple[str, str]], list[GuestEvent]]:
    """Guest ``guest1`` at seat 1 (its token :data:`TOKEN`) whose host ``oldhost`` just
    left: its session, the texts it sends (to whom, what) and its events."""
    sent: list[tuple[str, str]] = []
    events: list[GuestEvent] = []
    table = GuestTable(table_net.read_view, table_net.view_seat, "", "en", TOKEN)
    session = GuestSession(table, "oldhost", lambda text, peer: sent.append((peer, text)),
                           events.append, seat=1)
    session.self_id = "guest1"
    session.left("oldhost")
    return session, sent, events


def test_a_guest_waits_for_its_host_and_sends_its_token_only_to_the_peer_that_proves() -> None:
    session, sent, events = host_gone()
    token = TOKEN
    assert events[-1].kind == "host-left"
    # Two peers join; each is asked to prove it is the host; neither gets the token yet.
    session.joined("mallory")
    session.joined("newhost")
    whos = {peer: json.loads(text) for peer, text in sent}
    assert {w["t"] for w in whos.values()} == {"who"}
    assert all(token not in text for _peer, text in sent)
    # Mallory answers with a proof it cannot make (the token is not its own).
    session.message("mallory", proof_text(1, "0" * 64))
    assert all(token not in text for _peer, text in sent)
    assert session.host == "oldhost"
    good = host_proof(token, whos["newhost"]["nonce"], "newhost", "guest1")
    session.message("newhost", proof_text(1, good))
    assert events[-1].kind == "host-back" and session.host == "newhost"
    assert json.loads(sent[-1][1]) == {"t": "hello", "v": 2, "name": "", "lang": "en",
                                       "token": token}
    assert sent[-1][0] == "newhost"


def test_a_question_to_a_reloaded_host_lost_is_asked_again_at_each_beat_until_it_proves(
) -> None:
    """A reloaded host's page may miss the guest's ``who`` (or the guest its
    ``proof``) while it sets up: the guest asks again at its next beats, with the
    same nonce, and takes its seat back from the first proof; then it asks no more."""
    session, sent, events = host_gone()
    token = TOKEN
    session.joined("newhost")
    first = json.loads(sent[-1][1])
    sent.clear()  # the question never reached the host
    session.beat()
    session.beat()
    asked = [json.loads(text) for peer, text in sent if peer == "newhost"]
    assert asked == [first, first] and first["t"] == "who" and first["seat"] == 1
    session.message("newhost", proof_text(1, host_proof(token, first["nonce"], "newhost",
                                                        "guest1")))
    assert events[-1].kind == "host-back" and session.host == "newhost"
    sent.clear()
    session.beat()
    assert not any(json.loads(text)["t"] == "who" for _peer, text in sent)


def test_a_peer_silent_to_every_question_has_its_line_made_anew_at_every_few_beats(
) -> None:
    """A line whose opening handshake one side lost carries the guest's questions to
    a page that never reads them: after :data:`REDIAL_BEATS` silent beats the guest
    has the line made anew, and again after as many more, and asks again on the new
    one. A peer that answers, even with a proof that proves nothing, is not silent."""
    session, sent, events = host_gone()
    redials: list[str] = []
    session.redial = redials.append
    session.joined("mallory")
    session.joined("newhost")
    for _ in range(REDIAL_BEATS - 1):
        session.beat()
        session.message("mallory", proof_text(1, "0" * 64))  # heard, proving nothing
    assert redials == []
    session.beat()
    assert redials == ["newhost"]
    for _ in range(REDIAL_BEATS - 1):
        session.beat()
    assert redials == ["newhost", "mallory"]  # mallory silent for as many beats now
    session.beat()
    assert redials == ["newhost", "mallory", "newhost"]
    # The new line: the room says the peer left and came again; asked again, it proves.
    session.left("newhost")
    sent.clear()
    session.joined("newhost")
    who = json.loads(sent[-1][1])
    assert who["t"] == "who"
    session.message("newhost", proof_text(1, host_proof(TOKEN, who["nonce"], "newhost",
                                                        "guest1")))
    assert events[-1].kind == "host-back" and session.silent.get("newhost") is None


def test_a_handshake_lost_is_made_anew_while_no_host_answered_and_only_then() -> None:
    """A line whose handshake the guest's room gave up on (the reloaded host, which
    that room never counted in, so never met) is made anew while the guest waits for
    its host, or for its host's first answer; a seated guest's lost handshake with
    another peer is none of the table's."""
    session, _sent, _events = host_gone()
    redials: list[str] = []
    session.redial = redials.append
    session.handshake_lost("newhost")
    assert redials == ["newhost"]
    session.hello()  # said, not answered yet: still waiting
    session.handshake_lost("newhost")
    assert redials == ["newhost", "newhost"]
    session.answered = True  # the host answered (a welcome)
    session.handshake_lost("otherguest")
    assert redials == ["newhost", "newhost"]


def test_a_guest_without_a_seat_asks_no_one() -> None:
    sent: list[tuple[str, str]] = []
    table = GuestTable(table_net.read_view, table_net.view_seat, "", "en", None)
    session = GuestSession(table, "host", lambda text, peer: sent.append((peer, text)),
                           lambda _e: None)
    session.joined("other")
    assert sent == []


def test_a_guests_record_line_holds_its_own_hand_and_no_other_seats_card() -> None:
    game = Game.new(Rules(players=2), 7)
    line = table_net.seen_line(game.view(1))
    own = set(line.split("hand [")[1].split("]")[0].split(","))
    other = set(table_net.seen_line(game.view(0)).split("hand [")[1].split("]")[0].split(","))
    assert own and not own & other
    for card in other:
        assert card not in line


def test_games_with_friends_are_counted_in_their_own_tally() -> None:
    s = stats.Stats()
    facts = stats.GameFacts(durak=False, draw=False, taken=3, transfers=0)
    stats.count_game(s, Rules(), facts, "a")
    stats.count_game(s, Rules(), facts, "b", friends=True)
    assert s.tallies[("preset=podkidnoy", 2)].games == 1
    assert s.tallies[("preset=podkidnoy&with=friends", 2)].games == 1
    assert stats.decode_stats(stats.encode_stats(s)) == s
    assert "with friends" in variant_label("preset=podkidnoy&with=friends", 2) or \
        "友だちと" in variant_label("preset=podkidnoy&with=friends", 2)


def test_the_relay_setting_keeps_only_relays_the_policy_allows() -> None:
    allowed = ("wss://nos.lol", "ws://127.0.0.1:7447")
    assert read_relays("wss://nos.lol\nws://127.0.0.1:7447", allowed) == (allowed, [])
    kept, refused = read_relays("wss://evil.example javascript:alert(1)", allowed)
    assert kept == () and [why for _r, why in refused] == ["policy", "url"]
    assert valid_password("") and not valid_password("\x00")


def test_devices_whose_clocks_differ_by_minutes_still_seat_beat_and_prove_a_reloaded_host(
        ) -> None:
    """No text between the host and a guest carries a time and neither side reads the
    other's clock: with the host's clock 10 minutes ahead of the guest's, 5 behind
    after its page reloads (a page's monotonic clock restarts), the guest is seated,
    its beats keep it seated, and the reloaded host proves itself and has it back."""
    real = [5000.0]
    game = Game.new(Rules(players=2), 7)
    ref = Referee(table_net.seat_game(lambda: game), 2, 0, range(1, 2), "durak")
    ref.self_id = "hostA1"
    wire: list[tuple[str, str, str]] = []  # (to, from, text)
    host = HostSession(ref, lambda text, peer: wire.append((peer, "hostA1", text)),
                       lambda: None, now=lambda: real[0] + 600)
    hosts = {"hostA1": host}
    events: list[GuestEvent] = []
    guest = GuestSession(GuestTable(table_net.read_view, table_net.view_seat, "Aki", "en"),
                         "hostA1", lambda text, peer: wire.append((peer, "guest1", text)),
                         events.append, now=lambda: real[0])
    guest.self_id = "guest1"

    def deliver() -> None:
        while wire:
            to, sender, text = wire.pop(0)
            if to == "guest1":
                guest.message(sender, text)
            else:
                hosts[to].message(sender, text)

    guest.joined("hostA1")
    deliver()
    assert ref.seats[1].kind == "guest" and guest.seat() == 1
    host.start()
    deliver()
    for _ in range(3 * SILENT_CHECKS):
        real[0] += BEAT
        guest.beat()
        deliver()
        host.check_silence()
    assert ref.seats[1].kind == "guest" and not [e for e in events if e.kind == "refused"]
    # The host's page reloads under a new peer id, its clock now 5 minutes behind.
    kept = HostSave.read(HostSave("abcdefghijklmnop", "", ("ws://127.0.0.1:7447",), "7",
                                  tuple(ref.seat_tokens())).text())
    assert kept is not None
    fresh = Referee(table_net.seat_game(lambda: game), 2, 0, (), "durak")
    fresh.restore(kept.seats, started=True)
    fresh.self_id = "hostB2"
    hosts["hostB2"] = HostSession(fresh, lambda text, peer: wire.append((peer, "hostB2", text)),
                                  lambda: None, now=lambda: real[0] - 300)
    guest.left("hostA1")
    assert events[-1].kind == "host-left"
    gone = len(events)
    real[0] += 20 * BEAT
    guest.joined("hostB2")
    deliver()  # who → proof → hello with the seat's token → the seat's view
    assert guest.host == "hostB2"
    assert [e.kind for e in events[gone:]][:1] == ["host-back"]
    assert fresh.seats[1].kind == "guest" and fresh.seat_of("guest1") == 1


def test_a_reply_that_proves_nothing_leaves_the_question_to_the_returning_host() -> None:
    """The host's page back after a reload answers "who" before its seats are read
    again (a refusal, no proof): the guest asks it again at the next beat and takes
    its proof then."""
    guest, sent, events = host_gone()
    guest.joined("newhost")
    nonce = json.loads(sent[-1][1])["nonce"]
    guest.message("newhost", refused_text("bad-token", 0))
    assert guest.host == "oldhost" and guest.ignored == 1
    sent.clear()
    guest.beat()
    assert [(p, json.loads(t)["t"]) for p, t in sent] == [("newhost", "who")]
    assert json.loads(sent[0][1])["nonce"] == nonce
    guest.message("newhost", proof_text(1, host_proof(TOKEN, nonce, "newhost", "guest1")))
    assert guest.host == "newhost" and events[-1] == GuestEvent("host-back")
    assert json.loads(sent[-1][1]) == json.loads(hello_text("", "en", TOKEN))
