"""Saved data on the page read like records: one loader for both games' entries.

A page's saved entries (the match in progress, the statistics, the settings) are
outside data: edited by hand, cut short by a full disk, written by another
version.  Read carelessly, one bad entry raises on every visit and the page
never becomes ready until the player clears the site's storage.  So every
entry is read here the same way:

* :func:`saved_object` — the entry's JSON within bounds of size and nesting, an
  object, with an exact ``version`` (``true`` is not the version 1, though
  ``True == 1`` in Python);
* :func:`load_saved` — the entry decoded by the game's own reader; if that
  fails in any way (its own error, or — the last line — any other exception),
  the entry is moved aside (``<key>.corrupt``, kept, not deleted) and the
  caller gets the failure to show as a visible notice naming what was dropped.
  The entry is gone from its key, so the next visit starts clean.

Pure Python (the storage is anything with ``get``/``set``/``remove``).

>>> from cardkit.ui_dom.storage import MemoryStorage
>>> store = MemoryStorage({"g.match": '{"version": true}'})
>>> def decode(text: str) -> dict[str, object]:
...     return saved_object(text, version=1, max_chars=100, max_depth=2, err=ValueError)
>>> loaded = load_saved(store, "g.match", decode, (ValueError,))
>>> loaded.value, loaded.why, loaded.backup, sorted(store.items)
(None, 'version: expected the whole number 1, not bool', 'g.match.corrupt', ['g.match.corrupt'])
>>> load_saved(store, "g.match", decode, (ValueError,)).why  # the next visit: clean
''
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from cardkit.bounded_json import JsonShapeError, loads_bounded
from cardkit.fields import kind
from cardkit.ui_dom.storage import Storage, set_aside  # plain Python: no browser here

__all__ = ["Loaded", "exact_version", "load_saved", "saved_object"]

T = TypeVar("T")


def exact_version(data: dict[str, Any], version: int, err: type[Exception],
                  key: str = "version") -> None:
    """``data[key]`` is the integer ``version`` (a boolean or a text is refused)."""
    got = data.get(key)
    if type(got) is not int or got != version:
        shown = kind(got) if type(got) is not int else str(got)[:20]
        raise err(f"{key}: expected the whole number {version}, not {shown}")


def saved_object(text: str, *, version: int | None, max_chars: int, max_depth: int,
                 err: type[Exception]) -> dict[str, Any]:
    """The saved JSON object ``text``, bounded before parsing, with the exact
    ``version`` (when given); anything else raises ``err`` saying what was wrong."""
    try:
        data = loads_bounded(text, max_chars=max_chars, max_depth=max_depth)
    except JsonShapeError as e:
        raise err(str(e)[:200]) from None
    if not isinstance(data, dict):
        raise err(f"expected a JSON object, not {kind(data)}")
    if version is not None:
        exact_version(data, version, err)
    return data


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What :func:`load_saved` read: the value, or why it was dropped and where it went."""

    value: T | None
    error: Exception | None = None
    why: str = ""  #: the error's message ('' when nothing was dropped), for the notice
    backup: str = ""  #: the key the dropped entry was moved to


def load_saved(store: Storage, key: str, decode: Callable[[str], T],
               errors: tuple[type[Exception], ...]) -> Loaded[T]:
    """The entry ``key`` decoded, ``Loaded(None)`` if there is none; a failed entry is
    set aside and reported (``errors``' messages are shown, any other exception by
    its type's name: it is a bug of ours, and must still not stop the page)."""
    text = store.get(key)
    if text is None:
        return Loaded(None)
    try:
        return Loaded(decode(text))
    except errors as e:
        why = str(e)[:200]
        error: Exception = e
    except Exception as e:  # the last line: a bug of ours must not brick every visit
        why, error = type(e).__name__, e
    return Loaded(None, error, why or type(error).__name__, set_aside(store, key))
