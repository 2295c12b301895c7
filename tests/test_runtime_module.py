"""web/runtime.mjs, the interpreter module PyScript loads for the page: Pyodide's own,
given its folder (PyScript would take this module's), and, on a first visit in
Chromium, holding only the request for the runtime's WebAssembly until the service
worker serves the page (``napoleonRuntimeServed``, set by web/register-sw.js):
web/README.md, "Offline play and installing".  Run in Node beside a stand-in Pyodide
(tests/js/runtime_wait.mjs); the browser side is e2e/test_offline.py."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULE = ROOT / "web" / "runtime.mjs"
HARNESS = ROOT / "tests" / "js" / "runtime_wait.mjs"


def node_json(harness: Path, *args: str) -> dict[str, Any]:
    """What the Node ``harness`` prints (JSON) run over web/runtime.mjs with ``args``."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH (the site build needs it too)")
    out = subprocess.run(
        [node, str(harness), str(MODULE), *args],
        check=True, capture_output=True, text=True, timeout=60,
    )
    got: dict[str, Any] = json.loads(out.stdout)
    return got


def run(case: str) -> dict[str, Any]:
    return node_json(HARNESS, case)


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


def test_the_template_names_no_snapshot_and_asks_for_none() -> None:
    """web/runtime.mjs as it is (the build's token not replaced): Python starts as before."""
    got = run("no-worker")
    assert got["memory"] is None and got["snapshot"] is None and got["warnings"] == []


def test_the_built_snapshot_is_fetched_at_once_and_given_to_pyodide_decompressed() -> None:
    got = run("snapshot")
    assert got["events"] == [
        "fetch snapshot-test.gz", "fetch pyodide.asm.wasm", "fetch python_stdlib.zip",
        "loaded interpreter from the snapshot",
    ]
    assert got["memory"] == "the memory of a started Python"
    assert got["snapshot"] == "snapshot-test.gz" and got["warnings"] == []


def test_a_first_visit_with_a_snapshot_still_holds_only_the_runtime() -> None:
    got = run("snapshot-first-visit")
    assert got["events"] == [
        "fetch snapshot-test.gz", "fetch python_stdlib.zip", "served", "fetch pyodide.asm.wasm",
        "loaded interpreter from the snapshot",
    ]
    assert got["restored"]


@pytest.mark.parametrize(
    ("case", "reason"),
    [
        ("snapshot-refused", "Snapshot build id mismatch"),  # Pyodide refuses it
        ("snapshot-missing", "snapshot-test.gz: HTTP 404"),
    ],
)
def test_a_snapshot_that_cannot_be_used_starts_python_as_before_with_a_warning(
    case: str, reason: str
) -> None:
    got = run(case)
    assert got["events"][-3:] == [
        "fetch pyodide.asm.wasm", "fetch python_stdlib.zip", "loaded interpreter"
    ]
    # A snapshot that never came is judged before Pyodide is called: one runtime download.
    runtimes = 2 if case == "snapshot-refused" else 1
    assert got["events"].count("fetch pyodide.asm.wasm") == runtimes
    assert got["memory"] is None and got["snapshot"] is None
    warning = f"Python starts without its snapshot (snapshot-test.gz): Error: {reason}"
    assert got["warnings"] == [warning]


def test_a_first_visit_over_a_slow_link_starts_python_without_the_snapshot() -> None:
    """3G: the snapshot's download would cost more than Python's start; no warning,
    as nothing failed (the service worker caches it for the next visit)."""
    got = run("snapshot-slow-link")
    assert got["events"] == [
        "fetch pyodide.asm.mjs.gz", "fetch pyodide-lock.json.gz",
        "fetch pyodide.asm.wasm.gz", "fetch python_stdlib.zip", "loaded interpreter",
    ]
    assert got["snapshot"] is None and got["warnings"] == []


def test_a_page_no_service_worker_serves_fetches_the_runtime_compressed() -> None:
    """A page no service worker serves (nor is about to: no
    napoleonRuntimeServed) downloads pyodide.asm.wasm.gz, a third of the runtime's
    bytes, and Pyodide's compiler gets it decompressed, as application/wasm."""
    got = run("snapshot-slow-link")
    assert "fetch pyodide.asm.wasm" not in got["events"]
    assert got["wasm"] == "the runtime"
    assert got["restored"] is True
    # The loading bar counts its compressed bytes as they arrive.
    assert got["runtimeBytes"] == len(gzip.compress(b"the runtime", mtime=0))


