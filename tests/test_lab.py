"""The lab apart from the product (lab/__init__.py).

The rule: a module of ``napoleon``, ``durak`` or ``cardkit`` is there because the
page or a command line (play, replay, bench, rules) runs it; the tools that
measure and check the games (arenas, A/B runs, calibrations, comparisons,
fuzzers) are the lab's, in ``lab/``.  No product module imports the lab, and the
wheel holds none of it: the page's wheel is kept small by what the product is,
not by a list of modules to leave out.
"""

from __future__ import annotations

import ast
import zipfile
from collections.abc import Iterable
from pathlib import Path

import pytest

from durak.cli import main as durak_main
from scripts.build_site import PAGE_SCRIPTS, WEB, WHEEL_MODULES, build_wheel, page_modules
from scripts.stdlib_first import module_name
from tests import source_trees

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("napoleon", "durak", "cardkit")
#: What each command line runs besides the page's modules.
COMMAND_LINES = ("napoleon.__main__", "durak.__main__")
#: Product modules neither the page nor a command line reaches, and why they stay.
#: Any other such module is a tool: it belongs in lab/.
UNREACHED = {
    # The engine's worlds from a view (napoleon/README.md), which its tests check.
    "napoleon.determinize": "the engine's API",
}


def sources(*packages: str) -> dict[str, bytes]:
    """The packages' modules in the repository, as a wheel names them."""
    return {
        p.relative_to(ROOT).as_posix(): p.read_bytes()
        for package in packages
        for p in (ROOT / package).rglob("*.py")
        if "__pycache__" not in p.parts
    }


def lab_modules() -> set[str]:
    return {name for entry in sources("lab") if (name := module_name(entry)) is not None}


def names_of_lab(tree: ast.AST | Iterable[ast.AST], lab: set[str]) -> list[str]:
    """Every import of ``lab`` in ``tree`` (at the top or in a function), and every
    string that names a lab module (``importlib.import_module("lab.x")``); ``tree`` may
    be its nodes already walked (:func:`tests.source_trees.nodes`)."""
    found: list[str] = []
    for node in ast.walk(tree) if isinstance(tree, ast.AST) else tree:
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            found.append(node.module or "")
        elif isinstance(node, ast.Constant) and node.value in lab:
            found.append(node.value)
    return [name for name in found if name.split(".")[0] == "lab"]


def test_the_lab_is_a_package_of_its_own_with_the_arenas_and_fuzzers() -> None:
    lab = lab_modules()
    assert {"lab", "lab.stats", "lab.napoleon.arena", "lab.napoleon.bid_ab",
            "lab.durak.arena", "lab.durak.pile_arena", "lab.durak.fuzz_games",
            "lab.napoleon.record_fuzz"} <= lab


def test_no_product_module_imports_the_lab() -> None:
    lab = lab_modules()
    offenders = {
        entry: names
        for entry in sources(*PRODUCT)
        if (names := names_of_lab(source_trees.nodes(ROOT / entry), lab))
    }
    assert offenders == {}


def test_the_scan_finds_an_import_of_the_lab_anywhere() -> None:
    code = "def later():\n    from lab.durak import arena\n    import lab.stats\n"
    lab = {"lab.durak.arena", "lab.stats"}
    assert sorted(names_of_lab(ast.parse(code), lab)) == ["lab.durak", "lab.stats"]
    assert names_of_lab(ast.parse('NAME = "lab.stats"\n'), lab) == ["lab.stats"]
    assert names_of_lab(ast.parse("from . import lab\nimport labels\n"), lab) == []


def test_every_product_module_serves_the_page_or_a_command_line() -> None:
    """A module no page and no command line reaches is a tool: the lab's."""
    repository = sources(*PRODUCT)
    scripts = [(WEB / name).read_bytes() for name in PAGE_SCRIPTS]
    served = page_modules(repository, scripts, (*WHEEL_MODULES, *COMMAND_LINES))
    every = {name for entry in repository if (name := module_name(entry)) is not None}
    assert sorted(every - served) == sorted(UNREACHED)


def test_the_wheel_holds_no_module_of_the_lab(tmp_path: Path) -> None:
    """The developer's wheel, as hatchling builds it (the page's is cut from it)."""
    with zipfile.ZipFile(build_wheel(tmp_path)) as archive:
        names = archive.namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == set(PRODUCT)
    assert [n for n in names if n.startswith("lab/")] == []


def test_the_durak_arena_is_the_lab_s_command_not_the_game_s(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``python -m lab.durak.arena`` (tests/durak_ai/test_arena.py), not ``python -m
    durak arena``: the game's command line imports nothing of the lab."""
    with pytest.raises(SystemExit) as exited:
        durak_main(["arena", "--help"])
    assert exited.value.code == 2
    assert "invalid choice: 'arena'" in capsys.readouterr().err
