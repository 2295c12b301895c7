"""Drawing a pile game at Durak's table (every mode of :mod:`durak.pile`).

Everything drawn comes from the human's :class:`~durak.pile.view.PileView` and
the game's moves, which every player saw (every card is laid and taken face
up): the pile and its count, the trump, the talon's and discard pile's counts
(the discard pile's only in the modes that discard; never a face-down card),
whose turn it is, each seat's count of cards and the cards everybody saw it
take (crusaders: its face-up pile of the dealing), the human's hand with the
legal cards enabled, the Take button saying what a take picks up in this mode,
polish's talon button (an empty hand's turn, ``@``), in heap and polish who attacks
whom (the ring of seats an attack goes round and the attacker named on the pile:
:mod:`durak.ui_dom.table.pile_ring`), the ordinary game's Undo row
(:func:`durak.ui_dom.table.table.undo_el`), and the mode's rules in a
folded paragraph.  The log (``#announce``) says each move in words (polish's
``@``: the cards it turned, :class:`~durak.ui_dom.play.pile_controller.TalonTurn`);
the end says who is the durak, the series' tally and the game's record, and
offers the next game, the review and the game's link (a guest's page: the review and
link of the host's record of the game, once it came, and no next game).

The layout is the ordinary game's (:mod:`durak.ui_dom.table.table`: the same frame
and classes), the pile in place of the pairs.
"""

from __future__ import annotations

from typing import Any, Final

from cardkit.ui_dom.nodes import el
from durak.cards import SUIT_SYMBOLS, card_label, suit_of
from durak.family.modes import CHINESE, CRUSADERS, HEAP, KURUKURU, POLISH
from durak.pile.actions import FromTalon, Lay, Take
from durak.pile.options import PileRules
from durak.pile.view import PileView
from durak.ui_dom.friends.pile_guest_controller import PileTable
from durak.ui_dom.i18n import language, t
from durak.ui_dom.play.pile_controller import HUMAN
from durak.ui_dom.table import card_words
from durak.ui_dom.table.account import account_el, pile_account
from durak.ui_dom.table.announce import LOG, undo_lines
from durak.ui_dom.table.move_words import move_text
from durak.ui_dom.table.pile_ring import attack_text, order_el
from durak.ui_dom.table.table import (
    end_box,
    face_down_talon,
    lay_out_mode,
    screen_first,
    seat_frame,
)

#: The pile's top cards drawn face up (the rest is counted): enough to see the
#: run being beaten, few enough for one row at a phone's width (390 px, 5 players).
PILE_SHOWN: Final = 5


def take_label(rules: PileRules, talon: int = 0) -> str:
    """What the Take button does in ``rules``' mode, in words (polish: the top card
    while the ``talon`` lasts, then the top 3)."""
    if rules.mode == HEAP:
        return t(f"pile.take.heap_{rules.heap_take}")
    if rules.mode == POLISH:
        return t("pile.take.polish" if talon else "pile.take.polish_late")
    return t(f"pile.take.{rules.mode}")


def talon_label(v: PileView) -> str:
    """What polish's talon button does: draw against the top card, or turn an attack."""
    return t("pile.talon.draw" if v.must_beat else "pile.talon.attack")


