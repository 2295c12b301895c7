"""The playout policy's table-driven primitives agree with the rules they stand for.

The search plays thousands of playouts per decision, so :mod:`napoleon.ai.policy`
reads card costs from a table (:data:`~napoleon.ai.policy.COSTS`) and finds the
cards safe to lead from a table of beaters per judge
(:func:`~napoleon.ai.policy.beaters_of`); each must give exactly what the
one-card rule gives (:func:`cost_rule`, ``_safe_from``, the judge itself), or
the computers' decisions would change with the speed-up.
"""

from __future__ import annotations

import random

from napoleon.ai.playout import Table
from napoleon.ai.policy import (
    _safe_from,
    beaters_of,
    card_cost,
    choose_play,
    cost_rule,
    costs_for,
    play_out,
    safe_cards,
)
from napoleon.ai.search import hidden_sides_of, sides_of
from napoleon.cards import JOKER, SUITS, cards_of
from napoleon.rules import PRESET_NAMES, Rules
from tests.engine.helpers import random_rules
from tests.sweep import sized


def test_card_costs_come_from_the_cost_rule_for_every_card_and_trump() -> None:
    for trump in (*SUITS, None):
        table = costs_for(trump)
        for c in range(JOKER + 2):
            assert table[c] == card_cost(c, trump) == cost_rule(c, trump), (c, trump)


#: Random deals of :func:`test_safe_cards_are_exactly_the_cards_safe_one_by_one`;
#: ``make check`` the first 4,000 (each preset still met dozens of times).
SAFE_CASES = sized(20_000, 4_000)


def test_safe_cards_are_exactly_the_cards_safe_one_by_one() -> None:
    """Mighty, jokers (by the lead joker's rank), trump jack and back jack, the
    highest card of a suit, a side suit still ruffable: random outstanding cards
    under every preset and 100 option mixes."""
    rng = random.Random(16)
    everything = [Rules.preset(p) for p in PRESET_NAMES] + [random_rules(rng) for _ in range(100)]
    safe_seen = unsafe_seen = 0
    met: set[int] = set()
    for _ in range(SAFE_CASES):
        rules = rng.choice(everything)
        met.add(id(rules))
        t = Table(rules, rng.choice([None, *SUITS]), 0, -1, [0] * rules.players)
        out = rules.deck & rng.getrandbits(54)
        if rng.random() < 0.5:  # late in a deal: few cards out
            out &= rng.getrandbits(54) & rng.getrandbits(54)
        cards = rules.deck & ~out & rng.getrandbits(54)
        beat = beaters_of(t.judge, rng.random() < 0.5)
        expected = 0
        for c in cards_of(cards):
            if _safe_from(t, c, out, beat):
                expected |= 1 << c
        assert safe_cards(cards, out, beat) == expected, (rules.to_text(), t.trump, out, cards)
        safe_seen += expected.bit_count()
        unsafe_seen += (cards & ~expected).bit_count()
    assert safe_seen > SAFE_CASES // 2 and unsafe_seen > SAFE_CASES // 2
    assert met >= {id(r) for r in everything[:len(PRESET_NAMES)]}  # every preset


class RecordingTable(Table):
    """A table that writes down every card played on it."""

    __slots__ = ("log",)
    log: list[tuple[int, int | None]]

    def play(self, c: int, named: int | None = None) -> None:
        self.log.append((c, named))
        super().play(c, named)


def random_table(rules: Rules, rng: random.Random) -> RecordingTable:
    """A random deal at the first lead: Napoleon, trump, called card, face-up honors."""
    deck = list(cards_of(rules.deck))
    rng.shuffle(deck)
    h = rules.hand_size
    hands = [0] * rules.players
    for s in range(rules.players):
        for c in deck[s * h : (s + 1) * h]:
            hands[s] |= 1 << c
    napoleon = rng.randrange(rules.players)
    called = rng.choice(deck[: rules.players * h])
    adjutant = next(s for s in range(rules.players) if hands[s] >> called & 1)
    t = RecordingTable(rules, rng.choice([None, *SUITS]), napoleon,
                       -1 if adjutant == napoleon else adjutant, hands)
    t.log = []
    t.called = called
    t.pending = rng.choice([0, 0, 2])
    return t


def test_play_out_plays_the_cards_choose_play_chooses() -> None:
    """The playouts' loop (choose_play written out in it) against choose_play
    and Table.play one card at a time, with known and hidden sides."""
    rng = random.Random(14)
    everything = [Rules.preset(p) for p in PRESET_NAMES] + [random_rules(rng) for _ in range(40)]
    for i in range(600):
        rules = everything[i % len(everything)]
        seed = rng.randrange(1 << 30)
        t, ref = random_table(rules, random.Random(seed)), random_table(rules, random.Random(seed))
        sides = sides_of(t)
        hidden = hidden_sides_of(t) if i % 2 else None
        play_out(t, sides, hidden)
        while not ref.done:
            seat = ref.to_act()
            unseen = hidden is not None and not ref.played >> ref.called & 1
            ref.play(*choose_play(ref, hidden[seat] if hidden and unseen else sides[seat],
                                  aware=True))
        assert t.log == ref.log, (rules.to_text(), i)
        assert t.honors == ref.honors


class JudgedTable(Table):
    """A table that checks, after every card, the winner it keeps against the judge."""

    __slots__ = ("checked",)
    checked: int

    def play(self, c: int, named: int | None = None) -> None:
        super().play(c, named)
        if self.trick:
            assert self.win == self.judge.winner(self.trick, self.named, self.trick_no)
            self.checked += 1


def test_the_table_keeps_the_winner_so_far_as_the_judge_finds_it() -> None:
    """``Table.win`` after every card of random playouts (every preset, random
    option mixes: yoromeki, same-2, the jack hunt) is the judge's winner of the
    trick so far."""
    rng = random.Random(15)
    everything = [Rules.preset(p) for p in PRESET_NAMES] + [random_rules(rng) for _ in range(40)]
    checked = 0
    for i in range(300):
        rules = everything[i % len(everything)]
        r = random_table(rules, random.Random(rng.randrange(1 << 30)))
        t = JudgedTable(r.rules, r.trump, r.napoleon, r.adjutant, r.hands)
        t.checked = 0
        t.called = r.called
        play_out(t, sides_of(t))
        checked += t.checked
    assert checked > 10_000
