"""bench/ and diagnostics/ hold only what docs/benchmarks.md tells a reader how to run.

- Every file there is cited by docs/benchmarks.md: by its path
  (``bench/page_load.py``), as the module ``python -m`` runs (``bench.page_load``),
  or as a module of the Pyodide runner (``bench/pyodide_node.mjs ai_timing``).
  A file nobody cites is either undocumented or dead.
- They borrow the browser tests' drivers only through public names: a private
  helper of e2e/ or tests/ may be renamed or dropped by its module without notice.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = ("bench", "diagnostics")
DOC = ROOT / "docs" / "benchmarks.md"
#: Packages of the test drivers: what they keep private stays theirs.
DRIVERS = ("e2e", "tests")


def _files() -> Iterator[Path]:
    for folder in FOLDERS:
        for path in sorted((ROOT / folder).iterdir()):
            if path.is_file() and path.suffix in {".py", ".mjs"} and path.name != "__init__.py":
                yield path


def _citation(path: Path) -> re.Pattern[str]:
    """The path, the dotted module, or the Pyodide runner's module name."""
    rel = path.relative_to(ROOT)
    module = ".".join((*rel.parent.parts, rel.stem))
    return re.compile(
        rf"(?<![\w./]){re.escape(rel.as_posix())}(?!\w)"
        rf"|(?<![\w./]){re.escape(module)}(?![\w.])"
        rf"|bench/pyodide_node\.mjs {re.escape(rel.stem)}(?!\w)"
    )


def test_every_file_of_bench_and_diagnostics_is_cited_by_the_benchmarks_doc() -> None:
    doc = DOC.read_text(encoding="utf-8")
    uncited = [
        path.relative_to(ROOT).as_posix() for path in _files() if not _citation(path).search(doc)
    ]
    assert not uncited, f"not cited by docs/benchmarks.md: {uncited}"


def _private_driver_names(path: Path) -> list[str]:
    """``from e2e.x import _y``, and ``m._y`` where ``m`` is ``import e2e.x as m``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] in DRIVERS:
                found += [f"{node.module}.{a.name}" for a in node.names if a.name.startswith("_")]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] in DRIVERS:
                    modules.add(alias.asname or alias.name.split(".")[0])
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr.startswith("_")
                and isinstance(node.value, ast.Name) and node.value.id in modules):
            found.append(f"{node.value.id}.{node.attr}")
    return found


def test_bench_and_diagnostics_use_no_private_name_of_the_test_drivers() -> None:
    private = {
        path.relative_to(ROOT).as_posix(): names
        for path in _files() if path.suffix == ".py"
        if (names := _private_driver_names(path))
    }
    assert not private, f"private names of e2e/ or tests/ borrowed: {private}"
