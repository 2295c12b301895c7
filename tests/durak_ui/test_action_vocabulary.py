"""One vocabulary: a hint names a move made by a button with the words on that button.

A new player read "Hint: take from the pile" beside a button reading "Take the whole
table", 「山札をめくる」 beside 「山札から1枚引いて返す」, and Napoleon's 「パス」 beside
its DROP button.  The catalog is the table's own: the ordinary game's buttons
(:data:`durak.ui_dom.table.CONTROL_LABELS`, each making the action of
:data:`durak.ui_dom.controller.PLAIN_ACTS`), the pile games' Take and talon buttons as
:mod:`durak.ui_dom.pile_table` draws them, Napoleon's DROP.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest

from durak import actions
from durak.pile.actions import FromTalon as PileTalon
from durak.pile.actions import Take as PileTake
from durak.pile.options import MODES, PileRules
from durak.ui_dom import i18n, pile_hint_view, strings_hint
from durak.ui_dom.clicks import PLAIN_ACTS
from durak.ui_dom.hint_words import action_words
from durak.ui_dom.i18n import t
from durak.ui_dom.pile_controller import PileController
from durak.ui_dom.pile_table import controls_el
from durak.ui_dom.table import CONTROL_LABELS
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
        if game.over:
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
            met += 1
            break
    assert met >= 1, mode  # every pile game has a Take; polish its talon too


@pytest.mark.parametrize("lang", LANGS)
def test_napoleons_pass_is_named_by_its_drop_button(lang: str) -> None:
    register_napoleon_review()
    napoleon_i18n.set_language(lang)
    assert napoleon_action_words("pass").startswith(napoleon_i18n.t("btn.drop"))


#: Each button's word, as every text that names its action must say it: the table's
#: button (``CONTROL_LABELS``), the hint, the record in words and the review.  A word
#: here is a regular expression per language (the record says 引き取り for 引き取る,
#: "took" for "Take").
WORDS: dict[str, dict[str, str]] = {
    "take": {"ja": "引き取", "en": r"(?i)\b(take|took)\b"},
    "pass": {"ja": "パス", "en": r"(?i)\bpass"},
    "attack": {"ja": "攻撃", "en": r"(?i)\battack"},
    "transfer": {"ja": "回", "en": r"(?i)\btransfer"},
    "show": {"ja": "見せて回", "en": r"(?i)\b(show|transfer)"},
    "swap-six": {"ja": "交換", "en": r"(?i)\bswap"},
    "talon": {"ja": "山札から", "en": r"(?i)\btalon\b"},
    "double": {"ja": "ダブル", "en": r"(?i)\bdoubl"},
    "accept": {"ja": "受け", "en": r"(?i)\baccept"},
    "fold": {"ja": "降り", "en": r"(?i)\bfold"},
    "challenge": {"ja": "ダウト", "en": r"(?i)\bdoubt"},
}
#: The record's phrase of each button's action (``strings_record``; an attack's is the
#: bout's header and its lead) and the review's (``strings_review``).
RECORD_KEYS = {"take": "words.taken", "pass": "words.pass", "attack": "words.bout words.lead",
               "transfer": "words.transfer", "show": "words.transfer_shown",
               "swap-six": "words.swap_six", "talon": "words.from_talon",
               "double": "words.double", "accept": "words.accept", "fold": "words.fold",
               "challenge": "words.challenge"}
REVIEW_KEYS = {"take": "act.take", "pass": "act.pass", "attack": "act.attack",
               "transfer": "act.transfer", "show": "act.show"}
#: The recent moves' and the screen reader's line of each (``strings_table``).
ANNOUNCE_KEYS = {act: f"announce.{act.replace('-', '_')}" for act in WORDS}


def test_the_catalog_covers_every_button() -> None:
    assert set(WORDS) == {act for act, _ in CONTROL_LABELS} - {"poker"} == set(RECORD_KEYS)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("act", sorted(WORDS))
def test_a_buttons_word_is_the_records_and_the_reviews(act: str, lang: str) -> None:
    """回す on the button was 転嫁 in the record and the review, ダウト was 疑った; the
    recent moves and the screen reader say it as the button too."""
    from durak.ui_dom.strings_record import STRINGS as RECORD
    from durak.ui_dom.strings_review import STRINGS as REVIEW

    word = WORDS[act][lang]
    i18n.set_language(lang)
    record = " ".join(RECORD[key][lang] for key in RECORD_KEYS[act].split())
    texts = {"button": t(dict(CONTROL_LABELS)[act]), "record": record,
             "recent moves": t(ANNOUNCE_KEYS[act], name="@", cards="@", card="@",
                               target="@", outcome="@")}
    if act in REVIEW_KEYS:
        texts["review"] = REVIEW[REVIEW_KEYS[act]][lang]
    for where, text in texts.items():
        assert re.search(word, text), (act, where, text)
