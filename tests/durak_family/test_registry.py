"""The registry of the family's games (docs/rules/durak.md §3.6): one entry per game, with
its names and options' help in both languages, found by mode and nothing else."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from durak.family import GAMES, UnknownGameError, find_game
from durak.family.modes import KINDS, MODES, PILE_MODES
from durak.family.registry import GameEntry, tally
from durak.pile.options import PileRules
from durak.rules import OPTIONS, PRESET_NAMES, Rules
from durak.ui_dom.hint.hint_view import HINT_EXPORT
from durak.ui_dom.i18n import catalog
from durak.ui_dom.kinds import DECIDE_EXPORT
from durak.ui_dom.modes import PAGE_MODES
from durak.ui_dom.settings import strings_settings
from durak.ui_dom.table import strings_pile

PAGE_STRINGS = {**strings_settings.STRINGS, **strings_pile.STRINGS}
WORKER = Path(__file__).resolve().parents[2] / "web" / "worker.py"


def test_every_mode_has_an_entry_in_the_posts_order() -> None:
    assert tuple(GAMES) == MODES
    assert all(isinstance(e, GameEntry) and e.mode == m for m, e in GAMES.items())
    assert {e.kind for e in GAMES.values()} == set(KINDS)


@pytest.mark.parametrize("mode", MODES)
def test_names_in_both_languages_are_the_pages(mode: str) -> None:
    entry = find_game(mode)
    assert entry.name_ja and entry.name_en
    # The page's words (its string modules and each kind's package's) name it alike.
    assert catalog()[f"val.mode.{mode}"] == {"ja": entry.name_ja, "en": entry.name_en}


@pytest.mark.parametrize("mode", MODES)
def test_every_option_has_help_in_both_languages_as_the_page_shows_it(mode: str) -> None:
    for o in find_game(mode).options:
        assert o.help_ja and o.help_en and o.spec.help and o.spec.section.startswith("§")
        assert PAGE_STRINGS[f"help.{o.key}"] == {"ja": o.help_ja, "en": o.help_en}, o.key


def test_each_game_has_its_own_options() -> None:
    """The ordinary game has every option but the mode and the §5 presets; suit_deal
    only ``transfer`` (§3.6: "then §2, transfer as set"); each pile game its record's."""
    assert [o.key for o in find_game("durak").options] == [
        o.key for o in OPTIONS if o.key != "mode"]
    assert find_game("durak").presets == PRESET_NAMES
    assert [o.key for o in find_game("suit_deal").options] == ["transfer"]
    for mode in PILE_MODES:
        entry = find_game(mode)
        assert entry.presets == ()
        for o in entry.options:  # each sub-option is its record's, with the same values
            assert PileRules(mode=mode).option_text(o.key) == o.spec.values[0]
        assert PAGE_MODES[mode].options == tuple(o.spec for o in entry.options)
    with pytest.raises(KeyError, match="mode=heap has no option 'd9'"):
        find_game("heap").option("d9")


@pytest.mark.parametrize("value", ["Heap", "", "chess", " heap", "mode=heap"])
def test_find_game_refuses_an_unknown_mode_by_name(value: str) -> None:
    with pytest.raises(UnknownGameError, match=f"unknown game {value!r}"):
        find_game(value)


@pytest.mark.parametrize("value", [None, 3, b"heap", ["heap"], Rules()])
def test_find_game_refuses_a_value_that_is_no_text(value: object) -> None:
    with pytest.raises(UnknownGameError, match="unknown game") as e:
        find_game(value)
    assert isinstance(e.value, ValueError)


def _worker_exports() -> list[str]:
    tree = ast.parse(WORKER.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "__export__":
            return list(ast.literal_eval(node.value))
    raise AssertionError("web/worker.py has no __export__")


@pytest.mark.parametrize("mode", MODES)
def test_computers_levels_hint_and_the_workers_one_request(mode: str) -> None:
    """Every game has computers at the page's three levels and a hint, reached through
    the worker's one request that names the game (the page asks nothing else)."""
    entry = find_game(mode)
    assert entry.computers.levels == ("easy", "normal", "strong")
    assert entry.computers.hint_json is not None
    assert {DECIDE_EXPORT, HINT_EXPORT} <= set(_worker_exports())
    assert not [name for name in _worker_exports()
                if name.startswith("durak_") and name.endswith(("decide_json", "hint_json"))
                and name not in (DECIDE_EXPORT, HINT_EXPORT)]


def test_series_tallies_the_durak_of_each_finished_game() -> None:
    from durak.family import new_game

    entry = find_game("kurukuru")
    games = []
    for seed in range(3):
        g = new_game(PileRules(mode="kurukuru", players=3), seed)
        while not g.is_over:
            g.apply(g.legal_actions()[0])
        games.append(g)
    counted = tally(entry, [*games, new_game(PileRules(), 9)], 3)
    assert counted == tally(entry, games, 3)
    assert sum(counted) == sum(1 for g in games if entry.scoring.durak_of(g))
