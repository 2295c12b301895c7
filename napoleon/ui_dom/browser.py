"""The one door to the browser, typed as ``Any``.

In Pyodide the module ``js`` is the page's global scope (``window``). It is looked
up only when a function here is called, so importing :mod:`napoleon.ui_dom` works
on CPython, and ``mypy --strict`` passes without Pyodide's stubs.
"""

from __future__ import annotations

import importlib
from typing import Any

#: The class set on ``<html>`` once Python has drawn the first screen; tests wait for it.
READY_CLASS = "napoleon-ready"


def window() -> Any:
    """The page's global scope (Pyodide's ``js`` module)."""
    return importlib.import_module("js")


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
