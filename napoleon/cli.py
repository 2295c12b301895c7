"""Command line: ``python -m napoleon replay|play|bench|rules``.

* ``replay FILE`` — replay a JSON game or match record, print the 譜 and result.
* ``play`` — play a seeded match with random legal computer players and print
  the 譜 of every game and the standings (``--json FILE`` saves the record).
* ``bench`` — play random legal games and print full games per second.
* ``rules`` — print a rules object's options (``--rules`` / ``--preset``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Sequence

from napoleon.game import Game
from napoleon.match import Match
from napoleon.playout import play_random_game
from napoleon.record import (
    RecordError,
    load_record,
    match_record,
    replay_game,
    replay_match,
    text_record,
    to_json,
)
from napoleon.rules import OPTIONS, PRESET_NAMES, Rules, RulesError


def _rules(args: argparse.Namespace) -> Rules:
    if args.rules:
        return Rules.from_text(args.rules)
    return Rules.preset(args.preset)


def _print_standings(m: Match) -> None:
    print("順位 (standings):")
    for s in m.standings():
        print(f"  {s.rank}位  P{s.seat + 1}  {s.points:+d}")


def cmd_replay(args: argparse.Namespace) -> int:
    with open(args.file, encoding="utf-8") as f:
        rec = load_record(f.read())
    if rec.get("format", "").startswith("napoleon-match"):
        games = replay_match(rec)
    else:
        games = [replay_game(rec)]
    for i, g in enumerate(games, 1):
        if len(games) > 1:
            print(f"=== 第{i}戦 ===")
        print(text_record(g, symbols=args.symbols))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    rules = _rules(args)
    if args.games is not None:
        rules = rules.replace(match_games=args.games)
    m = Match(rules, seed=args.seed)
    players = random.Random(args.seed)
    while not m.is_over:
        play_random_game(m.game, players)
        print(f"=== 第{m.game_number}戦 ===")
        print(text_record(m.game, symbols=args.symbols))
        m.next_game()
    _print_standings(m)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(to_json(match_record(m)))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    rules = _rules(args)
    rng = random.Random(args.seed)
    for s in range(50):  # warm up
        play_random_game(Game.new(rules, s), rng)
    games = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    deadline = wall0 + args.seconds
    while time.perf_counter() < deadline:
        for _ in range(100):
            play_random_game(Game.new(rules, rng.getrandbits(32)), rng)
        games += 100
    wall = time.perf_counter() - wall0
    cpu = time.process_time() - cpu0
    load = ""
    if hasattr(os, "getloadavg"):
        load = f", load average {os.getloadavg()[0]:.2f}"
    print(
        f"{games} full {rules.players}-player games: {games / cpu:.0f} games/s of CPU time, "
        f"{games / wall:.0f} games/s wall clock ({wall:.2f} s{load}; {rules.to_text()}, "
        f"{sys.implementation.name} {sys.version.split()[0]}, random legal players)"
    )
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    rules = _rules(args)
    print(rules.to_text())
    for o in OPTIONS:
        print(f"  {o.key:<24} {rules.option_text(o.key):<12} ({'/'.join(o.values)}) {o.help}")
    print(
        f"  deck {rules.deck.bit_count()} cards, hands {rules.hand_size}, "
        f"kitty {rules.kitty_size}"
    )
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m napoleon", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)

    def rules_args(q: argparse.ArgumentParser) -> None:
        q.add_argument("--preset", default="sdc", choices=PRESET_NAMES)
        q.add_argument("--rules", help="rules text, e.g. 'preset=sdc&scoring=zerosum'")

    q = sub.add_parser("replay", help="replay a JSON record and print the 譜")
    q.add_argument("file")
    q.add_argument("--symbols", choices=("record", "cards"), default="record")
    q.set_defaults(func=cmd_replay)

    q = sub.add_parser("play", help="play a seeded match with random computer players")
    rules_args(q)
    q.add_argument("--seed", type=int, default=1)
    q.add_argument("--games", type=int, help="games in the match (default: the rules')")
    q.add_argument("--symbols", choices=("record", "cards"), default="record")
    q.add_argument("--json", help="write the match record here")
    q.set_defaults(func=cmd_play)

    q = sub.add_parser("bench", help="random legal games per second")
    rules_args(q)
    q.add_argument("--seconds", type=float, default=3.0)
    q.add_argument("--seed", type=int, default=1)
    q.set_defaults(func=cmd_bench)

    q = sub.add_parser("rules", help="print the options of a rules object")
    rules_args(q)
    q.set_defaults(func=cmd_rules)

    args = p.parse_args(argv)
    try:
        result: int = args.func(args)
    except (RulesError, RecordError, OSError, json.JSONDecodeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return result
