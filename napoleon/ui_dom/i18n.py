"""Japanese and English text for the page (Japanese by default).

The catalogs are dicts ``{key: {"ja": ..., "en": ...}}``: the table's strings
(``strings_table.STRINGS``) and the settings/record strings
(``strings_settings.STRINGS``), merged.  :func:`t` looks a key up in the current
language and fills ``{name}`` fields; a missing key returns the key itself, so
a forgotten string shows up on screen instead of breaking the page (a unit test
checks that every key has both languages).

Pure Python: no browser here.  Putting ``<html lang>`` right is the caller's job.
"""

from __future__ import annotations

import importlib
from typing import Final

LANGUAGES: Final = ("ja", "en")
DEFAULT_LANGUAGE: Final = "ja"

Catalog = dict[str, dict[str, str]]

_current = DEFAULT_LANGUAGE
_catalog: Catalog | None = None


def _module_strings(name: str) -> Catalog:
    """``STRINGS`` of ``napoleon.ui_dom.<name>``, or nothing if that file is not there yet."""
    try:
        module = importlib.import_module(f"napoleon.ui_dom.{name}")
    except ModuleNotFoundError:
        return {}
    strings: Catalog = getattr(module, "STRINGS", {})
    return strings


def catalog() -> Catalog:
    """Every string of the page, merged once (the table's, then the settings')."""
    global _catalog
    if _catalog is None:
        merged: Catalog = {}
        for name in ("strings_table", "strings_settings", "strings_rules", "strings_ask"):
            merged.update(_module_strings(name))
        _catalog = merged
    return _catalog


def language() -> str:
    """The current language: ``"ja"`` or ``"en"``."""
    return _current


def set_language(lang: str) -> None:
    """Switch the language; anything but ``"ja"``/``"en"`` raises ``ValueError``."""
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    _current = lang


def tr(lang: str, key: str, /, **fmt: object) -> str:
    """``key`` in language ``lang``, with ``{name}`` fields filled from ``fmt``.

    ``lang`` and ``key`` are positional-only, so ``key=`` may be a field.

    >>> tr("en", "no such key")
    'no such key'
    """
    entry = catalog().get(key)
    if entry is None:
        return key
    text = entry.get(lang) or entry.get(DEFAULT_LANGUAGE) or key
    if not fmt:
        return text
    try:
        return text.format(**fmt)
    except (KeyError, IndexError, ValueError):
        return text


def t(key: str, /, **fmt: object) -> str:
    """``key`` in the current language (see :func:`tr`)."""
    return tr(_current, key, **fmt)
