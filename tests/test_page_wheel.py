"""The page's wheel (scripts/build_site.py, scripts/bytecode.py): only what the page runs.

The site build leaves out of the page's copy of the wheel every module that no
import reachable from the page's two scripts names, the packages' READMEs and
typing markers and the METADATA's long description, and compiles what is left
without docstrings.  A developer's install keeps the command lines: only the
page's copy is slimmed.  The arenas and fuzzers are in neither: they are the lab's
(lab/, tests/test_lab.py).
"""

from __future__ import annotations

import ast
import functools
import json
import subprocess
import sys
import textwrap
import zipfile
from email.parser import Parser
from pathlib import Path
from typing import Any

import pytest

from scripts.build_site import (
    PAGE_SCRIPTS,
    WEB,
    WHEEL_MODULES,
    imported_names,
    left_out,
    page_modules,
    short_metadata,
    slim_wheel,
)
from scripts.bytecode import record_line, strip_docstrings
from scripts.stdlib_first import module_name

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("napoleon", "durak", "cardkit")
#: Modules for the command lines, which the page must never import: if one of
#: these is reached from the page, the page's wheel grows by the command lines
#: (and a test here says so).
DEV_ONLY = (
    "napoleon.__main__",
    "napoleon.cli",
    "durak.__main__",
    "durak.cli",
    "cardkit.bench",
)


def repository_sources() -> dict[str, bytes]:
    """The packages' modules in the repository, as a wheel names them."""
    return {
        p.relative_to(ROOT).as_posix(): p.read_bytes()
        for package in PACKAGES
        for p in (ROOT / package).rglob("*.py")
        if "__pycache__" not in p.parts
    }


@functools.cache
def the_page_modules() -> frozenset[str]:
    """The walk over the repository's modules, done once for every test that reads it."""
    scripts = [(WEB / name).read_bytes() for name in PAGE_SCRIPTS]
    return frozenset(page_modules(repository_sources(), scripts, WHEEL_MODULES))


def the_wheel(site: Path) -> Path:
    (wheel,) = site.glob("napoleon-*-py3-none-any.whl")
    return wheel


# --- the import walk --------------------------------------------------------


def test_the_walk_reads_imports_anywhere_relative_ones_and_module_names_in_strings() -> None:
    known = {"pkg", "pkg.a", "pkg.b", "pkg.sub", "pkg.sub.c", "pkg.sub.d", "pkg.e", "other"}
    source = textwrap.dedent(
        """
        from . import a
        from .. import e
        from .d import thing

        def later():
            import other
            from pkg.b import name

        LISTED = ("d", "pkg.a", "e")  # "e" is not in pkg.sub: no module
        """
    )
    found = imported_names(source, "pkg.sub.c", package=False, known=known)
    assert found == {"pkg", "pkg.sub", "pkg.e", "pkg.sub.d", "other", "pkg.b", "pkg.a"}
    # A package's own relative imports resolve inside it.
    assert imported_names("from . import c", "pkg.sub", package=True, known=known) == {
        "pkg.sub", "pkg.sub.c"
    }


def test_the_walk_follows_modules_and_their_packages_and_stops_at_the_rest() -> None:
    sources = {
        "pkg/__init__.py": b"",
        "pkg/page.py": b"from pkg import engine\n",
        "pkg/engine.py": b"def f():\n    from pkg.deep import x\n",
        "pkg/deep/__init__.py": b"",
        "pkg/deep/x.py": b"",
        "pkg/cli.py": b"import argparse\nfrom pkg import page\n",
    }
    assert page_modules(sources, [b"import pkg.page\n"]) == {
        "pkg", "pkg.page", "pkg.engine", "pkg.deep", "pkg.deep.x"
    }
    assert page_modules(sources, [b""], ["pkg.cli"]) == {
        "pkg", "pkg.cli", "pkg.page", "pkg.engine", "pkg.deep", "pkg.deep.x"
    }


