"""The pile table's words: what the Take button does in each mode, polish's
talon button and its turns in the log, the log's moves, the status line, the modes' rules
paragraphs, in Japanese and English."""

from __future__ import annotations

import asyncio
import random

import pytest

from durak.cards import cards_of, parse_card
from durak.family.modes import DURAK
from durak.family.registry import GAMES
from durak.pile.actions import FROM_TALON, TAKE, lay
from durak.pile.crusaders import crusade
from durak.pile.game import PileGame
from durak.pile.options import MODES, PileRules, all_mixes
from durak.pile.playout import play_random_game
from durak.ui_dom.i18n import t
from durak.ui_dom.modes import PAGE_MODES
from durak.ui_dom.play.family_controller import Hooks
from durak.ui_dom.play.pile_controller import PileController, TalonTurn
from durak.ui_dom.table.card_words import card_name, seat_name
from durak.ui_dom.table.move_words import move_text
from durak.ui_dom.table.pile_table import (
    fresh_lines,
    shows_discards,
    status_text,
    take_label,
    talon_label,
)
from tests.durak_ui.test_pile_controller import _no_pause, _think, make, play_game, polish_deal
from tests.sweep import sized


def test_the_take_button_says_which_cards_a_take_picks_up(lang: str) -> None:
    """§3.6: kurukuru and chinese take the bottom card, chukhonsky the top one, heap
    the whole table or (heap_take=last) its top 5 or 3."""
    words = {"ja": ("一番下", "一番上", "全部", "5枚"), "en": ("bottom", "top card", "whole",
                                                            "top 5")}[lang]
    assert words[0] in take_label(PileRules(mode="kurukuru"))
    assert words[0] in take_label(PileRules(mode="chinese"))
    assert words[1] in take_label(PileRules(mode="chukhonsky"))
    assert words[2] in take_label(PileRules(mode="heap"))
    assert words[3] in take_label(PileRules(mode="heap", heap_take="last"))
    assert words[0] in take_label(PileRules(mode="crusaders"))  # kurukuru's take


def test_polish_take_is_the_top_card_then_the_top_3_once_the_talon_is_gone(lang: str) -> None:
    """§3.6 polish: holding cards, failing to cover takes the top card [I]; with the
    talon empty, the top 3."""
    top, three = {"ja": ("一番上の札", "上から3枚"), "en": ("top card", "top 3")}[lang]
    assert top in take_label(PileRules(mode="polish"), talon=5)
    assert three in take_label(PileRules(mode="polish"), talon=0)


def test_a_move_in_words(lang: str) -> None:
    laid = move_text("CPU1", lay(parse_card("9H")))
    took = move_text("CPU1", TAKE)
    if lang == "ja":
        assert (laid, took) == ("CPU1: ハートの9を出す", "CPU1: 引き取る")
    else:
        assert (laid, took) == ("CPU1 laid the 9 of hearts", "CPU1 took")


def test_polish_talon_turns_in_words(lang: str) -> None:
    """§3.6 polish (§9 case 35): the log says which cards a turn from the talon showed."""
    ctrl = PileController(PileRules(mode="polish"), 1, "easy",
                          Hooks(_think, _no_pause, lambda: None),
                          game=polish_deal("7H,6C,KD,8H,9H,QC"))
    for _ in range(3):  # A turns 7♥; B draws 6♣ (fails), turns K♦; C draws 8♥ (fails)
        ctrl.apply(FROM_TALON)
    said = [move_text(f"CPU{i}", FROM_TALON, ctrl.moves_seen().talon_turns[i]) for i in range(3)]
    if lang == "ja":
        assert said[0] == "CPU0: 山札からハートの7をめくって攻撃"
        assert said[1] == ("CPU1: 山札から引いたクラブの6はハートの7に勝てず、"
                           "2枚を引き取ってダイヤのKをめくって攻撃")
    else:
        assert said[0] == "CPU0 turned the 7 of hearts from the talon to attack"
        assert said[1] == ("CPU1 drew the 6 of clubs, which did not beat the 7 of hearts, "
                           "took both and turned the K of diamonds to attack")
    beat = TalonTurn(parse_card("7H"), parse_card("8H"), True, parse_card("QC"))
    last = TalonTurn(parse_card("7H"), parse_card("8H"), True, None)
    assert move_text("CPU1", FROM_TALON, beat) == {
        "ja": "CPU1: 山札からハートの8を引いてハートの7に返し、クラブのQをめくって攻撃",
        "en": "CPU1 drew the 8 of hearts, beat the 7 of hearts with it and turned the "
              "Q of clubs to attack"}[lang]
    assert move_text("CPU1", FROM_TALON, last) == {
        "ja": "CPU1: 山札からハートの8を引いてハートの7に返す",
        "en": "CPU1 drew the 8 of hearts and beat the 7 of hearts with it"}[lang]
    # a move said without its turn (never after a reload: those are said already)
    assert move_text("CPU1", FROM_TALON) == {"ja": "CPU1: 山札をめくる",
                                              "en": "CPU1 turned a talon card"}[lang]


