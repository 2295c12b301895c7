"""web/code-cache.js, the first visit's worker that fetches the runtime again as a
client of the service worker (README, "Offline play and installing"): it reports
"attached" only when the answer came from Cache Storage, and a failure is a word,
never an exception the page would see.  Run in Node with stand-ins
(tests/js/code_cache_report.mjs); the browser side is e2e/test_offline.py."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
WORKER = ROOT / "web" / "code-cache.js"
HARNESS = ROOT / "tests" / "js" / "code_cache_report.mjs"
SCRIPT_URL = "https://user.github.io/napoleon/code-cache.js"
RUNTIME = "https://user.github.io/napoleon/pyodide/pyodide.asm.wasm"


def report(case: str) -> tuple[list[str], list[str]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH (the site build needs it too)")
    out = subprocess.run(
        [node, str(HARNESS), str(WORKER), SCRIPT_URL, case],
        check=True, capture_output=True, text=True, timeout=60,
    )
    got = json.loads(out.stdout)
    return got["fetched"], got["posted"]


def test_the_runtime_served_from_cache_storage_is_attached() -> None:
    fetched, posted = report("cache-storage")
    assert fetched == [RUNTIME], "the runtime beside the worker's own URL (the site's path)"
    assert posted == ["attached"]


def test_a_runtime_not_served_from_cache_storage_ties_nothing() -> None:
    assert report("network")[1] == ["not-cached"]


@pytest.mark.parametrize("case", ["fetch-fails", "compile-fails"])
def test_a_failure_is_reported_not_thrown(case: str) -> None:
    assert report(case)[1] == ["failed"]
