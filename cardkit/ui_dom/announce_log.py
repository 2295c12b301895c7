"""What a screen reader hears: the page shell's log of announcements.

``#announce`` (``web/index.html``) is a visually hidden ``role="log"`` region
(``aria-live="polite"``).  After each drawing the game's events since the last
one are appended, one line each, in order (several computers may act between
two drawings at instant animation), then the prompt (whose turn it is, or what
the human is asked) if it changed; the log keeps its last :data:`KEEP` lines.

A game gives its events as keys in order, within a *scope* (a deal, a game of a
match): :meth:`AnnounceLog.fresh` returns the keys not said yet and takes them
as said, and the game words only those.  Entering a new scope forgets what was
said; whether the events a new scope already holds are said is the game's
choice (``quiet``): the first drawing of a page (a reload mid-game) says none
of its past, the next deal says its computers' bids.  :meth:`AnnounceLog.mark_said`
takes a scope's events as said without saying them (the first screen at instant
animation, before the computers' moves made at once).

The bookkeeping is pure Python (the tests run it on CPython); :meth:`write`
alone touches the page.

>>> log = AnnounceLog()
>>> log.fresh("deal 1", ["a", "b"], quiet=lambda before: before is None)
[]
>>> log.fresh("deal 1", ["a", "b", "c"], quiet=lambda before: before is None)
['c']
>>> log.fresh("deal 2", ["a"], quiet=lambda before: before is None)
['a']
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Final, TypeVar

from cardkit.ui_dom.nodes import by_id, el

#: Lines kept in the log (older ones have been said already).
KEEP: Final = 8

K = TypeVar("K", bound=Hashable)


#: The log region's label in each language (the static frame's is Japanese, as the
#: page's first language; a page in another language relabels it once it knows).
LOG_LABEL: Final = {"ja": "ゲームの進行", "en": "What happens"}


def label_log(lang: str, box_id: str = "announce") -> None:
    """Name the log region in ``lang`` for screen readers (no region: nothing)."""
    box = by_id(box_id)
    if box:
        box.setAttribute("aria-label", LOG_LABEL.get(lang, LOG_LABEL["en"]))


class AnnounceLog:
    """The log region and what has been said in the current scope."""

    def __init__(self, box_id: str = "announce", keep: int = KEEP) -> None:
        self.box_id = box_id
        self.keep = keep
        self.scope: Hashable | None = None
        self.said: set[Hashable] = set()
        self.last_prompt = ""

    def forget(self) -> None:
        """Nothing said yet (the page starts afresh in place)."""
        self.scope, self.said, self.last_prompt = None, set(), ""

    def mark_said(self, scope: Hashable, keys: Iterable[Hashable]) -> None:
        """Enter ``scope`` with every event ``keys`` names taken as said."""
        self.scope = scope
        self.said = set(keys)

    def fresh(
        self, scope: Hashable, keys: Iterable[K], quiet: Callable[[Hashable | None], bool]
    ) -> list[K]:
        """The ``keys`` not said yet in ``scope``, in order, now taken as said.

        On entering a new scope, ``quiet(previous scope)`` says whether the events
        it already holds go unsaid (``None``: the page's first drawing)."""
        keys = list(keys)
        if scope != self.scope:
            before, self.scope = self.scope, scope
            self.said = set()
            if quiet(before):
                self.said.update(keys)
                return []
        new = [key for key in keys if key not in self.said]
        self.said.update(new)
        return new

    def write(self, lines: list[str], prompt: str) -> None:
        """Append ``lines``, then ``prompt`` if it is not empty and changed, and drop
        the lines past :attr:`keep` (a page without the region: nothing)."""
        box = by_id(self.box_id)
        if not box:  # Pyodide answers a missing element with a falsy JsNull
            return
        if prompt and prompt != self.last_prompt:
            lines = [*lines, prompt]
        self.last_prompt = prompt
        say(lines, self.box_id, self.keep)


def say(lines: list[str], box_id: str = "announce", keep: int = KEEP) -> None:
    """Append ``lines`` to the log region, keeping its last ``keep`` (a page without
    the region: nothing): what happens beside the game (a seat at a table with
    friends dropped, say) is said in the same log as the game's own events."""
    box = by_id(box_id)
    if not box:  # Pyodide answers a missing element with a falsy JsNull
        return
    for text in lines:
        box.append(el("p", "", text))
    while box.childElementCount > keep:
        box.firstElementChild.remove()
