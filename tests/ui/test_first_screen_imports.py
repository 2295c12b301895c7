"""What the page's Python imports before the human's first decision (speed).

Every module imported, and every dataclass it creates, is paid for on a cold
visit before the player can act (``node diagnostics/cold_profile.mjs``).  Modules
only needed later are imported when first needed; these tests run the first
screen's Python work in a fresh interpreter, the way the page does it, and
fail if one of them comes back onto that path:

* ``web/main.py``'s imports and ``napoleon.ui_dom.app``'s, the save module,
  the strings' catalog;
* the computers' decisions before the human's first one (``?seed=1``: all four
  bid first), made here as the page does before its worker is up
  (:func:`napoleon.ui_dom.ai_client.decide_here`, which imports the AI).

The save of those decisions comes after the mark (``App._save``, made in
``App.after_ready``): its digest needs :mod:`hashlib`, compiled from source in
Pyodide.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

FIRST_SCREEN = """
import json, sys
from cardkit.query import parse_qsl
from cardkit.ui_dom.browser import query
from napoleon.actions import parse_action
from napoleon.match import Match
from napoleon.rules import Rules
from napoleon.ui_dom.app import main
from napoleon.ui_dom.ai_client import decide_here
from napoleon.ui_dom.controller import HUMAN, ai_seed
from napoleon.ui_dom.i18n import catalog
import napoleon.ui_dom.persist
catalog()
m = Match(Rules(), seed=1)
g = m.game
while g.to_act != HUMAN:
    seed = ai_seed(1, m.game_number, len(g.actions()))
    reply = decide_here(g.view(g.to_act).to_json(), "normal", seed)
    g.apply(parse_action(json.loads(reply)["action"]))
print(json.dumps({"modules": sorted(sys.modules), "bids": len(g.actions())}))
"""

#: Needed only at a game's end, for an imported record, or on a screen of the
#: menu (each is imported there, with the reason in a docstring or comment).
LATER = (
    "hashlib",  # the save's digest (napoleon.ui_dom.persist), after the mark
    "napoleon.record",  # the records' readers and writers: napoleon.record_json has the save's
    "napoleon.record_check",  # reading a record from outside
    "napoleon.record_text",  # the 譜, at a game's end
    "napoleon.share",  # a shared game's link
    "napoleon.stats",  # the statistics screen
    "napoleon.rule_book",  # the rules page
    "napoleon.ai.analysis",  # hints and the review
    "napoleon.ai.review",
    "napoleon.ui_dom.record_view",
    "napoleon.ui_dom.review_view",
    "napoleon.ui_dom.stats_view",
    "cardkit.ui_dom.stats_frame",  # the statistics frame, with the statistics screen
    "napoleon.ui_dom.rules_page",
    "napoleon.ui_dom.share_view",
    "napoleon.ui_dom.hint_view",
    "cardkit.ui_dom.hint_frame",  # the hint, once the menu is mounted
)


@pytest.fixture(scope="module")
def first_screen() -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", FIRST_SCREEN], capture_output=True, text=True, check=True
    )
    seen: dict[str, object] = json.loads(done.stdout)
    return seen


def test_the_first_screen_path_is_the_pages(first_screen: dict[str, object]) -> None:
    """The run above really reaches the human's first decision through the AI."""
    modules = first_screen["modules"]
    assert isinstance(modules, list)
    assert first_screen["bids"] == 4  # the four computers bid before the human at ?seed=1
    assert {"napoleon.ai", "napoleon.ai.strong", "napoleon.record_json"} <= set(modules)


@pytest.mark.parametrize("module", LATER)
def test_a_module_needed_later_is_not_imported_before_the_first_decision(
    first_screen: dict[str, object], module: str
) -> None:
    modules = first_screen["modules"]
    assert isinstance(modules, list)
    assert module not in modules


def test_the_napoleon_page_imports_no_durak_module(first_screen: dict[str, object]) -> None:
    modules = first_screen["modules"]
    assert isinstance(modules, list)
    assert not [m for m in modules if m == "durak" or m.startswith("durak.")]


def test_the_durak_page_imports_no_napoleon_module() -> None:
    code = (
        "import json, sys\n"
        "from durak.ui_dom.app import main\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    modules = json.loads(done.stdout)
    assert "durak.ui_dom.app" in modules
    assert not [m for m in modules if m == "napoleon" or m.startswith("napoleon.")]
