"""DOM building for the settings, notices and record screens (safe by construction).

Text goes through ``textContent`` and attributes through ``setAttribute``:
no string ever becomes HTML (the contract's security rule).  Python functions
become event listeners through ``pyodide.ffi.create_proxy``; the proxies are
kept alive for the page's lifetime.  ``js``/``pyodide`` are looked up only
when called, so this imports on CPython.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from cardkit.ui_dom import browser

_kept: list[Any] = []


#: The window last asked and its document: every element made asks for the
#: document, and reading it through the FFI each time was a tenth of a click's
#: Python; another window (a test's stand-in page) is read afresh.
_seen: list[Any] = [None, None]


def document() -> Any:
    win = browser.window()
    if _seen[0] is not win:
        _seen[0], _seen[1] = win, win.document
    return _seen[1]


def by_id(node_id: str) -> Any:
    """The element with this id, or ``None``."""
    return document().getElementById(node_id)


def el(tag: str, cls: str = "", text: str | None = None, **attrs: object) -> Any:
    """A new element; ``for_="x"`` sets ``for``, ``data_seat=1`` sets ``data-seat``,
    ``True`` sets a bare attribute, ``False``/``None`` leaves it out."""
    node = document().createElement(tag)
    if cls:
        node.className = cls
    if text is not None:
        node.textContent = text
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        node.setAttribute(name, "" if value is True else str(value))
    return node


def proxy(fn: Callable[..., Any]) -> Any:
    """A JavaScript function calling ``fn``, kept alive (for ``then``, listeners)."""
    ffi = importlib.import_module("pyodide.ffi")
    p = ffi.create_proxy(fn)
    _kept.append(p)
    return p


def on(node: Any, event: str, handler: Callable[[Any], None]) -> None:
    """``node.addEventListener(event, handler)`` with a persistent proxy."""
    node.addEventListener(event, proxy(handler))
