"""Moved to :mod:`cardkit.ui_dom.storage` (game-free, shared with Durak's page); this
name stays so Napoleon's modules and tests keep importing it unchanged."""

from cardkit.ui_dom.storage import (
    CORRUPT_SUFFIX,
    LEGACY_KEYS,
    MemoryStorage,
    PageStorage,
    ScopedStorage,
    Storage,
    page_storage,
    set_aside,
    site_scope,
)

__all__ = [
    'Storage',
    'MemoryStorage',
    'PageStorage',
    'CORRUPT_SUFFIX',
    'LEGACY_KEYS',
    'site_scope',
    'ScopedStorage',
    'set_aside',
    'page_storage',
]
