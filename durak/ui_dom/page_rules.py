"""Rule options the engine plays but the page's table cannot show yet (pure).

``inverted=on`` (l.149) needs a table that shows the human's own hand as card
backs chosen by position and the other hands face up; until the table does,
the settings panel lists the value disabled ("not implemented yet") and rules
arriving from the address or the saved settings with it are refused with a
notice, so nobody meets a table that cannot play them.
"""

from __future__ import annotations

from typing import Final

from durak.rules import Rules

#: Option values the page does not offer yet, though :class:`Rules` accepts them.
NOT_ON_PAGE: Final[dict[str, frozenset[str]]] = {
    "inverted": frozenset({"on"}),
}


def page_refusal(rules: Rules) -> str | None:
    """Why the page cannot play ``rules`` (None when it can).

    >>> page_refusal(Rules(inverted=True))
    'inverted=on is not implemented yet in the page (the engine plays it)'
    >>> page_refusal(Rules()) is None
    True
    """
    out = [f"{key}={rules.option_text(key)}" for key, values in NOT_ON_PAGE.items()
           if rules.option_text(key) in values]
    if not out:
        return None
    return f"{', '.join(out)} is not implemented yet in the page (the engine plays it)"
