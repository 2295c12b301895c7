"""cardkit.options: the one option schema both games' rules are declared with."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from cardkit.options import (
    OptionsError,
    OptionSpec,
    check_values,
    nearest_preset,
    option_texts,
    problems_text,
    read_text,
    write_text,
)

SPECS = (
    OptionSpec("on", ("off", "on"), "bool", "a flag"),
    OptionSpec("n", ("5", "4", "6"), "int", "a number"),
    OptionSpec("rank", ("1", "2", "normal"), "rank", "a strength or none"),
    OptionSpec("pick", ("a", "b"), "choice", "a choice", field="picked"),
)
BY_KEY = {s.key: s for s in SPECS}


class GameError(OptionsError):
    clip = 5


@dataclass(frozen=True)
class Record:
    on: bool = False
    n: int = 5
    rank: int | None = 1
    picked: str = "a"


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.kind)
def test_every_kind_text_value_round_trips(spec: OptionSpec) -> None:
    """A value read from its text gives that text back, for each kind."""
    for text in spec.values:
        value = spec.from_text(text)
        assert spec.to_text(value) == text
        assert spec.accepts(value)


def test_kinds_read_to_their_types() -> None:
    assert [BY_KEY["on"].from_text("on"), BY_KEY["n"].from_text("4"),
            BY_KEY["rank"].from_text("normal"), BY_KEY["pick"].from_text("b")] == \
        [True, 4, None, "b"]


def test_bad_value_raises_the_base_error_naming_the_option() -> None:
    with pytest.raises(OptionsError,
                       match=r"^bad value '7' for option 'n': expected one of 5, 4, 6$"):
        BY_KEY["n"].from_text("7")


def test_bad_value_raises_the_games_own_error_quoted_its_way() -> None:
    """A game's subclass is what its callers catch; its ``clip`` cuts long texts."""
    spec = OptionSpec("n", ("5",), "int", "", error=GameError)
    with pytest.raises(GameError, match=r"bad value 'xxxxx…' for option 'n'"):
        spec.from_text("x" * 1000)


def test_the_field_defaults_to_the_key() -> None:
    assert BY_KEY["n"].field == "n" and BY_KEY["pick"].field == "picked"


def test_check_values_names_the_first_bad_option() -> None:
    check_values(Record(), SPECS, GameError)
    with pytest.raises(GameError,
                       match=r"bad value 3 for option 'rank': expected one of 1, 2, normal"):
        check_values(Record(rank=3), SPECS, GameError)
    with pytest.raises(GameError, match="option 'on'"):
        check_values(Record(on=1), SPECS, GameError)  # type: ignore[arg-type]


def test_text_form_round_trips_through_the_nearest_preset() -> None:
    record = Record(on=True, rank=None)
    presets = [("plain", option_texts(Record(), SPECS)),
               ("flag", option_texts(Record(on=True), SPECS))]
    name, diffs = nearest_preset(option_texts(record, SPECS), presets)
    text = write_text({"preset": name, **diffs})
    assert text == "preset=flag&rank=normal"
    read = read_text(text, BY_KEY, ("plain", "flag"), OptionsError)
    assert (read.preset, read.values, read.problems) == ("flag", {"rank": None}, [])


def test_reading_names_every_problem_in_order() -> None:
    read = read_text("?preset=nope&x=1&n&n=4&n=5&pick=c", BY_KEY, ("plain",), GameError)
    assert read.problems == [
        "unknown option 'x'", "'n' has no value", "option 'n' given twice",
        "unknown preset 'nope': expected one of plain",
        "bad value 'c' for option 'pick': expected one of a, b",
    ]
    assert read.texts == {"n": "4", "pick": "c"} and read.values == {"n": 4}


def test_spaces_separate_pairs_only_when_asked() -> None:
    assert read_text("n=4 on=on", BY_KEY, (), OptionsError, spaces=True).values == \
        {"n": 4, "on": True}
    assert read_text("n=4 on=on", BY_KEY, (), OptionsError).problems == [
        "bad value '4 on=on' for option 'n': expected one of 5, 4, 6"]


def test_problems_text_counts_the_rest() -> None:
    assert problems_text(["a", "b"]) == "a; b"
    assert problems_text(["a", "b", "c"], most=2) == "a; b; and 1 more"
