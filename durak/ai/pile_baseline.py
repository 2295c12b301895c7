"""The baseline computer of the pile games (kurukuru, chukhonsky, chinese, heap,
crusaders, polish): rules of thumb on one seat's :class:`~durak.pile.view.PileView`, a
base for later levels.

* A move that clears the pile and keeps the turn is taken at once: chukhonsky's
  ace, kurukuru's ♦9 (``d9``) on a pile of two or more cards.
* A single legal move is played (polish's turn from the talon, ``@``).
* Otherwise the cheapest legal card is laid — the lowest by :func:`cost`
  (trumps dearest, clearing cards dearer still) — and a take only when no
  card may be laid.  Leading, the same: the cheapest card goes first.

Deterministic: the same view gives the same move.

>>> from durak.pile.game import PileGame
>>> from durak.pile.options import PileRules
>>> g = PileGame.new(PileRules(mode="chukhonsky", players=3), seed=1)
>>> while not g.is_over:
...     g.apply(decide(g.view(g.to_act)))
>>> g.is_over
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from durak.actions import TAKE
from durak.cards import RANK_A, Card, mask_of, rank_of, suit_of
from durak.family.modes import CHINESE, CHUKHONSKY
from durak.pile.actions import Lay, PileAction
from durak.pile.options import PileRules
from durak.pile.state import NINE_OF_DIAMONDS, chinese_strength
from durak.pile.view import PileView


@functools.lru_cache(maxsize=64)
def _rules(text: str) -> PileRules:
    return PileRules.from_text(text)


def cost(rules: PileRules, trump: int, c: Card) -> int:
    """How dear a card is to give up: its rank, a trump above every other suit, a card
    that clears the pile (chukhonsky's aces, kurukuru's ♦9) above all."""
    if rules.mode == CHUKHONSKY and rank_of(c) == RANK_A:
        return 40
    if rules.d9 and c == NINE_OF_DIAMONDS:
        return 40
    r = chinese_strength(c, rules.chinese_ten) if rules.mode == CHINESE else rank_of(c)
    return r + (10 if suit_of(c) == trump else 0)


def clears(rules: PileRules, pile: int, c: Card) -> bool:
    """Laying ``c`` on a pile of ``pile`` cards clears it and keeps the turn."""
    if rules.mode == CHUKHONSKY:
        return rank_of(c) == RANK_A
    return rules.d9 and c == NINE_OF_DIAMONDS and pile >= 2


#: The baseline's pick for a pile of ``pile`` cards among ``legal`` (see :func:`policy`).
Policy = Callable[[int, Sequence[PileAction]], PileAction]


@functools.lru_cache(maxsize=256)
def policy(rules: PileRules, trump: int) -> Policy:
    """:func:`choose` for ``rules`` and ``trump``, with each card's :func:`cost` and the
    clearing cards looked up in tables built once (the playouts of
    :mod:`durak.ai.pile_levels` pick a move this way at every step)."""
    costs = tuple(cost(rules, trump, c) for c in range(36))
    # clears() depends on the pile only as empty, one card, or two or more.
    clearing = (0, mask_of(c for c in range(36) if clears(rules, 1, c)),
                mask_of(c for c in range(36) if clears(rules, 2, c)))

    def pick(pile: int, legal: Sequence[PileAction]) -> PileAction:
        if len(legal) == 1:
            return legal[0]  # polish's turn from the talon, or a forced take
        lays = [a for a in legal if isinstance(a, Lay)]
        if not lays:
            return TAKE
        clear = clearing[min(pile, 2)]
        if clear:
            for a in lays:
                if clear >> a.card & 1:
                    return a
        return min(lays, key=lambda a: costs[a.card])

    return pick


def choose(rules: PileRules, trump: int, pile: int,
           legal: Sequence[PileAction]) -> PileAction:
    """The baseline's pick among ``legal`` on a pile of ``pile`` cards: a clearing card
    (:func:`clears`) if one may be laid, else the cheapest card (:func:`cost`), a take
    only when no card may be laid."""
    return policy(rules, trump)(pile, legal)


def decide(view: PileView) -> PileAction:
    """The baseline's move for ``view.seat`` (which must be to act)."""
    legal = view.legal_actions
    if not legal:
        raise ValueError(f"seat {view.seat} has no move now")
    return choose(_rules(view.rules_text), view.trump, len(view.pile), legal)


__all__ = ["Policy", "choose", "clears", "cost", "decide", "policy"]
