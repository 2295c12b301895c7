"""At pass-and-play the person holding the device is called by their name too.

The holder's seat read only 「あなた」: with the device going round, the screen did not
say whose hand it showed.  Now it reads 「Aki（あなた）」 in both games; alone at the
table the player is still just 「あなた」."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardkit.ui_dom.pass_play import Handover
from durak.ui_dom import card_words as durak_words
from durak.ui_dom import i18n as durak_i18n
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
