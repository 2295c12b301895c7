"""Calling the adjutant, the exchange and the change after the kitty.

docs/rules/napoleon.md §2.3, §2.4 and the options discard_honors, exchange_first,
change_after_kitty; the sources of each rule are named in those sections.
"""

from __future__ import annotations

import pytest

from napoleon.actions import Bid, Call, Change, Discard, IllegalActionError, Pass
from napoleon.cards import HEARTS, HONORS_MASK, JOKER, SPADES, parse_card, parse_hand
from napoleon.game import Game, Phase
from napoleon.rules import Rules

from .helpers import deal_from_text, game_in_play, phase, play

SDC = Rules()


def contract(rules: Rules, hands: list[str], kitty: str = "", bid: Bid | None = None) -> Game:
    g = Game.from_deal(rules, deal_from_text(rules, hands, kitty), first_bidder=0)
    g.apply(bid or Bid(max(13, rules.min_bid), SPADES))
    while phase(g) is Phase.BID:
        g.apply(Pass())
    return g


def test_call_any_card_including_the_joker() -> None:
    """docs/rules/napoleon.md §2.3: any card may be called, the joker and the role cards too."""
    g = contract(SDC, [""])
    assert phase(g) is Phase.CALL
    calls = g.legal_actions()
    assert len(calls) == 53 and Call(JOKER) in calls


def test_call_refuses_a_card_not_in_the_deck() -> None:
    g = contract(Rules(jokers=0, trim_deck=False), [""])
    with pytest.raises(IllegalActionError, match="not in this game's deck"):
        g.apply(Call(JOKER))


def test_holder_of_the_called_card_is_the_adjutant() -> None:
    g = game_in_play(SDC, ["C2", "SA"], called="SA")
    assert g.adjutant == 1


def test_napoleon_calling_his_own_card_plays_alone() -> None:
    """docs/rules/napoleon.md §2.3: Napoleon may call a card he holds, and then plays alone."""
    g = game_in_play(SDC, ["SA"], called="SA")
    assert g.adjutant is None


def test_called_card_in_the_kitty_napoleon_plays_alone() -> None:
    """The called card in the kitty → no adjutant, even if discarded.

    docs/rules/napoleon.md §2.3.
    """
    g = game_in_play(SDC, [""], kitty="SA C2 C3", called="SA")
    assert g.adjutant is None and g.discards >> parse_card("SA") & 1


def test_exchange_napoleon_takes_the_kitty_and_discards_as_many() -> None:
    """docs/rules/napoleon.md §2.4: take the 3 cards, discard 3."""
    g = contract(SDC, [""], kitty="H2 H3 H4")
    g.apply(Call(parse_card("SA")))
    assert phase(g) is Phase.EXCHANGE and g.to_act == 0
    assert g.hands[0].bit_count() == 13 and g.hands[0] & parse_hand("H2 H3 H4")
    with pytest.raises(IllegalActionError, match="exactly 3"):
        g.apply(Discard(parse_hand("H2 H3")))
    with pytest.raises(IllegalActionError, match="not in Napoleon's hand"):
        g.apply(Discard(parse_hand("H2 H3 SK") if not g.hands[0] >> parse_card("SK") & 1
                        else parse_hand("H2 H3 DK")))
    g.apply(Discard(parse_hand("H2 H3 H4")))
    assert phase(g) is Phase.PLAY and g.hands[0].bit_count() == 10


def test_exchange_legal_actions_are_every_set_of_three() -> None:
    g = contract(SDC, [""])
    g.apply(Call(parse_card("SA")))
    assert len(g.legal_actions()) == 286  # C(13, 3)


def test_kitty_is_two_without_joker() -> None:
    """docs/rules/napoleon.md §2.1: without a joker the kitty is 2."""
    assert Rules(jokers=0).kitty_size == 2


def test_discard_honors_first_trick_go_to_the_first_trick_winner() -> None:
    """docs/rules/napoleon.md §2.4: honors among the discards go to the first trick's winner."""
    g = game_in_play(SDC, ["C2", "CA"], kitty="HA HK H2", called="SA")
    assert g.bonus == parse_hand("HA HK")
    play(g, "C2", "CA")
    for _ in range(3):
        mask = g.legal_play_mask()
        g.play_fast((mask & -mask).bit_length() - 1)
    t = g.tricks[0]
    assert t.winner is not None
    assert g.captured[t.winner] & parse_hand("HA HK") == parse_hand("HA HK")


def test_discard_honors_first_trick_are_face_up_in_every_view() -> None:
    g = game_in_play(SDC, [""], kitty="HA H2 H3")
    for seat in range(5):
        assert g.view(seat).face_up_discards == parse_hand("HA")
    assert g.view(1).discards is None


