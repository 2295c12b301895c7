"""The Durak hint: what the strong computer would do at the human's decision, and why.

Durak's share of the page shell's hint frame (:mod:`cardkit.ui_dom.hint_frame`,
which holds the button, the progress, the late answers dropped and the count):
the decision's key (the match, the game, its actions), the worker's one hint request
naming the game (:data:`HINT_EXPORT`; the ordinary game's
:func:`durak.ai.hint.hint_json`: the strong level's own search
on the acting seat's view, with the seat's reading of the other player at 2 players
carried through the match, :func:`hint_request`; its worlds are the position's, so
the review weighs the same), the answer's box (the action, the reason in the player's language,
the figure the search ranked by first, "about … ±" where options are within its
noise, the other options) and the hinted cards or button on the table (``.hinted``, described
by the box).  The reason is said once in the screen-reader log
(:data:`durak.ui_dom.table.announce.LOG`).

A card hinted for a cover of one of several attack cards selects on its first
click; the attack card it covers is then marked too, so two clicks follow the hint.

Every game of the family has the hint by its entry in the page's kinds table
(:data:`durak.ui_dom.kinds.KINDS`, its ``hint`` hook): :class:`Hints` is the one
plug of the frame, and a kind gives only its :class:`HintSide` — the ordinary
game's :class:`OrdinaryHint` here, the pile games'
(:mod:`durak.ui_dom.hint.pile_hint_view`) and a kind's with its own page package in
that package (the suit deal's dealing).  The box (:func:`hint_box`) is the
same for all: the move, the reason, the figure that ranked it.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from cardkit.ui_dom.hint_frame import HINT_SALT, HintFrame, hinted
from cardkit.ui_dom.nodes import by_id, document, el
from durak import actions
from durak.cards import card_text, cards_of
from durak.ui_dom.hint import strings_hint
from durak.ui_dom.hint.hint_words import (
    action_of,
    action_words,
    best_chance,
    plain_chance,
    ranked_words,
    reason_words,
)
from durak.ui_dom.i18n import t
from durak.ui_dom.play.clicks import PLAIN_ACTS
from durak.ui_dom.play.controller import ai_seed
from durak.ui_dom.table.announce import LOG

if TYPE_CHECKING:
    from durak.ui_dom.friends.guest_controller import OrdinaryTable

#: The worker's one hint request of the family (``web/worker.py``): the game's ``mode``,
#: the acting view's JSON and the seed in, the game's registry entry's hint out.
HINT_EXPORT = "durak_family_hint_json"

#: Buttons of the actions without cards (``#btn-<act>``, the table's controls): the
#: controller's own buttons, by the action each makes.
BUTTONS: dict[type, str] = {kind: act for act, kind in PLAIN_ACTS.items()}


def position_key(ctrl: OrdinaryTable) -> str:
    """Which decision a hint belongs to: the controller (a new match is a new one), the
    game, and its actions (their number and what they were: after an undo and other
    moves the count may come back)."""
    actions = ctrl.sight().moves
    return f"{id(ctrl)}.{ctrl.standing().number}.{len(actions)}.{hash(tuple(actions))}"


def hint_seed(ctrl: OrdinaryTable) -> int:
    """The hint's seed: the computers' seed of this decision, salted (reproducible)."""
    return ai_seed(ctrl.match_seed, ctrl.standing().number, len(ctrl.sight().moves)) ^ HINT_SALT


def hint_request(ctrl: OrdinaryTable) -> str:
    """The acting view's JSON, at 2 players with the seat's reading of the other player
    (``"reading"``: what the strong level's tree models it by), carried through the
    match as the strong computer carries its own: where the match's earlier games left
    it and this game's actions (:meth:`~durak.ui_dom.play.controller.Controller.
    hint_reading`; a guest's, the host's figure for its seat, sent with its view).  The
    game's record carries the start, so its review reads the same figure.  Unrounded,
    so the worker's search and the review's are the same."""
    view = ctrl.acting_view()
    reading = ctrl.hint_reading(view.seat) if view.rules.players == 2 else None
    if reading is None:
        return view.to_json()
    d = view.to_dict()
    d["reading"] = reading
    return json.dumps(d, ensure_ascii=False)


class HintSide(Protocol):
    """What differs from one kind of game to another in the hint (:data:`durak.ui_dom.
    kinds.KINDS`' ``hint`` hook): which decision is on the table, what the worker is
    asked, and how its answer is worded, drawn and marked on the table."""

    def position_key(self, ctrl: Any) -> str:
        """Which decision of ``ctrl``'s is on the table."""
        ...

    def request(self, ctrl: Any) -> tuple[str, str, int]:
        """The game's ``mode`` (the worker's one request names it), the acting seat's
        view JSON and the seed."""
        ...

    def line(self, answer: dict[str, Any]) -> str:
        """The answer in one line (the log's), in the player's language."""
        ...

    def answer_box(self, answer: dict[str, Any]) -> Any:
        """The box that shows the answer (``id="hint"``)."""
        ...

    def highlight(self, answer: dict[str, Any]) -> None:
        """Mark the hinted move on the table just drawn."""
        ...


class OrdinaryHint:
    """The ordinary game's side of the hint (its play, a suit deal's too)."""

    def position_key(self, ctrl: OrdinaryTable) -> str:
        return position_key(ctrl)

    def request(self, ctrl: OrdinaryTable) -> tuple[str, str, int]:
        return ctrl.rules.mode, hint_request(ctrl), hint_seed(ctrl)

    def line(self, answer: dict[str, Any]) -> str:
        a = action_of(answer)
        title = t("hint.title", action=action_words(a) if a is not None else "?")
        why = reason_words(answer.get("reason"))
        head = f"{title}: {why}" if why else title
        plain = plain_chance(best_chance(answer))
        return t("hint.line", head=head, plain=plain) if plain else head

    def answer_box(self, answer: dict[str, Any]) -> Any:
        a = action_of(answer)
        title = t("hint.title", action=action_words(a) if a is not None else "?")
        reason = answer.get("reason")
        kind = reason.get("kind") if type(reason) is dict else None
        head, others, close = ranked_words(answer)
        return hint_box(title, reason_words(reason), head, answer.get("action"), kind,
                        others, t("hint.noise") if close else "",
                        plain_chance(best_chance(answer)))

    def highlight(self, answer: dict[str, Any]) -> None:
        a = action_of(answer)
        if a is not None:
            for node in targets(a):
                hinted(node)


def hint_box(title: str, why: str, figures: str, action: object, kind: object,
             others: Sequence[str] = (), note: str = "", plain: str = "") -> Any:
    """The hint's box, the same for every game of the family: what to do (the title),
    why in one sentence, and the chance in a player's words (``plain``); the search's
    own figures — the one it ranked by, the other options it weighed and the key of
    "about" when some are within its noise — one tap away, folded under
    :data:`hint.more <durak.ui_dom.hint.strings_hint>`; ``data-action`` and
    ``data-reason`` for tests."""
    box = el("section", "hint dk-hint", id="hint", aria_labelledby="hint-title")
    box.append(el("h2", "hint-title", title, id="hint-title"))
    if why:
        box.append(el("p", "hint-why", why))
    if plain:
        box.append(el("p", "hint-plain", plain))
    if figures or others or note:
        more = el("details", "hint-more")
        more.append(el("summary", "", t("hint.more")))
        if figures:
            more.append(el("p", "hint-figures", figures))
        if others:
            more.append(el("p", "hint-others-title", t("hint.others")))
            ul = el("ul", "hint-options")
            ul.setAttribute("aria-label", t("hint.others"))
            for line in others:
                ul.append(el("li", "", line))
            more.append(ul)
        if note:
            more.append(el("p", "hint-noise", note))
        box.append(more)
    box.setAttribute("data-action", action if type(action) is str else "")
    box.setAttribute("data-reason", kind if type(kind) is str else "")
    return box


class Hints:
    """Durak's plug of the hint frame, for every kind of game of the page: what differs
    is the kind's :class:`HintSide` (:data:`durak.ui_dom.kinds.KINDS`' ``hint``); the
    page calls :meth:`decorate` after each drawing and :meth:`ask_hint` for the button."""

    def __init__(self, app: Any, side_of: Callable[[Any], HintSide] | None = None) -> None:
        strings_hint.register()
        self.app = app
        #: The side of a controller's kind: the page passes its kinds table's ``hint``
        #: hook (:meth:`durak.ui_dom.app.App.mount_hints`); alone, the ordinary game's.
        self.side_of: Callable[[Any], HintSide] = side_of or (lambda _ctrl: OrdinaryHint())
        self.frame = HintFrame(self)
        self.frame.on_count = self.count

    @property
    def side(self) -> HintSide:
        """The hint side of the game on the table (its kind's)."""
        return self.side_of(self.app.ctrl)

    def count(self) -> None:
        """A hint asked for: counted on the match's controller (``hints_used``) and in
        the statistics of this device (:meth:`durak.ui_dom.app.App.count_hint`)."""
        self.app.ctrl.hints_used += 1
        self.app.count_hint(self.app.ctrl)

    # ---- the frame's plug ---------------------------------------------------------------

    def acting(self) -> bool:
        ctrl = self.app.ctrl
        return bool(ctrl.human_to_act()) and not ctrl.busy and not ctrl.closed

    def position_key(self) -> str:
        return self.side.position_key(self.app.ctrl)

    def ask(self, wanted: Callable[[], bool]) -> Awaitable[str | None]:
        mode, view_json, seed = self.side.request(self.app.ctrl)
        return self._ask(mode, view_json, seed, wanted)

    async def _ask(self, mode: str, view_json: str, seed: int,
                   wanted: Callable[[], bool]) -> str | None:
        worker = await self.app.computers.exports()
        if not wanted():
            return None  # the table moved on while the worker started
        return str(await getattr(worker, HINT_EXPORT)(mode, view_json, seed))

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
        return self.side.line(answer)

    def answer_box(self, answer: dict[str, Any]) -> Any:
        return self.side.answer_box(answer)

    def highlight(self, answer: dict[str, Any]) -> None:
        self.side.highlight(answer)

    # ---- the page's calls ------------------------------------------------------------------

    def ask_hint(self) -> None:
        """The button (``data-act="hint"``)."""
        self.frame.ask()

    def decorate(self) -> None:
        """Add the hint button and the answer to the table just drawn."""
        self.frame.decorate()


def targets(a: actions.Action) -> list[Any]:
    """The table's nodes that make ``a``: its cards in the hand, the attack card it
    covers (once the selection offers it), its button."""
    doc = document()

    def hand(cards: int) -> list[Any]:
        return [doc.querySelector(f'#hand [data-card="{card_text(c)}"]') for c in cards_of(cards)]

    def pair(act: str, target: int) -> Any:
        return doc.querySelector(f'#dk-play [data-act="{act}"][data-arg="{card_text(target)}"]')

    if isinstance(a, actions.Cover):
        return [*hand(1 << a.card), pair("cover", a.target)]
    if isinstance(a, actions.Baltic):
        return [*hand(1 << a.card | a.extra), pair("cover", a.target)]
    if isinstance(a, actions.Throw):
        return hand(1 << a.card)
    if isinstance(a, actions.Transfer):
        return [*hand(a.cards), by_id("btn-show" if a.shown else "btn-transfer")]
    if isinstance(a, actions.Attack):
        return [*hand(a.cards), by_id("btn-attack")] if a.cards.bit_count() > 1 else hand(a.cards)
    if isinstance(a, actions.PokerSwap):
        return [*hand(a.cards), by_id("btn-poker")]
    if isinstance(a, actions.TryTalon):
        return [pair("try", a.target)]
    if isinstance(a, actions.PlaySlot | actions.CoverSlot):
        slot = doc.querySelector(f'#hand [data-act="slot"][data-arg="{a.slot}"]')
        return [slot, pair("cover", a.target)] if isinstance(a, actions.CoverSlot) else [slot]
    act = BUTTONS.get(type(a))
    return [by_id(f"btn-{act}")] if act else []
