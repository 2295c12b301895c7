"""The repository's Python modules read once per test process, for the static checks
over every source file (tests/test_house.py, tests/test_lab.py,
tests/durak_family/test_mode_names.py): each file is parsed once and walked once, and
every check reads the same trees and node lists.

Parsing builds hundreds of thousands of objects that live to the process's end: the
garbage collector is paused while a file is parsed (its collections would walk every
tree kept so far, tripling the time) and the kept trees move out of its sight
(:func:`gc.freeze`), as collection's objects do (tests/conftest.py)."""

from __future__ import annotations

import ast
import functools
import gc
from pathlib import Path


@functools.cache
def tree(path: Path) -> ast.Module:
    """``path``'s syntax tree (the same object for every caller: read, do not change)."""
    source = path.read_text(encoding="utf-8")
    was_on = gc.isenabled()
    gc.disable()
    try:
        parsed = ast.parse(source, str(path))
    finally:
        if was_on:
            gc.enable()
    gc.freeze()
    return parsed


@functools.cache
def nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of ``path``'s tree in :func:`ast.walk`'s order."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        return tuple(ast.walk(tree(path)))
    finally:
        if was_on:
            gc.enable()


def imported_modules(path: Path) -> list[str]:
    """The modules ``path``'s ``import`` statements name (each ``import``'s names, then
    each ``from``'s module; ``""`` for a bare relative ``from . import``), in and
    outside functions alike."""
    found = nodes(path)
    named = [alias.name for node in found if isinstance(node, ast.Import) for alias in node.names]
    return named + [node.module or "" for node in found if isinstance(node, ast.ImportFrom)]