def deal_lines(v: PileView, own: int | None = HUMAN) -> list[str]:
    """crusaders' dealing phase in words (the engine plays it out at once: nobody has a
    choice), as the view tells it (:class:`~durak.pile.view.DealingSeen`): the face-up
    cards and who draws first, then per seat the cards it drew in order and where each
    went.  A card drawn into another seat's hand stays hidden (the mode's [I]); the
    ones drawn into seat ``own``'s are named (none at pass-and-play: the log stays
    on the page as the device changes hands).  One line per seat keeps the deal within
    the log's lines (:data:`durak.ui_dom.table.announce.LOG`).  Other modes: nothing."""
    done = v.dealing
    if done is None:
        return []
    sep = t("list.sep")
    cards = sep.join(t("pile.deal.seat_card", name=card_words.seat_name(s),
                       card=card_words.card_name(c))
                     for s, c in enumerate(done.faceup))
    lines = [t("pile.deal.faceup", cards=cards, name=card_words.seat_name(done.first))]
    drawn: list[list[str]] = [[] for _ in done.faceup]
    for seat, c, onto in done.draws:
        if c is None or (onto is None and seat != own):
            word = t("pile.deal.hidden")
        elif onto is None:
            word = t("pile.deal.hand", card=card_words.card_name(c))
        elif onto == seat:
            word = t("pile.deal.own", card=card_words.card_name(c))
        else:
            word = t("pile.deal.onto", card=card_words.card_name(c),
                     owner=card_words.seat_name(onto))
        drawn[seat].append(word)
    n = len(done.faceup)
    for seat in ((done.first + i) % n for i in range(n)):
        if drawn[seat]:
            lines.append(t("pile.deal.draws", name=card_words.seat_name(seat),
                           draws=sep.join(drawn[seat])))
    return lines


def status_text(ctrl: PileTable, v: PileView) -> str:
    if v.over:
        if v.durak is None and not v.repetition:  # §2.12: nobody left holding cards
            return t("pile.status.draw_out")
        if v.durak is None:
            names = t("list.sep").join(card_words.seat_name(s)
                                for s in range(len(v.counts)) if v.counts[s])
            return t("pile.status.draw", names=names or "-")
        return t("pile.status.over", name=card_words.seat_name(v.durak))
    if not ctrl.human_to_act():
        return t("status.out_wait" if v.seat in v.out else "status.wait",
                 name=card_words.seat_name(v.to_act))
    legal = v.legal_actions
    # Whom an attack goes to, by the name the table shows (the seats are listed in turn).
    target = card_words.seat_name(v.next_player())
    if any(isinstance(a, FromTalon) for a in legal):  # polish: an empty hand
        if v.must_beat:
            return t("pile.status.talon_draw", card=card_words.card_name(v.pile[-1]))
        return t("pile.status.talon_attack", name=target)
    if ctrl.rules.mode == POLISH and not v.must_beat:
        return t("pile.status.attack", name=target)
    if not v.pile:
        return t("pile.status.lead")
    if ctrl.rules.mode == HEAP and not v.must_beat:
        return t("pile.status.attack", name=target)
    if not any(isinstance(a, Lay) for a in legal):
        return t("pile.status.take_only")
    return t("pile.status.beat", card=card_words.card_name(v.pile[-1]))


def seat_panel(ctrl: PileTable, v: PileView, seat: int, tally: list[int]) -> Any:
    out = seat in v.out
    acting = not v.over and v.to_act == seat
    durak = v.over and v.durak == seat
    role = "durak" if durak else "out" if out else "attacker" if acting else "waiting"
    words = {"durak": "pile.durak", "out": "pile.out", "attacker": "pile.turn"}.get(role)
    tags = [(role, t(words))] if words else []
    extras = [("tally", t("seat.tally", n=tally[seat]))]
    known = v.known[seat] if seat != v.seat else 0
    if known:  # taken from the face-up pile (or the shown trump card): everybody saw it
        names = " ".join(card_label(c) for c in card_words.hand_order(known, v.trump))
        extras.insert(0, ("known", t("seat.known", cards=names)))
    return seat_frame(seat, role, acting, tags, v.counts[seat], extras)


#: The modes that never discard a card (docs/rules/durak.md §3.6: heap's and polish's cards
#: pile up or go into hands): their table shows no discard count, which would say
#: "Discarded: 0" all game long.
NEVER_DISCARD: Final = frozenset({HEAP, POLISH})


def shows_discards(mode: str) -> bool:
    """Whether ``mode``'s table shows the discard pile's count."""
    return mode not in NEVER_DISCARD


