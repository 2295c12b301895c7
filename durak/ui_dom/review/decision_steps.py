"""What the reviews of one decision per step share (the pile games' and a game of a
kind of its own's, on the shell's review frame, :mod:`cardkit.ui_dom.review_frame`):
step ``k`` is the reviewed people's ``k``-th decision with a choice (``plan_here``,
indices of the game's moves), each judged as the move played and the strong move
with their chances (the worker's ``played``, ``best``, ``played_figure`` and
``best_figure``), the costliest first.  A game says a move in its words
(:meth:`DecisionSteps.move`) and the view its deciding person had
(:meth:`DecisionSteps.deciding_view`): a step shows that hand and the pile's top card
above the decisions.
"""

from __future__ import annotations

from typing import Any, Final

from cardkit.ui_dom.nodes import el
from cardkit.ui_dom.review_frame import said_by
from durak.cards import card_label
from durak.ui_dom.i18n import language, t
from durak.ui_dom.review.review_words import chance_words
from durak.ui_dom.table.card_words import card_name, hand_order

#: A decision costs (is listed first) when the strong move's chance is this much higher.
COSTLY: Final = 0.1


def figure(d: dict[str, Any], key: str) -> float | None:
    """A chance the worker's answer gives (nobody vouches for it: 0 to 1, else none)."""
    f = d.get(key)
    if type(f) is not int and type(f) is not float:
        return None
    return float(f) if 0 <= f <= 1 else None


def pct(f: float | None) -> str:
    return "–" if f is None else f"{round(100 * f)}%"


class DecisionSteps:
    """The review frame's steps over the decisions in :attr:`plan_here`."""

    #: The game's moves reviewed, in its order (each a step).
    plan_here: list[int]

    def move(self, text: object) -> str:
        """A move of the worker's answer in the game's words (``?`` if it is none)."""
        raise NotImplementedError

    def deciding_view(self, game: Any, index: int) -> tuple[Any, int | None] | None:
        """The view (``hand``, ``pile``) of the person deciding the game's move ``index``,
        before it, and the trump their hand is sorted by (``None``: a step shows none)."""
        raise NotImplementedError

    def step_parts(self, game: Any, step: int, found: list[dict[str, Any]]) -> list[Any]:
        """The deciding person's hand and the pile's top card, then the decisions."""
        parts: list[Any] = []
        seen = (self.deciding_view(game, self.plan_here[step])
                if step < len(self.plan_here) else None)
        if seen is not None:
            v, trump = seen
            cards = " ".join(card_label(c) for c in hand_order(v.hand, trump))
            parts.append(el("p", "review-hand", t("prev.hand", cards=cards)))
            parts.append(el("p", "review-pile", t("prev.top", card=card_name(v.pile[-1]))
                            if v.pile else t("prev.empty")))
        parts.extend(self.decision_parts(found))
        return parts

    def last_step(self, game: Any) -> int:
        return max(0, len(self.plan_here) - 1)

    def step_of(self, decision: dict[str, Any]) -> int:
        i = decision.get("index")
        return self.plan_here.index(i) if i in self.plan_here else 0

    def loss(self, d: dict[str, Any]) -> float:
        best, played = figure(d, "best_figure"), figure(d, "played_figure")
        return 0.0 if best is None or played is None else best - played

    def is_costly(self, decision: dict[str, Any]) -> bool:
        return self.loss(decision) >= COSTLY

    def cost_key(self, decision: dict[str, Any]) -> Any:
        return (-self.loss(decision), self.step_of(decision))

    def costly_parts(self, d: dict[str, Any]) -> list[Any]:
        """Where, what is measured and its two figures (as the ordinary game's review
        says them: :func:`durak.ui_dom.review.review_words.chance_words`), the two moves."""
        return [el("span", "where", t("prev.step", n=self.step_of(d) + 1,
                                      total=len(self.plan_here))),
                el("span", "cost", chance_words({"before": figure(d, "played_figure"),
                                                 "after": figure(d, "best_figure"),
                                                 "who": d.get("who")}, language())),
                el("span", "what", said_by(t, d, "review.you", "review.person",
                                           action=self.move(d.get("played")))),
                el("span", "what", t("review.strong", action=self.move(d.get("best"))))]

    def step_title(self, game: Any, step: int) -> str:
        return t("prev.step", n=step + 1, total=len(self.plan_here))

    def decision_parts(self, found: list[dict[str, Any]]) -> list[Any]:
        """Each reviewed decision of a step: the move played and the strong one."""
        parts: list[Any] = []
        for d in found:
            box = el("div", "review-decision")
            box.append(el("p", "", said_by(t, d, "prev.you", "prev.person",
                                           move=self.move(d.get("played")),
                                           pct=pct(figure(d, "played_figure")))))
            if d.get("best") == d.get("played"):
                box.append(el("p", "", t("prev.same")))
            else:
                box.append(el("p", "", t("prev.strong", move=self.move(d.get("best")),
                                         pct=pct(figure(d, "best_figure")))))
            parts.append(box)
        return parts


__all__ = ["COSTLY", "DecisionSteps", "figure", "pct"]
