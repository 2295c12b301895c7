"""Moved to :mod:`cardkit.ui_dom.ask` (game-free, shared with Durak's page); this
name stays so Napoleon's modules and tests keep importing it unchanged."""

from cardkit.ui_dom.ask import (
    ASK_ID,
    TEXT_ID,
    TITLE_ID,
    Answer,
    ask,
)

__all__ = [
    'ASK_ID',
    'TITLE_ID',
    'TEXT_ID',
    'Answer',
    'ask',
]
