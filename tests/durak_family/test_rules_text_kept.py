"""A rules text read again gives the record read before (kept, bounded), with the same
result and the same error as a first reading: the ordinary game's, the pile games' and
Napoleon's records (views read back name their rules by text)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cardkit import options
from cardkit.options import KEPT_RECORDS, MAX_KEPT_TEXT
from durak.family.registry import registered
from durak.pile.options import PileRules, PileRulesError
from durak.rules import Rules, RulesError
from napoleon.rules import Rules as NapoleonRules
from napoleon.rules import RulesError as NapoleonRulesError
from tests.outcomes import outcome as shared_outcome
from tests.toy_durak import ENTRY, MODE

DURAK_TEXTS = ["preset=podkidnoy", "preset=podkidnoy&players=4", "preset=perevodnoy",
               "preset=podkidnoy  deck=32", "players=3", "preset=nope", "deck=33",
               "mode=heap&heap_take=last", "players=two&deck=36"]
NAPOLEON_TEXTS = ["preset=sdc", "preset=sdc&players=4", "players=9", "preset=x", ""]


ERRORS = (RulesError, PileRulesError, NapoleonRulesError)


def outcome(fn: Callable[[Any], object], arg: object) -> tuple[str, object]:
    return shared_outcome(fn, arg, ERRORS)


def test_a_rules_text_read_twice_reads_as_a_first_reading_with_the_same_errors() -> None:
    for text in DURAK_TEXTS:
        first = outcome(Rules.from_text, text)
        assert outcome(Rules.from_text, text) == first == outcome(Rules.read, text), text
    for text in NAPOLEON_TEXTS:
        first = outcome(NapoleonRules.from_text, text)
        assert outcome(NapoleonRules.from_text, text) == first == outcome(
            NapoleonRules.read, text), text


def test_a_rules_record_read_again_is_the_one_read_before_and_the_kept_are_bounded() -> None:
    assert Rules.from_text("preset=podkidnoy&players=5") is Rules.from_text(
        "preset=podkidnoy&players=5")
    assert NapoleonRules.from_text("preset=sdc&players=4") is NapoleonRules.from_text(
        "preset=sdc&players=4")
    assert PileRules.from_text("mode=heap&players=4") is PileRules.from_text(
        "mode=heap&players=4")
    long = "preset=podkidnoy" + " " * MAX_KEPT_TEXT
    kept = options._kept_reading
    before = kept.cache_info().currsize
    assert Rules.from_text(long) == Rules.preset("podkidnoy")
    assert kept.cache_info().currsize == before  # a long text is read, not kept
    for cache in (kept, options._text_of, options._options_of):
        assert cache.cache_info().maxsize == KEPT_RECORDS == 256


def test_a_rules_record_writes_the_same_text_each_time() -> None:
    for rules in (Rules(), Rules.preset("perevodnoy"), Rules().replace(players=3)):
        text = rules.to_text()
        assert Rules.from_text(text) == rules and rules.to_text() == text
        assert Rules.from_text(text).to_text() == text


def test_a_pile_mode_reads_only_while_its_game_is_registered() -> None:
    text = f"mode={MODE}&players=2"
    with pytest.raises(PileRulesError):
        PileRules.from_text(text)
    with registered(ENTRY):
        assert PileRules.from_text(text) == PileRules(mode=MODE, players=2)
    with pytest.raises(PileRulesError) as refused:
        PileRules.from_text(text)  # read while registered, refused again once it is not
    assert f"{MODE!r}" in str(refused.value)


def test_a_pile_rules_text_that_is_no_text_or_too_long_is_refused_as_before() -> None:
    with pytest.raises(PileRulesError, match="must be text, not int"):
        PileRules.from_text(3)  # type: ignore[arg-type]
    with pytest.raises(PileRulesError, match="limit is"):
        PileRules.from_text("mode=heap" + " " * 400)


@pytest.mark.parametrize("record", [Rules, NapoleonRules, PileRules])
def test_a_rules_text_that_is_not_text_is_refused_with_the_records_own_error(
    record: type[Rules] | type[NapoleonRules] | type[PileRules]
) -> None:
    for hostile in (5, None, ["preset=sdc"], b"preset=sdc"):
        with pytest.raises(record.ERROR, match="rules text must be text"):
            record.from_text(hostile)  # type: ignore[arg-type]


def test_a_record_made_keeps_nothing_until_its_options_are_asked_for() -> None:
    """A record's checks on construction read single options (durak's refusals
    name the options that do not fit): no option list is kept for it, so a refused
    record, or one made and dropped, fills no cache."""
    options._options_of.cache_clear()
    Rules(players=4, deck=52 - 16)
    NapoleonRules(players=4, jokers=0)
    with pytest.raises(RulesError, match="transfer=on cannot be played with inverted=on"):
        Rules(inverted=True, transfer=True)
    assert options._options_of.cache_info().currsize == 0
    assert Rules(players=4).option_text("players") == "4"
    assert PileRules(mode="heap", players=4).option_text("mode") == "heap"
