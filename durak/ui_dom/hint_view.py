"""The Durak hint: what the strong computer would do at the human's decision, and why.

Durak's share of the page shell's hint frame (:mod:`cardkit.ui_dom.hint_frame`,
which holds the button, the progress, the late answers dropped and the count):
the decision's key (the match, the game, its actions), the worker's
``durak_hint_json`` (:func:`durak.ai.hint.hint_json`: the strong level's player
on the acting seat's view, seeded from the match as the computers are, salted),
the answer's box (the action, the reason in the player's language, the
estimate) and the hinted cards or button on the table (``.hinted``, described
by the box).  The reason is said once in the screen-reader log
(:data:`durak.ui_dom.announce.LOG`).

A card hinted for a cover of one of several attack cards selects on its first
click; the attack card it covers is then marked too, so two clicks follow the hint.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from cardkit.ui_dom.hint_frame import HINT_SALT, HintFrame, hinted
from cardkit.ui_dom.nodes import by_id, document, el
from durak.actions import (
    Accept,
    Action,
    Attack,
    Baltic,
    Challenge,
    Cover,
    CoverSlot,
    Double,
    Fold,
    FromTalon,
    Pass,
    PlaySlot,
    PokerSwap,
    SwapSix,
    Take,
    Throw,
    Transfer,
    TryTalon,
)
from durak.cards import card_text, cards_of
from durak.ui_dom import strings_hint
from durak.ui_dom.announce import LOG
from durak.ui_dom.controller import Controller, ai_seed
from durak.ui_dom.hint_words import action_of, action_words, figures_words, reason_words
from durak.ui_dom.i18n import t

#: Buttons of the actions without cards (``#btn-<act>``, the table's controls).
BUTTONS: dict[type, str] = {
    Take: "take", Pass: "pass", SwapSix: "swap-six", FromTalon: "talon", Double: "double",
    Accept: "accept", Fold: "fold", Challenge: "challenge",
}


def position_key(ctrl: Controller) -> str:
    """Which decision a hint belongs to: the controller (a new match is a new one), the
    game, and its actions (their number and what they were: after an undo and other
    moves the count may come back)."""
    actions = ctrl.match.game.actions()
    return f"{id(ctrl)}.{ctrl.match.number}.{len(actions)}.{hash(tuple(actions))}"


def hint_seed(ctrl: Controller) -> int:
    """The hint's seed: the computers' seed of this decision, salted (reproducible)."""
    g = ctrl.match.game
    return ai_seed(ctrl.match_seed, ctrl.match.number, len(g.actions())) ^ HINT_SALT


class Hints:
    """Durak's plug of the hint frame; the page calls :meth:`decorate` after each
    drawing and :meth:`ask_hint` for the button."""

    def __init__(self, app: Any) -> None:
        strings_hint.register()
        self.app = app
        self.frame = HintFrame(self)
        self.frame.on_count = self.count

    def count(self) -> None:
        """A hint asked for: counted on the match's controller (``hints_used``) and in
        the statistics of this device (:meth:`durak.ui_dom.app.App.count_hint`)."""
        self.app.ctrl.hints_used += 1
        self.app.count_hint(self.app.ctrl)

    # ---- the frame's plug ---------------------------------------------------------------

    def acting(self) -> bool:
        ctrl: Controller = self.app.ctrl
        return ctrl.human_to_act() and not ctrl.busy and not ctrl.closed

    def position_key(self) -> str:
        return position_key(self.app.ctrl)

    def ask(self, wanted: Callable[[], bool]) -> Awaitable[str | None]:
        ctrl: Controller = self.app.ctrl
        return self._ask(ctrl.acting_view().to_json(), hint_seed(ctrl), wanted)

    async def _ask(self, view_json: str, seed: int, wanted: Callable[[], bool]) -> str | None:
        worker = await self.app.computers.exports()
        if not wanted():
            return None  # the table moved on while the worker started
        return str(await worker.durak_hint_json(view_json, seed))

    def on_answer(self, answer: dict[str, Any]) -> None:
        """Nothing to set: the hinted cards and buttons are marked where they are."""

    def announce(self, answer: dict[str, Any]) -> None:
        """The hint's line, once, in the screen-reader log (the status is not said again)."""
        LOG.write([self.line(answer)], LOG.last_prompt)

    def rerender(self) -> None:
        self.app.rerender()

    def t(self, key: str, **args: object) -> str:
        return t(key, **args)

    def line(self, answer: dict[str, Any]) -> str:
        a = action_of(answer)
        title = t("hint.title", action=action_words(a) if a is not None else "?")
        why = reason_words(answer.get("reason"))
        return f"{title}: {why}" if why else title

    def answer_box(self, answer: dict[str, Any]) -> Any:
        a = action_of(answer)
        box = el("section", "hint dk-hint", id="hint", aria_labelledby="hint-title")
        title = t("hint.title", action=action_words(a) if a is not None else "?")
        box.append(el("h2", "hint-title", title, id="hint-title"))
        why = reason_words(answer.get("reason"))
        if why:
            box.append(el("p", "hint-why", why))
        figures = figures_words(answer.get("chance"))
        if figures:
            box.append(el("p", "hint-figures", figures))
        text = answer.get("action")
        box.setAttribute("data-action", text if type(text) is str else "")
        reason = answer.get("reason")
        kind = reason.get("kind") if type(reason) is dict else None
        box.setAttribute("data-reason", kind if type(kind) is str else "")
        return box

    def highlight(self, answer: dict[str, Any]) -> None:
        a = action_of(answer)
        if a is not None:
            for node in targets(a):
                hinted(node)

    # ---- the page's calls ------------------------------------------------------------------

    def ask_hint(self) -> None:
        """The button (``data-act="hint"``)."""
        self.frame.ask()

    def decorate(self) -> None:
        """Add the hint button and the answer to the table just drawn."""
        self.frame.decorate()


def targets(a: Action) -> list[Any]:
    """The table's nodes that make ``a``: its cards in the hand, the attack card it
    covers (once the selection offers it), its button."""
    doc = document()

    def hand(cards: int) -> list[Any]:
        return [doc.querySelector(f'#hand [data-card="{card_text(c)}"]') for c in cards_of(cards)]

    def pair(act: str, target: int) -> Any:
        return doc.querySelector(f'#dk-play [data-act="{act}"][data-arg="{card_text(target)}"]')

    if isinstance(a, Cover):
        return [*hand(1 << a.card), pair("cover", a.target)]
    if isinstance(a, Baltic):
        return [*hand(1 << a.card | a.extra), pair("cover", a.target)]
    if isinstance(a, Throw):
        return hand(1 << a.card)
    if isinstance(a, Transfer):
        return [*hand(a.cards), by_id("btn-show" if a.shown else "btn-transfer")]
    if isinstance(a, Attack):
        return [*hand(a.cards), by_id("btn-attack")] if a.cards.bit_count() > 1 else hand(a.cards)
    if isinstance(a, PokerSwap):
        return [*hand(a.cards), by_id("btn-poker")]
    if isinstance(a, TryTalon):
        return [pair("try", a.target)]
    if isinstance(a, PlaySlot | CoverSlot):
        slot = doc.querySelector(f'#hand [data-act="slot"][data-arg="{a.slot}"]')
        return [slot, pair("cover", a.target)] if isinstance(a, CoverSlot) else [slot]
    act = BUTTONS.get(type(a))
    return [by_id(f"btn-{act}")] if act else []