def deck_el(ctrl: PileTable, v: PileView) -> Any:
    """The talon (if the mode has one), the trump, the discard count (in the modes
    that discard), the game's number."""
    box = el("div", "dk-deck", id="dk-deck")
    face_down_talon(box, v.talon)
    badge = el("p", "trump-badge", None, id="trump-badge", data_trump=card_words.SUIT_KEYS[v.trump])
    badge.append(el("span", "", t("trump.label") + " "))
    badge.append(el("span", f"chip {card_words.SUIT_CLASSES[v.trump]}", SUIT_SYMBOLS[v.trump],
                    role="img", aria_label=card_words.SUIT_WORDS[language()][v.trump]))
    box.append(badge)
    if v.trump_card is not None:
        box.append(el("p", "trump-card-note",
                      t("pile.trump_card", card=card_label(v.trump_card)),
                      id="trump-card-note"))
    if shows_discards(ctrl.rules.mode):
        box.append(el("p", "discard-count", t("discard.count", n=v.discarded),
                      id="discard-count"))
    box.append(el("p", "game-no", t("pile.game_no", n=ctrl.number), id="game-no"))
    return box


#: The modes whose take picks up the pile's bottom card: the pile says which it is.
TAKES_BOTTOM: Final = frozenset({KURUKURU, CHINESE, CRUSADERS})

def pile_el(v: PileView, mode: str) -> Any:
    """The pile: its count and its top cards, bottom to top, the top one last."""
    box = el("div", "dk-play dk-pile", id="dk-pile", role="group", aria_label=t("pile.label"))
    box.append(el("p", "pile-count", t("pile.count", n=len(v.pile)), id="pile-count"))
    row = el("div", "pile-cards")
    if not v.pile:
        row.append(el("p", "muted empty-table", t("pile.empty")))
    shown = v.pile[-PILE_SHOWN:]
    below = len(v.pile) - len(shown)
    if below:
        row.append(el("span", "pile-below", t("pile.hidden", n=below)))
    first = len(v.pile) - len(shown)
    for i, c in enumerate(shown):
        top = first + i == len(v.pile) - 1
        label = (t("pile.top", card=card_words.card_name(c)) if top
                 else t("pile.bottom", card=card_words.card_name(c)) if first + i == 0
                 else t("pile.card", n=first + i + 1, card=card_words.card_name(c)))
        row.append(card_words.card_el(c, cls="pile-top" if top else "", label=label))
    box.append(row)
    info = el("p", "allowed", id="allowed")
    if v.pile and v.must_beat:  # heap, polish: the top card is an attack to answer
        info.textContent = attack_text(v)
    elif v.pile and mode in TAKES_BOTTOM:  # what a take would pick up
        info.textContent = t("pile.bottom", card=card_words.card_name(v.pile[0]))
    box.append(info)
    return box


def controls_el(ctrl: PileTable, v: PileView) -> Any:
    """The Take button and polish's talon button, when legal (the cards lay themselves)."""
    box = el("div", "controls", id="controls")
    legal = ctrl.legal()
    if any(isinstance(a, FromTalon) for a in legal):
        box.append(el("button", "btn primary", talon_label(v), type="button",
                      id="btn-talon", data_act="talon"))
    if any(isinstance(a, Take) for a in legal):
        box.append(el("button", "btn primary", take_label(ctrl.rules, v.talon), type="button",
                      id="btn-take", data_act="take"))
    return box


def hand_el(ctrl: PileTable, v: PileView) -> Any:
    moves = ctrl.legal()
    legal = {a.card for a in moves if isinstance(a, Lay)}
    cards = card_words.hand_order(v.hand, v.trump)
    # ``can-play`` while the human is to act (a take too): the cards that cannot be
    # laid are then dimmed, as in the ordinary game.
    box = el("div", "hand" + (" can-play" if moves else ""), id="hand", role="group",
             aria_label=card_words.hand_label(v.seat), data_seat=v.seat)
    box.style.setProperty("--n", str(max(len(cards), 6)))
    for c in cards:
        playable = c in legal
        cls = ("playable" if playable else "") + (" trump" if suit_of(c) == v.trump else "")
        box.append(card_words.card_el(c, "card", cls=cls.strip(), label=card_words.card_name(c),
                           disabled=not playable))
    return box


