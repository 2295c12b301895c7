"""A shareable link shown in the settings dialog and copied to the clipboard.

Game-free: the page passes its own translation function (``t``), which must
know ``settings.copied`` and ``settings.copy_failed``.  The link is always shown
in the dialog's text box, so a player whose browser refuses the clipboard (no
``navigator.clipboard`` outside a secure context, or a denied permission) can
still copy it by hand; the status line says which happened.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardkit.ui_dom import browser
from cardkit.ui_dom.nodes import by_id, proxy


def offer_link(url: str, t: Callable[[str], str]) -> None:
    """Show ``url`` in ``#settings-share-url`` and copy it; ``#settings-share-status`` says
    whether the copy worked."""
    out = by_id("settings-share-url")
    if out is not None:
        out.value = url
        out.hidden = False
    status = by_id("settings-share-status")
    clipboard = getattr(browser.window().navigator, "clipboard", None)

    def said(key: str) -> Callable[[Any], None]:
        def say(_result: Any) -> None:
            if status is not None:
                status.textContent = t(key)

        return say

    if clipboard is None:
        said("settings.copy_failed")(None)
        return
    clipboard.writeText(url).then(proxy(said("settings.copied")),
                                  proxy(said("settings.copy_failed")))
