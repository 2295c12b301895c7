"""The engine's shape (napoleon/README.md, "A game"): one module per phase, one table.

Rules checked: every phase with moves has exactly one module in
``PHASE_RULES``; a phase module imports only the phase modules below it in
the documented order and nothing above the state (``game``, ``view``,
``determinize``); each module refuses the actions of other phases itself.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from napoleon.actions import Action, Bid, Call, Discard, Pass, Play, WrongPhaseError
from napoleon.cards import parse_card
from napoleon.game import Game
from napoleon.phases.dispatch import PHASE_RULES
from napoleon.rules import Rules
from napoleon.state import Phase

PHASES_DIR = Path(__file__).resolve().parents[2] / "napoleon" / "phases"

#: The order of napoleon/phases/__init__.py's docstring: each imports only later ones.
ORDER = ("dispatch", "auction", "call", "exchange", "change", "tricks", "scoring")

#: Engine modules that stand above the phases (they import the phases, not the reverse).
ABOVE = {"napoleon.game", "napoleon.view", "napoleon.determinize", "napoleon.playout"}


def _imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, anywhere in it (late imports too)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
    return out


def test_every_phase_with_moves_has_one_module_in_the_table() -> None:
    assert set(PHASE_RULES) == set(Phase) - {Phase.DEAL}
    names = [m.__name__ for m in PHASE_RULES.values()]  # type: ignore[attr-defined]
    assert len(set(names)) == len(names)
    assert {n.rsplit(".", 1)[1] for n in names} == set(ORDER) - {"dispatch"}


def test_the_documented_order_names_every_phase_module() -> None:
    files = {p.stem for p in PHASES_DIR.glob("*.py")} - {"__init__"}
    assert files == set(ORDER)
    doc = ast.get_docstring(ast.parse((PHASES_DIR / "__init__.py").read_text("utf-8")))
    assert doc is not None
    chain = doc[doc.index("``dispatch`` →"):]
    positions = [chain.index(f"``{name}``") for name in ORDER]
    assert positions == sorted(positions)


@pytest.mark.parametrize("name", ORDER)
def test_a_phase_module_imports_only_what_lies_below_it(name: str) -> None:
    imports = _imported_modules(PHASES_DIR / f"{name}.py")
    for other in ORDER:
        if f"napoleon.phases.{other}" in imports:
            assert ORDER.index(other) > ORDER.index(name), f"{name} imports {other}, above it"
    assert not imports & ABOVE, f"{name} imports {sorted(imports & ABOVE)}"


def test_the_phases_package_itself_imports_nothing() -> None:
    assert _imported_modules(PHASES_DIR / "__init__.py") == set()


def _game_in(phase: Phase) -> Game:
    rules = Rules().replace(change_after_kitty=True)
    g = Game.new(rules, seed=3)
    while g.phase is not phase:
        acts = g.legal_actions()
        g.apply(acts[-1] if g.phase is Phase.BID else acts[0])
    return g


OTHER_KIND: dict[Phase, Action] = {
    Phase.BID: Call(parse_card("SA")),
    Phase.CALL: Pass(),
    Phase.EXCHANGE: Bid(13, 0),
    Phase.CHANGE: Play(parse_card("SA")),
    Phase.PLAY: Discard(0),
}


@pytest.mark.parametrize("phase", list(OTHER_KIND), ids=lambda p: p.value)
def test_each_phase_module_refuses_another_phase_s_action_itself(phase: Phase) -> None:
    g = _game_in(phase)
    action = OTHER_KIND[phase]
    with pytest.raises(WrongPhaseError, match=f"the game is in the {phase.value} phase"):
        PHASE_RULES[phase].apply(g, action)
    with pytest.raises(WrongPhaseError, match=f"the game is in the {phase.value} phase"):
        g.apply(action)
    assert g.phase is phase


def test_nothing_is_legal_once_the_game_is_over_and_any_action_is_refused() -> None:
    g = _game_in(Phase.RESULT)
    assert PHASE_RULES[Phase.RESULT].legal(g) == g.legal_actions() == []
    with pytest.raises(WrongPhaseError, match="the game is over"):
        PHASE_RULES[Phase.RESULT].apply(g, Pass())
