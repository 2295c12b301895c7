"""JSON from outside (imported records, saved data) parsed within set bounds.

``json.loads`` recurses once per nesting level: text nested 100,000 deep
exhausts the stack (in Pyodide the whole runtime dies with "Maximum call
stack size exceeded"), and a very long text costs time and memory before
any check can run.  :func:`loads_bounded` therefore measures the text first
— its length, then its deepest nesting, by one flat scan over the brackets
outside strings (no recursion, linear time) — and only then hands it to
``json.loads``.  Every failure, including plain bad JSON, is one
:class:`JsonShapeError` whose message says what was wrong, so callers catch
one specific error.

>>> loads_bounded('{"a": [1, 2, {"b": null}]}', max_chars=100, max_depth=3)
{'a': [1, 2, {'b': None}]}
>>> loads_bounded('[[[[1]]]]', max_chars=100, max_depth=3)
Traceback (most recent call last):
...
cardkit.bounded_json.JsonShapeError: JSON nested 4 levels deep; the limit is 3
>>> loads_bounded('"' + 'x' * 50 + '"', max_chars=40, max_depth=3)
Traceback (most recent call last):
...
cardkit.bounded_json.JsonShapeError: JSON text of 52 characters is longer than the limit of 40
>>> loads_bounded('["[[[[[", "]]"]', max_chars=100, max_depth=1)  # brackets in strings
['[[[[[', ']]']
"""

from __future__ import annotations

import json
import math
import re
from itertools import accumulate

__all__ = ["JsonShapeError", "json_depth", "loads_bounded"]


class JsonShapeError(ValueError):
    """JSON text that is too long, nested too deep, or not JSON at all."""


# A whole string literal (escapes included; an unterminated one runs to the end
# of the text), in the "unrolled" form, so matching is linear; and what is left
# once strings are gone that is no bracket.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """The deepest nesting of ``[``/``{`` outside strings, by one flat scan.

    Unbalanced closers are ignored (``json.loads`` rejects the text anyway);
    the point is only an upper bound on how deep the parser would recurse.
    The strings and everything but the brackets are cut out by two regular
    expressions and the depths summed in C (``accumulate``); only a text whose
    closers outrun its openers is walked bracket by bracket.

    >>> json_depth('[1, {"a": [2]}, "]]]["]')
    3
    >>> json_depth('"no brackets"')
    0
    >>> json_depth('[' * 100_000)
    100000
    >>> json_depth(']] [[ ]')
    2
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    depths = list(accumulate(map(_STEP.__getitem__, brackets)))
    if not depths:
        return 0
    if min(depths) >= 0:
        return max(depths)
    depth = deepest = 0
    for bracket in brackets:
        depth = max(depth + _STEP[bracket], 0)
        deepest = max(deepest, depth)
    return deepest


def _no_constant(name: str) -> object:
    raise JsonShapeError(f"JSON holds {name}, which is not a number JSON allows")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonShapeError(f"JSON number {text[:20]} is out of range")
    return value


def loads_bounded(text: str, *, max_chars: int, max_depth: int) -> object:
    """``json.loads(text)`` once ``text`` is at most ``max_chars`` long and
    nested at most ``max_depth`` deep; otherwise :class:`JsonShapeError`.

    Bad JSON, ``NaN``/``Infinity``, numbers overflowing to infinity and
    integers past Python's digit limit are :class:`JsonShapeError` too.

    >>> loads_bounded('{"a": 1', max_chars=100, max_depth=5)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardkit.bounded_json.JsonShapeError: not valid JSON: Expecting ',' delimiter: line 1 ...
    >>> loads_bounded('[NaN]', max_chars=100, max_depth=5)
    Traceback (most recent call last):
    ...
    cardkit.bounded_json.JsonShapeError: JSON holds NaN, which is not a number JSON allows
    """
    if not isinstance(text, str):
        raise JsonShapeError(f"JSON text must be a string, not {type(text).__name__}")
    if len(text) > max_chars:
        raise JsonShapeError(
            f"JSON text of {len(text)} characters is longer than the limit of {max_chars}"
        )
    depth = json_depth(text)
    if depth > max_depth:
        raise JsonShapeError(f"JSON nested {depth} levels deep; the limit is {max_depth}")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except JsonShapeError:
        raise
    except json.JSONDecodeError as e:
        raise JsonShapeError(f"not valid JSON: {e}") from e
    except (ValueError, RecursionError) as e:
        # ValueError: an integer longer than sys.get_int_max_str_digits().
        raise JsonShapeError(f"JSON value out of range: {str(e)[:120]}") from e
