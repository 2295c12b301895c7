"""The mode names stand in one place (durak/family/modes.py): no other module of
``durak/`` spells one as a string, so a game is renamed or added there alone."""

from __future__ import annotations

import ast
from pathlib import Path

from durak.family.modes import DURAK, MODES, PILE_MODES
from tests import source_trees

ROOT = Path(__file__).resolve().parents[2] / "durak"


def _modules() -> list[Path]:
    """Every module of durak/ but the family's own and the page's string catalogs (whose
    keys, such as ``val.mode.heap``, hold mode names inside longer strings)."""
    return [p for p in sorted(ROOT.rglob("*.py"))
            if "family" not in p.relative_to(ROOT).parts[:1]
            and not p.name.startswith("strings_")]


def _is_mode_context(node: ast.Constant, parent: ast.AST | None) -> bool:
    """Whether a ``"durak"`` is written as a mode: ``durak`` is also the game's, the
    loser's and a JSON field's name, so for it only the places a mode is written count:
    a comparison with something named ``mode``, a ``mode=`` argument, the value of a
    ``"mode"`` key or ``.get("mode", …)`` default, or a collection holding other modes."""
    if isinstance(parent, ast.Compare):
        return "mode" in ast.unparse(parent)
    if isinstance(parent, ast.keyword):
        return parent.arg == "mode"
    if isinstance(parent, ast.Call):
        first = parent.args[0] if parent.args else None
        return isinstance(first, ast.Constant) and first.value == "mode"
    if isinstance(parent, ast.Dict):
        for k, v in zip(parent.keys, parent.values, strict=True):
            if v is node and isinstance(k, ast.Constant) and k.value == "mode":
                return True
        return False
    if isinstance(parent, (ast.Tuple, ast.List, ast.Set)):
        return any(isinstance(e, ast.Constant) and e.value in PILE_MODES for e in parent.elts)
    return False


def mode_literals(path: Path, root: Path = ROOT) -> list[str]:
    walked = source_trees.nodes(path)
    named = [node for node in walked if isinstance(node, ast.Constant)
             and isinstance(node.value, str) and node.value in MODES]
    parents: dict[ast.AST, ast.AST] = {}
    if any(node.value == DURAK for node in named):  # only "durak" asks for its parent
        parents = {child: node for node in walked for child in ast.iter_child_nodes(node)}
    out = []
    for node in named:
        if node.value == DURAK and not _is_mode_context(node, parents.get(node)):
            continue
        out.append(f"{path.relative_to(root.parent)}:{node.lineno}: {node.value!r}")
    return out


def test_no_module_outside_the_family_spells_a_mode_name() -> None:
    found = [hit for p in _modules() for hit in mode_literals(p)]
    assert not found, "spell these with durak.family.modes' constants:\n" + "\n".join(found)


def test_the_check_finds_a_mode_name(tmp_path: Path) -> None:
    """The check itself: a comparison with a pile mode, and ``"durak"`` written as a
    mode, are found; ``"durak"`` as a field's name is not."""
    bad = tmp_path / "bad.py"
    bad.write_text('if rules.mode == "heap":\n    pass\n'
                   'r = Rules(mode="durak")\n'
                   'd = {"durak": 1}\n', encoding="utf-8")
    hits = mode_literals(bad, tmp_path / "durak")
    assert [h.rsplit(": ", 1)[1] for h in hits] == ["'heap'", "'durak'"]


def test_the_modes_stand_in_the_posts_order() -> None:
    """docs/rules/durak.md §3.6: the ordinary game, then the post's seven others."""
    assert MODES == ("durak", "kurukuru", "chinese", "chukhonsky", "heap", "suit_deal",
                     "crusaders", "polish")
    assert tuple(m for m in MODES if m not in ("durak", "suit_deal")) == PILE_MODES
