"""Playwright's assertions, polled every 50 ms for as long as they wait.

An ``expect(...)`` that is not true at once is checked again by the driver after
20, 50, 100 and 100 ms, then every 500 ms until its timeout. A browser test
mostly waits for the page: a computer's move, the worker's answer, a peer's
message, each a few hundred milliseconds in Pyodide. Checked every 500 ms, each
such wait ends on average a quarter of a second after the page is there, and a
whole game waits on hundreds of them; the two cores meanwhile sit partly idle
(about 30 % of a browser module's time, measured with ``/proc/stat``).

The driver trims its steps to a fifth of the timeout it is given, so
:func:`install` has every assertion wait in slices of :data:`SLICE_MS`: within
one, the driver checks after 20 ms and then every 50 ms; a slice that ends with
the assertion false starts the next, until the assertion's own timeout. What an
assertion checks, its timeout and its message when it fails are Playwright's:
only how often it looks changes.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any, Final

from playwright._impl.frame import Frame

#: One slice of an assertion's wait (ms): the driver then polls every 50 ms.
SLICE_MS: Final = 300

_installed: list[Any] = []


def install() -> None:
    """Wrap the frame's one entry for every locator and page assertion (idempotent)."""
    if _installed:
        return
    original: Any = Frame._expect
    _installed.append(original)

    async def sliced(self: Frame, selector: str | None, expression: str,
                     options: Any, title: str | None) -> Any:
        timeout = float(options.get("timeout") or 5_000)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout / 1000
        while True:
            left = (deadline - loop.time()) * 1000
            slice_ = dict(options)
            slice_["timeout"] = max(left, 1.0) if left <= 2 * SLICE_MS else SLICE_MS
            result = await original(self, selector, expression, slice_, title)
            if left <= 2 * SLICE_MS:
                return _whole_timeout_said(result, timeout)
            if not result.get("timedOut"):
                return result

    Frame._expect = sliced  # type: ignore[method-assign]


def _whole_timeout_said(result: Any, timeout: float) -> Any:
    """A failed assertion's call log names the whole wait, not its last slice's."""
    log = result.get("log")
    if isinstance(log, list) and log and isinstance(log[0], str):
        log[0] = re.sub(r"with timeout [0-9.]+ms", f"with timeout {timeout:.0f}ms", log[0])
    return result
