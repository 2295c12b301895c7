"""Which control had the focus before a redraw, so both tables can give it back."""

from __future__ import annotations

from typing import Any


def focus_key(node: Any) -> str:
    """A selector finding the focused control again after a redraw: a card of the
    hand by its ``data-card`` (the buttons are drawn anew), anything else by its id;
    ``""`` when there is none."""
    if not node or not hasattr(node, "getAttribute"):
        return ""
    card = node.getAttribute("data-card")
    if card and node.closest("#hand"):
        return f'#hand [data-card="{card}"]'
    node_id = node.getAttribute("id")
    return f"#{node_id}" if node_id else ""
