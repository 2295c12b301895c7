"""The engine and AI never touch the browser, so they run and are tested on CPython.

Everything under ``napoleon/`` except ``napoleon/ui_dom/`` must run on plain
CPython: no ``import js``/``pyodide``/``pyscript``, not even hidden behind
``importlib.import_module("js")`` or ``__import__``. Parsed with ``ast``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "napoleon"
BROWSER_ONLY = PACKAGE / "ui_dom"
BROWSER_MODULES = frozenset({"js", "pyodide", "pyscript"})
DYNAMIC_IMPORTERS = frozenset({"import_module", "__import__"})


def _top(module: str) -> str:
    return module.split(".")[0]


def browser_imports(source: str) -> list[str]:
    """The browser modules ``source`` imports, statically or by name, in order."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if _top(a.name) in BROWSER_MODULES]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if _top(node.module) in BROWSER_MODULES:
                found.append(node.module)
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            arg = node.args[0]
            if (
                name in DYNAMIC_IMPORTERS
                and isinstance(arg, ast.Constant)
                and isinstance(arg.value, str)
                and _top(arg.value) in BROWSER_MODULES
            ):
                found.append(arg.value)
    return found


def engine_files() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*.py") if BROWSER_ONLY not in p.parents)


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("import js", ["js"]),
        ("import os, pyodide.ffi", ["pyodide.ffi"]),
        ("from pyscript import document", ["pyscript"]),
        ("def f():\n    from js import window\n", ["js"]),
        ("import importlib\nimportlib.import_module('js')", ["js"]),
        ("from importlib import import_module\nimport_module('pyodide.ffi')", ["pyodide.ffi"]),
        ("__import__('pyscript')", ["pyscript"]),
        ("import json, jsonschema\nfrom . import js\nx = 'import js'", []),
    ],
)
def test_the_checker_finds_browser_imports(source: str, expected: list[str]) -> None:
    assert browser_imports(source) == expected


def test_the_engine_files_are_found() -> None:
    names = {p.name for p in engine_files()}
    assert "cards.py" in names
    assert not any(BROWSER_ONLY in p.parents for p in engine_files())


@pytest.mark.parametrize("path", engine_files(), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_engine_module_imports_no_browser_module(path: Path) -> None:
    assert browser_imports(path.read_text(encoding="utf-8")) == []


DURAK = PACKAGE.parent / "durak"


def durak_files() -> list[Path]:
    return sorted(DURAK.rglob("*.py"))


def test_the_durak_files_are_found() -> None:
    assert "game.py" in {p.name for p in durak_files()}


@pytest.mark.parametrize("path", durak_files(), ids=lambda p: str(p.relative_to(DURAK)))
def test_durak_module_imports_no_browser_module_nor_napoleon(path: Path) -> None:
    """Durak's engine is pure Python and never imports Napoleon's rules."""
    source = path.read_text(encoding="utf-8")
    assert browser_imports(source) == []
    tree = ast.parse(source)
    imported = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    imported += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert not [m for m in imported if m.split(".")[0] == "napoleon"]
