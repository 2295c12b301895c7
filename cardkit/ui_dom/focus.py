"""Which control had the focus before a redraw, and its selection, so a page can give
them back."""

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


#: A text field's selection: its start, end and direction.
Selection = tuple[int, int, str]


def selection_of(node: Any) -> Selection | None:
    """The selection (or the caret: an empty one) in the text field ``node``, to give
    back to the field drawn in its place; ``None`` for a node that holds none (no
    node, a button)."""
    start, end = getattr(node, "selectionStart", None), getattr(node, "selectionEnd", None)
    if not isinstance(start, int) or not isinstance(end, int):
        return None
    return start, end, str(getattr(node, "selectionDirection", None) or "none")


def focus_again(node: Any, selection: Selection | None) -> None:
    """Focus ``node``, a field drawn in place of the one typed in, with that one's
    selection: a redraw while someone types (a friend came, a relay answered) moves
    neither their caret nor what they selected, so the next keys go where they would
    have."""
    node.focus()
    if selection is not None:
        node.setSelectionRange(*selection)
