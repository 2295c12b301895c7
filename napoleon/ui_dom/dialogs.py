"""Moved to :mod:`cardkit.ui_dom.dialogs` (game-free, shared with Durak's page); this
name stays so Napoleon's modules and tests keep importing it unchanged."""

from cardkit.ui_dom.dialogs import close_dialog, is_open, open_dialog, toggle_dialog

__all__ = ["close_dialog", "is_open", "open_dialog", "toggle_dialog"]
