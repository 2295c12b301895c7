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

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from cardkit.ui_dom.hint_frame import HINT_SALT as HINT_SALT
from cardkit.ui_dom.hint_frame import HintFrame, hinted
from cardkit.ui_dom.pass_play import reviewed
from cardkit.ui_dom.review_frame import People
from napoleon.actions import ActionTextError, Bid, Call, Change, Discard, Pass, Play, parse_action
from napoleon.cards import card_text, cards_of
from napoleon.game import Game
from napoleon.ui_dom.controller import Controller
from napoleon.ui_dom.dom import add, button, by_id, document, el
from napoleon.ui_dom.i18n import t
from napoleon.ui_dom.review_words import (
    about_best,
    action_short,
    action_words,
    figures_words,
    plain_words,
    reason_words,
)
from napoleon.ui_dom.strings_review import register

if TYPE_CHECKING:
    from napoleon.ui_dom.guest_controller import Table


class Hints:
    """Napoleon's share of the shell's hint frame (:class:`cardkit.ui_dom.hint_frame.HintFrame`):
    the decision's key, the worker's sliced search, the bid or call set in the
    controls, and the answer's box with the top options."""

    def __init__(self, app: Any) -> None:
        register()
        self.app = app
        self.frame = HintFrame(self)

    # ---- the frame's plug -------------------------------------------------------------

    def acting(self) -> bool:
        ctrl: Table = self.app.ctrl
        return ctrl.human_to_act() and not ctrl.busy

    def position_key(self) -> str:
        ctrl: Table = self.app.ctrl
        return ctrl.decision_key()

    def ask(self, wanted: Callable[[], bool]) -> Awaitable[str | None]:
        from napoleon.ui_dom.controller import ai_seed

        ctrl: Table = self.app.ctrl
        seed = ai_seed(ctrl.match_seed, *ctrl.moment()) ^ HINT_SALT
        return self.app.ai.hint(ctrl.view().to_json(), seed,  # type: ignore[no-any-return]
                                lambda: self.app.ctrl is ctrl and wanted())

    def on_answer(self, answer: dict[str, Any]) -> None:
        """Put the hinted bid, call or change into the controls: one click follows it."""
        a = _top_action(answer)
        sel = self.app.ctrl.sel
        if isinstance(a, Bid):
            sel.bid_suit, sel.bid_number = a.suit, a.number
        elif isinstance(a, Call):
            sel.call_card = a.card
        elif isinstance(a, Change):
            sel.change_trump, sel.call_card = a.trump, a.called
            sel.change_ready = True
        elif isinstance(a, Discard):
            sel.discards = [c for c in sel.discards if a.cards >> c & 1]

    def announce(self, answer: dict[str, Any]) -> None:
        """Nothing more: the answer's box is a status region, read as it appears."""

    def rerender(self) -> None:
        self.app.rerender()

    def t(self, key: str, **args: object) -> str:
        return t(key, **args)

    def highlight(self, answer: dict[str, Any]) -> None:
        _highlight(_top_action(answer))

    # ---- the page's calls ----------------------------------------------------------------

    def ask_hint(self) -> None:
        """The button (``data-act="hint"``)."""
        self.frame.ask()

    def decorate(self) -> None:
        """Add the review button, the hint button and the answer to the table just drawn
        (``App.rerender``)."""
        controls = by_id("controls")
        if not controls:
            return
        subject = review_subject(self.app)
        # The game's end screen: its review, next to its record (譜); a guest's result
        # has no controls of its own (the host's table goes on by itself), and offers
        # it once the host's record of that game has come (a redraw when it does).
        if subject is not None and (not isinstance(self.app.ctrl, Controller)
                                    or by_id("btn-show-record")):
            controls.append(button(t("review.button"), "review", id="btn-review"))
        self.frame.decorate()

    def answer_box(self, answer: dict[str, Any]) -> Any:
        style = self.app.prefs.suit_style
        options = answer.get("options") or []
        top = options[0] if options else {}
        box = el("section", "hint", id="hint", role="status", aria_labelledby="hint-title")
        title = t("hint.title", action=action_words(str(top.get("action", "")), style))
        add(box, el("h2", "hint-title", title, id="hint-title"))
        add(box, el("p", "hint-why", reason_words(answer.get("reason") or {})))
        plain = plain_words(top) if type(top) is dict else ""
        if plain:
            add(box, el("p", "hint-plain", plain))
        # The search's figures, one tap away (a player's words come first).
        more = el("details", "hint-more")
        add(more, el("summary", "", t("hint.more")))
        items = el("ol", "hint-options", aria_label=t("hint.options"))
        shown = options[:3]
        about = about_best(shown)
        for n, o in enumerate(shown):
            li = el("li", "", None, data_action=str(o.get("action", "")))
            add(li, el("span", "opt-action", action_short(str(o.get("action", "")), style)),
                el("span", "opt-figures", figures_words(o, about and n == 0)))
            items.append(li)
        box.setAttribute("data-action", str(top.get("action", "")))
        add(more, items)
        if about:
            add(more, el("p", "hint-note", t("hint.near_note")))
        add(box, more)
        return box


def review_subject(app: Any) -> tuple[Game, People] | None:
    """The game the end screen's 「レビュー」 reviews, with whose decisions it judges:
    this page's game just finished, its person's (or, at pass-and-play, every
    person's); on a guest's page at a table with friends, the record the host sent of
    the game whose result its table shows, judging the guest's own seat (none before
    that record comes, none of a game in progress: the guest's page holds no game)."""
    ctrl: Table = app.ctrl
    if not isinstance(ctrl, Controller):  # (the page's table is a guest's)
        done = ctrl.shown_game()
        return None if done is None else (done, reviewed(None, t, guest=ctrl.me))
    game = app.finished_game()
    return None if game is None else (game, reviewed(ctrl.handover, t))


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
        hinted(node)
