"""Settings shared by the package's tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

from scripts.build_site import site_under_test

# CI and the shared development machine have 2 busy cores: a per-example time
# limit would fail tests for being slow, not wrong. Timing is measured by the
# benchmark commands instead (TEAM.md).
settings.register_profile("napoleon", deadline=None, print_blob=True)
settings.load_profile("napoleon")


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built site, shared by the site and offline build tests (built once)."""
    return site_under_test(tmp_path_factory.mktemp("site"))
