"""The key under the 譜 at a game's end can be read: an axe audit of the result
screen, on a phone (390×844) and a desktop (1280×800), finds no contrast fault in
it, and decides its contrast (a text over the table's gradient felt is one axe
cannot measure, and lists as undecided: that would pass any colour at all).

The key is written under the Japanese 譜 only (SdC's format does not explain its
marks; the English 譜 explains its own, :func:`napoleon.ui_dom.record_words.marks_key`).
``NAPOLEON_SHOTS=DIR`` saves the result screen at both sizes.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, ViewportSize, expect

from e2e.axe_audit import audit, failing, undecided
from e2e.table_driver import Policy, at_result, mirror, play_until, query

SEED = 3
SIZES: dict[str, ViewportSize] = {"phone": {"width": 390, "height": 844},
                                  "desktop": {"width": 1280, "height": 800}}
KEY = "#result-record-key"


def test_the_record_key_at_a_games_end_has_enough_contrast(
    open_table: Callable[[str], Page], page: Page
) -> None:
    c = mirror(SEED)
    page = open_table(query(SEED) + "&lang=ja")
    play_until(page, c, Policy(), at_result)
    expect(page.locator(KEY)).to_be_visible()
    shots = os.environ.get("NAPOLEON_SHOTS")
    for size, view in SIZES.items():
        page.set_viewport_size(view)
        if shots:
            Path(shots).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(shots) / f"record-key-{size}.png"), full_page=True)
        undecided.clear()
        found = audit(page, f"result-{size}")
        bad = failing(found)
        assert not bad, "\n".join(map(str, bad))
        contrast = [v for v in found + undecided
                    if v.rule == "color-contrast" and any(KEY in t for t in v.targets)]
        assert not contrast, "\n".join(map(str, contrast))
