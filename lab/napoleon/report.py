"""The arena's summary: points per game by role, win rates, bids reached.

Every deal is played twice: once with the player under test in one seat and
the reference player (the baseline) everywhere else, once with the reference
in that seat too.  The same cards, the same seat: luck cancels in the paired
difference of that seat's points.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from lab.stats import Estimate, difference_of_means, estimate, paired_difference
from napoleon.game import GameResult

ROLES = ("napoleon", "adjutant", "ally")


@dataclass(frozen=True)
class SeatResult:
    """What one seat got from one game."""

    points: float
    role: str  # one of ROLES
    won: bool
    bid: int  # the game's final bid (10 after an all-pass)
    alone: bool  # Napoleon had no adjutant


def seat_result(r: GameResult, seat: int) -> SeatResult:
    """What ``seat`` got from the game ``r`` (its role, points, whether its side won)."""
    if seat == r.napoleon:
        role = "napoleon"
    elif seat == r.adjutant:
        role = "adjutant"
    else:
        role = "ally"
    return SeatResult(
        points=float(r.points[seat]),
        role=role,
        won=r.french_won == (role != "ally"),
        bid=r.bid,
        alone=r.adjutant is None,
    )


@dataclass(frozen=True)
class DealResult:
    """One duplicate deal: the seat under test and its two results."""

    deal: int
    seat: int
    test: SeatResult
    reference: SeatResult
    decisions: int = 0
    think_seconds: float = 0.0


@dataclass(frozen=True)
class RoleSummary:
    """One role: each player's games in that role, and the same-role pairs.

    ``difference`` compares all games in the role (Welch), so it mixes card
    play with bidding (a bolder bidder is Napoleon with weaker hands).
    ``same_role`` is the paired difference over the deals where both players
    held that role in the seat: the same cards and the same role.  It does
    not fix the contract: a seat that bids differently changes the price
    the eventual Napoleon pays (in SdC a strong bidder that is outbid and
    then called as adjutant leaves a higher contract to make), so for the
    adjutant it mixes bidding with play.  ``--role-fixed``
    (:mod:`lab.napoleon.role_fixed`) measures play in a role alone.
    """

    role: str
    test: Estimate
    reference: Estimate
    difference: Estimate
    test_win_rate: float
    reference_win_rate: float
    same_role: Estimate


@dataclass(frozen=True)
class Summary:
    deals: int
    gain: Estimate
    test_points: Estimate
    reference_points: Estimate
    roles: tuple[RoleSummary, ...]
    test_napoleon_rate: float
    reference_napoleon_rate: float
    test_mean_bid: float
    reference_mean_bid: float
    test_win_rate: float
    reference_win_rate: float
    test_bids: dict[int, int]
    reference_bids: dict[int, int]


def _bids(xs: Sequence[SeatResult]) -> dict[int, int]:
    """How often each final bid was reached with the seat as Napoleon."""
    out: dict[int, int] = {}
    for x in xs:
        if x.role == "napoleon":
            out[x.bid] = out.get(x.bid, 0) + 1
    return dict(sorted(out.items()))


def _rate(flags: Iterable[bool]) -> float:
    xs = list(flags)
    return sum(xs) / len(xs) if xs else float("nan")


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else float("nan")


def summarize(results: Sequence[DealResult]) -> Summary:
    tests = [r.test for r in results]
    refs = [r.reference for r in results]
    roles = []
    for role in ROLES:
        t = [x for x in tests if x.role == role]
        f = [x for x in refs if x.role == role]
        pairs = [
            (r.test.points, r.reference.points)
            for r in results
            if r.test.role == role and r.reference.role == role
        ]
        roles.append(
            RoleSummary(
                role,
                estimate([x.points for x in t]),
                estimate([x.points for x in f]),
                difference_of_means([x.points for x in t], [x.points for x in f]),
                _rate(x.won for x in t),
                _rate(x.won for x in f),
                paired_difference([a for a, _ in pairs], [b for _, b in pairs]),
            )
        )
    return Summary(
        deals=len(results),
        gain=paired_difference([x.points for x in tests], [x.points for x in refs]),
        test_points=estimate([x.points for x in tests]),
        reference_points=estimate([x.points for x in refs]),
        roles=tuple(roles),
        test_napoleon_rate=_rate(x.role == "napoleon" for x in tests),
        reference_napoleon_rate=_rate(x.role == "napoleon" for x in refs),
        test_mean_bid=_mean([x.bid for x in tests if x.role == "napoleon"]),
        reference_mean_bid=_mean([x.bid for x in refs if x.role == "napoleon"]),
        test_win_rate=_rate(x.won for x in tests),
        reference_win_rate=_rate(x.won for x in refs),
        test_bids=_bids(tests),
        reference_bids=_bids(refs),
    )


def format_summary(s: Summary, test_name: str, reference_name: str) -> str:
    lines = [
        f"{s.deals} duplicate deals: {test_name} (test seat) vs {reference_name} (same seat)",
        f"points per game: {test_name} {s.test_points.text()}, "
        f"{reference_name} {s.reference_points.text()}",
        f"gain per game (paired): {s.gain.text()}",
        f"win rate: {test_name} {s.test_win_rate:.3f}, {reference_name} {s.reference_win_rate:.3f}",
        f"Napoleon rate: {test_name} {s.test_napoleon_rate:.3f}, "
        f"{reference_name} {s.reference_napoleon_rate:.3f}",
        f"mean bid as Napoleon: {test_name} {s.test_mean_bid:.2f}, "
        f"{reference_name} {s.reference_mean_bid:.2f}",
        f"bids reached as Napoleon (bid: games): {test_name} "
        + " ".join(f"{b}:{n}" for b, n in s.test_bids.items())
        + f" | {reference_name} "
        + " ".join(f"{b}:{n}" for b, n in s.reference_bids.items()),
        "by role: points per game in that role (all games; difference Welch, 95% CI)",
        "         and the paired difference over deals where both held the role (same cards):",
    ]
    for r in s.roles:
        lines.append(
            f"  {r.role:9s} {test_name} {r.test.text()} win {r.test_win_rate:.3f} | "
            f"{reference_name} {r.reference.text()} win {r.reference_win_rate:.3f} | "
            f"diff {r.difference.text()} | same-role paired {r.same_role.text()}"
        )
    return "\n".join(lines)
