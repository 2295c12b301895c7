"""The rules page's text (a rules page, ja/en, for the rules in force):
:func:`napoleon.rule_book.rule_book` describes only what the rules in force have."""

from __future__ import annotations

import random

import pytest

from napoleon.rule_book import SPECIALS, rule_book, trick_order
from napoleon.rules import PRESET_NAMES, Rules
from napoleon.scoring import Outcome, points_for

from .helpers import random_rules


def whole(rules: Rules, lang: str) -> str:
    out = []
    for s in rule_book(rules, lang):
        out += [s.title, s.lead, *s.sentences(), *s.notes, *(" ".join(r) for r in s.table)]
    return "\n".join(out)


def section(rules: Rules, lang: str, key: str) -> str:
    s = next(s for s in rule_book(rules, lang) if s.key == key)
    return "\n".join([s.lead, *s.sentences(), *s.notes])


def japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_every_preset_has_a_rule_book_in_both_languages(preset: str) -> None:
    rules = Rules.preset(preset)
    assert japanese(whole(rules, "ja"))
    assert not japanese(whole(rules, "en"))
    keys = [s.key for s in rule_book(rules, "en")]
    assert keys == ["deal", "bidding", "call", "play", "tricks", "scoring", "match"]


def test_yoromeki_off_is_not_described() -> None:
    """The e2e's check, on CPython: with yoromeki=off nothing mentions it or the ♥Q."""
    off = Rules(yoromeki="off")
    assert "よろめき" not in whole(off, "ja") and "♥Q" not in whole(off, "ja")
    assert "Yoromeki" not in whole(off, "en") and "♥Q" not in whole(off, "en")
    assert "よろめき" in section(Rules(), "ja", "tricks")
    assert "Counter" not in whole(Rules(), "en")
    assert "Counter" in section(Rules(yoromeki_counter=True), "en", "tricks")
    assert "jack or back jack with its power" in section(Rules.preset("four"), "en", "tricks")


def test_no_joker_no_joker_rules() -> None:
    text = whole(Rules(jokers=0), "en")
    assert "Joker call" not in text and "led joker" not in text.lower()
    assert "Joker call" in whole(Rules(), "en")
    assert "Joker call" not in whole(Rules(joker_call=False), "en")


def test_the_trick_order_follows_the_rank_options() -> None:
    """1 strongest; equal numbers, the earlier wins; normal: no power.

    docs/rules/napoleon.md §4 rank options.
    """
    assert trick_order(Rules()) == ["yoromeki", "mighty", "lead_joker", "follow_joker",
                                    "trump_jack", "back_jack", "same_two", "trump", "led_suit"]
    assert trick_order(Rules.preset("napoleon_l")) == [
        "mighty", "trump_jack", "back_jack", "lead_joker", "follow_joker", "same_two",
        "trump", "led_suit"]
    assert "same_two" not in trick_order(Rules.preset("intro"))
    rng = random.Random(16)
    for _ in range(200):
        r = random_rules(rng)
        order = [k for k in trick_order(r) if k not in ("yoromeki", "mighty", "trump", "led_suit")]
        ranks = {name: getattr(r, field) for name, field in SPECIALS}
        keys = [(ranks[k], [n for n, _ in SPECIALS].index(k)) for k in order]
        assert keys == sorted(keys)
        assert all(ranks[k] is not None for k in order)
        assert len(section(r, "en", "tricks").split("\n")) >= len(trick_order(r))


def test_the_scoring_table_is_the_engines() -> None:
    """§5: each cell is points_for's value for that role and outcome (×bid for bid)."""
    for scoring in ("sdc", "guruguru", "zerosum", "bid"):
        for players in (4, 5, 6):
            jokers = 0 if players == 4 else 1
            r = Rules(scoring=scoring, players=players, jokers=jokers)
            table = next(s for s in rule_book(r, "en") if s.key == "scoring").table
            rows = {row[0]: row[1:] for row in table[1:]}
            outcomes = list(Outcome)
            want_nap = [points_for(r, 0, 1, 1, o)[0] for o in outcomes]
            got = [int(x.removesuffix("×bid")) for x in rows["Napoleon"]]
            assert got == want_nap, (scoring, players)
            alone = [points_for(r, 0, None, 1, o)[2] for o in outcomes]
            assert [int(x.removesuffix("×bid")) for x in rows["Each ally (vs. alone)"]] == alone


def test_exchange_first_describes_the_exchange_before_the_call() -> None:
    call = section(Rules.preset("napoleon_l"), "en", "call")
    assert call.index("discards") < call.index("names one card")
    sdc = section(Rules(), "en", "call")
    assert sdc.index("names one card") < sdc.index("discards")
