"""The worker's one request of the Durak family: a decision or a hint names the game
(its ``mode``) and is answered by that game's registry entry's computers, so every game
— a registered one too — is served without an export of its own."""

from __future__ import annotations

import ast
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from durak.family import find_game, new_game
from durak.family.modes import DURAK, HEAP, MODES, SUIT_DEAL
from durak.family.registry import registered
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.ui_dom.hint.hint_view import HINT_EXPORT
from durak.ui_dom.kinds import DECIDE_EXPORT

WORKER = Path(__file__).resolve().parents[2] / "web" / "worker.py"


def _worker_function(name: str) -> Callable[..., str]:
    """One function of ``web/worker.py`` (the module itself boots the page's wheel)."""
    tree = ast.parse(WORKER.read_text(encoding="utf-8"))
    node = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)
    space: dict[str, Any] = {}
    exec(compile(ast.Module([node], []), str(WORKER), "exec"), space)
    fn: Callable[..., str] = space[name]
    return fn


def _first_view(mode: str, seed: int) -> str:
    """The acting seat's view of ``mode``'s new game as the page sends it."""
    g: Any = new_game(Rules(mode=mode, players=3), seed)
    view = g.view(g.to_act)
    if hasattr(view, "to_json"):
        return str(view.to_json())
    return json.dumps(view.to_dict(), separators=(",", ":"))


@pytest.mark.parametrize("mode", MODES)
def test_a_decision_is_the_named_games_computers(mode: str) -> None:
    decide = _worker_function(DECIDE_EXPORT)
    view = _first_view(mode, 5)
    own = find_game(mode).computers.decide_json(view, "easy", 11)
    assert decide(mode, view, "easy", 11) == own
    assert "action" in json.loads(own)


@pytest.mark.parametrize("mode", [DURAK, HEAP])
def test_a_hint_is_the_named_games_hint_search(mode: str) -> None:
    hint = _worker_function(HINT_EXPORT)
    view = _first_view(mode, 3)
    own = find_game(mode).computers.hint_json
    assert own is not None
    assert hint(mode, view, 9) == own(view, 9)


def test_a_hint_request_refused_or_naming_no_game_answers_an_error() -> None:
    hint = _worker_function(HINT_EXPORT)
    assert "unknown game 'Heap'" in json.loads(hint("Heap", _first_view(HEAP, 3), 9))["error"]
    assert "error" in json.loads(hint(SUIT_DEAL, "{not json", 9))


def test_a_registered_game_is_served_by_its_entry_alone() -> None:
    """The toy game of the family (tests/toy_durak) brings no worker export: the one
    request plays it, and its hint is the pile games' search its entry inherits."""
    from tests.toy_durak import ENTRY, MODE

    with registered(ENTRY):
        g: Any = new_game(PileRules(mode=MODE, players=3), 4)
        view = json.dumps(g.view(g.to_act).to_dict(), separators=(",", ":"))
        reply = json.loads(_worker_function(DECIDE_EXPORT)(MODE, view, "normal", 2))
        assert "action" in reply
        answer = json.loads(_worker_function(HINT_EXPORT)(MODE, view, 2))
        assert "error" not in answer


@pytest.mark.parametrize("mode", [DURAK, HEAP])
def test_a_decision_loads_no_hint_search(mode: str) -> None:
    """The computers' first decision (the page's thread decides ``easy`` itself) imports
    the game's computers only: its hint search waits until a hint is asked for."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from durak.ui_dom.kinds import decide_here\n"
        f"decide_here({mode!r})({_first_view(mode, 5)!r}, 'easy', 1)\n"
        "print(sorted(m for m in sys.modules if m.endswith(('.hint', '.pile_hint'))))\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == "[]"
