"""What a game's hint and review share: the worlds of a decision seeded by the position,
and the sampling's noise measured from the worlds themselves.

The hint (while playing) and the review (afterwards) weigh the same decision with the
same information; drawing their worlds from a seed that depends only on the seat's view
(:func:`position_seed`) makes them weigh it in the same worlds, so they agree.  Over
those worlds an option's figure is a mean with a standard error (:func:`mean_se`), and
the loss of one option against another is judged by the standard error of their paired
difference (:func:`paired_se`): a loss within :data:`NOISE_Z` of it is noise, never a
mistake.

>>> position_seed('{"seat": 0}') == position_seed('{"seat": 0}')
True
>>> mean_se([1.0, 2.0, 3.0])
(2.0, 0.5773502691896257)
>>> paired_se([3.0, 4.0, 5.0], [2.0, 3.0, 4.0])  # always 1 better: no noise at all
0.0
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from typing import Final, Generic, Protocol, TypeVar


class HasAction(Protocol):
    """An option of a decision: the action it weighs."""

    @property
    def action(self) -> object: ...


OptionT = TypeVar("OptionT", bound=HasAction)


class RankedOptions(Generic[OptionT]):
    """A decision's options, the one the evaluator ranks first at the head (a base of
    each game's ``Analysis``)."""

    options: tuple[OptionT, ...]

    @property
    def best(self) -> OptionT:
        return self.options[0]

    def option_for(self, action: object) -> OptionT | None:
        """The option weighing ``action``, if it was weighed."""
        return next((o for o in self.options if o.action == action), None)


#: Standard errors of the paired difference a loss must exceed to be more than the
#: sampling's noise (about 95% one-sided for the worlds' mean difference).
NOISE_Z: Final = 2.0


def position_seed(view_json: str) -> int:
    """The seed of the worlds weighed at a decision: a hash of the seat's view (its
    JSON text), so the same decision with the same information draws the same worlds
    whoever asks and whenever."""
    return zlib.crc32(view_json.encode("utf-8"))


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    """The mean of ``xs`` and its standard error (0 with fewer than two)."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    mean = math.fsum(xs) / n
    if n == 1:
        return mean, 0.0
    var = math.fsum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, math.sqrt(var / n)


def paired_se(best: Sequence[float], other: Sequence[float]) -> float:
    """The standard error of ``best``'s mean less ``other``'s: from the per-world
    differences when both were weighed in the same worlds, else as independent."""
    if len(best) == len(other) and len(best) > 1:
        return mean_se([a - b for a, b in zip(best, other, strict=True)])[1]
    return math.hypot(mean_se(best)[1], mean_se(other)[1])


__all__ = ["NOISE_Z", "HasAction", "RankedOptions", "mean_se", "paired_se", "position_seed"]
