"""The page started afresh in place: the game a new address names, on the static
frame as it came from the server, with Python and the computers' worker already up.

A page load restores Python from the build's snapshot and boots the computers'
worker: about two seconds of CPU, most of what a browser test costs.  The e2e
tests' pool of tabs (``e2e/page_pool.py``) therefore starts the next test's table
in the tab the last one used, through two functions ``web/main.py`` puts on
``window``: ``napoleonStop()`` ends the table (the next test's storage is then
cleared) and ``napoleonRestart(url)`` opens ``url``'s game as a load would.

What a load would find afresh is made so here:

* every task spawned on the page's event loop is cancelled
  (:mod:`cardkit.ui_dom.tasks`), and every listener on ``window`` or ``document``
  taken through :func:`listen` is removed;
* the ``<body>`` is the static frame as it was before Python drew anything (its
  scripts left out: PyScript would run a ``<script type="py">`` put back), the
  title the first one, and ``<html>`` has its first attributes again (without the
  ready mark);
* each module that keeps page state between calls registered how to forget it
  (:func:`on_reset`), and forgets it;
* the scroll position is the top, the address is ``url``.

The computers' worker stays (:class:`cardkit.ui_dom.worker.Worker`): it holds no
table, and answers each request from what the request carries; the new table hears
it is up on a later turn of the event loop, as after a quick boot.  A table with
friends is never restarted in place (its peers and timers belong to the page's
life): the tests give those a tab of their own.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from cardkit.ui_dom import tasks
from cardkit.ui_dom.nodes import document, proxy

__all__ = ["Frame", "forget", "hold", "listen", "on_reset", "restartable", "settle", "start",
           "stop"]

_resets: list[Callable[[], None]] = []
_listeners: list[tuple[Any, str, Any, bool]] = []
#: Why this page cannot start afresh in place (a table with friends was opened:
#: its peers, relays and timers live as long as the page), else empty.
_held: list[str] = []
#: The tasks the last stop cancelled, until they have ended (:func:`settle`).
_cancelled: list[asyncio.Future[None]] = []


def on_reset(forget: Callable[[], None]) -> Callable[[], None]:
    """Register what a module does to forget its page state on a restart."""
    _resets.append(forget)
    return forget


def listen(target: Any, event: str, handler: Callable[[Any], None],
           capture: bool = False) -> Any:
    """``target.addEventListener(event, handler)`` for a ``window`` or ``document``
    listener, removed when the page stops; returns the listener (a proxy)."""
    listener = proxy(handler)
    target.addEventListener(event, listener, capture)
    _listeners.append((target, event, listener, capture))
    return listener


def forget_listener(listener: Any) -> None:
    """A listener taken through :func:`listen` that its owner removed itself."""
    _listeners[:] = [entry for entry in _listeners if entry[2] is not listener]


async def settle(rounds: int = 3) -> None:
    """Wait until the tasks :func:`stop` cancelled have ended (what runs as they end,
    ``finally`` blocks that save or draw, has run), cancelling what they spawned."""
    for _ in range(rounds):
        if not _cancelled:
            return
        ending, _cancelled[:] = list(_cancelled), []
        await asyncio.gather(*ending, return_exceptions=True)
        _cancelled.extend(tasks.cancel_all())


def start() -> None:
    """The next table may run tasks (after :func:`stop`)."""
    tasks.reopen()


def hold(reason: str) -> None:
    """From now on this page is not restarted in place (:func:`restartable`)."""
    if reason not in _held:
        _held.append(reason)


def restartable() -> bool:
    return not _held


def stop() -> None:
    """End the table: no task runs on, no listener hears, no module remembers."""
    _cancelled.extend(tasks.cancel_all())
    for target, event, listener, capture in _listeners:
        target.removeEventListener(event, listener, capture)
    _listeners.clear()
    forget()


def forget() -> None:
    """Every module that keeps page state between calls forgets it (:func:`on_reset`):
    a stop's last step, and what the browser tests' own process does before each test
    (its mirrors name seats and cards with the page's modules)."""
    for forget_one in _resets:
        forget_one()


class Frame:
    """The static frame of the page (``<body>`` and ``<html>``'s attributes), kept
    before Python draws (:meth:`keep`) and put back (:meth:`put_back`)."""

    def __init__(self) -> None:
        doc = document()
        self.body = doc.body.cloneNode(True)
        # Without the page's scripts: PyScript runs a ``<script type="py">`` put in
        # the page (main.py again), and the loading bar has done its work.
        for node in list(self.body.querySelectorAll("script, #loading")):
            node.remove()
        root = doc.documentElement
        self.attributes = {str(a.name): str(a.value) for a in root.attributes}
        self.title = str(doc.title)

    def put_back(self) -> None:
        doc = document()
        doc.body.replaceWith(self.body.cloneNode(True))
        doc.title = self.title
        root = doc.documentElement
        for name in [str(a.name) for a in root.attributes]:
            if name not in self.attributes:
                root.removeAttribute(name)
        for name, value in self.attributes.items():
            root.setAttribute(name, value)
