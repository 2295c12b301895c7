"""One site, two games: the menu's game switch, the install manifest and
Napoleon's page importing nothing of Durak (a bare visit must not get slower).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from durak.ui_dom.settings.prefs import GAME, load_prefs
from durak.ui_dom.settings.settings import napoleon_link
from tests import source_trees

ROOT = Path(__file__).resolve().parent.parent.parent
WEB = ROOT / "web"


def test_the_menu_links_napoleon_to_durak_before_python_is_up() -> None:
    html = (WEB / "index.html").read_text(encoding="utf-8")
    link = re.search(r'<a class="btn" id="btn-game" href="([^"]+)">', html)
    assert link is not None and link.group(1) == f"./?game={GAME}"


def test_durak_links_back_to_napoleon_in_its_language() -> None:
    from napoleon.ui_dom.app import GAME_SWITCH

    assert napoleon_link("en") == "./?lang=en"
    assert GAME_SWITCH.format(lang="en") == "./?game=durak&lang=en"
    # The link Napoleon gives is read by Durak's page without a notice.
    prefs, notices = load_prefs(GAME_SWITCH.format(lang="en").removeprefix("./"), lambda k: None)
    assert notices == [] and prefs.language == "en"


def test_the_manifest_offers_durak_as_a_shortcut_inside_its_scope() -> None:
    manifest = json.loads((WEB / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert [s["url"] for s in manifest["shortcuts"]] == ["./?game=durak"]
    assert "Durak" in manifest["description"]


def napoleon_files() -> list[Path]:
    return sorted((ROOT / "napoleon").rglob("*.py"))


@pytest.mark.parametrize("path", napoleon_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_napoleon_imports_nothing_of_durak(path: Path) -> None:
    assert not [m for m in source_trees.imported_modules(path) if m.split(".")[0] == "durak"]
