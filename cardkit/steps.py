"""Long computations cut into steps, so one that nobody wants any more can be left.

A page's worker runs one call at a time: while a search runs, nothing else does,
and nothing the page says reaches it (a web worker has no way in while its
Python runs, short of shared memory, which a site without cross-origin isolation
does not have).  So a search that may be abandoned is written as a generator
that yields ``None`` between its steps and returns its result
(:data:`Steps`); the worker runs it one slice at a time (:class:`Resumable`)
and the page asks for the next slice only while it still wants the answer.
Whatever the slices, the steps run in the same order on the same data: the
result is the one :func:`finish` gives in one go.

>>> def count(n: int) -> Steps[int]:
...     total = 0
...     for i in range(n):
...         total += i
...         yield
...     return total
>>> finish(count(4))
6
>>> job = Resumable(budget_s=0.0)  # one step per slice
>>> first = job.start(count(3))
>>> first.done, first.steps, job.more(first.ticket).steps
(False, 1, 1)
>>> last = job.more(first.ticket); again = job.more(first.ticket)
>>> last.done, last.result, again.done
(False, None, True)
>>> again.result
3
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")

#: A computation in steps: yields ``None`` between steps, returns its result.
Steps = Generator[None, None, T]


def finish(steps: Steps[T]) -> T:
    """Run every step at once and return the result."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value  # type: ignore[no-any-return]


class StaleTicket(LookupError):
    """A slice asked of a computation that is no longer kept (another one started since)."""


@dataclass(frozen=True)
class Slice(Generic[T]):
    """What one slice did: ``done`` with ``result``, or not yet (ask again with ``ticket``)."""

    ticket: int
    done: bool
    result: T | None
    steps: int  #: steps run in this slice (at least one)


class Resumable(Generic[T]):
    """Keeps one computation in steps and runs it a slice at a time.

    Each slice runs steps until ``budget_s`` has passed (at least one step, so
    a slice always progresses); a slice runs past its budget by at most one
    step.  Starting a computation drops the one kept before: a page asks for
    one hint at a time, and a dropped one costs nothing more once its slice ends.
    """

    def __init__(self, budget_s: float, clock: Callable[[], float] = time.perf_counter) -> None:
        self.budget_s = budget_s
        self.clock = clock
        self._steps: Steps[T] | None = None
        self._ticket = 0

    def start(self, steps: Steps[T]) -> Slice[T]:
        """Keep ``steps`` (dropping the computation kept before) and run its first slice."""
        self.drop()
        self._ticket += 1
        self._steps = steps
        return self.more(self._ticket)

    def more(self, ticket: int) -> Slice[T]:
        """The next slice of the computation ``ticket`` names."""
        if ticket != self._ticket or self._steps is None:
            raise StaleTicket(f"computation {ticket} is not kept (the current one is "
                              f"{self._ticket if self._steps is not None else 'none'})")
        end = self.clock() + self.budget_s
        ran = 0
        while True:
            ran += 1
            try:
                next(self._steps)
            except StopIteration as stop:
                self._steps = None
                return Slice(ticket, True, stop.value, ran)
            if self.clock() >= end:
                return Slice(ticket, False, None, ran)

    def drop(self) -> None:
        """Forget the computation kept (its generator is closed)."""
        if self._steps is not None:
            self._steps.close()
            self._steps = None
