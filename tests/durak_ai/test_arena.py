"""The lab's arena (lab/durak/arena.py): duplicate deals with seats rotated,
reproducible figures, its command line."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from durak.actions import Action
from durak.ai.levels import UnknownLevelError
from durak.ai.search import OraclePlayer
from durak.game import Game
from durak.rules import Rules
from durak.view import PlayerView
from lab.durak import arena
from tests.durak_ai.helpers import small_strong_search
from tests.sweep import sized


def test_each_deal_is_played_once_per_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Duplicate: the same deal seed with the test player moved to every seat in turn."""
    seen: list[tuple[int, int, tuple[str, ...]]] = []
    real = arena.play

    def spy(rules: Rules, deal_seed: int, seats: Sequence[arena.Contestant], rot: int) -> Game:
        seen.append((deal_seed, rot, tuple(getattr(p, "name", "?") for p in seats)))
        return real(rules, deal_seed, seats, rot)

    monkeypatch.setattr(arena, "play", spy)
    res = arena.run(Rules(players=3), "strong:1", "baseline", deals=2, seed=10)
    assert [(d, r) for d, r, _ in seen] == [(10, 0), (10, 1), (10, 2), (11, 0), (11, 1), (11, 2)]
    for _, rot, names in seen:
        assert names[rot] == "strong:1"
        assert [n for s, n in enumerate(names) if s != rot] == ["baseline"] * 2
    assert res.games == 6 and len(res.score) == 2


def test_baseline_against_itself_scores_exactly_half_with_two_players() -> None:
    """Both sides of every deal are played by the same deterministic policy: each deal's
    two games are mirror images, so the duplicate score is exactly 1/2 whatever the luck."""
    res = arena.run(Rules(players=2), "baseline", "baseline", deals=6)
    assert all(s == 0.5 for s in res.score)


def test_an_arena_run_is_reproducible() -> None:
    a = arena.run(Rules.preset("perevodnoy"), "strong:2", "baseline", deals=2, seed=3)
    b = arena.run(Rules.preset("perevodnoy"), "strong:2", "baseline", deals=2, seed=3)
    assert a.score == b.score and a.durak == b.durak


def test_the_oracle_is_the_only_player_handed_the_full_game() -> None:
    assert isinstance(arena.contestant("oracle"), OraclePlayer)
    assert not isinstance(arena.contestant("strong"), OraclePlayer)
    assert isinstance(arena.contestant("oracle:3"), OraclePlayer)


def test_arena_cli(capsys: pytest.CaptureFixture[str]) -> None:
    """The arena's command line, ``python -m lab.durak.arena`` (one deal: the options
    read and the figures printed are what a longer run prints)."""
    assert arena.main(["--players", "2", "--games", "1", "--preset", "podkidnoy",
                       "--test", "strong:1", "--reference", "baseline"]) == 0
    out = capsys.readouterr().out
    assert "1 duplicate deals = 2 games" in out
    assert "strong:1 score" in out and "durak rate" in out
    assert arena.main(["--test", "strong:x"]) == 2
    assert "bad player" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["strong:²", "strong:" + "9" * 5000, "strong:0", "strong:-1",
                                  "strong-flatter:4", "oracle:1.5"])
def test_a_bad_worlds_count_is_the_arena_s_own_error(name: str) -> None:
    """A worlds count is 1 to 6 ASCII digits: "²" (a digit to ``str.isdigit``) or a
    5,000-digit number is refused by name, not by ``int()``'s ValueError."""
    with pytest.raises(UnknownLevelError, match="bad player"):
        arena.contestant(name)


def test_a_clean_sweep_gets_the_exact_bound_not_a_zero_width_interval() -> None:
    """60 games all won: the normal interval has no width; 0.025^(1/60) = 94.0% is the
    exact 95% lower bound."""
    from lab.stats import estimate

    assert arena.percent(estimate([1.0] * 30), 60) == "100.0% [94.0, 100.0] (all 60 games alike)"
    assert arena.percent(estimate([0.0] * 30), 60).startswith("0.0% [0.0, 6.0]")
    assert arena.percent(estimate([1.0, 0.0, 1.0, 1.0])).startswith("75.0% [")


