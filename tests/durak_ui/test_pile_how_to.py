"""The how-tos of heap and polish say what their table shows (docs/rules/durak.md §3.6), in
both languages: polish's first move is a talon card turned onto the face-up trump card
as an attack, and each button is named as the table labels it, in short paragraphs;
"the next player" is said in words the table's seats can be matched to, and the status
names whom the human's attack goes to."""

from __future__ import annotations

import pytest

from durak.pile.actions import FROM_TALON
from durak.pile.options import PileRules
from durak.ui_dom.i18n import t
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.play.pile_controller import PileController
from durak.ui_dom.rules.rules_book import rule_book
from durak.ui_dom.table.pile_table import status_text, take_label, talon_label
from tests.durak_modes.helpers import position
from tests.durak_ui.test_pile_controller import _no_pause, _think, polish_deal

QUOTE = {"ja": "「{}」", "en": "“{}”"}
HOOKS = Hooks(_think, _no_pause, lambda: None)


def paragraphs(mode: str) -> list[str]:
    return t(f"howto.{mode}").splitlines()


def test_polish_how_to_starts_with_the_talon_turned_to_attack_and_names_its_buttons(
        lang: str) -> None:
    """Polish opens with the trump card face up on the pile and "Turn a talon card to
    attack", while its how-to (one 90-word paragraph) spoke of beating the top card: it
    says the first move before any beating, and names every button of the table as the
    table labels it, in short paragraphs."""
    text = t("howto.polish")
    start = PileController(PileRules(mode="polish"), 1, "easy", HOOKS,
                           game=polish_deal("7H,6C,KD,8H,9H,QC"))
    attack = talon_label(start.view())
    for _ in range(3):  # back to the human, facing an attack with an empty hand
        start.apply(FROM_TALON)
    draw = talon_label(start.view())
    labels = [attack, draw, take_label(PileRules(mode="polish"), talon=5),
              take_label(PileRules(mode="polish"), talon=0),
              t("pile.trump_card", card="").rstrip(": ")]
    for label in labels:
        assert QUOTE[lang].format(label) in text, label
    assert text.index(attack) < text.index(draw)
    assert len(paragraphs("polish")) >= 4
    limit = 130 if lang == "ja" else 60  # characters of Japanese, words of English
    assert all((len(p) if lang == "ja" else len(p.split())) <= limit
               for p in paragraphs("polish"))


@pytest.mark.parametrize("mode", ["heap", "polish"])
def test_heap_and_polish_say_the_next_player_as_the_table_lists_the_seats(
        mode: str, lang: str) -> None:
    """They said "attack your left neighbour", but nothing on the table shows the seat
    order: they say the next player, matched to the seats' names, and the pile games'
    shared words on the rules page say the order the table lists the seats in."""
    text = t(f"howto.{mode}")
    assert ("左" if lang == "ja" else "left") not in text
    assert {"ja": "あなたの次はCPU1", "en": "CPU1 after You"}[lang] in text
    shared = next(s for s in rule_book(PileRules(mode=mode), lang) if s.key == "pile")
    order = {"ja": "あなた、上に並ぶ席を左から", "en": "You, then the seats above from the left"}
    assert any(order[lang] in x for x in shared.sentences())


def test_the_status_names_whom_the_humans_attack_goes_to_skipping_players_out(
        lang: str) -> None:
    """§3.6 heap: the defender attacks their left neighbour, the next seat still in:
    with CPU1 out, the human's attack goes to CPU2, and the status says so by name."""
    g = position(PileRules(mode="heap", players=4), ["8H,AC", "", "6C,7C", "6D"],
                 pile="9D,TD", trump="6S", to_act=0)
    g.state.in_game &= ~0b10
    g.state.out.append(1)
    ctrl = PileController(g.state.rules, 1, "easy", HOOKS, game=g)
    v = ctrl.view()
    assert v.next_player() == 2 and not v.must_beat
    assert status_text(ctrl, v) == {"ja": "あなたの番です。CPU2を攻撃する札を選んでください",
                                    "en": "Your turn: choose a card to attack CPU2"}[lang]
