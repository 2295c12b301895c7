"""The 譜 at a game's end lines up and can be read on a desktop and on a phone, in
Japanese (SdC's format) and English (ours); a won trick names the power that
decided it.

Alignment is measured in the browser: the left edge of every seat's name in the
header and of that seat's card in every trick row (a character that is not ASCII
sits in a box of its counted cells, so its box's left edge is the column's).

Set ``NAPOLEON_SCREENSHOTS=DIR`` to keep screenshots of each size and language.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from e2e.table_driver import Policy, at_result, mirror, play_until, query, shown_record
from napoleon.record_text import AMBIGUOUS_CELLS, cells, char_cells, column_cells
from napoleon.tricks import trick_reason
from napoleon.ui_dom.controller import Controller

SEED = 3
DESKTOP: ViewportSize = {"width": 1280, "height": 800}
PHONE: ViewportSize = {"width": 375, "height": 667}

#: Left edge (px) of the characters at the given offsets of the 譜's text.
LEFTS_JS = """([id, offsets]) => {
  const pre = document.getElementById(id);
  const walker = document.createTreeWalker(pre, NodeFilter.SHOW_TEXT);
  const nodes = []; let total = 0; let n;
  while ((n = walker.nextNode())) { nodes.push([n, total]); total += n.length; }
  return offsets.map(off => {
    for (const [node, start] of nodes) {
      if (off >= start && off < start + node.length) {
        const box = node.parentElement.closest('.cw1, .cw2');
        if (box) return box.getBoundingClientRect().left;
        const r = document.createRange();
        r.setStart(node, off - start); r.setEnd(node, off - start + 1);
        return r.getBoundingClientRect().left;
      }
    }
    return null;
  });
}"""


def shoot(page: Page, name: str) -> None:
    folder = os.environ.get("NAPOLEON_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


def char_at_cell(line: str, offset: int, ambiguous: int) -> int:
    """Index in ``line`` of the character that starts at display cell ``offset``."""
    at = 0
    for i, ch in enumerate(line):
        if at == offset:
            return i
        at += char_cells(ch, ambiguous)
    raise AssertionError(f"no character starts at cell {offset} of {line!r}")


def column_offsets(text: str, names: list[str], lang: str) -> list[list[int]]:
    """For the header and each trick row: the text offsets where each seat's column starts."""
    amb = AMBIGUOUS_CELLS[lang]
    lines = text.split("\n")
    starts = [sum(len(x) + 1 for x in lines[:i]) for i in range(len(lines))]
    head = next(i for i, ln in enumerate(lines) if ln.startswith(("巡 台", " # Led")))
    prefix = cells(lines[head][: lines[head].index(names[0])], amb)
    column = column_cells(lang)  # type: ignore[arg-type]
    out = []
    for i in range(head, len(lines)):
        if i > head and not lines[i][:2].strip().isdigit():
            break
        out.append([starts[i] + char_at_cell(lines[i], prefix + s * column, amb)
                    for s in range(len(names))])
    return out


def check_columns(page: Page, text: str, names: list[str], lang: str) -> None:
    rows = column_offsets(text, names, lang)
    flat = [off for row in rows for off in row]
    lefts = page.evaluate(LEFTS_JS, ["result-record-text", flat])
    n = len(names)
    grid = [lefts[i * n:(i + 1) * n] for i in range(len(rows))]
    for row in grid[1:]:
        for seat in range(n):
            assert abs(row[seat] - grid[0][seat]) < 1.5, (lang, seat, grid[0], row)


def reason_stop(c: Controller) -> bool:
    """A trick just won, decided by a special power, is on the table (or the result)."""
    if at_result(c):
        return True
    g = c.match.game
    if not c.trick_pause or not g.tricks:
        return False
    t = g.tricks[-1]
    return trick_reason(g.rules, g.trump, t.cards, t.named_suit, t.index)[1].special


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_record_lines_up_and_is_reachable_on_desktop_and_phone(
    open_table: Callable[[str], Page], page: Page, lang: str
) -> None:
    page.set_viewport_size(DESKTOP)
    c = mirror(SEED)
    page = open_table(query(SEED) + f"&lang={lang}")
    # Item 7: the first trick a special power decided says so at its result.
    play_until(page, c, Policy(), reason_stop)
    if not at_result(c):
        g = c.match.game
        t = g.tricks[-1]
        reason = trick_reason(g.rules, g.trump, t.cards, t.named_suit, t.index)[1]
        why = page.locator(f"#trick .trick-reason[data-reason='{reason.value}']")
        expect(why).to_be_visible()
        expect(why).to_contain_text("決め手" if lang == "ja" else "Won by")
        # The status line (read by screen readers) says it too.
        expect(page.locator("#status")).to_contain_text(str(why.text_content()))
        shoot(page, f"trick-reason-{lang}-desktop")
    play_until(page, c, Policy(), at_result)
    text = shown_record(c, lang)
    pre = page.locator("#result-record-text")
    expect(pre).to_be_visible()
    assert pre.text_content() == text
    assert ("【競り】" in text) == (lang == "ja") and ("Bidding:" in text) == (lang == "en")
    names = text.split("\n")[next(i for i, ln in enumerate(text.split("\n"))
                                  if ln.startswith(("巡 台", " # Led")))].split()[2:]
    assert len(names) == 5
    check_columns(page, text, names, lang)
    # Desktop: nothing runs past the box (the bidding wraps).
    assert pre.evaluate("p => p.scrollWidth <= p.clientWidth + 1")
    shoot(page, f"record-{lang}-desktop")

    page.set_viewport_size(PHONE)
    check_columns(page, text, names, lang)
    # On a phone the five-player 譜 fits the
    # box, its right-hand column (マイティ, 正J…) in view without scrolling; and each
    # panel's role badge keeps the honor count on its line.
    assert pre.evaluate("p => p.scrollWidth <= p.clientWidth + 1")
    for panel in page.locator("#seats-top .panel").all():
        role, count = panel.locator(".role"), panel.locator(".count")
        if role.count() and count.count():
            r, n = role.first.bounding_box(), count.first.bounding_box()
            assert r is not None and n is not None and n["y"] < r["y"] + r["height"], (r, n)
    # Phone: the box stays inside the screen, and the last column is reachable by
    # scrolling the box sideways (by keyboard too: it takes the focus).
    box = pre.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] + 1
    expect(pre).to_have_attribute("tabindex", "0")
    pre.evaluate("p => { p.scrollLeft = p.scrollWidth; }")
    last = column_offsets(text, names, lang)[0][-1]
    left = page.evaluate(LEFTS_JS, ["result-record-text", [last]])[0]
    assert box["x"] <= left < box["x"] + box["width"] - 20, (left, box)
    pre.evaluate("p => { p.scrollLeft = 0; }")
    shoot(page, f"record-{lang}-phone")
    # The record screen shows the same 譜, in the same language.
    page.locator("#btn-show-record").click()
    expect(page.locator("#record-text")).to_have_attribute("lang", lang)
    assert page.locator("#record-text").text_content() == text
