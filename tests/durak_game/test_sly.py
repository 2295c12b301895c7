"""``sly`` and ``brazen`` (docs/rules/durak.md §3.2): covering one's own attack card."""

from __future__ import annotations

import random

from durak.actions import TAKE, Cover
from durak.cards import parse_hand
from durak.game import Game, Phase
from durak.record import json_record, replay_json, replay_text, text_record, to_json
from durak.rules import Rules
from tests.durak_game.helpers import A, B, C, att, cov, pass_over, phase, position, texts, thr


def test_sly_after_a_take_the_attacker_covers_their_own_card() -> None:
    """§3.2: the player who laid an attack card the defender cannot beat may cover it
    instead, reducing their own hand and adding to the defender's take."""
    rules = Rules(sly="sly")
    g = position(["9S,KS,7H", "8C,QD"], trump="6D", talon="6S,7S,8S", rules=rules)
    g.apply(att("9S"))
    assert "cover KS 9S" not in texts(g.legal_actions())  # only the defender, before
    g.apply(TAKE)
    assert phase(g) is Phase.THROW and g.to_act == A
    assert texts(g.legal_actions()) == {"pass", "cover KS 9S"}
    g.apply(cov("KS", "9S"))
    assert g.bout == 2  # nothing left to do: the defender takes both cards
    assert g.hands[B] & parse_hand("9S,KS") == parse_hand("9S,KS")
    assert g.hands[A] & parse_hand("KS") == 0


def test_sly_is_not_offered_before_the_take() -> None:
    """Plain sly covers only after "take"; covering one's own throw-in is brazen's."""
    rules = Rules(players=3, sly="sly")
    g = position(["9S,9C,KC,TC", "TS,QD,8H", "7H,AH"], trump="6D", talon="6S,7S,8S,6C",
                 rules=rules)
    g.apply(att("9S"))
    g.apply(cov("TS", "9S"))
    g.apply(thr("9C"))
    assert g.to_act == A and texts(g.legal_actions()) == {"pass", "throw TC"}
    assert {"cover KC 9C", "cover TC 9C"} <= texts(_brazen_twin(g).legal_actions())


def test_sly_cover_rank_opens_no_throw_ins() -> None:
    """§3.2: 'if no card of this cover's rank is out, this card cannot be thrown in'."""
    rules = Rules(players=3, sly="sly", throw_after_take=True)
    g = position(["9S,KS", "8C,QD", "KH,9H"], trump="6D", talon="6S,7S,8S,6C", rules=rules)
    g.apply(att("9S"))
    g.apply(TAKE)
    g.apply(cov("KS", "9S"))
    # C holds KH and 9H: 9H matches the attack card, KH (the sly cover's rank) does not.
    assert g.to_act == C
    assert texts(g.legal_actions()) == {"pass", "throw 9H"}


def test_sly_pairs_are_taken_with_take_unbeaten() -> None:
    """[I] take=unbeaten discards the defender's covered pairs, but a sly pair is not the
    defender's cover: it is taken, or sly would help the defender."""
    rules = Rules(sly="sly", take="unbeaten")
    g = position(["9S,KS,7H", "8C,QD"], trump="6D", talon="6S,7S,8S", rules=rules)
    g.apply(att("9S"))
    g.apply(TAKE)
    g.apply(cov("KS", "9S"))
    assert g.hands[B] & parse_hand("9S,KS") == parse_hand("9S,KS")


def test_brazen_a_thrower_covers_their_own_throw() -> None:
    """§3.2: brazen adds that a thrower covers the card they threw themselves; the
    pair counts as covered [I: optional], so the defender need not answer it."""
    rules = Rules(players=3, sly="brazen")
    g = position(["9S,AH", "TS,QD,8C", "9H,JH"], trump="6D", talon="6S,7S,8S,6C",
                 rules=rules)
    g.apply(att("9S"))
    g.apply(cov("TS", "9S"))
    pass_over(g)  # §6.15: A has nothing to throw, and is offered all the same
    assert g.to_act == C
    g.apply(thr("9H"))
    assert "cover JH 9H" in texts(g.legal_actions())
    g.apply(cov("JH", "9H"))
    pass_over(g)  # C holds nothing now: A is offered again
    assert g.bout == 2 and g.discard == parse_hand("9S,TS,9H,JH")  # beaten


def _brazen_twin(g: Game) -> Game:
    """The same position under sly=brazen."""
    h = g.clone()
    h.rules = g.rules.replace(sly="brazen")
    return h


def test_sly_games_replay_from_both_records() -> None:
    """A seeded game in which a sly cover is made: the text record writes it as the
    coverer's cover (``/s:C=X``, s not the defender) and both records replay it."""
    rules = Rules(players=3, sly="brazen")
    made = 0
    for seed in range(200):
        g = Game.new(rules, seed)
        players = random.Random(seed)
        while not g.is_over:
            acts = g.legal_actions()
            sly = [a for a in acts if isinstance(a, Cover) and g.phase is Phase.THROW]
            made += bool(sly)
            g.apply(sly[0] if sly else players.choice(acts))
        if made:
            break
    assert made
    text = text_record(g, seed=seed)
    assert replay_text(text).actions() == g.actions()
    assert replay_json(to_json(json_record(g, seed=seed))).actions() == g.actions()
