"""Mixed matches: the arena's ``--match`` mode.

``python -m lab.napoleon.arena --match --test strong --mix baseline,bold,book,random``

Match ``m`` (seed ``start + m``) is a :class:`napoleon.match.Match` of the
rules' ``match_games`` games (5 unless the rules say otherwise).  The test
seat is ``m % players``; every other seat holds a reference from ``--mix``,
dealt out in turn from an offset that moves with ``m``, so each reference
meets every seat and every neighbour (each seat a different reference while
the mix is as long as the table's other seats).  A ``random`` seat draws its
style from the match's seed and its seat, once for the whole match.

The match is played once with ``--reference`` in the test seat, then once
per test player there: the same game seeds (the match draws them from its own
seed whatever happens) and the same references, so luck cancels in the
paired difference of the test seat's points per match.  Who deals each game
follows the previous game's roles (docs/rules/napoleon.md §2.1), so it may differ between
the two.  Every decision draws from its own stream of its game's seed
(:mod:`lab.napoleon.streams`).

The search levels read the match's opponent model (:mod:`napoleon.ai.opponents`),
rebuilt from the finished games' ends before each game, as the page does;
``strong:read_opponents=false`` is strong without it on the same matches.

Reported per test player: points per match (its seat's total), the paired gain
per match and per game over the reference in that seat, with 95% intervals;
with several test players, each one's paired difference from the first.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from lab.napoleon.contestants import ArenaConfig, Contestant, make_player
from lab.napoleon.run_file import play_jobs
from lab.napoleon.streams import DecisionStreams
from lab.stats import Estimate, estimate, paired_difference
from napoleon.ai.levels import with_opponents
from napoleon.ai.opponents import OpponentModel
from napoleon.ai.oracle import OraclePlayer
from napoleon.match import Match
from napoleon.rules import Rules
from napoleon.view import view_of

#: The default mix of references in the other seats.
DEFAULT_MIX = ("baseline", "bold", "book", "random")


@dataclass(frozen=True)
class MatchConfig:
    """The settings of a ``--match`` run (``arena`` holds the players' budgets)."""

    arena: ArenaConfig
    mix: tuple[str, ...] = DEFAULT_MIX


def lineup(mix: Sequence[str], m: int, players: int) -> tuple[int, list[str]]:
    """Match ``m``'s test seat and the reference names of the other seats
    (the test seat's entry is ``""``).

    >>> lineup(("a", "b", "c"), 1, 4)
    (1, ['a', '', 'b', 'c'])
    """
    seat = m % players
    names = [""] * players
    others = [(seat + k) % players for k in range(1, players)]
    for k, s in enumerate(others):
        names[s] = mix[(m + k) % len(mix)]
    return seat, names


@dataclass(frozen=True)
class MatchPlay:
    """The test seat's side of one match."""

    points: int
    #: the seat's points in each game
    games: tuple[int, ...]
    napoleon_games: int
    decisions: int
    think_seconds: float


def play_match(
    rules: Rules, seed: int, players: Sequence[Contestant], timed_seat: int
) -> tuple[MatchPlay, OpponentModel]:
    """One whole match; the timed seat's figures and the model it ended with."""
    match = Match(rules, seed=seed)
    model = OpponentModel.empty(rules.players)
    decisions, think = 0, 0.0
    while True:
        g = match.game
        streams = DecisionStreams(match.seeds[-1])
        table = [p if isinstance(p, OraclePlayer) else with_opponents(p, model) for p in players]
        while not g.is_over:
            seat = g.to_act
            assert seat is not None
            rng = streams.next(seat, g.phase)
            p = table[seat]
            t0 = time.perf_counter()
            if isinstance(p, OraclePlayer):
                action = p.decide_game(g, seat, rng)
            else:
                action = p.decide(view_of(g, seat), rng)
            if seat == timed_seat:
                decisions += 1
                think += time.perf_counter() - t0
            g.apply(action, seat)
        model = model.with_game(view_of(g, timed_seat))
        if match.next_game() is None:
            break
    games = tuple(r.points[timed_seat] for r in match.results)
    naps = sum(r.napoleon == timed_seat for r in match.results)
    return MatchPlay(match.totals[timed_seat], games, naps, decisions, think), model


def run_match(cfg: MatchConfig, m: int) -> dict[str, object]:
    """Match ``m`` with the reference, then each test player, in the test seat."""
    a = cfg.arena
    rules = Rules.from_text(a.rules_text)
    seed = a.start + m
    seat, names = lineup(cfg.mix, m, rules.players)
    row: dict[str, object] = {
        "match": m, "seat": seat, "lineup": names, "mode": "match", "reference": a.reference
    }
    for name in (a.reference, *a.tests):
        players = [
            make_player(a.reference if s == seat else names[s], a, style_seed=f"{seed}/{s}")
            for s in range(rules.players)
        ]
        if name != a.reference:
            players[seat] = make_player(name, a, style_seed=f"{seed}/{seat}")
        play, _ = play_match(rules, seed, players, seat)
        row[name] = {
            "points": play.points,
            "games": list(play.games),
            "napoleon_games": play.napoleon_games,
            "decisions": play.decisions,
            "think_seconds": play.think_seconds,
        }
    return row


def _run_match_job(job: tuple[MatchConfig, int]) -> dict[str, object]:
    return run_match(*job)


def play_matches(
    cfg: MatchConfig, matches: int, procs: int, out: str | None
) -> list[dict[str, object]]:
    """Every match, each appended to ``out`` as it finishes (a long run can be cut)."""
    rows = play_jobs(_run_match_job, [(cfg, m) for m in range(matches)], procs, out)
    rows.sort(key=lambda r: int(str(r["match"])))
    return rows


def _field(row: dict[str, object], name: str, key: str) -> float:
    per = row[name]
    if not isinstance(per, dict):
        raise ValueError(f"match {row.get('match')}: no figures for {name!r}")
    x = per[key]
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise ValueError(f"match {row.get('match')}: {name}.{key} is not a number")
    return float(x)


@dataclass(frozen=True)
class MatchSummary:
    name: str
    points: Estimate  # per match
    gain: Estimate  # per match, paired with the reference
    gain_per_game: Estimate
    napoleon_rate: float
    think_seconds: float


def summarize_matches(
    rows: Sequence[dict[str, object]], name: str, reference: str, games: int
) -> MatchSummary:
    mine = [_field(r, name, "points") for r in rows]
    ref = [_field(r, reference, "points") for r in rows]
    per_game = [(x - y) / games for x, y in zip(mine, ref, strict=True)]
    naps = sum(_field(r, name, "napoleon_games") for r in rows)
    think = sum(_field(r, name, "think_seconds") for r in rows)
    return MatchSummary(
        name,
        estimate(mine),
        paired_difference(mine, ref),
        estimate(per_game),
        naps / max(1, games * len(rows)),
        think,
    )


def format_matches(
    rows: Sequence[dict[str, object]], tests: Sequence[str], reference: str, games: int
) -> str:
    """Points per match, gains over the reference, and each test against the first."""
    lines = [
        f"{len(rows)} matches of {games} games; the test seat's points per match "
        f"(paired with {reference} in that seat, 95% CI):"
    ]
    for name in (reference, *(t for t in tests if t != reference)):
        s = summarize_matches(rows, name, reference, games)
        line = f"  {name:12s} points/match {s.points.text()} | Napoleon rate {s.napoleon_rate:.3f}"
        if name != reference:
            line += f"\n      gain/match {s.gain.text()} | gain/game {s.gain_per_game.text()}"
        lines.append(line)
    first = tests[0] if tests else None
    for name in tests[1:]:
        assert first is not None
        a = [_field(r, name, "points") for r in rows]
        b = [_field(r, first, "points") for r in rows]
        d = paired_difference(a, b)
        per_game = estimate([(x - y) / games for x, y in zip(a, b, strict=True)])
        differ = sum(x != y for x, y in zip(a, b, strict=True))
        lines.append(
            f"  {name} - {first}: per match {d.text()} | per game {per_game.text()} "
            f"({differ} matches differ)"
        )
    return "\n".join(lines)
