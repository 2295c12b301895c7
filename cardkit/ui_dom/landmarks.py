"""The static frame's landmarks named in the page's language, for every game.

``web/index.html`` names its landmarks in Japanese, the page's first language:
the menu (``nav.menu``) and the log a screen reader hears (``#announce``,
:func:`cardkit.ui_dom.announce_log.label_log`).  A page in another language
names them again once it knows its language, and at each switch.
"""

from __future__ import annotations

from typing import Final

from cardkit.ui_dom.announce_log import label_log
from cardkit.ui_dom.nodes import document

#: The menu's name in each language.
MENU_LABEL: Final = {"ja": "メニュー", "en": "Menu"}


def label_landmarks(lang: str) -> None:
    """Name the menu and the log in ``lang`` (a frame without them: nothing)."""
    label_log(lang)
    menu = document().querySelector("nav.menu")
    if menu:
        menu.setAttribute("aria-label", MENU_LABEL.get(lang, MENU_LABEL["en"]))
