"""``mode=suit_deal``'s side of the hint (:class:`durak.ui_dom.hint.hint_view.HintSide`).

In the dealing, the worker's hint of the game
(:data:`~durak.ui_dom.hint.hint_view.HINT_EXPORT`: :func:`durak.suit_deal.ai.deal_hint`)
ranks the human's choices — which table
card the turned card takes — as the strong level does (the higher card taken,
its rank the figure), and the table card to click is marked ``.hinted``.  Once
the play is on the table, the hint is the ordinary game's
(:class:`durak.ui_dom.hint.hint_view.OrdinaryHint` on the play's driver).
"""

from __future__ import annotations

import json
from typing import Any

from cardkit.ui_dom.hint_frame import HINT_SALT, hinted
from cardkit.ui_dom.nodes import document, el
from cardkit.ui_dom.turn_loop import ai_seed
from durak.cards import Card, card_text, parse_card
from durak.suit_deal.deal_phase import TakeWith, parse_take
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.suit_deal.ui_dom.guest_controller import SuitDealTable
from durak.ui_dom.hint.hint_view import OrdinaryHint, hint_box
from durak.ui_dom.i18n import t
from durak.ui_dom.table.card_words import card_name


def read_deal_answer(answer: dict[str, Any]) -> tuple[TakeWith, str, dict[str, Card], int] | None:
    """The dealing hint's move, reason kind, cards and the count of choices ranked, or
    ``None`` for an answer that does not read (nobody vouches for it)."""
    text, reason, ranked = answer.get("action"), answer.get("reason"), answer.get("ranked")
    if type(text) is not str or len(text) > 4 or type(reason) is not dict:
        return None
    if type(ranked) is not list or not 1 <= len(ranked) <= 36:
        return None
    kind, args = reason.get("kind"), reason.get("args")
    if kind not in ("only", "deal_highest") or type(args) is not dict or len(args) > 3:
        return None
    try:
        move = parse_take(text)
        cards = {str(k): parse_card(v) for k, v in args.items() if type(v) is str and v}
    except ValueError:
        return None
    if not 0 <= move.target < 36 or any(not 0 <= c < 36 for c in cards.values()):
        return None
    return move, str(kind), cards, len(ranked)


class SuitDealHintSide:
    """The dealing's hint here; the play's is the ordinary game's."""

    def __init__(self) -> None:
        self.play = OrdinaryHint()

    def position_key(self, ctrl: SuitDealTable) -> str:
        if isinstance(ctrl, SuitDealController) and ctrl.table is not None:
            return "play." + self.play.position_key(ctrl.table)
        return f"{id(ctrl)}.{ctrl.number}.deal.{ctrl.shown}.{hash(ctrl.deal_view().steps)}"

    def request(self, ctrl: SuitDealTable) -> tuple[str, str, int]:
        if isinstance(ctrl, SuitDealController) and ctrl.table is not None:
            return self.play.request(ctrl.table)
        seed = ai_seed(ctrl.match_seed, ctrl.number, ctrl.shown) ^ HINT_SALT
        view = json.dumps(ctrl.deal_view().to_dict(), separators=(",", ":"))
        return ctrl.rules.mode, view, seed

    @staticmethod
    def dealing(answer: dict[str, Any]) -> bool:
        action = answer.get("action")
        return type(action) is str and action.startswith("=")

    def title(self, move: TakeWith, cards: dict[str, Card]) -> str:
        turned = cards.get("turned")
        if turned is None:
            return t("hint.title", action=t("sdhact.take_plain", card=card_name(move.target)))
        # The table card's own label (durak.suit_deal.ui_dom.table): the hint points at it.
        return t("hint.title", action=t("sd.take", card=card_name(turned),
                                         target=card_name(move.target)))

    def why(self, kind: str, cards: dict[str, Card]) -> str:
        if kind == "only" or "low" not in cards:
            text = t("why.only")
        else:
            text = t("sdwhy.deal_highest", low=card_name(cards["low"]))
        return text[:1].upper() + text[1:]

    def line(self, answer: dict[str, Any]) -> str:
        if not self.dealing(answer):
            return self.play.line(answer)
        got = read_deal_answer(answer)
        if got is None:
            return t("hint.title", action="?")
        move, kind, cards, _n = got
        return f"{self.title(move, cards)}: {self.why(kind, cards)}"

    def answer_box(self, answer: dict[str, Any]) -> Any:
        if not self.dealing(answer):
            return self.play.answer_box(answer)
        got = read_deal_answer(answer)
        if got is None:
            return el("p", "hint error", t("hint.failed", error="answer"), id="hint",
                      role="status")
        move, kind, cards, n = got
        figures = (t("sdhint.figures", card=card_name(move.target), n=n) if n > 1 else "")
        return hint_box(self.title(move, cards), self.why(kind, cards), figures,
                        answer.get("action"), kind)

    def highlight(self, answer: dict[str, Any]) -> None:
        if not self.dealing(answer):
            self.play.highlight(answer)
            return
        got = read_deal_answer(answer)
        if got is not None:
            hinted(document().querySelector(
                f'[data-act="take"][data-arg="{card_text(got[0].target)}"]'))


__all__ = ["SuitDealHintSide", "read_deal_answer"]
