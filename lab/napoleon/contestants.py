"""The arena's contestants by name, and the settings every arena mode shares.

:func:`make_player` turns a name (``baseline``/``timid``, ``bold``, ``book``,
``random``, a level, a level's version ``strong:field=value``, ``oracle``)
into a player; :mod:`lab.napoleon.arena` (duplicate deals) and
:mod:`lab.napoleon.arena_match` (mixed matches) both build their players here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from lab.napoleon.references import BoldPlayer, BookPlayer, RandomStylePlayer, draw_style
from lab.napoleon.report import ROLES
from lab.napoleon.variants import parse_variant
from napoleon.ai.base import Player
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.levels import LEVELS
from napoleon.ai.oracle import OraclePlayer
from napoleon.ai.strong import StrongPlayer

Contestant = Player | OraclePlayer


@dataclass(frozen=True)
class ArenaConfig:
    rules_text: str
    tests: tuple[str, ...]
    reference: str
    start: int
    worlds: int | None = None
    bid_samples: int | None = None
    contract_worlds: int | None = None
    infer_factor: int | None = None
    role_fixed: bool = False
    roles: tuple[str, ...] = ROLES
    #: with ``role_fixed``: play the duplicate deal too (``--references``)
    duplicate_too: bool = False


#: Rule-based contestants by name (the levels, the random style and the oracle come on top).
RULE_BASED: dict[str, type[BaselinePlayer] | type[BoldPlayer] | type[BookPlayer]] = {
    "baseline": BaselinePlayer,
    "timid": BaselinePlayer,
    "bold": BoldPlayer,
    "book": BookPlayer,
}
#: Every name ``--test``, ``--reference``, ``--references`` and ``--mix`` accept.
PLAYER_NAMES = ("baseline", "timid", "bold", "book", "random", *LEVELS, "oracle")


class UnknownPlayerError(ValueError):
    """A contestant name the arena does not know."""


def make_player(name: str, cfg: ArenaConfig, style_seed: int | str = 0) -> Contestant:
    """A contestant by name (:data:`PLAYER_NAMES`; a level's budgets may be
    overridden); ``random`` draws its style from ``style_seed`` (one per match)."""
    if name == "oracle":
        return OraclePlayer()
    if name == "random":
        return RandomStylePlayer(draw_style(style_seed))
    if name in RULE_BASED:
        return RULE_BASED[name]()
    if ":" in name:
        p: Player = parse_variant(name)
    elif name in LEVELS:
        p = LEVELS[name]
    else:
        raise UnknownPlayerError(
            f"unknown player {name!r}: expected one of {', '.join(PLAYER_NAMES)}"
        )
    if isinstance(p, StrongPlayer):
        return replace(
            p,
            worlds=cfg.worlds or p.worlds,
            bid_samples=cfg.bid_samples or p.bid_samples,
            contract_worlds=cfg.contract_worlds or p.contract_worlds,
            infer_factor=cfg.infer_factor or p.infer_factor,
        )
    return p
