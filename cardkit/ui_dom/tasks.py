"""Background work on the page's event loop, shared by every game's page.

:func:`spawn` keeps a reference to each task until it ends (an unreferenced
asyncio task may be collected mid-run) and sends an error in it to the
console under the page's name, where the e2e guard sees it, instead of
letting it vanish with the task.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from cardkit.ui_dom import browser

_tasks: set[asyncio.Future[None]] = set()

#: The prefix of an error's console line (the game's name; set by the page).
_name = ["page"]


def name_errors(name: str) -> None:
    """Errors of spawned tasks go to the console as ``name: traceback``."""
    _name[0] = name


#: Whether tasks may start: not between a table's stop and the next table's start
#: (:mod:`cardkit.ui_dom.page_reset`).
_open = [True]


def spawn(coro: Coroutine[Any, Any, None]) -> None:
    """Run ``coro`` on the page's event loop, keeping a reference until it ends (a
    stopped page's: never run)."""
    if not _open[0]:
        coro.close()
        return
    task = asyncio.ensure_future(coro)
    _tasks.add(task)
    task.add_done_callback(_done)


def reopen() -> None:
    """Tasks may start again (the next table)."""
    _open[0] = True


def cancel_all() -> list[asyncio.Future[None]]:
    """Cancel every spawned task still running, and start none until :func:`reopen`
    (the page starts afresh in place: :mod:`cardkit.ui_dom.page_reset`); the tasks
    cancelled."""
    _open[0] = False
    cancelled = list(_tasks)
    for task in cancelled:
        task.cancel()
    _tasks.clear()
    return cancelled


def _done(task: asyncio.Future[None]) -> None:
    _tasks.discard(task)
    if not task.cancelled() and task.exception() is not None:
        import traceback

        text = "".join(traceback.format_exception(task.exception()))
        browser.window().console.error(f"{_name[0]}: {text}")
