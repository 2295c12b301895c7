"""High card, the toy game's rules: ten cards 1-10 dealt five each to the human
(seat 0) and one computer (seat 1); each round the human plays a card, then the
computer; the higher card wins the round; after five rounds the game is over."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

ROUNDS = 5


@dataclass
class HighCard:
    hands: list[list[int]]
    table: list[int] = field(default_factory=list)
    last: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=lambda: [0, 0])
    played: int = 0

    @classmethod
    def deal(cls, seed: int) -> HighCard:
        deck = list(range(1, 2 * ROUNDS + 1))
        random.Random(seed).shuffle(deck)
        return cls([sorted(deck[:ROUNDS]), sorted(deck[ROUNDS:])])

    @property
    def to_act(self) -> int | None:
        return None if self.played == 2 * ROUNDS else self.played % 2

    def play(self, card: int) -> None:
        """The seat to act plays ``card``; a card it does not hold is refused."""
        seat = self.to_act
        if seat is None or card not in self.hands[seat]:
            raise ValueError(f"card {card} cannot be played now")
        self.hands[seat].remove(card)
        self.table.append(card)
        self.played += 1
        if len(self.table) == 2:
            self.points[0 if self.table[0] > self.table[1] else 1] += 1
            self.last, self.table = self.table, []


def decide_json(view_json: str, level: str, seed: int) -> str:
    """The computer: any card of its hand, chosen by the seed."""
    hand = json.loads(view_json)["hand"]
    return json.dumps({"action": str(random.Random(seed).choice(hand)), "level": level})
