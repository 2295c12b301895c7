"""Japanese and English text for the Durak page (Japanese by default).

The catalog merges the ``STRINGS`` of the Durak page's string modules through
:class:`cardkit.i18n.Translator` (the same machinery as Napoleon's page, its own
catalog and its own current language), and of each kind whose page lives in its own
package (``durak/<kind>/ui_dom/strings.py``).  A missing key shows as itself; a unit
test checks that every key has both languages.
"""

from __future__ import annotations

from cardkit.i18n import DEFAULT_LANGUAGE, LANGUAGES, Catalog, Translator
from cardkit.ui_dom.page_words import page_translator
from durak.family.modes import KINDS
from durak.family.registry import GAMES

__all__ = [
    "DEFAULT_LANGUAGE", "LANGUAGES", "WORDS", "Catalog", "add_registered_words", "catalog",
    "language", "set_language", "t", "tr",
]

WORDS: Translator = page_translator(
    "durak.ui_dom",
    ("cardkit.ui_dom.strings_shell", "durak.ui_dom.table.strings_table",
     "durak.ui_dom.table.strings_actions", "durak.ui_dom.settings.strings_settings",
     "durak.ui_dom.record.strings_record",
     "cardkit.ui_dom.strings_stats", "durak.ui_dom.stats.strings_stats",
     "cardkit.ui_dom.strings_review_frame", "durak.ui_dom.review.strings_review",
     "durak.ui_dom.table.strings_pile", "durak.ui_dom.table.strings_account",
     *(f"durak.{kind}.ui_dom.strings" for kind in KINDS)),
)

catalog = WORDS.catalog
language = WORDS.language
set_language = WORDS.set_language
tr = WORDS.tr
t = WORDS.t


def add_registered_words() -> None:
    """The words of the games registered beside the post's eight (their registry
    entries': the name, how to play, what a take picks up, and each own option's
    label, its help, and the rule book's section as its note), in both languages,
    where the catalogs hold the post's; the page adds them as it opens."""
    words = catalog()
    for e in GAMES.values():
        if f"val.mode.{e.mode}" not in words:
            for key, (ja, en) in (("val.mode", (e.name_ja, e.name_en)), ("howto", e.how_to),
                                  ("pile.take", e.take)):
                words[f"{key}.{e.mode}"] = {"ja": ja, "en": en}
            for o in e.options:
                words[f"opt.{o.key}"] = {"ja": o.help_ja, "en": o.help_en}
                words[f"help.{o.key}"] = {"ja": o.spec.section, "en": o.spec.section}
