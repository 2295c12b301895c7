"""Role-fixed replays: is the test player better *in a given role*?

The duplicate arena (:mod:`lab.napoleon.arena`) seats the test player and lets
it bid, so in the same deal it often ends up in a different role, with a
different contract, than the reference did.  Its same-role figures keep only
the deals where both held the role, which are few for the adjutant (about
one deal in five, minus the lone-Napoleon games), and each carries the whole
variance of a changed contract.

A role-fixed deal removes both problems.  The deal is played once with the
reference player in every seat; that fixes the contract and who holds each
role.  Then, for each role R, the deal is replayed with the test player only
in the seat that held R, and every action the reference game made *before
that seat's own decisions in the role begin* is replayed as it was:

* Napoleon: the bidding is replayed; the call, the discards, the change and
  the card play are the test player's (the Napoleon role is those choices).
* adjutant and ally: everything before the first lead is replayed (bids,
  call, exchange), so the contract, the called card and the roles are
  identical; only that seat's card play differs.  The ally seat is one of
  the allies, chosen by the deal number so each position is used.

The paired difference (test's points in the replay minus the reference's
points in the reference game, same seat) measures only that seat's later
decisions; most deals end the same, so the interval is narrow.  A deal with
a lone Napoleon has no adjutant replay.  Every decision draws from its own
stream (:mod:`lab.napoleon.streams`, keyed by seat, phase and count), and a
replayed action takes its key as the played one did, so replaying the
reference as the test player gives a difference of exactly zero in every
deal, for the seeded search players as for the rule-based ones — the tests
check this.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass

from lab.napoleon.report import ROLES, SeatResult, seat_result
from lab.napoleon.streams import DecisionStreams
from lab.stats import Estimate, paired_difference
from napoleon.actions import Action
from napoleon.ai.oracle import OraclePlayer
from napoleon.game import Game, GameResult, Phase
from napoleon.rules import Rules
from napoleon.view import view_of

Contestant = Callable[[Game, int, random.Random], Action]

#: The phases replayed from the reference game, per role under test.
REPLAYED: dict[str, frozenset[Phase]] = {
    "napoleon": frozenset({Phase.BID}),
    "adjutant": frozenset({Phase.BID, Phase.CALL, Phase.EXCHANGE, Phase.CHANGE}),
    "ally": frozenset({Phase.BID, Phase.CALL, Phase.EXCHANGE, Phase.CHANGE}),
}


def act_with(player: object) -> Contestant:
    """A callable deciding for ``seat`` of ``game`` (an oracle sees the whole game)."""
    if isinstance(player, OraclePlayer):
        oracle = player
        return lambda g, seat, rng: oracle.decide_game(g, seat, rng)
    decide = getattr(player, "decide")  # noqa: B009 - any Player

    def run(g: Game, seat: int, rng: random.Random) -> Action:
        action: Action = decide(view_of(g, seat), rng)
        return action

    return run


def reference_game(
    rules: Rules, seed: int, reference: Contestant
) -> tuple[GameResult, list[tuple[Phase, int, Action]]]:
    """The all-reference game and its actions, each with the phase it was taken in."""
    g = Game.new(rules, seed=seed)
    streams = DecisionStreams(seed)
    log: list[tuple[Phase, int, Action]] = []
    while not g.is_over:
        seat = g.to_act
        assert seat is not None
        action = reference(g, seat, streams.next(seat, g.phase))
        log.append((g.phase, seat, action))
        g.apply(action, seat)
    assert g.result is not None
    return g.result, log


def replay(
    rules: Rules,
    seed: int,
    log: Sequence[tuple[Phase, int, Action]],
    replayed: frozenset[Phase],
    reference: Contestant,
    test: Contestant,
    test_seat: int,
) -> tuple[GameResult, list[float]]:
    """The deal again: ``log``'s actions while in ``replayed`` phases, then the players.

    Returns the result and the test seat's decision times.
    """
    g = Game.new(rules, seed=seed)
    streams = DecisionStreams(seed)
    times: list[float] = []
    i = 0
    while not g.is_over:
        seat = g.to_act
        assert seat is not None
        rng = streams.next(seat, g.phase)  # replayed actions take their key too
        if i < len(log) and g.phase in replayed:
            phase, s, action = log[i]
            assert phase is g.phase and s == seat, "the replay left the reference game"
            i += 1
        elif seat == test_seat:
            i = len(log)  # from here on the game is the players'
            t0 = time.perf_counter()
            action = test(g, seat, rng)
            times.append(time.perf_counter() - t0)
        else:
            i = len(log)
            action = reference(g, seat, rng)
        g.apply(action, seat)
    assert g.result is not None
    return g.result, times


def role_seats(r: GameResult, deal: int) -> dict[str, int]:
    """The seat holding each role in ``r`` (no adjutant entry when Napoleon is alone)."""
    assert r.napoleon is not None
    n = len(r.points)
    seats = {"napoleon": r.napoleon}
    if r.adjutant is not None:
        seats["adjutant"] = r.adjutant
    allies = [s for s in range(n) if s not in (r.napoleon, r.adjutant)]
    seats["ally"] = allies[deal % len(allies)]
    return seats


def run_role_fixed_deal(
    rules: Rules,
    seed: int,
    deal: int,
    reference: object,
    tests: Mapping[str, object],
    roles: Sequence[str] = ROLES,
    ref_game: tuple[GameResult, list[tuple[Phase, int, Action]]] | None = None,
) -> dict[str, object]:
    """One deal: the reference game (``ref_game`` if already played), then each
    test player in each role's seat."""
    ref = act_with(reference)
    ref_result, log = ref_game if ref_game is not None else reference_game(rules, seed, ref)
    out: dict[str, object] = {"deal": deal, "mode": "role_fixed"}
    for name, player in tests.items():
        rows: dict[str, object] = {}
        for role, seat in role_seats(ref_result, deal).items():
            if role not in roles:
                continue
            result, times = replay(
                rules, seed, log, REPLAYED[role], ref, act_with(player), seat
            )
            rows[role] = {
                "seat": seat,
                "test": asdict(seat_result(result, seat)),
                "reference": asdict(seat_result(ref_result, seat)),
                "times": times,
            }
        out[name] = rows
    return out


