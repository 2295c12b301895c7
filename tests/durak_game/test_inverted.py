"""``inverted`` (裏返し, docs/rules/durak.md §3.5): each player sees the others'
cards, not their own; a wrong cover or throw-in takes the table."""

from __future__ import annotations

import json
import random

import pytest

from durak.actions import (
    PASS,
    CoverSlot,
    IllegalActionError,
    PlaySlot,
    action_text,
    parse_action,
)
from durak.ai.levels import decide_json, player_for
from durak.ai.worlds import sample_world
from durak.cards import card_text, mask_of, parse_card, parse_cards, parse_hand
from durak.game import Deal, Game, Phase
from durak.record import RecordError, json_record, replay_json, replay_text, text_record, to_json
from durak.rules import Rules, RulesError
from durak.view import PlayerView
from tests.durak_game.helpers import A, B, C, att, texts

RULES3 = Rules(players=3, inverted=True)


def blind(hands: list[str], talon: str = "", rules: Rules = RULES3, trump: str = "6D",
          first: int = A) -> Game:
    """A game whose hands' positions are the order written (talon in drawing order)."""
    orders = tuple(tuple(parse_cards(h)) for h in hands)
    drawn = parse_cards(talon)
    tc = parse_card(trump)
    deal = Deal(tuple(mask_of(o) for o in orders), (tc, *reversed(drawn)),
                tc, True, slots=orders)
    return Game.from_deal(rules, deal, (first - 1) % len(hands), first)


def cards(g: Game, seat: int) -> list[str]:
    return [card_text(c) for c in g.slots[seat]]


def test_inverted_a_card_is_chosen_by_its_position() -> None:
    """§3.5: hands are held backs to their owner, so a card is chosen by position."""
    g = blind(["KS,7C,9H", "TS,8C,QH", "JH,6S,8S"], talon="6C,7H,7S,8H,9S,AS")
    assert g.legal_actions() == [PlaySlot(0), PlaySlot(1), PlaySlot(2)]
    g.apply(PlaySlot(1))
    assert g.attacks == [parse_card("7C")] and cards(g, A) == ["KS", "9H"]
    assert texts(g.legal_actions()) == {"take", "cover slot 0 on 7C", "cover slot 1 on 7C",
                                        "cover slot 2 on 7C"}


def test_inverted_slot_actions_have_a_text_form() -> None:
    for a in (PlaySlot(3), CoverSlot(2, parse_card("7C"))):
        assert parse_action(action_text(a)) == a
    assert action_text(CoverSlot(2, parse_card("7C"))) == "cover slot 2 on 7C"


def test_inverted_a_cover_that_does_not_beat_takes_the_table() -> None:
    """§3.5: a wrong cover — its player takes every card on the table (the wrong one
    too) and the taker's left attacks next."""
    g = blind(["KS,7C,9H", "TS,8C,QH", "JH,6S,8S"], talon="6C,7H,7S,8H,9S,AS")
    g.apply(PlaySlot(1))  # A: 7C
    g.apply(CoverSlot(0, parse_card("7C")))  # B: TS does not beat 7C
    assert parse_hand("7C,TS") & ~g.hands[B] == 0
    assert g.known[B] & parse_hand("7C,TS") == parse_hand("7C,TS")  # seen by all
    assert g.bout == 2 and g.attacker == C  # B's left
    assert ("wrong", B) in g.events


def test_inverted_a_cover_that_beats_is_an_ordinary_cover() -> None:
    g = blind(["KS,7C,9H", "TS,8C,QH", "JH,6S,8S"], talon="6C,7H,7S,8H,9S,AS")
    g.apply(PlaySlot(1))  # A: 7C
    g.apply(CoverSlot(1, parse_card("7C")))  # B: 8C beats 7C
    assert g.covers == [parse_card("8C")] and g.phase is Phase.THROW


