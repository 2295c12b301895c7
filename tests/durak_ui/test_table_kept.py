"""The ordinary Durak table keeps the hand, each seat's panel and the account of
recent moves while what they show is unchanged, and what a drawing leaves in
``#table`` is what a fresh build of every part gives: at every drawing of a whole
game, with the language switched halfway and a hint's mark left on the hand (seed 0:
three players, the human plays the dummy hand; seed 3: ``inverted``, the hand by
position)."""

from __future__ import annotations

import pytest

from durak.rules import Rules
from durak.ui_dom import i18n
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.table import kept_parts, table
from tests.durak_ui.table_page import TableDoc, find, table_page, tree
from tests.durak_ui.test_table_moment import play_drawn


@pytest.mark.parametrize(("seed", "rules"), [(0, Rules(players=3, dummy="playing")),
                                             (3, Rules(inverted=True))])
def test_every_kept_part_equals_a_fresh_build_over_a_whole_game(
        monkeypatch: pytest.MonkeyPatch, seed: int, rules: Rules) -> None:
    doc: TableDoc = table_page(monkeypatch)
    kept_parts.forget()
    drawings = [0]
    kept_hands = [0]
    kept_panels = [0]
    kept_accounts = [0]
    before: dict[str, object] = {}

    def check(ctrl: Controller) -> None:
        drawings[0] += 1
        if drawings[0] == 12:
            i18n.set_language("en" if i18n.language() == "ja" else "ja")
        table.draw(ctrl)
        page = find(doc.body, "table")
        assert page is not None
        hand = find(page, "hand")
        panels = {n.getAttribute("data-seat"): n for n in page.find("dk-seat")}
        kept_hands[0] += hand is not None and hand is before.get("hand")
        kept_panels[0] += sum(n is before.get(f"panel-{s}") for s, n in panels.items())
        kept_accounts[0] += find(page, "dk-account") is before.get("account")
        shown = tree(page)
        kept_parts.forget()
        table.draw(ctrl)  # every part built afresh
        assert tree(page) == shown
        hand = find(page, "hand")
        before.clear()
        before.update({f"panel-{s}": n for s, n in
                       ((n.getAttribute("data-seat"), n) for n in page.find("dk-seat"))})
        before["hand"] = hand
        before["account"] = find(page, "dk-account")
        if hand is not None and hand.children and drawings[0] % 5 == 0:
            hand.children[0].className += " hinted"  # a hint's mark: never kept

    try:
        assert play_drawn(check, seed, rules) > 20
    finally:
        i18n.set_language(i18n.DEFAULT_LANGUAGE)
        kept_parts.forget()
    assert kept_hands[0] > 0 and kept_panels[0] > 0 and kept_accounts[0] > 0
