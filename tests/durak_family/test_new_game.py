"""One entry point starts any game of the family (docs/rules/durak.md §3.6), and ``Rules``
accepts every mode: a pile mode with only its players, its own options refused by
name and left to its record."""

from __future__ import annotations

import pytest

from durak.family import find_game, new_game, rules_from_text
from durak.family.modes import DURAK, MODES, PILE_MODES
from durak.game import Game
from durak.pile.options import PileRules
from durak.rules import Rules, RulesError


def _cases() -> list[tuple[str, int]]:
    return [(m, n) for m in MODES for n in find_game(m).players]


@pytest.mark.parametrize(("mode", "players"), _cases())
def test_new_game_from_rules_of_every_mode_and_player_count(mode: str, players: int) -> None:
    entry = find_game(mode)
    g = new_game(Rules(mode=mode, players=players), seed=11)
    assert type(g) is entry.engine.game_class
    assert g.rules.mode == mode and g.rules.players == players
    assert not g.is_over or mode == "suit_deal"
    assert g.legal_actions() or g.is_over


@pytest.mark.parametrize(("mode", "players"), _cases())
def test_new_game_from_text_of_every_mode_and_player_count(mode: str, players: int) -> None:
    text = f"mode={mode}&players={players}"
    g = new_game(text, seed=5)
    assert type(g) is find_game(mode).engine.game_class
    assert g.rules == rules_from_text(text)
    # the same deal as from the rules record the text reads to
    assert g.view(0) == new_game(rules_from_text(text), seed=5).view(0)


@pytest.mark.parametrize("mode", PILE_MODES)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_new_game_from_pile_rules(mode: str, players: int) -> None:
    rules = PileRules(mode=mode, players=players)
    g = new_game(rules, seed=3)
    assert g.rules == rules
    # a Rules of the mode is that mode's PileRules with default sub-options
    assert new_game(Rules(mode=mode, players=players), 3).view(1) == g.view(1)


def test_new_game_from_text_keeps_a_pile_games_own_options() -> None:
    g = new_game("mode=heap&heap_take=last&players=4", seed=1)
    assert g.rules == PileRules(mode="heap", players=4, heap_take="last")
    assert rules_from_text(Rules(mode="heap", players=4).to_text()) == PileRules(
        mode="heap", players=4)


@pytest.mark.parametrize("bad", [None, 3, {"mode": "heap"}, b"mode=heap"])
def test_new_game_refuses_what_is_no_rules(bad: object) -> None:
    with pytest.raises(TypeError, match="rules must be"):
        new_game(bad, 1)  # type: ignore[arg-type]


def test_new_game_refuses_bad_text_by_name() -> None:
    with pytest.raises(RulesError, match="heap_take"):
        new_game("mode=heap&heap_take=some", 1)
    with pytest.raises(RulesError, match="option d9 belongs to mode kurukuru"):
        new_game("mode=heap&d9=on", 1)
    with pytest.raises(RulesError, match="unknown option 'bogus'"):
        new_game("mode=durak&bogus=1", 1)


@pytest.mark.parametrize("mode", MODES)
def test_rules_accepts_every_mode(mode: str) -> None:
    r = Rules(mode=mode, players=4)
    assert Rules.from_text(r.to_text()) == r
    assert Rules.from_text(f"mode={mode}&players=4") == r


@pytest.mark.parametrize("mode", PILE_MODES)
def test_rules_refuses_an_ordinary_option_in_a_pile_mode_by_name(mode: str) -> None:
    with pytest.raises(RulesError, match=f"transfer=on cannot be played with mode={mode}"):
        Rules(mode=mode, transfer=True)
    with pytest.raises(RulesError, match=f"deck=32 cannot be played with mode={mode}"):
        Rules.from_text(f"mode={mode}&deck=32")


def test_rules_refuses_a_pile_sub_option_by_name_and_says_who_reads_it() -> None:
    with pytest.raises(RulesError, match=r"unknown option 'heap_take'.*rules_from_text"):
        Rules.from_text("mode=heap&heap_take=last")


@pytest.mark.parametrize("mode", [m for m in MODES if m != DURAK])
def test_game_new_refuses_every_other_game_naming_the_one_entry_point(mode: str) -> None:
    with pytest.raises(RulesError, match=rf"mode={mode} is played by its own engine.*"
                                         r"durak\.family\.new_game"):
        Game.new(Rules(mode=mode), 1)
