"""The family's one save (:mod:`durak.family.save`): every game of the family written
in one form and read back to the same table, every field checked (types never
coerced, sizes bounded, a wrong field named), and saves in the page's three earlier
forms (written by the page before this form, ``tests/data/saves``) still loading."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from durak.actions import action_text
from durak.family import GAMES, new_game
from durak.family import save as save_mod
from durak.family.save import (
    SavedGame,
    SaveError,
    decode,
    decode_pile_v1,
    encode,
)
from durak.family.series import Series, deal_game, next_dealer
from durak.rules import Rules
from durak.suit_deal.old_save import decode_v1 as decode_suit_deal_v1
from lab.durak.match import Match, of_match

DATA = Path(__file__).parents[1] / "data" / "saves"
OLD_MATCH = (DATA / "durak_match_v1.json").read_text().strip()
OLD_PILE = (DATA / "durak_pile_v1.json").read_text().strip()
OLD_SUIT_DEAL = (DATA / "durak_suit_deal_v1.json").read_text().strip()
#: Per mode, a save of the one form written before the series was one record.
FAMILY_V2: dict[str, str] = json.loads((DATA / "family_v2.json").read_text())


def _play(g: Any, rng: random.Random, moves: int | None = None) -> None:
    k = 0
    while not g.is_over and (moves is None or k < moves):
        g.apply(rng.choice(list(g.legal_actions())))
        k += 1


def _series(mode: str, seed: int = 3) -> SavedGame:
    """Two finished games and a third in progress of ``mode`` (3 players)."""
    rng = random.Random(seed)
    text = f"mode={mode}&players=3"
    if mode == "durak":
        m = Match(Rules.from_text(text), seed=seed)
        for _ in range(2):
            _play(m.game, rng)
            m.next_game()
        _play(m.game, rng, 5)
        return of_match(m, seed)
    game = new_game(text, seed)
    rules = game.rules
    finished: list[tuple[Any, int]] = []
    results: list[tuple[int, ...]] = []
    dealer: int | None = None
    for number in (1, 2):
        g = deal_game(rules, seed, number, dealer)
        _play(g, rng)
        finished.append((g, number))
        results.append(GAMES[mode].scoring.durak_of(g) or ())
        dealer = next_dealer(g)
    g = deal_game(rules, seed, 3, dealer)
    _play(g, rng, 5)
    return SavedGame(Series(rules, seed, 3, dealer, tuple(results)), tuple(finished), g)


@pytest.mark.parametrize("mode", list(GAMES))
def test_every_game_of_the_family_round_trips_through_one_form(mode: str) -> None:
    saved = _series(mode)
    text = encode(saved)
    data = json.loads(text)
    assert (data["version"], data["mode"], data["seed"], data["game"]) == (2, mode, 3, 3)
    back = decode(text)
    assert back.series.rules == saved.series.rules and back.series.results == saved.series.results
    assert back.game.view(0) == saved.game.view(0)
    assert [n for _g, n in back.finished] == [1, 2]
    assert encode(back) == text


@pytest.mark.parametrize("mode", list(GAMES))
def test_a_save_of_this_form_written_earlier_loads_and_writes_back_the_same(mode: str) -> None:
    text = FAMILY_V2[mode]
    saved = decode(text)
    data = json.loads(text)
    series = saved.series
    # The ordinary game's save leaves its dealer out (its match replays every game and so
    # deals game 3 by the durak of game 2); its series names that dealer.
    dealer = saved.game.dealer if mode == "durak" else data["dealer"]
    assert (series.seed, series.number, series.dealer) == (5, data["game"], dealer)
    assert [list(r) for r in series.results] == data["results"]
    if mode != "durak":
        assert encode(saved) == text
        return
    # The ordinary game's earlier saves named no dealer; written again, they name each.
    again = encode(saved)
    assert json.loads(again)["dealer"] == dealer and encode(decode(again)) == again
    assert decode(again).game.view(0) == saved.game.view(0)


def test_the_ordinary_games_earlier_save_loads_to_the_same_match() -> None:
    saved = decode(OLD_MATCH)
    old = json.loads(OLD_MATCH)
    assert saved.series.seed == old["seed"] == 7
    assert [[f"{s} {action_text(a)}" for s, a in g.actions()] for g, _n in saved.finished] \
        == old["games"][:-1]
    assert saved.series.number == len(old["games"]) and len(saved.game.actions()) == 9
    assert decode(encode(saved)).game.view(0) == saved.game.view(0)


def test_the_pile_games_earlier_save_loads_to_the_same_series() -> None:
    saved = decode_pile_v1(OLD_PILE)
    old = json.loads(OLD_PILE)
    assert (saved.series.number, saved.series.dealer) == (old["game"], old["dealer"])
    assert saved.series.results == tuple((r,) for r in old["results"])
    assert len(saved.game.state.history) == len(old["actions"])
    assert [n for _g, n in saved.finished] == [1, 2]
    assert decode(encode(saved)).game.state == saved.game.state


def test_suit_deals_earlier_save_loads_to_the_same_series() -> None:
    saved = decode_suit_deal_v1(OLD_SUIT_DEAL)
    old = json.loads(OLD_SUIT_DEAL)
    assert saved.series.number == old["game"] == 2
    assert [sum(s in r for r in saved.series.results) for s in range(3)] == old["tally"]
    assert saved.game.play is not None
    again = decode(encode(saved))
    assert again.game.play.view(0) == saved.game.play.view(0)


@pytest.mark.parametrize(("change", "named"), [
    ({"version": True}, "version"),
    ({"version": 3}, "version"),
    ({"mode": "Heap"}, "mode"),
    ({"mode": 7}, "mode"),
    ({"rules": "mode=chinese&players=3"}, "rules"),
    ({"rules": "mode=heap&heap_take=sideways"}, "rules"),
    ({"seed": "3"}, "seed"),
    ({"seed": -1}, "seed"),
    ({"game": 2.0}, "game"),
    ({"game": 4}, "results"),
    ({"dealer": None}, "dealer"),
    ({"dealer": 9}, "dealer"),
    ({"results": [[0], [0, 0]]}, "results[1]"),
    ({"results": [[0], ["1"]]}, "results[1][]"),
    ({"results": [[7], [1]]}, "results[0][]"),
    ({"finished": "x"}, "finished"),
    ({"finished": [{"dealer": None, "actions": []}] * 3}, "finished"),
    ({"finished": [[], []]}, "finished[0]"),
    ({"actions": ["0 ZZ"]}, "actions[0]"),
    ({"actions": ["²" + " !"]}, "actions[0] seat"),
    ({"actions": ["0 " + "!" * 5000]}, "actions[0]"),
    ({"scored": True}, "scored"),
])
def test_a_wrong_field_is_refused_naming_it(change: dict[str, object], named: str) -> None:
    data = json.loads(encode(_series("heap")))
    with pytest.raises(SaveError) as e:
        decode(json.dumps({**data, **change}))
    assert str(e.value).startswith(named), str(e.value)


def test_a_finished_games_result_must_be_the_replayed_one() -> None:
    data = json.loads(encode(_series("kurukuru")))
    first = data["results"][0]
    data["results"][0] = [1] if first != [1] else [2]
    with pytest.raises(SaveError, match=r"^results\[0\]"):
        decode(json.dumps(data))


@pytest.mark.parametrize("text", ["", "[]", "null", "{" * 100 + "}" * 100, "x" * 5_000_000])
def test_what_is_no_save_object_is_refused(text: str) -> None:
    with pytest.raises(SaveError):
        decode(text)


# ---- the people at the table (pass-and-play) ------------------------------------------


@pytest.mark.parametrize("mode", list(GAMES))
def test_the_people_at_a_pass_and_play_table_are_saved_and_read_back(mode: str) -> None:
    """Several people sharing the device: their seats are a field of the save (any
    game of the family), so a reload seats them again instead of computers."""
    saved = replace(_series(mode), humans=(0, 1, 2))
    text = encode(saved)
    assert json.loads(text)["humans"] == [0, 1, 2]
    back = decode(text)
    assert back.humans == (0, 1, 2)
    assert encode(back) == text


def test_the_ordinary_matchs_people_ride_with_its_match() -> None:
    m = Match(Rules.from_text("players=3"), seed=5)
    assert decode(encode(of_match(m, 5, (0, 2)))).humans == (0, 2)


@pytest.mark.parametrize("saved", [
    lambda: _series("durak"), lambda: _series("heap"),
    lambda: decode(OLD_MATCH), lambda: decode_pile_v1(OLD_PILE),
    lambda: decode_suit_deal_v1(OLD_SUIT_DEAL),
], ids=["durak", "heap", "match-v1", "pile-v1", "suit-deal-v1"])
def test_a_save_without_people_is_one_persons_against_the_computers(saved: Any) -> None:
    """Every save written before the field (and a lone player's, which omits it)
    loads as seat 0's person against the computers."""
    one = saved()
    text = encode(one)
    assert "humans" not in json.loads(text)
    assert one.humans == (0,) and decode(text).humans == (0,)


@pytest.mark.parametrize("humans", [
    None, "0,1", {"0": 1}, [], [1], [1, 0], [0, 0], [0, "1"], [0, True], [0, 1.0],
    [0, -1], [0, 3], [0, 1, 2, 0], [[0, 1]],
])
def test_hostile_people_are_refused_naming_the_field(humans: object) -> None:
    """The field is checked like every other (never coerced): a list of distinct seats
    of the table, the device's owner's (seat 0) first, at most one per seat."""
    for mode in ("durak", "heap"):
        data = json.loads(encode(_series(mode)))
        with pytest.raises(SaveError, match=r"^humans"):
            decode(json.dumps({**data, "humans": humans}))


@pytest.mark.parametrize("mode", ["durak", "crusaders"])
def test_a_save_writes_each_finished_games_actions_once(
        mode: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished game's actions never change: the save after every move writes them
    from the text it wrote before, and the whole save is what writing everything
    afresh gives."""
    saved = _series(mode)
    written: list[object] = []
    lines = save_mod._lines

    def counted(entry: Any, game: Any) -> list[str]:
        written.append(game)
        return lines(entry, game)

    monkeypatch.setattr(save_mod, "_lines", counted)
    first = encode(saved)
    _play(saved.game, random.Random(1), 3)
    written.clear()
    second = encode(saved)
    assert written == [saved.game]  # the game on the table only
    save_mod._FINISHED_LINES.clear()
    assert encode(saved) == second != first
    assert decode(second).game is not None


def test_a_won_cube_match_saves_its_last_game_on_the_table_and_reads_its_earlier_scored_flag(
) -> None:
    """§7 ``match=cube15``: the game that brings a seat to 15 points ends the match and
    stays on the table; its save says so by its games alone, and an earlier save's
    ``scored`` flag is read (only where the match is won)."""
    rules = Rules.preset("championship")
    m, rng = Match(rules, seed=3), random.Random(3)
    while not m.is_over:
        _play(m.game, rng)
        m.next_game()
    text = encode(of_match(m, 3))
    assert "scored" not in json.loads(text)
    saved = decode(text)
    assert saved.game.is_over and saved.series.won(saved.game)
    assert saved.series.points_of(saved.game) == m.points
    assert decode(text[:-1] + ',"scored":true}').series == saved.series
    going_on = Match(rules, seed=3)
    _play(going_on.game, rng)
    with pytest.raises(SaveError, match="scored: the last game was scored but the match goes on"):
        decode(encode(of_match(going_on, 3))[:-1] + ',"scored":true}')
