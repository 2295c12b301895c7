"""Moved to :mod:`cardkit.ui_dom.browser` (game-free, shared with Durak's page); this
name stays so Napoleon's modules and tests keep importing it unchanged."""

from cardkit.ui_dom.browser import (
    FIRST_DECISION_CLASS,
    MANIFEST_HREF,
    READY_CLASS,
    mark_first_decision,
    mark_ready,
    offer_install,
    query,
    replace_query,
    window,
)

__all__ = [
    'READY_CLASS',
    'FIRST_DECISION_CLASS',
    'MANIFEST_HREF',
    'window',
    'query',
    'mark_ready',
    'mark_first_decision',
    'replace_query',
    'offer_install',
]
