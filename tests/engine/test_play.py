"""Playing the tricks: following, the joker, joker call and the lead rules.

docs/rules/napoleon.md §2.5 and §3 (following, joker call, last trick) and the options
joker_call, joker_lead, joker_lead_first_trick, opening_lead_trump,
role_cards_free, joker_holds.  The sources of each rule are named in those sections.
"""

from __future__ import annotations

import random

import pytest

from napoleon.actions import Bid, IllegalActionError, Play
from napoleon.cards import (
    CLUBS,
    DIAMONDS,
    HEARTS,
    HONORS_MASK,
    JOKER,
    JOKER2,
    SPADES,
    SUITS,
    hand_text,
    parse_card,
    parse_hand,
)
from napoleon.playout import random_playout
from napoleon.rules import Rules

from .helpers import game_in_play, play

SDC = Rules()


def legal(g: object) -> str:
    from napoleon.game import Game

    assert isinstance(g, Game)
    return hand_text(g.legal_play_mask())


def test_napoleon_leads_the_first_trick() -> None:
    """docs/rules/napoleon.md §2.5: Napoleon leads the first trick."""
    g = game_in_play(SDC, [], napoleon=3)
    assert g.to_act == 3 and g.leader == 3


def test_follower_must_follow_the_led_suit() -> None:
    """docs/rules/napoleon.md §2.5: a follower must follow the led suit if able."""
    g = game_in_play(SDC, ["C5", "C9 H2 H3"])
    play(g, "C5")
    assert legal(g) == "C9"
    with pytest.raises(IllegalActionError, match="does not follow suit"):
        play(g, "H2")


def test_follower_without_the_led_suit_may_play_anything() -> None:
    g = game_in_play(SDC, ["C5 C6 C7 C8 C9 C10 CJ CQ CK CA"])
    play(g, "C5")
    assert g.legal_play_mask() == g.hands[1]


def test_joker_may_be_played_by_a_follower_at_any_time() -> None:
    """The joker is wild: a follower may play it while holding the led suit.

    docs/rules/napoleon.md §2.5.
    """
    g = game_in_play(SDC, ["C5", "C9 JK"])
    play(g, "C5")
    assert legal(g) == "C9 JK"


def test_mighty_keeps_its_suit_for_following() -> None:
    """docs/rules/napoleon.md §3 "Following with the role cards": the Mighty is a spade."""
    g = game_in_play(SDC, ["S5", "SA H2 H3 H4 H5 H6 H7 H8 H9 H10"])
    play(g, "S5")
    assert legal(g) == "SA"
    g = game_in_play(SDC, ["H5", "SA H2"])
    play(g, "H5")
    assert "SA" not in legal(g)


def test_trump_jack_and_back_jack_keep_their_suits() -> None:
    hand = "HJ DJ S2 S3 S4 S5 S6 S7 S8 S9"  # trump ♦: ♥J is the back jack
    g = game_in_play(SDC, ["H5", hand], bid=Bid(13, DIAMONDS))
    play(g, "H5")
    assert legal(g) == "HJ"


def test_role_cards_free_may_be_played_regardless_of_following() -> None:
    """The role cards may be played regardless of following.

    docs/rules/napoleon.md §4 role_cards_free.
    """
    r = Rules(role_cards_free=True)
    g = game_in_play(r, ["H5", "SA H2 DJ CJ C3 C4 C5 C6 C7 C8"], bid=Bid(13, DIAMONDS))
    play(g, "H5")
    assert legal(g) == "SA H2 DJ"  # ♦J is the trump jack; ♣J is a plain jack
    g = game_in_play(r, ["H5", "SA H2 DJ HJ C3 C4 C5 C6 C7 C8"], bid=Bid(13, DIAMONDS))
    play(g, "H5")
    assert legal(g) == "SA HJ H2 DJ"


