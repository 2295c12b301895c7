"""The 譜 as the page writes it: seat names, suit symbols, language, its ``<pre>``.

Shared by the record screen (:mod:`napoleon.ui_dom.record_view`) and the
table's end-of-game record (:mod:`napoleon.ui_dom.scene`, :mod:`napoleon.ui_dom.table`);
imported only once a game has ended (it needs the record writer's tables).
"""

from __future__ import annotations

from typing import Any

from cardkit.ui_dom import browser
from cardkit.ui_dom.nodes import by_id, el
from cardkit.ui_dom.pass_play import Handover
from napoleon.record import Symbols
from napoleon.record_text import AMBIGUOUS_CELLS, Lang, cell_runs
from napoleon.ui_dom.i18n import language, t
from napoleon.ui_dom.prefs import Prefs


def seat_names(players: int, people: Handover | None = None) -> list[str]:
    """Seat 0 is the human; the others are the computers.  At pass-and-play
    (``people``) every person is called by their name, whoever holds the device
    when the game ends."""
    if people is not None and people.active:
        return [people.name(s, t) if people.is_human(s) else t("record.cpu", n=s)
                for s in range(players)]
    return [t("record.you")] + [t("record.cpu", n=i) for i in range(1, players)]


def symbols_of_style(suit_style: str) -> Symbols:
    """The record's suit symbols: SdC's ▲▽◇★ with the element colours, else ♠♥♦♣."""
    return "record" if suit_style == "elements" else "cards"


def symbols_for(prefs: Prefs) -> Symbols:
    return symbols_of_style(prefs.suit_style)


def record_lang() -> Lang:
    """The 譜 is written in the page's language: SdC's format in Japanese, ours in English."""
    return "en" if language() == "en" else "ja"


def marks_key(lang: Lang) -> str:
    """The key to the trick table's marks, shown under the 譜: the Japanese 譜 keeps
    SdC's format (its marks → ○ ◎ are not explained inside it, so a pasted 譜 is
    SdC's), the English one explains its own marks in its text (nothing to add).

    >>> marks_key("en")
    ''
    """
    return t("record.marks") if lang == "ja" else ""


def marks_key_el(node_id: str) -> Any:
    """``<p class="record-key">`` with :func:`marks_key` in the record's language
    (hidden when there is nothing to say)."""
    text = marks_key(record_lang())
    return el("p", "record-key", text, id=node_id, lang=record_lang(), hidden=not text)


def record_text_el(text: str, node_id: str, **attrs: object) -> Any:
    """A ``<pre class="record-text">`` holding ``text`` (its ``textContent`` is exactly
    ``text``, which the copy button copies), ``lang`` set to the record's language.

    The columns are padded by display width (:mod:`napoleon.record_text`); to make the
    browser draw them at the width they were counted with, whatever font it falls back
    to, every character that is not ASCII sits in an inline box of exactly its cells
    (``.cw1``/``.cw2``: 1ch or 2ch wide, style in dialogs.css).  The same text in the
    same language gives back the node already drawn (the table redraws often).
    """
    lang = record_lang()
    key = f"{lang}:{len(text)}:{hash(text)}"
    old = by_id(node_id)
    if old and old.getAttribute("data-key") == key:
        return old
    pre = el("pre", "record-text", None, id=node_id, lang=lang, data_key=key, **attrs)
    ambiguous = AMBIGUOUS_CELLS[lang]
    doc = browser.window().document
    for run, width in cell_runs(text, ambiguous):
        if width:
            pre.append(el("span", f"cw{width}", run))
        else:
            pre.append(doc.createTextNode(run))
    return pre
