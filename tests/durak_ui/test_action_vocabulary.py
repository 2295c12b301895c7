"""One vocabulary: every text names an action by the words of the button that makes it.

A new player read "Hint: take from the pile" beside a button reading "Take the whole
table", 「山札をめくる」 beside 「山札から1枚引いて返す」, Napoleon's 「パス」 beside
its DROP button, 受ける in the review beside 返す on the table.  The ordinary game's
actions have one catalog (:data:`durak.ui_dom.table.strings_actions.ACTIONS`: the button's
label, the hint's and the review's imperative, the recent moves' line, the word they
share); the pile games' Take and talon buttons are named as
:mod:`durak.ui_dom.table.pile_table` draws them, the suit deal's table card by its label,
Napoleon's DROP by its button.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from durak import actions
from durak.cards import parse_card
from durak.pile.actions import FromTalon as PileTalon
from durak.pile.actions import Take as PileTake
from durak.pile.options import MODES, PileRules
from durak.ui_dom import i18n
from durak.ui_dom.hint import pile_hint_view, strings_hint
from durak.ui_dom.hint.hint_words import PLAIN, action_words
from durak.ui_dom.i18n import t
from durak.ui_dom.play.clicks import PLAIN_ACTS
from durak.ui_dom.play.pile_controller import PileController
from durak.ui_dom.review.review_words import action_words as review_action_words
from durak.ui_dom.table.card_words import card_name
from durak.ui_dom.table.move_words import move_text
from durak.ui_dom.table.pile_table import controls_el
from durak.ui_dom.table.strings_actions import BY_KEY, ON_TABLE_CARD
from durak.ui_dom.table.table import CONTROL_LABELS
from napoleon.ui_dom import i18n as napoleon_i18n
from napoleon.ui_dom.review_words import action_words as napoleon_action_words
from napoleon.ui_dom.strings_review import register as register_napoleon_review
from tests.durak_ui.test_pile_draw import HOOKS, shown
from tests.shell.test_review_frame import Doc, stand_in_page

LANGS = ("ja", "en")


@pytest.fixture
def doc(monkeypatch: pytest.MonkeyPatch) -> Doc:
    return stand_in_page(monkeypatch)


@pytest.fixture(autouse=True)
def japanese_after() -> Iterator[None]:
    strings_hint.register()
    yield None
    i18n.set_language("ja")
    napoleon_i18n.set_language("ja")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("act", sorted(PLAIN_ACTS))
def test_the_ordinary_hint_names_a_buttons_move_by_its_label(act: str, lang: str) -> None:
    i18n.set_language(lang)
    label = dict(CONTROL_LABELS)[act]
    assert action_words(PLAIN_ACTS[act]()) == t(label)


def test_every_button_without_cards_is_in_the_catalog() -> None:
    """Every button of the table that makes an action without cards has that action."""
    with_cards = {"attack", "transfer", "show", "poker"}
    assert {act for act, _ in CONTROL_LABELS} - with_cards == set(PLAIN_ACTS)
    assert all(issubclass(kind, actions.Action) for kind in PLAIN_ACTS.values())


def first_decision_with(rules: PileRules, kind: type, seed: int) -> PileController | None:
    """A controller at the human's first decision where ``kind`` is legal (random play)."""
    rng = random.Random(seed)
    ctrl = PileController(rules, seed, "easy", HOOKS)
    for _ in range(400):
        game = ctrl.game
        if game.is_over:
            return None
        legal = game.legal_actions()
        if game.to_act == 0 and any(isinstance(a, kind) for a in legal):
            return ctrl
        game.apply(rng.choice(legal))
    return None


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", MODES)
def test_a_pile_hint_names_take_and_the_talon_by_their_buttons(
        doc: Doc, mode: str, lang: str) -> None:
    i18n.set_language(lang)
    rules = PileRules(mode=mode, players=3)
    met = 0
    for kind, action, button in ((PileTake, "!", "btn-take"), (PileTalon, "@", "btn-talon")):
        for seed in range(40):
            ctrl = first_decision_with(rules, kind, seed)
            if ctrl is None:
                continue
            on_table = shown(controls_el(ctrl, ctrl.view()), button)
            assert on_table, (mode, button)
            answer = {"action": action, "reason": {"kind": "only", "args": {}},
                      "figure": 0.5, "worlds": 8, "ranked": [[action, 0.5]]}
            line = pile_hint_view.PileHintSide(ctrl).line(answer)
            assert line.startswith(t("hint.title", action=on_table)), (line, on_table)
            # The recent moves and the record say it with the button's word.
            stem = BY_KEY["take" if kind is PileTake else "talon"].stem[LANGS.index(lang)]
            done = move_text("@", kind())
            for text in (on_table, done):
                assert re.search(stem, text, re.IGNORECASE), (mode, text)
            met += 1
            break
    assert met >= 1, mode  # every pile game has a Take; polish its talon too


@pytest.mark.parametrize("lang", LANGS)
def test_napoleons_pass_is_named_by_its_drop_button(lang: str) -> None:
    """Napoleon's hint and review said DROP, the log, the auction and the seats パス."""
    from napoleon.actions import Pass
    from napoleon.ui_dom.card_words import bid_word

    register_napoleon_review()
    napoleon_i18n.set_language(lang)
    button = napoleon_i18n.t("btn.drop")
    said = {"hint and review": napoleon_action_words("pass"),
            "auction": bid_word(Pass(), "symbols"),
            "log": napoleon_i18n.t("announce.bid", name="@", bid=bid_word(Pass(), "symbols"))}
    for where, text in said.items():
        assert button in text, (where, text)


