"""The games Durak's page plays: the ordinary game and the post's other games.

The rules themselves — reading a text, merging the settings' changes, which rows
a mode shows — are the family's (:mod:`durak.family.options`, re-exported here
for the page's modules); each game's options, names and engine are its entry of
the registry (:data:`durak.family.registry.GAMES`).  What stays here is about the
page: :data:`PAGE_MODES`, the modes played from their own record with the rows
the settings add for them, and :func:`table_refusal`, what the page cannot play.
A new kind of engine also needs one entry of :data:`durak.ui_dom.kinds.KINDS`.

>>> sorted(PAGE_MODES["chinese"].options, key=lambda s: s.key)[0].key
'chinese_clear'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from cardkit.options import OptionSpec
from durak.family.modes import SUIT_DEAL, reads_pile_rules
from durak.family.options import (
    MODE_OPTIONS,
    RULE_OPTIONS,
    SHARED,
    FromRegistry,
    kind_of,
    make_rules,
    row_shown,
    rules_from_options,
    rules_from_text,
)
from durak.family.options import FamilyRules as TableRules
from durak.rules import Rules
from durak.ui_dom.page_rules import page_refusal


@dataclass(frozen=True)
class PageMode:
    """One mode other than ``durak`` the page plays from its own record: its engine's
    kind (:data:`durak.ui_dom.kinds.KINDS`) and its own options, in the settings'
    order (each shown only while the mode is chosen)."""

    kind: str
    options: tuple[OptionSpec, ...] = ()


#: The modes the page plays from their own record (the pile games), in the post's
#: order (§3.6), then any registered beside them, as the registry describes them
#: when read (a game registered as the page opens is among them).
PAGE_MODES: Final[Mapping[str, PageMode]] = FromRegistry(lambda games: {
    e.mode: PageMode(e.kind, tuple(o.spec for o in e.options))
    for e in games if reads_pile_rules(e.mode)
})


def table_refusal(rules: TableRules) -> str | None:
    """Why the page cannot play ``rules`` (None when it can)."""
    return page_refusal(rules) if isinstance(rules, Rules) else None


__all__ = ["MODE_OPTIONS", "PAGE_MODES", "RULE_OPTIONS", "SHARED", "SUIT_DEAL", "PageMode",
           "TableRules", "kind_of", "make_rules", "row_shown", "rules_from_options",
           "rules_from_text", "table_refusal"]
