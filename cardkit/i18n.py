"""Japanese and English text for a game's page: one :class:`Translator` per game.

A catalog is a dict ``{key: {"ja": ..., "en": ...}}``; a game's page merges the
``STRINGS`` of its string modules (``napoleon.ui_dom.strings_table``, …) the
first time a string is asked for.  :meth:`Translator.t` looks a key up in the
current language and fills ``{name}`` fields; a missing key returns the key
itself, so a forgotten string shows up on screen instead of breaking the page.

Pure Python: no browser here.  Putting ``<html lang>`` right is the caller's job.

>>> tr = Translator("cardkit", ())
>>> tr.t("no such key"), tr.language()
('no such key', 'ja')
"""

from __future__ import annotations

import importlib
from typing import Final

LANGUAGES: Final = ("ja", "en")
DEFAULT_LANGUAGE: Final = "ja"

Catalog = dict[str, dict[str, str]]


class Translator:
    """The current language and the merged catalog of ``package``'s string modules."""

    def __init__(self, package: str, modules: tuple[str, ...]) -> None:
        self.package = package
        self.modules = modules
        self.current = DEFAULT_LANGUAGE
        self._catalog: Catalog | None = None

    def _module_strings(self, name: str) -> Catalog:
        """``STRINGS`` of ``<package>.<name>`` (of ``name`` itself when it is dotted, like
        the page shell's ``cardkit.ui_dom.strings_shell``), or nothing if that file is
        not there yet."""
        try:
            module = importlib.import_module(name if "." in name else f"{self.package}.{name}")
        except ModuleNotFoundError:
            return {}
        strings: Catalog = getattr(module, "STRINGS", {})
        return strings

    def catalog(self) -> Catalog:
        """Every string of the page, merged once (in the order of ``modules``)."""
        if self._catalog is None:
            merged: Catalog = {}
            for name in self.modules:
                merged.update(self._module_strings(name))
            self._catalog = merged
        return self._catalog

    def language(self) -> str:
        """The current language: ``"ja"`` or ``"en"``."""
        return self.current

    def set_language(self, lang: str) -> None:
        """Switch the language; anything but ``"ja"``/``"en"`` raises ``ValueError``."""
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
        self.current = lang

    def tr(self, lang: str, key: str, /, **fmt: object) -> str:
        """``key`` in language ``lang``, with ``{name}`` fields filled from ``fmt``.

        ``lang`` and ``key`` are positional-only, so ``key=`` may be a field.
        """
        entry = self.catalog().get(key)
        if entry is None:
            return key
        text = entry.get(lang) or entry.get(DEFAULT_LANGUAGE) or key
        if not fmt:
            return text
        try:
            return text.format(**fmt)
        except (KeyError, IndexError, ValueError):
            return text

    def t(self, key: str, /, **fmt: object) -> str:
        """``key`` in the current language (see :meth:`tr`)."""
        return self.tr(self.current, key, **fmt)
