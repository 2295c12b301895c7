"""What a call came to, as a value two implementations can be compared by."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def outcome(fn: Callable[[Any], object], arg: object,
            errors: tuple[type[Exception], ...]) -> tuple[str, object]:
    """``("ok", result)`` of ``fn(arg)``, or the name and message of one of ``errors``
    it raised: equal outcomes are equal results or the same refusal, word for word."""
    try:
        return "ok", fn(arg)
    except errors as e:
        return type(e).__name__, str(e)
