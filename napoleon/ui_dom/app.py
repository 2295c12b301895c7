"""The page's entry point: deal, draw the first screen, set the readiness marker."""

from __future__ import annotations

import random
from urllib.parse import parse_qs

from napoleon.ui_dom import browser
from napoleon.ui_dom.first_screen import deal_hands, table_view


def seed_from_query(query: str) -> int | None:
    """The deal number asked for by ``?seed=N`` in the page's URL, if any.

    >>> seed_from_query("?seed=42")
    42
    >>> seed_from_query("?seed=x") is None
    True
    """
    values = parse_qs(query.removeprefix("?")).get("seed", [])
    if values and values[0].isdigit():
        return int(values[0])
    return None


def main() -> None:
    """Deal (``?seed=N`` reproduces a deal) and draw it into the static frame."""
    window = browser.window()
    seed = seed_from_query(str(window.location.search))
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 32)
    view = table_view(deal_hands(random.Random(seed)))
    document = window.document
    table = document.getElementById("table")
    table.querySelector(".seats-top").innerHTML = view.top
    table.querySelector(".centre").innerHTML = view.centre
    table.querySelector(".seat-you").innerHTML = view.you
    status = document.getElementById("status")
    status.textContent = f"Deal #{seed}"
    status.dataset.seed = str(seed)
    browser.mark_ready()
