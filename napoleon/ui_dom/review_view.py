"""The review screen: a finished game trick by trick, with the strong computer's advice.

Entry point for other screens (the share-a-game link, the record screen)::

    from napoleon.ui_dom.review_view import open_review
    open_review(record)      # record: a game record dict or its JSON text

``open_review`` may be called at any time after ``main()`` made the App (even
before the menu is mounted: it uses the page's own AI client, never a second
worker).  It opens the ``#review`` dialog at once and computes the review
in the AI worker, one decision per call (:func:`napoleon.ai.review.review_step_json`),
showing its progress.  ``record`` is a ``napoleon-game/1`` record of a
*finished* game (:func:`napoleon.record.game_record`); it is untrusted: the
engine replays and checks it, and a record it refuses shows a notice in the
dialog (never a broken page).  The human's seat is 0 (the page's seat).

What the dialog shows: the decisions that cost the most first (expected points
lost against the strong computer, each a button that jumps to its step), then
the game step by step — the bidding and the call, then each trick with every
hand as it stood before the trick, the cards played, and at each of the
human's plays the human's card, the strong computer's card and the card an
all-seeing player would have played.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from cardkit.ui_dom.tasks import spawn
from napoleon.cards import sorted_cards
from napoleon.game import Game, Phase
from napoleon.record import RecordError, game_record, load_record, replay_game
from napoleon.ui_dom.card_words import bid_word, card_el, card_name, seat_name, suit_glyph
from napoleon.ui_dom.dialogs import is_open, open_dialog
from napoleon.ui_dom.dom import add, by_id, document, el
from napoleon.ui_dom.i18n import t
from napoleon.ui_dom.nodes import on
from napoleon.ui_dom.review_words import (
    action_words,
    cost_key,
    cost_words,
    figures_words,
    is_costly,
    reason_words,
    where_words,
)
from napoleon.ui_dom.strings_review import register

#: The page's seat (``controller.HUMAN``).
SEAT = 0


@dataclass
class ReviewState:
    """What the review dialog shows and how far the worker has got."""

    record_json: str = ""
    game: Game | None = None
    starts: list[Game] = field(default_factory=list)  #: the game before each trick
    plan: list[int] = field(default_factory=list)
    done: dict[int, dict[str, Any]] = field(default_factory=dict)
    step: int = 0  #: 0: the bidding and the call; n: trick n
    error: str = ""
    run: int = 0  #: bumped by each open: an older computation stops
    style: str = "symbols"


_state = ReviewState()
_client: Any = None


def mount_review(client: Any) -> None:
    """Remember the page's AI client (``App.ai``); the dialog is made when first opened."""
    global _client
    _client = client
    register()


def _dialog() -> Any:
    node = by_id("review")
    if not node:
        node = el("dialog", "dialog review-dialog", None, id="review",
                  aria_labelledby="review-title")
        document().body.append(node)
    return node


def open_review(record: dict[str, Any] | str, style: str = "symbols") -> None:
    """Open the review of a finished game's record (a dict or JSON text); see the module
    doc.  Safe with any input: a bad record shows a notice in the dialog."""
    register()
    text = record if isinstance(record, str) else json.dumps(record)
    _state.run += 1
    _state.record_json, _state.plan, _state.done = text, [], {}
    _state.step, _state.error, _state.style = 0, "", style
    _state.game, _state.starts = None, []
    try:
        game = replay_game(load_record(text))
        if game.result is None:
            raise RecordError("the game is not over")
        _state.game = game
        _state.starts = trick_starts(game)
        # The worker gets the engine's own record of the replayed game.
        _state.record_json = json.dumps(game_record(game))
    except (RecordError, ValueError) as e:
        _state.error = str(e)[:300]
    render()
    open_dialog("review", "review-close")
    if _state.game is not None:
        spawn(_compute(_state.run))


def review_game(game: Game, style: str = "symbols") -> None:
    """Open the review of a finished :class:`Game` (the table's end screen)."""
    open_review(game_record(game), style)


