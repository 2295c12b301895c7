"""One entry point that starts any game of the family from its rules and a seed.

>>> g = new_game("mode=heap&heap_take=last&players=4", seed=7)
>>> type(g).__name__, g.rules.heap_take, g.rules.players
('PileGame', 'last', 4)
>>> from durak.family.modes import SUIT_DEAL
>>> type(new_game(Rules(mode=SUIT_DEAL, players=3), seed=7)).__name__
'SuitDealGame'
>>> type(new_game(Rules(mode="chinese"), seed=7)).__name__, type(new_game(Rules(), 7)).__name__
('PileGame', 'Game')
"""

from __future__ import annotations

from durak.family.options import FamilyRules, game_rules, rules_from_text
from durak.family.registry import FamilyGame, find_game
from durak.pile.options import PileRules
from durak.rules import Rules


def new_game(rules: FamilyRules | str, seed: int) -> FamilyGame:
    """A game of the family dealt from ``seed``: ``rules`` is a :class:`Rules` of any
    mode (a pile mode with its default sub-options), a :class:`PileRules`, or a
    rules text (:func:`durak.family.rules_from_text`).  Its engine is the registry
    entry's of the rules' mode; bad rules are a :class:`~durak.rules.RulesError`."""
    if isinstance(rules, str):
        rules = rules_from_text(rules)
    if not isinstance(rules, (Rules, PileRules)):
        raise TypeError(f"rules must be a Rules, a PileRules or a rules text, "
                        f"not {type(rules).__name__}")
    if type(seed) is not int:
        raise TypeError(f"seed must be an int, not {type(seed).__name__}")
    own = game_rules(rules)
    return find_game(own.mode).engine.new(own, seed)


__all__ = ["new_game"]
