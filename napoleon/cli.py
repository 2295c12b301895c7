"""Command line: ``python -m napoleon replay|play|bench|rules``.

* ``replay FILE`` — replay a JSON game or match record, print the 譜 of every
  game and, for a match, the standings.
* ``play`` — play a seeded match between computer players (the easy level,
  the baseline rules of thumb, unless ``--level`` says otherwise) and print
  the 譜 of every game and the standings (``--json FILE`` saves the record).
* ``bench`` — play random legal games and print full games per second.
* ``rules`` — print a rules object's options (``--rules`` / ``--preset``).

Rules: ``--preset NAME`` picks a preset (default ``sdc``) and ``--rules TEXT``
changes options **on top of it**: ``--preset mixi --rules pass=once`` is mixi
with ``pass=once``.  A rules text may name its own preset
(``--rules 'preset=four&siberia=on'``); naming a different one with
``--preset`` too is refused, as the two cannot both hold.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence

from cardkit.bench import games_per_second
from napoleon.ai.levels import LEVELS, decide
from napoleon.game import Game
from napoleon.match import Match, standings_of
from napoleon.playout import play_random_game
from napoleon.record import (
    MATCH_FORMAT,
    RecordError,
    load_record,
    match_record,
    replay_game,
    replay_match,
    text_record,
    to_json,
)
from napoleon.rules import OPTION_BY_KEY, OPTIONS, PRESET_NAMES, Rules, RulesError


class UsageError(ValueError):
    """Command-line arguments that contradict each other."""


def _text_preset(text: str) -> str | None:
    """The ``preset=`` value a rules text names, if any."""
    for part in text.strip().lstrip("?").split("&"):
        key, _, value = part.partition("=")
        if key.strip() == "preset":
            return value.strip()
    return None


def rules_of(preset: str | None, text: str | None) -> Rules:
    """``--preset`` with ``--rules`` applied on top (see the module docs).

    >>> rules_of("mixi", "pass=once") == Rules.preset("mixi").replace(pass_rule="once")
    True
    >>> rules_of("mixi", "preset=four")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    napoleon.cli.UsageError: --preset mixi and --rules 'preset=four' name different presets...
    """
    if not text:
        return Rules.preset(preset or "sdc")
    named = _text_preset(text)
    if named is None:
        return Rules.from_text(f"preset={preset or 'sdc'}&{text.strip().lstrip('?')}")
    if preset is not None and named != preset:
        raise UsageError(
            f"--preset {preset} and --rules {text!r} name different presets; give one"
        )
    return Rules.from_text(text)


def _rules(args: argparse.Namespace) -> Rules:
    return rules_of(args.preset, args.rules)


def _print_standings(totals: Sequence[int]) -> None:
    print("順位 (standings):")
    for s in standings_of(list(totals)):
        print(f"  {s.rank}位  P{s.seat + 1}  {s.points:+d}")


def cmd_replay(args: argparse.Namespace) -> int:
    with open(args.file, encoding="utf-8") as f:
        rec = load_record(f.read())
    is_match = rec.get("format") == MATCH_FORMAT
    games = replay_match(rec) if is_match else [replay_game(rec)]
    for i, g in enumerate(games, 1):
        if is_match:
            print(f"=== 第{i}戦 ===")
        print(text_record(g, symbols=args.symbols))
    if is_match:
        totals = [0] * games[0].n
        for g in games:
            if g.result is not None:
                totals = [t + p for t, p in zip(totals, g.result.points, strict=True)]
        _print_standings(totals)
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    rules = _rules(args)
    if args.games is not None:
        rules = rules.replace(match_games=args.games)
    m = Match(rules, seed=args.seed)
    thinking = random.Random(args.seed)
    while not m.is_over:
        g = m.game
        while not g.is_over:
            seat = g.to_act
            assert seat is not None
            g.apply(decide(g.view(seat), args.level, thinking.getrandbits(32)))
        print(f"=== 第{m.game_number}戦 ===")
        print(text_record(m.game, symbols=args.symbols))
        m.next_game()
    _print_standings(m.totals)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(to_json(match_record(m)))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    rules = _rules(args)

    def play(game_seed: int, rng: random.Random) -> None:
        play_random_game(Game.new(rules, game_seed), rng)

    print(games_per_second(play, seconds=args.seconds, seed=args.seed, batch=100,
                           players=rules.players, rules_text=rules.to_text()))
    return 0


def _no_joker_note(rules: Rules, key: str) -> str:
    """A note on a joker option that means nothing in a deck without jokers.

    docs/rules/napoleon.md §4: with ``jokers=0`` the joker options mean nothing.
    """
    if rules.jokers == 0 and "joker" in key and key != "jokers":
        return "  [no effect: this deck has no joker (jokers=0)]"
    return ""


def cmd_rules(args: argparse.Namespace) -> int:
    rules = _rules(args)
    print(rules.to_text())
    for o in OPTIONS:
        print(f"  {o.key:<24} {rules.option_text(o.key):<12} ({'/'.join(o.values)}) {o.help}"
              + _no_joker_note(rules, o.key))
    jokers = {0: "no joker", 1: "1 joker", 2: "2 jokers"}[rules.jokers]
    print(
        f"  deck {rules.deck.bit_count()} cards ({jokers}), hands {rules.hand_size}, "
        f"kitty {rules.kitty_size}"
    )
    return 0


_GAMES = OPTION_BY_KEY["match_games"].values


def _games(text: str) -> int:
    """``--games``: a number ``match_games`` allows, else an error that names ``--games``."""
    if text.strip() not in _GAMES:
        raise argparse.ArgumentTypeError(
            f"must be a whole number of games from {min(map(int, _GAMES))} to "
            f"{max(map(int, _GAMES))}, not {text!r}"
        )
    return int(text)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m napoleon", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)

    def rules_args(q: argparse.ArgumentParser) -> None:
        q.add_argument("--preset", choices=PRESET_NAMES, help="a preset (default: sdc)")
        q.add_argument("--rules", help="options on top of --preset, e.g. 'scoring=zerosum'")

    q = sub.add_parser("replay", help="replay a JSON record and print the 譜")
    q.add_argument("file")
    q.add_argument("--symbols", choices=("record", "cards"), default="record")
    q.set_defaults(func=cmd_replay)

    q = sub.add_parser("play", help="play a seeded match between computer players")
    rules_args(q)
    q.add_argument("--seed", type=int, default=1)
    q.add_argument("--games", type=_games, help="games in the match, 1..20 (default: the rules')")
    q.add_argument("--level", choices=tuple(LEVELS), default="easy",
                   help="the computers' level (default: easy, the baseline rules of thumb)")
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
    except (RulesError, RecordError, UsageError, OSError, json.JSONDecodeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return result
