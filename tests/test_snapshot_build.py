"""The built site's memory snapshot (scripts/snapshot.py): named in runtime.mjs, kept
offline, and restored in the site's own Pyodide under Node as the page restores it
(tests/js/snapshot_restore.mjs): the games' modules are there at once; a wheel of
another build makes the page import afresh from the file it has; every restore
has its own random numbers."""

from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from scripts.snapshot import IMPORTS, SNAPSHOT_TOKEN

ROOT = Path(__file__).resolve().parent.parent
HARNESS = ROOT / "tests" / "js" / "snapshot_restore.mjs"


def snapshot_name(site: Path) -> str:
    match = re.search(r'^const SNAPSHOT = "([^"]*)";$', (site / "runtime.mjs").read_text(), re.M)
    assert match is not None, "runtime.mjs names no snapshot"
    return match.group(1)


def the_wheel(site: Path) -> Path:
    (wheel,) = site.glob("napoleon-*-py3-none-any.whl")
    return wheel


def restore(site: Path, wheel: Path) -> dict[str, Any]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH (the site build needs it too)")
    out = subprocess.run(
        [node, str(HARNESS), str(site), snapshot_name(site), str(wheel), *IMPORTS],
        check=True, capture_output=True, text=True, timeout=120,
    )
    got: dict[str, Any] = json.loads(out.stdout)
    return got


def test_runtime_mjs_names_the_snapshot_the_site_holds_and_the_service_worker_keeps_it(
    site: Path,
) -> None:
    name = snapshot_name(site)
    assert SNAPSHOT_TOKEN not in (site / "runtime.mjs").read_text()
    assert re.fullmatch(r"snapshot-[0-9a-f]{16}\.gz", name)
    assert sorted(p.name for p in site.glob("snapshot-*")) == [name]
    assert f'"./{name}"' in (site / "sw.js").read_text(), "offline play needs it too"
    # Pyodide's snapshot header (its magic number) under the gzip layer.
    with gzip.open(site / name) as memory:
        assert int.from_bytes(memory.read(4), "little") == 0x706E7300  # Pyodide's magic


@pytest.fixture(scope="module")
def restored(site: Path) -> dict[str, Any]:
    """One restore of the site's own snapshot and wheel (a Pyodide boot under Node),
    read by every test that checks what a restore gives."""
    return restore(site, the_wheel(site))


def test_a_restored_page_has_the_games_modules_at_once(restored: dict[str, Any]) -> None:
    assert restored["restored"] is True
    assert restored["before"] == list(IMPORTS)
    assert restored["marker"] is None


def test_every_restore_draws_its_own_random_numbers(
        site: Path, restored: dict[str, Any]) -> None:
    """`random` was seeded in the build: without a new seed every visit's unseeded
    match would be the same deal."""
    assert restore(site, the_wheel(site))["random"] != restored["random"]


def test_a_wheel_of_another_build_is_imported_from_the_file_not_the_snapshot(
    site: Path, tmp_path: Path
) -> None:
    other = tmp_path / "napoleon.whl"
    shutil.copy(the_wheel(site), other)
    with zipfile.ZipFile(other, "a") as archive:
        archive.writestr("cardkit/snapshot_marker.py", "BUILD = 'other'\n")
    got = restore(site, other)
    assert got["restored"] is False
    assert got["before"] == [m for m in IMPORTS if "." not in m], "only the stdlib's stay"
    assert got["after"] == list(IMPORTS)
    assert got["marker"] == "other"


#: Prints, per game, the modules its page's translator imports for the first string.
STRINGS_READ = """
import importlib, json, sys
read = {}
for game in ("napoleon", "durak"):
    i18n = importlib.import_module(game + ".ui_dom.i18n")
    before = set(sys.modules)
    i18n.catalog()
    read[game] = sorted(set(sys.modules) - before)
print(json.dumps(read))
"""


def test_the_snapshot_holds_every_string_module_either_page_reads_for_its_first_screen() -> None:
    """A cold first visit reads nothing it can do without before the first decision:
    each page's strings come from several modules, imported when the first screen asks for its
    first string; one the snapshot lacks is read from the wheel before the first
    decision.  Every module the translators import is in the snapshot's IMPORTS
    (or is a package of one that is)."""
    out = subprocess.run(
        [sys.executable, "-c", STRINGS_READ],
        cwd=ROOT, check=True, capture_output=True, text=True, timeout=120,
    )
    read: dict[str, list[str]] = json.loads(out.stdout)
    held = {".".join(m.split(".")[:k]) for m in IMPORTS for k in range(1, m.count(".") + 2)}
    for game, modules in read.items():
        assert any(".strings_" in m for m in modules), f"{game}: its translator read no module"
        missing = [m for m in modules if m not in held]
        assert not missing, f"{game}'s page reads {missing} from the wheel (scripts/snapshot.py)"
