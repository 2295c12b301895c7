"""Drawing ``mode=suit_deal`` at Durak's table (docs/rules/durak.md §3.6).

The dealing is drawn from the human's :class:`~durak.suit_deal.view.DealView`
as it stood after the steps shown (:meth:`SuitDealController.deal_view`): the
table cards face up, the talon's count, whose turn, each seat's taken cards
(every one was taken face up, so every hand is shown: the view holds them) and
the turned card waiting for a choice.  When the human chooses, each table card
the turned card may take is a button saying what a click does ("Take the 10 of
clubs with the 7 of clubs"); Tab, the arrows and Enter/Space reach them as the
mouse does.  The log (``#announce``) and the folded list under the table say
every step of the dealing in words (:func:`step_text`), the list with cards as
symbols (:func:`shown_steps`).

Once the dealing is over and shown, the ordinary table draws the play
(:func:`durak.ui_dom.table.table.draw` of the controller's :attr:`table`); this only
adds the dealing's steps under it and, at the end, writes the two-part record
(:func:`durak.suit_deal.record.text_record`) in place of the play's.  The end's
review is the play part's (an ordinary game: :func:`durak.ui_dom.kinds.review_suit_deal`)
and its link carries the two-part JSON record (:mod:`durak.ui_dom.record.family_share`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NamedTuple

from cardkit.ui_dom.nodes import by_id, el
from durak.cards import Card, card_label, parse_card, suit_of
from durak.family.modes import SUIT_DEAL
from durak.suit_deal.record import text_record
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.suit_deal.ui_dom.guest_controller import SuitDealTable
from durak.suit_deal.ui_dom.words import step_text
from durak.suit_deal.view import DealView, first_card
from durak.ui_dom.i18n import language, t
from durak.ui_dom.table import table as ordinary
from durak.ui_dom.table.announce import LOG, undo_lines
from durak.ui_dom.table.announce import already_said as play_said
from durak.ui_dom.table.card_words import (
    SUIT_WORDS,
    card_el,
    card_name,
    card_symbol,
    hand_label,
    hand_order,
    outcome,
    seat_name,
    seat_names,
    set_dummy,
    set_people,
)
from durak.ui_dom.table.move_words import CardWords

if TYPE_CHECKING:
    from durak.ui_dom.record.family_words import Written

#: The ordinary end's controls a suit_deal game does not have: none now (its review is
#: the play part's, its link the two-part record's).
NO_REVIEW: Final[tuple[str, ...]] = ()
#: The steps' list (bounded and scrolled: 35 steps at 3 players, :func:`steps_el`).
STEP_LIST: Final = "deal-step-list"


class ListPlace(NamedTuple):
    """How the steps' list stood before a redraw (:func:`list_place`)."""

    #: How far it was scrolled.
    top: float
    #: Which part drew it: ``"deal"`` (the dealing) or ``"play"``.
    part: str
    #: Whether it was unfolded (the play draws it folded unless the reader unfolded it).
    open: bool


def scroll_to(part: str, before: ListPlace | None, scroll_height: float) -> float:
    """Where the redrawn steps' list is scrolled: during the dealing to its end, so the
    newest step is in view as each is shown (a feed: a reader scrolled back is brought
    to the new step); in the play, whose list no longer grows, where the reader left it
    (at its top when first unfolded).

    >>> scroll_to("deal", ListPlace(40.0, "deal", False), 600.0)
    600.0
    >>> scroll_to("play", ListPlace(40.0, "play", True), 600.0), scroll_to("play", None, 600.0)
    (40.0, 0.0)
    """
    if part == "deal":
        return scroll_height
    return before.top if before is not None and before.part == "play" else 0.0


def first_text(v: DealView, card: CardWords = card_name) -> str:
    """The dealing's first line: the card laid face up before anybody turned (``card``:
    how a card is written, :mod:`durak.ui_dom.table.move_words`)."""
    return t("sd.step.first", card=card(first_card(v)))


def shown_steps(v: DealView) -> list[str]:
    """The dealing's steps as the folded list shows them, cards written as symbols
    (``7♣``), as the record and the recent moves write them; the log keeps the words
    a screen reader says best (:func:`fresh_lines`)."""
    return [first_text(v, card_symbol), *(step_text(step, card_symbol) for step in v.steps)]