def test_role_cards_free_holding_only_role_cards_of_the_led_suit_frees_the_hand() -> None:
    """Interpretation: role cards do not oblige a player to follow either."""
    r = Rules(role_cards_free=True)
    g = game_in_play(r, ["S5", "SA H2 H3 C2 C3 C4 C5 C6 C7 C8"], bid=Bid(13, DIAMONDS))
    play(g, "S5")
    assert g.legal_play_mask() == g.hands[1]


def test_led_joker_names_a_suit_and_followers_must_follow_it() -> None:
    """docs/rules/napoleon.md §2.5: followers must follow the suit a led joker names, if able."""
    g = game_in_play(SDC, ["JK", "D2 D3 C4"])
    with pytest.raises(IllegalActionError, match="must name"):
        play(g, "JK")
    play(g, "JK:D")
    assert g.named_suit == DIAMONDS
    assert legal(g) == "D3 D2"


def test_led_joker_legal_actions_enumerate_the_named_suits() -> None:
    g = game_in_play(SDC, ["JK"])
    plays = [a for a in g.legal_actions() if isinstance(a, Play) and a.card == JOKER]
    assert plays == [Play(JOKER, s) for s in SUITS]


def test_joker_lead_trump_calls_trump() -> None:
    """docs/rules/napoleon.md §4 joker_lead=trump: a led joker calls trump."""
    r = Rules(joker_lead="trump")
    g = game_in_play(r, ["JK"], bid=Bid(13, HEARTS))
    assert g.joker_names() == (HEARTS,)
    with pytest.raises(IllegalActionError):
        play(g, "JK:S")
    play(g, "JK:H")


def test_joker_lead_trump_in_a_no_trump_game_any_suit() -> None:
    """docs/rules/napoleon.md §4 joker_lead: "(in a no-trump game: any suit)"."""
    r = Rules(joker_lead="trump", no_trump_bid=True)
    g = game_in_play(r, ["JK"], bid=Bid(13, None))
    assert g.joker_names() == SUITS


def test_joker_lead_first_trick_forbid() -> None:
    """docs/rules/napoleon.md §4 joker_lead_first_trick=forbid (SdC's 初巡親Jo)."""
    r = Rules(joker_lead_first_trick="forbid")
    g = game_in_play(r, ["JK C2"])
    assert "JK" not in legal(g)
    with pytest.raises(IllegalActionError, match="joker_lead_first_trick"):
        play(g, "JK:C")


def test_joker_lead_first_trick_allow() -> None:
    g = game_in_play(SDC, ["JK C2"])
    assert "JK" in legal(g)


def test_joker_lead_first_trick_forbid_still_lets_a_follower_play_it() -> None:
    """docs/rules/napoleon.md §4 joker_lead_first_trick=forbid: leading only, not following."""
    r = Rules(joker_lead_first_trick="forbid")
    g = game_in_play(r, ["C2", "JK C3"])
    play(g, "C2")
    assert "JK" in legal(g)


def test_opening_lead_trump_forbid() -> None:
    """docs/rules/napoleon.md §4 opening_lead_trump=forbid: the first lead may not be trump."""
    r = Rules(opening_lead_trump="forbid")
    g = game_in_play(r, ["S2 S3 H4 JK"], bid=Bid(13, SPADES))
    assert "S2" not in legal(g) and "H4" in legal(g)
    assert SPADES not in g.joker_names()
    with pytest.raises(IllegalActionError, match="opening_lead_trump"):
        play(g, "S2")


def test_opening_lead_trump_forbid_allows_trump_when_nothing_else() -> None:
    r = Rules(opening_lead_trump="forbid")
    hand = "S2 S3 S4 S5 S6 S7 S8 S9 S10 SJ"
    g = game_in_play(r, [hand], bid=Bid(13, SPADES))
    assert legal(g) == hand_text(parse_hand(hand))


