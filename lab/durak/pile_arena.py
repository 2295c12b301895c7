"""The pile games' arena: one level against the baseline over duplicate deals.

``python -m lab.durak.pile_arena --mode kurukuru --players 3 --deals 100 --test strong``

Each deal (seed ``seed + i``) is played once with the test player at every
seat in turn, the baseline (:mod:`durak.ai.pile_baseline`) at the others, as
:mod:`lab.durak.arena` does for the default game; a deal's figure is the mean
over its rotations and the 95% interval is over deals.  Figures: the test
player's durak rate (fair share 1/players) and score (not the durak = 1, a
draw = ½).  A long run can be split by deals: ``--seed 1 --deals 50 --per-deal
a.jsonl``, ``--seed 51 --deals 50 --per-deal a.jsonl``, then ``--combine
a.jsonl`` prints the table of all of them (the same as one run's).  Two versions of a
player (a change to a level) are compared deal by deal with ``--paired before.jsonl
after.jsonl``, from the per-deal lines of a run of each over the same deals.  Levels
play without time caps (``time_limits=False``), so a run is reproducible with
the same arguments.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, TextIO

from cardkit.bounded_json import JsonShapeError, loads_bounded
from durak.ai.pile_baseline import decide as baseline_decide
from durak.ai.pile_levels import LEVELS, decide
from durak.pile.game import PileGame
from durak.pile.options import MODES, PileRules
from lab.durak.arena import percent
from lab.stats import estimate, paired_difference

#: A game under the levels is far shorter (docs/benchmarks.md); a longer one is a bug.
MAX_GAME_MOVES = 20_000
#: ``--combine``: the most deals, characters per line and per file read.
MAX_COMBINED_DEALS: Final = 100_000
MAX_LINE_CHARS: Final = 400
MAX_FILE_CHARS: Final = 40_000_000


def play(rules: PileRules, deal_seed: int, test: str, test_seat: int) -> PileGame:
    """Deal ``deal_seed`` with ``test`` at ``test_seat`` and the baseline elsewhere."""
    g = PileGame.new(rules, seed=deal_seed)
    for move in range(MAX_GAME_MOVES):
        if g.is_over:
            return g
        v = g.view(g.to_act)
        if g.to_act == test_seat:
            a = decide(v, test, deal_seed * 1_000_003 + test_seat * 10_007 + move)
        else:
            a = baseline_decide(v)
        g.apply(a, g.to_act)
    raise RuntimeError(f"deal {deal_seed} did not end within {MAX_GAME_MOVES} moves")


@dataclass(frozen=True, slots=True)
class DealResult:
    """One duplicate deal: the test player's durak rate and score over its rotations."""

    deal: int
    durak: float
    score: float
    draws: int


def play_deal(rules: PileRules, test: str, deal_seed: int) -> DealResult:
    """Deal ``deal_seed`` once with ``test`` at every seat in turn."""
    n = rules.players
    d = s = 0.0
    draws = 0
    for seat in range(n):
        g = play(rules, deal_seed, test, seat)
        draws += g.durak is None
        d += g.durak == seat
        s += 0.5 if g.durak is None else float(g.durak != seat)
    return DealResult(deal_seed, d / n, s / n, draws)


def table(rules: PileRules, test: str, results: Sequence[DealResult],
          seconds: float | None) -> str:
    """The arena's table over ``results`` (one per deal); ``seconds`` None: put together
    from per-deal lines."""
    n = rules.players
    games = len(results) * n
    draws = sum(r.draws for r in results)
    return (f"{rules.to_text()}: {test} vs baseline x{n - 1}, {len(results)} duplicate deals = "
            f"{games} games ({draws} draws), "
            f"{'per-deal lines' if seconds is None else f'{seconds:.0f} s'}\n"
            f"  {test} score (not durak = 1, draw = 1/2): "
            f"{percent(estimate([r.score for r in results]), games)}\n"
            f"  {test} durak rate: {percent(estimate([r.durak for r in results]), games)} "
            f"(fair share {100 / n:.1f}%)")


def run(rules: PileRules, test: str, deals: int, seed: int = 1,
        per_deal: TextIO | None = None) -> str:
    """The arena's table for ``deals`` duplicate deals (seeds ``seed`` ..); each deal's
    line is written to ``per_deal`` as it ends (see :func:`combine`)."""
    t0 = time.perf_counter()
    results = []
    for i in range(deals):
        r = play_deal(rules, test, seed + i)
        results.append(r)
        if per_deal is not None:
            per_deal.write(json.dumps({"rules": rules.to_text(), "test": test, "deal": r.deal,
                                       "durak": r.durak, "score": r.score,
                                       "draws": r.draws}) + "\n")
            per_deal.flush()
    return table(rules, test, results, time.perf_counter() - t0)


class PerDealError(ValueError):
    """A per-deal file line that is not one :func:`run` writes, or files that disagree."""


def _number(line: dict[str, object], key: str, where: str) -> float:
    v = line.get(key)
    if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 1:
        raise PerDealError(f"{where}: {key} must be a number from 0 to 1, not {str(v)[:20]}")
    return float(v)