def test_the_page_imports_no_module_for_the_command_lines() -> None:
    page = the_page_modules()
    assert [m for m in DEV_ONLY if m in page] == []
    # And the walk does reach both games and the computers' late imports.
    assert {"napoleon.ui_dom.app", "durak.ui_dom.app", "napoleon.ai.review", "durak.ai.hint",
            "durak.ai.review", "napoleon.ui_dom.strings_rules", "cardkit.snapshot"} <= page


def test_importing_the_page_modules_imports_no_other_module_of_the_packages() -> None:
    """An independent check of the walk: CPython imports every module the walk
    found, and nothing outside them comes along (an import the walk cannot read, at
    a module's top, would show here)."""
    page = sorted(the_page_modules())
    script = textwrap.dedent(
        f"""
        import importlib, json, sys
        for name in {page!r}:
            importlib.import_module(name)
        print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in {PACKAGES!r})))
        """
    )
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert run.returncode == 0, run.stderr
    every = {module_name(entry) for entry in repository_sources()}  # not durak: a namespace
    assert sorted(set(json.loads(run.stdout)) & every - set(page)) == []


# --- slimming a wheel -------------------------------------------------------

METADATA = (
    "Metadata-Version: 2.5\nName: pkg\nVersion: 1.0\nSummary: One line.\n"
    "Requires-Python: >=3.11\nDescription-Content-Type: text/markdown\n\n# Pkg\n\nThe README.\n"
)


def make_wheel(path: Path) -> Path:
    files = {
        "pkg/__init__.py": b"",
        "pkg/page.py": b"from pkg import table\n",
        "pkg/table.py": b"X = 1\n",
        "pkg/cli.py": b"from pkg import page\n",
        "pkg/__main__.py": b"from pkg.cli import main\n",
        "pkg/README.md": b"# the package\n",
        "pkg/py.typed": b"",
        "pkg/data.json": b"{}",
        "pkg-1.0.dist-info/METADATA": METADATA.encode(),
        "pkg-1.0.dist-info/WHEEL": b"Wheel-Version: 1.0\n",
    }
    record = "".join(record_line(n, d) for n, d in files.items()) + "pkg-1.0.dist-info/RECORD,,\n"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
        archive.writestr("pkg-1.0.dist-info/RECORD", record)
    return path


def test_the_page_copy_keeps_the_page_modules_other_data_and_a_matching_record(
    tmp_path: Path,
) -> None:
    wheel = make_wheel(tmp_path / "pkg-1.0-py3-none-any.whl")
    dropped = slim_wheel(wheel, [b"from pkg.page import *\n"], ())
    assert dropped == ["pkg/README.md", "pkg/__main__.py", "pkg/cli.py", "pkg/py.typed"]
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert names == [
            "pkg/__init__.py", "pkg/page.py", "pkg/table.py", "pkg/data.json",
            "pkg-1.0.dist-info/METADATA", "pkg-1.0.dist-info/WHEEL", "pkg-1.0.dist-info/RECORD",
        ]
        record = archive.read("pkg-1.0.dist-info/RECORD").decode()
        expected = "".join(
            record_line(n, archive.read(n)) for n in names if not n.endswith("RECORD")
        )
        assert record == expected + "pkg-1.0.dist-info/RECORD,,\n"
        metadata = archive.read("pkg-1.0.dist-info/METADATA").decode()
    assert "README" not in metadata and "Description-Content-Type" not in metadata
    assert Parser().parsestr(metadata)["Summary"] == "One line."


def test_the_short_metadata_keeps_every_field_but_the_description() -> None:
    short = short_metadata(METADATA.encode()).decode()
    assert short == (
        "Metadata-Version: 2.5\nName: pkg\nVersion: 1.0\nSummary: One line.\n"
        "Requires-Python: >=3.11\n"
    )
    assert Parser().parsestr(short).get_payload() == ""


def test_left_out_keeps_the_dist_info_and_files_that_are_no_module() -> None:
    names = ["a/__init__.py", "a/b.py", "a/x.marshal", "a/NOTES.md", "a-1.dist-info/licenses/L.md"]
    assert left_out(names, {"a"}) == ["a/b.py", "a/NOTES.md"]


