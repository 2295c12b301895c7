"""Play with friends: no table freezes on a guest, whatever it sends or stops sending.

``python3 -m bench.friends_hostile [--games N] [--seed S]`` (default 40 games, seed 1)
plays whole Durak games for three (the host's seat at random, two guests) through the
host's session and referee (:class:`cardkit.table_net.host_session.HostSession`) on
CPython, on a controlled clock: an event loop whose time is the bench's (the away
wait's timer and the session's clock both read it), moved on one beat at a time, so
the real waits (the away wait, the silence checks) run in no real time.

Each guest has one behaviour for its game, from a move on (the move drawn per game):

* ``hostile`` sends hostile texts (the peer-table fuzz's: junk, out-of-turn and other
  seats' actions, type confusion, deep nesting, forged hellos) before each of its
  moves and with its beats, until the referee cuts it off for misbehaving;
* ``floods`` sends a hundred beats a beat, far over the rate;
* ``silent-at-turn`` stops sending anything once it is to act;
* ``dies`` stops sending anything at once, with no goodbye (its page died);
* ``plays`` beats and plays its legal moves.

It runs games until at least 1,000 hostile texts were sent, then prints the texts
sent (hostile, flood, the guests' beats and moves), the tables frozen (a turn that
waited on a seat longer than :data:`FROZEN_AFTER`: the silence checks' bound plus
the away wait, with a beat's slack), the actions applied that were not the engine's
legal actions at that moment, the exceptions that escaped the session, and the
longest wait of a turn on a guest's seat.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from collections import Counter
from dataclasses import dataclass, field

from cardkit.table_net import host_session
from cardkit.table_net.host_session import HostSession
from cardkit.table_net.messages import act_text, beat_text, hello_text
from cardkit.table_net.referee import Referee
from durak import table_net
from durak.actions import action_text
from durak.game import Game
from durak.rules import Rules
from tests.peer_table.harness import Game as HarnessGame
from tests.peer_table.test_fuzz import hostile_guest_text

BEHAVIOURS = ("hostile", "floods", "silent-at-turn", "dies", "plays")
#: Hostile texts the run sends at least.
HOSTILE_TARGET = 1000
#: Beats sent per beat by a flooding guest.
FLOOD = 100
#: Hostile texts a hostile guest sends before each of its moves and with each beat.
HOSTILE_PER_TICK = 3
#: The longest a turn may wait on a guest's seat before its table counts as frozen:
#: the silence checks notice a dead page, then the away wait, then a beat's slack.
FROZEN_AFTER = (host_session.SILENT_CHECKS + 1) * host_session.BEAT + host_session.AWAY_WAIT


class ClockLoop(asyncio.SelectorEventLoop):
    """An event loop whose time is :attr:`clock` (seconds), moved by its owner: a
    timer is due once the clock reaches it, with no real wait."""

    def __init__(self) -> None:
        super().__init__()
        self.clock = 0.0

    def time(self) -> float:
        return self.clock


@dataclass
class Tally:
    """What the run counts."""

    texts: Counter[str] = field(default_factory=Counter)
    frozen: int = 0
    invalid: int = 0
    escaped: list[str] = field(default_factory=list)
    longest: float = 0.0
    games: int = 0
    behaviours: Counter[str] = field(default_factory=Counter)


def guarded(tally: Tally, what: str, call: object, *args: object) -> None:
    """Call ``call(*args)``; an exception escaping it is counted, not raised."""
    assert callable(call)
    try:
        call(*args)
    except Exception as err:  # the figure: any exception escaping the session
        tally.escaped.append(f"{what}: {type(err).__name__}: {err}")


async def one_game(seed: int, tally: Tally, loop: ClockLoop) -> None:
    rng = random.Random(seed)
    game = Game.new(Rules(players=3), seed)
    seats = table_net.seat_game(lambda: game)
    ref = Referee(seats, 3, 0, (1, 2), "durak")
    host = HostSession(ref, lambda _text, _peer: None, lambda: None, now=loop.time)
    fuzz = HarnessGame(game, seats, action_text, table_net.read_view, table_net.view_seat,
                       table_net.GAME_NAME)
    behaviour = {s: rng.choice(BEHAVIOURS) for s in (1, 2)}
    from_move = {s: rng.randrange(12) for s in (1, 2)}
    stopped: set[int] = set()  # guests that send nothing more
    tally.behaviours.update(behaviour.values())
    tally.games += 1

    def send(seat: int, kind: str, text: str) -> None:
        tally.texts[kind] += 1
        guarded(tally, "message", host.message, f"p{seat}", text)

    for seat in (1, 2):
        send(seat, "hello", hello_text(f"G{seat}", "en", None))
    guarded(tally, "start", host.start)

    def first_legal() -> str:
        return action_text(game.legal_actions()[0])

    async def computer() -> str:
        return json.dumps({"action": first_legal()})

    def guest_tick(seat: int, move: int, acted: set[int]) -> None:
        mode, late = behaviour[seat], move >= from_move[seat]
        if seat in stopped:
            return
        if late and (mode == "dies" or (mode == "silent-at-turn" and game.to_act == seat)):
            stopped.add(seat)
            return
        if late and mode == "floods":
            for _ in range(FLOOD):
                send(seat, "flood", beat_text())
            return
        send(seat, "beat", beat_text())
        if late and mode == "hostile":
            for _ in range(HOSTILE_PER_TICK):
                send(seat, "hostile", hostile_guest_text(rng, fuzz, len(game.actions())))
        if game.to_act == seat and seat in host.pending and move not in acted:
            send(seat, "move", act_text(len(game.actions()), first_legal()))
            acted.add(move)

    move = 0
    while not game.is_over:
        seat = game.to_act
        legal = {action_text(a): a for a in game.legal_actions()}
        if seat == 0:
            game.apply(rng.choice(list(legal.values())), 0)
        else:
            reply = asyncio.ensure_future(host.reply(seat, computer))
            began, acted = loop.clock, set[int]()
            while not reply.done() and loop.clock - began <= FROZEN_AFTER:
                for _ in range(4):
                    await asyncio.sleep(0)
                if reply.done():
                    break
                loop.clock += host_session.BEAT
                for guest in (1, 2):
                    guest_tick(guest, move, acted)
                guarded(tally, "check_silence", host.check_silence)
            tally.longest = max(tally.longest, loop.clock - began)
            if not reply.done():
                tally.frozen += 1
                reply.cancel()
                return
            chosen = json.loads(reply.result())["action"]
            if chosen not in legal:
                tally.invalid += 1
                return
            game.apply(legal[chosen], seat)
        guarded(tally, "changed", host.changed)
        move += 1


def run(games: int, seed: int, hostile: int = HOSTILE_TARGET) -> Tally:
    """Play ``games`` games (seeds from ``seed`` on), more until ``hostile`` hostile
    texts were sent."""
    tally = Tally()
    loop = ClockLoop()
    try:
        n = 0
        while n < games or tally.texts["hostile"] < hostile:
            loop.run_until_complete(one_game(seed + n, tally, loop))
            n += 1
    finally:
        loop.close()
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    t = run(args.games, args.seed)
    texts = sum(t.texts.values())
    print(f"{t.games} Durak games for three, guests: "
          + ", ".join(f"{b} {t.behaviours[b]}" for b in BEHAVIOURS))
    print(f"texts sent: {texts:,} (hostile {t.texts['hostile']:,}, flood {t.texts['flood']:,},"
          f" beats {t.texts['beat']:,}, moves {t.texts['move']:,}, hellos {t.texts['hello']})")
    print(f"tables frozen: {t.frozen} (a turn waiting on a seat over {FROZEN_AFTER:.0f} s);"
          f" longest wait on a guest's seat {t.longest:.0f} s (controlled clock)")
    print(f"invalid actions applied: {t.invalid}")
    print(f"exceptions escaping: {len(t.escaped)}")
    for line in t.escaped[:5]:
        print("  " + line)
    return 1 if t.frozen or t.invalid or t.escaped else 0


if __name__ == "__main__":
    sys.exit(main())
