"""The badge naming the rules in force, beside the page's title, for every game.

A player who opened a preset link, kept a match after changing the settings,
or came back to the bare address must see which rules the table plays without
opening a dialog: the badge (``#rules-badge``, a small button in the header
bar) names them — the preset ("mixi", "SdC Standard"), what changed rules came
from ("Podkidnoy (changed)"), a game of its own ("Heap") — and opens the rules
book of the game on the table: it presses the menu's ``#btn-rules``, so it
opens what that button opens (and a click before the menu's screens are
mounted is held with the menu's, :class:`cardkit.ui_dom.page_shell.HeldClicks`).

The page redraws it with the table (:class:`RulesBadge`): after a new match,
a link's match, a language switch; it is named anew only when the rules or the
language changed (the table redraws at every move), or the page started afresh in
place (:mod:`cardkit.ui_dom.page_reset`: the header it was in is the static frame's
again).  Everything reaches the page through ``textContent``/``setAttribute``.
"""

from __future__ import annotations

from typing import Any, Final, Generic, TypeVar

from cardkit.ui_dom.nodes import by_id, document, el, on
from cardkit.ui_dom.options_model import NamedRules, OptionsModel
from cardkit.ui_dom.page_reset import on_reset

BADGE_ID: Final = "rules-badge"


def _open_rules(_event: Any) -> None:
    button = by_id("btn-rules")
    if button:
        button.click()


def show_rules_badge(name: str, label: str) -> None:
    """Show ``name`` (the rules in force, in a few words) in the badge, made once;
    ``label`` is its accessible name, which starts with ``name`` (what is seen is
    what a speech-input user says) and says that it opens the rules."""
    node = by_id(BADGE_ID)
    if not node:  # (a missing node is ``null`` in the page, ``None`` here)
        heading = document().querySelector("header.bar h1")
        if not heading:
            return
        node = el("button", "btn small rules-badge", name, type="button", id=BADGE_ID)
        on(node, "click", _open_rules)
        heading.after(node)
    if str(node.textContent) != name:
        node.textContent = name
    node.setAttribute("aria-label", label)
    node.setAttribute("title", label)


R = TypeVar("R", bound=NamedRules)


class RulesBadge(Generic[R]):
    """The badge of one game's page: its rules named by the game's options model."""

    def __init__(self, model: OptionsModel[R, Any]) -> None:
        self.model = model
        self._shown: tuple[R, str] | None = None
        on_reset(self.forget)

    def forget(self) -> None:
        """The header holds no badge any more: the next :meth:`show` makes it."""
        self._shown = None

    def show(self, rules: R, lang: str) -> None:
        """Name ``rules`` (the rules of the game on the table) in ``lang``, the
        current language."""
        if self._shown is not None and self._shown == (rules, lang):
            return
        self._shown = (rules, lang)
        name = self.model.rules_name(rules)
        show_rules_badge(name, self.model.t("rules.badge", name=name))
