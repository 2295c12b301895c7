"""Per-decision random streams (lab/napoleon/streams.py): A/B runs compare play, not noise."""

from __future__ import annotations

from lab.napoleon.arena import play_game
from lab.napoleon.streams import DecisionStreams, decision_rng
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.strong import StrongPlayer
from napoleon.game import Phase
from napoleon.rules import Rules


def test_a_decision_stream_does_not_depend_on_earlier_draws() -> None:
    a, b = DecisionStreams(11), DecisionStreams(11)
    for _ in range(5):
        a.next(2, Phase.BID).random()
    b.next(2, Phase.BID)
    a_call = a.next(2, Phase.CALL).random()
    assert a_call == b.next(2, Phase.CALL).random()
    assert a.next(2, Phase.PLAY).getrandbits(64) == b.next(2, Phase.PLAY).getrandbits(64)


def test_streams_differ_by_seed_seat_phase_and_count() -> None:
    base = decision_rng(5, 1, Phase.PLAY, 3).getrandbits(64)
    others = [
        decision_rng(6, 1, Phase.PLAY, 3),
        decision_rng(5, 2, Phase.PLAY, 3),
        decision_rng(5, 1, Phase.BID, 3),
        decision_rng(5, 1, Phase.PLAY, 4),
    ]
    assert all(r.getrandbits(64) != base for r in others)


def test_card_play_ignores_how_many_numbers_the_bidding_drew() -> None:
    """Two strong players that differ only in their bid simulations play the
    same cards whenever the contract (bid, trump, Napoleon) is the same (the
    same number in another suit is another contract: other discards, other play)."""
    rules = Rules.preset("sdc")
    few = StrongPlayer(worlds=3, bid_samples=2, contract_worlds=2, infer_factor=1)
    many = StrongPlayer(worlds=3, bid_samples=3, contract_worlds=2, infer_factor=1)
    same = 0
    for seed in range(1, 7):
        games = []
        for p in (few, many):
            players: list[StrongPlayer | BaselinePlayer] = [BaselinePlayer()] * rules.players
            players[seed % rules.players] = p
            result, _, _, _ = play_game(rules, seed, players, -1)
            games.append(result)
        a, b = games
        if (a.bid, a.trump, a.napoleon) == (b.bid, b.trump, b.napoleon):
            same += 1
            assert a.points == b.points
    assert same  # at least one deal where the bidding agreed

