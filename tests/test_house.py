"""The house's shape: no import circles, no deep class chains, the pages above the engines.

Every module of ``napoleon/``, ``durak/``, ``cardkit/`` and ``lab/`` is read as text
(``ast``); every ``import`` counts, also one inside a function or under
``TYPE_CHECKING`` — a late import hides a circle from Python, not from a
reader, who still cannot understand one module without the other.  A failure
names the modules of each circle and one import line of every arrow in it.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import source_trees

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("napoleon", "durak", "cardkit", "lab")


def module_files() -> dict[str, Path]:
    """Every module of the packages by dotted name (a package by its ``__init__``)."""
    out: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _imported(node: ast.AST, module: str, is_package: bool) -> Iterator[str]:
    """The dotted names an import statement may load (a ``from`` import's names may
    be modules too)."""
    if isinstance(node, ast.Import):
        yield from (alias.name for alias in node.names)
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            package = module.split(".") if is_package else module.split(".")[:-1]
            package = package[: len(package) - (node.level - 1)]
            base = ".".join([*package, base] if base else package)
        yield base
        yield from (f"{base}.{alias.name}" for alias in node.names)


def import_graph() -> dict[str, dict[str, int]]:
    """``module -> {imported module: line}`` within the packages."""
    files = module_files()
    graph: dict[str, dict[str, int]] = {m: {} for m in files}
    for module, path in files.items():
        is_package = path.name == "__init__.py"
        for node in source_trees.nodes(path):
            for name in _imported(node, module, is_package):
                # ``import a.b.c`` loads a, a.b and a.b.c; the arrow that matters
                # is to the deepest one that is a module of ours.
                while name and name not in files:
                    name = name.rpartition(".")[0]
                # A module's own packages load before it and are no arrow, except one
                # it names in a ``from`` import: their ``__init__`` is then read for
                # the names, and what that ``__init__`` imports is the module's too.
                named = isinstance(node, ast.ImportFrom)
                if name and name != module and (named or not module.startswith(name + ".")):
                    graph[module].setdefault(name, getattr(node, "lineno", 0))
    return graph


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected sets of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def describe(group: list[str], graph: dict[str, dict[str, int]]) -> str:
    members = set(group)
    arrows = [
        f"  {m} -> {target} (line {line})"
        for m in group
        for target, line in sorted(graph[m].items())
        if target in members
    ]
    return f"{len(group)} modules in a circle:\n" + "\n".join(arrows)


def test_circle_finder_names_a_circle() -> None:
    """The finder itself: a -> b -> c -> a is one circle, d hangs below it."""
    graph = {"a": {"b": 1}, "b": {"c": 2}, "c": {"a": 3, "d": 4}, "d": {}}
    assert circles(graph) == [["a", "b", "c"]]
    assert "c -> a (line 3)" in describe(["a", "b", "c"], graph)


#: Circles allowed for now: none since both engines are phase modules.
#: An entry may only be deleted; one that no longer stands fails the test.
NOT_YET_UNTANGLED: list[list[str]] = []


def test_no_import_circles() -> None:
    """Every import arrow in napoleon/, durak/ and cardkit/ points down."""
    graph = import_graph()
    assert len(graph) > 100, "the packages were not found"
    found = circles(graph)
    new = [group for group in found if group not in NOT_YET_UNTANGLED]
    assert not new, "\n".join(describe(group, graph) for group in new)
    gone = [group for group in NOT_YET_UNTANGLED if group not in found]
    assert not gone, f"untangled: delete from NOT_YET_UNTANGLED: {gone}"


def _page(module: str) -> bool:
    return "ui_dom" in module.split(".")


@pytest.mark.parametrize("package", ["napoleon", "durak"])
def test_no_engine_imports_a_page(package: str) -> None:
    """Engines never import ui_dom: no module of a game outside a ``ui_dom`` package
    (the engines, the computers, a game's package with a page of its own) imports one
    inside."""
    graph = import_graph()
    wrong = [f"{m} -> {target} (line {line})" for m, targets in sorted(graph.items())
             if not _page(m) and m.split(".")[0] == package
             for target, line in sorted(targets.items()) if _page(target)]
    assert not wrong, "\n".join(wrong)


def test_a_games_own_page_is_reached_through_the_kinds_table_alone() -> None:
    """A game whose page lives in its own package (``durak/<game>/ui_dom/``) is named by
    the Durak page's shared modules only in the kinds' table (``durak/ui_dom/kinds.py``
    lists its kind's entry); every other shared module reaches it, its engine included,
    through that entry or the game's registry entry."""
    graph = import_graph()
    own = sorted({m.rsplit(".ui_dom", 1)[0] for m in graph
                  if m.startswith("durak.") and not m.startswith("durak.ui_dom")
                  and m.endswith(".ui_dom")})
    assert "durak.suit_deal" in own, "the suit deal's page is in its own package"
    wrong = [f"{m} -> {target} (line {line})" for m, targets in sorted(graph.items())
             if m.startswith("durak.ui_dom") and m != "durak.ui_dom.kinds"
             for target, line in sorted(targets.items())
             for game in own if target == game or target.startswith(game + ".")]
    assert not wrong, "\n".join(wrong)


@functools.cache
def class_chains() -> dict[str, int]:
    """``module.Class -> length`` of the longest chain of our own classes it stands on
    (the class itself counts 1; bases from outside the packages count 0).  Found once
    for the three packages' tests, which read the same walk over every module."""
    bases: dict[str, list[str]] = {}
    for module, path in module_files().items():
        tree = source_trees.tree(path)
        imported: dict[str, str] = {}
        for node in source_trees.nodes(path):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                for alias in node.names:
                    imported[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                names = []
                for base in node.bases:
                    if isinstance(base, ast.Name):
                        names.append(imported.get(base.id, f"{module}.{base.id}"))
                bases[f"{module}.{node.name}"] = names
    depth: dict[str, int] = {}

    def chain(name: str, seen: frozenset[str]) -> int:
        if name not in bases or name in seen:
            return 0
        if name not in depth:
            depth[name] = 1 + max((chain(b, seen | {name}) for b in bases[name]), default=0)
        return depth[name]

    return {name: chain(name, frozenset()) for name in bases}


#: Packages allowed a deeper chain than two, with its depth: none since Durak, the
#: last engine built as a chain of storeys, became phase modules.
NOT_YET_REBUILT: dict[str, int] = {}


@pytest.mark.parametrize("package", PACKAGES)
def test_class_chains_are_shallow(package: str) -> None:
    """No chain deeper than a class and one base of ours (exceptions count too)."""
    limit = NOT_YET_REBUILT.get(package, 2)
    deep = {
        name: n for name, n in class_chains().items()
        if n > limit and name.split(".")[0] == package
    }
    assert not deep, f"class chains deeper than {limit}: {deep}"


#: The modules of the controllers that play a game on its own page (each game's, and
#: the clicks and loop they share): a table with friends reaches them through its
#: record (:class:`cardkit.ui_dom.friends_game.FriendsGame`), its guests' tables are
#: controllers of their own (``*/friends/``, ``guest_controller.py``).
CONTROLLER_MODULES = (
    *sorted((ROOT / "durak/ui_dom/play").glob("*.py")),
    ROOT / "durak/suit_deal/ui_dom/controller.py",
    ROOT / "napoleon/ui_dom/controller.py",
    ROOT / "napoleon/ui_dom/clicks.py",
)


@pytest.mark.parametrize("path", CONTROLLER_MODULES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_games_controller_knows_nothing_of_guests(path: Path) -> None:
    """What a guest's table answers otherwise is its own controller's: no branch on
    being a guest, no guest's field, not even a word of one in a controller module."""
    lines = [n for n, line in enumerate(path.read_text().splitlines(), 1)
             if "guest" in line.lower()]
    assert lines == [], f"{path.name} names guests at lines {lines}"


#: The only product files outside the suit deal's package that name it: the one place
#: the family's modes are spelled, the registry that registers the post's eight, the
#: Durak page's kinds' table that lists its page's entry, and the READMEs that map the
#: family's packages.  Its words and its page are reached through its kind
#: (``durak/<kind>/ui_dom/``) and its registry entry.
NAMES_THE_SUIT_DEAL = frozenset({
    "durak/family/modes.py", "durak/family/registry.py", "durak/ui_dom/kinds.py",
    "durak/README.md", "durak/family/README.md", "durak/pile/README.md",
})


def test_the_suit_deal_is_named_only_where_the_family_is_mapped() -> None:
    naming = {
        str(path.relative_to(ROOT))
        for top in ("napoleon", "durak", "cardkit", "web")
        for path in (ROOT / top).rglob("*")
        if path.is_file() and path.suffix in (".py", ".md", ".css", ".html", ".js", ".mjs")
        and "__pycache__" not in path.parts
        and not path.is_relative_to(ROOT / "durak/suit_deal")
        and "suit_deal" in path.read_text(encoding="utf-8")
    }
    assert naming <= NAMES_THE_SUIT_DEAL, sorted(naming - NAMES_THE_SUIT_DEAL)
