"""The arena: duplicate matches between computer players.

``python -m lab.napoleon.arena --test strong --deals 2000 --procs 2``

Deal ``d`` (seed ``start + d``) is played once with the reference player (the
baseline) in every seat, then once per test player with that player in seat
``d % players`` and the reference everywhere else.  The same cards and the
same seat on both sides of the comparison: luck cancels in the paired
difference of that seat's points.  Seats rotate with the deal number, so
every seat, and so every bidding position, is tested equally.

Reported per test player: points per game and the paired gain with 95%
confidence intervals, points by role (Napoleon, adjutant, ally) with
intervals, win rates, how often it became Napoleon and its bids; with the
oracle among the test players, the share of the baseline-to-oracle gap each
other player closes.  Deals are spread over ``--procs`` processes; each
deal's outcome depends only on its seed, so the numbers do not depend on
the number of processes.  Every decision draws from its own random stream
(seed, seat, phase, count: :mod:`lab.napoleon.streams`), so two versions of a
player that differ in one phase get the same numbers in every other one: an
A/B difference is play, not a reshuffled generator.

``--role-fixed`` measures each role separately instead (:mod:`lab.napoleon.role_fixed`):
per deal the all-reference game fixes the contract and the roles, then the
deal is replayed once per role with the test player only in the seat that
held that role, everything before its own decisions in the role replayed
from the reference game (Napoleon: the bidding; adjutant and ally: all
before the first lead).  The paired difference then measures only that
seat's play in that role.  The duplicate figures above stay the headline
gain; the role-fixed ones answer "is it better as adjutant?" with far less
noise.

``--match`` plays mixed matches instead (:mod:`lab.napoleon.arena_match`): 5-game
matches (the rules' ``match_games``), the test seat among references from
``--mix`` (a different one in each other seat), the opponent model carried
across the match, points per match reported with 95% intervals.

A test player may be a version of a search level, ``--test
strong:second_ply=`` (:mod:`lab.napoleon.variants`); the ``--worlds``-style
overrides still apply on top.

Reference players (``--reference``): ``baseline`` (alias ``timid``), ``bold``,
``book`` and ``random`` (:mod:`lab.napoleon.references`; ``random`` draws its
style from each deal's seed, the same for every reference seat of that deal),
any level, or ``oracle``.
``--references baseline,bold,book,normal,strong`` plays the same deals
against each reference in turn and prints, per test player and reference,
one line with the duplicate gain and one with the role-fixed gain per role
(each deal's all-reference game serves both).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, replace

from lab.napoleon.arena_match import DEFAULT_MIX, MatchConfig, format_matches, play_matches
from lab.napoleon.contestants import (
    PLAYER_NAMES,
    ArenaConfig,
    Contestant,
    make_player,
)
from lab.napoleon.report import (
    ROLES,
    DealResult,
    SeatResult,
    format_summary,
    seat_result,
    summarize,
)
from lab.napoleon.role_fixed import (
    act_with,
    format_role_fixed,
    reference_game,
    run_role_fixed_deal,
    summarize_role_fixed,
)
from lab.napoleon.run_file import play_jobs, read_rows
from lab.napoleon.streams import DecisionStreams
from lab.napoleon.variants import VariantError, parse_variant, split_specs
from lab.stats import percentile
from napoleon.ai.oracle import OraclePlayer
from napoleon.game import Game, GameResult
from napoleon.rules import Rules
from napoleon.view import view_of


def play_game(
    rules: Rules, deal_seed: int, players: Sequence[Contestant], timed_seat: int
) -> tuple[GameResult, int, float, list[float]]:
    """One game; returns the result and the timed seat's decision count and times."""
    g = Game.new(rules, seed=deal_seed)
    streams = DecisionStreams(deal_seed)
    times: list[float] = []
    while not g.is_over:
        seat = g.to_act
        assert seat is not None
        p = players[seat]
        rng = streams.next(seat, g.phase)
        t0 = time.perf_counter()
        if isinstance(p, OraclePlayer):
            action = p.decide_game(g, seat, rng)
        else:
            action = p.decide(view_of(g, seat), rng)
        if seat == timed_seat:
            times.append(time.perf_counter() - t0)
        g.apply(action, seat)
    assert g.result is not None
    return g.result, len(times), sum(times), times


def run_deal(cfg: ArenaConfig, d: int) -> dict[str, object]:
    rules = Rules.from_text(cfg.rules_text)
    seed = cfg.start + d
    ref = make_player(cfg.reference, cfg, style_seed=seed)
    if cfg.role_fixed:
        tests = {name: make_player(name, cfg) for name in cfg.tests}
        ref_game = reference_game(rules, seed, act_with(ref))
        row = run_role_fixed_deal(rules, seed, d, ref, tests, cfg.roles, ref_game)
        row["reference"] = cfg.reference
        if cfg.duplicate_too:
            row["duplicate"] = _duplicate_deal(cfg, rules, d, ref, ref_game[0])
        return row
    ref_result, _, _, _ = play_game(rules, seed, [ref] * rules.players, -1)
    return _duplicate_deal(cfg, rules, d, ref, ref_result)


