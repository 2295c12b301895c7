"""Reading the page's query string without :mod:`urllib.parse`.

The page reads its query string (``?preset=guruguru&seed=7``) before the
table is ready.  In the page's Python (Pyodide 314, whose standard library
ships as sources only) ``import urllib.parse`` compiles ``urllib/parse.py``
and the ``ipaddress`` module it imports: about 100 ms in a 200 ms start,
measured by ``bench/table_vs_bare.py``.  :func:`parse_qsl` gives the same
pairs as ``urllib.parse.parse_qsl(text, keep_blank_values=True)`` (a test
compares the two on random strings) with what is already loaded.
"""

from __future__ import annotations

import re
from collections.abc import Callable

#: Runs of percent-escapes (``%E3%83%8A``): decoded together as UTF-8.
_ESCAPES = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


def unquote_plus(text: str) -> str:
    """``+`` as a space and percent-escapes decoded as UTF-8 (bad bytes → U+FFFD).

    >>> unquote_plus("%E3%83%8A+x%2")
    'ナ x%2'
    """
    text = text.replace("+", " ")
    if "%" not in text:
        return text
    return _ESCAPES.sub(_decode, text)


def _decode(escapes: re.Match[str]) -> str:
    return bytes.fromhex(escapes.group().replace("%", "")).decode("utf-8", "replace")


def parse_qsl(text: str) -> list[tuple[str, str]]:
    """The ``(key, value)`` pairs of a query string (without its ``?``), blanks kept.

    >>> parse_qsl("preset=guruguru&siberia=on&&x&seed=")
    [('preset', 'guruguru'), ('siberia', 'on'), ('x', ''), ('seed', '')]
    """
    pairs: list[tuple[str, str]] = []
    for field in text.split("&"):
        if not field:
            continue
        key, _, value = field.partition("=")
        pairs.append((unquote_plus(key), unquote_plus(value)))
    return pairs


def parse_fields(text: str) -> list[tuple[str, str, str]]:
    """Like :func:`parse_qsl`, with each field also as the player typed it (decoded
    like the key and value, ``=`` only if it was there), for notices to quote.

    >>> parse_fields("%ZZ&seed=%E3%83%8A&x=")
    [('%ZZ', '', '%ZZ'), ('seed', 'ナ', 'seed=ナ'), ('x', '', 'x=')]
    """
    fields: list[tuple[str, str, str]] = []
    for field in text.split("&"):
        if not field:
            continue
        key, _, value = field.partition("=")
        fields.append((unquote_plus(key), unquote_plus(value), unquote_plus(field)))
    return fields


def without_key(search: str, key: str) -> str:
    """``search`` without the fields named ``key``, the others as they were written.

    >>> without_key("?game=durak&lang=en&seed=3", "lang"), without_key("?lang=en", "lang")
    ('?game=durak&seed=3', '')
    """
    kept = [p for p in search.removeprefix("?").split("&")
            if p and unquote_plus(p.split("=", 1)[0]) != key]
    return "?" + "&".join(kept) if kept else ""


def with_fields(search: str, drop: Callable[[str], bool], fields: str) -> str:
    """``search`` without the fields whose key ``drop`` names, then ``fields`` (a
    query text without ``?``, written as it is): the address of the game in force
    (its rules' text in place of whatever rules and seed the address held), the
    other fields (language, level, animation) kept as they were written.

    >>> with_fields("?game=durak&mode=chinese&lang=en&seed=3", lambda k: k in ("mode", "seed"),
    ...             "mode=heap&players=4")
    '?game=durak&lang=en&mode=heap&players=4'
    >>> with_fields("", lambda k: False, "preset=podkidnoy")
    '?preset=podkidnoy'
    """
    kept = [p for p in search.removeprefix("?").split("&")
            if p and not drop(unquote_plus(p.split("=", 1)[0]))]
    if fields:
        kept.append(fields)
    return "?" + "&".join(kept) if kept else ""
