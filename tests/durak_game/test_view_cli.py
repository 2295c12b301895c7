"""The per-seat view (what is hidden) and the ``python -m durak`` commands."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from durak.cards import parse_hand
from durak.cli import main
from durak.game import Game, Phase
from durak.rules import Rules
from durak.view import PlayerView
from tests.durak_game.helpers import A, B, att, position


def test_view_hides_other_hands_and_the_talon() -> None:
    g = Game.new(Rules(players=3), 1)
    v = g.view(0)
    assert v.hand == g.hands[0]
    assert v.hand_sizes == (6, 6, 6) and v.talon_count == 18
    assert v.trump_card == g.trump_card  # face up under the talon
    d = json.dumps(v.to_dict())
    assert "talon" not in d.replace("talon_count", "")


def test_invisible_trump_shows_the_suit_not_the_card() -> None:
    g = Game.new(Rules(trump="invisible"), 1)
    v = g.view(0)
    assert v.trump is not None and v.trump_card is None


def test_picked_up_cards_are_known_to_everybody() -> None:
    g = position(["7S,8S", "KH,QH"], trump="6D", talon="AS,AH,AC,AD")
    g.apply(att("7S"))
    g.apply(g.legal_actions()[0])  # take
    assert g.view(A).known[B] == parse_hand("7S")
    assert g.view(A).hand_sizes[B] == 3


def test_view_round_trips_through_a_dict() -> None:
    g = Game.new(Rules(players=4, transfer=True), 2)
    rng = random.Random(2)
    for _ in range(30):
        if g.phase is Phase.OVER:
            break
        v = g.view(g.to_act)
        assert PlayerView.from_dict(json.loads(v.to_json())) == v
        g.apply(rng.choice(g.legal_actions()))


def test_only_the_seat_to_act_gets_legal_actions() -> None:
    g = Game.new(Rules(players=3), 5)
    assert g.view(g.to_act).legal_actions
    assert not g.view((g.to_act + 1) % 3).legal_actions


def test_cli_play_replay_rules_bench(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = tmp_path / "game.json"
    assert main(["play", "--rules", "preset=perevodnoy&players=3", "--games", "2",
                 "--json", str(rec)]) == 0
    out = capsys.readouterr().out
    assert out.count("DURAK preset=perevodnoy") == 2 and "durak tally" in out
    assert main(["replay", str(rec)]) == 0
    replayed = capsys.readouterr().out
    assert replayed.startswith("DURAK preset=perevodnoy opts=players:3")
    text = tmp_path / "game.txt"
    text.write_text(replayed)
    assert main(["replay", str(text)]) == 0
    assert capsys.readouterr().out == replayed.replace(
        replayed.splitlines()[0], replayed.splitlines()[0].split(" seed=")[0] + " game=1")
    assert main(["rules", "--preset", "pairs"]) == 0
    assert "attack_set" in capsys.readouterr().out
    assert main(["bench", "--seconds", "0.2"]) == 0
    assert "games/s" in capsys.readouterr().out
    assert main(["rules", "--rules", "mode=heap"]) == 0  # every mode is a Rules' (§3.6)
    assert capsys.readouterr().out.startswith("preset=podkidnoy&mode=heap\n")
    assert main(["rules", "--rules", "mode=heap&transfer=on"]) == 2
    assert "transfer=on cannot be played with mode=heap" in capsys.readouterr().err


def test_cli_6_14_names_repetition_draws_and_refuses_coward_for_three(
        capsys: pytest.CaptureFixture[str]) -> None:
    """§6.14 at the command line: a draw by repetition is written ``end draw repetition``,
    and tallied; ``coward`` with 3 players is refused with status 2."""
    assert main(["play", "--rules", "trump=none&after_take=no_skip", "--games", "3"]) == 0
    out = capsys.readouterr().out
    repeated = out.count("end draw repetition")
    assert repeated and f"(by repetition: {repeated})" in out
    assert main(["play", "--rules", "coward=on&players=3"]) == 2
    err = capsys.readouterr().err
    assert "coward=on" in err and "players=3" in err
