"""The site build's memory snapshot: the page's Python, started and imported once, here.

A page (and the computers' worker) spent most of its start in Python's own
start-up and in importing the games: the same work, to the same result, on every
visit.  ``scripts/snapshot.mjs`` does it once under Node with the site's own
Pyodide (:func:`cardkit.snapshot.prepare` imports :data:`IMPORTS` from the wheel
as it lies in the page) and writes Pyodide's memory; this module compresses it
(gzip: 31 MB of memory, mostly empty, are ~6 MB) into
``site/snapshot-<hash>.gz``, the hash covering the memory, so a new build is a
new file name, and writes that name into ``site/runtime.mjs``, which restores it
(``loadPyodide``'s ``_loadSnapshot``) and falls back to a plain start if it
cannot.  The snapshot is only good with the very runtime and wheel of its
build: Pyodide refuses another runtime's, and :func:`cardkit.snapshot.restored`
another wheel's modules.
"""

from __future__ import annotations

import gzip
import hashlib
import shutil
import subprocess
import tempfile
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "snapshot.mjs"
#: web/runtime.mjs names the snapshot with this token; the build puts its file name.
SNAPSHOT_TOKEN = "@SNAPSHOT@"
#: The runtime module the page (and the worker) load.
RUNTIME_MODULE = "runtime.mjs"

#: The string modules each game's page reads (``<game>.ui_dom.i18n``'s translator
#: imports them when the first screen asks for its first string): imported here,
#: they are not read from the wheel before the first decision (40-60 ms of it on
#: the busy 2-core machine, ``diagnostics.main_profile``).
#: ``tests/test_snapshot_build.py`` checks that no string module of either page is missing.
PAGE_STRINGS = (
    "cardkit.ui_dom.strings_shell",
    "cardkit.ui_dom.strings_stats",
    "cardkit.ui_dom.strings_review_frame",
    "napoleon.ui_dom.strings_table",
    "napoleon.ui_dom.strings_settings",
    "napoleon.ui_dom.strings_rules",
    "napoleon.ui_dom.strings_ask",
    "napoleon.ui_dom.strings_stats",
    "durak.ui_dom.table.strings_table",
    "durak.ui_dom.table.strings_actions",
    "durak.ui_dom.settings.strings_settings",
    "durak.ui_dom.record.strings_record",
    "durak.ui_dom.stats.strings_stats",
    "durak.ui_dom.review.strings_review",
    "durak.ui_dom.table.strings_pile",
    "durak.suit_deal.ui_dom.strings",
    "durak.ui_dom.table.strings_account",
)

#: What both games' first screens, and the computers' first decisions, import.
#: A module left out is imported in the page as before (slower, same result).
IMPORTS = (
    "napoleon.ui_dom.app",
    "napoleon.ui_dom.persist",
    "napoleon.ui_dom.i18n",
    "napoleon.ai",
    "durak.ui_dom.app",
    "durak.ui_dom.persist",
    "durak.ui_dom.i18n",
    "durak.ai",
    *PAGE_STRINGS,
    "hashlib",
)

#: Characters of the memory's SHA-256 in the file name.
HASH_LENGTH = 16


class SnapshotError(RuntimeError):
    """The snapshot could not be made (no Node, a Pyodide failure, a broken template)."""


def make_snapshot(site: Path, wheel: Path, pyodide_dir: Path) -> Path:
    """Write ``site/snapshot-<hash>.gz`` for ``wheel`` and name it in ``site/runtime.mjs``."""
    node = shutil.which("node")
    if node is None:
        raise SnapshotError("node is not on PATH (it is needed with npm anyway)")
    runtime = site / RUNTIME_MODULE
    template = runtime.read_text(encoding="utf-8")
    if template.count(SNAPSHOT_TOKEN) != 1:
        raise SnapshotError(f"web/{RUNTIME_MODULE} must name the snapshot as {SNAPSHOT_TOKEN} once")
    # Outside the site: a failed run leaves no 31 MB file for the service worker to list.
    with tempfile.TemporaryDirectory(prefix="napoleon-snapshot-") as tmp:
        raw = Path(tmp) / "memory"
        run = subprocess.run(
            [node, str(SCRIPT), str(pyodide_dir), str(wheel), str(raw), *IMPORTS],
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0 or not raw.is_file():
            raise SnapshotError(f"snapshot.mjs failed:\n{run.stdout}{run.stderr}")
        memory = raw.read_bytes()
    name = f"snapshot-{hashlib.sha256(memory).hexdigest()[:HASH_LENGTH]}.gz"
    # mtime=0: the same memory gives the same file, byte for byte.
    (site / name).write_bytes(gzip.compress(memory, compresslevel=6, mtime=0))
    runtime.write_text(template.replace(SNAPSHOT_TOKEN, name), encoding="utf-8")
    return site / name
