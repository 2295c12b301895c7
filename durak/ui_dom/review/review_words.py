"""The review's words (pure Python): a reviewed decision and the record's bouts, in the
page's language.

The worker's review (:func:`durak.ai.review.review_step_json`) answers actions in the
engine's text form (``cover 9C 7C``) and chances as fractions; these read them in
words (``cover 7♣ with 9♣``, ``40% → 55%``).  Anything the worker or a record says that
these do not know is shown as written, never a crash.

>>> action_words("cover 9C 7C", "en")
'cover 7♣ with 9♣'
>>> chance_words({"before": 0.4, "after": 0.55}, "en")
"Chance of not being the durak: 40% after your move, 55% after the strong computer's"
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from durak.actions import (
    ActionTextError,
    Attack,
    Baltic,
    Cover,
    PokerSwap,
    Throw,
    Transfer,
    TryTalon,
    parse_action,
)
from durak.cards import card_label, cards_of
from durak.ui_dom.hint.hint_words import PLAIN
from durak.ui_dom.i18n import tr
from durak.ui_dom.record.record_words import lines


def _cards(mask: int) -> str:
    return " ".join(card_label(c) for c in cards_of(mask))


def action_words(text: object, lang: str) -> str:
    """An action's text (:func:`durak.actions.action_text`) in words."""
    if not isinstance(text, str):
        return "?"
    try:
        a = parse_action(text[:200])
    except ActionTextError:
        return tr(lang, "act.other", text=text[:60])
    if isinstance(a, Attack):
        return tr(lang, "act.attack", cards=_cards(a.cards))
    if isinstance(a, Cover):
        return tr(lang, "act.cover", card=card_label(a.card), target=card_label(a.target))
    if isinstance(a, Baltic):
        return tr(lang, "act.baltic", card=card_label(a.card), target=card_label(a.target),
                  extra=_cards(a.extra))
    if isinstance(a, Transfer):
        return tr(lang, "act.show" if a.shown else "act.transfer", cards=_cards(a.cards))
    if isinstance(a, Throw):
        return tr(lang, "act.throw", card=card_label(a.card))
    if isinstance(a, TryTalon):
        return tr(lang, "act.try", card=card_label(a.target))
    if isinstance(a, PokerSwap):
        return tr(lang, "act.poker", cards=_cards(a.cards))
    plain = PLAIN.get(type(a).__name__)
    if plain is not None:  # a button's action: the catalog's words (strings_actions)
        return tr(lang, f"act.{plain}")
    return tr(lang, "act.other", text=text[:60])


def percent(value: object) -> int:
    """A chance (0..1) as a whole percentage; anything else is 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return 0
    return round(max(0.0, min(1.0, float(value))) * 100)


def chance_words(d: dict[str, Any], lang: str) -> str:
    """``Chance of not being the durak: 40% after your move, 55% after the strong
    computer's``: what is measured, after the action taken and after the strong choice;
    at pass-and-play the move is the person's who took it, by name (the decision's
    ``who``, as :func:`cardkit.ui_dom.review_frame.said_by` reads it).

    >>> chance_words({"before": 0.4, "after": 0.55, "who": "Aki"}, "en")
    "Chance of not being the durak: 40% after Aki's move, 55% after the strong computer's"
    """
    figures = {"before": percent(d.get("before")), "after": percent(d.get("after"))}
    who = d.get("who")
    if isinstance(who, str) and who:
        return tr(lang, "review.chance_person", name=who, **figures)
    return tr(lang, "review.chance", **figures)


def is_costly(d: dict[str, Any]) -> bool:
    return d.get("costly") is True


def cost_key(d: dict[str, Any]) -> tuple[float, int]:
    """The costliest first (the largest gain missed), then in the game's order."""
    gain = percent(d.get("after")) - percent(d.get("before"))
    index = d.get("index")
    return -gain, index if isinstance(index, int) else 0


def bout_lines(record_text: str, names: Sequence[str], lang: str) -> list[list[tuple[str, str]]]:
    """The record's words grouped by bout (:func:`durak.ui_dom.record.record_words.lines`): the
    lines before the first bout go with it, the refills and outs after a bout with that
    bout, the end with the last."""
    groups: list[list[tuple[str, str]]] = []
    before: list[tuple[str, str]] = []
    for kind, line in lines(record_text, names, lang):
        if kind == "bout":
            groups.append([*before, (kind, line)])
            before = []
        elif groups:
            groups[-1].append((kind, line))
        else:
            before.append((kind, line))
    if before:
        groups.append(before)
    return groups


__all__ = ["action_words", "bout_lines", "chance_words", "cost_key", "is_costly", "percent"]
