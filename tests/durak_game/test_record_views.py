"""Records are exact: a text and a JSON record replay to the same view
for every seat after every action, for every preset and random option mixes.

The replay is checked step by step: the record is replayed, its actions must be
the game's, and a game rebuilt from the replayed deal (``Game.from_deal`` with
the replay's dealer and first attacker, as the loaders build it) must show every
seat the same view as the original after each action (a JSON replay rebuilt from
what the text replay's game was rebuilt from is that same game, walked once).
Unfinished games count too (a mix that runs long is cut and its record checked as
it stands).
"""

from __future__ import annotations

import random
import re

import pytest

from durak.actions import SWAP_SIX
from durak.cards import RANK_6, RANKS, TWIN, card_text
from durak.game import Game, Phase
from durak.record import (
    RecordError,
    json_record,
    replay_json,
    replay_text,
    text_record,
    to_json,
)
from durak.rules import Rules, RulesError, buildable_presets
from lab.durak.fuzz_games import game_rules, play_checked, random_rules, replay_views

#: Actions a sampled game may take before its record is checked as it stands.
MAX_ACTIONS = 1500


def views(g: Game) -> list[str]:
    return [g.view(s).to_json() for s in range(g.n)]


def played(rules: Rules, seed: int) -> tuple[Game, list[list[str]]]:
    """A seeded random game and every seat's view before and after each action."""
    g = Game.new(rules, seed)
    rng = random.Random(seed)
    seen = [views(g)]
    for _ in range(MAX_ACTIONS):
        if g.phase is Phase.OVER:
            break
        g.apply(rng.choice(g.legal_actions()))
        seen.append(views(g))
    return g, seen


def assert_same_views(replayed: Game, original: Game, seen: list[list[str]], kind: str) -> None:
    assert replayed.actions() == original.actions(), f"{kind}: the actions differ"
    g = Game.from_deal(replayed.rules, replayed.deal, replayed.dealer, replayed.first_attacker)
    assert views(g) == seen[0], f"{kind}: the views differ before the first action"
    for i, (seat, action) in enumerate(replayed.actions()):
        g.apply(action, seat)
        assert views(g) == seen[i + 1], f"{kind}: the views differ after action {i + 1}"
    assert views(replayed) == seen[-1], f"{kind}: the replayed game's views differ"


def rebuilt_from(replayed: Game) -> tuple[object, ...]:
    """What :func:`assert_same_views` rebuilds a replay's game from, and the actions it
    applies: two replays equal in these rebuild the same game step by step."""
    return (replayed.rules, replayed.deal, replayed.dealer, replayed.first_attacker,
            replayed.actions())


def check_records(rules: Rules, seed: int) -> None:
    """Both records replay to the game's views; the JSON record's rebuilt game is walked
    again only where it is rebuilt from anything other than the text record's was."""
    g, seen = played(rules, seed)
    text = replay_text(text_record(g, seed=seed))
    assert_same_views(text, g, seen, "text")
    replayed = replay_json(to_json(json_record(g, seed=seed)))
    if rebuilt_from(replayed) != rebuilt_from(text):
        assert_same_views(replayed, g, seen, "json")
    assert replayed.actions() == g.actions(), "json: the actions differ"
    assert views(replayed) == seen[-1], "json: the replayed game's views differ"


def test_the_shown_lowest_trump_survives_the_replay() -> None:
    """§2.4: game 1's first attacker shows the lowest trump; every seat's view keeps it
    known after a replay, as the live game does."""
    g = Game.new(Rules(players=3), 0)
    shown = g.deal.opener_shown
    assert shown is not None and g.known[g.first_attacker] >> shown & 1
    for again in (replay_text(text_record(g)), replay_json(json_record(g))):
        assert again.known == g.known
        assert [again.view(s) for s in range(3)] == [g.view(s) for s in range(3)]


def test_a_later_game_of_a_match_shows_no_card() -> None:
    """§2.4: only the lowest-trump opener shows a card; a given first attacker shows none."""
    g = Game.new(Rules(players=3), 0, dealer=1, first_attacker=2)
    assert g.deal.opener_shown is None and "shown=" not in text_record(g)


def test_a_second_chance_turn_in_a_recycled_bout_replays_from_the_text_record() -> None:
    """§3.4: the turned card covers, the bout is recycled and the refill
    brings the card back to the defender; the text replay read it as taken."""
    check_records(Rules(second_chance=True, recycle=True, throw_after_take=True), 54)


@pytest.mark.parametrize("preset", buildable_presets())
def test_every_preset_replays_to_the_same_views(preset: str) -> None:
    for players in (2, 3, 4):
        try:
            rules = Rules.preset(preset).replace(players=players)
        except RulesError:
            continue
        check_records(rules, players)


@pytest.mark.sweep(quick=8)
@pytest.mark.parametrize("mix", range(24))
def test_random_option_mixes_replay_to_the_same_views(mix: int) -> None:
    rules = random_rules(random.Random(5000 + mix))
    check_records(rules, mix)


@pytest.mark.parametrize("mix", range(4))
def test_inverted_mixes_replay_to_the_same_views(mix: int) -> None:
    rules = random_rules(random.Random(6000 + mix), inverted=True)
    check_records(rules, mix)



