"""The rules dialog: the rules of the match in progress, in ja/en.

The menu's 「ルール」/"Rules" button (``#btn-rules``) opens a modal ``<dialog
id="rules">`` drawn from :func:`napoleon.rule_book.rule_book` for the current
match's rules, plus the options in effect (the preset and what differs from
it, with the settings screen's labels).  The dialog itself — modal, closed with
Escape or its close button, the focus given back to the menu button, the match
left exactly as it was — is the page shell's
(:class:`cardkit.ui_dom.rules_frame.RulesFrame`); what is Napoleon's is said
here: its rule book and its options paragraph.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardkit.rule_sections import Section
from cardkit.ui_dom.nodes import el
from cardkit.ui_dom.page_reset import on_reset
from cardkit.ui_dom.rules_frame import RulesFrame, RulesGame
from napoleon.rule_book import rule_book
from napoleon.rules import OPTION_BY_KEY, OPTIONS, PRESETS, Rules
from napoleon.ui_dom.i18n import language, t
from napoleon.ui_dom.settings_model import value_label

_rules_of: Callable[[], Rules] = Rules


@on_reset
def _forget() -> None:
    global _rules_of
    _rules_of = Rules


def _options() -> list[Any]:
    """The preset and the options that differ from it (the settings' labels)."""
    rules = _rules_of()
    text = rules.to_text()
    name = text.split("&")[0].removeprefix("preset=")
    box = el("section", "rules-section", None, data_section="options")
    box.append(el("h3", "", t("rules.options")))
    box.append(el("p", "", t("rules.preset", name=t(f"preset.{name}"))))
    diffs = rules.differences(PRESETS.get(name, Rules()))
    if not diffs:
        box.append(el("p", "", t("rules.no_changes")))
        return [box, _each_option()]
    box.append(el("p", "", t("rules.changes")))
    items = el("ul", "rules-items", None, id="rules-options")
    for key, value in diffs.items():
        spec = OPTION_BY_KEY[key]
        items.append(el("li", "", f"{t(f'opt.{key}')}: {value_label(spec, value)}",
                        data_option=key))
    box.append(items)
    return [box, _each_option()]


def _each_option() -> Any:
    """Every option with its value in force and what it means, each at the anchor
    ``rules-opt-<key>`` a settings row's "?" opens (:func:`explain`)."""
    rules = _rules_of()
    box = el("section", "rules-section", None, data_section="each-option")
    box.append(el("h3", "", t("rules.each_option")))
    items = el("ul", "rules-items", None, id="rules-each-option")
    values = rules.options()
    for spec in OPTIONS:
        value = values.get(spec.key, "")
        item = el("li", "", None, id=f"rules-opt-{spec.key}", tabindex="-1",
                  data_option=spec.key)
        item.append(el("strong", "", f"{t(f'opt.{spec.key}')}: {value_label(spec, value)}"))
        item.append(el("span", "", f" — {t(f'help.{spec.key}')}"))
        items.append(item)
    box.append(items)
    return box


def _sections() -> list[Section]:
    return rule_book(_rules_of(), language())


FRAME = RulesFrame(RulesGame(t=t, language=language, sections=_sections, extra=_options))


def render_rules() -> Any:
    """(Re)draw ``#rules`` for the current match's rules and language; returns it."""
    return FRAME.render()


def open_rules(_event: Any = None) -> None:
    """Open the rules dialog (modal) at its top, the close button focused."""
    FRAME.open()


def explain(option: str) -> None:
    """A settings row's "?": the rules dialog at that option's paragraph (what it
    means, and its value in the match on the table)."""
    FRAME.open(f"opt-{option}")


def mount_rules(rules_of: Callable[[], Rules]) -> None:
    """Wire ``#btn-rules``; ``rules_of`` gives the rules of the match in progress."""
    global _rules_of
    _rules_of = rules_of
    FRAME.mount()


__all__ = ["explain", "mount_rules", "open_rules", "render_rules"]
