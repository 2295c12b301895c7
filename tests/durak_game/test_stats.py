"""The human's Durak statistics across games on this device (games, durak rate per
variant and player count, average cards taken, transfers made, hints and undos used;
bad saved data is discarded): :mod:`durak.stats`, pure.
"""

from __future__ import annotations

import json
import random

import pytest

from durak.actions import Take, Transfer
from durak.game import Game
from durak.playout import play_random_game
from durak.rules import Rules
from durak.stats import (
    MAX_TALLIES,
    GameFacts,
    Stats,
    StatsError,
    Tally,
    count_game,
    count_hint,
    count_undo,
    decode_stats,
    encode_stats,
    game_facts,
    variant_of,
)

PODKIDNOY = "preset=podkidnoy"


def drawn_from_talon(game: Game, seat: int) -> int:
    """Cards ``seat`` drew in refills (the game's ``r`` events)."""
    return sum(len(got) for e in game.events if e[0] == "r" for s, got in e[1] if s == seat)


def new_cards(game: Game, seat: int) -> int:
    """Cards that came into ``seat``'s hand after the deal, by replaying and comparing
    the hand before and after each action (from the talon or from the table)."""
    replay = Game.from_deal(game.rules, game.deal, game.dealer, game.first_attacker)
    total = 0
    for s, a in game.actions():
        before = replay.hands[seat]
        replay.apply(a, s)
        total += (replay.hands[seat] & ~before).bit_count()
    return total


@pytest.mark.parametrize("rules", [Rules(), Rules(players=3), Rules(transfer=True),
                                   Rules(players=4, transfer=True)])
def test_cards_taken_are_the_new_cards_not_drawn_from_the_talon(rules: Rules) -> None:
    """Cards taken (docs/rules/durak.md §2.9, the defender picks up the table): every card
    that came into the hand after the deal came from the talon (a refill) or from the
    table (taken); 40 random games per rule set, seeds 0..39."""
    seen_taking = 0
    for seed in range(40):
        g = play_random_game(Game.new(rules, seed), random.Random(seed))
        assert g.result is not None
        facts = game_facts(g, 0)
        assert facts.taken == new_cards(g, 0) - drawn_from_talon(g, 0)
        assert facts.durak == (0 in g.result.durak) and facts.draw == g.result.draw
        assert facts.transfers == sum(1 for s, a in g.actions()
                                      if s == 0 and isinstance(a, Transfer))
        seen_taking += any(s == 0 and isinstance(a, Take) for s, a in g.actions())
    assert seen_taking > 10  # the check saw many games where the human took


def test_a_game_not_over_has_no_facts() -> None:
    with pytest.raises(ValueError, match="not over"):
        game_facts(Game.new(Rules(), 1), 0)


def test_each_variant_and_player_count_has_its_own_tally() -> None:
    """Per variant (the rules' text without the player count) and player count."""
    s = Stats()
    lost = GameFacts(durak=True, draw=False, taken=6, transfers=0)
    won = GameFacts(durak=False, draw=False, taken=2, transfers=0)
    drawn = GameFacts(durak=False, draw=True, taken=0, transfers=0)
    count_game(s, Rules(), lost, "1")
    count_game(s, Rules(), won, "2")
    count_game(s, Rules(), drawn, "3")
    count_game(s, Rules(players=4), lost, "4")
    count_game(s, Rules(transfer=True), GameFacts(False, False, 0, 3), "5")
    assert s.tallies[(PODKIDNOY, 2)] == Tally(games=3, durak=1, draws=1, taken=8)
    assert s.tallies[(PODKIDNOY, 2)].average_taken == pytest.approx(8 / 3)
    assert s.tallies[(PODKIDNOY, 4)].durak == 1
    assert s.tallies[("preset=perevodnoy", 2)].transfers == 3
    assert variant_of(Rules(players=3, transfer_show=True, transfer=True)) == (
        "preset=perevodnoy&transfer_show=on")


def test_the_same_game_is_never_counted_twice_in_a_row() -> None:
    s = Stats()
    facts = GameFacts(True, False, 3, 0)
    assert count_game(s, Rules(), facts, "7:1:99")
    assert not count_game(s, Rules(), facts, "7:1:99")
    assert count_game(s, Rules(), facts, "7:2:98")
    assert s.tallies[(PODKIDNOY, 2)].games == 2


