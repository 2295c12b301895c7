"""How hard the property and random-game sweeps press.

A bare ``pytest`` and ``make test`` run every sweep at full strength.  ``make check``,
the two-minute development loop, sets ``NAPOLEON_SWEEPS=quick``: a sweep then runs a
fixed part of its cases, the same part on every run, chosen to meet every kind of
case (option, mix, player count, level) the full sweep meets; the full sweep's
extra cases are more random games of kinds already met.

Two ways a test says its quick size:

* a loop over random games asks :func:`sized` for its count;
* a parametrized test carries ``@pytest.mark.sweep(quick=...)``: an int keeps that
  many of its cases spread evenly over the list (:func:`spread`, first and last
  included), a tuple of ids keeps those cases; the others are deselected.
"""

from __future__ import annotations

import os

_MODE = os.environ.get("NAPOLEON_SWEEPS", "full")
if _MODE not in ("full", "quick"):
    raise ValueError(f"NAPOLEON_SWEEPS must be 'full' or 'quick', not {_MODE!r}")

#: True under ``make check``: the sweeps run their quick part.
QUICK = _MODE == "quick"


def sized(full: int, quick: int) -> int:
    """A loop's count of random cases: ``quick`` under ``make check``, else ``full``.

    >>> sized(200, 30) in (200, 30)
    True
    """
    return quick if QUICK else full


def spread(n: int, k: int) -> list[int]:
    """``k`` indices of ``range(n)`` spread evenly, the first and last included.

    >>> spread(10, 3)
    [0, 4, 9]
    >>> spread(4, 9)
    [0, 1, 2, 3]
    >>> spread(5, 1)
    [0]
    """
    if k >= n:
        return list(range(n))
    if k == 1:
        return [0]
    return sorted({round(i * (n - 1) / (k - 1)) for i in range(k)})
