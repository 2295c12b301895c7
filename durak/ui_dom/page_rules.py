"""Rule options the engine plays but the page's table cannot show yet (pure).

A value listed in :data:`NOT_ON_PAGE` is shown disabled in the settings panel
("not implemented yet"), and rules arriving from the address, the saved
settings or a saved match with it are refused with a notice, so nobody meets a
table that cannot play them.  ``inverted=on`` (docs/rules/durak.md §3.5), once listed here, is drawn
by :func:`durak.ui_dom.table.table.blind_spec`.
"""

from __future__ import annotations

from typing import Final

from durak.rules import Rules

#: Option values the page does not offer yet, though :class:`Rules` accepts them:
#: none since the suit deal (§3.6) has a table of its own.
NOT_ON_PAGE: Final[dict[str, frozenset[str]]] = {}


def page_refusal(rules: Rules) -> str | None:
    """Why the page cannot play ``rules`` (None when it can).

    >>> page_refusal(Rules(inverted=True)) is None
    True
    """
    out = [f"{key}={rules.option_text(key)}" for key, values in NOT_ON_PAGE.items()
           if rules.option_text(key) in values]
    if not out:
        return None
    return f"{', '.join(out)} is not implemented yet in the page (the engine plays it)"
