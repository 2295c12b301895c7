"""A slow reference for the defender's and the throwers' moves, checked against the engine.

The reference reads only the rule book: a cover is any held card that
``beats`` (docs/rules/durak.md §1 and §3.1, written out in ``reference_beats`` without
the engine's tables) an uncovered attack card; a throw-in is any held card
whose rank (or, with ``rank_or_suit``, suit) is on the table.  Over random
games of every preset and random option mixes the engine's lists must match.
"""

from __future__ import annotations

import random

import pytest

from durak.actions import Cover, CoverSlot, PlaySlot, Throw, TryTalon
from durak.game import UNCOVERED, Game, Phase
from durak.rules import Rules, buildable_presets
from lab.durak.fuzz_games import random_rules

RANK_ORDER = "6789TJQKA"


def reference_beats(rules: Rules, trump: int | None, x: int, y: int) -> bool:
    """x covers y?  Suits and ranks from the card numbers, rules from the book.

    ``deck=72``: card x and x + 36 are the same card of two decks (§3.1): they never
    beat each other, except that with ``twin_stop`` either covers the other."""
    if x % 36 == y % 36:
        return rules.twin_stop and x != y
    sx, sy = x % 36 // 9, y % 36 // 9
    rx, ry = x % 9, y % 9
    if rules.closed_suit == "spades_q":
        rx = 9 if (sx, rx) == (0, 6) else rx
        ry = 9 if (sy, ry) == (0, 6) else ry
    closed = {"none": None, "spades": 0, "spades_q": 0, "clubs": 3}[rules.closed_suit]
    if closed in (sx, sy):
        return sx == sy and rx > ry
    if rules.royal in ("on", "mutual") and ry == 0:
        return rx == 8 and sx in (sy, trump)
    if rules.royal == "mutual" and ry == 8:
        return rx == 0 and sx in (sy, trump)
    if sx == sy:
        return rx > ry
    if sx == trump:
        return True
    return rules.suitless and sy != trump and rx > ry


def reference_covers(g: Game) -> set[tuple[int, int]]:
    hand = [c for c in range(72) if g.hands[g.defender] >> c & 1]
    own = g.deal.own_suits

    def allowed(c: int, t: int) -> bool:
        if g.rules.own_answer and t % 36 // 9 == own[g.layer[t]]:
            return c % 36 // 9 == own[g.defender]  # own_answer: only the defender's own suit
        return True

    if g.rules.doubt and not g.amer:  # doubt (§3.5): any card, face down
        return {(c, t) for t, cv in zip(g.attacks, g.covers, strict=True) if cv == UNCOVERED
                for c in hand}
    return {
        (c, t)
        for t, cv in zip(g.attacks, g.covers, strict=True) if cv == UNCOVERED
        for c in hand if reference_beats(g.rules, g.trump, c, t) and allowed(c, t)
    }


