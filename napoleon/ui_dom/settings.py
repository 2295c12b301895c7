"""Napoleon's settings (設定: the display group, then SdC's ルール変更): its
registration with the shared panel.

The panel itself — the display choices applied as they are chosen, 【呼出】 loads
a preset (記憶 = the saved rules), one select per rule option, 【変更】 checked by
the engine and applied at once (new rules start a new match), the share link,
the notices — is the page shell's (:mod:`cardkit.ui_dom.settings_panel`); what is
Napoleon's is said here: its options' rows and presets
(:mod:`napoleon.ui_dom.settings_model`), its display preferences (suits, undo and
going on by itself besides the shell's), its saved-preferences resolver
(:mod:`napoleon.ui_dom.prefs`).
"""

from __future__ import annotations

from collections.abc import Callable

from cardkit.ui_dom.settings_panel import ANIM_ROW, LEVEL_ROW, DisplayRow, PanelGame, page_panel
from napoleon.rules import Rules
from napoleon.ui_dom import i18n
from napoleon.ui_dom.prefs import AUTO_NEXTS, STORE, SUIT_STYLES, UNDOS, Prefs
from napoleon.ui_dom.settings_model import MODEL, value_label

__all__ = ["GAME", "PANEL", "Prefs", "mount_settings", "value_label"]


def explain(option: str) -> None:
    """A settings row's "?" (a button: a tap or a key reaches it, unlike a tooltip):
    the rules dialog at that option's paragraph (:func:`napoleon.ui_dom.rules_page.explain`,
    imported at the first "?")."""
    from napoleon.ui_dom import rules_page

    rules_page.explain(option)


GAME: PanelGame[Prefs, Rules] = PanelGame(
    words=i18n.WORDS,
    options=MODEL,
    # After the language, applied at once: how the table looks and moves first
    # (going on by itself beside the animation's pace), then the opponents' level
    # and whether undo is offered.
    display=(
        ANIM_ROW,
        DisplayRow("auto_next", "auto", AUTO_NEXTS),
        DisplayRow("suit_style", "suits", SUIT_STYLES),
        LEVEL_ROW,
        DisplayRow("undo", "undo", UNDOS),
    ),
    prefs=STORE,
    explain=explain,
)

#: The page's preferences and what changes them (``PANEL.save_prefs``, …).
PANEL = page_panel(GAME, Prefs)


def mount_settings(
    on_apply: Callable[[Prefs, bool], None],
    prefs: Prefs | None = None,
    playing_rules: Callable[[], Rules] | None = None,
) -> None:
    """Draw the panel (hidden) and wire ``#btn-settings`` to it.

    Napoleon mounts its menu after the human's first decision, so the form is
    drawn at once there (a test, or a quick player, finds it ready).
    ``on_apply(prefs, new_game)`` after 【変更】 saved valid preferences, and after each
    display choice (``new_game`` false); the panel never asks first: the table does,
    only when new rules would replace a match the human has played in
    (``App.on_settings``).
    """
    PANEL.mount(on_apply, prefs, playing_rules=playing_rules)
    PANEL.render()
