"""The review screen: a finished game trick by trick, with the strong computer's advice.

Entry point for other screens (the share-a-game link, the record screen)::

    from napoleon.ui_dom.review_view import open_review
    open_review(record)      # record: a game record dict or its JSON text

``open_review`` may be called at any time after ``main()`` made the App (even
before the menu is mounted: it uses the page's own AI client, never a second
worker).  It opens the ``#review`` dialog at once and computes the review
in the AI worker, one decision per call (:func:`napoleon.ai.review.review_step_json`),
showing its progress.  The dialog's life (opening, the worker's calls, progress,
late answers dropped, the costliest list, the steps' navigation, focus) is the
shell's review frame (:mod:`cardkit.ui_dom.review_frame`); this module plugs in
Napoleon's own part (:class:`NapoleonReview`).  ``record`` is a ``napoleon-game/1`` record of a
*finished* game (:func:`napoleon.record.game_record`); it is untrusted: the
engine replays and checks it, and a record it refuses shows a notice in the
dialog (never a broken page).  The human's seat is 0 (the page's seat); at
pass-and-play every person's decisions are reviewed, each under their own name
(:func:`cardkit.ui_dom.pass_play.reviewed`), never a computer's.

What the dialog shows: the decisions that cost the most first (expected points
lost against the strong computer, each a button that jumps to its step), then
the game step by step — the bidding and the call, then each trick with every
hand as it stood before the trick, the cards played, and at each of the
human's plays the human's card, the strong computer's card and the card an
all-seeing player would have played.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable
from typing import Any

from cardkit.ui_dom.page_reset import on_reset
from cardkit.ui_dom.review_frame import LONE, People, ReviewFrame, said_by
from napoleon.cards import sorted_cards
from napoleon.game import Game, Phase
from napoleon.record import RecordError, game_record, load_record, replay_game
from napoleon.ui_dom.card_words import bid_word, card_el, card_name, seat_name, suit_glyph
from napoleon.ui_dom.dom import add, el
from napoleon.ui_dom.i18n import t
from napoleon.ui_dom.review_words import (
    about_best,
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


class NapoleonReview:
    """Napoleon's part of the review frame (:class:`cardkit.ui_dom.review_frame.ReviewGame`):
    step 0 is the bidding and the call, step n trick n."""

    def __init__(self) -> None:
        self.client: Any = None
        self.style = "symbols"
        self.starts: list[Game] = []  #: the game before each trick
        #: Whose decisions are reviewed (their rows marked, by their names).
        self.people: People = LONE

    def t(self, key: str, **fmt: object) -> str:
        return t(key, **fmt)

    def load(self, record: str) -> tuple[Game, str]:
        self.starts = []
        game = replay_game(load_record(record))
        if game.result is None:
            raise RecordError("the game is not over")
        self.starts = trick_starts(game)
        # The worker gets the engine's own record of the replayed game.
        return game, json.dumps(game_record(game))

    def _client(self) -> Any:
        if self.client is None:
            from napoleon.ui_dom.ai_client import shared_client

            self.client = shared_client()
        return self.client

    def plan(self, record_json: str, seat: int) -> Awaitable[str]:
        return self._client().review_plan(record_json, seat)  # type: ignore[no-any-return]

    def step(self, record_json: str, seat: int, index: int) -> Awaitable[str]:
        return self._client().review_step(record_json, seat, index)  # type: ignore[no-any-return]

    def last_step(self, game: Game) -> int:
        return len(self.starts)

    def step_of(self, decision: dict[str, Any]) -> int:
        return step_of(decision)

    def is_costly(self, decision: dict[str, Any]) -> bool:
        return is_costly(decision)

    def cost_key(self, decision: dict[str, Any]) -> Any:
        return cost_key(decision)

    def costly_parts(self, d: dict[str, Any]) -> list[Any]:
        return [el("span", "where", where_words(d)), el("span", "cost", cost_words(d)),
                el("span", "what", said_by(t, d, "review.you", "review.person",
                                           action=action_words(d["played"], self.style))),
                el("span", "what", t("review.strong",
                                     action=action_words(d["strong"], self.style)))]

    def step_title(self, game: Game, step: int) -> str:
        return t("review.step_contract") if step == 0 else t("review.where_trick", n=step)

    def step_parts(self, game: Game, step: int, decisions: list[dict[str, Any]]) -> list[Any]:
        # The human's decisions first (what the player came to see), then the cards.
        parts = [self._decision_el(d) for d in decisions]
        parts.append(self._contract_el(game) if step == 0 else self._trick_el(game, step - 1))
        return parts

    def _contract_el(self, game: Game) -> Any:
        names = _names(game.n)
        sep = t("review.sep")
        bids = sep.join(f"{names[s]} {bid_word(a, self.style)}" for s, a in _auction(game))
        node = el("div", "review-contract")
        node.append(el("p", "", t("review.auction", bids=bids)))
        r = game.result
        if r is not None and game.called is not None:
            bid = f"{suit_glyph(game.trump, self.style)}{r.bid}"
            node.append(el("p", "", t("review.contract", who=seat_name(r.napoleon), bid=bid,
                                      card=card_name(game.called))))
        return node

    def _trick_el(self, game: Game, index: int) -> Any:
        """Every hand before trick ``index`` and the trick's cards (winner marked)."""
        before = self.starts[index]
        trick = game.tricks[index]
        names = _names(game.n)
        people = dict(self.people)
        for seat, name in people.items():
            if name and seat < len(names):  # pass-and-play: each by their own name
                names[seat] = name
        table = el("table", "review-hands")
        table.append(el("caption", "", t("review.hands")))
        played = {trick.seat_of(i, game.n): c for i, c in enumerate(trick.cards)}
        for seat in range(game.n):
            row = el("tr", "you" if seat in people else "", None, data_seat=seat)
            row.append(el("th", "", names[seat], scope="row"))
            cell = el("td", "review-played")
            c = played.get(seat)
            if c is not None:
                node = card_el(c, self.style, cls="small")
                if seat == trick.winner:
                    node.classList.add("won")
                cell.append(node)
            row.append(cell)
            hand = el("td", "review-hand")
            for h in sorted_cards(before.hands[seat]):
                hand.append(card_el(h, self.style, cls="small" + (" played" if h == c else "")))
            row.append(hand)
            table.append(row)
        return table

    def _decision_el(self, d: dict[str, Any]) -> Any:
        costly = is_costly(d)
        style = self.style
        node = el("div", "review-decision" + (" costly" if costly else ""), None,
                  data_index=d["index"], data_played=d["played"], data_strong=d["strong"])
        node.append(el("h4", "", where_words(d)))
        add(node, el("p", "you", said_by(t, d, "review.you", "review.person",
                                         action=action_words(d["played"], style))))
        add(node, el("p", "strong", t("review.strong", action=action_words(d["strong"], style))))
        if d.get("oracle"):
            add(node, el("p", "oracle", t("review.oracle",
                                          action=action_words(d["oracle"], style))))
        add(node, el("p", "why", t("review.why", why=reason_words(d.get("reason") or {}))))
        if costly:
            add(node, el("p", "cost", cost_words(d)))
        opts = el("ul", "review-options")
        listed = d.get("options") or []
        about = about_best(listed)
        for n, o in enumerate(listed):
            li = el("li", "", None)
            figures = figures_words(o, about and n == 0)
            words = action_words(o["action"], style)
            li.textContent = f"{words} — {figures}" if figures else words
            opts.append(li)
        return add(node, opts)