def _duplicate_deal(
    cfg: ArenaConfig, rules: Rules, d: int, ref: Contestant, ref_result: GameResult
) -> dict[str, object]:
    """The test players, each in seat ``d % players`` of deal ``d``, against ``ref``."""
    n = rules.players
    seat = d % n
    seed = cfg.start + d
    out: dict[str, object] = {"deal": d, "seat": seat, "reference": cfg.reference}
    for name in cfg.tests:
        test = make_player(name, cfg)
        players: list[Contestant] = [ref] * n
        players[seat] = test
        result, k, think, times = play_game(rules, seed, players, seat)
        out[name] = asdict(
            DealResult(d, seat, seat_result(result, seat), seat_result(ref_result, seat), k, think)
        )
        out[name + "_times"] = times
    return out


def _deal_from(d: dict[str, object]) -> DealResult:
    test = d["test"]
    ref = d["reference"]
    assert isinstance(test, dict)
    assert isinstance(ref, dict)
    return DealResult(
        int(str(d["deal"])),
        int(str(d["seat"])),
        SeatResult(**test),
        SeatResult(**ref),
        int(str(d["decisions"])),
        float(str(d["think_seconds"])),
    )


def _play_all(
    cfgs: Sequence[ArenaConfig], deals: int, procs: int, out: str | None
) -> list[dict[str, object]]:
    """Play every deal under every config (one per reference), appending each to
    ``out`` as it finishes (a long run can be cut)."""
    jobs = [(cfg, d) for d in range(deals) for cfg in cfgs]  # a cut run covers every cfg
    return play_jobs(_run_deal_job, jobs, procs, out)


def _run_deal_job(job: tuple[ArenaConfig, int]) -> dict[str, object]:
    return run_deal(*job)


