"""Japanese and English text for the page (Japanese by default).

The catalogs are dicts ``{key: {"ja": ..., "en": ...}}``: the table's strings
(``strings_table.STRINGS``) and the settings/record strings
(``strings_settings.STRINGS``), merged by :class:`cardkit.i18n.Translator`
(shared with Durak's page).  :func:`t` looks a key up in the current language
and fills ``{name}`` fields; a missing key returns the key itself, so a
forgotten string shows up on screen instead of breaking the page (a unit test
checks that every key has both languages).

Pure Python: no browser here.  Putting ``<html lang>`` right is the caller's job.
"""

from __future__ import annotations

from cardkit.i18n import DEFAULT_LANGUAGE, LANGUAGES, Catalog, Translator
from cardkit.ui_dom.page_words import page_translator

__all__ = [
    "DEFAULT_LANGUAGE", "LANGUAGES", "WORDS", "Catalog", "catalog", "language", "set_language",
    "t", "tr",
]

WORDS: Translator = page_translator(
    "napoleon.ui_dom",
    (
        "cardkit.ui_dom.strings_shell", "strings_table", "strings_settings", "strings_rules",
        "strings_ask", "cardkit.ui_dom.strings_stats", "strings_stats",
    ),
)

catalog = WORDS.catalog
language = WORDS.language
set_language = WORDS.set_language
tr = WORDS.tr
t = WORDS.t
