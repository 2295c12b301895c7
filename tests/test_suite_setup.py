"""The suite's own setup (tests/conftest.py): what collection built is frozen out of
the garbage collector's sight before the first test runs."""

from __future__ import annotations

import gc


def test_what_collection_built_is_frozen_before_the_tests_run() -> None:
    assert gc.get_freeze_count() > 10_000