def trick_starts(game: Game) -> list[Game]:
    """The game as it stood before each trick (index 0: before trick 1)."""
    g = Game.from_deal(game.rules, game.deals[0], game.first_bidder, more_deals=game.deals[1:])
    out: list[Game] = []
    for _seat, a in game.actions():
        if g.phase is Phase.PLAY and not g.trick and len(out) == len(g.tricks):
            out.append(g.clone())
        g.apply(a)
    return out


async def _compute(run: int) -> None:
    client = _client
    if client is None:
        from napoleon.ui_dom.ai_client import shared_client

        client = shared_client()
    try:
        plan = json.loads(await client.review_plan(_state.record_json, SEAT))
        if run != _state.run:
            return
        if "error" in plan:
            _state.error = str(plan["error"])[:300]
            render()
            return
        _state.plan = [int(i) for i in plan["decisions"]]
        render()
        for i in _state.plan:
            reply = json.loads(await client.review_step(_state.record_json, SEAT, i))
            if run != _state.run:
                return  # another review was opened meanwhile
            _state.done[i] = reply
            if is_open("review"):
                render()
    except Exception as e:  # a worker error arrives as a JS error
        if run == _state.run:
            _state.error = str(e)[:300]
            render()


# ---- drawing ---------------------------------------------------------------------------


def step_of(decision: dict[str, Any]) -> int:
    """The step a decision is shown at: its trick (1..), else the bidding (0)."""
    return int(decision["trick"]) + 1 if decision.get("phase") == "play" else 0


def render() -> None:
    """Draw the review dialog from the state, in the current language."""
    box = _dialog()
    head = el("div", "dialog-head")
    add(head, el("h2", "review-title", t("review.title"), id="review-title"))
    close = el("button", "btn", t("review.close"), type="button", id="review-close")
    on(close, "click", lambda _e: box.close())
    head.append(close)
    children: list[Any] = [head]
    if _state.error:
        children.append(el("p", "review-error notice", t("review.error", error=_state.error),
                           role="alert"))
    if _state.game is not None:
        children += [_progress(), _costly(), _step_box(_state.game)]
    active = document().activeElement
    focus_id = str(active.id) if active and box.contains(active) and active.id else ""
    box.replaceChildren(*children)
    again = by_id(focus_id) if focus_id else None
    if again and not again.disabled:
        again.focus()


def _progress() -> Any:
    total, done = len(_state.plan), len(_state.done)
    node = el("div", "review-progress", None, id="review-progress", role="status")
    finished = bool(total) and done == total
    node.setAttribute("data-done", "true" if finished else "false")
    if finished:
        return add(node, el("span", "", t("review.done", n=total)))
    bar = el("progress", "", None, max=max(total, 1), value=done)
    bar.setAttribute("aria-label", t("review.progress", done=done, total=total or "…"))
    return add(node, bar, el("span", "", t("review.progress", done=done, total=total or "…")))


def _costly() -> Any:
    box = el("section", "review-costly", None, id="review-costly",
             aria_labelledby="review-costly-title")
    box.append(el("h3", "", t("review.costly"), id="review-costly-title"))
    ranked = sorted((d for d in _state.done.values() if is_costly(d)), key=cost_key)
    if not ranked:
        if len(_state.done) == len(_state.plan) and _state.plan:
            box.append(el("p", "", t("review.none_costly")))
        return box
    items = el("ol", "costly-list")
    for d in ranked[:8]:
        b = el("button", "btn costly", None, type="button", data_index=d["index"],
               data_step=step_of(d))
        add(b, el("span", "where", where_words(d)), el("span", "cost", cost_words(d)),
            el("span", "what", t("review.you", action=action_words(d["played"], _state.style))),
            el("span", "what", t("review.strong",
                                 action=action_words(d["strong"], _state.style))))
        on(b, "click", _goto(step_of(d)))
        items.append(add(el("li"), b))
    return add(box, items)


def _goto(step: int) -> Any:
    def go(_event: Any) -> None:
        _state.step = step
        render()
        target = by_id("review-step")
        if target:
            target.focus()

    return go


def _names(n: int) -> list[str]:

    return [seat_name(s) for s in range(n)]


