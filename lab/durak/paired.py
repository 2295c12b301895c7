"""Two Durak arena players compared deal by deal from their ``--per-deal`` lines.

``python -m lab.durak.paired A.txt[,A2.txt...] B.txt[,B2.txt...]``

Each side is one or more files (comma-separated) holding the output of
``python -m lab.durak.arena ... --per-deal`` for one test player; pieces of a run
cut over different seeds pool into one side.  Only the deals both sides played
are compared.  Printed: each side's score and durak rate with 95% intervals over
those deals, and the paired difference A - B of each (duplicate deals: the same
deal's two results are correlated, which narrows the interval;
:func:`lab.stats.paired_difference`).

A line that is not a deal line is skipped; a deal line that does not parse, or a
deal seen twice in one side with different figures, is an error.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from lab.stats import estimate, paired_difference

DEAL_LINE = re.compile(r"deal (-?\d{1,9}): score (\S{1,12}) durak (\S{1,12})")
#: A per-deal file larger than this is not an arena output.
MAX_FILE_BYTES = 10_000_000


class PerDealError(ValueError):
    """A file that is not, or not only, an arena's ``--per-deal`` output."""


def _figure(text: str, where: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise PerDealError(f"{where}: {text!r} is not a number") from None
    if not (math.isfinite(x) and 0.0 <= x <= 1.0):
        raise PerDealError(f"{where}: {text!r} is not between 0 and 1")
    return x


def read_side(paths: Sequence[str]) -> dict[int, tuple[float, float]]:
    """Deal seed -> (score, durak rate), pooled over ``paths``."""
    out: dict[int, tuple[float, float]] = {}
    for path in paths:
        p = Path(path)
        if p.stat().st_size > MAX_FILE_BYTES:
            raise PerDealError(f"{path}: larger than {MAX_FILE_BYTES} bytes")
        for no, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
            if not line.startswith("deal "):
                continue
            m = DEAL_LINE.fullmatch(line.strip())
            where = f"{path}:{no}"
            if m is None:
                raise PerDealError(f"{where}: not a deal line: {line[:80]!r}")
            deal = int(m.group(1))
            figs = (_figure(m.group(2), where), _figure(m.group(3), where))
            if out.get(deal, figs) != figs:
                raise PerDealError(f"{where}: deal {deal} seen before with other figures")
            out[deal] = figs
    return out


def report(a: dict[int, tuple[float, float]], b: dict[int, tuple[float, float]]) -> str:
    deals = sorted(set(a) & set(b))
    if len(deals) < 2:
        return f"only {len(deals)} deal(s) in common: nothing to compare"
    lines = [f"{len(deals)} deals in common ({deals[0]}..{deals[-1]})"]
    for k, name in ((0, "score"), (1, "durak rate")):
        xa, xb = [a[d][k] for d in deals], [b[d][k] for d in deals]
        ea, eb, diff = estimate(xa), estimate(xb), paired_difference(xa, xb)
        lines.append(
            f"  {name}: A {100 * ea.mean:.1f}% [{100 * ea.low:.1f}, {100 * ea.high:.1f}]"
            f"  B {100 * eb.mean:.1f}% [{100 * eb.low:.1f}, {100 * eb.high:.1f}]"
            f"  A-B {100 * diff.mean:+.1f} [{100 * diff.low:+.1f}, {100 * diff.high:+.1f}]")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 2:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    try:
        a, b = (read_side(arg.split(",")) for arg in args)
    except (OSError, PerDealError, UnicodeDecodeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(report(a, b))
    return 0


if __name__ == "__main__":
    sys.exit(main())
