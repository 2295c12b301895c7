"""Pass-and-play's names: what a person may be called (trimmed, bounded, no control
characters, blank meaning the seat's default), how the names are kept in the page's
storage (a bad saved name gets a notice and its default, nothing else is lost) and
where the games say them (the privacy screen's name, the seats, the end's record)."""

from __future__ import annotations

import json
from collections.abc import Mapping

import pytest

from cardkit.ui_dom.pass_play import (
    NAME_MAX,
    Handover,
    NamesForm,
    Seating,
    check_name,
    load_names,
    names_key,
    save_names,
    seating,
)
from cardkit.ui_dom.storage import MemoryStorage
from cardkit.ui_dom.strings_shell import STRINGS


def _t(key: str, **kw: object) -> str:
    return STRINGS[key]["en"].format(**kw)


def test_a_name_is_trimmed_and_a_blank_one_means_the_default() -> None:
    assert check_name("  Aki\t") == "Aki"
    assert check_name("") == "" and check_name("   ") == ""
    assert check_name("ア" * NAME_MAX) == "ア" * NAME_MAX


@pytest.mark.parametrize("bad", ["A" * (NAME_MAX + 1), "Aki\nBo", "A\x00", "\u202eikA", "A\x7fB"])
def test_a_name_too_long_or_with_a_control_character_is_refused(bad: str) -> None:
    with pytest.raises(ValueError, match=r"^(control|long)$"):
        check_name(bad)


def test_the_handover_calls_people_by_name_or_by_their_default() -> None:
    h = Handover((0, 1, 2), {1: "Aki", 2: "", 7: "nobody"})
    assert [h.name(s, _t) for s in (0, 1, 2)] == ["Player 1", "Aki", "Player 3"]
    assert h.names == {1: "Aki"}  # a seat that is no person's is left out


def test_names_saved_come_back() -> None:
    store = MemoryStorage()
    save_names(store, "durak", {0: "Aki", 1: "", 2: "ボブ"})
    assert json.loads(store.get(names_key("durak")) or "") == {"0": "Aki", "2": "ボブ"}
    assert load_names(store, "durak", _t) == ({0: "Aki", 2: "ボブ"}, [])
    assert load_names(store, "napoleon", _t) == ({}, [])  # each game its own


def test_a_bad_saved_name_gets_a_notice_and_its_default_the_others_are_kept() -> None:
    key = names_key("napoleon")
    store = MemoryStorage({key: json.dumps({"0": "Aki", "1": "X" * 99, "2": 5,
                                            "three": "Bo", "3": "Cy"}),
                           "napoleon.match": "the match, untouched"})
    names, notices = load_names(store, "napoleon", _t)
    assert names == {0: "Aki", 3: "Cy"}
    assert len(notices) == 3 and all("cannot be used" in n for n in notices)
    assert store.get("napoleon.match") == "the match, untouched"


@pytest.mark.parametrize("raw", ["{not json", "[1, 2]", '"Aki"', "null"])
def test_unreadable_saved_names_get_one_notice_and_the_defaults(raw: str) -> None:
    store = MemoryStorage({names_key("durak"): raw})
    assert load_names(store, "durak", _t) == ({}, [_t("pass.names_corrupt")])


def test_the_form_reads_the_names_typed_and_stops_at_a_refused_one() -> None:
    said: list[list[str]] = []
    form = NamesForm("durak", MemoryStorage(), _t, said.append)
    assert form.read({0: " Aki ", 1: "", 2: "Bo"}) == ({0: "Aki", 2: "Bo"}, None)
    assert form.read({0: "Aki", 1: "B\x07", 2: "Cy"})[1] == 1
    assert form.saved() == {} and said == []


def test_both_languages_have_the_names_words() -> None:
    for key in ("pass.setup.title", "pass.setup.text", "pass.setup.rule", "pass.setup.seat",
                "pass.setup.bad", "pass.names_corrupt", "pass.name_bad", "btn.together",
                "together.title", "together.pass_play", "together.friends"):
        assert STRINGS[key]["ja"] and STRINGS[key]["en"]
    assert _t("pass.to", name="Aki") == "Pass the phone to Aki"


def test_durak_names_the_other_people_at_its_table() -> None:
    from durak.ui_dom import i18n
    from durak.ui_dom.table import card_words

    i18n.set_language("en")
    try:
        card_words.set_people(Handover((0, 1, 2), {1: "Aki"}))
        assert card_words.seat_names(3)[1:] == ["Aki", "Player 3"]
    finally:
        card_words.set_people(None)
        i18n.set_language("ja")


def test_napoleons_record_of_a_shared_game_names_every_person() -> None:
    from napoleon.ui_dom import i18n
    from napoleon.ui_dom.record_words import seat_names

    i18n.set_language("en")
    try:
        people = Handover((0, 1, 2, 3, 4), {0: "Aki", 3: "Bo"})
        names = seat_names(5, people)
        assert names[0] == "Aki" and names[3] == "Bo" and names[1] == "Player 2"
        assert seat_names(5)[1:] != names[1:]  # a lone player's record names the computers
    finally:
        i18n.set_language("ja")


def test_the_setup_seats_people_and_computers_at_the_size_chosen() -> None:
    """Pass-and-play's setup had no size and no computer seat: the table is the first
    ``players`` seats, those marked computers left out of the people (never seat 0,
    the device's owner), only the people's names read."""
    def read(values: Mapping[int, str]) -> tuple[dict[int, str], int | None]:
        return NamesForm("toy", MemoryStorage(), _t, lambda _n: None).read(values)

    table, bad = seating(4, {0: "", 1: "Aki", 2: "x" * (NAME_MAX + 1), 3: "Bo", 4: "Cy"},
                         [0, 2], read)
    assert bad is None and table == Seating(4, (0, 1, 3), {1: "Aki", 3: "Bo"})
    table, bad = seating(4, {1: "x" * (NAME_MAX + 1)}, [], read)
    assert table is None and bad == 1  # a person's bad name is refused, as before


def test_a_persons_default_name_is_their_seats_number() -> None:
    """With seat 1 a computer's, seat 2's default is 「プレイヤー3」, as its row in the form."""
    assert Handover((0, 2)).name(2, lambda _key, n: f"Player {n}") == "Player 3"


def test_the_setup_says_it_chooses_the_players_and_the_computers() -> None:
    """The setup is no mere list of names: its title says it is pass-and-play's table,
    and its text says that it chooses how many play and which seats are computers, in
    both languages."""
    title, text = STRINGS["pass.setup.title"], STRINGS["pass.setup.text"]
    assert "1台" in title["ja"] and "席" in title["ja"]
    assert "Pass and play" in title["en"]
    assert "人数" in text["ja"] and "CPU" in text["ja"]
    assert "how many" in text["en"] and "computer" in text["en"]