def steps_el(v: DealView, open_: bool, part: str) -> Any:
    """Every step of the dealing shown so far, open during the dealing, folded in the
    play unless the reader unfolded it (``part``: which of the two draws it).
    The list is bounded in height (``web/style.css``: 35 steps at 3 players ran a
    phone's screen and a half) and scrolls; :func:`scroll_to` keeps the newest step in
    view.  Being scrollable it takes the focus (Tab, then the arrows scroll it) and is
    named by the summary."""
    box = el("details", "mode-rules deal-steps", id="deal-steps", data_part=part)
    if open_:
        box.setAttribute("open", "")
    box.append(el("summary", "", t("sd.steps.title"), id="deal-steps-title"))
    items = el("ol", "deal-step-list", id=STEP_LIST, tabindex="0",
               aria_labelledby="deal-steps-title")
    for line in shown_steps(v):
        items.append(el("li", "", line))
    box.append(items)
    return box


def status_text(ctrl: SuitDealTable, v: DealView) -> str:
    game = ctrl.finished_game()
    if game is not None:
        res = game.result
        assert res is not None
        return t("sd.status.over", name=t("list.sep").join(seat_name(s) for s in res.durak))
    if v.to_act is None:
        return t("sd.phase")
    if ctrl.human_to_act() and v.turned is not None:
        if ctrl.handover.active:  # the device goes round with no screen: say whose choice
            return t("sd.status.choose_person", name=ctrl.handover.name(v.to_act, t),
                     card=card_name(v.turned))
        return t("sd.status.choose", card=card_name(v.turned))
    if v.turned is not None:
        return t("sd.status.choosing", name=seat_name(v.to_act), card=card_name(v.turned))
    return t("sd.status.turning", name=seat_name(v.to_act))


def seat_panel(ctrl: SuitDealTable, v: DealView, seat: int, tally: list[int]) -> Any:
    """A seat: its name, whether it turns now, its count and the cards it took (face up)."""
    acting = v.to_act == seat and not ctrl.over
    game = ctrl.finished_game()
    durak = game is not None and game.result is not None and seat in game.result.durak
    role = "durak" if durak else "attacker" if acting else "waiting"
    words = {"durak": "pile.durak", "attacker": "sd.turn"}.get(role)
    tags = [(role, t(words))] if words else []
    if seat == v.dealer:
        tags.append(("dealer", t("sd.dealer")))
    held = v.hands[seat].bit_count()
    extras = []
    if seat != v.seat:  # the human's own taken cards are the hand under the table
        names = " ".join(card_label(c) for c in hand_order(v.hands[seat], None))
        extras.append(("known", t("sd.taken", cards=names) if held else t("sd.taken_none")))
    extras.append(("tally", t("seat.tally", n=tally[seat])))
    return ordinary.seat_frame(seat, role, acting, tags, held, extras)


def deck_el(ctrl: SuitDealTable, v: DealView) -> Any:
    """The talon (face down: its order is the dealing's only secret) and the game's number."""
    box = el("div", "dk-deck", id="dk-deck")
    ordinary.face_down_talon(box, v.talon_count)
    box.append(el("p", "game-no", t("pile.game_no", n=ctrl.number), id="game-no"))
    return box


def table_el(ctrl: SuitDealTable, v: DealView) -> Any:
    """The table cards, in the order laid, and the turned card waiting for a choice;
    while the human chooses, the cards it may take are buttons saying so."""
    box = el("div", "dk-play dk-pile dk-deal", id="dk-play", role="group",
             aria_label=t("sd.table.label"))
    if v.turned is not None:
        turned = el("div", "deal-turned", id="deal-turned")
        turned.append(el("span", "", t("sd.turned", card="")))
        turned.append(card_el(v.turned, cls="pile-top", label=t("sd.turned",
                                                               card=card_name(v.turned))))
        box.append(turned)
    targets = {a.target for a in ctrl.legal()}
    row = el("div", "pile-cards deal-table" + (" choosing" if targets else ""))
    if not v.table:
        row.append(el("p", "muted empty-table", t("sd.table.empty")))
    for c in v.table:
        row.append(_table_card(c, v.turned, c in targets))
    box.append(row)
    info = el("p", "allowed", id="allowed")
    if targets and v.turned is not None:  # what a click does, in words
        names = t("sd.or").join(card_name(a.target) for a in ctrl.legal())
        info.textContent = t("sd.choose", card=card_name(v.turned), targets=names)
    elif v.turned is not None:
        info.textContent = t("sd.fits", card=card_name(v.turned))
    box.append(info)
    return box


