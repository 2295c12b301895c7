"""Helpers for the AI tests: play whole games with any mix of players."""

from __future__ import annotations

import random
from collections.abc import Sequence

from napoleon.ai.base import Player
from napoleon.ai.oracle import OraclePlayer
from napoleon.game import Game, Phase
from napoleon.rules import Rules
from napoleon.view import view_of

#: Option mixes beyond the presets, so every option of docs/rules/napoleon.md §4 is played.
VARIANTS = (
    "preset=sdc&change_after_kitty=on&role_cards_free=on&opening_lead_trump=forbid",
    "preset=sdc&no_trump_bid=on&pass=unlimited&joker_lead=trump&joker_lead_first_trick=forbid",
    "preset=napoleon_l&yoromeki=on&yoromeki_counter=on&rank_follow_joker=normal",
    "preset=sdc&players=6&jokers=2&discard_honors=allies&siberia=on&scoring=bid",
    "preset=sdc&players=4&trim_deck=on&same_two_first_trick=on&same_two_with_joker=on",
    "preset=mixi&exchange_first=on&change_after_kitty=on&bid_suit_order=off&joker_holds=on",
)

#: A spec of the normal level with the smallest budgets (``lab.napoleon.variants``):
#: the measuring tools' tests play it for whole deals in a fraction of a second.
TINY_SPEC = "normal:worlds=2,bid_samples=2,contract_worlds=2,infer_factor=1"


def play_game(
    rules: Rules, seed: int, players: Sequence[Player | OraclePlayer]
) -> Game:
    """A whole game; every action goes through the engine's legality checks."""
    g = Game.new(rules, seed=seed)
    rngs = [random.Random(seed * 31 + s) for s in range(rules.players)]
    while not g.is_over:
        seat = g.to_act
        assert seat is not None
        p = players[seat]
        if isinstance(p, OraclePlayer):
            action = p.decide_game(g, seat, rngs[seat])
        else:
            action = p.decide(view_of(g, seat), rngs[seat])
        g.apply(action, seat)  # raises IllegalActionError on an illegal move
    return g


def play_until(rules: Rules, seed: int, player: Player, plays: int) -> Game | None:
    """A game with ``player`` in every seat, stopped once ``plays`` cards are
    played (``None`` if it ended first)."""
    g = Game.new(rules, seed=seed)
    rng = random.Random(seed)
    played = 0
    while not g.is_over and played < plays:
        seat = g.to_act
        assert seat is not None
        played += g.phase is Phase.PLAY
        g.apply(player.decide(view_of(g, seat), rng), seat)
    return None if g.is_over else g
