"""Bounded JSON parsing: outside text is measured before ``json.loads`` sees it."""

from __future__ import annotations

import json
import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardkit.bounded_json import JsonShapeError, json_depth, loads_bounded


def test_deep_nesting_100000_is_refused_promptly_without_recursion() -> None:
    """JSON nested 100,000 deep (it kills Pyodide's json.loads) is an error within a second."""
    for text in ("[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000):
        start = time.process_time()
        with pytest.raises(JsonShapeError, match="100000 levels deep; the limit is 64"):
            loads_bounded(text, max_chars=10_000_000, max_depth=64)
        assert time.process_time() - start < 1.0


def test_over_long_text_is_refused_before_scanning() -> None:
    with pytest.raises(JsonShapeError, match="1000002 characters is longer than the limit of 1000"):
        loads_bounded('"' + "x" * 1_000_000 + '"', max_chars=1000, max_depth=8)


def test_depth_at_the_limit_is_accepted() -> None:
    assert loads_bounded("[[[1]]]", max_chars=100, max_depth=3) == [[[1]]]
    with pytest.raises(JsonShapeError):
        loads_bounded("[[[[1]]]]", max_chars=100, max_depth=3)


def test_brackets_inside_strings_and_escaped_quotes_do_not_count() -> None:
    text = json.dumps(["[[[[", 'a \\" [[[ "{{{', {"k": "]]]"}])
    assert json_depth(text) == 2
    assert loads_bounded(text, max_chars=1000, max_depth=2) == json.loads(text)


def test_unterminated_string_is_bad_json_not_a_crash() -> None:
    with pytest.raises(JsonShapeError, match="not valid JSON"):
        loads_bounded('["abc', max_chars=100, max_depth=4)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "not valid JSON"),
        ("{'a': 1}", "not valid JSON"),
        ("[1,]", "not valid JSON"),
        ("[NaN]", "NaN"),
        ("-Infinity", "-Infinity"),
        ("1e999", "out of range"),
        ("9" * 5000, "out of range"),
    ],
)
def test_every_failure_is_one_json_shape_error_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(JsonShapeError, match=reason):
        loads_bounded(text, max_chars=10_000, max_depth=8)


def test_json_shape_error_is_a_value_error() -> None:
    """Callers that already catch ValueError keep working."""
    assert issubclass(JsonShapeError, ValueError)


def test_non_string_input_is_refused() -> None:
    with pytest.raises(JsonShapeError, match="must be a string, not bytes"):
        loads_bounded(b"[]", max_chars=10, max_depth=2)  # type: ignore[arg-type]


def _depth_token_by_token(text: str) -> int:
    """The depth by the plain definition: tokens left to right, a string whole."""
    depth = deepest = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            i += 1
            while i < len(text) and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth = max(depth - 1, 0)
        i += 1
    return deepest


@given(st.text(alphabet='[]{}"\\ a,:1', max_size=60))
def test_the_depth_is_the_token_by_token_depth_of_any_text(text: str) -> None:
    """Any text, balanced or not, strings escaped or unterminated: the depth the
    fast scan finds is the one a walk token by token finds."""
    assert json_depth(text) == _depth_token_by_token(text)
