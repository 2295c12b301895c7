"""Key/value storage: the page's localStorage, or a dict in tests.

:class:`Storage` is what :mod:`napoleon.ui_dom.persist` and the settings read and
write, so their logic runs on CPython with :class:`MemoryStorage`.
:class:`PageStorage` reaches the browser only when used, and never raises: a
browser that refuses storage (private mode, quota, a sandboxed frame) is
reported once through :attr:`PageStorage.failed` and the page carries on.
"""

from __future__ import annotations

from typing import Any, Protocol

from napoleon.ui_dom import browser


class Storage(Protocol):
    def get(self, key: str) -> str | None: ...
    def set(self, key: str, value: str) -> None: ...
    def remove(self, key: str) -> None: ...


class MemoryStorage:
    """A dict behind the :class:`Storage` interface (tests, and a page without storage)."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items: dict[str, str] = dict(items or {})

    def get(self, key: str) -> str | None:
        return self.items.get(key)

    def set(self, key: str, value: str) -> None:
        self.items[key] = value

    def remove(self, key: str) -> None:
        self.items.pop(key, None)


class PageStorage:
    """The page's ``localStorage``; failures are recorded, not raised."""

    def __init__(self) -> None:
        self.failed = False

    def _local(self) -> Any:
        return browser.window().localStorage

    def get(self, key: str) -> str | None:
        try:
            value = self._local().getItem(key)
        except Exception:  # the browser's own error type (a JsException in Pyodide)
            self.failed = True
            return None
        return value if isinstance(value, str) else None

    def set(self, key: str, value: str) -> None:
        try:
            self._local().setItem(key, value)
        except Exception:  # quota exceeded or storage disabled: keep playing
            self.failed = True

    def remove(self, key: str) -> None:
        try:
            self._local().removeItem(key)
        except Exception:
            self.failed = True


#: Suffix of the key a corrupt entry is moved to (``napoleon.match.corrupt``).
CORRUPT_SUFFIX = ".corrupt"


def set_aside(storage: Storage, key: str) -> str:
    """Move the entry ``key`` to ``key + CORRUPT_SUFFIX`` (kept, not deleted); returns that key."""
    backup = key + CORRUPT_SUFFIX
    value = storage.get(key)
    if value is not None:
        storage.set(backup, value)
    storage.remove(key)
    return backup


_page: PageStorage | None = None


def page_storage() -> PageStorage:
    """The one :class:`PageStorage` of the page."""
    global _page
    if _page is None:
        _page = PageStorage()
    return _page
