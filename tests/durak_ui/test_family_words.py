"""Words the Durak family's games share or must not contradict (docs/rules/durak.md §3.6):
the how-tos of heap and chinese say when hands refill and what heap attacks with, every
game's end reads alike, and a human who is out is told so while the others play on —
at once when a suit deal leaves them no card."""

from __future__ import annotations

import random

from durak.game import Game, Phase
from durak.rules import Rules
from durak.suit_deal.game import SuitDealGame
from durak.ui_dom import i18n
from durak.ui_dom.i18n import t
from durak.ui_dom.play.controller import HUMAN
from durak.ui_dom.rules.strings_rules import MODE_SENTENCES
from durak.ui_dom.table.table import status_text
from durak.view import PlayerView
from tests.durak_ui.test_controller import make


def test_heaps_how_to_attacks_with_another_card_not_the_beating_one(lang: str) -> None:
    """§3.6 heap: the defender beats, then attacks the left with a card from the hand."""
    ja, en = MODE_SENTENCES["heap"]
    for text in (t("howto.heap"), {"ja": ja, "en": en}[lang]):
        assert "その札で" not in text
        assert {"ja": "手札", "en": "from their hand"}[lang] in text, text


def test_heap_and_chinese_how_tos_say_when_hands_refill(lang: str) -> None:
    """§3.6: heap refills to 3 once an attack is beaten or taken; chinese to 6 after a
    pile ends, while the talon lasts."""
    heap, chinese = t("howto.heap"), t("howto.chinese")
    assert {"ja": "攻守が済むたびに", "en": "each time an attack is beaten or taken"}[lang] in heap
    assert {"ja": "3枚まで補充", "en": "refills to 3"}[lang] in heap
    assert {"ja": "6枚まで補充", "en": "refills to 6"}[lang] in chinese


def test_every_games_end_names_the_durak_the_same_way() -> None:
    """The default game and suit deal's play read as the pile games do."""
    i18n.set_language("en")
    try:
        assert t("status.over_durak", names="CPU2") == t("pile.status.over", name="CPU2")
        assert t("status.over_durak", names="CPU2") == "Game over: the durak is CPU2"
    finally:
        i18n.set_language("ja")


class Watching:
    """The one thing the status asks a controller while the human cannot act."""

    def human_to_act(self) -> bool:
        return False


def _dealt_out_game() -> SuitDealGame:
    """A 6-player suit deal whose dealing leaves the human (seat 0) no card."""
    rules = Rules(mode="suit_deal", players=6)
    for seed in range(400):
        g = SuitDealGame.new(rules, seed)
        rng = random.Random(seed)
        while g.dealing:
            g.apply(rng.choice(g.legal_actions()))
        if g.play is not None and not g.play.is_over and not g.play.view(HUMAN).in_game[HUMAN]:
            return g
    raise AssertionError("no seed in 0-399 dealt the human out")


def test_a_suit_deal_that_leaves_the_human_no_card_says_so_at_once(lang: str) -> None:
    g = _dealt_out_game()
    v = g.view(HUMAN)
    assert isinstance(v, PlayerView) and v.to_act != HUMAN
    line = status_text(Watching(), v)  # type: ignore[arg-type]
    dealt_out = {"ja": "配りであなたに札が残らなかった", "en": "The dealing left you no cards"}
    assert dealt_out[lang] in line
    assert {"ja": "ドゥラークではありません", "en": "not the durak"}[lang] in line


def test_a_human_out_is_told_so_while_the_others_play_on(lang: str) -> None:
    """Once out, the status says so before naming whose turn it is (the default game)."""
    rules = Rules(players=4)
    for seed in range(200):
        g = Game.new(rules, seed)
        rng = random.Random(seed)
        while g.phase is not Phase.OVER and g.view(HUMAN).in_game[HUMAN]:
            g.apply(rng.choice(g.legal_actions()))
        if g.phase is not Phase.OVER:
            line = status_text(make(rules, seed), g.view(HUMAN))
            assert {"ja": "あなたは上がりました", "en": "You are out, not the durak"}[lang] in line
            return
    raise AssertionError("no seed in 0-199 put the human out before the end")
