"""Durak's review screen and shared-game links, on the shell's review frame.

``open_review(record)`` (a ``durak-game/1`` JSON record, dict or text: untrusted, the
engine replays it; a refused one is a notice in the dialog) opens the ``#review``
dialog of :mod:`cardkit.ui_dom.review_frame`, which asks the worker to review the
human's decisions one per call (:func:`durak.ai.review.review_step_json`, exported by
``web/worker.py`` as ``durak_review_step_json``) — at pass-and-play every person's,
each under their name (:func:`cardkit.ui_dom.pass_play.reviewed`).  This module plugs
in Durak's part (:class:`DurakReview`): one step per bout, each with every hand as it
stood before the bout, the bout in words (:mod:`durak.ui_dom.record.record_words`), and at
each of the human's decisions the action taken, the strong computer's choice and the
chance of not being the durak after each (``40% → 55%``).

Computed from the game's end (:func:`prepare_review`, before the player asks), and
opened from the end screen (``data-act="review"``) and from the record screen for
any finished game.  A finished game's link (``?game=durak#game=…``,
:mod:`cardkit.share_link`: the same framing and bounds as Napoleon's) opens its
record here on another device; a tampered link is a notice, never an error.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Sequence
from typing import Any, Final

from cardkit.share_link import MAX_LINK_CHARS, encode_link
from cardkit.ui_dom import browser, share
from cardkit.ui_dom.nodes import el
from cardkit.ui_dom.page_shell import Computers
from cardkit.ui_dom.review_frame import (
    LONE,
    People,
    ReviewFrame,
    ReviewSlot,
    ask_computers,
    said_by,
)
from durak.ai.reader import FRESH, MatchStart, reading_fields
from durak.ai.review import record_starts, replay_finished
from durak.game import Game
from durak.record import json_record, text_record
from durak.record_check import MAX_RECORD_CHARS
from durak.ui_dom.i18n import language, t
from durak.ui_dom.review.review_words import (
    action_words,
    bout_lines,
    chance_words,
    cost_key,
    is_costly,
    percent,
)
from durak.ui_dom.table.card_words import card_el, hand_order, seat_names

#: The page's query that opens Durak (``web/main.py``'s ``PAGES``).
QUERY = "game=durak"


def bout_starts(game: Game) -> list[list[int]]:
    """Every seat's hand as it stood when each bout began (index 0: bout 1)."""
    g = Game.from_deal(game.rules, game.deal, game.dealer, game.first_attacker)
    out: list[list[int]] = []
    for seat, a in game.actions():
        if g.bout > len(out):
            out.append(list(g.hands))
        g.apply(a, seat)
    return out


