"""The playout policy reads the rules of the preset in force.

Under NAPOLEON L the jacks beat the jokers and a joker's honors are held for
the next trick; under the 4-player sheet the hunting J takes the trump jack
and a plain J is the lowest of its suit.  The playouts of normal and strong
(``aware=True``) know this; the baseline keeps the SdC reading, and under
the SdC presets and mixi both readings are one table.
"""

from __future__ import annotations

from napoleon.ai.playout import Table
from napoleon.ai.policy import (
    COSTS,
    beaters_of,
    choose_play,
    rule_beaters,
    rule_costs,
    sdc_beaters,
)
from napoleon.cards import (
    CLUBS,
    HEARTS,
    JOKER,
    MIGHTY,
    RANK_2,
    SPADES,
    YOROMEKI,
    Hand,
    card,
    cards_of,
    parse_card,
    parse_hand,
)
from napoleon.rules import Rules
from napoleon.tricks import judge_for

ALL_SUITS = (0, 1, 2, 3, None)


def test_rule_beaters_are_the_cards_that_win_a_two_card_trick_under_every_preset() -> None:
    """``x`` beats ``c`` in the table exactly when the judge gives ``[c, x]`` to
    ``x`` (``c`` led; a led joker names trump), leaving out what the table
    ignores on purpose: yoromeki against the Mighty, same-2, and the hunter
    against a led trump jack."""
    for name in ("sdc", "mixi", "napoleon_l", "four", "guruguru", "intro"):
        rules = Rules.preset(name)
        for trump in ALL_SUITS:
            judge = judge_for(rules, trump)
            for c in cards_of(rules.deck):
                b = rule_beaters(judge, c)
                if b < 0:
                    continue
                for x in cards_of(rules.deck & ~(1 << c)):
                    if {c, x} == {MIGHTY, YOROMEKI}:
                        continue
                    if c == judge.trump_jack and x == judge.hunt_jack:
                        continue  # the hunter needs a void in trumps: not counted
                    if c < JOKER and x < JOKER and c // 13 == x // 13 and RANK_2 in (
                        c % 13, x % 13
                    ):
                        continue  # a same-2 needs every card of the trick in one suit
                    named = (trump if trump is not None else SPADES) if c >= JOKER else None
                    wins = judge.winner([c, x], named, 5) == 1
                    assert bool(b >> x & 1) == wins, (name, trump, c, x)


def test_under_sdc_and_mixi_the_rule_reading_is_the_sdc_reading() -> None:
    """No jack over a joker, no hunt, no low J there: the baseline and the
    playouts read the same table, so SdC figures do not move."""
    for name in ("sdc", "guruguru", "intro", "mixi"):
        rules = Rules.preset(name)
        for trump in ALL_SUITS:
            aware = beaters_of(judge_for(rules, trump), True)
            sdc = beaters_of(judge_for(rules, trump), False)
            costs = rule_costs(judge_for(rules, trump))
            for c in cards_of(rules.deck):
                assert aware[c] == sdc[c], (name, trump, c)
                assert costs[c] == COSTS[4 if trump is None else trump][c], (name, trump, c)


def test_under_napoleon_l_a_joker_costs_less_to_give_away_than_a_jack() -> None:
    """L ranks trump jack 1, back jack 2, jokers 3: the playouts spend (and
    win tricks with) a joker before a jack, the Mighty last."""
    costs = rule_costs(judge_for(Rules.preset("napoleon_l"), SPADES))
    tj, bj = card(SPADES, 9), card(CLUBS, 9)
    assert costs[JOKER] == costs[JOKER + 1] < costs[bj] < costs[tj] < costs[MIGHTY]


def test_under_napoleon_l_the_jacks_beat_a_led_joker_and_not_the_other_joker() -> None:
    judge = judge_for(Rules.preset("napoleon_l"), SPADES)
    tj, bj = card(SPADES, 9), card(CLUBS, 9)
    assert rule_beaters(judge, JOKER) == (1 << MIGHTY) | (1 << tj) | (1 << bj)
    assert sdc_beaters(judge, JOKER) == (1 << MIGHTY) | (1 << (JOKER + 1))
    assert rule_beaters(judge, tj) == 1 << MIGHTY  # the jokers no longer beat it