def test_inverted_a_throw_in_that_does_not_match_takes_the_table() -> None:
    """§3.5: a wrong throw-in — the thrower takes the table; the thrower's left attacks
    (here the defender, who is A's left)."""
    g = blind(["KS,7C,9H", "TS,8C,QH", "JH,6S,8S"], talon="6C,7H,7S,8H,9S,AS")
    g.apply(PlaySlot(1))  # A: 7C
    g.apply(CoverSlot(1, parse_card("7C")))  # B: 8C
    assert g.to_act == A and g.legal_actions() == [PASS, PlaySlot(0), PlaySlot(1)]
    g.apply(PlaySlot(0))  # A: KS matches neither 7 nor 8
    assert parse_hand("7C,8C,KS") & ~g.hands[A] == 0
    assert g.bout == 2 and g.attacker == B and g.hands[B] & parse_hand("8C") == 0


def test_inverted_a_matching_throw_in_is_an_ordinary_throw_in() -> None:
    g = blind(["KS,7C,8H", "TS,8C,QH", "JH,6S,8S"], talon="6C,7H,7S,8H,9S,AS")
    g.apply(PlaySlot(1))  # A: 7C
    g.apply(CoverSlot(1, parse_card("7C")))  # B: 8C
    g.apply(PlaySlot(1))  # A: 8H matches the 8 on the table
    assert g.attacks == parse_cards("7C,8H") and g.covers[1] < 0


def test_inverted_a_wrong_card_takes_everything_even_under_take_unbeaten_and_no_skip() -> None:
    """[I] the post: 'all attack and defence cards'; and 'the taker's left attacks next'
    overrides after_take=no_skip."""
    rules = RULES3.replace(take="unbeaten", after_take="no_skip")
    g = blind(["KS,7C,9H", "TS,8C,QH", "JH,6S,8S"], talon="6C,7H,7S,8H,9S,AS", rules=rules)
    g.apply(PlaySlot(1))
    g.apply(CoverSlot(0, parse_card("7C")))  # TS: wrong
    assert parse_hand("7C,TS") & ~g.hands[B] == 0 and g.discard == 0
    assert g.attacker == C


def test_inverted_everyone_with_cards_is_offered_the_window() -> None:
    """[I] the engine does not pass over a player who holds nothing matching: that
    would tell them about their own cards."""
    g = blind(["KS,7C,9H", "TS,8C,QH", "JH,6S,QS"], talon="6C,7H,7S,8H,9S,AS")
    g.apply(PlaySlot(1))  # 7C
    g.apply(CoverSlot(1, parse_card("7C")))  # 8C
    g.apply(PASS)  # A passes; C holds no 7 or 8 but is offered all the same
    assert g.to_act == C and g.legal_actions() == [PASS, PlaySlot(0), PlaySlot(1), PlaySlot(2)]


@pytest.mark.parametrize("seed", range(20))
def test_inverted_legal_actions_do_not_depend_on_ones_own_cards(seed: int) -> None:
    """Two games that differ only in the acting player's own cards (same count) give
    that player the same legal actions and the same view."""
    g = Game.new(RULES3.replace(players=2), seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(0, 12)):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    if g.is_over:
        return
    me = g.to_act
    h = g.clone()
    # Swap the actor's unknown cards with talon cards (what they cannot see).
    swap = [c for c in h.slots[me] if not h.known[me] >> c & 1]
    under = [c for c in h.talon[1:] if c != h.trump_card][: len(swap)]
    for old, new in zip(swap, under, strict=False):
        h.hands[me] ^= 1 << old | 1 << new
        h.slots[me][h.slots[me].index(old)] = new
        h.talon[h.talon.index(new)] = old
    assert h.legal_actions() == g.legal_actions()
    assert h.view(me).to_dict() == g.view(me).to_dict()


def test_inverted_the_view_hides_ones_own_hand_and_shows_the_others() -> None:
    g = blind(["KS,7C,9H", "TS,8C,QH", "JH,6S,8S"], talon="6C,7H,7S,8H,9S,AS")
    v = g.view(A)
    assert v.hand == 0 and v.slots == (None, None, None)
    assert v.seen_hands == (0, parse_hand("TS,8C,QH"), parse_hand("JH,6S,8S"))
    assert "KS" not in str(v.to_dict()) and "7C" not in str(v.to_dict())
    g.apply(PlaySlot(1))
    g.apply(CoverSlot(0, parse_card("7C")))  # B takes 7C and TS: B knows them now
    vb = g.view(B)
    assert vb.slots[:2] == (None, None)  # 8C, QH: unseen by B
    assert set(vb.slots[2:]) == set(parse_cards("7C,TS"))  # picked up at the end
    assert vb.hand == parse_hand("7C,TS")


