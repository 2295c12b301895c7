"""A deliberately simple trick-winner, written straight from docs/rules/napoleon.md §3 and §4.

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


def reference_legal_plays(
    rules: Rules,
    trump: int | None,
    hand: list[int],
    trick: list[int],
    named: int | None,
    trick_index: int,
    leader_hand: list[int],
) -> set[tuple[int, int | None]]:
    """Every legal (card, named suit) for the player to act, from the rule book's words.

    ``leader_hand`` is what the leader holds now (for the joker call).
    """
    last = trick_index == rules.hand_size - 1
    jokers = [c for c in hand if c >= 52]
    if not trick:
        # Leading: any card; a joker names a suit (none on the last trick).
        def names() -> list[int | None]:
            if last:
                return [None]
            if rules.joker_lead == "trump" and trump is not None:
                return [trump]
            return [0, 1, 2, 3]

        leads = {(c, None) for c in hand if c < 52} | {(j, s) for j in jokers for s in names()}
        if trick_index == 0:
            if rules.joker_lead_first_trick == "forbid" and any(c < 52 for c in hand):
                leads = {(c, s) for c, s in leads if c < 52}
            if rules.opening_lead_trump == "forbid" and trump is not None:
                def is_trump_lead(c: int, s: int | None) -> bool:
                    return (c < 52 and c // 13 == trump) or (c >= 52 and s == trump)

                others = {(c, s) for c, s in leads if not is_trump_lead(c, s)}
                if others:
                    leads = others
        return leads
    # Following.
    if (
        rules.joker_call
        and trick[0] == 3 * 13 + 1  # ♣3
        and not any(c >= 52 for c in leader_hand)
        and jokers
    ):
        return {(j, None) for j in jokers}
    led = named if trick[0] >= 52 else trick[0] // 13
    if led is None:
        return {(c, None) for c in hand}

    def is_role(c: int) -> bool:
        if c == 12:  # ♠A
            return True
        return trump is not None and c % 13 == 9 and c // 13 in (trump, 3 - trump)

    same_suit = [c for c in hand if c < 52 and c // 13 == led]
    if rules.role_cards_free:
        obliging = [c for c in same_suit if not is_role(c)]
        if not obliging:
            return {(c, None) for c in hand}
        return {(c, None) for c in hand if c in same_suit or c >= 52 or is_role(c)}
    if not same_suit:
        return {(c, None) for c in hand}
    return {(c, None) for c in hand if c in same_suit or c >= 52}
