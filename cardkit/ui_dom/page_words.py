"""A game page's words: its :class:`cardkit.i18n.Translator`, back in the default
language whenever the page starts afresh in place (:mod:`cardkit.ui_dom.page_reset`).

Each game's ``i18n`` module makes its one translator here and names its methods
(``t``, ``tr``, ``language``, ``set_language``, ``catalog``) for the page's modules.
"""

from __future__ import annotations

from cardkit.i18n import DEFAULT_LANGUAGE, Translator
from cardkit.ui_dom.page_reset import on_reset


def page_translator(package: str, modules: tuple[str, ...]) -> Translator:
    """The translator of ``package``'s string ``modules`` (see :class:`Translator`),
    set back to :data:`cardkit.i18n.DEFAULT_LANGUAGE` on a restart in place."""
    words = Translator(package, modules)
    on_reset(lambda: words.set_language(DEFAULT_LANGUAGE))
    return words
