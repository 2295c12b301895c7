"""A deliberately simple trick-winner, written straight from RULES.md §3–§4.

No bitmasks, no precomputed tables: each step of the rule book is one block.
The fast :class:`napoleon.tricks.TrickJudge` is checked against this.
"""

from __future__ import annotations

from collections.abc import Sequence

from napoleon.rules import Rules

SUIT_OF = {"S": 0, "H": 1, "D": 2, "C": 3}
MIGHTY = (0, "A")  # (suit, rank text)
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def describe(c: int) -> tuple[int, str] | None:
    """(suit, rank text) of a card, None for a joker."""
    if c >= 52:
        return None
    return c // 13, RANKS[c % 13]


def reference_winner(
    rules: Rules, trump: int | None, cards: Sequence[int], named: int | None, trick_index: int
) -> int:
    desc = [describe(c) for c in cards]

    def has(suit: int, rank: str) -> bool:
        return (suit, rank) in desc

    def pos(suit: int, rank: str) -> int:
        return desc.index((suit, rank))

    trump_jack = (trump, "J") if trump is not None else None
    back_jack = (3 - trump, "J") if trump is not None else None  # ♠↔♣ (0↔3), ♥↔♦ (1↔2)
    hunt_jack = ({0: 1, 1: 0, 2: 3, 3: 2}[trump], "J") if trump is not None else None

    def special_rank_of_jack(which: tuple[int, str] | None, rank: int | None) -> bool:
        return which is not None and which in desc and rank is not None

    # 1. Yoromeki: Mighty and ♥Q both in the trick.
    mighty_has_power = has(*MIGHTY)
    if has(*MIGHTY) and rules.yoromeki != "off" and has(1, "Q"):
        blocked = rules.yoromeki == "mighty_only" and (
            special_rank_of_jack(trump_jack, rules.rank_trump_jack)
            or special_rank_of_jack(back_jack, rules.rank_back_jack)
        )
        if not blocked:
            if rules.yoromeki_counter and has(1, "K"):
                return pos(1, "A") if has(1, "A") else pos(1, "K")
            return pos(1, "Q")
        mighty_has_power = False
    # 2. Mighty.
    if mighty_has_power:
        return pos(*MIGHTY)

    # Led suit.
    led = named if cards[0] >= 52 else cards[0] // 13

    # Same-2 condition.
    same_two_card = None
    if rules.rank_same_two is not None and (trick_index > 0 or rules.same_two_first_trick):
        suits = {d[0] for d in desc if d is not None}
        jokers = sum(1 for d in desc if d is None)
        if len(suits) == 1 and (jokers == 0 or rules.same_two_with_joker):
            (suit,) = suits
            if (suit != trump or rules.same_two_trump) and has(suit, "2"):
                same_two_card = (suit, "2")

    # Jack hunt.
    hunting = (
        rules.jack_hunt
        and trump_jack is not None
        and rules.rank_trump_jack is not None
        and trump_jack in desc
        and hunt_jack in desc
        and not has(*MIGHTY)
        and back_jack not in desc
    )

    # 3. Specials: (rank, kind, position); smallest wins.
    specials = []
    for i, d in enumerate(desc):
        if d is None:
            kind, rank = (0, rules.rank_lead_joker) if i == 0 else (1, rules.rank_follow_joker)
        elif (d == trump_jack and not hunting) or (d == hunt_jack and hunting):
            kind, rank = 2, rules.rank_trump_jack
        elif d == back_jack:
            kind, rank = 3, rules.rank_back_jack
        elif d == same_two_card:
            kind, rank = 4, rules.rank_same_two
        else:
            continue
        if rank is not None:
            specials.append((rank, kind, i))
    if specials:
        return min(specials)[2]

    # Ordinary strength within a suit (a normal joker is the weakest of its suit).
    def order(i: int) -> int:
        d = desc[i]
        if d is None:
            return -2
        if rules.plain_jack_low and d[1] == "J" and d != trump_jack and d != back_jack:
            return -1
        return RANKS.index(d[1])

    def suit_played_as(i: int) -> int | None:
        d = desc[i]
        if d is None:
            return led  # a joker stands for the named/led suit
        return d[0]

    # 4. Trump, 5. led suit.
    for wanted in (trump, led):
        if wanted is None:
            continue
        best = None
        for i in range(len(cards)):
            if suit_played_as(i) == wanted and (best is None or order(i) > order(best)):
                best = i
        if best is not None:
            return best
    # Last trick, a led joker named nothing and no trump was played: the joker.
    return 0
