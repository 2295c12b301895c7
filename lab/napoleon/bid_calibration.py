"""How well a level's bids predict its own contracts.

``python -m lab.napoleon.bid_calibration --test normal --reference bold --deals 300``

Deal ``d`` (seed ``start + d``) is played with the test level in seat
``d % players`` and the reference everywhere else, as in the arena.  Every
bid decision of the test seat is weighed by :func:`napoleon.ai.bidding.weigh_bids`;
when the test seat ends up Napoleon, its last weighing is compared with
the game: the share of its simulated deals that make the final contract
(with :data:`napoleon.ai.bidding.PLAY_EDGE` credited, as the bid decision
counts it, and without), the simulated French honors against the honors
its own play took.  The table groups the contracts by predicted chance:
a calibrated bidder makes about what it predicts in every row.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

import napoleon.ai.bidding as bidding
from lab.napoleon.arena import play_game
from lab.napoleon.contestants import ArenaConfig, make_player
from napoleon.ai.base import Player
from napoleon.ai.bidding import ContractResult, Weighing
from napoleon.ai.oracle import OraclePlayer
from napoleon.ai.strong import made
from napoleon.rules import Rules


@dataclass(frozen=True)
class Contract:
    """One contract the test seat held: what its last bid decision saw, and the game."""

    predicted: float  # share of simulated deals making the bid, PLAY_EDGE credited
    predicted_plain: float  # ... without the credit
    simulated_honors: float  # mean French honors in those deals
    honors: int  # French honors in the game
    made: bool
    points: float


def share_made(rules: Rules, bid: int, sims: Sequence[ContractResult], edge: int) -> float:
    """The share of ``sims`` that make ``bid`` with ``edge`` honors credited."""
    hits = sum(made(rules, bid - edge, r.french, r.lost) for r in sims)
    return hits / max(1, len(sims))


@contextmanager
def recording(out: list[Weighing]) -> Iterator[None]:
    """Every :func:`napoleon.ai.bidding.weigh_bids` result appended to ``out``."""
    original = bidding.weigh_bids

    def spy(*args: object, **kwargs: object) -> Weighing:
        w = original(*args, **kwargs)  # type: ignore[arg-type]
        out.append(w)
        return w

    bidding.weigh_bids = spy
    try:
        yield
    finally:
        bidding.weigh_bids = original


def contract_of(rules: Rules, seed: int, seat: int, test: Player, ref: Player) -> Contract | None:
    """The test seat's contract in deal ``seed``, or None if it was not Napoleon."""
    players: list[Player] = [ref] * rules.players
    players[seat] = test
    seen: list[Weighing] = []
    with recording(seen):
        result, _, _, _ = play_game(rules, seed, players, seat)
    mine = [w for w in seen if w.me == seat]
    if result.napoleon != seat or not mine:
        return None
    sims = mine[-1].sims.get(result.trump, [])
    if not sims:
        return None
    return Contract(
        predicted=share_made(rules, result.bid, sims, bidding.PLAY_EDGE),
        predicted_plain=share_made(rules, result.bid, sims, 0),
        simulated_honors=sum(r.french for r in sims) / len(sims),
        honors=result.french_honors,
        made=result.french_won,
        points=float(result.points[seat]),
    )


BUCKETS = ((0.0, 0.3), (0.3, 0.5), (0.5, 0.7), (0.7, 0.9), (0.9, 1.01))


def table(contracts: Sequence[Contract]) -> str:
    """The calibration table: per predicted-chance bucket, predicted against made."""
    lines = ["predicted   n   predicted  plain  made   sim.honors  honors  points"]
    for lo, hi in (*BUCKETS, (0.0, 1.01)):
        rows = [c for c in contracts if lo <= c.predicted < hi]
        if not rows:
            continue
        n = len(rows)
        made_share = sum(c.made for c in rows) / n
        half = 1.96 * math.sqrt(made_share * (1 - made_share) / n)
        label = "all" if (lo, hi) == (0.0, 1.01) else f"{lo:.1f}-{min(hi, 1.0):.1f}"
        lines.append(
            f"{label:9} {n:4}   {sum(c.predicted for c in rows) / n:8.2f}  "
            f"{sum(c.predicted_plain for c in rows) / n:5.2f}  {made_share:.2f}±{half:.2f}  "
            f"{sum(c.simulated_honors for c in rows) / n:9.2f}  "
            f"{sum(c.honors for c in rows) / n:6.2f}  {sum(c.points for c in rows) / n:6.2f}"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--test", default="normal")
    ap.add_argument("--reference", default="bold")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--start", type=int, default=1)
    ap.add_argument("--preset", default="sdc")
    args = ap.parse_args(argv)
    rules = Rules.preset(args.preset)
    cfg = ArenaConfig(rules.to_text(), (args.test,), args.reference, args.start)
    test, ref = make_player(args.test, cfg), make_player(args.reference, cfg)
    if isinstance(test, OraclePlayer) or isinstance(ref, OraclePlayer):
        ap.error("the oracle has no bids to calibrate")
    contracts = []
    for d in range(args.deals):
        c = contract_of(rules, args.start + d, d % rules.players, test, ref)
        if c is not None:
            contracts.append(c)
    print(f"{args.test} against {args.reference}, {args.deals} deals "
          f"(seeds from {args.start}), {len(contracts)} contracts")
    print(table(contracts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
