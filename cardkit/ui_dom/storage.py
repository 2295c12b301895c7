"""Key/value storage: the page's localStorage, or a dict in tests.

:class:`Storage` is what :mod:`napoleon.ui_dom.persist` and the settings read and
write, so their logic runs on CPython with :class:`MemoryStorage`.
:class:`PageStorage` reaches the browser only when used, and never raises: a
browser that refuses storage (private mode, quota, a sandboxed frame) is
reported once through :attr:`PageStorage.failed` and the page carries on.

**One origin, many sites.** GitHub Pages serves every project of a user from
one origin (``USER.github.io``), and ``localStorage`` belongs to the origin: a
fork or a preview of the game under another path would read and overwrite our
entries.  So the page never uses a bare key: :class:`ScopedStorage` puts the
site's base path in front of every key (``napoleon.match`` is stored as
``/napoleon/napoleon.match`` for a site at ``https://u.github.io/napoleon/``).
The base path ends with ``/`` and the page's own keys hold no ``/``, so two
sites' keys can never be the same.  The service worker scopes its cache names
the same way (``web/sw.js``).

**Migration.** Earlier versions used the bare keys.  The first visit of this
version moves each bare entry (:data:`LEGACY_KEYS`) to its scoped key, unless
the scoped one already exists, and removes the bare one, so it happens once.
Which of two sites sharing an origin gets the old entries is whichever is
opened first: nothing in a bare entry says which site wrote it.
"""

from __future__ import annotations

from typing import Any, Final, Protocol

from cardkit.ui_dom import browser
from cardkit.ui_dom.page_reset import on_reset


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
    """The page's ``localStorage`` (whole origin, bare keys); failures are recorded, not raised."""

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

#: The bare keys of earlier versions, moved under the site's scope once.
LEGACY_KEYS: Final = (
    "napoleon.prefs",
    "napoleon.match",
    "napoleon.prefs" + CORRUPT_SUFFIX,
    "napoleon.match" + CORRUPT_SUFFIX,
)


def site_scope(pathname: str) -> str:
    """The site's base path from the page's ``location.pathname``: up to its last ``/``.

    >>> site_scope("/napoleon/"), site_scope("/napoleon/index.html"), site_scope("")
    ('/napoleon/', '/napoleon/', '/')
    """
    head, slash, _ = pathname.rpartition("/")
    return head + slash if slash else "/"


class ScopedStorage:
    """``backing`` with every key prefixed by ``scope`` (a base path ending in ``/``).

    Callers keep using the bare names (``napoleon.match``); notices name those.
    """

    def __init__(self, backing: Storage, scope: str) -> None:
        if not scope.endswith("/"):
            raise ValueError(f"a storage scope is a path ending with '/', not {scope!r}")
        self.backing = backing
        self.scope = scope

    @property
    def failed(self) -> bool:
        return bool(getattr(self.backing, "failed", False))

    def key(self, key: str) -> str:
        """The key as stored: ``/napoleon/`` + ``napoleon.match``."""
        return self.scope + key

    def get(self, key: str) -> str | None:
        return self.backing.get(self.key(key))

    def set(self, key: str, value: str) -> None:
        self.backing.set(self.key(key), value)

    def remove(self, key: str) -> None:
        self.backing.remove(self.key(key))

    def migrate(self, keys: tuple[str, ...] = LEGACY_KEYS) -> list[str]:
        """Move the bare entries ``keys`` under this scope (kept if one is already
        there: the scoped entry is newer); returns the keys moved."""
        moved = []
        for key in keys:
            value = self.backing.get(key)
            if value is None:
                continue
            if self.get(key) is None:
                self.set(key, value)
                moved.append(key)
            self.backing.remove(key)
        return moved


def set_aside(storage: Storage, key: str) -> str:
    """Move the entry ``key`` to ``key + CORRUPT_SUFFIX`` (kept, not deleted); returns that key."""
    backup = key + CORRUPT_SUFFIX
    value = storage.get(key)
    if value is not None:
        storage.set(backup, value)
    storage.remove(key)
    return backup


_page: ScopedStorage | None = None


def forget_page_storage() -> None:
    """The page starts afresh in place (:mod:`cardkit.ui_dom.page_reset`): its
    storage is looked up (and migrated) again."""
    global _page
    _page = None


on_reset(forget_page_storage)


def page_storage() -> ScopedStorage:
    """The page's storage, scoped to the site's path (earlier bare entries migrated once)."""
    global _page
    if _page is None:
        scope = site_scope(str(browser.window().location.pathname))
        _page = ScopedStorage(PageStorage(), scope)
        _page.migrate()
    return _page
