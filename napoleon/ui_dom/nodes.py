"""Moved to :mod:`cardkit.ui_dom.nodes` (game-free, shared with Durak's page); this
name stays so Napoleon's modules and tests keep importing it unchanged."""

from cardkit.ui_dom.nodes import (
    by_id,
    document,
    el,
    on,
    proxy,
)

__all__ = [
    'document',
    'by_id',
    'el',
    'proxy',
    'on',
]
