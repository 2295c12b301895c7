"""The Durak hint's answer in the player's words (pure: testable without a browser).

The worker answers :meth:`durak.ai.hint.Hint.to_dict` as JSON: the action's record
text, the reason's kind and arguments (cards as record text), the strong
computer's estimate.  Everything here reads that answer as data nobody vouches
for: a field of the wrong type or an unknown kind words as nothing (or the
plain "best in the playouts" phrase), never as an error.
"""

from __future__ import annotations

from typing import Any

from cardkit.ui_dom.hint_frame import plain_tenths, share_of
from durak import actions
from durak.ai.hint import KINDS
from durak.cards import CardTextError, cards_of, parse_card, parse_hand
from durak.ui_dom.i18n import t
from durak.ui_dom.table.card_words import card_name
from durak.ui_dom.table.strings_actions import BY_KEY

#: The reason's arguments that name one card, and the one that names several.
CARD_ARGS = ("card", "target", "keeps")
CARDS_ARG = "cards"

#: Actions without cards: the action's type name → its entry in the catalog of action
#: names (:data:`durak.ui_dom.table.strings_actions.ACTIONS`).  The hint names such a move by
#: the very words on its button, so "Hint: Take" points at the button reading "Take".
PLAIN = {"Take": "take", "Pass": "pass", "SwapSix": "swap_six", "FromTalon": "talon",
         "Double": "double", "Accept": "accept", "Fold": "fold", "Challenge": "challenge"}


def names(mask: int) -> str:
    return t("hint.sep").join(card_name(c) for c in cards_of(mask))


def action_of(answer: dict[str, Any]) -> actions.Action | None:
    """The answer's action, or ``None`` when it names none."""
    text = answer.get("action")
    if type(text) is not str or len(text) > 500:
        return None
    try:
        return actions.parse_action(text)
    except actions.ActionTextError:
        return None


def action_words(a: actions.Action) -> str:
    """The hinted action in the imperative: 「ハートの7で攻撃」, "attack with 7 of hearts"."""
    if isinstance(a, actions.Cover):
        return t("hact.cover", card=card_name(a.card), target=card_name(a.target))
    if isinstance(a, actions.Baltic):
        return t("hact.baltic", card=card_name(a.card), target=card_name(a.target),
                 extra=names(a.extra))
    if isinstance(a, actions.Throw):
        return t("hact.throw", card=card_name(a.card))
    if isinstance(a, actions.Transfer):
        return t("hact.show" if a.shown else "hact.transfer", cards=names(a.cards))
    if isinstance(a, actions.TryTalon):
        return t("hact.try", card=card_name(a.target))
    if isinstance(a, actions.PlaySlot):
        return t("hact.slot", n=a.slot + 1)
    if isinstance(a, actions.CoverSlot):
        return t("hact.cover_slot", n=a.slot + 1, target=card_name(a.target))
    if isinstance(a, actions.PokerSwap):
        return t("hact.poker", cards=names(a.cards))
    if isinstance(a, actions.Attack):
        return t("hact.attack", cards=names(a.cards))
    return t(BY_KEY[PLAIN.get(type(a).__name__, "pass")].button_key)


def reason_words(reason: object) -> str:
    """The reason's phrase with its cards named, or ``""`` for one that does not read."""
    if type(reason) is not dict:
        return ""
    kind, args = reason.get("kind"), reason.get("args", {})
    if type(kind) is not str or kind not in KINDS or type(args) is not dict:
        return ""
    fields: dict[str, object] = {}
    try:
        for key, value in args.items():
            if key in CARD_ARGS and type(value) is str:
                fields[key] = card_name(parse_card(value))
            elif key == CARDS_ARG and type(value) is str:
                fields[key] = names(parse_hand(value))
            elif type(value) is int:
                fields[key] = value
    except CardTextError:
        return ""
    text = t(f"why.{kind}", **fields)
    return text[:1].upper() + text[1:]  # a sentence (the English phrases start small)


def figures_words(chance: object) -> str:
    """The strong computer's estimate in words, or ``""`` without one."""
    if type(chance) is not float or not 0 <= chance <= 1:
        return ""
    return t("hint.figures", pct=round(100 * chance))


def plain_chance(chance: object) -> str:
    """The chance of not being the durak as a player says it: "about 6 times in 10",
    "almost every time", or the best of a bad position; ``""`` without a chance.
    Tenths are what a player can weigh; the percentages stay behind a tap."""
    return plain_tenths(chance, t)


def chance_words(option: dict[str, Any], near: bool) -> str:
    """An option's chance of not being the durak: ``55%``, or ``about 55% ± 4`` when
    ``near`` (within the search's noise of another)."""
    chance, se = share_of(option.get("chance")), share_of(option.get("se"))
    if chance is None:
        return ""
    pct = round(100 * chance)
    if near and se is not None:
        return t("hint.pct_near", pct=pct, se=round(100 * se))
    return t("hint.pct", pct=pct)


def options_of(answer: dict[str, Any]) -> list[dict[str, Any]]:
    """The answer's options (dicts with an ``action``), the hinted one first."""
    opts = answer.get("options")
    if type(opts) is not list:
        return []
    return [o for o in opts if type(o) is dict and type(o.get("action")) is str]


def best_chance(answer: dict[str, Any]) -> object:
    """The hinted move's chance of not being the durak (the first option's, or the
    answer's own estimate when it lists no options)."""
    opts = options_of(answer)
    return opts[0].get("chance") if opts else answer.get("chance")


def ranked_words(answer: dict[str, Any]) -> tuple[str, list[str], bool]:
    """The hint's figures as the search ranked them: the hinted move's line (the figure
    it ranks by first), each other option's, and whether any is within the noise
    (the page then keys "about").  An answer without options: the old estimate line."""
    opts = options_of(answer)
    figure = answer.get("figure")
    if not opts or figure not in ("share", "chance"):
        return figures_words(answer.get("chance")), [], False
    close = any(o.get("close") is True for o in opts[1:])
    best = opts[0]
    chance = chance_words(best, close)
    share = share_of(best.get("share"))
    if figure == "share" and share is not None:
        head = t("hint.share", share=round(100 * share), chance=chance)
    else:
        head = t("hint.chance_first", chance=chance)
    lines = []
    for o in opts[1:]:
        a = action_of({"action": o["action"]})
        words = action_words(a) if a is not None else o["action"]
        c = chance_words(o, o.get("close") is True)
        s = share_of(o.get("share"))
        if figure == "share" and s is not None:
            lines.append(t("hint.opt_share", action=words, share=round(100 * s), chance=c))
        else:
            lines.append(t("hint.opt_chance", action=words, chance=c))
    return head, lines, close