def test_a_first_visit_whose_worker_never_came_to_serve_fetches_the_runtime_compressed() -> None:
    """The page waited for its service worker (napoleonRuntimeServed), which did not
    take charge (registration refused, or slower than register-sw.js waits): the
    page downloads the compressed runtime itself, after the wait."""
    got = run("snapshot-slow-link-first-visit")
    events = got["events"]
    assert events.index("served") < events.index("fetch pyodide.asm.wasm.gz")
    assert "fetch pyodide.asm.wasm" not in events
    assert got["wasm"] == "the runtime"


def test_a_page_its_service_worker_serves_fetches_the_runtime_itself() -> None:
    """The service worker has the runtime cached (decompressed, sw.js): no .gz."""
    got = run("snapshot-slow-link-served")
    assert "fetch pyodide.asm.wasm" in got["events"]
    assert "fetch pyodide.asm.wasm.gz" not in got["events"]


def test_a_page_its_service_worker_serves_restores_the_snapshot_whatever_the_link() -> None:
    got = run("snapshot-slow-link-served")
    assert got["events"][0] == "fetch snapshot-test.gz"
    assert got["snapshot"] == "snapshot-test.gz"


def test_a_snapshot_arriving_slower_than_python_starts_is_let_go_without_a_warning() -> None:
    """Each of its first three quarter seconds of data says it would take ~65 s: the
    page starts Python as before, and says why in the console's information (not a
    failure)."""
    got = run("snapshot-slow-download")
    assert got["events"] == [
        "fetch snapshot-test.gz", "fetch pyodide.asm.wasm", "fetch python_stdlib.zip",
        "loaded interpreter",
    ], "Pyodide is called once, without it (the runtime downloaded once)"
    assert got["snapshot"] is None and got["warnings"] == []
    (info,) = got["infos"]
    said = re.fullmatch(r"Python starts without its snapshot: it would take ~(\d+) ms to \w+", info)
    assert said is not None and int(said.group(1)) > 30_000


def test_a_snapshot_read_late_by_a_busy_page_is_no_slow_link() -> None:
    """A page that stops reading for 400 ms, twice, reads the bytes that waited all
    at once: its first two stretches project ~26 s and ~2.3 s, the third ~0.5 s.
    Each stretch is judged on its own, so the snapshot is kept and restored."""
    got = run("snapshot-stalled-download")
    assert got["events"][-1] == "loaded interpreter from the snapshot"
    assert got["snapshot"] == "snapshot-test.gz"
    assert got["warnings"] == [] and got["infos"] == []


def test_a_snapshot_its_service_worker_serves_is_kept_however_slowly_it_starts() -> None:
    """Read from the worker's cache, its pace is the device's: a busy device's first
    quarter second projecting ~32 s still restores it (else Python starts from
    scratch, at more cost to that device)."""
    got = run("snapshot-slow-start-served")
    assert got["events"][-1] == "loaded interpreter from the snapshot"
    assert got["snapshot"] == "snapshot-test.gz"
    assert got["warnings"] == [] and got["infos"] == []


def test_a_snapshot_judged_worth_waiting_for_is_waited_for_however_it_comes_after() -> None:
    """Judged once, kept on its first quarter second: a download that slows down later is
    not cut off under Pyodide's feet (which would start Python twice)."""
    got = run("snapshot-uneven-download")
    assert got["events"][-1] == "loaded interpreter from the snapshot"
    assert got["warnings"] == [] and got["infos"] == []
    assert got["memory"] is not None


def test_a_page_no_service_worker_serves_runs_the_runtime_javascript_from_its_gzip_copy() -> None:
    """Fewer bytes before the first decision: pyodide.asm.mjs comes as its gzip
    copy (a fifth of its bytes), made a function that Pyodide is handed as
    createPyodideModule; import.meta.url is the module's own URL."""
    got = run("snapshot-slow-link")
    assert got["created"] == "settings from pyodide/pyodide.asm.mjs"
    assert "fetch pyodide.asm.mjs" not in got["events"]


