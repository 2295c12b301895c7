"""Random playable option mixes, whole games played by computers, and a fixed position
the searches are tested on."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from durak.actions import Action
from durak.cards import parse_card, parse_hand
from durak.deal import Deal
from durak.family.modes import DURAK
from durak.game import Game, Phase
from durak.rules import NOT_YET, OPTIONS, Rules, RulesError
from durak.view import PlayerView


def random_rules(rng: random.Random, players: int | None = None) -> Rules:
    """A random playable mix of the options the engine plays (unplayable mixes drawn again)."""
    while True:
        changes: dict[str, object] = {}
        for o in OPTIONS:
            if o.key in ("players", "match") or rng.random() >= 0.3:
                continue
            # Game.new deals the ordinary game only: the other modes of the family start
            # through durak.family.new_game (their own engines, or suit_deal's dealing).
            values = [v for v in o.values if v not in NOT_YET.get(o.key, ())
                      and (o.key != "mode" or v == DURAK)]
            changes[o.key] = o.from_text(rng.choice(values))
        changes["players"] = players if players is not None else rng.randint(2, 6)
        try:
            return Rules(**changes)  # type: ignore[arg-type]
        except RulesError:
            continue


Decider = Callable[[PlayerView, random.Random], Action]


def play_with(
    rules: Rules, seed: int, deciders: Sequence[Decider], max_actions: int = 5000
) -> Game:
    """A game, every move through ``Game.apply`` (checked), seat s played by deciders[s].

    Stops after ``max_actions`` (a safety bound: since docs/rules/durak.md §6.14 the mixes that
    allowed legal play without end — ``pass_hands`` swapping an unbeatable card,
    ``after_take=no_skip`` passing one to and fro — end in a draw by repetition, and
    ``coward`` with 3+ players is refused).
    """
    g = Game.new(rules, seed=seed)
    rngs = [random.Random(seed * 10 + s) for s in range(rules.players)]
    for _ in range(max_actions):
        if g.phase is Phase.OVER:
            break
        s = g.to_act
        p = g.player_of(s)  # a dummy hand is played by its controller
        g.apply(deciders[p](g.view(s), rngs[p]), s)
    return g


def small_endgame(rng: random.Random, cards: int) -> Game | None:
    """A two-player game played at random until the talon is empty and at most ``cards``
    cards are in the hands and on the table (None if it ended first): the exact endgame
    solver's test positions, under a random option mix (:func:`random_rules`) without
    a dummy."""
    rules = random_rules(rng, players=2)
    while rules.dummy != "off":  # a third hand: no longer two sides (no exact endgame)
        rules = random_rules(rng, players=2)
    g = Game.new(rules, seed=rng.getrandbits(32))
    for _ in range(2000):
        if g.phase is Phase.OVER:
            return None
        if not g.talon and sum(h.bit_count() for h in g.hands) + g.table.bit_count() <= cards:
            return g
        acts = g.legal_actions()
        assert acts, f"{g!r} has no legal action under {rules.to_text()}"
        g.apply_unchecked(acts[int(rng.random() * len(acts))])
    return None


def only_winning_attack() -> Game:
    """Spades trump, talon empty.  The attacker holds A♠ 6♥, the defender 7♥: leading
    6♥ lets the defender cover and go out (the attacker is the durak); leading A♠
    forces a take, then 6♥ is covered and the attacker goes out first."""
    hands = (parse_hand("AS 6H"), parse_hand("7H"))
    r = Rules(players=2)
    removed = r.deck_mask & ~(hands[0] | hands[1])  # out of play: the 9♠ that set trump
    return Game.from_deal(r, Deal(hands, (), parse_card("9S"), True, removed), 0, 0)


#: Worlds per decision in :func:`small_strong_search`.
SMALL_WORLDS = 8


def small_strong_search(monkeypatch: pytest.MonkeyPatch, worlds: int = SMALL_WORLDS) -> None:
    """``strong`` and the hint (:mod:`durak.ai.advice`) search ``worlds`` worlds per
    decision, both: the tree at 2 players (:data:`durak.ai.levels.STRONG_DUEL`), the flat
    search at 3 or more (:data:`durak.ai.levels.STRONG_WORLDS`).

    For tests whose rule is that two ways to ask reach the same search (the hint is
    strong's decision, the review the hint's figures, the arena the page's hint), or
    that an answer comes at all: that holds at any budget, and a smaller tree is
    noisier, so two asks that differ in seed or reading part sooner, not later.  Tests
    of what the search finds (a cover over a take) keep the full budget."""
    from dataclasses import replace

    from durak.ai import advice, levels

    duel = replace(levels.STRONG_DUEL, worlds=worlds)
    monkeypatch.setattr(levels, "STRONG_DUEL", duel)
    monkeypatch.setattr(advice, "STRONG_DUEL", duel)
    monkeypatch.setattr(levels, "STRONG_WORLDS", worlds)
