"""Game records: the 譜 text (docs/rules/napoleon.md §6) and the JSON record."""

from __future__ import annotations

import json
import random

import pytest

from napoleon.game import Game
from napoleon.match import Match
from napoleon.playout import play_random_game
from napoleon.record import (
    RecordError,
    game_record,
    match_record,
    record_card,
    replay_game,
    replay_match,
    text_record,
)
from napoleon.rules import Rules

from .helpers import game_in_play, play


def finished(seed: int = 1, rules: Rules | None = None) -> Game:
    return play_random_game(Game.new(rules or Rules(), seed), random.Random(seed))


def test_record_suit_symbols() -> None:
    """docs/rules/napoleon.md §1: SdC's record symbols ♠ ▲, ♥ ▽, ♦ ◇, ♣ ★."""
    assert [record_card(c) for c in (12, 13 + 8, 26, 39 + 1, 52)] == ["▲A", "▽10", "◇2", "★3", "Jo"]
    assert record_card(12, "cards") == "♠A"


def test_text_record_sections() -> None:
    """Bidding, contract / called card, kitty / discards, tricks, result.

    docs/rules/napoleon.md §6.
    """
    text = text_record(finished())
    for head in ("【競り】", "【ビッド宣言】", "【副官指定】", "【後引札】", "【捨札】",
                 "【巡の展開】", "【結果】", "【得点】"):
        assert head in text
    assert text.count("\n") > 15


def test_text_record_marks_winner_and_leader() -> None:
    """The marks → (leader lost), ○ (follower won), ◎ (leader won), and counts.

    docs/rules/napoleon.md §6.
    """
    g = game_in_play(Rules(), ["C5", "CA", "C6", "C7", "CK"], kitty="D2 D3 D4")
    play(g, "C5", "CA", "C6", "C7", "CK")
    row = next(ln for ln in text_record(g).splitlines() if ln.startswith(" 1 "))
    assert "★5→" in row and "★A○" in row and "★K " in row
    assert "◎" not in row
    # the winner's running honor count (♣A ♣K) is 2
    assert row.split("★A○")[1].split()[0] == "2"
    g2 = game_in_play(Rules(), ["CA", "C5", "C6", "C7", "C8"], kitty="D2 D3 D4")
    play(g2, "CA", "C5", "C6", "C7", "C8")
    assert "★A◎" in text_record(g2)


def bidding_of(text: str) -> str:
    """The 【競り】 section, its wrapped lines joined (they continue indented)."""
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("【競り】"))
    out = [lines[start]]
    for ln in lines[start + 1:]:
        if not ln.startswith(" "):
            break
        out.append(ln.strip())
    return " ".join(out)


def test_text_record_lists_every_bid_and_pass_in_order() -> None:
    g = finished(3)
    line = bidding_of(text_record(g))
    auction = [a for _, a in g.log if type(a).__name__ in ("Bid", "Pass")]
    assert line.count(" / ") == len(auction) - 1


def test_text_record_card_symbols_option() -> None:
    assert "♠" in text_record(finished(2), symbols="cards") or "♣" in text_record(
        finished(2), symbols="cards")


def test_json_record_replays_exactly() -> None:
    g = finished(4)
    again = replay_game(json.loads(json.dumps(game_record(g))))
    assert again.tricks == g.tricks and again.result == g.result
    assert text_record(again) == text_record(g)


def test_json_record_with_redeals_holds_every_deal() -> None:
    rules = Rules(all_pass="redeal")
    for seed in range(50):
        g = finished(seed, rules)
        if g.redeals:
            rec = game_record(g)
            assert len(rec["deals"]) == g.redeals + 1
            assert replay_game(rec).result == g.result
            return
    pytest.fail("no redeal in 50 games")


def test_json_record_that_does_not_replay_is_refused() -> None:
    rec = game_record(finished(5))
    rec["actions"][0] = "bid 25 S"
    with pytest.raises(RecordError, match=r"actions\[0\]"):
        replay_game(rec)
    rec = game_record(finished(5))
    rec["result"]["points"] = [99, 0, 0, 0, 0]
    with pytest.raises(RecordError, match="replay gives"):
        replay_game(rec)
    with pytest.raises(RecordError):
        replay_game({"format": "napoleon-game/1"})


def test_match_record_replays() -> None:
    m = Match(Rules(match_games=3), seed=8)
    rng = random.Random(8)
    while not m.is_over:
        play_random_game(m.game, rng)
        m.next_game()
    games = replay_match(json.loads(json.dumps(match_record(m))))
    assert [g.result for g in games] == m.results


def test_text_record_marks_a_redeal_in_the_bidding() -> None:
    rules = Rules(all_pass="redeal")
    for seed in range(60):
        g = finished(seed, rules)
        if g.redeals:
            assert bidding_of(text_record(g)).count("配り直し") == g.redeals
            assert g.view(0).auction == tuple(
                (s, a) for s, a in g.log[g.auction_start:] if type(a).__name__ in ("Bid", "Pass")
            )
            return
    pytest.fail("no redeal in 60 games")