def test_six_swap_before_a_changing_trump_turns_the_closed_suit_writes_its_record() -> None:
    """§3.1: the trump 6 is swapped in, later a cover turns the
    closed suit (spades) up, so no suit is trump at the end; the ``w`` token names the 6
    of the suit turned at the swap (writing the record asserted a trump at the end)."""
    rules = Rules.preset("perevodnoy").replace(
        players=4, six_swap=True, trump="changing", closed_suit="spades_q")
    g, _ = played(rules, 11)
    turned = g.deal.trump_card
    swaps = []
    for e in g.events:
        if e[0] == "trump":
            turned = e[1]
        elif e[0] == "a" and e[2] == SWAP_SIX:
            assert turned is not None
            swaps.append(f"w{e[1]}:{card_text(turned % TWIN // RANKS * RANKS + RANK_6)}")
    assert swaps and g.trump is None
    assert swaps[0][-1] != "S"  # swapped while another suit was trump
    assert all(w in text_record(g).split() for w in swaps)
    check_records(rules, 11)


def test_attacker_priority_attacker_passing_then_throwing_replays_from_the_text_record() -> None:
    """§3.2 ``throw_order=attacker_priority``: after another player throws and passes the
    attacker is offered, then the others clockwise and the attacker again; an attacker
    who passed at the first offer and threw at the second was replayed as throwing at
    the first (the pass is now written ``-s``)."""
    rules = Rules(players=5, throw_order="attacker_priority")
    g, _ = played(rules, 0)
    assert " -2 +2:KS " in text_record(g)
    check_records(rules, 0)


@pytest.mark.parametrize("bad", ["-9", "-x", "-2 -2", "-3", "-" + "9" * 30])
def test_a_damaged_written_pass_is_the_record_error(bad: str) -> None:
    """§7 record with the written pass ``-s`` of §3.2's throw orders: a seat that is
    never offered, not a number, a pass too many or a huge number is refused with
    :class:`RecordError`."""
    g, _ = played(Rules(players=5, throw_order="attacker_priority"), 0)
    text = text_record(g).replace(" -2 +2:KS ", f" {bad} +2:KS ")
    with pytest.raises(RecordError):
        replay_text(text)


@pytest.mark.parametrize("seed", range(3))
def test_doubt_challenge_rounds_with_attacker_priority_replay_to_the_same_views(seed: int) -> None:
    """§3.5 ``doubt`` with §3.2 ``attacker_priority``: a challenge round's passes follow a
    cover, never a throw-in, so none is written as ``-s``; the records replay exactly."""
    check_records(Rules(players=4, doubt=True, throw_order="attacker_priority"), seed)


def test_sly_cover_after_the_coverers_own_pass_replays_from_the_text_record() -> None:
    """§3.2 ``sly`` with ``attacker_priority`` and ``throw_after_take``: a thrower who
    passed and was offered again covers their own card; the replay covered at the first
    offer (the pass is now written ``-s`` before the ``/s:C=X`` cover)."""
    rules = Rules(players=4, throw_order="attacker_priority", sly="sly", throw_after_take=True)
    g, _ = played(rules, 12)
    assert re.search(r" -(\d) /\1:", text_record(g))
    check_records(rules, 12)


@pytest.mark.parametrize(("seed", "passes"), [(22, "/0:TC=7D -2 +2:7H"),
                                              (29, "/0:TD=KS -0 /0:JD=KH"),
                                              (0, "/3:JD=9D -1 /1:KS=9S")])
def test_passes_after_a_sly_cover_are_written(seed: int, passes: str) -> None:
    """§3.2 ``sly`` with ``attacker_priority`` (game 201130 of the 100,000-game fuzz
    run): after a sly cover the window goes on, and a seat
    that passes there and is offered again before it plays must have the pass written
    (``-s``): the record counted passes only right after a throw-in, so the replay
    played the card at the seat's first offer."""
    rules = Rules(players=4, throw_order="attacker_priority", sly="sly", throw_after_take=True)
    g, _ = played(rules, seed)
    assert f" {passes} " in text_record(g)
    check_records(rules, seed)


@pytest.mark.sweep(quick=4)
@pytest.mark.parametrize("seed", range(12))
def test_the_fuzz_run_s_mix_replays_to_the_same_views(seed: int) -> None:
    """The mix of game 201130 (five players, sly, attacker_priority, american,
    second_chance, chukchi talon): every record of it replays to the same views."""
    rules = Rules.from_text(
        "preset=podkidnoy&players=5&hand_size=5&redeal_suit=on&throw_order=attacker_priority"
        "&throw_after_take=on&sly=sly&american=on&second_chance=on&talon=chukchi")
    check_records(rules, seed)


@pytest.mark.parametrize("game", [2461, 15470, 18601])
def test_a_defender_covering_a_card_transferred_back_replays(game: int) -> None:
    """§3.5 doubt with transfers (games of the 100,000-game fuzz run, seed 1): with two
    players a transfer hands the attacker back their own card to defend; that cover is
    the defender's (a doubt round follows it), not a sly one, so the passes after it
    are not written as ``-s`` (a first fix of the sly record counted them)."""
    g = play_checked(game_rules(1, game), game)
    assert g is not None
    own, text, js = replay_views(g, game)
    assert text == own and js == own