def test_discard_honors_allies_count_for_the_allies_at_the_end() -> None:
    """Face down, added to the Allies' count.

    docs/rules/napoleon.md §4 discard_honors=allies (廃棄).
    """
    r = Rules(discard_honors="allies")
    g = game_in_play(r, [""], kitty="HA HK H2")
    assert g.view(2).face_up_discards == 0
    import random

    from napoleon.playout import random_playout

    random_playout(g, random.Random(1))
    assert g.result is not None
    assert g.result.french_honors + g.result.allied_honors == 20


def test_discard_honors_nobody_leave_the_game() -> None:
    """docs/rules/napoleon.md §4 discard_honors=nobody (NAPOLEON L, the 4-player sheet)."""
    r = Rules(discard_honors="nobody")
    g = game_in_play(r, [""], kitty="HA HK H2")
    import random

    from napoleon.playout import random_playout

    random_playout(g, random.Random(1))
    assert g.result is not None
    assert g.result.french_honors + g.result.allied_honors == 18


def test_exchange_first_comes_before_the_call() -> None:
    """The exchange comes before the call (NAPOLEON L).

    docs/rules/napoleon.md §4 exchange_first=on.
    """
    r = Rules(exchange_first=True)
    g = contract(r, [""], kitty="H2 H3 H4")
    assert phase(g) is Phase.EXCHANGE and g.hands[0].bit_count() == 13
    g.apply(Discard(parse_hand("H2 H3 H4")))
    assert phase(g) is Phase.CALL
    g.apply(Call(parse_card("SA")))
    assert phase(g) is Phase.PLAY


def test_exchange_first_called_card_among_discards_means_alone() -> None:
    r = Rules(exchange_first=True)
    g = contract(r, [""], kitty="H2 H3 H4")
    g.apply(Discard(parse_hand("H2 H3 H4")))
    g.apply(Call(parse_card("H2")))
    assert g.adjutant is None


def test_change_after_kitty_each_change_raises_the_bid_by_one() -> None:
    """docs/rules/napoleon.md §4 change_after_kitty: trump and/or called card, each change +1."""
    r = Rules(change_after_kitty=True)
    g = contract(r, [""], kitty="H2 H3 H4", bid=Bid(13, SPADES))
    g.apply(Call(parse_card("SA")))
    g.apply(Discard(parse_hand("H2 H3 H4")))
    assert phase(g) is Phase.CHANGE
    g.apply(Change(HEARTS, JOKER))
    assert (g.bid, g.trump, g.called, g.changes) == (15, HEARTS, JOKER, 2)
    assert phase(g) is Phase.PLAY


def test_change_after_kitty_declining_keeps_the_bid() -> None:
    r = Rules(change_after_kitty=True)
    g = contract(r, [""], bid=Bid(13, SPADES))
    g.apply(Call(parse_card("SA")))
    g.apply(Discard(g.kitty))
    g.apply(Change(SPADES, parse_card("SA")))
    assert (g.bid, g.trump, g.changes) == (13, SPADES, 0)


def test_change_after_kitty_never_above_20() -> None:
    r = Rules(change_after_kitty=True)
    g = contract(r, [""], bid=Bid(20, SPADES))
    g.apply(Call(parse_card("SA")))
    g.apply(Discard(g.kitty))
    assert g.legal_actions() == [Change(SPADES, parse_card("SA"))]
    with pytest.raises(IllegalActionError, match="may not pass 20"):
        g.apply(Change(HEARTS, parse_card("SA")))


def test_change_after_kitty_off_no_change_phase() -> None:
    """docs/rules/napoleon.md §4: SdC Standard allows no change of trump or called card."""
    g = contract(SDC, [""])
    g.apply(Call(parse_card("SA")))
    g.apply(Discard(g.kitty))
    assert phase(g) is Phase.PLAY


def test_face_up_discards_are_only_honors() -> None:
    g = game_in_play(SDC, [""], kitty="HA H2 H3")
    assert g.view(3).face_up_discards & ~HONORS_MASK == 0


def test_quick_call_cycle_mighty_joker_trump_jack_back_jack() -> None:
    """docs/rules/napoleon.md §2.3: SdC's quick picks cycle Mighty → Joker → trump J → back J."""
    from napoleon.game import quick_call_cards

    assert quick_call_cards(SDC, HEARTS) == tuple(parse_card(t) for t in ("SA", "JK", "HJ", "DJ"))
    assert quick_call_cards(Rules(jokers=0), None) == (parse_card("SA"),)