def test_under_four_a_led_hunter_beats_the_trump_jack_and_a_plain_j_is_lowest() -> None:
    """The hunter (♥J with trump ♠) takes a trump jack played on it; it is not
    counted against a led trump jack, which its holder may follow only when
    out of trumps."""
    judge = judge_for(Rules.preset("four"), SPADES)
    tj, hunter = card(SPADES, 9), card(HEARTS, 9)
    assert rule_beaters(judge, tj) == 1 << MIGHTY
    assert not rule_beaters(judge, hunter) >> tj & 1
    assert sdc_beaters(judge, hunter) >> tj & 1
    diamond_j, diamond_3 = parse_card("DJ"), parse_card("D3")
    assert rule_beaters(judge, diamond_j) >> diamond_3 & 1
    assert not rule_beaters(judge, parse_card("D10")) >> diamond_j & 1


def _table(preset: str, trump: int, hands: list[Hand], played: Hand, leader: int) -> Table:
    rules = Rules.preset(preset)
    t = Table(rules, trump, 0, 1, hands)
    t.played = played
    t.leader = leader
    t.trick_no = 4
    return t


def test_under_napoleon_l_the_policy_leads_the_trump_jack_with_the_jokers_out() -> None:
    """Napoleon draws trumps with the ♠J (trump jack): the Mighty is gone and
    only the jokers, which rank below the jacks in L, are out above it."""
    rules = Rules.preset("napoleon_l")
    mine = parse_hand("SJ S4 D5 D6 H7 H8 C9 C10")
    others = rules.deck & ~mine & ~(1 << MIGHTY)
    rest = list(cards_of(others))
    hands = [mine] + [sum(1 << c for c in rest[i::4][:8]) for i in range(4)]
    t = _table("napoleon_l", SPADES, hands, 1 << MIGHTY, 0)
    side = [1, 1, -1, -1, -1]
    assert choose_play(t, side, aware=True)[0] == parse_card("SJ")
    assert choose_play(t, side, aware=False)[0] != parse_card("SJ")


def test_under_napoleon_l_the_policy_does_not_feed_honors_to_a_joker_a_jack_can_beat() -> None:
    """Partner leads the joker, an enemy plays after us and the ♠J is out: an
    honor thrown on that joker may go to the enemy's jack."""
    rules = Rules.preset("napoleon_l")
    mine = parse_hand("DA D4 H5")
    hands = [0, 0, mine, parse_hand("SJ C4 C5"), parse_hand("C6 C7 C8")]
    played = rules.deck & ~mine & ~hands[3] & ~hands[4] & ~(1 << JOKER)
    hands[1] = 1 << JOKER
    t = _table("napoleon_l", SPADES, hands, played, 1)
    t.play(JOKER, parse_card("D2") // 13)  # names diamonds
    side = [1, 1, 1, -1, -1]
    assert choose_play(t, side, aware=False)[0] == parse_card("DA")
    assert choose_play(t, side, aware=True)[0] == parse_card("D4")


def test_under_napoleon_l_a_jokers_held_honors_are_worth_taking_the_trick() -> None:
    """joker_holds: the honors the joker held from the last trick go to this
    trick's winner, so the last seat takes an honorless trick to get them."""
    rules = Rules.preset("napoleon_l")
    mine = parse_hand("D9 D3 C4")
    hands = [parse_hand("D5 C5 C6"), parse_hand("D6 C7 C8"), parse_hand("D7 C9 H2"),
             parse_hand("D8 H3 H4"), mine]
    played = rules.deck & ~sum(hands)
    t = _table("napoleon_l", SPADES, hands, played, 0)
    t.held = 3
    for _ in range(4):
        t.play(choose_play(t, [0] * 5)[0])
    side = [-1, -1, -1, -1, 1]
    assert choose_play(t, side, aware=False)[0] == parse_card("D3")
    assert choose_play(t, side, aware=True)[0] == parse_card("D9")


def test_under_four_the_policy_feeds_a_partner_the_plain_j_before_an_ace() -> None:
    """plain_jack_low: a J that is neither trump jack, back jack nor hunter is
    the lowest card of its suit and can never take a trick, so it is the honor
    to give a winning partner (the ace may still win a trick of its own)."""
    rules = Rules.preset("four")
    mine = parse_hand("DA DJ D4")
    hands = [parse_hand("CA C4 C5"), mine, parse_hand("C6 C7 C8"), parse_hand("C9 C10 H2")]
    played = rules.deck & ~sum(hands)
    t = Table(rules, SPADES, 0, 1, hands)  # Napoleon seat 0, we (seat 1) the adjutant
    t.played, t.trick_no = played, 9
    t.play(parse_card("CA"))  # nobody after us holds a higher club or a trump
    side = [1, 1, -1, -1]
    assert choose_play(t, side, aware=False)[0] == parse_card("DA")
    assert choose_play(t, side, aware=True)[0] == parse_card("DJ")
