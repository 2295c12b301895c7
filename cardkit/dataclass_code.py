"""Dataclasses created without compiling their methods: the page's code for them.

Creating a dataclass compiles the methods it writes (``__init__``, ``__repr__``,
``__eq__``, ``__hash__``, a frozen class's ``__setattr__``...): :mod:`dataclasses`
builds their source text and ``exec``\\ s it.  Every other function of the games
reaches the page compiled (the wheel's bytecode, ``scripts/bytecode.py``), so in
the page those compiles were most of what the dataclasses cost: for the 29
created before the first decision, ~24-29 ms of ~35-40 ms in Pyodide under
Node, where reading the same code compiled beforehand takes ~1 ms
(``node diagnostics/cold_profile.mjs site --with-ai --classes``).

The build (``scripts/compile_pyc.mjs``) imports every module of the wheel in the
page's own Python, keeps each text :mod:`dataclasses` compiles with the code
compiled from it (:func:`recording`) and writes them beside this module
(:data:`FILE`).  The page and its worker call :func:`install` before importing
the games: :mod:`dataclasses` then runs the kept code for a text it has, compiled
exactly as its own ``exec`` compiles that text, and compiles any other text as
before.  The methods are the same either way.  A table made by another Python
(``sys.version``) is ignored, and so is a missing one (CPython: the tests, the
command line).

The one hook is the name ``exec`` in :mod:`dataclasses`' globals, which shadows
the builtin its ``_FuncBuilder`` calls.
"""

import dataclasses
import marshal
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import CodeType
from typing import Any

#: The table's file name, beside this module in the wheel.
FILE = "dataclass_code.marshal"

Exec = Callable[..., None]


def compiled(source: str) -> CodeType:
    """The code ``exec(source)`` runs when :mod:`dataclasses` calls it: that module
    has no ``from __future__`` import, so nothing is inherited (nor from ours)."""
    return compile(source, "<string>", "exec", dont_inherit=True)


def _hook(exec_: Exec) -> None:
    setattr(dataclasses, "exec", exec_)  # noqa: B010  (a module global, not an attribute)


def _unhook() -> None:
    vars(dataclasses).pop("exec", None)


def dump(table: dict[str, bytes]) -> bytes:
    """The file :func:`install` reads: this Python's version and ``table``."""
    return marshal.dumps((sys.version, table))


@contextmanager
def recording() -> Iterator[dict[str, bytes]]:
    """While the block runs, every text :mod:`dataclasses` compiles, with its code
    (:mod:`marshal`), in the yielded table."""
    table: dict[str, bytes] = {}

    def exec_(source: Any, globals: Any = None, locals: Any = None, /) -> None:
        code = compiled(source) if isinstance(source, str) else source
        if isinstance(source, str):
            table[source] = marshal.dumps(code)
        exec(code, globals, locals)

    _hook(exec_)
    try:
        yield table
    finally:
        _unhook()


def install() -> int:
    """Make :mod:`dataclasses` run the code the build compiled (:data:`FILE`
    beside this module; see the module's text); how many texts it holds (0: no
    table, or one of another Python)."""
    loader: Any = __spec__.loader if __spec__ is not None else None
    try:
        data = loader.get_data(os.path.join(os.path.dirname(__file__), FILE))
    except (AttributeError, OSError):
        return 0
    return install_table(data)


#: Since :func:`install_table`: texts whose kept code ran, texts compiled here.
counts = {"kept": 0, "compiled": 0}


def install_table(data: bytes) -> int:
    """:func:`install` with the file's bytes (:func:`dump`)."""
    try:
        version, table = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return 0
    if version != sys.version or not isinstance(table, dict):
        return 0

    def exec_(source: Any, globals: Any = None, locals: Any = None, /) -> None:
        kept = table.get(source) if isinstance(source, str) else None
        if kept is not None:
            counts["kept"] += 1
            code = marshal.loads(kept)
        else:
            counts["compiled"] += 1
            code = compiled(source) if isinstance(source, str) else source
        exec(code, globals, locals)

    _hook(exec_)
    return len(table)