def _table_card(c: Card, turned: Card | None, target: bool) -> Any:
    if target and turned is not None:
        label = t("sd.take", card=card_name(turned), target=card_name(c))
        return card_el(c, "take", cls="target", label=label)
    return card_el(c, label=t("sd.table_card", card=card_name(c)))


def hand_el(v: DealView) -> Any:
    """The human's taken cards: the hand they will play, not played during the dealing."""
    cards = hand_order(v.hands[v.seat], None)
    box = el("div", "hand", id="hand", role="group", aria_label=hand_label(v.seat),
             data_seat=v.seat)
    box.style.setProperty("--n", str(max(len(cards), 6)))
    for c in cards:
        box.append(card_el(c, label=card_name(c)))
    return box


def result_el(ctrl: SuitDealTable) -> Any:
    """A dealing that left one hand holding cards: its holder is the durak (§3.6 [I])."""
    game = ctrl.finished_game()
    res = None if game is None else game.result
    assert res is not None
    names = t("list.sep").join(seat_name(s) for s in res.durak)
    lines = [el("p", "durak-names", t("pile.result.durak", name=names), id="durak-names")]
    if not isinstance(ctrl, SuitDealController):  # a guest's: the host's game and record
        return ordinary.end_box(ctrl, outcome(res.durak, ctrl.seat), lines, None)
    box = ordinary.end_box(ctrl, outcome(res.durak, ctrl.seat), lines, written(ctrl),
                           review=False)
    box.append(deal_review_el(ctrl))
    return box


def deal_review_el(ctrl: SuitDealController) -> Any:
    """The end's judgement of the dealing choices: how many were the dealing hint's,
    and each that was not, with the hint's (:func:`durak.suit_deal.ai.deal_review`,
    the hint's own evaluator) — the one player's, or at pass-and-play every person's
    under their own name (never a computer's: :meth:`TurnLoop.reviewed`), drawn at
    the game's end only, when every hand is open.  The play's review is the ordinary
    one, a button away."""
    people = ctrl.reviewed(t)
    box = el("section", "deal-review", None, id="deal-review",
             aria_labelledby="deal-review-title")
    several = len(people) > 1
    box.append(el("h3", "", t("sd.review.title_people" if several else "sd.review.title"),
                  id="deal-review-title"))
    for seat, name in people:
        part = box
        if several:
            part = el("div", "deal-review-person", None, data_seat=seat)
            part.append(el("h4", "", name))
            box.append(part)
        _deal_review_of(ctrl, part, seat, name)
    return box


def _deal_review_of(ctrl: SuitDealController, box: Any, seat: int, name: str) -> None:
    """One person's dealing choices judged, into ``box`` (``name``: "" for "you")."""
    from durak.suit_deal.ai import deal_review

    decisions = deal_review(ctrl.table_game(), seat)
    if not decisions:
        box.append(el("p", "", t("sd.review.none_person", name=name) if name
                      else t("sd.review.none")))
        return
    same = sum(1 for d in decisions if d["played"] == d["best"])
    box.append(el("p", "", t("sd.review.summary", same=same, n=len(decisions))))
    others = el("ul", "deal-review-list")
    for k, d in enumerate(decisions, 1):
        if d["played"] == d["best"]:
            continue
        turned = str(d["turned"])
        others.append(el("li", "", t(
            "sd.review.other_person" if name else "sd.review.other", k=k, name=name,
            played=card_symbol(parse_card(str(d["played"])[1:])),
            best=card_symbol(parse_card(str(d["best"])[1:])),
            turned=card_symbol(parse_card(turned)) if turned else "?"),
            data_played=d["played"], data_best=d["best"], data_seat=seat))
    if same < len(decisions):
        box.append(others)


def record_text(ctrl: SuitDealController) -> str:
    """The game's two-part record: the dealing's turns, then the play."""
    return text_record(ctrl.table_game(), seat_names(ctrl.rules.players), ctrl.match_seed,
                       ctrl.number)


def written(ctrl: SuitDealController) -> Written:
    """The game's record in words and its two-part notation."""
    from durak.suit_deal.ui_dom.words import write

    return write(ctrl.table_game(), ctrl.match_seed, ctrl.number)


