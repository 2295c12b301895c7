"""English grammar of the lines that name the human: the log, the
announcements and the status say the human's moves with "You" as the subject
("You laid the 9 of hearts", "You took"), so no English line may put a verb in the
third person after it ("You lays", "You takes", "You is").  Both games' catalogs:
Durak's page (the ordinary game and the pile games) and Napoleon's.  The lines
are in the past tense, which reads the same after "You" and after "CPU1" (as the
record's words, :mod:`durak.ui_dom.record.strings_record`)."""

from __future__ import annotations

import re
import string

import pytest

from durak.cards import parse_card
from durak.pile.actions import FROM_TALON, TAKE, lay
from durak.ui_dom import i18n as durak_i18n
from durak.ui_dom.play.pile_controller import HUMAN, TalonTurn
from durak.ui_dom.table.card_words import seat_name
from durak.ui_dom.table.move_words import move_text
from napoleon.ui_dom import i18n as napoleon_i18n

#: The fields that hold a player's name in the catalogs' lines.
SEAT_FIELDS = frozenset({"name", "who", "names", "seat", "player"})
#: A verb in the third person right after "You" (lays, takes, passes, is, has).
THIRD_PERSON = re.compile(r"\bYou (is|was|has|does|[a-z]*[a-rt-z]s)\b")


def with_you(text: str) -> str:
    """``text`` with every seat field filled with "You", the other fields with "X"."""
    names = {f for _, f, _, _ in string.Formatter().parse(text) if f}
    return text.format(**{f: "You" if f in SEAT_FIELDS else "X" for f in names})


@pytest.mark.parametrize("catalog", [durak_i18n.catalog, napoleon_i18n.catalog],
                         ids=["durak", "napoleon"])
def test_no_english_line_says_you_with_a_third_person_verb(
    catalog: object,
) -> None:
    assert callable(catalog)
    wrong = {key: with_you(texts["en"]) for key, texts in catalog().items()
             if THIRD_PERSON.search(with_you(texts["en"]))}
    assert wrong == {}


def test_the_checker_catches_the_wrong_forms() -> None:
    """The test above can fail: the forms the issue saw are caught, the right ones not."""
    for bad in ("You lays the 9 of hearts", "You takes", "Game over: You is the durak",
                "it beat, so You passes"):
        assert THIRD_PERSON.search(bad), bad
    for good in ("You laid the 9 of hearts", "You took", "You pass", "You doubted: X"):
        assert not THIRD_PERSON.search(good), good


def test_the_humans_own_pile_moves_read_in_english() -> None:
    """The log's lines of the human's moves in a pile game (never "You lays …")."""
    durak_i18n.set_language("en")
    try:
        you = seat_name(HUMAN)
        assert move_text(you, lay(parse_card("9H"))) == "You laid the 9 of hearts"
        assert move_text(you, TAKE) == "You took"
        turn = TalonTurn(parse_card("7H"), parse_card("6C"), False, parse_card("KD"))
        assert move_text(you, FROM_TALON, turn) == (
            "You drew the 6 of clubs, which did not beat the 7 of hearts, took both and "
            "turned the K of diamonds to attack")
    finally:
        durak_i18n.set_language("ja")
