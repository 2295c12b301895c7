"""At pass-and-play the person holding the device is called by their name too.

With the device going round, 「あなた」 alone does not say whose hand the screen
shows: the holder's seat reads 「Aki（あなた）」 in both games, the hand 「Akiの手札」,
and the end names the people (who lost, the final rank); alone at the table the
player is still just 「あなた」."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardkit.ui_dom.pass_play import Handover
from durak.ui_dom import i18n as durak_i18n
from durak.ui_dom.table import card_words as durak_words
from napoleon.ui_dom import card_words as napoleon_words
from napoleon.ui_dom import i18n as napoleon_i18n


@pytest.fixture(autouse=True)
def alone_after() -> Iterator[None]:
    yield
    durak_words.set_people(None)
    napoleon_words.set_seats(0, None, {})
    durak_i18n.set_language("ja")
    napoleon_i18n.set_language("ja")


@pytest.mark.parametrize(("lang", "want"), [("ja", "Aki（あなた）"), ("en", "Aki (you)")])
def test_durak_calls_the_holder_by_name(lang: str, want: str) -> None:
    durak_i18n.set_language(lang)
    people = Handover((0, 1), {1: "Aki"})
    people.hand_to(1)
    durak_words.set_people(people)
    assert durak_words.seat_name(1) == want
    assert durak_words.seat_name(0) == {"ja": "プレイヤー1", "en": "Player 1"}[lang]
    durak_words.set_people(None)
    assert durak_words.seat_name(0) == {"ja": "あなた", "en": "You"}[lang]


@pytest.mark.parametrize(("lang", "want"), [("ja", "アキ（あなた）"), ("en", "アキ (you)")])
def test_napoleon_calls_the_holder_by_name(lang: str, want: str) -> None:
    napoleon_i18n.set_language(lang)
    napoleon_words.set_seats(2, Handover((0, 2), {2: "アキ"}))
    assert napoleon_words.seat_name(2) == want
    napoleon_words.set_seats(0, None)
    assert napoleon_words.seat_name(0) == {"ja": "あなた", "en": "You"}[lang]


@pytest.mark.parametrize(("lang", "hand", "lost", "out"), [
    ("ja", "Akiの手札", "Akiの負けです", "プレイヤー1、Akiは負けを免れました"),
    ("en", "Aki's hand", "Aki: the durak", "Player 1, Aki: got out, not the durak"),
])
def test_durak_names_the_holders_hand_and_the_people_at_the_end(
        lang: str, hand: str, lost: str, out: str) -> None:
    """Pass-and-play names the hand it shows and, at the end, the people who lost (or
    that all of them got out), never "you": the device has gone round.  Alone at the
    table it is still "your hand" and "you"."""
    durak_i18n.set_language(lang)
    people = Handover((0, 1), {1: "Aki"})
    people.hand_to(1)
    durak_words.set_people(people)
    assert durak_words.hand_label(1) == hand
    assert durak_words.outcome({1}, 0) == lost  # whoever holds the device last
    assert durak_words.outcome({2}, 1) == out
    durak_words.set_people(None)
    assert durak_words.hand_label(0) == {"ja": "あなたの手札", "en": "Your hand"}[lang]
    assert durak_words.outcome({0}, 0) == {"ja": "あなたの負けです",
                                           "en": "You are the durak"}[lang]


@pytest.mark.parametrize(("lang", "hand", "final"), [
    ("ja", "アキの手札", "アキは 2 位（5 点）"),
    ("en", "アキ's hand", "アキ finished #2 with 5 points"),
])
def test_napoleon_names_the_holders_hand_and_final_rank(lang: str, hand: str, final: str) -> None:
    """Pass-and-play names the hand it shows and the final rank it says (the one
    holding the device at the match's end), never "you"; alone, it is "you"."""
    napoleon_i18n.set_language(lang)
    napoleon_words.set_seats(2, Handover((0, 2), {2: "アキ"}))
    assert napoleon_words.own_words("label.hand") == hand
    assert napoleon_words.own_words("match.final", rank=2, points=5) == final
    napoleon_words.set_seats(0, None)
    assert napoleon_words.own_words("label.hand") == {"ja": "あなたの手札", "en": "Your hand"}[lang]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_durak_records_name_the_people_without_you(lang: str) -> None:
    """A game's record and review at pass-and-play are the table's, not the holder's:
    every person is written by their name alone (Napoleon's 譜 does the same), never
    with "(you)" beside whoever held the device when it was written."""
    durak_i18n.set_language(lang)
    people = Handover((0, 1), {1: "Aki"})
    people.hand_to(1)
    durak_words.set_people(people)
    assert durak_words.seat_names(3) == [
        {"ja": "プレイヤー1", "en": "Player 1"}[lang], "Aki", "CPU2"]
    assert durak_words.seat_name(1) != "Aki"  # the table's label keeps "(you)"