def _step_box(game: Game) -> Any:
    last = len(_state.starts)
    step = max(0, min(_state.step, last))
    box = el("section", "review-step", None, id="review-step", tabindex="-1", data_step=step)
    label = t("review.step_contract") if step == 0 else t("review.where_trick", n=step)
    nav = el("div", "record-nav")
    for key, node_id, target in (("review.prev", "review-prev", step - 1),
                                 ("review.next", "review-next", step + 1)):
        b = el("button", "btn", t(key), type="button", id=node_id)
        b.disabled = not 0 <= target <= last
        on(b, "click", _goto(target))
        nav.append(b)
    add(box, el("h3", "review-step-title", label), nav)
    mine = [d for d in _state.done.values() if step_of(d) == step]
    # The human's decisions first (what the player came to see), then the cards.
    for d in sorted(mine, key=lambda d: int(d["index"])):
        box.append(_decision_el(d))
    box.append(_contract_el(game) if step == 0 else _trick_el(game, step - 1))
    return box


def _contract_el(game: Game) -> Any:

    names = _names(game.n)
    sep = t("review.sep")
    bids = sep.join(f"{names[s]} {bid_word(a, _state.style)}" for s, a in _auction(game))
    node = el("div", "review-contract")
    node.append(el("p", "", t("review.auction", bids=bids)))
    r = game.result
    if r is not None and game.called is not None:
        bid = f"{suit_glyph(game.trump, _state.style)}{r.bid}"
        node.append(el("p", "", t("review.contract", who=seat_name(r.napoleon), bid=bid,
                                  card=card_name(game.called))))
    return node


def _auction(game: Game) -> list[tuple[int, Any]]:
    from napoleon.actions import Bid, Pass

    return [(s, a) for s, a in game.actions() if isinstance(a, (Bid, Pass))]


def _trick_el(game: Game, index: int) -> Any:
    """Every hand before trick ``index`` and the trick's cards (winner marked)."""

    before = _state.starts[index]
    trick = game.tricks[index]
    names = _names(game.n)
    table = el("table", "review-hands")
    cap = el("caption", "", t("review.hands"))
    table.append(cap)
    played = {trick.seat_of(i, game.n): c for i, c in enumerate(trick.cards)}
    for seat in range(game.n):
        row = el("tr", "you" if seat == SEAT else "", None, data_seat=seat)
        row.append(el("th", "", names[seat], scope="row"))
        cell = el("td", "review-played")
        c = played.get(seat)
        if c is not None:
            node = card_el(c, _state.style, cls="small")
            if seat == trick.winner:
                node.classList.add("won")
            cell.append(node)
        row.append(cell)
        hand = el("td", "review-hand")
        for h in sorted_cards(before.hands[seat]):
            node = card_el(h, _state.style, cls="small" + (" played" if h == c else ""))
            hand.append(node)
        row.append(hand)
        table.append(row)
    return table


def _decision_el(d: dict[str, Any]) -> Any:
    costly = is_costly(d)
    node = el("div", "review-decision" + (" costly" if costly else ""), None,
              data_index=d["index"], data_played=d["played"], data_strong=d["strong"])
    node.append(el("h4", "", where_words(d)))
    add(node, el("p", "you", t("review.you", action=action_words(d["played"], _state.style))))
    strong = el("p", "strong", t("review.strong", action=action_words(d["strong"], _state.style)))
    add(node, strong)
    if d.get("oracle"):
        add(node, el("p", "oracle", t("review.oracle",
                                      action=action_words(d["oracle"], _state.style))))
    add(node, el("p", "why", t("review.why", why=reason_words(d.get("reason") or {}))))
    if costly:
        add(node, el("p", "cost", cost_words(d)))
    opts = el("ul", "review-options")
    for o in d.get("options") or []:
        li = el("li", "", None)
        figures = figures_words(o)
        words = action_words(o["action"], _state.style)
        li.textContent = f"{words} — {figures}" if figures else words
        opts.append(li)
    return add(node, opts)


__all__ = ["mount_review", "open_review", "review_game", "trick_starts"]