class DurakReview:
    """Durak's part of the review frame: step ``i`` is bout ``i + 1``."""

    def __init__(self, computers: Computers | None) -> None:
        self.computers = computers
        self.hands: list[list[int]] = []
        self.record_text = ""
        #: The people whose decisions are reviewed (their rows marked, by their names).
        self.people: People = LONE

    def t(self, key: str, **fmt: object) -> str:
        return t(key, **fmt)

    def load(self, record: str) -> tuple[Game, str]:
        if len(record) > MAX_RECORD_CHARS:
            raise ValueError(f"{len(record):,} characters is too long")
        game = replay_finished(record)
        # A bad "reading" or "readings" is refused with the record.
        starts = record_starts(record, game.rules.players)
        self.hands = bout_starts(game)
        self.record_text = text_record(game, None, None, 1)
        return game, json.dumps(json_record(game, **reading_fields(starts)))

    def plan(self, record_json: str, seat: int) -> Awaitable[str]:
        return ask_computers(self.computers, "durak_review_plan_json", record_json, seat)

    def step(self, record_json: str, seat: int, index: int) -> Awaitable[str]:
        return ask_computers(self.computers, "durak_review_step_json", record_json, seat, index)

    def last_step(self, game: Game) -> int:
        return max(0, len(self.hands) - 1)

    def step_of(self, decision: dict[str, Any]) -> int:
        bout = decision.get("bout")
        return bout - 1 if isinstance(bout, int) and bout >= 1 else 0

    def is_costly(self, decision: dict[str, Any]) -> bool:
        return is_costly(decision)

    def cost_key(self, decision: dict[str, Any]) -> Any:
        return cost_key(decision)

    def costly_parts(self, d: dict[str, Any]) -> list[Any]:
        lang = language()
        return [el("span", "where", t("review.at", n=self.step_of(d) + 1)),
                el("span", "cost", chance_words(d, lang)),
                el("span", "what", said_by(t, d, "review.you", "review.person",
                                           action=action_words(d.get("played"), lang))),
                el("span", "what", t("review.strong",
                                     action=action_words(d.get("strong"), lang)))]

    def step_title(self, game: Game, step: int) -> str:
        return t("review.bout", n=step + 1)

    def step_parts(self, game: Game, step: int, decisions: list[dict[str, Any]]) -> list[Any]:
        parts = [self._decision_el(d) for d in decisions]
        parts.append(self._hands_el(game, step))
        groups = bout_lines(self.record_text, seat_names(game.rules.players), language())
        moves = el("ul", "record-words review-moves", None, lang=language())
        moves.setAttribute("aria-label", t("review.moves"))
        for kind, line in groups[step] if step < len(groups) else []:
            moves.append(el("li", f"words-{kind}", line))
        parts.append(moves)
        return parts

    def _hands_el(self, game: Game, step: int) -> Any:
        # suits-symbols: ♥♦ red as at the table (the dialog lies outside #table)
        table = el("table", "review-hands suits-symbols")
        table.append(el("caption", "", t("review.hands")))
        hands = self.hands[step] if step < len(self.hands) else []
        names = seat_names(game.rules.players)
        people = dict(self.people)
        for seat, hand in enumerate(hands):
            row = el("tr", "you" if seat in people else "", None, data_seat=seat)
            if people.get(seat) and seat < len(names):  # pass-and-play: by their names
                names[seat] = people[seat]
            row.append(el("th", "", names[seat] if seat < len(names) else str(seat),
                          scope="row"))
            cell = el("td", "review-hand")
            for c in hand_order(hand, game.trump):
                cell.append(card_el(c, cls="small"))
            row.append(cell)
            table.append(row)
        return table

    def _decision_el(self, d: dict[str, Any]) -> Any:
        lang = language()
        costly = is_costly(d)
        node = el("div", "review-decision" + (" costly" if costly else ""), None,
                  data_index=d.get("index"), data_played=d.get("played"),
                  data_strong=d.get("strong"))
        node.append(el("p", "you", said_by(t, d, "review.you", "review.person",
                                           action=action_words(d.get("played"), lang))))
        if d.get("strong") == d.get("played"):
            node.append(el("p", "strong", t("review.same")))
        else:
            node.append(el("p", "strong", t("review.strong",
                                            action=action_words(d.get("strong"), lang))))
            node.append(el("p", "cost", chance_words(d, lang)))
            se = d.get("gain_se")
            if not costly and isinstance(se, float) and se > 0:
                node.append(el("p", "near", t("review.near", se=percent(se))))
        options = d.get("options")
        if isinstance(options, list) and len(options) > 1:
            node.append(el("p", "options-title", t("review.options")))
            box = el("ul", "review-options")
            box.setAttribute("aria-label", t("review.options"))
            # The tree ranks by its share of visits: that figure first, as the hint.
            shares = d.get("shares") if d.get("figure") == "share" else None
            for k, o in enumerate(options[:10]):
                if isinstance(o, list) and len(o) == 2:
                    share = shares[k] if isinstance(shares, list) and k < len(shares) else None
                    if isinstance(share, float):
                        box.append(el("li", "", t("review.share_option",
                                                  action=action_words(o[0], lang),
                                                  share=percent(share), pct=percent(o[1]))))
                    else:
                        box.append(el("li", "",
                                      f"{action_words(o[0], lang)} — {percent(o[1])}%"))
            node.append(box)
        return node


