"""``python -m durak``: every game of the family played and replayed at the command
line, and the pile games' benchmark command."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from durak.cli import main
from durak.family.modes import DURAK, MODES
from durak.family.series import deal_pile
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.playout import play_random_game
from durak.pile.record import json_record, text_record, to_json


def test_bench_mode_prints_games_per_second(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--mode", "chinese", "--rules", "chinese_ten=on",
                 "--seconds", "0.01"]) == 0
    out = capsys.readouterr().out
    assert "games/s of CPU time" in out and "mode=chinese&chinese_ten=on" in out


def test_bench_mode_with_bad_options_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--mode", "kurukuru", "--rules", "chinese_ten=on"]) == 2
    assert "belongs to mode chinese" in capsys.readouterr().err


def test_replay_reads_pile_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    g = play_random_game(PileGame.new(PileRules(mode="heap", players=3), 5), random.Random(5))
    text = text_record(g, names=["Ann", "Bo", "Cy"], seed=5)
    for content in (text, to_json(json_record(g, names=["Ann", "Bo", "Cy"], seed=5))):
        path = tmp_path / "game.txt"
        path.write_text(content, encoding="utf-8")
        assert main(["replay", str(path)]) == 0
        out = capsys.readouterr().out
        assert out.strip().splitlines()[-1] == text.splitlines()[-1]
        if content.startswith("{"):  # the JSON record keeps the names
            assert "seats 0:Ann 1:Bo 2:Cy" in out
    path.write_text(text.replace("end ", "end x"), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    assert "the moves give" in capsys.readouterr().err


@pytest.mark.parametrize("mode", [m for m in MODES if m != DURAK])
def test_play_plays_every_other_game_of_the_family_and_replay_reads_it(
        mode: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """docs/rules/durak.md §3.6: the post's seven other games play at the command line
    as the page deals them (durak.family.series), each game printed as its record, and
    the last game's JSON record replays to the same text (seed 3, three players)."""
    path = tmp_path / "last.json"
    assert main(["play", "--rules", f"mode={mode}&players=3", "--seed", "3", "--games", "2",
                 "--json", str(path)]) == 0
    out = capsys.readouterr().out
    heads = [ln for ln in out.splitlines() if ln.startswith("DURAK") and "game=" in ln]
    assert [h.split()[0] for h in heads].count(heads[0].split()[0]) == 2
    assert "seed=3 game=1" in heads[0] and "seed=3 game=2" in out
    assert out.splitlines()[-1].startswith("durak tally: P1=")
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    assert replayed.strip() in out


def test_play_deals_the_series_the_page_deals(capsys: pytest.CaptureFixture[str]) -> None:
    """The same seed gives the same games at the command line and on the page: game 1 of
    seed 7 is durak.family.series' game 1, whose hands its record's deal line writes."""
    assert main(["play", "--rules", "mode=heap&heap_take=last&players=4", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    game = deal_pile(PileRules(mode="heap", players=4, heap_take="last"), 7)
    assert text_record(game, seed=7).splitlines()[:4] == out.splitlines()[:4]
    assert out.splitlines()[0] == "DURAK-PILE mode=heap&players=4&heap_take=last seed=7 game=1"


def test_play_with_a_pile_games_option_of_another_game_says_why(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--rules", "mode=heap&chinese_ten=on"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "chinese_ten" in err and "Traceback" not in err


@pytest.mark.parametrize("mode", MODES)
def test_replay_prints_every_games_record_exactly_by_its_registry_entry(
        mode: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A JSON record is read by the entry whose record names its ``format``, a text record
    by the one whose first word it starts with; either prints the game's text record as
    it is written, nothing more (the ordinary game's record too: it is the default)."""
    from durak.family import find_game, new_game

    entry = find_game(mode)
    game = new_game(f"mode={mode}&players=3", 4)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    number = (1,) if entry.record.numbered else ()
    # A text record is printed again as read (its seed is not the game's to keep).
    text = entry.record.write_text(game, None, None, *number)
    (tmp_path / "r.json").write_text(entry.record.to_json(entry.record.write_json(
        game, None, None, *number)))
    (tmp_path / "r.txt").write_text(text)
    for name in ("r.json", "r.txt"):
        assert main(["replay", str(tmp_path / name)]) == 0
        assert capsys.readouterr().out == (text if text.endswith("\n") else text + "\n")


def test_bench_plays_a_game_registered_later_by_its_engine(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``bench --mode`` offers every game of the registry, a game added later too."""
    from durak.family.registry import registered
    from tests.toy_durak import ENTRY, MODE

    with registered(ENTRY):
        assert main(["bench", "--mode", MODE, "--seconds", "0.05"]) == 0
    assert f"mode={MODE}" in capsys.readouterr().out
