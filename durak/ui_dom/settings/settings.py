"""Durak's settings: its registration with the shared panel, and the game menu.

The panel itself — the display choices at its top, applied as they are chosen,
【呼出】, one select per option of docs/rules/durak.md (values not built
yet shown but disabled), 【変更】 checked by the engine and applied at once
after asking when a game is in progress, the share link, the notices — is the
page shell's (:mod:`cardkit.ui_dom.settings_panel`); what is Durak's is said
here: its options' rows and presets (:mod:`durak.ui_dom.settings.settings_model`), its
display preferences, its saved-preferences resolver (:mod:`durak.ui_dom.settings.prefs`).

The game switch (``#btn-game``, a plain link in ``index.html`` so it works
before Python is up) leads to Napoleon, in the current language.
"""

from __future__ import annotations

from collections.abc import Callable

from cardkit.ui_dom.nodes import by_id
from cardkit.ui_dom.settings_panel import ANIM_ROW, LEVEL_ROW, PanelGame, page_panel
from durak.ui_dom import i18n
from durak.ui_dom.i18n import t
from durak.ui_dom.modes import TableRules, row_shown
from durak.ui_dom.settings.prefs import STORE, Prefs
from durak.ui_dom.settings.settings_model import MODEL

#: ``on_apply(prefs, new_game)``: the table takes the preferences (and deals anew).
OnApply = Callable[[Prefs, bool], None]


def napoleon_link(lang: str) -> str:
    """The game switch's target: the site's page without ``game`` (Napoleon), in ``lang``.

    Relative, so it works at a server's root and under a sub-path.

    >>> napoleon_link("en")
    './?lang=en'
    """
    return f"./?lang={lang}"


def show_game_menu(_lang: str = "") -> None:
    """``#btn-game`` leads to Napoleon in the current language (the table's code
    labels the page's title and heading)."""
    link = by_id("btn-game")
    if link:
        link.textContent = t("game.switch_to_napoleon")
        link.setAttribute("href", napoleon_link(i18n.language()))


def explain(option: str) -> None:
    """A "?" beside an option: the rules page at its paragraph, for the rules of the
    game on the table (:mod:`durak.ui_dom.rules.rules_view`, imported at the first "?")."""
    from durak.ui_dom.rules import rules_view

    rules_view.explain(PANEL.playing_rules(), option)


GAME: PanelGame[Prefs, TableRules] = PanelGame(
    words=i18n.WORDS,
    options=MODEL,
    display=(
        # After the language, applied at once: the look, then the opponents.
        ANIM_ROW,
        LEVEL_ROW,
    ),
    prefs=STORE,
    on_language=show_game_menu,
    explain=explain,
    row_shown=row_shown,
    # The family's game first among the rules (the presets listed are its own).
    lead=("mode",),
)

#: The page's preferences and what changes them (``PANEL.save_prefs``, …).
PANEL = page_panel(GAME, Prefs)


def mount_settings(
    on_apply: OnApply,
    prefs: Prefs | None = None,
    in_progress: Callable[[], bool] = lambda: False,
    playing_rules: Callable[[], TableRules] | None = None,
) -> None:
    """Wire ``#btn-settings`` to the panel (drawn only when it opens)."""
    PANEL.mount(on_apply, prefs, in_progress, playing_rules)
