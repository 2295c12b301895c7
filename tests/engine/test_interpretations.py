"""Where the rule book is silent or unclear: the choices made, one test each.

Each choice is also written in the docstring of the module that makes it
(``napoleon/game.py``, ``napoleon/tricks.py``, ``napoleon/rules.py``,
``napoleon/view.py``, ``napoleon/scoring.py``) and marked [I] in the rule book,
docs/rules/napoleon.md.
"""

from __future__ import annotations

import random

from napoleon.actions import Bid, Call, Change, Discard, Pass
from napoleon.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    HONORS_MASK,
    JOKER,
    SPADES,
    card_text,
    cards_of,
    parse_card,
    parse_hand,
)
from napoleon.game import Game, Phase, deal_cards
from napoleon.playout import random_playout
from napoleon.rules import Rules
from napoleon.scoring import Outcome, outcome_of
from napoleon.tricks import trick_winner

from .helpers import deal_from_text, game_in_play, phase, play


def win(rules: Rules, trump: int | None, text: str, named: int | None = None) -> str:
    cards = [parse_card(t) for t in text.split()]
    return card_text(cards[trick_winner(rules, trump, cards, named, 3)])


def test_interpretation_deal_one_card_at_a_time_from_the_first_bidder() -> None:
    """docs/rules/napoleon.md §2.1 [I]: shuffled card i goes to seat (first + i) % n.

    The cards left over are the kitty.
    """
    rules = Rules()
    deck = list(cards_of(rules.deck))
    random.Random(7).shuffle(deck)
    hands, kitty = deal_cards(rules, random.Random(7), 2)
    assert hands[2] >> deck[0] & 1 and hands[3] >> deck[1] & 1 and hands[1] >> deck[4] & 1
    assert kitty == sum(1 << c for c in deck[50:])


def test_interpretation_redeal_keeps_the_first_bidder() -> None:
    g = Game.new(Rules(all_pass="redeal"), 1, first_bidder=3)
    for _ in range(5):
        g.apply(Pass())
    assert g.first_bidder == 3 and g.to_act == 3 and g.redeals == 1


def test_interpretation_change_offered_after_both_kitty_and_call() -> None:
    """docs/rules/napoleon.md §4 [I]: SdC only describes the change; it comes once Napoleon
    has seen the kitty and called, and changing to no-trump needs no_trump_bid=on."""
    rules = Rules(change_after_kitty=True, exchange_first=True)
    g = Game.from_deal(rules, deal_from_text(rules, [""]), 0)
    g.apply(Bid(13, SPADES))
    for _ in range(4):
        g.apply(Pass())
    assert phase(g) is Phase.EXCHANGE
    g.apply(Discard(g.kitty))
    assert phase(g) is Phase.CALL
    g.apply(Call(parse_card("SA")))
    assert phase(g) is Phase.CHANGE
    assert all(a.trump is not None for a in g.legal_actions() if isinstance(a, Change))


def test_interpretation_no_trump_can_be_kept_after_an_all_pass() -> None:
    rules = Rules(change_after_kitty=True)
    g = Game.from_deal(rules, deal_from_text(rules, [""]), 0)
    for _ in range(5):
        g.apply(Pass())
    g.apply(Call(parse_card("SA")))
    g.apply(Discard(g.kitty))
    g.apply(Change(None, parse_card("SA")))
    assert (g.bid, g.trump) == (10, None)


def test_interpretation_adjutant_fixed_when_play_starts_discarded_called_card_means_alone() -> None:
    g = game_in_play(Rules(), [""], kitty="HA C2 C3", called="HA")
    assert g.adjutant is None and g.discards >> parse_card("HA") & 1
    assert g.view(0).adjutant_known  # Napoleon knows he plays alone


def test_interpretation_joker_call_two_jokers_leader_holding_one_calls_nothing() -> None:
    rules = Rules(jokers=2)
    g = game_in_play(rules, ["C3 JK", "C5", "JK2 C6"])
    play(g, "C3", "C5")
    assert g.legal_play_mask() == parse_hand("C6 JK2")


def test_interpretation_role_cards_free_do_not_oblige_following() -> None:
    rules = Rules(role_cards_free=True)
    g = game_in_play(rules, ["S5", "SA H2 H3 C2 C3 C4 C5 C6 C7 C8"], bid=Bid(13, DIAMONDS))
    play(g, "S5")
    assert g.legal_play_mask() == g.hands[1]


def test_interpretation_opening_lead_trump_forbid_covers_a_joker_naming_trump() -> None:
    g = game_in_play(Rules(opening_lead_trump="forbid"), ["JK H2"], bid=Bid(13, SPADES))
    assert SPADES not in g.joker_names()
    g2 = game_in_play(Rules(opening_lead_trump="forbid", joker_lead="trump"), ["JK H2"],
                      bid=Bid(13, SPADES))
    assert not g2.legal_play_mask() >> JOKER & 1


def test_interpretation_face_up_discards_join_a_joker_held_first_trick() -> None:
    rules = Rules(joker_holds=True)
    g = game_in_play(rules, ["C5", "JK", "C6", "C7", "C8"], kitty="HA D2 D3")
    play(g, "C5", "JK", "C6", "C7", "C8")
    assert g.tricks[0].winner == 1 and g.held == parse_hand("HA")


