"""A/B of two versions of a search player, role-fixed and paired.

``python -m lab.napoleon.role_ab --reference bold --a strong --b strong:exact_tricks=3``
``python -m lab.napoleon.role_ab --roles napoleon --a strong --b strong:slip=0.1,infer_factor=6``

Each deal is played once with the reference in every seat; then, per role,
the deal is replayed with A and with B in the seat that held the role
(:func:`lab.napoleon.role_fixed.replay`: Napoleon's bidding, or everything
before the first lead, replayed from the reference game).  The same cards,
the same contract, the same seat and the same decision streams: where A and
B choose alike the game is the same and the difference is exactly zero, so
B - A is the change a setting makes in that role, with the interval of the
deals it changes.  A player is a level, optionally with some of
:class:`napoleon.ai.strong.StrongPlayer`'s numeric or yes/no fields set
(``LEVEL:field=value,field=value``, :mod:`lab.napoleon.variants`).  This
is the paired comparison of a setting, one role at a time
(napoleon/README.md).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence

from lab.napoleon.contestants import RULE_BASED
from lab.napoleon.report import ROLES
from lab.napoleon.role_fixed import REPLAYED, act_with, reference_game, replay, role_seats
from lab.napoleon.run_file import appending, read_rows
from lab.napoleon.variants import VariantError, parse_variant
from lab.stats import Estimate, paired_difference
from napoleon.ai.strong import StrongPlayer
from napoleon.rules import Rules


def run_deal(
    rules: Rules, seed: int, reference: str, a: StrongPlayer, b: StrongPlayer,
    roles: Sequence[str],
) -> dict[str, object]:
    """One deal: the reference game, then A and B replayed in each role's seat."""
    ref = act_with(RULE_BASED[reference]())
    result, log = reference_game(rules, seed, ref)
    row: dict[str, object] = {"seed": seed}
    for role, seat in role_seats(result, seed).items():
        if role not in roles:
            continue
        cell: dict[str, float] = {"seat": seat, "reference": float(result.points[seat])}
        for key, player in (("a", a), ("b", b)):
            t0 = time.process_time()
            game, _ = replay(rules, seed, log, REPLAYED[role], ref, act_with(player), seat)
            cell[key] = float(game.points[seat])
            cell[key + "_cpu"] = time.process_time() - t0
        row[role] = cell
    return row


Summary = tuple[str, Estimate, Estimate, Estimate, int]


def summarize(rows: Sequence[dict[str, object]]) -> list[Summary]:
    """Per role: A - reference, B - reference, B - A, and the deals where B - A is not 0."""
    out = []
    for role in ROLES:
        cells = [c for r in rows if isinstance(c := r.get(role), dict)]
        ref = [float(c["reference"]) for c in cells]
        a = [float(c["a"]) for c in cells]
        b = [float(c["b"]) for c in cells]
        differ = sum(x != y for x, y in zip(a, b, strict=True))
        out.append((role, paired_difference(a, ref), paired_difference(b, ref),
                    paired_difference(b, a), differ))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m lab.napoleon.role_ab", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", default="strong", help="LEVEL[:field=value,...]")
    ap.add_argument("--b", required=True, help="LEVEL[:field=value,...]")
    ap.add_argument("--reference", default="bold", choices=sorted(RULE_BASED))
    ap.add_argument("--roles", default=",".join(ROLES))
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--start", type=int, default=1, help="seed of the first deal")
    ap.add_argument("--preset", default="sdc")
    ap.add_argument("--rules", default=None, help="rules text, e.g. 'preset=sdc&pass=unlimited'")
    ap.add_argument("--out", default=None, help="append one JSON line per deal")
    ap.add_argument("--from-file", default=None, help="summarize an --out file only")
    args = ap.parse_args(argv)
    if args.from_file:
        rows = read_rows(args.from_file)
    else:
        rules = Rules.from_text(args.rules) if args.rules else Rules.preset(args.preset)
        try:
            a, b = parse_variant(args.a), parse_variant(args.b)
        except VariantError as e:
            ap.error(str(e))
        roles = [r for r in args.roles.split(",") if r]
        if unknown := [r for r in roles if r not in ROLES]:
            ap.error(f"--roles: {', '.join(unknown)}: expected some of {', '.join(ROLES)}")
        rows = []
        with appending(args.out) as write:
            for seed in range(args.start, args.start + args.deals):
                row = run_deal(rules, seed, args.reference, a, b, roles)
                rows.append(row)
                write(row)
        print(f"A = {args.a}, B = {args.b}; reference {args.reference}; seeds "
              f"{args.start}-{args.start + args.deals - 1}")
    for role, ga, gb, diff, differ in summarize(rows):
        if diff.n:
            print(f"  {role:9s} A {ga.text()} | B {gb.text()} | B - A {diff.text()}, "
                  f"{differ} deals differ")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
