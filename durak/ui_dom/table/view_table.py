"""The table of a game of a kind of its own, drawn from its seat's view alone.

A game registered beside the family's engines brings no drawing: its view says what
the table shows (:class:`OwnView`: the cards each seat holds, the seat's own hand,
the face-up cards in the middle, and its legal moves), drawn in the frame every
table of the family shares (:func:`durak.ui_dom.table.table.lay_out`).  Each legal
move is one click (:mod:`durak.ui_dom.play.view_clicks`): a card it lays is that
card of the hand, any other move a button with its words (a take: the entry's
``take``).  The log says each move as the engine writes it, under the seat's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from cardkit.ui_dom.nodes import el
from durak.cards import Card
from durak.family.entry import FamilyView
from durak.ui_dom.i18n import t
from durak.ui_dom.play.view_clicks import MOVE_ACT, move_text
from durak.ui_dom.record.family_words import write_moves
from durak.ui_dom.table import card_words
from durak.ui_dom.table.announce import LOG, undo_lines
from durak.ui_dom.table.own_words import end_words, laid_card, move_words
from durak.ui_dom.table.table import (
    end_box,
    lay_out_mode,
    screen_first,
    seat_frame,
)

#: The face-up cards in the middle drawn (the rest counted).
SHOWN = 5


class OwnView(FamilyView, Protocol):
    """What a view of a kind of its own offers its table beside :class:`FamilyView`: the
    cards each seat holds, its own hand, the face-up pile, and at the end the durak (none:
    a draw)."""

    @property
    def counts(self) -> Sequence[int]: ...

    @property
    def hand(self) -> int: ...

    @property
    def pile(self) -> Sequence[Card]: ...

    @property
    def durak(self) -> int | None: ...


def status_text(ctrl: Any, v: OwnView) -> str:
    if ctrl.over:  # a guest's end too, before the host's record comes
        return end_words(v.durak, v.counts)
    if not ctrl.human_to_act():
        return t("status.wait", name=card_words.seat_name(v.to_act or 0))
    return t("pile.status.lead") if not v.pile else t(
        "pile.status.beat", card=card_words.card_name(v.pile[-1]))


def seat_panel(ctrl: Any, v: OwnView, seat: int, tally: list[int]) -> Any:
    acting = not ctrl.over and v.to_act == seat
    role = "attacker" if acting else "waiting"
    tags = [(role, t("pile.turn"))] if acting else []
    return seat_frame(seat, role, acting, tags, v.counts[seat],
                      [("tally", t("seat.tally", n=tally[seat]))])


def middle_el(ctrl: Any, v: OwnView) -> Any:
    """The face-up cards in the middle (the top ones; the rest counted), or the end."""
    if ctrl.over:
        game = ctrl.finished_game()
        return end_box(ctrl, status_text(ctrl, v), [],
                       None if game is None else write_moves(game, ctrl.record_seed()))
    box = el("div", "dk-play dk-pile", id="dk-pile", role="group", aria_label=t("pile.label"))
    box.append(el("p", "pile-count", t("pile.count", n=len(v.pile)), id="pile-count"))
    row = el("div", "pile-cards")
    if not v.pile:
        row.append(el("p", "muted empty-table", t("pile.empty")))
    for c in v.pile[-SHOWN:]:
        row.append(card_words.card_el(c))
    box.append(row)
    return box


def moves_el(ctrl: Any, texts: list[str]) -> Any:
    """A button for each legal move that lays no card of the hand."""
    box = el("div", "controls", id="controls")
    for text in texts:
        if laid_card(text) is None:
            box.append(el("button", "btn primary", move_words(ctrl.rules.mode, text),
                          type="button", data_act=MOVE_ACT, data_arg=text))
    return box


def hand_el(v: OwnView, texts: list[str]) -> Any:
    playable = {c: text for text in texts if (c := laid_card(text)) is not None}
    box = el("div", "hand" + (" can-play" if texts else ""), id="hand", role="group",
             aria_label=card_words.hand_label(v.seat), data_seat=v.seat)
    cards = card_words.hand_order(v.hand, None)
    box.style.setProperty("--n", str(max(len(cards), 6)))
    for c in cards:
        box.append(card_words.card_el(c, MOVE_ACT, playable.get(c, ""),
                                      cls="playable" if c in playable else "",
                                      disabled=c not in playable))
    return box


def scope(ctrl: Any) -> tuple[str, int, int]:
    return ("own", ctrl.match_seed, ctrl.number)


def announce(ctrl: Any, status: str) -> None:
    """The log: the last undo's note (once), the moves not said yet, the status."""
    moves = ctrl.seen_moves()
    lines = undo_lines(ctrl, scope(ctrl), len(moves))

    def quiet(before: object) -> bool:  # a restored table's moves were said before
        return not (isinstance(before, tuple) and before[:2] == scope(ctrl)[:2])

    lines += [f"{card_words.seat_name(moves[i][0])}: {move_words(ctrl.rules.mode, moves[i][1])}"
              for i in LOG.fresh(scope(ctrl), range(len(moves)), quiet)]
    LOG.write(lines, status)


def already_said(ctrl: Any) -> None:
    """Take every move of the game on the table as said."""
    LOG.mark_said(scope(ctrl), range(len(ctrl.seen_moves())))


def draw(ctrl: Any) -> None:
    """Rebuild ``#table`` and the status line from the seat's view (at pass-and-play,
    the privacy screen alone while another person is to move)."""
    if screen_first(ctrl, announce):
        return
    v: OwnView = ctrl.view()
    tally = ctrl.tally()
    texts = [move_text(ctrl.engine, a) for a in ctrl.legal()]
    text = status_text(ctrl, v)
    lay_out_mode(ctrl, ctrl.rules.mode, v.seat, len(v.counts),
                 lambda seat: seat_panel(ctrl, v, seat, tally), el("div", "deck"),
                 middle_el(ctrl, v), ctrl.over, moves_el(ctrl, texts), hand_el(v, texts),
                 status=text)
    announce(ctrl, text)


__all__ = ["OwnView", "already_said", "announce", "draw", "hand_el", "middle_el", "moves_el",
           "status_text"]