def fresh_lines(ctrl: SuitDealTable, v: DealView) -> list[str]:
    """The log's lines of the dealing not said yet (a restored game's were said)."""
    lines = [first_text(v)] if ctrl.said == 0 and v.steps else []
    lines += [step_text(s) for s in v.steps[ctrl.said:]]
    ctrl.said = max(ctrl.said, len(v.steps))
    return lines


def _deal_summary(ctrl: SuitDealController) -> str:
    g = ctrl.table_game()
    play = g.play
    assert play is not None and g.deal.trump_card is not None
    suit = SUIT_WORDS[language()][suit_of(g.deal.trump_card)]
    return t("sd.played", suit=suit, name=seat_name(play.first_attacker))


def list_place() -> ListPlace | None:
    """How the steps' list stood before a redraw (None: not drawn), read off the page."""
    old = by_id(STEP_LIST)
    box = by_id("deal-steps")
    if not old or not box:
        return None
    return ListPlace(float(old.scrollTop), str(box.getAttribute("data-part")), bool(box.open))


def keep_place(part: str, before: ListPlace | None) -> None:
    """Scroll the redrawn steps' list (:func:`scroll_to`)."""
    items = by_id(STEP_LIST)
    if items:
        items.scrollTop = scroll_to(part, before, items.scrollHeight)


def draw(ctrl: SuitDealTable) -> None:
    """Rebuild ``#table`` and the status line: the dealing, or the ordinary table."""
    table = by_id("table")
    v = ctrl.deal_view()
    before = list_place()
    rules_open = ordinary.unfolded("mode-rules")  # read before the redraw rebuilds it
    if isinstance(ctrl, SuitDealController) and ctrl.table is not None:
        if not ctrl.summary_said:  # the dealing's last steps and how the play starts
            LOG.write([*fresh_lines(ctrl, v), _deal_summary(ctrl)], "")
            ctrl.summary_said = True
        ordinary.draw(ctrl.table)
        if ctrl.table.handover_due():  # the privacy screen alone (the ordinary table's)
            for key, value in ctrl.markers().items():
                table.setAttribute(f"data-{key}", value)
            return
        row = by_id("undo-row")
        if row:  # the series' undo: where the play has nothing to take back, the dealing
            row.replaceWith(ordinary.undo_el(ctrl))
        for key, value in ctrl.markers().items():
            table.setAttribute(f"data-{key}", value)
        table.className += " mode-suit_deal"
        unfolded = before is not None and before.part == "play" and before.open
        table.append(steps_el(v, open_=unfolded, part="play"))
        table.append(ordinary.mode_rules_el(SUIT_DEAL, rules_open))
        keep_place("play", before)
        if ctrl.over:  # the two parts' record, in words and notation
            ordinary.show_written(written(ctrl))
            result = by_id("result")
            if result:
                result.append(deal_review_el(ctrl))
        # The review (the play part's) and the link (the two-part record) are the
        # kind's (durak.ui_dom.kinds).  (The Undo button is left out at the end by the
        # ordinary table, as on every Durak page.)
        for node_id in NO_REVIEW:
            node = by_id(node_id)
            if node:
                node.remove()
        return
    set_dummy(None)
    set_people(ctrl.handover)
    tally = ctrl.tally()
    text = status_text(ctrl, v)
    ordinary.lay_out_mode(
        ctrl, SUIT_DEAL, v.seat, ctrl.rules.players,
        lambda seat: seat_panel(ctrl, v, seat, tally), deck_el(ctrl, v),
        result_el(ctrl) if ctrl.over else table_el(ctrl, v), ctrl.over,
        el("div", "controls", id="controls"), hand_el(v), steps_el(v, open_=True, part="deal"),
        status=text)
    keep_place("deal", before)
    LOG.write(undo_lines(ctrl) + fresh_lines(ctrl, v), text)


def already_said(ctrl: SuitDealTable) -> None:
    """The first screen says only the status: the steps shown so far count as said,
    and (in the play) its moves too (:func:`durak.ui_dom.table.announce.already_said`)."""
    ctrl.said = ctrl.shown
    if isinstance(ctrl, SuitDealController) and ctrl.table is not None:
        ctrl.summary_said = True
        play_said(ctrl.table)


__all__ = ["NO_REVIEW", "ListPlace", "already_said", "draw", "record_text", "scroll_to",
           "shown_steps", "step_text"]
