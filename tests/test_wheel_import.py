"""cardkit.wheel_import: the page imports each module of its wheel with one read,
and gets the same modules, file names and errors as the standard zipimporter."""

from __future__ import annotations

import importlib
import sys
import zipfile
import zipimport
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardkit.wheel_import import ReadOnceImporter, import_from_wheel

PACKAGE = "wheel_import_probe"


@pytest.fixture
def wheel(tmp_path: Path) -> Iterator[str]:
    """A small archive like the page's wheel: a package with a module, sources only."""
    path = tmp_path / "probe.whl"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(f"{PACKAGE}/__init__.py", "ANSWER = 42\n")
        z.writestr(f"{PACKAGE}/leaf.py", "from . import ANSWER\nDOUBLE = 2 * ANSWER\n")
    saved_path, saved_hooks = sys.path[:], sys.path_hooks[:]
    yield str(path)
    sys.path[:] = saved_path
    sys.path_hooks[:] = saved_hooks
    for entry in [e for e in sys.path_importer_cache if e.startswith(str(path))]:
        del sys.path_importer_cache[entry]
    for name in [n for n in sys.modules if n.split(".")[0] == PACKAGE]:
        del sys.modules[name]


def _reads(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every read of a member's data from an archive, as zipimport makes it."""
    reads: list[Any] = []
    original = zipimport._get_data  # type: ignore[attr-defined]

    def counted(archive: str, toc_entry: Any) -> bytes:
        reads.append(toc_entry[0])
        return original(archive, toc_entry)  # type: ignore[no-any-return]

    monkeypatch.setattr(zipimport, "_get_data", counted)
    return reads


def test_each_module_is_read_once(wheel: str, monkeypatch: pytest.MonkeyPatch) -> None:
    reads = _reads(monkeypatch)
    import_from_wheel(wheel)
    leaf = importlib.import_module(f"{PACKAGE}.leaf")
    assert leaf.DOUBLE == 84
    assert isinstance(leaf.__loader__, ReadOnceImporter)
    assert isinstance(sys.modules[PACKAGE].__loader__, ReadOnceImporter)
    assert sorted(Path(r).name for r in reads) == ["__init__.py", "leaf.py"]


def test_the_standard_importer_reads_each_twice(
    wheel: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Why the module exists: the spec's file name is found by loading the code."""
    reads = _reads(monkeypatch)
    sys.path.insert(0, wheel)
    importlib.import_module(f"{PACKAGE}.leaf")
    assert len(reads) == 4


def test_same_file_names_as_the_standard_importer(wheel: str) -> None:
    for entry, name in ((wheel, PACKAGE), (f"{wheel}/{PACKAGE}", f"{PACKAGE}.leaf")):
        plain = zipimport.zipimporter(entry)
        once = ReadOnceImporter(entry)
        assert once.get_filename(name) == plain.get_filename(name)
        assert once.get_code(name).co_filename == plain.get_code(name).co_filename
    plain = zipimport.zipimporter(wheel)
    once = ReadOnceImporter(wheel)
    # asked for the code alone, it reads it like the standard one
    assert once.get_code(PACKAGE).co_filename == plain.get_filename(PACKAGE)


def test_a_missing_module_is_the_same_error(wheel: str) -> None:
    import_from_wheel(wheel)
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"{PACKAGE}.missing")
    with pytest.raises(zipimport.ZipImportError):
        ReadOnceImporter(wheel).get_filename(f"{PACKAGE}.missing")


def test_a_package_imported_before_is_read_once_after(
    wheel: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The page imports ``cardkit.wheel_import`` from the wheel before installing it."""
    sys.path.insert(0, wheel)
    importlib.import_module(PACKAGE)
    import_from_wheel(wheel)
    reads = _reads(monkeypatch)
    importlib.import_module(f"{PACKAGE}.leaf")
    assert [Path(r).name for r in reads] == ["leaf.py"]


def test_the_page_and_its_worker_import_through_it() -> None:
    web = Path(__file__).resolve().parent.parent / "web"
    for script in ("main.py", "worker.py"):
        assert "import_from_wheel(" in (web / script).read_text(encoding="utf-8"), script