def test_inverted_hands_keep_the_order_cards_came_in_never_sorted() -> None:
    """[I] positions: the deal order, then refills in drawing order at the end."""
    g = blind(["KS,7C,9H", "TS,8C,QH", "JH,6S,8S"], talon="AS,6C,7H,7S,8H,9S")
    assert cards(g, A) == ["KS", "7C", "9H"]
    g.apply(PlaySlot(1))
    g.apply(CoverSlot(1, parse_card("7C")))
    g.apply(PASS)
    g.apply(PASS)  # beaten; A draws first
    assert cards(g, A) == ["KS", "9H", "AS", "6C", "7H", "7S"]
    dealt = Game.new(RULES3, 5)
    assert [list(o) for o in dealt.deal.slots] == dealt.slots
    assert any(o != sorted(o) for o in dealt.slots)


def test_inverted_cards_named_by_face_are_refused_with_a_reason() -> None:
    g = blind(["KS,7C,9H", "TS,8C,QH", "JH,6S,8S"], talon="6C,7H,7S,8H,9S,AS")
    with pytest.raises(IllegalActionError, match="position"):
        g.apply(att("7C"))
    with pytest.raises(IllegalActionError, match=r"positions are 0\.\.2"):
        g.apply(PlaySlot(3))
    with pytest.raises(IllegalActionError, match="only with inverted=on"):
        Game.new(Rules(), 1).apply(PlaySlot(0))


@pytest.mark.parametrize(("changes", "named"), [
    ({"transfer": True}, "transfer=on"),
    ({"attack_set": "same_rank"}, "attack_set=same_rank"),
    ({"doubt": True}, "doubt=on"),
    ({"sly": "brazen"}, "sly=brazen"),
    ({"magadan": True}, "magadan=on"),
    ({"players": 3, "dummy": "playing"}, "dummy=playing"),
    ({"pass_hands": True}, "pass_hands=on"),
])
def test_inverted_refuses_options_that_need_ones_own_cards(changes: dict[str, object],
                                                            named: str) -> None:
    with pytest.raises(RulesError, match="inverted=on") as e:
        Rules(inverted=True, **changes)  # type: ignore[arg-type]
    assert named in str(e.value)


def test_inverted_combines_with_teams_trump_kinds_and_the_cube() -> None:
    Rules.preset("team2").replace(inverted=True)
    Rules(inverted=True, trump="hidden", throw_after_take=True, limit="hand")
    Rules.preset("championship").replace(inverted=True)


@pytest.mark.parametrize("rules", [RULES3, Rules.preset("team2").replace(inverted=True),
                                   Rules.preset("championship").replace(inverted=True)])
