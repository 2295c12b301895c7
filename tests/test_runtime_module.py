"""web/runtime.mjs, the interpreter module PyScript loads for the page: Pyodide's own,
given its folder (PyScript would take this module's), and, on a first visit in
Chromium, holding only the request for the runtime's WebAssembly until the service
worker serves the page (``napoleonRuntimeServed``, set by web/register-sw.js):
README, "Offline play and installing".  Run in Node beside a stand-in Pyodide
(tests/js/runtime_wait.mjs); the browser side is e2e/test_offline.py."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "web" / "runtime.mjs"
HARNESS = ROOT / "tests" / "js" / "runtime_wait.mjs"


def run(case: str) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH (the site build needs it too)")
    out = subprocess.run(
        [node, str(HARNESS), str(MODULE), case],
        check=True, capture_output=True, text=True, timeout=60,
    )
    got: dict[str, Any] = json.loads(out.stdout)
    return got


def test_pyodide_gets_its_own_folder_and_version_is_pyodides() -> None:
    got = run("no-worker")
    assert got["indexURL"] == got["folder"]
    assert got["version"] == "314.0.test"


def test_without_a_first_visits_worker_nothing_waits() -> None:
    got = run("no-worker")
    assert got["events"] == [
        "fetch pyodide.asm.wasm", "fetch python_stdlib.zip", "loaded interpreter"
    ]


def test_a_first_visit_holds_only_the_runtime_until_the_worker_serves_the_page() -> None:
    got = run("first-visit")
    assert got["events"] == [
        "fetch python_stdlib.zip", "served", "fetch pyodide.asm.wasm", "loaded interpreter"
    ]
    assert got["restored"], "the page's fetch is Pyodide's no more once it has loaded"
