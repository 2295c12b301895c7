"""A game's match in progress in localStorage: the page shell's one saved-game store.

Every game page saves its match after each action and continues it after a
reload, and treats the save as outside data (anyone can edit localStorage; a
fork on the same origin could write it): a save that cannot be restored is
moved aside (``<key>.corrupt``, kept, not deleted), reported by a visible notice
naming why and where it went, and the page starts afresh; the next visit is
clean.  A game registers one :class:`MatchStore` with what is its own — its key,
how it writes its match and reads it back (the reader raises one of the game's
errors, saying why, for a save it cannot restore) and the words of its notices —
and gets ``save``, ``load``, ``clear`` and the notices.  What is saved (a
match's seed and its actions, the table's state…) is the game's; the formats
both games wrote before the store existed are read as they were (their tests
hold saves in those formats).

Pure Python but for the default storage (the page's, scoped to the site's path:
:func:`cardkit.ui_dom.storage.page_storage`); tests pass a
:class:`~cardkit.ui_dom.storage.MemoryStorage`.

>>> from cardkit.ui_dom.storage import MemoryStorage
>>> def decode(text: str) -> int:
...     if not text.isdigit():
...         raise ValueError(f"not a count: {text[:10]!r}")
...     return int(text)
>>> store = MatchStore("toy.match", str, decode, (ValueError,), "notice.save_corrupt")
>>> page = MemoryStorage()
>>> store.save(3, page); store.load(page).value
3
>>> page.set("toy.match", "three")
>>> loaded = store.load(page)
>>> loaded.value, store.notices(loaded, lambda key, error, backup: f"{key}: {error} → {backup}")
(None, ["notice.save_corrupt: not a count: 'three' → toy.match.corrupt"])
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from cardkit.saved_entry import Loaded, load_saved
from cardkit.ui_dom.storage import CORRUPT_SUFFIX, Storage, page_storage

T = TypeVar("T")


@dataclass(frozen=True)
class MatchStore(Generic[T]):
    """One game's saved match: its key, its writer and reader, its notices' keys."""

    #: The entry's key (``napoleon.match``), scoped to the site's path by the page.
    key: str
    #: The save's text of a match (and whatever the game keeps with it).
    encode: Callable[[T], str]
    #: The match back from a save's text; raises one of :attr:`errors` (its message
    #: is shown) for a save that cannot be restored.
    decode: Callable[[str], T]
    errors: tuple[type[Exception], ...]
    #: The notice for a save set aside (fields ``error``: why, ``backup``: where to).
    corrupt_notice: str
    #: Other notices by error type, the first that matches winning (e.g. a save of
    #: another version); the same fields.
    notice_by_error: tuple[tuple[type[Exception], str], ...] = ()

    @property
    def backup_key(self) -> str:
        """Where a save that cannot be restored is moved (the notice names it)."""
        return self.key + CORRUPT_SUFFIX

    def save(self, value: T, storage: Storage | None = None) -> None:
        """Save the match (after every action)."""
        (storage if storage is not None else page_storage()).set(self.key, self.encode(value))

    def load(self, storage: Storage | None = None) -> Loaded[T]:
        """The saved match; one that cannot be restored — for any reason — is moved
        aside and the failure returned (``Loaded(None)``: nothing saved)."""
        store = storage if storage is not None else page_storage()
        return load_saved(store, self.key, self.decode, self.errors)

    def clear(self, storage: Storage | None = None) -> None:
        """Forget the saved match (a new match starts)."""
        (storage if storage is not None else page_storage()).remove(self.key)

    def notices(self, loaded: Loaded[T], t: Callable[..., str]) -> list[str]:
        """The visible notice about a save that was set aside (none otherwise), in
        the game's words (``t(key, **fields)``)."""
        if loaded.error is None:
            return []
        key = next((k for kind, k in self.notice_by_error if isinstance(loaded.error, kind)),
                   self.corrupt_notice)
        return [t(key, error=loaded.why, backup=loaded.backup)]