def test_a_page_no_service_worker_serves_gets_the_package_list_from_its_gzip_copy() -> None:
    got = run("snapshot-slow-link")
    assert got["lock"] == {"packages": {}}
    assert "fetch pyodide-lock.json" not in got["events"]


def test_a_runtime_javascript_of_another_shape_is_imported_whole_with_a_warning() -> None:
    """A later Pyodide whose module is shaped otherwise (no single default export)
    is not run as a function: the module itself is imported, and the console says so."""
    got = run("snapshot-slow-link-misshapen")
    assert got["created"] == "settings from the module itself"
    assert got["warnings"] == ["pyodide.asm.mjs is not shaped as expected; importing it whole"]


def test_a_page_its_service_worker_serves_takes_the_runtime_javascript_as_it_is() -> None:
    """The service worker has every file (and Chrome's code cache for the module):
    nothing compressed is asked for."""
    got = run("snapshot-slow-link-served")
    # The module itself (imported as Pyodide would: restoresSparsely wraps it).
    assert got["created"] == "settings from the module itself" and got["lock"] is None
    assert not [e for e in got["events"] if e.endswith(".gz") and "snapshot" not in e]


def test_a_page_starting_without_its_snapshot_takes_the_stdlibs_first_part() -> None:
    """A page no service worker serves, starting Python without the
    snapshot, gets the first screen's part of the standard library
    (python_stdlib_first.zip, scripts/stdlib_first.py) in place of the whole."""
    got = run("snapshot-slow-link-stdlib-first")
    events = got["events"]
    assert "fetch python_stdlib_first.zip" in events
    assert events.index("fetch python_stdlib_first.zip") < events.index("loaded interpreter")
    # Python looks for what it lacks in the whole archive, once that is there.
    assert "class RestOfTheStandardLibrary" in got["finder"]
    assert got["whole"] == "/lib/python_stdlib_whole.zip"


def test_the_whole_stdlib_follows_in_the_background_after_the_first_decision() -> None:
    got = run("snapshot-slow-link-stdlib-first")
    assert got["written"] == [["/lib/python_stdlib_whole.zip", "the whole standard library"]]
    assert got["rest"] == [True, False], "difflib is in the rest; numpy in neither part"
    assert got["warnings"] == [] and got["infos"] == []


def test_a_module_of_the_rest_asked_for_early_fetches_the_whole_stdlib_at_once() -> None:
    """Before the background download has come, a module of the rest is not an
    ImportError: the archive is fetched then (synchronously, the page waits once);
    a name in neither part costs nothing."""
    got = run("snapshot-slow-link-stdlib-first-early")
    assert got["events"][-1] == "GET python_stdlib.zip synchronously"
    assert got["written"] == [["/lib/python_stdlib_whole.zip", "the whole, at once"]]
    assert got["rest"] == [True, False]
    (info,) = got["infos"]
    assert info == "difflib is asked for before the whole standard library came: fetching it now"


def test_a_page_with_its_snapshot_takes_the_whole_stdlib() -> None:
    """The snapshot was made with the whole archive (zipimport keeps its directory):
    a page that restores it gets that very archive."""
    got = run("snapshot-stdlib-first")
    assert got["snapshot"] == "snapshot-test.gz"
    assert "fetch python_stdlib.zip" in got["events"]
    assert "fetch python_stdlib_first.zip" not in got["events"]
    assert got["finder"] is None


def test_the_snapshots_memory_is_let_go_once_restored() -> None:
    """Memory: Pyodide keeps its options, and with them the snapshot's
    promise and its decompressed memory (31 MB in the page, as much in the
    computers' worker); once restored it is detached, its bytes freed."""
    got = run("snapshot")
    assert got["memory"] == "the memory of a started Python"
    assert got["memoryKept"] == 0


