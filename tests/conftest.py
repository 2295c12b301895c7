"""Settings shared by the package's tests."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from hypothesis import settings

from scripts.build_site import site_under_test
from tests import sweep

# CI and the shared development machine have 2 busy cores: a per-example time
# limit would fail tests for being slow, not wrong. Timing is measured by the
# benchmark commands instead (bench/).
settings.register_profile("napoleon", deadline=None, print_blob=True)
settings.load_profile("napoleon")


E2E = Path(__file__).resolve().parents[1] / "e2e"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "sweep(quick): the cases of a parametrized sweep that `make check` "
        "runs (an int: that many spread evenly; a tuple of ids: those); see tests/sweep.py")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The browser tests run after every unit test, whatever pytest's fixture-scope
    grouping would do: Playwright's sync API leaves an event loop running in the
    main thread, and a unit test's ``asyncio.run`` after it fails.  (A unit test
    parametrized on an argument named ``page``, Playwright's fixture, once pulled
    every e2e test in front of ``tests/ui``.)

    Under ``NAPOLEON_SWEEPS=quick`` a parametrized test marked ``sweep`` keeps only
    its quick cases (:mod:`tests.sweep`); the rest are deselected, as ``-k`` would."""
    if sweep.QUICK:
        _keep_quick_cases(config, items)
    items.sort(key=lambda item: item.path.is_relative_to(E2E))


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection built (every module, test item and doctest: millions of objects
    that live to the end) moves out of the garbage collector's sight (:func:`gc.freeze`):
    its full collections, during the tests and the several at the session's end, then
    walk only what the tests make.  About an eighth of the unit tests' CPU time."""
    gc.collect()
    gc.freeze()


def _keep_quick_cases(config: pytest.Config, items: list[pytest.Item]) -> None:
    cases: dict[tuple[Path, str], list[pytest.Function]] = {}
    for item in items:
        if isinstance(item, pytest.Function) and item.get_closest_marker("sweep"):
            cases.setdefault((item.path, item.originalname), []).append(item)
    dropped: set[int] = set()
    for group in cases.values():
        marker = group[0].get_closest_marker("sweep")
        assert marker is not None
        quick = marker.kwargs["quick"]
        if isinstance(quick, int):
            keep = {id(group[i]) for i in sweep.spread(len(group), quick)}
        else:
            ids = {item.callspec.id for item in group}
            unknown = set(quick) - ids
            if unknown:
                raise pytest.UsageError(f"sweep(quick=...) names no case {sorted(unknown)}")
            keep = {id(item) for item in group if item.callspec.id in quick}
        dropped |= {id(item) for item in group if id(item) not in keep}
    if dropped:
        config.hook.pytest_deselected(items=[i for i in items if id(i) in dropped])
        items[:] = [i for i in items if id(i) not in dropped]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site, shared by the site and offline build tests (built once)."""
    return site_under_test(tmp_path_factory.mktemp("site"))