# --- docstrings ---------------------------------------------------------------

SOURCE = textwrap.dedent(
    '''
    """The module's docstring."""
    from dataclasses import dataclass


    def f(x):
        """f's docstring."""
        assert x > 0, "x must be positive"
        return "a string that is no docstring"


    def only_doc():
        """Nothing but a docstring."""


    class Plain:
        """Plain's docstring."""

        async def g(self):
            """g's docstring."""
            return 1


    @dataclass(frozen=True)
    class Point:
        """Point's docstring: dataclasses would compute one without it."""

        x: int = 0


    def line():
        raise ValueError("here")
    '''
)


def test_stripping_docstrings_keeps_asserts_lines_and_dataclass_docstrings() -> None:
    tree = strip_docstrings(ast.parse(SOURCE))
    namespace: dict[str, Any] = {"__name__": "sample"}
    exec(compile(tree, "sample.py", "exec", dont_inherit=True), namespace)
    assert namespace.get("__doc__") is None
    f, only_doc, line = namespace["f"], namespace["only_doc"], namespace["line"]
    assert f.__doc__ is None
    assert f(1) == "a string that is no docstring"
    with pytest.raises(AssertionError, match="positive"):
        f(0)
    assert only_doc() is None
    assert only_doc.__doc__ is None
    assert namespace["Plain"].__doc__ is None
    assert namespace["Plain"].g.__doc__ is None
    assert namespace["Point"].__doc__.startswith("Point's docstring")
    with pytest.raises(ValueError, match="here") as raised:
        line()
    frame = raised.value.__traceback__
    while frame is not None and frame.tb_next is not None:
        frame = frame.tb_next
    assert frame is not None
    assert frame.tb_lineno == SOURCE.splitlines().index('    raise ValueError("here")') + 1


# --- the built site -----------------------------------------------------------


def test_the_wheel_holds_exactly_the_page_modules(site: Path) -> None:
    with zipfile.ZipFile(the_wheel(site)) as archive:
        names = archive.namelist()
    shipped = {module_name(n.removesuffix("c")) for n in names if n.endswith((".py", ".pyc"))}
    assert shipped == the_page_modules()
    assert [m for m in DEV_ONLY if m in shipped] == []
    # Every module of the repository is in the page's wheel or left out of it.
    every = {module_name(entry) for entry in repository_sources()}
    assert shipped < every


def test_the_wheel_has_no_readme_and_no_long_description(site: Path) -> None:
    with zipfile.ZipFile(the_wheel(site)) as archive:
        names = archive.namelist()
        (metadata_name,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        metadata = archive.read(metadata_name).decode()
    assert [n for n in names if n.endswith((".md", "py.typed"))] == []
    parsed = Parser().parsestr(metadata)
    assert parsed.get_payload() == ""
    assert parsed["Description-Content-Type"] is None
    assert parsed["Summary"]


def docstrings(path: Path) -> tuple[list[str], list[str]]:
    """(the docstrings the page's bytecode drops, those it keeps: the dataclasses')."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    dropped: list[str] = []
    kept: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            if text is None:
                continue
            dataclass = isinstance(node, ast.ClassDef) and any(
                "dataclass" in ast.unparse(d) for d in node.decorator_list
            )
            (kept if dataclass else dropped).append(text)
    return dropped, kept


@pytest.mark.parametrize("module", ["napoleon/cards.py", "durak/ui_dom/table/table.py"])
def test_the_page_bytecode_has_no_docstrings(site: Path, module: str) -> None:
    dropped, kept = docstrings(ROOT / module)
    assert dropped
    with zipfile.ZipFile(the_wheel(site)) as archive:
        pyc = archive.read(module + "c")
    # marshal writes a string's characters as they are (ASCII or UTF-8).
    assert [t[:60] for t in dropped if t.encode()[:60] in pyc] == []
    assert all(t.encode()[:60] in pyc for t in kept)
