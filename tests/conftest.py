"""Settings shared by the package's tests."""

from __future__ import annotations

from hypothesis import settings

# CI and the shared development machine have 2 busy cores: a per-example time
# limit would fail tests for being slow, not wrong. Timing is measured by the
# benchmark commands instead (TEAM.md).
settings.register_profile("napoleon", deadline=None, print_blob=True)
settings.load_profile("napoleon")
