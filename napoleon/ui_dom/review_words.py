"""The hint's and the review's figures in words (pure: testable without a browser).

The worker answers with action texts (``"play SA"``), reason codes and numbers
(:mod:`napoleon.ai.review`); these functions say them in the page's language.
"""

from __future__ import annotations

from typing import Any

from cardkit.ui_dom.hint_frame import plain_tenths
from napoleon.actions import ActionTextError, Bid, Call, Change, Discard, Pass, Play, parse_action
from napoleon.cards import sorted_cards
from napoleon.ui_dom.card_words import bid_text, card_name, suit_word
from napoleon.ui_dom.i18n import t


def action_words(text: str, style: str = "symbols") -> str:
    """``"bid 13 S"`` → 「♠13でビッド」/"bid ♠13"; an unreadable text is shown as it is."""
    try:
        a = parse_action(text)
    except ActionTextError:
        return text
    if isinstance(a, Pass):
        return t("act.pass")
    if isinstance(a, Bid):
        return t("act.bid", bid=bid_text(a, style))
    if isinstance(a, Call):
        return t("act.call", card=card_name(a.card))
    if isinstance(a, Discard):
        # 「♠2・♣4を捨てる」, "discard 2 of Spades, 4 of Clubs": each language's separator.
        sep = t("act.card_sep")
        return t("act.discard", cards=sep.join(card_name(c) for c in sorted_cards(a.cards)))
    if isinstance(a, Change):
        return t("act.change", suit=suit_word(a.trump), card=card_name(a.called))
    if isinstance(a, Play) and a.suit is not None:
        return t("act.play_named", card=card_name(a.card), suit=suit_word(a.suit))
    return t("act.play", card=card_name(a.card))


def action_short(text: str, style: str = "symbols") -> str:
    """The action in as few words as a list needs: 「♠13」, 「パス」, a card's name.

    >>> action_short("bid 13 S")
    '♠13'
    """
    try:
        a = parse_action(text)
    except ActionTextError:
        return text
    if isinstance(a, Bid):
        return bid_text(a, style)
    if isinstance(a, Call):
        return card_name(a.card)
    if isinstance(a, Play) and a.suit is None:
        return card_name(a.card)
    return action_words(text, style)


def reason_words(reason: dict[str, Any]) -> str:
    """A reason code and its arguments (:class:`napoleon.ai.reasons.Reason`) in words."""
    code = str(reason.get("code", "best"))
    args = reason.get("args") or {}
    fmt: dict[str, object] = {}
    for key, value in args.items():
        if not isinstance(value, int):
            continue
        if key == "card":
            fmt[key] = card_name(value)
        elif key == "suit":
            fmt[key] = suit_word(None if value < 0 else value)
        else:
            fmt[key] = value
    return t(f"why.{code}", **fmt)


def points_words(option: dict[str, Any], about: bool = False) -> str:
    """The expected points, the figure the options are ranked by: 「+1.2点」/"+1.2 pts";
    「約+0.9±0.3点」/"about +0.9 ± 0.3 pts" for an option within the sampling's noise of
    the best (``near``: ± is the standard error of its difference from the best), and
    「約+1.2点」 for the best itself when another option is (``about``)."""
    value = option.get("value")
    if not isinstance(value, (int, float)):
        return ""
    pts = f"{value:+.1f}".replace("-", "−")
    loss = option.get("loss")
    se = option.get("loss_se")
    near = bool(option.get("near")) and isinstance(loss, (int, float)) and loss > 0
    if near and isinstance(se, (int, float)):
        return t("hint.points_near", pts=pts, se=f"{se:.1f}")
    return t("hint.points_about" if about or near else "hint.points", pts=pts)


def about_best(options: list[dict[str, Any]]) -> bool:
    """Whether another option than the first is within the sampling's noise of it."""
    return any(o.get("near") and (o.get("loss") or 0) > 0 for o in options[1:])


def figures_words(option: dict[str, Any], about: bool = False) -> str:
    """「+1.2点・勝率62%・旗札12.3枚」/"+1.2 pts, wins 62%, 12.3 honors": the expected
    points first (:func:`points_words`), then the chance and the honors."""
    parts = []
    points = points_words(option, about)
    if points:
        parts.append(points)
    win = option.get("win")
    if isinstance(win, (int, float)):
        parts.append(t("hint.win", pct=round(100 * win)))
    honors = option.get("honors")
    if isinstance(honors, (int, float)):
        parts.append(t("hint.honors", n=f"{honors:.1f}"))
    return t("hint.sep").join(parts)


def plain_words(option: dict[str, Any]) -> str:
    """The option's chance of winning as a player says it: "about 6 times in 10",
    "almost every time", or the points saved where winning is unlikely; ``""``
    without a chance.  Tenths are what a player weighs; the figures stay a tap away."""
    return plain_tenths(option.get("win"), t)


def cost_key(decision: dict[str, Any]) -> tuple[float, float, int]:
    """How the page ranks reviewed decisions: as :func:`napoleon.ai.review.costliest`.

    >>> cost_key({"cost": 1.5, "honors_lost": 2.0, "index": 7})
    (-1.5, -2.0, 7)
    """
    return (-float(decision.get("cost") or 0), -float(decision.get("honors_lost") or 0),
            int(decision.get("index") or 0))


def is_costly(decision: dict[str, Any]) -> bool:
    return float(decision.get("cost") or 0) > 0 or float(decision.get("honors_lost") or 0) > 0


def cost_words(decision: dict[str, Any]) -> str:
    """「−1.4点・旗札−0.9」: what a reviewed decision cost against the strong computer."""
    pts = f"{float(decision.get('cost') or 0):.1f}"
    honors = float(decision.get("honors_lost") or 0)
    if honors > 0:
        return t("review.cost_honors", pts=pts, honors=f"{honors:.1f}")
    return t("review.cost", pts=pts)


def where_words(decision: dict[str, Any]) -> str:
    """Where a decision was made: 「ビッド」, 「第3巡」 ..."""
    phase = str(decision.get("phase", ""))
    if phase == "play":
        return t("review.where_trick", n=int(decision.get("trick", 0)) + 1)
    return t(f"review.where_{phase}")
