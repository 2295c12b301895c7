"""Reading fields of outside data (imported records, saved data) without trusting them.

Every reader checks the value's exact type — never coerces it: ``"false"`` is
not a boolean, ``true`` is not the number 1, ``"²"`` is not a digit — bounds
its size, and raises the caller's own error class (``err``) with a message
naming the field and what was expected.  Both games' record loaders and the
pages' saved-data loaders read through these, so a damaged entry is refused
the same way everywhere.

>>> whole(True, "version", 1, 1, ValueError)
Traceback (most recent call last):
...
ValueError: version: expected a whole number, not bool
>>> digits("²", "seat", 2, ValueError)
Traceback (most recent call last):
...
ValueError: seat: expected digits 0-9, not '²'
>>> digits("12", "seat", 2, ValueError)
12
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["card", "digits", "ensure", "exact", "flag", "get", "kind", "listed", "mapping", "short",
           "text", "whole"]


def kind(value: object) -> str:
    """The JSON-ish name of ``value``'s type, for messages (``null`` for None)."""
    return "null" if value is None else type(value).__name__


def short(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, safe for hostile data.

    Containers are never repr'd (they may be nested 100,000 deep) and huge
    integers are not turned into text (past 4,300 digits ``str()`` raises).

    >>> short("x" * 100, 10)
    "'xxxxxxxx…"
    >>> short([[[[]]]]), short(10 ** 5000)
    ('<list of 1 items>', '<huge int>')
    """
    if isinstance(value, (list, dict, tuple, set)):
        return f"<{type(value).__name__} of {len(value)} items>"
    if isinstance(value, str) and len(value) > 4 * limit:
        value = value[: 4 * limit]
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 100:
        return "<huge int>"
    out = repr(value)
    return out if len(out) <= limit else out[: limit - 1] + "…"


def get(data: dict[str, Any], key: str, where: str, err: type[Exception]) -> Any:
    """``data[key]``; a missing key is ``err('<where>key: missing')``."""
    if key not in data:
        raise err(f"{where}{key}: missing")
    return data[key]


def text(value: object, field: str, limit: int, err: type[Exception]) -> str:
    """A string of at most ``limit`` characters."""
    if not isinstance(value, str):
        raise err(f"{field}: expected text, not {kind(value)}")
    if len(value) > limit:
        raise err(f"{field}: {len(value)} characters, more than the limit of {limit}")
    return value


def listed(value: object, field: str, limit: int, err: type[Exception]) -> list[Any]:
    """A list of at most ``limit`` entries."""
    if not isinstance(value, list):
        raise err(f"{field}: expected a list, not {kind(value)}")
    if len(value) > limit:
        raise err(f"{field}: {len(value)} entries, more than the limit of {limit}")
    return value


def mapping(value: object, field: str, err: type[Exception]) -> dict[str, Any]:
    """A JSON object."""
    if not isinstance(value, dict):
        raise err(f"{field}: expected an object, not {kind(value)}")
    return value


def exact(value: object, field: str, keys: frozenset[str], err: type[Exception]
          ) -> dict[str, Any]:
    """A JSON object with exactly ``keys``: the first missing one (in name order) is
    ``err('<key>: missing')``, else the first more one ``err('<key>: unknown field')``.

    >>> exact({"a": 1, "zz": 2}, "view", frozenset({"a", "b"}), ValueError)
    Traceback (most recent call last):
    ...
    ValueError: b: missing
    """
    data = mapping(value, field, err)
    for key in sorted(keys - data.keys()):
        raise err(f"{key}: missing")
    for key in sorted(map(short, data.keys() - keys)):
        raise err(f"{key}: unknown field")
    return data


def ensure(ok: object, message: str, err: type[Exception]) -> None:
    """``err(message)`` unless ``ok``: a check across fields (a count that must match)."""
    if not ok:
        raise err(message)


def whole(value: object, field: str, lo: int, hi: int, err: type[Exception]) -> int:
    """An integer (not a boolean) in ``lo..hi``."""
    if type(value) is not int:
        raise err(f"{field}: expected a whole number, not {kind(value)}")
    if not lo <= value <= hi:
        raise err(f"{field}: {short(value)} is outside {lo}..{hi}")
    return value


def flag(value: object, field: str, err: type[Exception]) -> bool:
    """A boolean (``true``/``false``; ``"false"`` or ``0`` are refused)."""
    if not isinstance(value, bool):
        raise err(f"{field}: expected true or false, not {kind(value)} {short(value)}")
    return value


def digits(value: str, field: str, max_digits: int, err: type[Exception]) -> int:
    """The number written in ASCII digits (at most ``max_digits``) as ``value``.

    ``str.isdigit`` is true for ``"²"`` and ``int()`` then fails; a number of
    thousands of digits makes ``int()`` raise too: both are ``err`` here.
    """
    if not (value.isascii() and value.isdigit()):
        raise err(f"{field}: expected digits 0-9, not {short(value)}")
    if len(value) > max_digits:
        raise err(f"{field}: {len(value)} digits, more than the limit of {max_digits}")
    return int(value)


def card(value: object, field: str, deck: int, parse: Callable[[str], int],
         write: Callable[[int], str], err: type[Exception], *, limit: int = 3,
         deck_name: str = "this deck") -> int:
    """The card a game wrote as ``value``: text of at most ``limit`` characters
    that ``parse`` reads as a card of ``deck`` (a mask of card numbers) and
    that ``write`` writes back letter for letter.

    The games' parsers are lenient for people (any case, ``10D`` for ``TD``);
    a view or a message is text a game wrote, so it is read only in the one
    form the game writes.  ``parse`` raises a ``ValueError`` for text that
    names no card; it is ``err`` here, as is a card outside ``deck``.

    >>> write = "ABCD".__getitem__
    >>> card("B", "top", 0b0111, "ABCD".index, write, ValueError)
    1
    >>> card("D", "top", 0b0111, "ABCD".index, write, ValueError)
    Traceback (most recent call last):
    ...
    ValueError: top: 'D' is not a card of this deck
    """
    text_ = text(value, field, limit, err)
    try:
        c = parse(text_)
    except ValueError as e:
        raise err(f"{field}: {e}") from e
    if c < 0 or not deck >> c & 1 or write(c) != text_:
        raise err(f"{field}: {short(text_)} is not a card of {deck_name}")
    return c
