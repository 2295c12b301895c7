"""The one door to the browser, typed as ``Any``.

In Pyodide the module ``js`` is the page's global scope (``window``). It is looked
up only when a function here is called, so importing the page modules works
on CPython, and ``mypy --strict`` passes without Pyodide's stubs.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from typing import Any

#: The class set on ``<html>`` once Python has drawn the first screen; tests wait for it.
READY_CLASS = "napoleon-ready"
#: The class set on ``<html>`` (and the User Timing mark) once the human's first
#: decision is enabled: what a player waits for (``bench.table_vs_bare`` reads it).
FIRST_DECISION_CLASS = "napoleon-first-decision"
#: The web app manifest (installing the site as an app), linked by :func:`offer_install`.
MANIFEST_HREF = "./manifest.webmanifest"


def window() -> Any:
    """The page's global scope (Pyodide's ``js`` module): once imported, read from
    ``sys.modules`` rather than through the import machinery (the page asks for it
    at every element it makes)."""
    js = sys.modules.get("js")
    return js if js is not None else importlib.import_module("js")


def query() -> str:
    """The page URL's query string (``location.search``), e.g. ``"?preset=mixi"``."""
    return str(window().location.search)


def mark_ready() -> None:
    """Tell the page (and the tests) that Python is up and the screen is drawn.

    Also records a User Timing mark of the same name, which ``bench/page_load.py``
    reads as the time from navigation to a playable screen.
    """
    js = window()
    js.document.documentElement.classList.add(READY_CLASS)
    js.performance.mark(READY_CLASS)


def mark_first_decision() -> None:
    """Mark the moment the human's first decision (a bid, a card, ...) is enabled."""
    js = window()
    js.document.documentElement.classList.add(FIRST_DECISION_CLASS)
    js.performance.mark(FIRST_DECISION_CLASS)


def replace_query(search: str) -> None:
    """Put ``search`` in place of the address's query string, with no new history
    entry and no reload (``history.replaceState``)."""
    js = window()
    location = js.location
    js.history.replaceState(js.history.state, "", f"{location.pathname}{search}{location.hash}")


def follow_query(wanted: Callable[[str], str]) -> None:
    """Make the address's query string ``wanted(query)`` in place
    (:func:`replace_query`), when that changes it."""
    search = query()
    changed = wanted(search)
    if changed != search:
        replace_query(changed)


def offer_install() -> None:
    """Link the web app manifest (``<link rel="manifest">``), which makes the page
    installable; once is enough.

    The page links it only once the table is interactive: as soon as a page is
    installable, Chromium shows its install button with an animation, drawn by the
    browser at every frame for ~0.6 s, in the middle of a first visit's start (on
    a 2-core machine: ~170 ms of the browser's main thread and ~50 ms of its
    compositor before the readiness mark, ``bench/cold_trace.py``).  A ``rel``
    set later on an existing ``<link>`` is not enough for Chromium to check
    installability again: a new element is.
    """
    document = window().document
    if document.querySelector('link[rel="manifest"]'):
        return
    link = document.createElement("link")
    link.setAttribute("rel", "manifest")
    link.setAttribute("href", MANIFEST_HREF)
    document.head.append(link)
