"""Parts of a Durak table kept from one drawing to the next while what they show is
unchanged.

Every drawing rebuilds ``#table``, but while the computers play the human's hand
stays as it was and a move changes one or two seats' panels.  A part is drawn from
its *spec*: a tuple of every text, flag and card it shows, in the page's language,
built without the DOM; the node is made from the spec alone, so an equal spec
makes an equal node and the one built before is put back in place.  A part a hint
marked (``.hinted``) is built again, so the mark never outlives its drawing.
The parts are forgotten when the page resets.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from cardkit.ui_dom.page_reset import on_reset

S = TypeVar("S", bound=Hashable)

#: Each part as last built, by name: its spec and its node.
_kept: dict[str, tuple[object, Any]] = {}
on_reset(_kept.clear)


def kept(name: str, spec: S, build: Callable[[S], Any], marked: bool = False) -> Any:
    """The part ``name`` for ``spec``: the node built before for an equal spec (and,
    when it may carry a hint's mark, ``marked``, none on it), else ``build(spec)``."""
    old = _kept.get(name)
    if old is not None and old[0] == spec and not (marked and old[1].querySelector(".hinted")):
        return old[1]
    node = build(spec)
    _kept[name] = (spec, node)
    return node


def forget() -> None:
    """Forget every part (as a page reset does)."""
    _kept.clear()
