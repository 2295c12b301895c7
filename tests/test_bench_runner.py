"""The Pyodide benches' one runner, ``node bench/pyodide_node.mjs MODULE [args...]``.

Its table (``MODULES``) names each bench module it runs, the packages and the
bench files it copies into Pyodide's file system: every name is a bench module,
every file is there, and nothing a module imports is left behind (Pyodide would
fail at the import, after a boot of several seconds).  An unknown module gets the
usage, with every module listed, and exit status 2, without booting Pyodide.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
RUNNER = BENCH / "pyodide_node.mjs"
#: Prints the runner's table, imported without running it.
TABLE_JS = (
    "const { MODULES } = await import(process.env.RUNNER);"
    "console.log(JSON.stringify(MODULES));"
)


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH (the site build needs it too)")
    return node


def _table() -> dict[str, dict[str, list[str]]]:
    out = subprocess.run(
        [_node(), "--input-type=module", "-e", TABLE_JS],
        env={**os.environ, "RUNNER": str(RUNNER)},
        check=True, capture_output=True, text=True, timeout=60,
    )
    table: dict[str, dict[str, list[str]]] = json.loads(out.stdout)
    return table


def _is_package(name: str) -> bool:
    """A folder of the repository Python imports (durak/ is a namespace package)."""
    return any((ROOT / name).glob("*.py"))


def _imports(path: Path) -> set[str]:
    """The dotted names a module imports, at its top or inside a function."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def test_every_module_the_runner_names_is_a_bench_module_with_its_files() -> None:
    table = _table()
    assert table, "the runner names no module"
    for module, needs in table.items():
        assert (BENCH / f"{module}.py").is_file(), f"{module}: no bench/{module}.py"
        assert f"{module}.py" in needs["bench"], f"{module}: its own file is not copied"
        for name in needs["bench"]:
            assert (BENCH / name).is_file(), f"{module}: no bench/{name}"
        for package in needs["packages"]:
            assert _is_package(package), f"{module}: no package {package}"


def test_the_runner_copies_every_bench_module_and_package_a_module_imports() -> None:
    """What a copied bench file imports from the repository is copied too."""
    for module, needs in _table().items():
        for name in needs["bench"]:
            for imported in _imports(BENCH / name):
                top, _, rest = imported.partition(".")
                if top == "bench":
                    if rest and (BENCH / f"{rest.split('.')[0]}.py").is_file():
                        assert f"{rest.split('.')[0]}.py" in needs["bench"], (
                            f"{module}: bench/{name} imports {imported}, not copied"
                        )
                elif _is_package(top):
                    assert top in needs["packages"], (
                        f"{module}: bench/{name} imports {imported}, package {top} not copied"
                    )


def test_an_unknown_module_gets_the_usage_listing_the_modules_and_exit_2() -> None:
    modules = _table()
    out = subprocess.run(
        [_node(), str(RUNNER), "no_such_bench"],
        capture_output=True, text=True, timeout=60,
    )
    assert out.returncode == 2
    assert "unknown module: no_such_bench" in out.stderr
    assert "usage: node bench/pyodide_node.mjs MODULE" in out.stderr
    listed = {line.split()[0] for line in out.stderr.splitlines() if line.startswith("  ")}
    assert listed == set(modules)
    assert "Pyodide" not in out.stdout, "the usage comes before any boot"


def test_the_runner_is_the_only_node_file_in_bench() -> None:
    """One runner and its table, not a wrapper per module."""
    assert sorted(p.name for p in BENCH.glob("*.mjs")) == ["pyodide_node.mjs"]