def test_opening_lead_trump_forbid_all_trumps_and_a_trump_calling_joker_lead_freely() -> None:
    """docs/rules/napoleon.md §4 opening_lead_trump=forbid with joker_lead=trump.

    A hand of trumps and a joker that can only call trump holds no non-trump
    lead, so every card may lead (the joker naming trump), not the joker alone.
    """
    r = Rules(opening_lead_trump="forbid", joker_lead="trump")
    hand = "SK SQ S10 S9 S8 S7 S6 S5 S4 JK"
    g = game_in_play(r, [hand], bid=Bid(13, SPADES), called="HA")
    assert legal(g) == hand_text(parse_hand(hand))
    assert g.joker_names() == (SPADES,)
    play(g, "SK")
    assert g.trick == [parse_card("SK")]


def test_opening_lead_trump_applies_to_the_first_trick_only() -> None:
    r = Rules(opening_lead_trump="forbid")
    g = game_in_play(r, ["S2 H4"], bid=Bid(13, SPADES))
    random_playout_one_trick(g)
    assert g.trick_index == 1
    g.to_act = 0
    g.leader = 0
    assert g.legal_play_mask() == g.hands[0]


def random_playout_one_trick(g: object) -> None:
    from napoleon.game import Game

    assert isinstance(g, Game)
    while g.trick_index == 0:
        mask = g.legal_play_mask()
        c = sorted(b for b in range(54) if mask >> b & 1)[0]
        named = g.joker_names()[0] if c >= 52 and not g.trick else None
        g.play_fast(c, named)


def test_joker_call_club_three_lead_forces_the_joker() -> None:
    """A ♣3 lead makes the follower holding the joker play it.

    docs/rules/napoleon.md §3 "Joker call".
    """
    g = game_in_play(SDC, ["C3", "C5", "JK C9"])
    play(g, "C3", "C5")
    assert legal(g) == "JK"
    with pytest.raises(IllegalActionError, match="joker_call"):
        play(g, "C9")


def test_joker_call_off() -> None:
    """docs/rules/napoleon.md §4 joker_call=off (the intro preset)."""
    g = game_in_play(Rules(joker_call=False), ["C3", "C5", "JK C9"])
    play(g, "C3", "C5")
    assert legal(g) == "C9 JK"


def test_joker_call_not_by_a_follower_nor_by_the_holder() -> None:
    """A ♣3 from a follower, or led by the holder, calls nothing.

    docs/rules/napoleon.md §3 "Joker call".
    """
    g = game_in_play(SDC, ["C5", "C3", "JK C9"])
    play(g, "C5", "C3")
    assert legal(g) == "C9 JK"
    r2 = Rules(jokers=2)
    g = game_in_play(r2, ["C3 JK", "C5", "JK2 C6"], bid=Bid(13, SPADES))
    play(g, "C3", "C5")
    assert legal(g) == "C6 JK2"


def test_joker_call_after_the_joker_is_gone_calls_nothing() -> None:
    """After the joker is gone ♣3 calls nothing: nobody holds it.

    docs/rules/napoleon.md §3 "Joker call".
    """
    g = game_in_play(SDC, ["C3", "C5", "C9"], kitty="JK H2 H3")
    play(g, "C3", "C5")
    assert legal(g) == "C9"


def test_joker_call_with_two_jokers_every_holder_plays_one() -> None:
    """docs/rules/napoleon.md §3: "With two jokers, every follower holding one must play one"."""
    r = Rules(jokers=2)
    g = game_in_play(r, ["C3", "JK C9", "C4", "JK2 C8"])
    play(g, "C3")
    assert legal(g) == "JK"
    play(g, "JK", "C4")
    assert legal(g) == "JK2"


def test_last_trick_led_joker_names_no_suit() -> None:
    """docs/rules/napoleon.md §2.5: a led joker names no suit on the last trick."""
    g = game_in_play(SDC, ["JK"])
    g.trick_index = 9
    assert g.joker_names() == (None,)
    with pytest.raises(IllegalActionError, match="names no suit"):
        g.apply(Play(JOKER, HEARTS))


def test_only_a_led_joker_names_a_suit() -> None:
    g = game_in_play(SDC, ["C5"])
    with pytest.raises(IllegalActionError, match="only a led joker"):
        g.apply(Play(parse_card("C5"), HEARTS))


