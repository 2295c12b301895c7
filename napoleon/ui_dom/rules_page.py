"""The rules dialog (issue 16): the rules of the match in progress, in ja/en.

The menu's 「ルール」/"Rules" button (``#btn-rules``) opens a modal ``<dialog
id="rules">`` drawn from :func:`napoleon.rule_book.rule_book` for the current
match's rules, plus the options in effect (the preset and what differs from
it, with the settings screen's labels).  A modal dialog keeps the focus inside,
closes with Escape or its close button, gives the focus back to the menu
button, and leaves the match exactly as it was (it only reads the rules).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardkit.ui_dom.nodes import by_id, document, el, on
from napoleon.rule_book import Section, rule_book
from napoleon.rules import OPTION_BY_KEY, PRESETS, Rules
from napoleon.ui_dom.i18n import language, t
from napoleon.ui_dom.settings_model import value_label

_rules_of: Callable[[], Rules] = Rules


def _section(s: Section) -> Any:
    box = el("section", "rules-section", None, data_section=s.key)
    box.append(el("h3", "", s.title))
    if s.lead:
        box.append(el("p", "", s.lead))
    items = el("ol" if s.ordered else "ul", "rules-items",
               None, id="rules-trick-order" if s.key == "tricks" else None)
    for text in s.items:
        items.append(el("li", "", text))
    box.append(items)
    for text in s.notes:
        box.append(el("p", "rules-note", text))
    if s.table:
        table = el("table", "rules-table", None, id=f"rules-{s.key}-table")
        head = el("tr")
        for cell in s.table[0]:
            head.append(el("th", "", cell, scope="col"))
        table.append(head)
        for row in s.table[1:]:
            tr = el("tr")
            tr.append(el("th", "", row[0], scope="row"))
            for cell in row[1:]:
                tr.append(el("td", "", cell))
            table.append(tr)
        wrap = el("div", "rules-table-wrap")  # scrolls sideways on a phone
        wrap.append(table)
        box.append(wrap)
    return box


def _options(rules: Rules) -> Any:
    """The preset and the options that differ from it (the settings' labels)."""
    text = rules.to_text()
    name = text.split("&")[0].removeprefix("preset=")
    box = el("section", "rules-section", None, data_section="options")
    box.append(el("h3", "", t("rules.options")))
    box.append(el("p", "", t("rules.preset", name=t(f"preset.{name}"))))
    diffs = rules.differences(PRESETS.get(name, Rules()))
    if not diffs:
        box.append(el("p", "", t("rules.no_changes")))
        return box
    box.append(el("p", "", t("rules.changes")))
    items = el("ul", "rules-items", None, id="rules-options")
    for key, value in diffs.items():
        spec = OPTION_BY_KEY[key]
        items.append(el("li", "", f"{t(f'opt.{key}')}: {value_label(spec, value)}",
                        data_option=key))
    box.append(items)
    return box


def render_rules() -> Any:
    """(Re)draw ``#rules`` for the current match's rules and language; returns it."""
    dialog = by_id("rules")
    if not dialog:  # a missing element is a falsy JsNull in Pyodide
        dialog = el("dialog", "rules-dialog", None, id="rules")
        dialog.setAttribute("aria-labelledby", "rules-title")
        document().body.append(dialog)
        on(dialog, "close", _on_close)
    rules = _rules_of()
    lang = language()
    dialog.setAttribute("lang", lang)
    head = el("div", "rules-head")
    head.append(el("h2", "rules-title", t("rules.title"), id="rules-title"))
    close = el("button", "btn", t("rules.close"), type="button", id="rules-close")
    on(close, "click", lambda _e: dialog.close())
    head.append(close)
    children = [head, el("p", "rules-hint", t("rules.shortcut"))]
    children.extend(_section(s) for s in rule_book(rules, lang))
    children.append(_options(rules))
    dialog.replaceChildren(*children)
    return dialog


def open_rules(_event: Any = None) -> None:
    """Open the rules dialog (modal) at its top, the close button focused."""
    dialog = render_rules()
    if not dialog.open:
        dialog.showModal()
    dialog.scrollTop = 0
    close = by_id("rules-close")
    if close:
        close.focus()


def _on_close(_event: Any) -> None:
    button = by_id("btn-rules")
    if button:
        button.focus()


def mount_rules(rules_of: Callable[[], Rules]) -> None:
    """Wire ``#btn-rules``; ``rules_of`` gives the rules of the match in progress."""
    global _rules_of
    _rules_of = rules_of
    button = by_id("btn-rules")
    if button:
        on(button, "click", open_rules)


__all__ = ["mount_rules", "open_rules", "render_rules"]