def test_a_rate_near_a_bound_keeps_its_interval_within_0_to_100() -> None:
    """A rate cannot fall below 0% or rise above 100%: the normal interval of one deal in
    12 half lost (4.2% ± 9.2) is printed from 0.0, and its mirror up to 100.0."""
    from lab.stats import estimate

    assert arena.percent(estimate([0.0] * 11 + [0.5])) == "4.2% [0.0, 13.3]"
    assert arena.percent(estimate([1.0] * 11 + [0.5])) == "95.8% [86.7, 100.0]"


def test_per_deal_lines_give_each_deals_mean_over_its_seats(
        capsys: pytest.CaptureFixture[str]) -> None:
    """--per-deal: one line per deal with the duplicate mean, the figure pooled later."""
    res = arena.run(Rules(players=2), "baseline", "baseline", deals=3, seed=7, per_deal=True)
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"deal {d}: score 0.5 durak {x:.4g}" for d, x in
                     zip((7, 8, 9), res.durak, strict=True)]


def test_take_count_script(capsys: pytest.CaptureFixture[str]) -> None:
    """lab/durak/takes.py: its counts hang together, and a player that cannot play
    from a view (the oracle) or an unknown one is refused."""
    import re

    from lab.durak.takes import main as takes_main

    assert takes_main(["--level", "strong:2", "--games", "2"]) == 0
    out = capsys.readouterr().out
    m = re.search(r"(\d+) takes, (\d+) of them .* (\d+) defences could", out)
    assert m is not None, out
    takes, coverable, offered = map(int, m.groups())
    assert coverable <= takes and coverable <= offered
    assert takes_main(["--level", "oracle"]) == 2
    assert takes_main(["--level", "hard"]) == 2
    assert "error" in capsys.readouterr().err


#: The second game's decisions whose hint is asked again from the view and the reading:
#: the first 6; ``make check`` the first 2.
HINTS_AGAIN = sized(6, 2)


def test_the_hint_level_plays_the_page_s_hint_with_the_match_s_reading(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The arena's ``hint`` plays, at each of its decisions, what the page's hint shows
    there: :func:`durak.ai.hint.hint` on the seat's view with the seat's reading of the
    other player carried through the match, as ``strong`` carries its own: the match's
    second game reads on from where the first left it
    (:func:`durak.ai.reader.match_start`), not from nothing.  On a small tree
    (:func:`small_strong_search`: one search with one reading, at any budget)."""
    from durak.ai import advice
    from durak.ai.hint import hint
    from durak.ai.reader import game_reading, match_start

    asked: list[tuple[Game, float, object]] = []
    real_act, real_analyse, real_play = arena.act, advice.analyse, arena.play
    pending: list[Game] = []
    played: list[Game] = []

    def act(p: arena.Contestant, g: Game, rng: random.Random) -> Action:
        if isinstance(p, advice.HintPlayer):
            pending.append(g.clone())
        return real_act(p, g, rng)

    def analyse(view: PlayerView, reading: float = 0.0, seed: int | None = None,
                extra: Action | None = None) -> advice.Analysis:
        found = real_analyse(view, reading, seed, extra)
        asked.append((pending[-1], reading, found.options[0].action))
        return found

    def play(*args: Any) -> Game:
        played.append(real_play(*args))
        return played[-1]

    small_strong_search(monkeypatch)
    monkeypatch.setattr(arena, "act", act)
    monkeypatch.setattr(advice, "analyse", analyse)
    monkeypatch.setattr(arena, "play", play)
    res = arena.run(Rules(players=2), "hint", "baseline", deals=1, seed=1)
    assert res.games == 2 and res.followed is not None and res.followed[1] > 0
    start = match_start(played[:1], 0)  # the hint sat at seat 0, then at seat 1
    assert start.log_odds != 0.0
    second = [a for a in asked if a[0].to_act == 1]  # the match's second game: seat 1
    assert second and second[0][1] == start.log_odds
    for g, reading, _ in asked:
        s = g.to_act
        assert reading == game_reading(g, s, start if s == 1 else match_start([], 0))
    for g, reading, action in second[:HINTS_AGAIN]:
        assert hint(g.view(g.to_act), reading=reading).action == action


def test_hint_game_reads_afresh_in_each_game_where_hint_carries_the_match_s_reading() -> None:
    """``hint-game`` differs from ``hint`` only in forgetting the reading at a new game."""
    from durak.ai.advice import HintPlayer

    for name, kept in (("hint", True), ("hint-game", False)):
        p = arena.contestant(name)
        assert isinstance(p, HintPlayer)
        p.reader.log_odds = 3.0
        p.new_game()
        assert (p.reader.log_odds == 3.0) is kept