def test_card_not_in_hand_is_refused() -> None:
    g = game_in_play(SDC, ["C5"])
    with pytest.raises(IllegalActionError, match="not in seat 0's hand"):
        g.apply(Play(parse_card("C5") + 1 if not g.hands[0] >> 5 & 1 else 51))


def test_trick_winner_leads_the_next_trick_and_takes_the_honors() -> None:
    """docs/rules/napoleon.md §2.5: the winner of a trick takes its honors and leads the next."""
    g = game_in_play(SDC, ["C5", "CA", "C6", "C7", "CK"])
    play(g, "C5", "CA", "C6", "C7", "CK")
    assert g.tricks[0].winner == 1 and g.to_act == 1 and g.leader == 1
    assert g.captured[1] & parse_hand("CA CK") == parse_hand("CA CK")


def test_called_card_played_reveals_the_adjutant() -> None:
    """When the called card is played, the adjutant is revealed to all.

    docs/rules/napoleon.md §2.5.
    """
    g = game_in_play(SDC, ["C5", "C4 HA"], called="HA")
    assert not g.view(2).adjutant_known
    play(g, "C5")
    g.apply(Play(parse_card("C4")))
    assert not g.view(2).adjutant_known
    g2 = game_in_play(SDC, ["H5", "HA"], called="HA")
    play(g2, "H5", "HA")
    v = g2.view(2)
    assert v.adjutant_known and v.adjutant == 1


def test_joker_holds_honors_go_to_the_next_tricks_winner() -> None:
    """A joker's trick honors go to the next trick's winner.

    docs/rules/napoleon.md §4 joker_holds.
    """
    r = Rules(joker_holds=True, jokers=2)
    g = game_in_play(
        r, ["C5 D2", "JK", "CA", "CK", "C2 D3"], kitty="D4 D5 D6 D7", bid=Bid(15, SPADES)
    )
    play(g, "C5", "JK", "CA", "CK", "C2")
    assert g.tricks[0].winner == 1 and g.tricks[0].taken == 0
    assert g.held == parse_hand("CA CK")
    assert g.captured[1] == 0
    held = g.held
    while g.trick_index == 1:
        mask = g.legal_play_mask()
        g.play_fast((mask & -mask).bit_length() - 1, HEARTS if not g.trick else None)
    t = g.tricks[1]
    assert t.winner is not None and t.taken & held == held
    assert g.captured[t.winner] & held == held and g.held == 0


def test_joker_holds_on_the_last_trick_honors_go_to_nobody() -> None:
    """docs/rules/napoleon.md §4 joker_holds: a joker winning the last trick: honors to nobody.

    Over random games: when a joker wins the last trick, its honors and any
    held ones are lost; otherwise nothing is lost.
    """
    r = Rules(joker_holds=True, jokers=2, rank_lead_joker=1, rank_follow_joker=1)
    seen = 0
    for seed in range(400):
        g = game_in_play(r, [], kitty="C2 C3 C4 C5")
        g2 = g.clone()
        random_playout(g2, random.Random(seed))
        last = g2.tricks[-1]
        assert last.winner is not None
        winning = last.cards[[(last.leader + i) % 5 for i in range(5)].index(last.winner)]
        if winning >= JOKER:
            seen += 1
            assert last.taken == 0
            honors = 0
            for c in last.cards:
                honors |= 1 << c
            assert g2.lost & honors == honors & HONORS_MASK
            captured = 0
            for m in g2.captured:
                captured |= m
            assert not captured & g2.lost
        else:
            assert g2.lost == 0
    assert seen > 20


def test_joker2_text_and_cards() -> None:
    assert JOKER2 == 53 and CLUBS == 3


def test_side_honors_count_the_french_and_the_allies() -> None:
    g = game_in_play(SDC, ["C5", "CA", "C6", "C7", "CK"], kitty="D2 D3 D4", called="CA")
    play(g, "C5", "CA", "C6", "C7", "CK")
    assert g.side_honors() == (2, 0)
