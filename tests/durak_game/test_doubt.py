"""``doubt`` (ダウト, docs/rules/durak.md §3.5): covers face down, and challenges."""

from __future__ import annotations

import random

from durak.actions import CHALLENGE, PASS, Challenge
from durak.cards import parse_card, parse_hand
from durak.game import Game, Phase
from durak.record import json_record, replay_json, replay_text, text_record, to_json
from durak.rules import Rules
from tests.durak_ai.test_worlds_search import check_world
from tests.durak_game.helpers import A, B, C, att, cov, pass_over, phase, position, texts

RULES = Rules(players=3, doubt=True)


def laid(cover_card: str) -> Game:
    """A attacks 9S; B lays ``cover_card`` face down on it."""
    g = position(["9S,AH,7C", "TS,7D,QC", "9H,JH,8C"], trump="6D",
                 talon="6S,7S,8S,6C,6H,7H", rules=RULES)
    g.apply(att("9S"))
    g.apply(cov(cover_card, "9S"))
    return g


def test_doubt_any_card_may_cover_face_down() -> None:
    """§3.5: covers are laid face down — so any card of the defender's may go [I]."""
    g = position(["9S,AH,7C", "TS,7D,QC", "9H,JH,8C"], trump="6D",
                 talon="6S,7S,8S,6C,6H,7H", rules=RULES)
    g.apply(att("9S"))
    assert texts(g.legal_actions()) == {"take", "cover TS 9S", "cover 7D 9S", "cover QC 9S"}
    g.apply(cov("QC", "9S"))  # does not beat: a cheat, unseen
    assert phase(g) is Phase.DOUBT and g.to_act == A
    assert g.legal_actions() == [CHALLENGE, PASS]
    g.apply(PASS)
    assert g.to_act == C  # the other players are asked in turn, clockwise from A [I]


def test_doubt_a_cover_that_beats_makes_the_challenger_take() -> None:
    """§3.5: 'if it did beat, the one who doubted takes all the cards out'; the taker's
    left attacks next [I]."""
    g = laid("TS")
    g.apply(CHALLENGE)  # A doubts a true cover
    assert g.hands[A] & parse_hand("9S,TS") == parse_hand("9S,TS")
    assert g.known[A] & parse_hand("9S,TS") == parse_hand("9S,TS")  # both face up now
    assert g.bout == 2 and g.attacker == B


def test_doubt_a_false_cover_makes_the_defender_take() -> None:
    g = laid("QC")
    g.apply(PASS)
    g.apply(CHALLENGE)  # C doubts, rightly
    assert g.hands[B] & parse_hand("9S,QC") == parse_hand("9S,QC")
    assert g.bout == 2 and g.attacker == C  # the taker's (B's) left


def test_doubt_a_face_down_cover_shows_only_in_the_defenders_view() -> None:
    g = laid("QC")
    qc = parse_card("QC")
    assert g.view(B).table == ((parse_card("9S"), qc),)
    for seat in (A, C):
        v = g.view(seat)
        assert v.table == ((parse_card("9S"), None),)
        assert v.covered_face_down == parse_hand("9S") and v.doubt_target == parse_card("9S")
        assert "QC" not in str(v.to_dict())


def test_doubt_unchallenged_face_down_covers_leave_play_unseen() -> None:
    """Nobody doubts, the bout is beaten: the face-down cover is put away face down (like
    poker's discards), never shown in the discard pile."""
    g = laid("QC")
    g.apply(PASS)
    g.apply(PASS)
    # The window: throw-ins match face-up cards only — C's 9H matches 9S, not QC.
    pass_over(g)  # §6.15: A is offered first and passes
    assert g.to_act == C and texts(g.legal_actions()) == {"pass", "throw 9H"}
    g.apply(PASS)
    assert g.bout == 2
    assert g.discard == parse_hand("9S") and g.removed & parse_hand("QC")
    assert g.view(A).removed_count == 1


def test_doubt_worlds_and_records_under_random_play() -> None:
    """Worlds sampled from any seat's view rebuild the same view (the face-down card is any
    hidden card); both records replay games with challenges exactly."""
    rng = random.Random(5)
    checked = challenges = 0
    for seed in range(30):
        g = Game.new(RULES, seed)
        players = random.Random(seed)
        while not g.is_over:
            if g.face_down and checked < 60:
                for seat in range(g.n):
                    check_world(g, seat, rng)
                checked += 1
            acts = g.legal_actions()
            g.apply(players.choice(acts))
        challenges += sum(isinstance(a, Challenge) for _, a in g.actions())
        text = text_record(g, seed=seed)
        assert replay_text(text).actions() == g.actions()
        assert replay_json(to_json(json_record(g, seed=seed))).actions() == g.actions()
    assert checked == 60 and challenges > 5
