"""``magadan`` (マガダン式, docs/rules/durak.md §3.4): 1 card in hand, 5 face down in
front, one taken per cover."""

from __future__ import annotations

import json
import random

from durak.actions import TAKE
from durak.cards import card_text, cards_text, parse_card, parse_cards, parse_hand
from durak.deal import Deal
from durak.game import Game, Phase
from durak.record import json_record, replay_json, replay_text, text_record, to_json
from durak.rules import Rules
from tests.durak_game.helpers import A, B, att, cov, phase

MAGADAN = Rules(magadan=True)


def magadan_game(hands: list[str], piles: list[str], talon: str, rules: Rules = MAGADAN) -> Game:
    """Hands, piles (in taking order) and the talon in drawing order over the trump card 6D."""
    drawn = parse_cards(talon)
    tc = parse_card("6D")
    deal = Deal(tuple(parse_hand(h) for h in hands), (tc, *reversed(drawn)), tc,
                True, piles=tuple(tuple(parse_cards(p)) for p in piles))
    return Game.from_deal(rules, deal, dealer=len(hands) - 1, first_attacker=0)


def test_the_deal_puts_one_card_in_hand_and_five_face_down() -> None:
    g = Game.new(Rules(players=3, magadan=True), 5)
    assert [h.bit_count() for h in g.hands] == [1, 1, 1]
    assert [len(p) for p in g.piles] == [5, 5, 5]


def test_face_down_cards_cannot_be_played() -> None:
    g = magadan_game(["7S", "9S"], ["AH,AC,KH,KC,QH", "8H,8C,JH,JC,TH"], "6H,7H,8D,9D")
    assert {type(a).__name__ for a in g.legal_actions()} == {"Attack"}
    assert len(g.legal_actions()) == 1  # only 7S


def test_after_each_cover_its_player_takes_a_face_down_card() -> None:
    g = magadan_game(["7S", "9S"], ["AH,AC,KH,KC,QH", "8H,8C,JH,JC,TH"], "6H,7H,8D,9D")
    g.apply(att("7S"))
    g.apply(cov("9S", "7S"))
    # B took 8H from its pile on covering; then the refill: A holds 0 + 5 face down → draws 1,
    # B holds 8H + 4 face down → draws 1.
    assert g.hands[B] >> parse_card("8H") & 1
    assert len(g.piles[B]) == 4


def test_refills_and_the_limit_count_the_face_down_cards() -> None:
    """[I] H counts the face-down cards too: B holds 1 + 5, so L = 6."""
    g = magadan_game(["7S", "9S"], ["AH,AC,KH,KC,QH", "8H,8C,JH,JC,TH"], "6H,7H,8D,9D")
    assert g.limit == 6
    g.apply(att("7S"))
    g.apply(TAKE)  # B: 2 in hand + 5 face down = 7, draws nothing; A: 0 + 5 draws 1
    assert g.events[-2][0] == "r" and g.events[-2][1] == ((A, (parse_card("6H"),)),)


def test_an_empty_talon_puts_every_face_down_card_into_the_hand() -> None:
    g = magadan_game(["7S", "9S"], ["AH,AC,KH,KC,QH", "8H,8C,JH,JC,TH"], "6H")
    g.apply(att("7S"))
    g.apply(cov("9S", "7S"))  # refill: A draws 6H, B the trump card 6D; the talon is gone
    assert g.piles == [(), ()]
    assert g.hands[A] == parse_hand("6H,AH,AC,KH,KC,QH")
    assert g.hands[B] == parse_hand("8H,6D,8C,JH,JC,TH")


def test_an_attacker_with_no_card_in_hand_turns_a_face_down_card_first() -> None:
    """[I] an opener with an empty hand but face-down cards (``refill=when_empty`` refills
    only a player with none at all) takes its next face-down card before attacking."""
    rules = Rules(magadan=True, refill="when_empty")
    g = magadan_game(["7S", "9S"], ["AH,AC,KH,KC,QH", "8H,8C,JH,JC,TH"], "6H,7H,8D,9D", rules)
    g.apply(att("7S"))
    g.apply(cov("9S", "7S"))  # B takes 8H; nobody refills (both hold face-down cards)
    g.apply(att("8H"))
    g.apply(TAKE)  # A, empty-handed, can only take; B attacks again with an empty hand
    assert phase(g) is Phase.ATTACK and g.attacker == B
    assert g.hands[B] == parse_hand("8C") and len(g.piles[B]) == 3


def test_nobody_sees_face_down_cards_not_even_their_owner() -> None:
    g = magadan_game(["7S", "9S"], ["AH,AC,KH,KC,QH", "8H,8C,JH,JC,TH"], "6H,7H,8D,9D")
    for seat in (A, B):
        v = g.view(seat)
        assert v.pile_sizes == (5, 5)
        text = json.dumps(v.to_dict())
        for c in parse_cards("AH,AC,KH,KC,QH,8H,8C,JH,JC,TH"):
            assert card_text(c) not in text


def test_the_records_list_the_face_down_cards_and_replay() -> None:
    for seed in range(10):
        g = Game.new(Rules(players=3, magadan=True), seed)
        piles = g.deal.piles
        rng = random.Random(seed)
        while g.phase is not Phase.OVER:
            g.apply(rng.choice(g.legal_actions()))
        text = text_record(g, seed=seed)
        assert "piles " + " ".join(f"{i}:{cards_text(p)}" for i, p in enumerate(piles)) in text
        assert text_record(replay_text(text), seed=seed) == text
        again = replay_json(to_json(json_record(g, seed=seed)))
        assert again.actions() == g.actions() and again.result == g.result


def test_a_player_left_holding_nothing_by_pass_hands_refills_at_once() -> None:
    """magadan + pass_hands (§3.4) [I]: the face-down cards stay when the hands
    pass, so a player may be handed an empty hand while the talon lasts; the refill runs
    again at once (§6.12: nobody holds nothing while the talon lasts).  Before, the
    next opener sat with no card and no legal move (seed 189 of random play under
    ``refill=when_empty&pass_hands=on&magadan=on``)."""
    rules = Rules(magadan=True, pass_hands=True, refill="when_empty")
    g = magadan_game(["7S", "9S,8H"], ["KC", ""], "6H,7H,8D,9D,TD,JD,QD", rules)
    g.apply(att("7S"), A)
    g.apply(cov("9S", "7S"), B)  # A holds only a face-down card: no throw-in, beaten
    assert g.hands[A] == parse_hand("8H") and g.piles[A] == (parse_card("KC"),)
    assert g.hands[B] == parse_hand("6H,7H,8D,9D,TD,JD")  # handed nothing, refilled to 6
    assert (phase(g), g.to_act) == (Phase.ATTACK, B)
    assert g.legal_actions()


def test_random_games_of_magadan_and_pass_hands_never_leave_a_player_without_a_move() -> None:
    """The same mix in random play: whoever is to act always has a legal action, and
    every bout opens with an attacker holding a card (seed 189 was stuck before)."""
    rules = Rules.from_text("preset=podkidnoy&refill=when_empty&pass_hands=on&magadan=on")
    for seed in (189, *range(40)):
        g = Game.new(rules, seed)
        rng = random.Random(seed)
        while g.phase is not Phase.OVER:
            acts = g.legal_actions()
            assert acts, f"seed {seed}: {g!r} has no legal action"
            g.apply_unchecked(acts[int(rng.random() * len(acts))])
