"""``baltic`` (バルチック, docs/rules/durak.md §3.3): the defender adds cards of the
cover's rank and roles swap."""

from __future__ import annotations

import random

import pytest

from durak.actions import TAKE, Baltic, IllegalActionError, action_text, parse_action
from durak.cards import parse_card, parse_hand
from durak.game import Game, Phase
from durak.record import json_record, replay_json, replay_text, text_record, to_json
from durak.rules import Rules
from tests.durak_game.helpers import A, B, C, att, cov, pass_over, phase, position

BALTIC = Rules(baltic=True)


def bal(card: str, target: str, extra: str) -> Baltic:
    return Baltic(parse_card(card), parse_card(target), parse_hand(extra))


def test_covering_the_last_card_the_defender_may_add_its_rank_and_roles_swap() -> None:
    g = position(["7S,TH,8C", "9S,9H,KD"], trump="6D", talon="AS,AC", rules=BALTIC)
    g.apply(att("7S"))
    assert bal("9S", "7S", "9H") in g.legal_actions()
    g.apply(bal("9S", "7S", "9H"))
    assert (g.attacker, g.defender, g.to_act) == (B, A, A)
    assert phase(g) is Phase.DEFEND
    assert g.attacks == [parse_card("7S"), parse_card("9H")]
    g.apply(cov("TH", "9H"))  # the old attacker covers the added card
    pass_over(g)  # §6.15: B is offered the window though KD matches nothing: beaten
    assert g.bout == 2 and g.discard == parse_hand("7S,9S,9H,TH")


def test_without_baltic_no_card_is_added_to_a_cover() -> None:
    g = position(["7S,TH,8C", "9S,9H,KD"], trump="6D", talon="AS,AC")
    g.apply(att("7S"))
    assert not any(isinstance(a, Baltic) for a in g.legal_actions())
    with pytest.raises(IllegalActionError):
        g.apply(bal("9S", "7S", "9H"))


def test_only_the_last_uncovered_card_opens_a_baltic() -> None:
    """[I] "covering the last uncovered card": with two uncovered, the first cover adds nothing."""
    rules = BALTIC.replace(attack_set="same_rank")
    g = position(["7S,7H,TH,8C", "9S,9H,9D,KD"], trump="6D", talon="AS,AC", rules=rules)
    g.apply(att("7S,7H"))
    assert not any(isinstance(a, Baltic) for a in g.legal_actions())
    g.apply(cov("9S", "7S"))
    assert bal("9H", "7H", "9D") in g.legal_actions()


def test_the_new_defender_must_hold_as_many_and_the_limit_counts_from_the_swap() -> None:
    """[I] limit min(6, H') where H' is the old attacker's hand at the swap."""
    g = position(["7S,TH", "9S,9H,9D,9C"], trump="6D", talon="AS,AC", rules=BALTIC)
    g.apply(att("7S"))  # A holds one card now
    legal = g.legal_actions()
    assert bal("9S", "7S", "9H") in legal
    assert bal("9S", "7S", "9H,9D") not in legal
    g.apply(bal("9S", "7S", "9C"))
    assert g.limit - len(g.attacks) == 0  # the one added card used the limit up


def test_throw_ins_after_the_swap_go_against_the_old_attacker() -> None:
    rules = BALTIC.replace(players=3)
    g = position(["7S,TH,JH,QH", "9S,9H,KD,AD", "TS,8C"], trump="6D", talon="AS,AC", rules=rules)
    g.apply(att("7S"))
    g.apply(bal("9S", "7S", "9H"))
    g.apply(cov("TH", "9H"))
    # every card covered: a window against A; C holds TS (a ten is on the table)
    pass_over(g)  # §6.15: B, holding nothing that matches, is offered first and passes
    assert phase(g) is Phase.THROW and g.to_act == C
    g.apply(parse_action("throw TS"))
    pass_over(g, 2)  # C holds nothing more that matches, B neither: the window closes
    assert (g.defender, g.to_act) == (A, A)


def test_a_take_after_the_swap_picks_up_the_whole_table() -> None:
    """[I] the new defender takes every table card, the pairs from before the swap too."""
    g = position(["7S,8C,6C", "9S,9H,KD"], trump="6D", talon="AS,AC,AH", rules=BALTIC)
    g.apply(att("7S"))
    g.apply(bal("9S", "7S", "9H"))
    g.apply(TAKE)
    assert g.hands[A] & parse_hand("7S,9S,9H") == parse_hand("7S,9S,9H")
    assert g.attacker == B  # A took: A's left, B, attacks next


def test_baltic_action_text_and_record() -> None:
    a = bal("9S", "7S", "9H,9D")
    assert action_text(a) == "baltic 9S 7S 9H,9D"
    assert parse_action(action_text(a)) == a
    found = 0
    for seed in range(40):
        g = Game.new(Rules(players=3, baltic=True), seed)
        rng = random.Random(seed)
        while g.phase is not Phase.OVER:
            legal = g.legal_actions()
            baltics = [x for x in legal if isinstance(x, Baltic)]
            g.apply(baltics[0] if baltics and rng.random() < 0.5 else rng.choice(legal))
        text = text_record(g, seed=seed)
        if "^" in text:
            found += 1
        assert text_record(replay_text(text), seed=seed) == text
        again = replay_json(to_json(json_record(g, seed=seed)))
        assert again.actions() == g.actions()
    assert found >= 10
