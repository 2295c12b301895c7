"""A seeded fuzz: 1,000 hostile messages into the host's referee and 1,000 into
a guest.  The host accepts nothing that is not the sending seat's legal action
at that very moment, the guest draws no view but its own seat's, and neither
raises: every bad message is a refusal with a reason."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from cardkit.table_net.guest import GuestTable
from cardkit.table_net.messages import (
    SeatInfo,
    act_text,
    end_text,
    game_record_text,
    hello_text,
    name_text,
    refused_text,
    seats_text,
    view_text,
    welcome_text,
)
from cardkit.table_net.referee import RateLimit, Referee
from tests.peer_table.harness import Game, durak_game, napoleon_game

N = 1000
JUNK = ["", " ", "null", "[]", "{}", "true", "1e999", "NaN", '"\\ud800"', "\x00",
        "{" * 40, "[" * 5000, "x" * 3000, '{"t": "act"}', "🂡" * 10]
VALUES: list[object] = [None, True, False, 0, -1, 1.5, 10**30, "", "x" * 500, [], {},
                        "\u202e", "A" * 22, "take", "pass"]


def hostile_guest_text(rng: random.Random, g: Game, turn: int) -> str:
    game = g.game
    legal = [g.action_text(a) for a in game.legal_actions()[:200]] or ["pass"]
    kind = rng.randrange(9)
    if kind == 0:
        return rng.choice(JUNK)
    if kind == 1:  # a real action, a wrong moment
        return act_text(max(turn + rng.choice([-2, -1, 1, 5]), 0), rng.choice(legal))
    if kind == 2:  # a plausible action at the right moment (from any seat)
        return act_text(turn, rng.choice(legal))
    if kind == 3:  # card soup
        cards = [r + s for r in "6789TJQKA" for s in "SHDC"] + ["JK"]
        verb = rng.choice(["attack", "cover", "play", "bid", "discard", "throw", "call"])
        return act_text(turn, verb + " " + " ".join(rng.sample(cards, rng.randint(0, 4))))
    if kind == 4:  # type confusion in every field
        d: dict[str, object] = {"t": "act", "v": 2, "turn": turn, "action": rng.choice(legal)}
        d[rng.choice(list(d))] = rng.choice(VALUES)
        return json.dumps(d)
    if kind == 5:  # extra fields
        d = {"t": "act", "v": 2, "turn": turn, "action": rng.choice(legal),
             rng.choice(["seat", "token", "view", "__proto__"]): rng.choice(VALUES)}
        return json.dumps(d)
    if kind == 6:
        name = rng.choice(["Eve", "\u202eevE", "x" * 40, "a\nb", ""])
        if rng.random() < 0.3:  # a name: a seated peer's own seat's, printable, short
            return name_text(name)
        token = rng.choice([None, "A" * 22, "B" * 21, "../../etc"])
        return hello_text(name, rng.choice(["en", "ja", "xx"]), token)
    if kind == 7:
        return "[" * rng.randint(2, 3000) + "]" * rng.randint(0, 10)
    return json.dumps({"t": rng.choice(["act", "hello", "view", "end"]), "v": 2,
                       "turn": turn, "action": rng.choice(legal)})[: rng.randint(1, 120)]


def fuzz_host(seed: int, new_game: Callable[[int], Game], players: int) -> dict[str, int]:
    """Hostile messages from two seated guests and a stranger, the game played on
    between them; counts of what the referee did."""
    rng = random.Random(seed)
    counts = {"messages": 0, "accepted": 0, "accepted_invalid": 0, "refused": 0,
              "exceptions": 0, "cut": 0, "games": 0}
    g = new_game(seed)
    ref: Referee | None = None
    now = 0.0
    while counts["messages"] < N:
        if ref is None or g.game.is_over:
            g = new_game(rng.randrange(1 << 30))
            ref = Referee(g.seats, players, 0, [1, 2], g.name,
                          rate=lambda: RateLimit(1000, 1000.0))
            ref.receive("p1", hello_text("A", "en", None), now)
            ref.receive("p2", hello_text("B", "en", None), now)
            ref.start()
            counts["games"] += 1
        game = g.game
        peer = rng.choice(["p1", "p2", "stranger"])
        seat = ref.seat_of(peer)
        turn = g.seats.turn
        text = hostile_guest_text(rng, g, turn)
        now += 0.01
        counts["messages"] += 1
        try:
            reply = ref.receive(peer, text, now)
        except Exception:
            counts["exceptions"] += 1
            continue
        counts["cut"] += reply.cut
        if reply.renamed is not None and (reply.renamed != seat or not all(
                c.isprintable() for c in ref.seat_infos()[reply.renamed].name)):
            counts["accepted_invalid"] += 1
        if reply.accepted is not None:
            counts["accepted"] += 1
            a = reply.accepted
            legal = [g.action_text(x) for x in game.legal_actions()]
            if not (a.seat == seat == game.to_act and a.turn == turn and a.action in legal):
                counts["accepted_invalid"] += 1
            game.apply(g.seats.parse(a.action), a.seat)
        else:
            counts["refused"] += 1
        # The host and its computers move on now and then.
        if not game.is_over and (rng.random() < 0.3 or not ref.is_remote(game.to_act)):
            game.apply(rng.choice(game.legal_actions()))
    return counts


def hostile_host_text(rng: random.Random, g: Game, seat: int, turn: int,
                      number: int = 1) -> tuple[str, bool]:
    """A host message and whether it is one the guest may accept as its own view
    (``number``: the match's game it is of, as the host's views say it)."""
    game = g.game
    players = len(json.loads(game.view(0).to_json()).get("hand_sizes", [0] * 5))
    other = rng.choice([s for s in range(players) if s != seat])
    kind = rng.randrange(8)
    if kind == 0:
        return rng.choice(JUNK), False
    if kind == 1:  # another seat's view: the guest must not draw it
        return view_text(turn, game.view(other).to_json()), False
    if kind == 2:  # its own view, a field broken
        d = json.loads(game.view(seat).to_json())
        d[rng.choice(list(d))] = rng.choice(VALUES)
        return view_text(turn, json.dumps(d)), False
    if kind == 3:
        return welcome_text(other, "A" * 22, players, g.name), False
    if kind == 4:
        kinds = ["guest", "host"]
        infos = tuple(SeatInfo(rng.choice(kinds), "x") for _ in range(rng.randint(2, 8)))
        return seats_text(infos, rng.random() < 0.5), False
    if kind == 5:
        # A finished game's record that is none (the page's record reader refuses it).
        record = game_record_text(rng.choice([1, 2, 3]), rng.choice(
            [*JUNK[1:9], '{"format": "napoleon-game/1"}', '{"format": "durak/1"}']))
        return rng.choice([refused_text("illegal", turn), '{"t": "refused", "v": 2, '
                           '"reason": "<script>", "turn": 1}', end_text("x" * 30, None),
                           record]), False
    if kind == 6:
        d = {"t": "view", "v": 2, "turn": rng.choice(VALUES), "game": rng.choice(VALUES),
             "view": rng.choice(VALUES)}
        return json.dumps(d), False
    return view_text(turn, game.view(seat).to_json(), number), True


def fuzz_guest(seed: int, new_game: Callable[[int], Game]) -> dict[str, int]:
    rng = random.Random(seed)
    counts = {"messages": 0, "views_drawn": 0, "accepted_invalid": 0, "exceptions": 0,
              "own_refused": 0}
    g = new_game(seed)
    seat = 1
    guest = GuestTable(g.read_view, g.view_seat, "Aki", "en")
    guest.receive(welcome_text(seat, "A" * 22, 5 if g.name == "napoleon" else 2, g.name))
    number = 1
    while counts["messages"] < N:
        if g.game.is_over:  # the next game, under its number (its views start again)
            g, number = new_game(rng.randrange(1 << 30)), number + 1
        text, own = hostile_host_text(rng, g, seat, g.seats.turn, number)
        before = guest.view
        counts["messages"] += 1
        try:
            event = guest.receive(text)
        except Exception:
            counts["exceptions"] += 1
            continue
        if event.kind == "view":
            counts["views_drawn"] += 1
            drawn: Any = guest.view
            sent = json.loads(text)["view"]
            # Its own seat's, and the very view sent: no field taken of the wrong type
            # and coerced, nor left to fail later in the drawing.
            if g.view_seat(drawn) != seat or sent.get("seat") != seat or (
                    drawn.to_dict() != sent):
                counts["accepted_invalid"] += 1
        elif own:
            counts["own_refused"] += 1
        elif guest.view is not before:
            counts["accepted_invalid"] += 1
        if guest.seat != seat:
            counts["accepted_invalid"] += 1
        if rng.random() < 0.5:
            g.game.apply(rng.choice(g.game.legal_actions()))
    return counts


@pytest.mark.parametrize(("new_game", "players"),
                         [(napoleon_game, 5), (lambda s: durak_game(s, 3), 3)],
                         ids=["napoleon", "durak"])
def test_fuzz_into_the_host(new_game: Callable[[int], Game], players: int) -> None:
    counts = fuzz_host(20261, new_game, players)
    assert counts["messages"] == N
    assert counts["exceptions"] == 0 and counts["accepted_invalid"] == 0, counts
    assert counts["accepted"] > 20 and counts["refused"] > 500, counts


@pytest.mark.parametrize("new_game", [napoleon_game, durak_game], ids=["napoleon", "durak"])
def test_fuzz_into_a_guest(new_game: Callable[[int], Game]) -> None:
    counts = fuzz_guest(20262, new_game)
    assert counts["exceptions"] == 0 and counts["accepted_invalid"] == 0, counts
    assert counts["views_drawn"] > 50 and counts["own_refused"] == 0, counts