def read_per_deal(lines: Sequence[str]) -> tuple[PileRules, str, dict[int, DealResult]]:
    """The rules, the level and each deal's figures of per-deal lines (``--per-deal``);
    every line must be of the same rules and level, each deal once."""
    results: dict[int, DealResult] = {}
    kind: tuple[str, str] | None = None
    for i, text in enumerate(lines[:MAX_COMBINED_DEALS + 1]):
        where = f"line {i + 1}"
        if i == MAX_COMBINED_DEALS:
            raise PerDealError(f"more than {MAX_COMBINED_DEALS} deals")
        try:
            line = loads_bounded(text, max_chars=MAX_LINE_CHARS, max_depth=1)
        except JsonShapeError as e:
            raise PerDealError(f"{where}: {e}") from e
        if not isinstance(line, dict):
            raise PerDealError(f"{where}: not a per-deal line")
        rules, test, deal, draws = (line.get(k) for k in ("rules", "test", "deal", "draws"))
        if type(rules) is not str or type(test) is not str or test not in LEVELS:
            raise PerDealError(f"{where}: rules and test (a level) must be named")
        if type(deal) is not int or type(draws) is not int or not 0 <= draws <= 6:
            raise PerDealError(f"{where}: deal and draws must be whole numbers")
        if kind is None:
            kind = (rules, test)
        elif kind != (rules, test):
            raise PerDealError(f"{where}: {rules} {test} after {kind[0]} {kind[1]}")
        if deal in results:
            raise PerDealError(f"{where}: deal {deal} is written twice")
        results[deal] = DealResult(deal, _number(line, "durak", where),
                                   _number(line, "score", where), draws)
    if kind is None:
        raise PerDealError("no per-deal lines")
    try:
        rules_ = PileRules.from_text(kind[0])
    except ValueError as e:
        raise PerDealError(f"rules: {e}") from e
    return rules_, kind[1], results


def combine(lines: Sequence[str]) -> str:
    """The table of per-deal lines gathered from runs split by deals (``--per-deal``);
    every line must be of the same rules and level, each deal once."""
    rules, test, results = read_per_deal(lines)
    return table(rules, test, [results[k] for k in sorted(results)], None)


def paired(before: Sequence[str], after: Sequence[str]) -> str:
    """Two versions of a player compared deal by deal: the per-deal lines of a run
    ``before`` a change and one ``after`` it (the same rules), over the deals both
    played.  The score's difference and its 95% interval come from the per-deal
    differences (:func:`lab.stats.paired_difference`), far narrower than the two
    intervals side by side, as both played the same cards against the same baseline."""
    rules_a, test_a, a = read_per_deal(before)
    rules_b, test_b, b = read_per_deal(after)
    if rules_a != rules_b:
        raise PerDealError(f"{rules_b.to_text()} after {rules_a.to_text()}: not the same rules")
    deals = sorted(a.keys() & b.keys())
    if not deals:
        raise PerDealError("the two runs share no deal")
    games = len(deals) * rules_a.players
    sa = [a[d].score for d in deals]
    sb = [b[d].score for d in deals]
    diff = paired_difference(sb, sa)
    return (f"{rules_a.to_text()}: {len(deals)} duplicate deals both played "
            f"(before {len(a)}, after {len(b)}) = {games} games each\n"
            f"  before ({test_a}) score: {percent(estimate(sa), games)}\n"
            f"  after ({test_b}) score: {percent(estimate(sb), games)}\n"
            f"  after - before: {100 * diff.mean:+.1f} points "
            f"[{100 * (diff.mean - diff.half_width):+.1f}, "
            f"{100 * (diff.mean + diff.half_width):+.1f}] (paired by deal)")


def _read_files(names: Sequence[str]) -> list[str]:
    lines: list[str] = []
    for name in names:
        with open(name, encoding="utf-8") as f:
            lines += [t for t in f.read(MAX_FILE_CHARS).splitlines() if t.strip()]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m lab.durak.pile_arena", description=__doc__)
    p.add_argument("--mode", choices=MODES)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--rules", default="", help="more options, e.g. chinese_ten=on")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--test", choices=LEVELS, default="strong")
    p.add_argument("--per-deal", metavar="FILE",
                   help="append each deal's figures to FILE (a JSON line per deal)")
    p.add_argument("--combine", nargs="+", metavar="FILE",
                   help="print the table of --per-deal files of runs split by --seed/--deals")
    p.add_argument("--paired", nargs=2, metavar=("BEFORE", "AFTER"),
                   help="compare two --per-deal files deal by deal (the same rules)")
    a = p.parse_args(argv)
    if a.combine or a.paired:
        try:
            print(combine(_read_files(a.combine)) if a.combine
                  else paired(_read_files(a.paired[:1]), _read_files(a.paired[1:])))
        except (OSError, UnicodeDecodeError, PerDealError) as e:
            print(f"pile_arena: {e}", file=sys.stderr)
            return 2
        return 0
    if a.mode is None:
        p.error("--mode is required (or --combine FILE ...)")
    text = f"mode={a.mode}&players={a.players}" + (f"&{a.rules}" if a.rules else "")
    try:
        rules = PileRules.from_text(text)
    except ValueError as e:
        print(f"pile_arena: {e}", file=sys.stderr)
        return 2
    if a.per_deal:
        with open(a.per_deal, "a", encoding="utf-8") as f:
            print(run(rules, a.test, a.deals, a.seed, f), flush=True)
    else:
        print(run(rules, a.test, a.deals, a.seed), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