_slot: Final = ReviewSlot(DurakReview)


def mount(computers: Computers) -> None:
    """Remember the page's computers (the worker they share; once is enough); the dialog
    is made when first opened."""
    _slot.frame_for(computers)


def _frame_for(people: People) -> ReviewFrame:
    # Not mounted: made without computers, a notice in the dialog rather than a crash.
    return _slot.frame_for(_slot.computers, people)


def open_review(record: dict[str, Any] | str, people: People = LONE) -> None:
    """Open the review of a finished game's record judging ``people``'s decisions (the
    one player's by default; see the module doc)."""
    _frame_for(people).open(record, people)


#: Nothing read: a game whose record carries no reading.
NOT_READ: Final = (FRESH,)


def prepare_review(game: Game, starts: Sequence[MatchStart] = NOT_READ,
                   people: People = LONE) -> None:
    """Start the review of a game just finished, without opening it (the end screen).
    ``starts``: the readings of the other player when the game began
    (:meth:`durak.ui_dom.play.controller.Controller.record_starts`: the human's, or at
    pass-and-play for 2 each person's), which the hints read on from, carried by the
    record so that the review weighs as the hints did.
    ``people``: whose decisions (:func:`cardkit.ui_dom.pass_play.reviewed`)."""
    if _slot.frame is not None:
        _frame_for(people).prepare(json_record(game, **reading_fields(starts)), people)


def review_game(game: Game, starts: Sequence[MatchStart] = NOT_READ,
                people: People = LONE) -> None:
    """Open the review of a finished :class:`Game` (the end screen, the record screen);
    ``starts`` and ``people`` as :func:`prepare_review`'s."""
    open_review(json_record(game, **reading_fields(starts)), people)


def game_link(page_url: str, game: Game, starts: Sequence[MatchStart] = NOT_READ) -> str:
    """The link that opens ``game``'s review on another device (``?game=durak#game=…``)."""
    return share.game_link(page_url, encode_link(json_record(game, **reading_fields(starts))),
                           QUERY)


def share_game(game: Game, url_id: str, status_id: str, notify: Any,
               starts: Sequence[MatchStart] = NOT_READ) -> None:
    """Show the link of ``game`` in ``#url_id`` and copy it (too long: a notice); the
    record carries ``starts`` so the review there weighs as here."""
    share_record(json_record(game, **reading_fields(starts)), url_id, status_id, notify)


def share_record(record: dict[str, Any], url_id: str, status_id: str, notify: Any) -> None:
    """Show the link carrying ``record`` (a finished game's JSON record, of any game
    of the family: :mod:`durak.ui_dom.record.family_share`) in ``#url_id`` and copy it."""
    link = share.game_link(str(browser.window().location.href), encode_link(record), QUERY)
    fragment = link.partition("#")[2]
    if len(fragment) > MAX_LINK_CHARS:
        notify([t("share.too_long", n=f"{len(fragment):,}")])
        return
    share.show_and_copy(link, url_id, status_id, t, ("share.copied", "share.copy_failed"))


def _open_text(text: str) -> list[str]:
    """A shared link's record: replayed, then reviewed; else the notices why."""
    try:
        replay_finished(text)
    except ValueError as e:
        return [str(e)[:200]]
    open_review(text)
    return []


def open_from_location(notify: Any) -> None:
    """Open the game the address's fragment carries, if any (a notice if it is bad)."""
    share.open_game_link(_open_text, lambda why: t("share.bad", error=why), notify)


__all__ = [
    "DurakReview", "bout_starts", "game_link", "mount", "open_from_location", "open_review",
    "prepare_review", "review_game", "share_game", "share_record",
]
