"""Soft beliefs about Napoleon's hand in the strong player's sampled worlds.

docs/rules/napoleon.md §2.3: Napoleon bids a trump suit and names any card to call; the
usual call (docs/rules/napoleon.md §7: NEXT cycles Mighty → Joker → trump J → back J) is
the strongest card he lacks, and after the kitty he keeps his trumps.  A
seat that is not Napoleon should therefore find more trumps, and the cards
he would have called first, in Napoleon's sampled hand than a uniform deal
gives — while every hard fact of the view still holds.
"""

from __future__ import annotations

import random
import statistics

import pytest

from napoleon.ai import worlds
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.exchange import call_order
from napoleon.cards import SUIT_MASKS
from napoleon.game import Game, Phase
from napoleon.rules import Rules
from napoleon.view import PlayerView, view_of


def _first_lead_views() -> list[tuple[Game, PlayerView]]:
    rules = Rules.preset("sdc")
    out = []
    for seed in range(1, 40):
        g = Game.new(rules, seed=seed)
        b = BaselinePlayer()
        while g.phase is not Phase.PLAY and not g.is_over:
            seat = g.to_act
            assert seat is not None
            g.apply(b.decide(view_of(g, seat), random.Random(0)), seat)
        if g.is_over or g.trump is None or g.napoleon is None:
            continue
        out.append((g, view_of(g, (g.napoleon + 1) % rules.players)))
    return out


def _napoleon_trumps(prior: float, call_prior: float, monkeypatch: pytest.MonkeyPatch) -> float:
    monkeypatch.setattr(worlds, "NAPOLEON_PRIOR", prior)
    monkeypatch.setattr(worlds, "CALL_PRIOR", call_prior)
    counts = []
    rng = random.Random(3)
    for g, v in _first_lead_views():
        assert g.napoleon is not None and g.trump is not None
        hidden, places = worlds.hidden_cards(v)
        base = worlds.public_table(v)
        for _ in range(10):
            w = worlds.sample_world(v, base, hidden, places, rng)
            assert w.hands[v.seat] == v.hand
            counts.append((w.hands[g.napoleon] & SUIT_MASKS[g.trump]).bit_count())
    return statistics.mean(counts)


def test_napoleon_is_sampled_with_more_trumps(monkeypatch: pytest.MonkeyPatch) -> None:
    truth = statistics.mean(
        (g.hands[g.napoleon] & SUIT_MASKS[g.trump]).bit_count()  # type: ignore[index]
        for g, _ in _first_lead_views()
    )
    uniform = _napoleon_trumps(0.0, 0.0, monkeypatch)
    believed = _napoleon_trumps(3.0, 8.0, monkeypatch)
    assert uniform < truth - 1.5  # uniform deals miss the bid's information
    assert abs(believed - truth) < abs(uniform - truth) / 2


def test_cards_called_before_the_called_card_sit_with_napoleon() -> None:
    rng = random.Random(5)
    hits = total = 0
    for g, v in _first_lead_views():
        assert g.napoleon is not None and v.called is not None
        order = call_order(v.rules, v.trump)
        if v.called not in order:
            continue
        ahead = [c for c in order[: order.index(v.called)] if not v.hand >> c & 1]
        if not ahead:
            continue
        hidden, places = worlds.hidden_cards(v)
        base = worlds.public_table(v)
        for _ in range(10):
            w = worlds.sample_world(v, base, hidden, places, rng)
            for c in ahead:
                total += 1
                hits += w.hands[g.napoleon] >> c & 1
    assert total > 50
    # uniform would put each in Napoleon's hand about a quarter of the time
    assert hits / total > 0.6