#: An action of each entry of the catalog, as the hint, the review and the recent moves
#: name it (cards: 7♠ 9♠ on the 7♥).
SEVEN_S, NINE_S, SEVEN_H = parse_card("7S"), parse_card("9S"), parse_card("7H")
SAMPLES: dict[str, actions.Action] = {
    "take": actions.Take(), "pass": actions.Pass(),
    "attack": actions.Attack(1 << SEVEN_S | 1 << SEVEN_H),
    "cover": actions.Cover(NINE_S, SEVEN_S), "throw": actions.Throw(SEVEN_H),
    "transfer": actions.Transfer(1 << SEVEN_S), "show": actions.Transfer(1 << SEVEN_S, True),
    "try": actions.TryTalon(SEVEN_H), "swap_six": actions.SwapSix(),
    "talon": actions.FromTalon(), "poker": actions.PokerSwap(1 << SEVEN_S | 1 << NINE_S),
    "double": actions.Double(), "accept": actions.Accept(), "fold": actions.Fold(),
    "challenge": actions.Challenge(),
}
#: The record's sentences of each action (``strings_record``; an attack's is the bout's
#: header and its lead, one sentence; a cover's, the plain one and from the talon).
RECORD_KEYS = {"take": "words.taken", "pass": "words.pass", "attack": "words.bout+words.lead",
               "cover": "words.cover words.cover_talon", "throw": "words.throw",
               "transfer": "words.transfer", "show": "words.transfer_shown",
               "try": "words.try_talon", "swap_six": "words.swap_six",
               "talon": "words.from_talon", "poker": "", "double": "words.double",
               "accept": "words.accept", "fold": "words.fold", "challenge": "words.challenge"}
ARGS = {"name": "@", "who": "@", "cards": "@", "card": "@", "target": "@", "n": 1,
        "attacker": "@", "defender": "@", "outcome": "@"}


def test_the_catalog_names_every_action_of_the_table() -> None:
    """Every button of the ordinary table is the catalog's, and the catalog has an
    example of each of its actions (the tests below read them)."""
    assert {act.replace("-", "_") for act, _ in CONTROL_LABELS} <= set(BY_KEY)
    for act, key in CONTROL_LABELS:
        assert key == BY_KEY[act.replace("-", "_")].button_key
    assert set(SAMPLES) == set(BY_KEY) == set(RECORD_KEYS)
    assert all(type(SAMPLES[k]).__name__ not in PLAIN or PLAIN[type(SAMPLES[k]).__name__] == k
               for k in SAMPLES)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", sorted(BY_KEY))
def test_an_action_is_named_by_its_buttons_word_everywhere(key: str, lang: str) -> None:
    """One vocabulary: the button's word is the hint's, the review's, the record's and the
    recent moves' (and the screen reader's, which reads the recent moves' lines).  The
    review said 受ける where the button and the hint said 返す, the hint 「山札の札を試す」
    beside 「山札で挑む」."""
    from durak.ui_dom.record.strings_record import STRINGS as RECORD

    entry = BY_KEY[key]
    stem = entry.stem[LANGS.index(lang)]
    i18n.set_language(lang)
    action = SAMPLES[key]
    texts = {"hint": action_words(action),
             "review": review_action_words(actions.action_text(action), lang),
             "recent moves": t(entry.announce_key, **ARGS)}
    if entry.button is not None:
        texts["button"] = t(entry.button_key, **ARGS)
    for record_key in RECORD_KEYS[key].split():
        texts[record_key] = "".join(RECORD[k][lang] for k in record_key.split("+"))
    for where, text in texts.items():
        assert re.search(stem, text, re.IGNORECASE), (key, where, text)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", sorted(ON_TABLE_CARD))
def test_a_hint_to_cover_or_try_the_talon_says_the_attack_cards_label(
        doc: Doc, key: str, lang: str) -> None:
    """The attack card to click reads 「山札で7♥に挑む」: the hint says the same words."""
    from durak.rules import Rules
    from durak.ui_dom.table.table import play_el

    i18n.set_language(lang)

    class Ctrl:
        def cover_targets(self) -> list[int]:
            return [SEVEN_H] if key == "cover" else []

        def try_targets(self) -> list[int]:
            return [SEVEN_H] if key == "try" else []

    class View:
        def __init__(self) -> None:
            self.table = [(SEVEN_H, None)]
            self.covered_face_down = 0
            self.taking = False
            self.cards_allowed = 1
            self.rules = Rules()

    ctrl: Any = Ctrl()  # what the pairs read of a controller and a view, no more
    view: Any = View()
    box = play_el(ctrl, view)
    target = next(n for n in box.walk() if n.getAttribute("data-act") == key)
    label = str(target.getAttribute("aria-label"))
    hint = action_words(actions.TryTalon(SEVEN_H) if key == "try"
                        else actions.Cover(NINE_S, SEVEN_H))
    if key == "try":
        assert hint.lower() == label.lower()
    else:  # "Cover 7♥" on the card; "cover 7♥ with 9♠": the card, then the cover
        assert hint.lower().startswith(label.lower()[:5]) and card_name(SEVEN_H) in hint


@pytest.mark.parametrize("lang", LANGS)
def test_the_suit_deals_hint_says_the_table_cards_label(doc: Doc, lang: str) -> None:
    """The table card to click reads "Take the 10♣ with the 7♣"; the hint said "take 7♣
    with 10♣", the other way round."""
    from durak.suit_deal.deal_phase import TakeWith
    from durak.suit_deal.ui_dom.hint_view import SuitDealHintSide
    from durak.suit_deal.ui_dom.table import _table_card

    i18n.set_language(lang)
    turned, low = parse_card("TC"), parse_card("7C")
    label = _table_card(low, turned, True).getAttribute("aria-label")
    title = SuitDealHintSide().title(TakeWith(low), {"turned": turned})
    assert title == t("hint.title", action=label)
