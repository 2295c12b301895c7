"""Small helpers to build DOM nodes safely (createElement + textContent only).

No string ever becomes HTML here: text goes through ``textContent`` and
attributes through ``setAttribute`` (the contract's security rule).
"""

from __future__ import annotations

from typing import Any

# The element builders are shared with the settings and record screens.
from cardkit.ui_dom.nodes import by_id, document, el
from cardkit.ui_dom.nodes import on as listen

__all__ = ["add", "button", "by_id", "document", "el", "fill", "listen"]


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