def format_references(rows: Sequence[dict[str, object]], tests: Sequence[str]) -> str:
    """One gain line per reference and test player, then its role-fixed figures."""
    refs = sorted({str(r["reference"]) for r in rows}, key=PLAYER_NAMES.index)
    lines = ["gain per game against each reference (same deals; paired, 95% CI):"]
    for name in tests:
        for ref in refs:
            mine = [r for r in rows if r["reference"] == ref]
            results = []
            for r in mine:
                dup = r["duplicate"]
                assert isinstance(dup, dict)
                per = dup[name]
                assert isinstance(per, dict)
                results.append(_deal_from(per))
            s = summarize(results)
            roles = {x.role: x.difference for x in summarize_role_fixed(mine, name)}
            lines.append(
                f"  {name} vs {ref:8s} gain {s.gain.text()} | Napoleon rate "
                f"{s.test_napoleon_rate:.3f} (ref {s.reference_napoleon_rate:.3f})"
            )
            if any(e.n for e in roles.values()):  # ``--roles ''``: duplicate only
                lines.append(
                    "      role-fixed: "
                    + " | ".join(f"{role} {roles[role].text()}" for role in ROLES if role in roles)
                )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m lab.napoleon.arena",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    ap.add_argument(
        "--test",
        default="strong",
        help="comma-separated test players: " + ", ".join(PLAYER_NAMES)
        + "; a search level may have fields set, LEVEL:field=value,field=value "
        "(lab.napoleon.variants), e.g. strong:second_ply=",
    )
    ap.add_argument(
        "--reference",
        default="baseline",
        help="the reference player (timid = baseline, bold, book, a level, ...)",
    )
    ap.add_argument(
        "--references",
        default=None,
        help="comma-separated references: the same deals against each, one gain line "
        "per reference plus the role-fixed figures per role",
    )
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--start", type=int, default=1, help="seed of the first deal")
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--preset", default="sdc", help="rules preset (see docs/rules/napoleon.md §4)")
    ap.add_argument("--rules", default=None, help="rules text, e.g. 'preset=sdc&pass=unlimited'")
    ap.add_argument("--worlds", type=int, default=None, help="override the sampled worlds")
    ap.add_argument("--bid-samples", type=int, default=None, help="override bid simulations")
    ap.add_argument(
        "--contract-worlds",
        type=int,
        default=None,
        help="override the worlds for the call and discards",
    )
    ap.add_argument(
        "--infer-factor",
        type=int,
        default=None,
        help="override the surplus of worlds drawn for inference (1: none)",
    )
    ap.add_argument(
        "--role-fixed",
        action="store_true",
        help="replay each deal with the test player in one role's seat (see above)",
    )
    ap.add_argument(
        "--roles",
        default=",".join(ROLES),
        help="with --role-fixed or --references: the roles to replay (comma-separated; "
        "'' with --references: the duplicate gain only)",
    )
    ap.add_argument(
        "--match",
        action="store_true",
        help="play mixed matches (lab.napoleon.arena_match): --matches of them, the "
        "other seats from --mix, --reference in the test seat for the paired gain",
    )
    ap.add_argument("--matches", type=int, default=100, help="with --match: how many")
    ap.add_argument(
        "--mix",
        default=",".join(DEFAULT_MIX),
        help="with --match: the references dealt out to the other seats, in turn",
    )
    ap.add_argument(
        "--out", default=None, help="append one JSON line per deal here as deals finish"
    )
    ap.add_argument(
        "--from-file", default=None, help="play nothing: summarize the deals stored in this file"
    )
    args = ap.parse_args(argv)
    rules = Rules.from_text(args.rules) if args.rules else Rules.preset(args.preset)
    tests = split_specs(args.test)
    references = (
        tuple(r.strip() for r in args.references.split(",") if r.strip())
        if args.references
        else ()
    )
    mix = tuple(r.strip() for r in args.mix.split(",") if r.strip())
    if args.match and not mix:
        ap.error("--mix: name at least one reference")
    for name in (*tests, args.reference, *references, *(mix if args.match else ())):
        if ":" in name and name in tests:
            try:
                parse_variant(name)
            except VariantError as e:
                ap.error(f"player {name!r}: {e}")
        elif name not in PLAYER_NAMES:
            ap.error(f"unknown player {name!r}: expected one of {', '.join(PLAYER_NAMES)}")
    cfg = ArenaConfig(
        rules.to_text(),
        tests,
        args.reference,
        args.start,
        args.worlds,
        args.bid_samples,
        args.contract_worlds,
        args.infer_factor,
        args.role_fixed or bool(references),
        tuple(r.strip() for r in args.roles.split(",") if r.strip()),
        duplicate_too=bool(references),
    )
    if args.match:
        return _main_match(args, rules, MatchConfig(cfg, mix))
    cfgs = [replace(cfg, reference=r) for r in references] if references else [cfg]
    t0 = time.perf_counter()
    rows: list[dict[str, object]] = []
    if args.from_file:
        rows = read_rows(args.from_file)
    else:
        rows = _play_all(cfgs, args.deals, args.procs, args.out)
    rows.sort(key=lambda r: int(str(r["deal"])))
    elapsed = time.perf_counter() - t0
    if args.from_file:  # the file keeps no rules, seeds or processes: say so, not the defaults
        print(f"{len(rows)} rows read from {args.from_file} (rules and seeds as when played)")
    else:
        print(
            f"rules: {rules.to_text()}  deals: {len(rows)} (seeds from {args.start})  "
            f"procs: {args.procs}  wall: {elapsed:.0f} s"
        )
    if references or (rows and "duplicate" in rows[0]):
        print()
        print(format_references(rows, tests))
        return 0
    if args.role_fixed or (rows and rows[0].get("mode") == "role_fixed"):
        for name in tests:
            print()
            print(format_role_fixed(summarize_role_fixed(rows, name), name, args.reference))
            role_times = [
                float(x)
                for r in rows
                for per in [r[name]]
                if isinstance(per, dict)
                for role in per.values()
                for x in role["times"]
            ]
            if role_times:
                print(
                    f"decision time {name}: median {percentile(role_times, 0.5) * 1000:.1f} "
                    f"ms, p95 {percentile(role_times, 0.95) * 1000:.1f} ms, n={len(role_times)}"
                )
        return 0
    gains: dict[str, float] = {}
    for name in tests:
        results = []
        times: list[float] = []
        for r in rows:
            d = r[name]
            assert isinstance(d, dict)
            results.append(_deal_from(d))
            ts = r[name + "_times"]
            assert isinstance(ts, list)
            times.extend(float(x) for x in ts)
        s = summarize(results)
        gains[name] = s.gain.mean
        print()
        print(format_summary(s, name, args.reference))
        if times:
            print(
                f"decision time {name}: median {percentile(times, 0.5) * 1000:.1f} ms, "
                f"p95 {percentile(times, 0.95) * 1000:.1f} ms, n={len(times)}"
            )
    if "oracle" in gains and gains["oracle"] > 0:
        print()
        for name in tests:
            if name != "oracle":
                print(
                    f"gap closed by {name}: {gains[name] / gains['oracle']:.2f} "
                    f"(gain {gains[name]:+.2f} of the oracle's {gains['oracle']:+.2f})"
                )
    return 0


def _main_match(args: argparse.Namespace, rules: Rules, cfg: MatchConfig) -> int:
    t0 = time.perf_counter()
    if args.from_file:
        rows = sorted(read_rows(args.from_file), key=lambda r: int(str(r["match"])))
        print(f"{len(rows)} rows read from {args.from_file} (rules and seeds as when played)")
    else:
        rows = play_matches(cfg, args.matches, args.procs, args.out)
        print(
            f"rules: {rules.to_text()}  matches: {len(rows)} (seeds from {args.start})  "
            f"mix: {','.join(cfg.mix)}  procs: {args.procs}  "
            f"wall: {time.perf_counter() - t0:.0f} s"
        )
    if not rows:
        print("no matches")
        return 0
    print()
    print(format_matches(rows, cfg.arena.tests, cfg.arena.reference, rules.match_games))
    return 0


if __name__ == "__main__":
    sys.exit(main())