@dataclass(frozen=True)
class RoleFixedSummary:
    """One role: the paired difference, win rates, and how often the outcome changed."""

    role: str
    difference: Estimate
    test_win_rate: float
    reference_win_rate: float
    changed: float  # share of deals where the seat's points differ


def summarize_role_fixed(rows: Sequence[dict[str, object]], name: str) -> list[RoleFixedSummary]:
    out = []
    for role in ROLES:
        tests: list[SeatResult] = []
        refs: list[SeatResult] = []
        for row in rows:
            per = row[name]
            assert isinstance(per, dict)
            r = per.get(role)
            if r is None:
                continue
            tests.append(SeatResult(**r["test"]))
            refs.append(SeatResult(**r["reference"]))
        n = len(tests)
        out.append(
            RoleFixedSummary(
                role,
                paired_difference([x.points for x in tests], [x.points for x in refs]),
                sum(x.won for x in tests) / n if n else float("nan"),
                sum(x.won for x in refs) / n if n else float("nan"),
                sum(a.points != b.points for a, b in zip(tests, refs, strict=True)) / n
                if n
                else float("nan"),
            )
        )
    return out


def format_role_fixed(summaries: Sequence[RoleFixedSummary], name: str, reference: str) -> str:
    lines = [
        f"role-fixed replays: {name} in the seat that held the role in the all-{reference} game",
        "  (same contract; Napoleon: bidding replayed; adjutant/ally: all before play replayed)",
    ]
    for s in summaries:
        lines.append(
            f"  {s.role:9s} paired {s.difference.text()} | win {name} {s.test_win_rate:.3f} "
            f"{reference} {s.reference_win_rate:.3f} | outcome changed in {s.changed:.3f}"
        )
    return "\n".join(lines)
