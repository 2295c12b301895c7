"""Settings shared by the package's tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

from scripts.build_site import site_under_test

# CI and the shared development machine have 2 busy cores: a per-example time
# limit would fail tests for being slow, not wrong. Timing is measured by the
# benchmark commands instead (bench/).
settings.register_profile("napoleon", deadline=None, print_blob=True)
settings.load_profile("napoleon")


E2E = Path(__file__).resolve().parents[1] / "e2e"


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The browser tests run after every unit test, whatever pytest's fixture-scope
    grouping would do: Playwright's sync API leaves an event loop running in the
    main thread, and a unit test's ``asyncio.run`` after it fails.  (A unit test
    parametrized on an argument named ``page``, Playwright's fixture, once pulled
    every e2e test in front of ``tests/ui``.)"""
    items.sort(key=lambda item: item.path.is_relative_to(E2E))


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site, shared by the site and offline build tests (built once)."""
    return site_under_test(tmp_path_factory.mktemp("site"))