_plug = NapoleonReview()
_frame = ReviewFrame(_plug)


@on_reset
def _forget() -> None:
    global _plug, _frame
    _plug = NapoleonReview()
    _frame = ReviewFrame(_plug)


def mount_review(client: Any) -> None:
    """Remember the page's AI client (``App.ai``); the dialog is made when first opened."""
    _plug.client = client
    register()


def open_review(record: dict[str, Any] | str, style: str = "symbols",
                people: People = LONE) -> None:
    """Open the review of a finished game's record (a dict or JSON text) judging
    ``people``'s decisions (the one player's by default); see the module doc.  Safe
    with any input: a bad record shows a notice in the dialog."""
    register()
    _plug.style = style
    _plug.people = people
    _frame.open(record, people)


def review_game(game: Game, style: str = "symbols", people: People = LONE) -> None:
    """Open the review of a finished :class:`Game` (the table's end screen, the record
    screen): ``people``'s decisions, at pass-and-play every person's
    (:func:`cardkit.ui_dom.pass_play.reviewed`)."""
    open_review(game_record(game), style, people)


def trick_starts(game: Game) -> list[Game]:
    """The game as it stood before each trick (index 0: before trick 1)."""
    g = Game.from_deal(game.rules, game.deals[0], game.first_bidder, more_deals=game.deals[1:])
    out: list[Game] = []
    for _seat, a in game.actions():
        if g.phase is Phase.PLAY and not g.trick and len(out) == len(g.tricks):
            out.append(g.clone())
        g.apply(a)
    return out


def step_of(decision: dict[str, Any]) -> int:
    """The step a decision is shown at: its trick (1..), else the bidding (0)."""
    return int(decision["trick"]) + 1 if decision.get("phase") == "play" else 0


def render() -> None:
    """Draw the review dialog from the state, in the current language."""
    _frame.render()


def _names(n: int) -> list[str]:
    return [seat_name(s) for s in range(n)]


def _auction(game: Game) -> list[tuple[int, Any]]:
    from napoleon.actions import Bid, Pass

    return [(s, a) for s, a in game.actions() if isinstance(a, (Bid, Pass))]


__all__ = ["NapoleonReview", "mount_review", "open_review", "review_game", "trick_starts"]
