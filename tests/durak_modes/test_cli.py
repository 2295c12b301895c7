"""``python -m durak bench --mode M``: the pile games' benchmark command."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from durak.cli import main
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
