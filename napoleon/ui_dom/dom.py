"""Small helpers to build DOM nodes safely (createElement + textContent only).

No string ever becomes HTML here: text goes through ``textContent`` and
attributes through ``setAttribute`` (the contract's security rule).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from napoleon.ui_dom import browser


def document() -> Any:
    return browser.window().document


def by_id(node_id: str) -> Any:
    return document().getElementById(node_id)


def el(tag: str, cls: str = "", text: str | None = None, **attrs: object) -> Any:
    """A new element.  ``data_card="SA"`` sets ``data-card``; ``True`` sets a bare
    attribute (``disabled=True``), ``False``/``None`` leaves it out."""
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


def button(text: str, act: str, arg: object = None, cls: str = "btn", **attrs: object) -> Any:
    """A real, focusable ``<button>`` carrying its action in ``data-act``/``data-arg``."""
    return el("button", cls, text, type="button", data_act=act, data_arg=arg, **attrs)


def fill(node: Any, *children: Any) -> Any:
    """Replace ``node``'s children (``replaceChildren``) and return it."""
    node.replaceChildren(*[c for c in children if c is not None])
    return node


def add(node: Any, *children: Any) -> Any:
    for c in children:
        if c is not None:
            node.append(c)
    return node


_kept: list[Any] = []


def listen(node: Any, event: str, handler: Callable[[Any], None]) -> None:
    """``addEventListener`` with a Python handler kept alive for the page's lifetime
    (the table installs a handful of delegating listeners once, never per redraw)."""
    create_proxy = importlib.import_module("pyodide.ffi").create_proxy
    proxy = create_proxy(handler)
    _kept.append(proxy)
    node.addEventListener(event, proxy)
