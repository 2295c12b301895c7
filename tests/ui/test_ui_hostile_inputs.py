"""Hostile page inputs never break the page's Python.

Seeded mutation of real links, saved settings, saves and records
(:mod:`lab.napoleon.hostile_inputs`), each run through the function the page calls for
it with a time bound: the only outcomes allowed are a notice / the module's own
error (``refused``) or a valid input (``accepted``).  Any other exception type
(a page error), a run past the bound (a frozen tab) or an accepted record that
does not replay to what it says fails the test.
"""

from __future__ import annotations

import functools
import json
import time

import pytest

from cardkit.ui_dom.notices import NOTICE_LIMIT, shorten
from cardkit.ui_dom.storage import MemoryStorage
from lab.napoleon import hostile_inputs as hostile_inputs_module
from lab.napoleon.hostile_inputs import (
    HostileInput,
    hostile_inputs,
    named_cases,
    real_save,
    run_one,
)
from napoleon.ui_dom.persist import SAVE_KEY, SaveError, decode_match, load_match
from napoleon.ui_dom.prefs import PREFS_KEY, load_prefs

#: Inputs per run of the suite (seconds on CPython); lab.napoleon.hostile_inputs runs more.
SAMPLE = 400


@pytest.mark.parametrize("item", named_cases(), ids=lambda i: i.label)
def test_every_case_the_issue_names_gives_a_notice(item: HostileInput) -> None:
    assert run_one(item) == ("refused", "")


@functools.cache
def outcomes_of(seed: int) -> tuple[tuple[HostileInput, str, str], ...]:
    """Each input of the seed's sample with its ``(outcome, detail)``, run once for every
    test that reads them."""
    return tuple((item, *run_one(item)) for item in hostile_inputs(SAMPLE, seed))


# make check: seed 15, whose sample meets every kind (the test below says so).
@pytest.mark.sweep(quick=("15",))
@pytest.mark.parametrize("seed", [15, 16])
def test_mutated_page_inputs_give_a_notice_or_are_valid(seed: int) -> None:
    found = {}
    for item, outcome, detail in outcomes_of(seed):
        if outcome not in ("refused", "accepted"):
            found[item.label] = f"{outcome} {detail}"
    assert found == {}


def test_the_sample_mutates_every_kind_and_most_are_refused() -> None:
    """The generator really makes bad inputs of each kind (not valid ones only)."""
    outcomes: dict[str, list[str]] = {}
    for item, outcome, _detail in outcomes_of(15):
        outcomes.setdefault(item.kind, []).append(outcome)
    assert set(outcomes) == {"query", "prefs", "save", "record"}
    for kind, seen in outcomes.items():
        assert seen.count("refused") > len(seen) // 2, kind


def test_a_save_that_loops_the_auction_is_set_aside_on_this_visit_and_gone_the_next() -> None:
    data = json.loads(real_save(3, 0))
    data["games"][0].update(first_bidder=7, actions=["pass"] * 6)
    store = MemoryStorage({SAVE_KEY: json.dumps(data)})
    match, _, notices = load_match(store)
    assert match is None and "first_bidder" in notices[0]
    assert load_match(store) == (None, {}, [])


def test_a_deep_saved_setting_is_set_aside_and_named() -> None:
    raw = "[" * 100_000 + "]" * 100_000
    store = MemoryStorage({PREFS_KEY: raw})
    aside: list[str] = []
    _, notices = load_prefs("", store.get, aside.append)
    assert aside == [PREFS_KEY] and len(notices) == 1


def test_a_huge_field_gives_a_short_notice() -> None:
    data = json.loads(real_save(4, 10))
    data["rules"] = "preset=" + "x" * 1_000_000
    with pytest.raises(SaveError) as caught:
        decode_match(json.dumps(data))
    assert len(str(caught.value)) < 1_000
    shown = shorten("x" * 1_000_086)
    assert len(shown) == NOTICE_LIMIT and shown.endswith("…")


def test_an_input_that_keeps_the_cpu_past_the_bound_is_slow(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A frozen tab is CPU spent past the bound: an input whose check spins 0.2 s of
    CPU is ``slow`` under a bound of 0.05 s, and is told in CPU seconds (the wall
    watchdog set far off: a loaded machine may give the spin its 0.2 s of CPU late)."""
    def spin(text: str) -> str:
        start = time.process_time()
        while time.process_time() - start < 0.2:
            pass
        return "accepted"

    monkeypatch.setitem(hostile_inputs_module.CHECKS, "query", spin)
    outcome, detail = run_one(HostileInput("query", "", "spins"), bound=0.05, watchdog=120)
    assert outcome == "slow" and detail.endswith("s of CPU")
