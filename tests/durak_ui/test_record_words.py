"""The record in words ("bout by bout, who attacked whom with what, covers,
transfers, throw-ins, takes, refills, who went out, in the page's language with card
symbols"), read from docs/rules/durak.md §7's text record."""

from __future__ import annotations

import random

import pytest

from durak.game import Game
from durak.record import text_record
from durak.rules import Rules
from durak.ui_dom.record.record_words import MAX_LINES, words

NAMES = ["You", "CPU1", "CPU2"]


def test_a_bout_with_cover_and_throw_in_reads_in_english() -> None:
    # §7: "+s:C" opens, a later "+s:C" throws in, "/s:C=X" covers X with C.
    text = "b1 0>1 +0:7C /1:9C=7C +2:7H /1:KH=7H beaten\n"
    assert words(text, NAMES, "en") == [
        "Bout 1, You attacked CPU1: You led 7♣; CPU1 covered 7♣ with 9♣; "
        "CPU2 threw in 7♥; CPU1 covered 7♥ with K♥; beaten, to the discard pile."
    ]


def test_a_take_a_refill_an_out_and_the_durak_read_in_japanese() -> None:
    # §7: "!" the defender takes, "taken" ends the bout, "r" refills, "out", "end".
    text = "b2 1>2 +1:8S ! +0:8H taken\nr 0:QS 2:AC\nout 1\nend durak=2\n"
    assert words(text, ["あなた", "CPU1", "CPU2"], "ja") == [
        "第2バウト（CPU1→CPU2）: CPU1が8♠で攻撃、CPU2が引き取ると宣言、あなたが8♥を追加、"
        "CPU2が8♠・8♥を引き取り。",
        "補充: あなたがQ♠、CPU2がA♣",
        "CPU1があがり",
        "ドゥラーク: CPU2",
    ]


def test_a_transfer_names_the_new_defender_with_two_players() -> None:
    # §3.3 perevodnoy: the defender passes the attack on; with two players the
    # transferrer's next opponent is the other player, who then takes.
    text = "b3 0>1 +0:JH >1:JS,JC ! taken\n"
    assert words(text, NAMES[:2], "en") == [
        "Bout 3, You attacked CPU1: You led J♥; CPU1 transferred with J♠ and J♣; "
        "You chose to take; You took J♥, J♠ and J♣."
    ]


def test_a_transfer_with_more_players_says_the_defender_until_they_cover() -> None:
    text = "b1 0>1 +0:6H >1:6S /2:9H=6H beaten\n"
    line = words(text, NAMES, "en")[0]
    assert "CPU1 transferred with 6♠; CPU2 covered 6♥ with 9♥" in line
    assert words("b1 0>1 +0:6H >1:6S ! taken\n", NAMES, "en")[0].endswith(
        "the defender chose to take; the defender took 6♥ and 6♠.")


def test_a_take_names_every_card_on_the_table_covers_too() -> None:
    # §3.2 take=all (the default): the defender picks up the whole table, the cards
    # it covered with too; the words name them, as the pile games' takes do.
    text = "b4 2>0 +2:8C /0:7D=8C +1:7S,7C ! taken\n"
    assert words(text, NAMES, "en")[0].endswith(
        "You chose to take; You took 8♣, 7♦, 7♠ and 7♣.")
    assert words(text, ["あなた", "CPU1", "CPU2"], "ja")[0].endswith(
        "あなたが引き取ると宣言、あなたが8♣・7♦・7♠・7♣を引き取り。")


def test_a_take_with_take_unbeaten_names_only_the_uncovered_attacks() -> None:
    # §3.2 take=unbeaten: the defender picks up the attacks left uncovered; the
    # covered pairs go to the discard pile.
    text = ("DURAK preset=podkidnoy opts=players:3,take:unbeaten seed=3 game=1\n"
            "b8 2>0 +2:8C /0:7D=8C +1:7S,7C /0:TS=7S ! taken\n")
    assert words(text, NAMES, "en")[0].endswith("You chose to take; You took 7♣.")


def test_a_take_the_record_cannot_tell_is_said_without_cards() -> None:
    # §3.4 a card tried from the talon that did not beat: the record alone does not
    # say where it went, so the take is said as taking "the cards", never a guess.
    text = "b1 0>1 +0:7C @1:8D=7C ! taken\n"
    assert words(text, NAMES, "en")[0].endswith("CPU1 took the cards.")


