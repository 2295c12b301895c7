"""The hint button: what the strong computer would do at the human's decision, and why.

Mounted after the first screen (``App._mount_menu``), it decorates each drawing
of the table (:meth:`Hints.decorate`): a 「ヒント」 button among the controls
whenever the human is to act, and, once the worker has answered
(:func:`napoleon.ai.review.hint_json`, a strong search: up to a second), the
answer — the action highlighted on the table (the card, the RAISE/DROP or
CALL button with the bid or card set in the controls, the cards to discard),
the phrase saying why, and the top options with the chance of winning and the
honors expected.  The button acts at once: it shows the computer thinking
(a ``<progress>``) while the page keeps working.  An answer that arrives after
the game moved on (a card played, a new match) is dropped: it is keyed by the
match, the game and the number of actions.
"""

from __future__ import annotations

import json
from typing import Any

from cardkit.ui_dom.tasks import spawn
from napoleon.actions import ActionTextError, Bid, Call, Change, Discard, Pass, Play, parse_action
from napoleon.cards import card_text, cards_of
from napoleon.ui_dom.controller import Controller
from napoleon.ui_dom.dom import add, button, by_id, document, el
from napoleon.ui_dom.i18n import t
from napoleon.ui_dom.review_words import (
    action_short,
    action_words,
    figures_words,
    reason_words,
)
from napoleon.ui_dom.strings_review import register

#: How far a hint's seed is from the computers' seeds of the same position.
HINT_SALT = 7919


def position_key(ctrl: Controller) -> str:
    """Which decision a hint belongs to: the match, the game, the actions so far (their
    number and what they were: after an undo and other moves the count may come back)."""
    m = ctrl.match
    actions = m.game.actions()
    return f"{id(m)}.{m.game_number}.{len(actions)}.{hash(tuple(actions))}"


class Hints:
    """The hint's state: asked for which position, and the answer once it came."""

    def __init__(self, app: Any) -> None:
        register()
        self.app = app
        self.key = ""
        self.pending = False
        self.answer: dict[str, Any] | None = None
        self.error = ""

    # ---- asking --------------------------------------------------------------------

    def ask(self) -> None:
        """The button: start thinking now (the answer comes through :meth:`_think`)."""
        ctrl: Controller = self.app.ctrl
        if not ctrl.human_to_act() or ctrl.busy:
            return
        key = position_key(ctrl)
        if self.key == key and (self.pending or self.answer is not None):
            return
        self.key, self.pending, self.answer, self.error = key, True, None, ""
        self.app.rerender()
        spawn(self._think(ctrl, key))

    async def _think(self, ctrl: Controller, key: str) -> None:
        from napoleon.ui_dom.controller import HUMAN, ai_seed

        m = ctrl.match
        seed = ai_seed(ctrl.match_seed, m.game_number, len(m.game.actions())) ^ HINT_SALT

        def wanted() -> bool:
            return self.key == key and self.app.ctrl is ctrl and position_key(ctrl) == key

        try:
            reply = await self.app.ai.hint(m.game.view(HUMAN).to_json(), seed, wanted)
            answer = None if reply is None else json.loads(reply)
        except Exception as e:  # the worker's error reaches us as a JS error
            answer, error = None, str(e)[:200]
        else:
            error = ""
        if not wanted():
            return  # the game moved on: this answer is for a position no longer shown
        self.pending, self.answer, self.error = False, answer, error
        if answer is not None:
            self._select(ctrl, answer)
        self.app.rerender()

    def _select(self, ctrl: Controller, answer: dict[str, Any]) -> None:
        """Put the hinted bid, call or change into the controls: one click follows it."""
        a = _top_action(answer)
        sel = ctrl.sel
        if isinstance(a, Bid):
            sel.bid_suit, sel.bid_number = a.suit, a.number
        elif isinstance(a, Call):
            sel.call_card = a.card
        elif isinstance(a, Change):
            sel.change_trump, sel.call_card = a.trump, a.called
            sel.change_ready = True
        elif isinstance(a, Discard):
            sel.discards = [c for c in sel.discards if a.cards >> c & 1]

    # ---- drawing ---------------------------------------------------------------------

    def decorate(self) -> None:
        """Add the button and the answer to the table just drawn (``App.rerender``)."""
        ctrl: Controller = self.app.ctrl
        controls = by_id("controls")
        if not controls:
            return
        acting = ctrl.human_to_act() and not ctrl.busy
        if by_id("btn-show-record") and self.app.finished_game() is not None:
            # The game's end screen: its review, next to its record (譜).
            controls.append(button(t("review.button"), "review", id="btn-review"))
        if not acting or position_key(ctrl) != self.key:
            if self.key and position_key(ctrl) != self.key:
                self.key, self.pending, self.answer, self.error = "", False, None, ""
            if not acting:
                return
        btn = button(t("hint.button"), "hint", id="btn-hint", cls="btn hint-btn")
        if self.pending:
            btn.disabled = True
        controls.append(btn)
        if self.pending:
            box = el("div", "hint thinking", id="hint", role="status", aria_busy="true")
            add(box, el("progress", "hint-progress", None, aria_label=t("hint.thinking")),
                el("span", "", t("hint.thinking")))
            controls.append(box)
        elif self.error:
            controls.append(el("p", "hint error", t("hint.failed", error=self.error), id="hint",
                               role="status"))
        elif self.answer is not None:
            controls.append(self._answer_box(self.answer))
            _highlight(_top_action(self.answer))
        if by_id("hint"):  # only once there is something to point at (axe: a valid id)
            btn.setAttribute("aria-controls", "hint")

    def _answer_box(self, answer: dict[str, Any]) -> Any:
        style = self.app.prefs.suit_style
        options = answer.get("options") or []
        top = options[0] if options else {}
        box = el("section", "hint", id="hint", role="status", aria_labelledby="hint-title")
        title = t("hint.title", action=action_words(str(top.get("action", "")), style))
        add(box, el("h2", "hint-title", title, id="hint-title"))
        add(box, el("p", "hint-why", reason_words(answer.get("reason") or {})))
        items = el("ol", "hint-options", aria_label=t("hint.options"))
        for o in options[:3]:
            li = el("li", "", None, data_action=str(o.get("action", "")))
            add(li, el("span", "opt-action", action_short(str(o.get("action", "")), style)),
                el("span", "opt-figures", figures_words(o)))
            items.append(li)
        box.setAttribute("data-action", str(top.get("action", "")))
        return add(box, items)


def _top_action(answer: dict[str, Any]) -> Any:
    options = answer.get("options") or []
    if not options:
        return None
    try:
        return parse_action(str(options[0].get("action", "")))
    except ActionTextError:
        return None


def _highlight(a: Any) -> None:
    """Mark the hinted card(s) or button (``.hinted``)."""
    doc = document()
    nodes: list[Any] = []
    if isinstance(a, Play):
        nodes.append(doc.querySelector(f'#hand [data-card="{card_text(a.card)}"]'))
    elif isinstance(a, Discard):
        nodes += [doc.querySelector(f'#hand [data-card="{card_text(c)}"]')
                  for c in cards_of(a.cards)]
    elif isinstance(a, Bid):
        nodes.append(by_id("btn-raise"))
    elif isinstance(a, Pass):
        nodes.append(by_id("btn-drop"))
    elif isinstance(a, Call):
        nodes.append(by_id("btn-call"))
    elif isinstance(a, Change):
        nodes.append(by_id("btn-change"))
    for node in nodes:
        if node:
            node.classList.add("hinted")
            node.setAttribute("aria-describedby", "hint")