def test_the_pages_wheel_and_main_py_download_while_python_starts() -> None:
    """The cold first visit: the files the build lists (the wheel, main.py),
    which PyScript asks for only once Python is up, are downloaded once the snapshot
    is judged, before the runtime's files; PyScript's first request for each is
    answered with that download, a second one goes to the network, and fetch is
    the browser's own again once each has been asked for."""
    got = run("snapshot-prefetch")
    events = got["events"]
    assert events[:3] == ["fetch snapshot-test.gz", "fetch game.whl", "fetch main.py"]
    assert got["snapshot"] == "snapshot-test.gz" and got["warnings"] == []
    assert got["pyscript"] == {
        "answers": ["the wheel (download 1)", "the wheel (download 2)", "main()"],
        "events": ["fetch game.whl"],
        "fetchIsPlain": True,
    }


def test_a_failed_early_download_is_asked_for_again_when_pyscript_asks() -> None:
    got = run("snapshot-prefetch-failed")
    assert got["events"][:3] == ["fetch snapshot-test.gz", "fetch game.whl", "fetch main.py"]
    assert got["pyscript"]["answers"][0] == "the wheel (download 2)"
    assert got["pyscript"]["events"] == ["fetch game.whl", "fetch game.whl"]


def test_the_template_lists_no_file_to_download_early() -> None:
    """web/runtime.mjs as it is (the build's list not written): nothing is fetched
    early and fetch stays the browser's own."""
    got = run("snapshot")
    assert not any(e in got["events"] for e in ("fetch game.whl", "fetch main.py"))
    assert got["restored"]


SPARSE = ROOT / "tests" / "js" / "sparse_restore.mjs"


def sparse() -> dict[str, Any]:
    return node_json(SPARSE)


def test_the_snapshot_copy_writes_only_pages_that_are_not_zero_on_both_sides() -> None:
    """Memory: a page of zeros in the snapshot is not written where
    Python's fresh memory is zero already (it then holds no memory); a page the
    module's start wrote to is cleared; the result is the snapshot, byte for byte.
    Pages 1, 2, 5 of 8 hold data, the target had bytes in pages 3 and 5: four pages
    written."""
    got = sparse()
    assert got["copy"] == {"written": 4 * 4096, "equal": True}
    # A length that is no multiple of a page or a word: its last bytes are copied.
    assert got["tail"] == {"written": 2 * 4096 + 3, "equal": True}


def test_pyodides_restore_copies_sparsely_and_gets_its_heap_back() -> None:
    """API.restoreSnapshot's Module.HEAP8.set(snapshot) becomes the sparse copy for
    the call; Module.HEAP8 is the real array again afterwards."""
    got = sparse()
    assert got["restore"] == {
        "answer": "restored", "heapBack": True, "heapSetCalls": 0, "equal": True
    }


def test_a_module_not_shaped_as_pyodides_restores_whole_and_no_snapshot_changes_nothing() -> None:
    got = sparse()
    assert got["plainKept"]
    assert got["unshaped"] == '{"API":{}}'
    assert got["infos"] == [
        "the snapshot is restored whole (Pyodide's module is not shaped as expected)"
    ]


CACHE = ROOT / "tests" / "js" / "package_cache.mjs"


def package_cache(case: str) -> dict[str, Any]:
    return node_json(CACHE, case)


@pytest.mark.parametrize("case", ["throws", "fails", "unreadable"])
def test_python_starts_where_the_browser_refuses_indexeddb(case: str) -> None:
    """PyScript's package cache, which it opens and waits for as Python starts, is
    kept in memory where IndexedDB is refused (the open throws, as where the site's
    data is blocked; its request fails; the global itself cannot be read): the
    cache answers as one would, and the console says why (an info, not an error)."""
    got = package_cache(case)
    assert got["has"] is True and got["value"] == "lock"
    assert got["kept"] is False  # memory only: a second open starts empty
    assert len(got["infos"]) == 2
    assert all("it is kept in memory" in line for line in got["infos"])


def test_where_indexeddb_works_it_is_the_browsers_own() -> None:
    """Where IndexedDB answers, PyScript's cache is the browser's database (kept from one
    open to the next), and another database's open goes to the browser as it is."""
    got = package_cache("works")
    assert got["kept"] is True and got["infos"] == []
    assert got["opened"] == ["IDBMap/./pyodide@314.0.test", "another",
                             "IDBMap/./pyodide@314.0.test"]
