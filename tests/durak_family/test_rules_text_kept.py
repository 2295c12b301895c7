"""A rules text read again gives the record read before (kept, bounded), with the same
result and the same error as a first reading: the ordinary game's, the pile games' and
Napoleon's records (views read back name their rules by text)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from durak.family.registry import registered
from durak.pile.options import PileRules, PileRulesError
from durak.pile.options import _parsed as pile_parsed
from durak.rules import MAX_KEPT_TEXT, Rules, RulesError
from durak.rules import _parse as durak_parse
from durak.rules import _parsed as durak_parsed
from durak.rules import _text_of as durak_text_of
from napoleon.rules import Rules as NapoleonRules
from napoleon.rules import RulesError as NapoleonRulesError
from napoleon.rules import _parse as napoleon_parse
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
        assert outcome(Rules.from_text, text) == first == outcome(durak_parse, text), text
    for text in NAPOLEON_TEXTS:
        first = outcome(NapoleonRules.from_text, text)
        assert outcome(NapoleonRules.from_text, text) == first == outcome(
            napoleon_parse, text), text


def test_a_rules_record_read_again_is_the_one_read_before_and_the_kept_are_bounded() -> None:
    assert Rules.from_text("preset=podkidnoy&players=5") is Rules.from_text(
        "preset=podkidnoy&players=5")
    assert NapoleonRules.from_text("preset=sdc&players=4") is NapoleonRules.from_text(
        "preset=sdc&players=4")
    assert PileRules.from_text("mode=heap&players=4") is PileRules.from_text(
        "mode=heap&players=4")
    long = "preset=podkidnoy" + " " * MAX_KEPT_TEXT
    before = durak_parsed.cache_info().currsize
    assert Rules.from_text(long) == Rules.preset("podkidnoy")
    assert durak_parsed.cache_info().currsize == before  # a long text is read, not kept
    for cache in (durak_parsed, durak_text_of, pile_parsed):
        assert cache.cache_info().maxsize == 256


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
