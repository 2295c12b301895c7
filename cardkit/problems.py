"""Notices about ignored settings, collected before the page's language is known.

Both games' ``prefs`` read the saved settings and the address in one pass, and
the language that the notices must be written in is itself one of those
settings: so a problem is kept as a catalog key and its fields, and written out
(:meth:`Problems.texts`) with the game's own translation function once the
language is resolved.  A bad value is quoted back shortened (:func:`quote`),
never interpreted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Protocol

#: Longest piece of a bad value quoted back in a notice.
QUOTE_LIMIT: Final = 80

#: Fields that are the page's own words, never outside input: shown whole (a notice
#: that cut "allowed: …, championship, ar…" mid-word told the player nothing).
OWN_FIELDS: Final = frozenset({"allowed"})


class Translate(Protocol):
    """A game's ``tr(lang, key, **fields)`` (:meth:`cardkit.i18n.Translator.tr`)."""

    def __call__(self, lang: str, key: str, /, **fmt: object) -> str: ...


def quote(text: str) -> str:
    """A bad value as a notice shows it: shortened, never interpreted.

    >>> quote("x" * 81) == "x" * 80 + "…", quote("on")
    (True, 'on')
    """
    return text if len(text) <= QUOTE_LIMIT else text[:QUOTE_LIMIT] + "…"


@dataclass
class Problems:
    """Notices collected as (catalog key, fields), translated once the language is known.

    >>> problems = Problems()
    >>> problems.add("notice.bad", value="y" * 100)
    >>> problems.texts("en", lambda lang, key, /, **fmt: f"{lang} {key} {len(str(fmt['value']))}")
    ['en notice.bad 81']
    >>> problems.add("notice.bad", value="z" * 100, allowed="a, " * 40)
    >>> [len(f) for f in problems.items[-1][1].values()]
    [81, 120]
    """

    items: list[tuple[str, dict[str, str]]] = field(default_factory=list)

    def add(self, key: str, /, **fmt: str) -> None:
        self.items.append((key, {k: v if k in OWN_FIELDS else quote(v) for k, v in fmt.items()}))

    def texts(self, lang: str, tr: Translate) -> list[str]:
        """The notices in ``lang``, through the game's translation function ``tr``."""
        return [tr(lang, key, **fmt) for key, fmt in self.items]