def test_hints_and_undos_count_in_the_tally_of_the_rules_played() -> None:
    s = Stats()
    count_hint(s, Rules())
    count_hint(s, Rules())
    count_undo(s, Rules(players=3))
    assert s.tallies[(PODKIDNOY, 2)] == Tally(hints=2)
    assert s.tallies[(PODKIDNOY, 3)] == Tally(undos=1)


def test_beyond_the_limit_the_tally_counted_longest_ago_goes() -> None:
    s = Stats()
    count_hint(s, Rules())  # the oldest
    flags = ("redeal_suit", "redeal_ace", "six_swap", "throw_after_take", "pass_hands",
             "transfer")
    for i in range(MAX_TALLIES - 1):
        changes = {f: bool(i >> b & 1) for b, f in enumerate(flags)}
        count_hint(s, Rules(players=3).replace(**changes))
    assert len(s.tallies) == MAX_TALLIES
    count_undo(s, Rules())  # counted again: now the newest
    count_undo(s, Rules(players=5))  # a new one: the oldest other goes
    assert len(s.tallies) == MAX_TALLIES
    assert (PODKIDNOY, 2) in s.tallies and (PODKIDNOY, 5) in s.tallies
    assert list(s.tallies)[-2:] == [(PODKIDNOY, 2), (PODKIDNOY, 5)]


def test_the_stored_form_round_trips_in_order() -> None:
    s = Stats()
    count_game(s, Rules(players=3), GameFacts(True, False, 9, 0), "a")
    count_hint(s, Rules())
    count_undo(s, Rules.preset("team2"))
    again = decode_stats(encode_stats(s))
    assert again == s and list(again.tallies) == list(s.tallies)


def stored(tally: dict[str, object] | None = None, **top: object) -> str:
    entry: dict[str, object] = {"rules": PODKIDNOY, "players": 2, "games": 2, "durak": 1}
    entry.update(tally or {})
    return json.dumps({"version": 1, "last": "x", "tallies": [entry], **top})


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("{", "not valid JSON"),
        ("[]", "expected an object"),
        ("null", "expected an object"),
        ("x" * 200_000, "longer than the limit"),
        ("[" * 100_000 + "]" * 100_000, "longer than the limit"),
        ('{"version": 1, "tallies": [[[[]]]]}', "nested"),
        (stored(version=True), "version"),
        (stored(version="1"), "version"),
        (stored(version=2), "version"),
        (stored(extra=1), "unknown field"),
        (stored(last=5), "last"),
        (stored(tallies={}), "tallies"),
        (stored({"games": "2"}), "tallies[0].games"),
        (stored({"games": True}), "tallies[0].games"),
        (stored({"games": 2.0}), "tallies[0].games"),
        (stored({"hints": "false"}), "tallies[0].hints"),
        (stored({"undos": -1}), "tallies[0].undos"),
        (stored({"taken": 10**30}), "tallies[0].taken"),
        (stored({"durak": 3}), "more games lost or drawn than played"),
        (stored({"players": 7}), "tallies[0].players"),
        (stored({"players": "2"}), "tallies[0].players"),
        (stored({"rules": "<b>x</b>"}), "tallies[0].rules"),
        (stored({"rules": 5}), "tallies[0].rules"),
        (stored({"rules": "preset=" + "a" * 2000}), "tallies[0].rules"),
        (stored({"hack": 1}), "unknown field"),
        (json.dumps({"version": 1, "tallies": [{"rules": PODKIDNOY}]}), "players: missing"),
        (json.dumps({"version": 1, "tallies": [{"players": 2, "rules": PODKIDNOY}] * 2}),
         "a second tally"),
        (json.dumps({"version": 1, "tallies": [{}] * (MAX_TALLIES + 1)}), "more than the limit"),
    ],
)
def test_malformed_stored_statistics_are_refused_naming_the_field(text: str,
                                                                  names: str) -> None:
    """Hostile saved data: types checked, never coerced; sizes and depth bounded."""
    with pytest.raises(StatsError, match=names.replace("[", r"\[").replace("]", r"\]")):
        decode_stats(text)
