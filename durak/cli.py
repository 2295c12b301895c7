"""Command line: ``python -m durak play|replay|bench|rules``.

* ``play`` — play seeded games of any game of the family (docs/rules/durak.md §3.6)
  with random legal players and print each record (``--json FILE`` saves the last
  game's JSON record): a series dealt as the page deals it
  (:mod:`durak.family.series`), each game played and written through its registry
  entry (:mod:`durak.family.registry`).
* ``replay FILE`` — replay a text or JSON record of any game of the family, check
  it, print the text record (its reader found by the registry entries' records:
  the JSON ``format``, the text's first word).
* ``bench`` — play random legal games and print full games per second
  (``--mode M``: another game of docs/rules/durak.md §3.6, its engine's benchmark
  game; ``--rules`` then holds its options, three players unless it says).
* ``rules`` — print every option of a rules text (``--rules``/``--preset``).

The computers' arena is no command of the game's: it is the lab's,
``python -m lab.durak.arena`` (lab/, never in the page's wheel).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Sequence
from typing import Any

from cardkit.bench import games_per_second
from cardkit.bounded_json import JsonShapeError, loads_bounded
from durak.family.entry import Record
from durak.family.modes import DURAK
from durak.family.options import FamilyRules, rules_from_text
from durak.family.registry import GAMES, find_game
from durak.family.series import Series
from durak.pile.options import PileRulesError
from durak.pile.record import PileRecordError
from durak.record import RecordError
from durak.record_check import MAX_RECORD_ACTIONS, MAX_RECORD_CHARS, MAX_RECORD_DEPTH
from durak.rules import NOT_YET, OPTIONS, PRESET_NAMES, Rules, RulesError


def _rules(args: argparse.Namespace) -> Rules:
    if args.rules:
        return Rules.from_text(args.rules)
    return Rules.preset(args.preset)


def _family_rules(args: argparse.Namespace) -> FamilyRules:
    """The rules of any game of the family: ``--rules`` as a rules text of any mode
    (a pile game's own options too), else the ``--preset``."""
    if args.rules:
        return rules_from_text(args.rules)
    return Rules.preset(args.preset)


def cmd_play(args: argparse.Namespace) -> int:
    """Any game of the family (§3.6): game ``k`` of the series of seed ``--seed`` dealt as
    the page deals it (:class:`~durak.family.series.Series`: game 1's dealer from the
    seed, later the durak deals), played with random legal players through the
    registry entry's engine and printed with its record, which holds the series'
    seed and the game's number; then the series' tally (and ``match=cube15``'s
    points: a match won ends the series, §7)."""
    rules = _family_rules(args)
    entry = find_game(rules.mode)
    players = random.Random(args.seed)
    series: Series[Any] = Series(rules, args.seed)
    repetitions = 0
    for number in range(1, args.games + 1):
        game = series.deal()
        for _ in range(MAX_RECORD_ACTIONS):
            if game.is_over:
                break
            acts = entry.engine.legal_actions(game)
            entry.engine.apply(game, acts[players.randrange(len(acts))])
        else:
            raise RuntimeError(f"game {number} did not end within {MAX_RECORD_ACTIONS} moves")
        # A pile game's record takes its number from the game (it deals by it).
        written = (game, None, args.seed) + ((number,) if entry.record.numbered else ())
        print(entry.record.write_text(*written))
        if args.json and number == args.games:
            with open(args.json, "w", encoding="utf-8") as f:
                f.write(entry.record.to_json(entry.record.write_json(*written)))
        repetitions += bool(getattr(game.result, "repetition", False))
        if number == args.games or series.won(game):
            break
        series = series.scored(game)
    draws = series.draws + (not entry.scoring.durak_of(game))
    print("durak tally: " + " ".join(f"P{s + 1}={t}" for s, t in enumerate(series.tally(game)))
          + f" draws={draws}" + (f" (by repetition: {repetitions})" if repetitions else ""))
    if series.cube:
        print("points: " + " ".join(f"P{s + 1}={p}"
                                    for s, p in enumerate(series.points_of(game))))
    return 0


def read_record_file(path: str) -> str:
    """The file's text: at most :data:`MAX_RECORD_CHARS` bytes of UTF-8, else RecordError."""
    with open(path, "rb") as f:
        raw = f.read(MAX_RECORD_CHARS * 4 + 1)
    if len(raw) > MAX_RECORD_CHARS * 4:
        raise RecordError(f"{path}: longer than the limit of {MAX_RECORD_CHARS} characters")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(f"{path}: not UTF-8 text (byte {e.start})") from None


def _records() -> tuple[Record, ...]:
    """The records of the family's engines, each once (the ordinary game's first)."""
    return tuple({id(e.record): e.record for e in GAMES.values()}.values())


def _print_text(text: str) -> None:
    print(text, end="" if text.endswith("\n") else "\n")


def cmd_replay(args: argparse.Namespace) -> int:
    text = read_record_file(args.file)
    ordinary = find_game(DURAK).record
    if text.lstrip().startswith("{"):
        try:
            rec = loads_bounded(text, max_chars=MAX_RECORD_CHARS, max_depth=MAX_RECORD_DEPTH)
        except JsonShapeError as e:
            raise RecordError(f"record: {e}") from None
        form = rec.get("format") if isinstance(rec, dict) else None
        record = next((r for r in _records() if r.format == form), ordinary)
        g = record.read_json(rec)  # checks every field, names, seed and game too
        assert isinstance(rec, dict)
        number = (rec.get("game", 1),) if record.numbered else ()
        _print_text(record.write_text(g, rec.get("names"), rec.get("seed"), *number))
    else:
        head = text.lstrip().split(" ", 1)[0]
        record = next((r for r in _records() if r.head == head and r is not ordinary),
                      ordinary)
        _print_text(record.write_text(record.read_text(text)))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    if args.mode:  # another game of §3.6: --rules holds its options (3 players unless set)
        text = args.rules or ""
        if "players=" not in text:
            text += "&players=3"
        rules = rules_from_text(f"mode={args.mode}&{text}")
    else:
        rules = _rules(args)
    play = find_game(rules.mode).engine.bench(rules)
    print(games_per_second(play, seconds=args.seconds, seed=args.seed, batch=50,
                           players=rules.players, rules_text=rules.to_text()))
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    rules = _rules(args)
    print(rules.to_text())
    for o in OPTIONS:
        later = NOT_YET.get(o.key, frozenset())
        values = "/".join(v + ("*" if v in later else "") for v in o.values)
        print(f"  {o.key:<22} {rules.option_text(o.key):<14} ({values}) {o.help} [{o.section}]")
    print("  * = not implemented yet (refused)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m durak", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True)

    def rules_args(q: argparse.ArgumentParser) -> None:
        q.add_argument("--preset", default="podkidnoy", choices=PRESET_NAMES)
        q.add_argument("--rules", help="rules text, e.g. 'preset=perevodnoy&players=4'")

    q = sub.add_parser("play", help="play seeded games of any game of the family (--rules "
                       "'mode=heap&heap_take=last') with random legal players")
    rules_args(q)
    q.add_argument("--seed", type=int, default=1)
    q.add_argument("--games", type=int, default=1)
    q.add_argument("--json", help="write the last game's JSON record here")
    q.set_defaults(func=cmd_play)

    q = sub.add_parser("replay", help="replay a text or JSON record")
    q.add_argument("file")
    q.set_defaults(func=cmd_replay)

    q = sub.add_parser("bench", help="random legal games per second")
    rules_args(q)
    q.add_argument("--seconds", type=float, default=3.0)
    q.add_argument("--seed", type=int, default=1)
    q.add_argument("--mode", choices=tuple(m for m in GAMES if m != DURAK),
                   help="a game of §3.6; --rules then holds its options")
    q.set_defaults(func=cmd_bench)

    q = sub.add_parser("rules", help="print the options of a rules text")
    rules_args(q)
    q.set_defaults(func=cmd_rules)

    args = p.parse_args(argv)
    try:
        result: int = args.func(args)
    except (RulesError, PileRulesError, RecordError, PileRecordError, OSError,
            json.JSONDecodeError) as e:
        print(f"error: {str(e)[:500]}", file=sys.stderr)
        return 2
    return result
