"""PileRules: the §3.6 mode options, their text form and their refusals."""

from __future__ import annotations

import pytest

from durak.pile.options import MAX_TEXT, PileRules, PileRulesError, all_mixes


def test_every_mix_round_trips_through_its_text() -> None:
    mixes = all_mixes()
    assert len(mixes) == 5 * (2 + 2 + 8 + 2 + 1 + 1)  # crusaders, polish: no options
    for r in mixes:
        assert PileRules.from_text(r.to_text()) == r


@pytest.mark.parametrize(("text", "message"), [
    ("players=3", "names no mode"),
    ("mode=suit_deal", "bad value 'suit_deal'"),
    ("mode=kurukuru&mode=kurukuru", "given twice"),
    ("mode=kurukuru&colour=red", "unknown option"),
    ("mode=kurukuru&players=7", "bad value '7'"),
    ("mode=kurukuru&players=03", "bad value '03'"),
    ("mode=kurukuru&d9=true", "bad value 'true'"),
    ("mode=kurukuru d9", "'d9' has no value"),
    ("mode=chinese&d9=on", "d9 belongs to mode kurukuru"),
    ("mode=kurukuru&chinese_ten=on", "chinese_ten belongs to mode chinese"),
    ("mode=kurukuru&" + "x" * MAX_TEXT, "the limit is"),
])
def test_bad_rules_texts_are_refused_naming_the_option(text: str, message: str) -> None:
    with pytest.raises(PileRulesError, match=message):
        PileRules.from_text(text)


def test_values_are_checked_without_coercion() -> None:
    with pytest.raises(PileRulesError, match="d9"):
        PileRules(mode="kurukuru", d9="false")  # type: ignore[arg-type]
    with pytest.raises(PileRulesError, match="players"):
        PileRules(mode="kurukuru", players=True)
    with pytest.raises(PileRulesError, match="must be text"):
        PileRules.from_text(123)  # type: ignore[arg-type]