def test_interpretation_mighty_only_blocked_the_rest_decides_so_a_joker_can_win() -> None:
    """docs/rules/napoleon.md §4 [I]: the sheet has no joker; a rank-1 joker beats the J."""
    r = Rules(yoromeki="mighty_only")
    assert win(r, DIAMONDS, "SA HQ DJ JK C3") == "JK"
    assert win(r, DIAMONDS, "SA HQ DJ C2 C3") == "DJ"


def test_interpretation_jack_hunt_takes_the_trump_jacks_strength() -> None:
    r = Rules(jack_hunt=True)
    assert win(r, SPADES, "SJ HJ JK C3 C4") == "JK"  # the joker (rank 1) still beats it
    assert win(r, SPADES, "SJ HJ SA C3 C4") == "SA"


def test_interpretation_normal_followed_joker_stands_for_the_led_suit() -> None:
    r = Rules(rank_follow_joker=None)
    assert win(r, HEARTS, "H5 JK C2 C3 C4") == "H5"
    assert win(r, CLUBS, "H5 JK C2 C3 C4") == "C4"


def test_interpretation_trim_deck_order_and_rank() -> None:
    """docs/rules/napoleon.md §4 [I]: which 2s (3s) go is open: ♦, ♥, ♠, then ♣, so ♣3 stays."""
    assert Rules(players=4, jokers=2, trim_deck=True).removed_cards == parse_hand("D3 H3 S3")
    assert Rules(players=6, jokers=0, trim_deck=True, rank_same_two=None).removed_cards == (
        parse_hand("D2"))


def test_interpretation_suit_order_off_beats_no_trump_precedence() -> None:
    g = Game.new(Rules(no_trump_bid=True, bid_suit_order=False), 1, first_bidder=0)
    g.apply(Bid(13, SPADES))
    assert Bid(13, None) not in g.legal_bids()


def test_interpretation_everything_is_shown_at_the_end() -> None:
    g = game_in_play(Rules(discard_honors="allies"), [""], kitty="HA C2 C3")
    random_playout(g, random.Random(1))
    v = g.view(3)
    assert v.kitty == g.kitty and v.discards == g.discards and v.adjutant_known


def test_interpretation_siberia_loss_is_an_ordinary_allied_win() -> None:
    assert outcome_of(Rules(siberia=True), 15, 20, 0) == (Outcome.ALLIED_WIN, True)


def test_interpretation_allies_discards_count_towards_an_allied_triumph() -> None:
    r = Rules(discard_honors="allies")
    g = game_in_play(r, [""], kitty="HA HK HQ")
    random_playout(g, random.Random(2))
    assert g.result is not None
    allies = 0
    for s in range(5):
        if s not in (g.napoleon, g.adjutant):
            allies |= g.captured[s]
    assert g.result.allied_honors == (allies | (g.discards & HONORS_MASK)).bit_count()


def test_interpretation_joker_holds_a_second_joker_win_holds_everything_again() -> None:
    """docs/rules/napoleon.md §4 [I]: joker_holds with two jokers.

    With two jokers the next trick can be won by a joker too; L does not say
    whether that winner takes the held honors.  Choice: a joker win never
    takes honors, so everything held stays held for the next non-joker winner
    (and is lost if a joker wins the last trick).
    """
    r = Rules(joker_holds=True, jokers=2)
    g = game_in_play(r, ["C5 D8", "JK D2", "CA JK2", "CK DA", "C2 DK"], kitty="D4 D5 D6 D7")
    play(g, "C5", "JK", "CA", "CK", "C2")
    play(g, "D2", "JK2", "DA", "DK", "D8")
    assert [t.winner for t in g.tricks] == [1, 2] and g.captured[1] == g.captured[2] == 0
    assert g.held == parse_hand("CA CK DA DK")


def test_interpretation_discard_honors_nobody_a_triumph_still_needs_all_20() -> None:
    """docs/rules/napoleon.md §5 [I]: NAPOLEON L warns that discarded honors raise
    what the rest must bring in, and a triumph is all 20 honor cards: honors that
    left the game are not the French side's, so with an honor discarded the other
    19 make an ordinary win (and no Siberia loss)."""
    r = Rules(discard_honors="nobody", siberia=True)
    assert outcome_of(r, 15, 19, 0) == (Outcome.FRENCH_WIN, False)
    assert outcome_of(r.replace(siberia=False), 15, 19, 0) == (Outcome.FRENCH_WIN, False)


def test_interpretation_sdc_alone_napoleon_scores_the_tables_12() -> None:
    """docs/rules/napoleon.md §5 [I]: SdC's digest gives a lone Napoleon 16, its detailed table
    (SdC標準, no adjutant) +12 and +18 for a triumph.  The table is the detailed
    statement: +12."""
    from napoleon.scoring import points_for

    assert points_for(Rules(), 0, None, 13, Outcome.FRENCH_WIN) == (12, 0, 0, 0, 0)
    assert points_for(Rules(), 0, None, 13, Outcome.ALLIED_WIN) == (0, 4, 4, 4, 4)
