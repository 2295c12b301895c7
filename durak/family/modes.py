"""The names of the Durak family's games: the one place the eight ``mode`` values stand.

The post's eight games (docs/rules/durak.md §1, §3.6), in its order: the
ordinary game, then kurukuru, chinese, chukhonsky, heap, suit_deal, crusaders
and polish.  Every other module of ``durak/`` names a game by these constants
(a test fails on a mode name spelled as a string elsewhere), so renaming or
adding a game starts here.  This module imports nothing of the engines: the
rules record (:mod:`durak.rules`) and each engine import it.

>>> MODES[0], MODES[-1], len(MODES)
('durak', 'polish', 8)
>>> HEAP in PILE_MODES, SUIT_DEAL in PILE_MODES
(True, False)
"""

from __future__ import annotations

from typing import Final

#: The ordinary game: §2 with the options of §3.1–§3.5 (:class:`durak.rules.Rules`).
DURAK: Final = "durak"
#: くるくる (§3.6): a pile game.
KURUKURU: Final = "kurukuru"
#: 中国式 (§3.6): a pile game.
CHINESE: Final = "chinese"
#: チュホンスキー (§3.6): a pile game.
CHUKHONSKY: Final = "chukhonsky"
#: 山積み (§3.6): a pile game.
HEAP: Final = "heap"
#: 印合わせ (§3.6): a dealing phase in front of the ordinary game.
SUIT_DEAL: Final = "suit_deal"
#: 十字軍 (§3.6): a dealing phase in front of kurukuru; a pile game.
CRUSADERS: Final = "crusaders"
#: ポーランド式 (§3.6): a pile game.
POLISH: Final = "polish"

#: Every game of the family, in the post's order (the ``mode`` option's values).
MODES: Final = (DURAK, KURUKURU, CHINESE, CHUKHONSKY, HEAP, SUIT_DEAL, CRUSADERS, POLISH)
#: The games played on one face-up pile (:mod:`durak.pile`), in the post's order.
PILE_MODES: Final = (KURUKURU, CHINESE, CHUKHONSKY, HEAP, CRUSADERS, POLISH)

#: The engines' kinds: the ordinary game's (:mod:`durak.game`), the pile games'
#: (:mod:`durak.pile`) and suit_deal's (:mod:`durak.suit_deal`).  Two share a
#: game's name; they are spelled here so that no other module spells one.
KIND_DURAK: Final = DURAK
KIND_PILE: Final = "pile"
KIND_SUIT_DEAL: Final = SUIT_DEAL
KINDS: Final = (KIND_DURAK, KIND_PILE, KIND_SUIT_DEAL)

#: Every registered game, mode → kind, by :func:`durak.family.registry.register`: the
#: post's eight and any added beside them (a test's toy game; none on the site).  The
#: rules records read a mode here, so that a registered game is played by its entry alone.
REGISTERED: Final[dict[str, str]] = {}


def reads_pile_rules(mode: object) -> bool:
    """Whether ``mode``'s rules record is :class:`durak.pile.options.PileRules` (its
    mode, players and own options): a game played on one face-up pile
    (:mod:`durak.pile`: one of :data:`PILE_MODES` or a registered game of
    :data:`KIND_PILE`), or a registered game of a kind of its own, beside the
    ordinary game's engine (a test's toy; none on the site).

    >>> reads_pile_rules(HEAP), reads_pile_rules(SUIT_DEAL), reads_pile_rules(["heap"])
    (True, False, False)
    """
    if not isinstance(mode, str):
        return False
    return mode in PILE_MODES or REGISTERED.get(mode, KIND_DURAK) not in (KIND_DURAK,
                                                                          KIND_SUIT_DEAL)

__all__ = ["CHINESE", "CHUKHONSKY", "CRUSADERS", "DURAK", "HEAP", "KINDS",
           "KIND_DURAK", "KIND_PILE", "KIND_SUIT_DEAL", "KURUKURU", "MODES", "PILE_MODES",
           "POLISH", "REGISTERED", "SUIT_DEAL", "reads_pile_rules"]
