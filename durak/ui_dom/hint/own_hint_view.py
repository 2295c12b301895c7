"""The hint of a game of a kind of its own (:class:`~durak.ui_dom.hint.hint_view.HintSide`).

The worker's one hint request names the game (its registry entry's
``Computers.hint_json``: the move, why, its figure and every legal move's figure, as
the pile games' hint writes them).  The answer is read as data nobody vouches for:
its move must be one of the seat's legal moves in the engine's text, its figures
chances from 0 to 1; anything else is worded as a failure naming the field, never a
wrong move.  The hinted card of the hand, or the move's button, is marked.
"""

from __future__ import annotations

import json
import math
from typing import Any

from cardkit.ui_dom.hint_frame import HINT_SALT, hinted
from cardkit.ui_dom.nodes import document, el
from cardkit.ui_dom.turn_loop import ai_seed
from durak.ui_dom.hint.hint_view import hint_box
from durak.ui_dom.hint.hint_words import plain_chance
from durak.ui_dom.i18n import t
from durak.ui_dom.play.view_clicks import move_text
from durak.ui_dom.table.own_words import move_words


def hint_seed(ctrl: Any) -> int:
    """The hint's seed: the computers' seed of this decision, salted (reproducible)."""
    return ai_seed(ctrl.match_seed, ctrl.number, len(ctrl.seen_moves())) ^ HINT_SALT


def _chance(value: object) -> float | None:
    if type(value) is not float and type(value) is not int:
        return None
    f = float(value)
    return f if math.isfinite(f) and 0 <= f <= 1 else None


class OwnHintSide:
    """The hint of the game on ``ctrl``'s table, a game of a kind of its own."""

    def __init__(self, ctrl: Any) -> None:
        self.ctrl = ctrl

    def position_key(self, ctrl: Any) -> str:
        history = ctrl.seen_moves()
        return f"{id(ctrl)}.{ctrl.number}.{len(history)}.{hash(tuple(history))}"

    def request(self, ctrl: Any) -> tuple[str, str, int]:
        return ctrl.rules.mode, ctrl.view().to_json(), hint_seed(ctrl)

    def move(self, answer: dict[str, Any]) -> str | None:
        """The hinted move's text, if it is one of the seat's legal moves now."""
        text = answer.get("action")
        legal = {move_text(self.ctrl.engine, a) for a in self.ctrl.legal()}
        return text if type(text) is str and text in legal else None

    def line(self, answer: dict[str, Any]) -> str:
        text = self.move(answer)
        words = "?" if text is None else move_words(self.ctrl.rules.mode, text)
        title = t("hint.title", action=words)
        plain = plain_chance(_chance(answer.get("figure")))
        return t("hint.line", head=title, plain=plain) if plain else title

    def answer_box(self, answer: dict[str, Any]) -> Any:
        text = self.move(answer)
        if text is None:
            return el("p", "hint error", t("hint.failed", error="action"), id="hint",
                      role="status")
        mode = self.ctrl.rules.mode
        figure = _chance(answer.get("figure"))
        worlds = answer.get("worlds")
        figures = "" if figure is None or type(worlds) is not int else t(
            "phint.figures", pct=round(100 * figure), worlds=worlds)
        return hint_box(t("hint.title", action=move_words(mode, text)), "", figures, text,
                        "best", plain=plain_chance(figure))

    def highlight(self, answer: dict[str, Any]) -> None:
        text = self.move(answer)
        if text is not None:
            arg = json.dumps(text)  # a legal move's text, quoted as a CSS string
            hinted(document().querySelector(f'#table [data-act="move"][data-arg={arg}]'))


__all__ = ["OwnHintSide", "hint_seed"]