def reference_throws(g: Game) -> set[int]:
    if g.twin_stopped:
        return set()  # twin_stop (§3.1): a twin cover ends the bout's throw-ins
    # sly/brazen (§3.2): a card's own player's cover opens no throw-ins by its rank.
    # doubt (§3.5): throw-ins match face-up cards only.
    on_table = [c for c in range(72) if g.table >> c & 1 and not g.sly_covers >> c & 1
                and not g.face_down >> c & 1]
    if g.rules.sly != "off" and not g.amer and (
            not g.rules.throw_in or len(g.attacks) >= g.limit
            or (g.taking and not g.rules.throw_after_take)):
        return set()  # the window is open for sly covers only
    ranks = {c % 9 for c in on_table}
    suits = {c % 36 // 9 for c in on_table}
    by_suit = g.rules.throw_match == "rank_or_suit"
    held = [c for c in range(72) if g.hands[g.to_act] >> c & 1]
    out = {c for c in held if c % 9 in ranks or (by_suit and c % 36 // 9 in suits)}
    if g.amer:  # american: the defender's own card, which another of theirs must beat
        out = {c for c in out
               if any(reference_beats(g.rules, g.trump, x, c) for x in held if x != c)}
    return out


def reference_sly_covers(g: Game) -> set[tuple[int, int]]:
    """sly (§3.2): after a take, the player who laid an uncovered attack card may cover
    it with a card of theirs that beats it; brazen (§3.2): in any window."""
    if g.rules.sly == "off" or g.amer or not (g.taking or g.rules.sly == "brazen"):
        return set()
    hand = [c for c in range(72) if g.hands[g.to_act] >> c & 1]
    return {(c, t) for t, cv in zip(g.attacks, g.covers, strict=True)
            if cv == UNCOVERED and g.layer[t] == g.to_act
            for c in hand if reference_beats(g.rules, g.trump, c, t)}


def check_inverted(g: Game, acts: list[object]) -> None:
    """inverted (§3.5): a player does not see their own cards, so the choice is a
    position in the hand, never a card: every position may cover every uncovered
    attack card (one that does not beat makes them take), and in a throw-in window
    every position or none (one that does not match makes them take)."""
    assert not any(isinstance(a, (Cover, Throw)) for a in acts)
    held = bin(g.hands[g.to_act]).count("1")
    if g.phase is Phase.DEFEND:
        slots = {(a.slot, a.target) for a in acts if isinstance(a, CoverSlot)}
        uncovered = {t for t, cv in zip(g.attacks, g.covers, strict=True) if cv == UNCOVERED}
        assert slots == {(i, t) for i in range(held) for t in uncovered}
    elif g.phase is Phase.THROW:
        plays = {a.slot for a in acts if isinstance(a, PlaySlot)}
        assert plays in (set(), set(range(held)))


def check_game(rules: Rules, seed: int) -> None:
    g = Game.new(rules, seed)
    rng = random.Random(seed)
    for _ in range(20_000):
        if g.phase is Phase.OVER:
            return
        acts = g.legal_actions()
        if rules.inverted and g.phase in (Phase.DEFEND, Phase.THROW):
            check_inverted(g, list(acts))
        elif g.phase is Phase.DEFEND:
            fast = {(a.card, a.target) for a in acts if isinstance(a, Cover)}
            assert fast == reference_covers(g)
            for a in acts:
                if isinstance(a, TryTalon) and not g.rules.doubt:
                    assert not any(t == a.target for _, t in reference_covers(g))
                elif isinstance(a, TryTalon):  # doubt: no card of theirs truly beats it
                    hand = [c for c in range(72) if g.hands[g.defender] >> c & 1]
                    assert not any(reference_beats(g.rules, g.trump, c, a.target)
                                   for c in hand) or g.rules.own_answer
        elif g.phase is Phase.THROW:
            assert {a.card for a in acts if isinstance(a, Throw)} == reference_throws(g)
            sly = {(a.card, a.target) for a in acts if isinstance(a, Cover)}
            assert sly == reference_sly_covers(g)
        g.apply(rng.choice(acts))
    pytest.fail("the random game did not end")


@pytest.mark.parametrize("preset", buildable_presets())
def test_fast_moves_match_the_reference_for_every_preset(preset: str) -> None:
    for players in (2, 4):
        rules = Rules.preset(preset)
        if rules.teams == "none" and rules.match == "tally":
            rules = rules.replace(players=players)
        for seed in range(4):
            check_game(rules, seed)


@pytest.mark.parametrize("mix", range(30))
def test_fast_moves_match_the_reference_for_option_mixes(mix: int) -> None:
    rules = random_rules(random.Random(5000 + mix))
    for seed in range(2):
        check_game(rules, seed)


@pytest.mark.parametrize("text", [
    "inverted=on", "inverted=on&players=4",
    # The mix in which the reference first met inverted (it had no branch for it).
    "preset=podkidnoy&deck=32&redeal_ace=on&royal=mutual&first_limit=first_bout"
    "&armenian=on&inverted=on",
])
def test_inverted_offers_hand_positions_not_cards(text: str) -> None:
    for seed in range(2):
        check_game(Rules.from_text(text), seed)
