"""The engine and AI never touch the browser, so they run and are tested on CPython.

Everything under ``napoleon/`` except ``napoleon/ui_dom/`` must run on plain
CPython: no ``import js``/``pyodide``/``pyscript``, not even hidden behind
``importlib.import_module("js")`` or ``__import__``. Parsed with ``ast``. The
same holds for ``cardkit/table_net/`` (a table with friends: the messages, the
referee, the host's and a guest's sides), which also never loads the page's
``cardkit.ui_dom``: the page stands above it and hands it a ``send``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

import pytest

from tests import source_trees

PACKAGE = Path(__file__).resolve().parent.parent / "napoleon"
BROWSER_ONLY = PACKAGE / "ui_dom"
BROWSER_MODULES = frozenset({"js", "pyodide", "pyscript"})
DYNAMIC_IMPORTERS = frozenset({"import_module", "__import__"})


def _forbidden(name: str, forbidden: frozenset[str]) -> bool:
    return any(name == f or name.startswith(f + ".") for f in forbidden)


def _absolute(node: ast.ImportFrom, package: str) -> str | None:
    """The module a ``from`` import names, a relative one resolved in ``package``
    (None: relative with no package given, or above the top)."""
    if node.level == 0:
        return node.module
    parts = package.split(".") if package else []
    if node.level > len(parts):
        return None
    base = ".".join(parts[: len(parts) - node.level + 1])
    return f"{base}.{node.module}" if node.module else base


def browser_imports(source: str, forbidden: frozenset[str] = BROWSER_MODULES,
                    package: str = "") -> list[str]:
    """The ``forbidden`` modules ``source`` imports, statically (relative ones
    resolved in ``package``) or by name, in order."""
    return _imports_among(ast.walk(ast.parse(source)), forbidden, package)


def file_browser_imports(path: Path, forbidden: frozenset[str] = BROWSER_MODULES,
                         package: str = "") -> list[str]:
    """:func:`browser_imports` of the file at ``path``, read from the tree every static
    check of this process shares (:mod:`tests.source_trees`)."""
    return _imports_among(source_trees.nodes(path), forbidden, package)


def _imports_among(nodes: Iterable[ast.AST], forbidden: frozenset[str],
                   package: str) -> list[str]:
    found: list[str] = []
    for node in nodes:
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if _forbidden(a.name, forbidden)]
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(node, package)
            if module is None:
                continue
            if _forbidden(module, forbidden):
                found.append(module)
            else:
                found += [f"{module}.{a.name}" for a in node.names
                          if _forbidden(f"{module}.{a.name}", forbidden)]
        elif isinstance(node, ast.Call) and node.args:
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            arg = node.args[0]
            if (
                name in DYNAMIC_IMPORTERS
                and isinstance(arg, ast.Constant)
                and isinstance(arg.value, str)
                and _forbidden(arg.value, forbidden)
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
    assert file_browser_imports(path) == []


DURAK = PACKAGE.parent / "durak"


def durak_files() -> list[Path]:
    return sorted(DURAK.rglob("*.py"))


def test_the_durak_files_are_found() -> None:
    assert "game.py" in {p.name for p in durak_files()}


@pytest.mark.parametrize("path", durak_files(), ids=lambda p: str(p.relative_to(DURAK)))
def test_durak_module_imports_no_browser_module_nor_napoleon(path: Path) -> None:
    """Durak's engine is pure Python and never imports Napoleon's rules."""
    assert file_browser_imports(path) == []
    assert not [m for m in source_trees.imported_modules(path) if m.split(".")[0] == "napoleon"]


TABLE_NET = PACKAGE.parent / "cardkit" / "table_net"
#: What ``cardkit/table_net/`` never loads: the browser, nor the page's DOM kit.
PAGE_MODULES = BROWSER_MODULES | {"cardkit.ui_dom"}


def table_net_files() -> list[Path]:
    return sorted(TABLE_NET.rglob("*.py"))


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ("from cardkit.ui_dom.nodes import by_id, el", ["cardkit.ui_dom.nodes"]),
        ("from cardkit import ui_dom", ["cardkit.ui_dom"]),
        ("import os, js", ["js"]),
        ("def f():\n    from pyodide.ffi import to_js\n", ["pyodide.ffi"]),
        ("from ..ui_dom import friends", ["cardkit.ui_dom"]),
        ("import importlib\nimportlib.import_module('cardkit.ui_dom.nodes')",
         ["cardkit.ui_dom.nodes"]),
        ("from cardkit.table_net.referee import Referee\nimport jsonschema\nx = 'js'", []),
    ],
)
def test_the_checker_finds_page_imports_also_relative_ones(
        source: str, expected: list[str]) -> None:
    assert browser_imports(source, PAGE_MODULES, "cardkit.table_net") == expected


def test_the_table_nets_files_are_found_the_sessions_among_them() -> None:
    """The host's and a guest's sides live in table_net, not in the page's ui_dom."""
    names = {p.name for p in table_net_files()}
    assert {"host_session.py", "guest_session.py", "referee.py", "messages.py"} <= names


@pytest.mark.parametrize("path", table_net_files(), ids=lambda p: p.name)
def test_table_net_module_loads_no_page_module(path: Path) -> None:
    package = ".".join(path.relative_to(PACKAGE.parent).parent.parts)
    assert file_browser_imports(path, PAGE_MODULES, package) == []
