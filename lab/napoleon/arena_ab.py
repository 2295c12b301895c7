"""Before/after on the same deals: two arena ``--out`` files, one gain change.

``python -m lab.napoleon.arena_ab before.jsonl after.jsonl``

Both files must come from arena runs with the same rules, ``--start`` and
reference (say, ``--test normal,strong --preset four --deals 300``) at two
versions of the code.  Per test player and per deal both runs have the
gain over the reference on the same cards in the same seat; the change
is the mean of their per-deal difference, with its 95% interval.  Most
deals often play identically, so this interval is much narrower than the
two gains' own.  The reference's points must be the same in both files
on every deal (the same baseline); otherwise the comparison is refused.
"""

from __future__ import annotations

import argparse
from collections.abc import Mapping, Sequence

from lab.napoleon.run_file import read_rows
from lab.stats import Estimate, estimate, paired_difference

Row = Mapping[str, object]


class DifferentReference(ValueError):
    """The reference played differently in the two files: not one baseline."""


def _gain(row: Row, name: str) -> float:
    d = row[name]
    assert isinstance(d, dict)
    return float(d["test"]["points"]) - float(d["reference"]["points"])


def compare(before: Sequence[Row], after: Sequence[Row], name: str
            ) -> tuple[Estimate, Estimate, Estimate, int]:
    """``name``'s gain before, after, after minus before on the deals both
    files hold, and how many of them changed."""
    a = {int(str(r["deal"])): r for r in before if name in r}
    b = {int(str(r["deal"])): r for r in after if name in r}
    deals = sorted(a.keys() & b.keys())
    for d in deals:
        ra, rb = a[d][name], b[d][name]
        assert isinstance(ra, dict) and isinstance(rb, dict)
        if ra["reference"] != rb["reference"]:
            raise DifferentReference(f"deal {d}: the reference played differently")
    ga = [_gain(a[d], name) for d in deals]
    gb = [_gain(b[d], name) for d in deals]
    changed = sum(1 for x, y in zip(ga, gb, strict=True) if x != y)
    return estimate(ga), estimate(gb), paired_difference(gb, ga), changed


def _read(path: str) -> list[Row]:
    return read_rows(path)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m lab.napoleon.arena_ab", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before")
    ap.add_argument("after")
    args = ap.parse_args(argv)
    before, after = _read(args.before), _read(args.after)
    names = [k for k in (before[0] if before else {}) if isinstance(before[0][k], dict)]
    for name in names:
        ga, gb, diff, changed = compare(before, after, name)
        print(f"{name}: n={diff.n}  before {ga.mean:+.2f} ± {ga.half_width:.2f}  "
              f"after {gb.mean:+.2f} ± {gb.half_width:.2f}  "
              f"after - before {diff.mean:+.3f} ± {diff.half_width:.3f}  "
              f"({changed} deals scored differently)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
