"""The pile games' side of the hint (:class:`durak.ui_dom.hint.hint_view.HintSide`).

The worker's hint of the game (:data:`~durak.ui_dom.hint.hint_view.HINT_EXPORT`, the mode's
entry's :func:`durak.ai.pile_hint.hint_json`: the
strong level's search over the human's view, seeded from the series as the
computers are, salted) answers the move, its figure, every legal move's figure
and the reason; the answer is read as data nobody vouches for
(:func:`durak.ai.pile_hint.read_answer`: a field that does not read shows the
failure's notice naming it, never a wrong move).  The hinted card in the hand,
or the Take or talon button, is marked ``.hinted`` and described by the box.
"""

from __future__ import annotations

from typing import Any

from cardkit.ui_dom.hint_frame import HINT_SALT, hinted
from cardkit.ui_dom.nodes import by_id, document, el
from cardkit.ui_dom.turn_loop import ai_seed
from durak.ai.pile_hint import PileHintAnswer, PileHintError, read_answer
from durak.cards import card_text, parse_card
from durak.pile.actions import FromTalon, Lay, PileAction
from durak.ui_dom.friends.pile_guest_controller import PileTable
from durak.ui_dom.hint.hint_view import hint_box
from durak.ui_dom.hint.hint_words import plain_chance
from durak.ui_dom.i18n import t
from durak.ui_dom.table.card_words import card_name


def position_key(ctrl: PileTable) -> str:
    """Which decision a hint belongs to: the controller, the game, and its moves (their
    number and what they were: after an undo and other moves the count may come back)."""
    history = ctrl.moves()
    return f"{id(ctrl)}.{ctrl.number}.{len(history)}.{hash(tuple(history))}"


def hint_seed(ctrl: PileTable) -> int:
    """The hint's seed: the computers' seed of this decision, salted (reproducible)."""
    return ai_seed(ctrl.match_seed, ctrl.number, len(ctrl.moves())) ^ HINT_SALT


def move_words(a: PileAction, labels: tuple[str, str] | None = None) -> str:
    """A pile move in the imperative: 「ハートの7を出す」; a take or a turn of the talon by
    the words on its button (``labels``: the Take button's and the talon button's, as
    :func:`button_labels` reads them off the table; without a table, the plain ones)."""
    if isinstance(a, Lay):
        return t("phact.lay", card=card_name(a.card))
    take, talon = labels if labels is not None else (t("btn.take"), t("pile.talon.attack"))
    return talon if isinstance(a, FromTalon) else take


def button_labels(ctrl: PileTable) -> tuple[str, str]:
    """The Take button's and the talon button's labels at ``ctrl``'s decision, as the
    table draws them (:func:`durak.ui_dom.table.pile_table.take_label`, ``talon_label``)."""
    from durak.ui_dom.table.pile_table import take_label, talon_label

    v = ctrl.view()
    return take_label(ctrl.rules, v.talon), talon_label(v)


def reason_words(kind: str, args: dict[str, str | int]) -> str:
    """The reason's phrase with its cards named (``only`` is the ordinary game's)."""
    fields: dict[str, object] = {}
    for key, value in args.items():
        if type(value) is str:
            try:
                fields[key] = card_name(parse_card(value))
            except ValueError:
                return ""
        else:
            fields[key] = value
    try:
        text = t("why.only" if kind == "only" else f"pwhy.{kind}", **fields)
    except (KeyError, IndexError):
        return ""
    return text[:1].upper() + text[1:]


def figures_words(answer: PileHintAnswer, labels: tuple[str, str] | None = None) -> str:
    """The hinted move's figure, and the next best move's."""
    if answer.figure is None:
        return ""
    pct = round(100 * answer.figure)
    key = "phint.one_world" if answer.worlds == 1 else "phint.figures"
    text = t(key, pct=pct, worlds=answer.worlds)
    if len(answer.ranked) > 1:
        move, figure = answer.ranked[1]
        text += t("hint.sep") + t("phint.next", move=move_words(move, labels),
                                  pct=round(100 * figure))
    return text


class PileHintSide:
    """The pile games' hint (:func:`durak.ai.pile_hint.hint_json`), worded and marked here;
    a take or a turn of the talon is named by its button on ``ctrl``'s table."""

    def __init__(self, ctrl: PileTable | None = None) -> None:
        self.ctrl = ctrl

    def labels(self) -> tuple[str, str] | None:
        return button_labels(self.ctrl) if self.ctrl is not None else None

    def position_key(self, ctrl: PileTable) -> str:
        return position_key(ctrl)

    def request(self, ctrl: PileTable) -> tuple[str, str, int]:
        return ctrl.rules.mode, ctrl.seat_view_json_of_human(), hint_seed(ctrl)

    def read(self, answer: dict[str, Any]) -> PileHintAnswer | None:
        try:
            return read_answer(answer)
        except PileHintError:
            return None

    def line(self, answer: dict[str, Any]) -> str:
        got = self.read(answer)
        if got is None:
            return t("hint.title", action="?")
        title = t("hint.title", action=move_words(got.action, self.labels()))
        why = reason_words(got.kind, got.args)
        head = f"{title}: {why}" if why else title
        plain = plain_chance(got.figure)
        return t("hint.line", head=head, plain=plain) if plain else head

    def answer_box(self, answer: dict[str, Any]) -> Any:
        try:
            got = read_answer(answer)
        except PileHintError as e:
            return el("p", "hint error", t("hint.failed", error=str(e)[:200]), id="hint",
                      role="status")
        labels = self.labels()
        return hint_box(t("hint.title", action=move_words(got.action, labels)),
                        reason_words(got.kind, got.args), figures_words(got, labels),
                        answer.get("action"), got.kind, plain=plain_chance(got.figure))

    def highlight(self, answer: dict[str, Any]) -> None:
        got = self.read(answer)
        if got is None:
            return
        a = got.action
        if isinstance(a, Lay):
            hinted(document().querySelector(
                f'#hand [data-act="card"][data-arg="{card_text(a.card)}"]'))
        else:
            hinted(by_id("btn-talon" if isinstance(a, FromTalon) else "btn-take"))


__all__ = ["PileHintSide", "button_labels", "figures_words", "hint_seed", "move_words",
           "position_key", "reason_words"]
