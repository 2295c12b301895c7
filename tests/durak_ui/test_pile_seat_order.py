"""Heap's and polish's tables show who attacks whom (docs/rules/durak.md §3.6: a beaten
attack is followed by an attack on the next player in turn): a ring of the seats still
in, from the human's seat round to it again, the seat to act marked, and the pile's
attack line naming its attacker and its target, in both languages. The other pile
games, whose cards are not attacks on a neighbour, draw no ring."""

from __future__ import annotations

import random

import pytest

from durak.family.modes import CHINESE, CHUKHONSKY, CRUSADERS, HEAP, KURUKURU, POLISH
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.view import PileView
from durak.ui_dom.i18n import t
from durak.ui_dom.table.pile_ring import attack_ring, attack_text, order_el
from tests.durak_modes.helpers import lay, position
from tests.shell.test_review_frame import Doc, Node, stand_in_page


@pytest.fixture
def doc(monkeypatch: pytest.MonkeyPatch) -> Doc:
    return stand_in_page(monkeypatch)


def ring_names(box: Node) -> list[str]:
    return [str(n.textContent) for n in box.walk() if n.tagName == "li"]


def acting(box: Node) -> list[str]:
    return [str(n.textContent) for n in box.walk()
            if n.tagName == "li" and "acting" in n.className.split()]


@pytest.mark.parametrize("mode", [HEAP, POLISH])
def test_the_ring_of_attacks_runs_from_you_round_the_seats_back_to_you(
        doc: Doc, lang: str, mode: str) -> None:
    """§3.6: each attack goes to the next seat in turn, the order the table lists the
    seats in; the seat to act is the one marked."""
    game = PileGame.new(PileRules(mode=mode, players=4), 5)
    v = game.view(0)
    box = order_el(v, mode)
    assert box is not None
    you, cpu = t("seat.you"), [t("seat.cpu", n=n) for n in (1, 2, 3)]
    assert ring_names(box) == [you, *cpu, you]
    assert str(box.textContent).startswith(t("pile.order"))
    assert acting(box) == [([you, *cpu])[v.to_act]]


@pytest.mark.parametrize("mode", [KURUKURU, CHINESE, CHUKHONSKY, CRUSADERS])
def test_a_pile_game_whose_cards_attack_no_neighbour_draws_no_ring(
        doc: Doc, mode: str) -> None:
    assert order_el(PileGame.new(PileRules(mode=mode, players=4), 5).view(0), mode) is None


def out_midgame(seed: int) -> PileView:
    """A 4-player heap view, by random moves, where a seat is out and the game goes on."""
    game = PileGame.new(PileRules(mode=HEAP, players=4), seed)
    rng = random.Random(seed)
    while not game.is_over:
        v = game.view(0)
        if v.out:
            return v
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"seed {seed}: nobody went out before the end")


def test_a_seat_out_is_passed_by_in_the_ring(doc: Doc) -> None:
    """§3.6 heap: a player with no cards is out, and the attacks skip them."""
    v = next(v for v in map(out_midgame, range(1, 40)) if 0 not in v.out)
    ring = attack_ring(v)
    assert ring[0] == ring[-1] == 0
    assert not set(v.out) & set(ring)
    assert sorted(ring[:-1]) == [s for s in range(4) if s not in v.out]
    assert ring[:-1] == sorted(ring[:-1])  # in turn: You, CPU1, CPU2, CPU3


def test_the_ring_starts_at_the_next_seat_in_when_you_are_out(doc: Doc) -> None:
    v = next(v for v in map(out_midgame, range(1, 200)) if 0 in v.out)
    ring = attack_ring(v)
    assert ring[0] == ring[-1] != 0 and 0 not in ring


def test_the_attack_on_the_pile_names_who_attacks_whom(doc: Doc, lang: str) -> None:
    """Heap: the card laid on an empty pile attacks the next player; the pile says so
    with both names, and the ring marks the defender as the seat to act."""
    game = position(PileRules(mode=HEAP, players=3), ["8H,KS", "9S,AS", "7D,QC"], trump="6C")
    lay(game, "8H")
    v = game.view(0)
    assert v.must_beat and v.to_act == 1
    words = {"ja": "あなたがCPU1をハートの8で攻撃中",
             "en": "You attacked CPU1 with the 8 of hearts"}
    assert attack_text(v) == words[lang]
    box = order_el(v, HEAP)
    assert box is not None and acting(box) == [t("seat.cpu", n=1)]


@pytest.mark.parametrize("mode", [HEAP, POLISH])
def test_the_how_to_points_at_the_ring_by_its_label_on_the_table(lang: str, mode: str) -> None:
    """"The next player" of the how-to is the next seat of the ring the table draws,
    named as the table labels it."""
    quote = {"ja": "「{}」", "en": "“{}”"}[lang]
    assert quote.format(t("pile.order")) in t(f"howto.{mode}")
