"""The cases every game's strict view reader is held to, written once for both games.

A view is hostile data (a guest reads the host's, a computer the page's), so a game's
``PlayerView.from_dict`` refuses, with its ``ViewError`` naming the field, a view with
one field of a wrong value, a key missing or a key too many, and anything that is no
object at all.  :func:`strict_view_suite` makes the test class that checks these
against a game's table of bad values; a game's test module names it ``Test...`` and
keeps beside it what only that game has (its round trips, a trick's own fields).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

import pytest


def strict_view_suite(read: Callable[[object], object], error: type[Exception],
                      keys: Collection[str], bad: Mapping[str, Sequence[object]],
                      view: Callable[[], dict[str, Any]],
                      unknown: Sequence[str]) -> type:
    """The test class for the reader ``read`` of views with the keys ``keys``.

    ``bad`` names, for every key, values the reader must refuse by that key's name;
    ``view`` makes a fresh valid view's JSON form to spoil one field of; ``unknown``
    are keys no view has.
    """
    cases = [(k, v) for k, vs in bad.items() for v in vs]

    class StrictViewReader:
        def test_every_field_is_named_by_the_table_of_bad_values(self) -> None:
            assert set(bad) == set(keys)

        @pytest.mark.parametrize(("field", "value"), cases, ids=lambda x: repr(x)[:30])
        def test_a_bad_field_is_refused_by_name(self, field: str, value: object) -> None:
            d = view()
            d[field] = value
            with pytest.raises(error, match=rf"^(view\.)?{field}\b"):
                read(d)

        @pytest.mark.parametrize("field", sorted(keys))
        def test_a_missing_key_is_refused_by_name(self, field: str) -> None:
            d = view()
            del d[field]
            with pytest.raises(error, match=rf"view\.{field}: missing"):
                read(d)

        @pytest.mark.parametrize("key", unknown)
        def test_an_unknown_key_is_refused(self, key: str) -> None:
            with pytest.raises(error, match="unknown keys"):
                read(view() | {key: 0})

        @pytest.mark.parametrize("data", [None, [], "view", 1, True])
        def test_a_view_that_is_no_object_is_refused(self, data: object) -> None:
            with pytest.raises(error, match=r"^view: expected an object"):
                read(data)

    return StrictViewReader
