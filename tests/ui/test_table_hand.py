"""Napoleon's hand and seat panels on the table: built anew only when what they
show changed.

While the computers play, the human's hand stays as it is and a move changes one
or two panels.  The rule kept: what a drawing leaves in ``#hand`` and in each
panel is what a fresh build from the same scene gives, in the page's language and
suit style, and never a hint's mark left from before.  And the scene a drawing
reads builds the seat's view once.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from napoleon.cards import card_text
from napoleon.rules import PRESETS
from napoleon.ui_dom import i18n
from napoleon.ui_dom import table as table_mod
from napoleon.ui_dom.controller import Controller
from napoleon.ui_dom.scene import Scene, scene_of
from tests.shell.test_review_frame import Doc, Node, stand_in_page


class Hand(Node):
    """``#hand``: counts its fillings; a child marked ``hinted`` answers ``.hinted``."""

    def __init__(self, doc: Doc) -> None:
        super().__init__(doc, "div")
        self.fillings = 0

    def replaceChildren(self, *children: Node) -> None:
        self.fillings += 1
        super().replaceChildren(*children)

    @property
    def childElementCount(self) -> int:
        return len(self.children)

    def querySelector(self, selector: str) -> Node | None:
        assert selector == ".hinted", selector
        return next((c for c in self.children if "hinted" in c.className.split()), None)


@pytest.fixture
def hand(monkeypatch: pytest.MonkeyPatch) -> Iterator[Hand]:
    doc = stand_in_page(monkeypatch)
    table_mod._hand_drawn[0] = None
    yield Hand(doc)
    i18n.set_language("ja")
    table_mod._hand_drawn[0] = None


async def _think(view_json: str, level: str, seed: int) -> str:
    raise AssertionError("no computer is asked here")


async def _no_pause() -> None:
    return None


def _scene(style: str = "symbols") -> Scene:
    ctrl = Controller(PRESETS["sdc"], 7, "easy", _think, _no_pause, lambda: None)
    return scene_of(ctrl, style)


def _shown(hand: Hand) -> list[tuple[str | None, bool, str | None]]:
    return [(c.getAttribute("data-card"), "disabled" in c.attrs,
             c.getAttribute("aria-label")) for c in hand.children]


def _expected(s: Scene) -> list[tuple[str, bool]]:
    return [(card_text(c), off) for c, _act, _cls, off, _note in table_mod.hand_cards(s)]


def test_the_hand_is_built_anew_only_when_what_it_shows_changed(hand: Hand) -> None:
    s = _scene()
    assert table_mod.draw_hand(hand, s) == len(_expected(s)) > 0
    first = list(hand.children)
    ja = _shown(hand)
    assert [(card, off) for card, off, _ in ja] == _expected(s)
    # The same cards in the same states: the nodes drawn stay (a computer's move).
    table_mod.draw_hand(hand, _scene())
    assert hand.fillings == 1 and all(a is b for a, b in zip(hand.children, first, strict=True))
    # Another language: the cards' names in it.
    i18n.set_language("en")
    table_mod.draw_hand(hand, s)
    assert hand.fillings == 2
    en = _shown(hand)
    assert [c[:2] for c in en] == [c[:2] for c in ja] and en != ja


def test_a_hand_another_screen_emptied_or_a_hint_marked_is_built_again(hand: Hand) -> None:
    s = _scene()
    table_mod.draw_hand(hand, s)
    hand.replaceChildren()  # the hand-over screen between two people
    table_mod.draw_hand(hand, s)
    assert [(card, off) for card, off, _ in _shown(hand)] == _expected(s)
    hand.children[0].className += " hinted"
    drawn = hand.fillings
    table_mod.draw_hand(hand, s)
    assert hand.fillings == drawn + 1
    assert not any("hinted" in c.className.split() for c in hand.children)


def test_another_suit_style_builds_the_hand_again(hand: Hand) -> None:
    table_mod.draw_hand(hand, _scene("symbols"))
    table_mod.draw_hand(hand, _scene("elements"))
    assert hand.fillings == 2


def _tree(node: Node) -> object:
    return (node.tagName, node.className, node._text, sorted(node.attrs.items()),
            [_tree(c) for c in node.children])


class Panel(Node):
    """A panel's section: its ``classList.add`` as a browser's."""

    @property
    def classList(self) -> Panel:
        return self

    def add(self, cls: str) -> None:
        self.className = f"{self.className} {cls}".strip()


def test_a_kept_panel_is_the_panel_built_afresh_at_every_step_of_a_game(
    hand: Hand, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A seat's panel is built again only when something it shows changed: at every
    step of a whole game (half of it in English with the elements' suits), the kept
    panel is the one a fresh build gives, and most panels are kept."""
    import json

    from napoleon.actions import parse_action
    from napoleon.ai.levels import decide_json
    from napoleon.match import decision_request

    monkeypatch.setattr(hand.doc, "createElement", lambda tag: Panel(hand.doc, tag))
    table_mod._panels.clear()
    ctrl = Controller(PRESETS["sdc"], 11, "easy", _think, _no_pause, lambda: None)
    g = ctrl.match.game
    drawn = kept = 0
    step = 0
    while True:
        lang, style = ("ja", "symbols") if step < 20 else ("en", "elements")
        i18n.set_language(lang)
        s = scene_of(ctrl, style)
        for seat in range(s.view.players):
            before = table_mod._panels.get(seat)
            node = table_mod.panel(s, seat)
            kept += before is not None and before[1] is node
            drawn += 1
            assert _tree(node) == _tree(table_mod.build_panel(s, seat)), (step, seat)
        if g.result is not None:
            break
        ctrl.trick_pause = False
        to_act = g.to_act
        assert to_act is not None
        reply = decide_json(decision_request(ctrl.match, to_act), "easy", step)
        ctrl.apply(parse_action(str(json.loads(reply)["action"])))
        step += 1
    i18n.set_language("ja")
    table_mod._panels.clear()
    assert step > 40 and drawn // 2 < kept < drawn


def test_a_drawings_scene_builds_the_seats_view_once(monkeypatch: pytest.MonkeyPatch) -> None:
    ctrl = Controller(PRESETS["sdc"], 7, "easy", _think, _no_pause, lambda: None)
    real = ctrl.view
    built: list[object] = []

    def counted() -> object:
        built.append(real())
        return built[-1]

    monkeypatch.setattr(ctrl, "view", counted)
    s = scene_of(ctrl, "symbols")
    assert built == [s.view]
    assert s.deal_key.endswith(f".{s.view.first_bidder}.{s.view.redeals}")
