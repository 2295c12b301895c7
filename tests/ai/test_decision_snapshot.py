"""The computers decide exactly as they did when the golden digests were written.

See :mod:`tests.ai.decision_snapshot` for what each case covers and how to
regenerate ``decision_snapshot.json`` when an AI change is meant to change
decisions (a speed-up never is).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.ai.decision_snapshot import cases, digest, golden

CASES: dict[str, Callable[[], list[str]]] = dict(cases())


def test_every_case_has_a_golden_digest() -> None:
    assert sorted(golden()) == sorted(CASES)


#: ``make check``'s part: every kind of case (first bids, a contract at each level, a
#: whole game, strong's game, every preset's and variant's playouts) with sdc's games
#: and contracts standing for the other presets'.
QUICK = ("first_bids/normal", "first_bids/strong", "contract/sdc/normal",
         *(f"contract/{p}/strong" for p in ("sdc", "mixi", "napoleon_l", "four", "six")),
         "game/sdc", "strong_game/sdc", *(n for n in CASES if n.startswith("playouts/")))


@pytest.mark.sweep(quick=QUICK)
@pytest.mark.parametrize("name", list(CASES))
def test_decisions_match_the_golden_digest(name: str) -> None:
    assert digest(CASES[name]()) == golden()[name], (
        f"{name}: the decisions changed. Diff `python3 -m tests.ai.decision_snapshot "
        f"--show {name}` before and after; if the change is meant, rerun with --write."
    )