def test_polish_status_and_talon_button_say_what_an_empty_hand_does(lang: str) -> None:
    """§3.6 polish: an empty hand turns the talon; at the start (a lead) it attacks the
    next player, named, facing an attack it draws against the top card."""
    ctrl = PileController(PileRules(mode="polish"), 1, "easy",
                          Hooks(_think, _no_pause, lambda: None),
                          game=polish_deal("7H,6C,KD,8H,9H,QC"))
    v = ctrl.view()
    attack = {"ja": ("山札をめくって", "CPU1を攻撃"), "en": ("Turn a talon card", "attack CPU1")}
    assert attack[lang][0] in talon_label(v) and attack[lang][1] in status_text(ctrl, v)
    for _ in range(3):  # ... back to A (seat 0), facing C's attack with an empty hand
        ctrl.apply(FROM_TALON)
    v = ctrl.view()
    assert v.must_beat and v.hand == 0 and ctrl.legal() == (FROM_TALON,)
    draw = {"ja": "山札から1枚引いて", "en": "Draw from the talon"}[lang]
    assert draw in talon_label(v)
    assert card_name(v.pile[-1]) in status_text(ctrl, v)


def test_every_family_game_has_its_how_to_in_both_languages(lang: str) -> None:
    """The how-to folded under the hand and opening the game's rules page
    (``howto.<mode>``) for every game of the family but the ordinary one, whose page is
    its rule book: crusaders says its trump is always ♦ (polish's: test_pile_how_to.py)."""
    texts = {m: t(f"howto.{m}") for m in GAMES if m != DURAK}
    assert set(PAGE_MODES) < set(texts)
    assert all(text and not text.startswith("howto.") for text in texts.values())
    assert len(set(texts.values())) == len(texts)
    assert "♦" in texts["crusaders"]


@pytest.mark.parametrize("mode", MODES)
def test_the_status_names_the_durak_at_the_end_and_the_top_card_before(mode: str) -> None:
    ctrl = make(PileRules(mode=mode), 6)
    asyncio.run(ctrl.start())
    v = ctrl.view()
    text = status_text(ctrl, v)
    assert text.startswith("あなたの番です")
    play_game(ctrl)
    v = ctrl.view()
    end = status_text(ctrl, v)
    assert end.startswith("ゲーム終了")
    if v.durak is not None:
        assert ("あなた" if v.durak == 0 else f"CPU{v.durak}") in end


#: Random games a mix of options the discard check plays: ``make check`` 3 (every mix).
DISCARD_SEEDS = sized(10, 3)


@pytest.mark.parametrize("mode", MODES)
def test_the_discard_count_is_shown_only_in_the_modes_that_discard(mode: str) -> None:
    """§3.6: heap's and polish's cards pile up or go into hands, never to a discard pile,
    so their table shows no "Discarded: 0"; the other modes discard (the
    pile cleared, the rest of a take) and show the count.  Checked against the
    engine: random games of every mix of the mode's options and players, seeds 0-9
    (``make check`` 0-2); a mode that discards is done at its first discard."""
    discarded = 0
    for rules in all_mixes():
        if rules.mode == mode and not discarded:
            for seed in range(DISCARD_SEEDS):
                g = play_random_game(PileGame.new(rules, seed), random.Random(seed))
                discarded += g.view(0).discarded
                if discarded:
                    break
    assert shows_discards(mode) == (discarded > 0), (mode, discarded)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_crusaders_deal_is_said_in_the_log_hiding_others_hand_draws(
    lang: str, players: int
) -> None:
    """crusaders (docs/rules/durak.md §3.6): the dealing phase, played out at once, is
    said in words: the face-up cards and who draws first, then each drawn card and where
    it went (onto whose pile, or into the hand); a card drawn into another seat's hand
    stays hidden ([I] of :mod:`durak.pile.crusaders`), the human's own are named."""
    ctrl = make(PileRules(mode="crusaders", players=players), 11)
    st = ctrl.game.state
    faceup = [next(cards_of(h)) for h in st.dealt_hands]
    done = crusade(faceup, list(st.dealt_talon), st.dealer)
    lines = fresh_lines(ctrl)
    deal = lines[:1 + sum(1 for s in range(players) if any(d[0] == s for d in done.draws))]
    said = "\n".join(deal)
    assert deal[0].startswith({"ja": "十字軍の配り", "en": "The crusaders' deal"}[lang])
    assert all(card_name(c) in deal[0] for c in faceup)
    hidden = t("pile.deal.hidden")
    for seat, c, onto in done.draws:
        line = next(x for x in deal[1:] if x.startswith(seat_name(seat)))
        if onto is None and seat != 0:
            assert card_name(c) not in said  # nobody but its drawer saw it
        else:
            assert card_name(c) in line
            if onto is not None and onto != seat:
                assert seat_name(onto) in line
    assert said.count(hidden) == sum(1 for s, _c, o in done.draws if o is None and s != 0)
    # said once; a reload of the same game (restored, not dealt here) says no deal
    assert all(not x.startswith(deal[0][:6]) for x in fresh_lines(ctrl))
    again = PileController(ctrl.rules, 11, "easy", Hooks(_think, _no_pause, lambda: None),
                           game=ctrl.game)
    assert fresh_lines(again) == []


def test_the_next_game_of_crusaders_says_its_deal_and_other_modes_none() -> None:
    ctrl = make(PileRules(mode="crusaders", players=3), 4)
    first = fresh_lines(ctrl)[0]
    play_game(ctrl)
    fresh_lines(ctrl)
    assert ctrl.act("next-game", None) is True
    second = fresh_lines(ctrl)
    assert second[0].startswith("十字軍の配り") and second[0] != first
    for mode in ("kurukuru", "polish"):
        other = make(PileRules(mode=mode, players=3), 4)
        assert not any(x.startswith("十字軍") for x in fresh_lines(other))