def result_el(ctrl: PileTable, v: PileView) -> Any:
    """The end: the durak (or a draw, and why), the series' tally, the next game, the
    record, the review (the hint's evaluator: :mod:`durak.ui_dom.review.pile_review_view`)
    and the game's link."""
    from durak.ui_dom.record.family_words import write_pile

    if v.durak is None:
        heading = t("pile.result.draw")
        lines = [el("p", "repetition", status_text(ctrl, v), id="repetition")]
        if v.repetition:  # §6.14: why a game nobody lost is over
            lines.append(el("p", "draw-why", t("pile.result.repetition_why"), id="draw-why"))
    else:
        heading = card_words.outcome({v.durak}, v.seat)
        lines = [el("p", "durak-names", t("pile.result.durak",
                                          name=card_words.seat_name(v.durak)), id="durak-names")]
    game = ctrl.finished_game()
    return end_box(ctrl, heading, lines,
                   None if game is None else write_pile(game, ctrl.record_seed(), ctrl.number))


def fresh_lines(ctrl: PileTable) -> list[str]:
    """The log's lines not said yet: the deal of a game this page saw dealt (crusaders':
    :func:`deal_lines`; a guest's page too, seated at the game's first view; never a
    restored game's), then the moves made since the last drawing."""
    seen = ctrl.moves_seen()  # every move was made face up, in front of all
    history = seen.seen

    def quiet(before: object) -> bool:
        return not (isinstance(before, tuple) and before[:2] == ("pile", ctrl.match_seed))

    own = None if ctrl.handover.active else ctrl.view().seat
    lines: list[str] = []
    if ctrl.deal_unsaid:
        lines = deal_lines(ctrl.view(), own)
        ctrl.deal_unsaid = False
    scope = ("pile", ctrl.match_seed, ctrl.number)
    lines += [move_text(card_words.seat_name(history[i][0]), history[i][1],
                        seen.talon_turns.get(i))
              for i in LOG.fresh(scope, range(len(history)), quiet)]
    return lines


def announce(ctrl: PileTable, status: str) -> None:
    """Append to ``#announce`` what the last undo did (once: :func:`undo_lines`), the
    lines not said yet (:func:`fresh_lines`), then the status."""
    scope = ("pile", ctrl.match_seed, ctrl.number)
    LOG.write(undo_lines(ctrl, scope, len(ctrl.moves())) + fresh_lines(ctrl), status)


def already_said(ctrl: PileTable) -> None:
    """Take every move of the game on the table as said (see
    :func:`durak.ui_dom.table.announce.already_said`)."""
    LOG.mark_said(("pile", ctrl.match_seed, ctrl.number), range(len(ctrl.moves())))


def draw(ctrl: PileTable) -> None:
    """Rebuild ``#table`` and the status line from the controller (at pass-and-play,
    the privacy screen alone while another person is to move)."""
    if screen_first(ctrl, announce):
        return
    v = ctrl.view()
    tally = ctrl.tally()
    text = status_text(ctrl, v)
    lay_out_mode(ctrl, ctrl.rules.mode, v.seat, len(v.counts),
                 lambda seat: seat_panel(ctrl, v, seat, tally), deck_el(ctrl, v),
                 result_el(ctrl, v) if v.over else pile_el(v, ctrl.rules.mode), v.over,
                 controls_el(ctrl, v), hand_el(ctrl, v), status=text,
                 account=account_el(pile_account(ctrl), pile=True),
                 ring=order_el(v, ctrl.rules.mode))
    announce(ctrl, text)