def test_inverted_records_replay_exactly(rules: Rules) -> None:
    for seed in range(8):
        g = Game.new(rules, seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        text = text_record(g, seed=seed)
        assert text_record(replay_text(text), seed=seed) == text
        again = replay_json(to_json(json_record(g, seed=seed)))
        assert again.events == g.events


def test_inverted_text_record_marks_a_wrong_card() -> None:
    g = blind(["KS,7C,9H", "TS,8C,QH", "JH,6S,8S"], talon="6C,7H,7S,8H,9S,AS")
    g.apply(PlaySlot(1))
    g.apply(CoverSlot(0, parse_card("7C")))
    text = text_record(g)
    assert "deal 0:KS,7C,9H 1:TS,8C,QH 2:JH,6S,8S" in text
    assert "b1 0>1 +0:7C /1:TS=7C ~1 taken" in text


def test_inverted_records_with_wrong_cards_replay() -> None:
    wrong = 0
    for seed in range(6):
        g = Game.new(RULES3, seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        text = text_record(g)
        wrong += text.count("~")
        assert replay_text(text).events == g.events
        if "~" in text:  # a wrong-card mark naming another seat does not replay
            i = text.index("~")
            other = "0" if text[i + 1] != "0" else "1"
            with pytest.raises(RecordError, match="no such wrong card"):
                replay_text(text[:i + 1] + other + text[i + 2:])
    assert wrong > 0


@pytest.mark.parametrize("level", ["easy", "strong"])
def test_inverted_the_computers_play_legally(level: str) -> None:
    """The baseline plays whole games; strong its first 40 decisions, on one world per
    decision (its search weighs every candidate once: a legal move at any budget)."""
    player = player_for(level)
    if level == "strong":
        player.worlds = 1  # type: ignore[union-attr]
    rng = random.Random(3)
    for seed in range(1 if level == "strong" else 10):
        g = Game.new(RULES3, seed)
        for _ in range(40 if level == "strong" else 10_000):
            if g.is_over:
                break
            v = g.view(g.to_act)
            a = player.decide(v, rng)
            assert a in v.legal_actions
            g.apply(a)


def test_inverted_the_baseline_covers_with_a_known_beater_rather_than_a_blind_one() -> None:
    rules = Rules(inverted=True)
    g = blind(["7C,9S,KH", "TS,8H,QH"], talon="6C,7H,7S,8S,6S,AS,JC,9C", rules=rules)
    g.apply(PlaySlot(0))  # 7C
    g.apply(CoverSlot(0, parse_card("7C")))  # TS: wrong, B takes 7C and TS and knows them
    assert g.attacker == A
    g.apply(PlaySlot(0))  # 9S
    choice = player_for("easy").decide(g.view(B), random.Random(0))
    assert choice == CoverSlot(g.slots[B].index(parse_card("TS")), parse_card("9S"))


def test_inverted_worlds_sample_ones_own_hand_as_hidden() -> None:
    """strong's worlds: the other hands as seen, the seat's own unknown positions drawn
    from what it cannot see (so they vary between worlds)."""
    g = Game.new(RULES3, 2)
    A, B, C = g.to_act, g.left(g.to_act), g.left(g.left(g.to_act))
    v = g.view(A)
    rng = random.Random(1)
    owns = set()
    for _ in range(30):
        w = sample_world(v, rng)
        assert w.hands[B] == g.hands[B] and w.hands[C] == g.hands[C]
        assert [mask_of(o) for o in w.slots] == w.hands and len(w.slots[A]) == len(g.slots[A])
        assert w.legal_actions() == g.legal_actions()
        owns.add(w.hands[A])
    assert len(owns) > 1


def test_inverted_own_answer_decides_what_a_blind_cover_must_be() -> None:
    """own_answer (§3.1) with inverted: 9S beats 7S by rank, but A's own-suit 7S may be
    answered only in B's own suit, so the blind 9S is a wrong cover (§3.5)."""
    rules = Rules(inverted=True, trump="own", own_answer=True)
    orders = (tuple(parse_cards("7S,8C,KD")), tuple(parse_cards("9S,TH,JC")))
    deal = Deal(tuple(mask_of(o) for o in orders), tuple(parse_cards("6C,7C,8D,9D")), None,
                False, own_suits=(0, 1), slots=orders)
    g = Game.from_deal(rules, deal, B, A)
    g.apply(PlaySlot(0))  # 7S, A's own suit
    g.apply(CoverSlot(0, parse_card("7S")))  # 9S: not B's own suit (hearts)
    assert ("wrong", B) in g.events and parse_hand("7S,9S") & ~g.hands[B] == 0


def test_inverted_views_round_trip_through_json_for_the_worker() -> None:
    """The page's worker reads a view's JSON: positions and seen hands survive it."""
    g = Game.new(RULES3, 4)
    g.apply(PlaySlot(0))
    v = g.view(g.to_act)
    assert PlayerView.from_dict(v.to_dict()) == v and v.seen_hands and v.slots
    action = parse_action(json.loads(decide_json(v.to_json(), "normal", 1))["action"])
    assert action in v.legal_actions
