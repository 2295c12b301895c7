"""Words a page keeps to show again, said anew in the language the page has then.

A :class:`Said` is the text as said now (a ``str``, shown and compared as one) that
also keeps what it was said from: each part a catalog key with its values, or a
text of no language (a name, a record). Joined with ``+`` to a text or another
``Said`` it stays a ``Said``; :func:`again` says it in the page's language now.
Anything else (a plain ``str``) is shown as it is.

>>> t = lambda key, **kw: {"hi": "Hello {n}"}[key].format(**kw)
>>> said = saying(t)("hi", n=2) + "\\nAki"
>>> said, said.parts
('Hello 2\\nAki', (('hi', {'n': 2}), '\\nAki'))
>>> again(said, lambda key, **kw: f"Konnichiwa {kw['n']}")
'Konnichiwa 2\\nAki'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Part = tuple[str, dict[str, Any]] | str


class Said(str):
    """Text said now, with the parts it is said again from."""

    parts: tuple[Part, ...]

    def __new__(cls, text: str, parts: tuple[Part, ...]) -> Said:
        said = super().__new__(cls, text)
        said.parts = parts
        return said

    def __add__(self, other: str) -> Said:
        return Said(str(self) + str(other), self.parts + parts_of(other))

    def __radd__(self, other: str) -> Said:
        return Said(str(other) + str(self), parts_of(other) + self.parts)


def parts_of(text: str) -> tuple[Part, ...]:
    if isinstance(text, Said):
        return text.parts
    return (str(text),) if text else ()


def saying(t: Callable[..., str]) -> Callable[..., Said]:
    """``t`` whose words keep their key and values (:class:`Said`)."""
    def say(key: str, **values: Any) -> Said:
        return Said(t(key, **values), ((key, values),))
    return say


def again(text: str, t: Callable[..., str]) -> str:
    """``text`` said in ``t``'s language: a :class:`Said` anew, any other as it is."""
    if not isinstance(text, Said):
        return text
    return "".join(p if isinstance(p, str) else t(p[0], **p[1]) for p in text.parts)