def test_several_cards_read_as_a_list_and_a_refill_keeps_its_drawers_apart() -> None:
    # One way of listing cards in the family's records: "7♠, 7♣ and 7♥" / 「7♠・7♣・7♥」;
    # a refill's drawers are apart as a bout's moves are, so the lists do not run together.
    text = "b1 0>1 +0:7S,7C,7H /1:9S=7S /1:9C=7C /1:9H=7H beaten\nr 0:QS,AC 1:6H\n"
    en = words(text, NAMES, "en")
    assert "You led 7♠, 7♣ and 7♥;" in en[0]
    assert en[1] == "Refill: You drew Q♠ and A♣; CPU1 drew 6♥"
    ja = words(text, ["あなた", "CPU1", "CPU2"], "ja")
    assert "あなたが7♠・7♣・7♥で攻撃" in ja[0]
    assert ja[1] == "補充: あなたがQ♠・A♣、CPU1が6♥"


@pytest.mark.parametrize("seed", range(12))
def test_a_whole_game_names_exactly_the_cards_each_take_picked_up(seed: int) -> None:
    """Seeds 0 to 11, presets in turn, 2 to 4 players, take=all and take=unbeaten
    alternately (§3.2): the cards a bout's take names are those the defender's hand
    gained at that take (read from the game's hands, before the refill)."""
    from durak.cards import card_label, cards_of
    from durak.rules import PRESET_NAMES

    rules = Rules.preset(PRESET_NAMES[seed % len(PRESET_NAMES)])
    rules = rules.replace(players=2 + seed % 3, take="unbeaten" if seed % 2 else "all")
    game = Game.new(rules, seed)
    rng = random.Random(seed)
    picked: list[list[str]] = []
    while game.result is None:
        before = list(game.hands)
        events = len(game.events)
        game.apply(rng.choice(game.legal_actions()))
        new = game.events[events:]
        if any(e[0] == "taken" for e in new):
            drawn = dict.fromkeys(range(game.n), 0)
            for e in new:
                for s, cards in e[1] if e[0] == "r" else ():
                    drawn[s] |= sum(1 << c for c in cards)
            gained = [game.hands[s] & ~before[s] & ~drawn[s] for s in range(game.n)]
            taker = next(s for s in range(game.n) if gained[s])
            picked.append(sorted(card_label(c) for c in cards_of(gained[taker])))
    seats = ["You", "CPU1", "CPU2", "CPU3"]
    said = [line for line in words(text_record(game), seats, "en")
            if line.startswith("Bout") and " took " in line]
    assert len(said) == len(picked)
    for line, want in zip(said, picked, strict=True):
        named = line.rsplit(" took ", 1)[1].rstrip(".")
        assert named == "the cards" or sorted(named.replace(" and ", ", ").split(", ")) == want, \
            (line, want)


def test_the_trump_line_and_a_draw() -> None:
    text = "DURAK preset=podkidnoy game=1\nseats 0:P1 1:P2\ndeal 0:6S 1:7S\n" \
           "trump 9D talon=24\nend draw\n"
    assert words(text, NAMES, "en") == ["Trump: 9♦ (24 cards in the talon)", "A draw"]


def test_an_unknown_token_is_shown_as_written_not_dropped() -> None:
    assert words("b1 0>1 +0:7C zz9\nmystery line\n", NAMES, "en") == [
        "Bout 1, You attacked CPU1: You led 7♣; (record: zz9).", "(record: mystery line)"]


def test_a_huge_pasted_record_is_cut_with_a_line_saying_so() -> None:
    lines = words("out 0\n" * (MAX_LINES + 50), NAMES, "en")
    assert len(lines) == MAX_LINES + 1
    assert lines[-1] == f"(cut after {MAX_LINES} lines)"


@pytest.mark.parametrize("preset", ["podkidnoy", "perevodnoy"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_line_of_a_played_game_reads_in_both_languages(preset: str, seed: int) -> None:
    rules = Rules.preset(preset)
    game = Game.new(rules, seed)
    rng = random.Random(seed)
    while game.result is None:
        game.apply(rng.choice(game.legal_actions()))
    text = text_record(game, NAMES[:2])
    written = [line for line in text.splitlines()
               if line.split()[0] not in ("DURAK", "seats", "deal")]
    for lang in ("en", "ja"):
        said = words(text, NAMES[:2], lang)
        assert len(said) == len(written)
        assert not any("record:" in s or "記録:" in s for s in said), said
        bouts = sum(1 for line in written if line.startswith("b"))
        assert sum(1 for s in said if s.startswith(("Bout", "第"))) == bouts
