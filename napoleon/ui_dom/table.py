"""Drawing the table (docs/rules/napoleon.md §7, SdC's screen) from the human's view only.

:func:`scene_of` gathers what may be shown — the human's
:class:`~napoleon.view.PlayerView`, the controls' selection and the public
match totals — and :func:`draw` puts it into the static frame of
``web/index.html``: computer panels across the top, the trick area in the
middle, the controls and the human's panel above the hand.  Nothing here
reads a hidden hand; every string goes through :func:`i18n.t` and every
node is built with ``createElement``/``textContent``.
"""

from __future__ import annotations

from typing import Any

from cardkit.ui_dom.page_reset import on_reset
from cardkit.ui_dom.pass_play import screen_el
from napoleon.actions import Bid, Change, Pass
from napoleon.cards import (
    SUIT_LETTERS,
    card_text,
    is_joker,
    sorted_cards,
)
from napoleon.game import Phase, Trick
from napoleon.ui_dom import controls
from napoleon.ui_dom.announce import announce
from napoleon.ui_dom.card_words import (
    bid_word,
    card_el,
    card_label,
    card_name,
    own_words,
    seat_name,
    seat_order,
    set_seats,
    suit_class,
    suit_glyph,
    suit_word,
)
from napoleon.ui_dom.clicks import discard_need
from napoleon.ui_dom.controller import Controller, Stage
from napoleon.ui_dom.dom import add, button, by_id, el, fill
from napoleon.ui_dom.i18n import language, t
from napoleon.ui_dom.scene import Scene
from napoleon.view import PlayerView

# ---- panels ------------------------------------------------------------------


def role_of(v: PlayerView, seat: int) -> str:
    """The role shown on a panel: ``?`` until the adjutant is revealed."""
    if v.napoleon is None:
        return ""
    if seat == v.napoleon:
        return "napoleon"
    if v.adjutant_known:
        return "adjutant" if seat == v.adjutant else "ally"
    # The human knows his own side: holding the called card would make him known.
    return "ally" if seat == v.seat else "unknown"


def standings_panel(s: Scene, seat: int) -> Any:
    """A panel between games: the seat's match total, nothing of the next deal (its
    bids and hands start when NEXT is pressed)."""
    node = el("section", "panel", data_seat=seat, aria_label=seat_name(seat))
    total = s.totals[seat] if seat < len(s.totals) else 0
    body = add(
        el("div", "panel-body"),
        el("span", "role role-total", t("col.total")),
        el("span", "count", str(total)),
    )
    return add(node, el("h2", "panel-name", seat_name(seat)), body)


def _last_bid(v: PlayerView, seat: int) -> Bid | Pass | None:
    last: Bid | Pass | None = None
    for who, action in v.auction:
        if who == seat:
            last = action
    return last


def panel_key(s: Scene, seat: int) -> tuple[object, ...]:
    """Everything :func:`build_panel` reads for ``seat``: equal keys, equal panels."""
    v = s.view
    shown: tuple[object, ...] = (seat, seat_name(seat), language(), s.stage)
    if s.stage is not Stage.GAME:
        return (*shown, s.totals[seat] if seat < len(s.totals) else 0)
    acting = v.to_act == seat and not s.trick_pause and v.phase is not Phase.RESULT
    shown = (*shown, acting, v.hand_sizes[seat])
    if v.phase is Phase.BID or v.napoleon is None:
        return (*shown, "bid", _last_bid(v, seat), s.suit_style)
    return (*shown, "role", role_of(v, seat), v.honors_of(seat))


#: Each seat's panel as last built, with its :func:`panel_key`; forgotten when the
#: page resets.
_panels: dict[int, tuple[tuple[object, ...], Any]] = {}
on_reset(_panels.clear)


def panel(s: Scene, seat: int) -> Any:
    """``seat``'s panel: the one built before when nothing it shows changed (a
    computer's move changes one or two of the table's panels)."""
    key = panel_key(s, seat)
    kept = _panels.get(seat)
    if kept is not None and kept[0] == key:
        return kept[1]
    node = build_panel(s, seat)
    _panels[seat] = (key, node)
    return node


def build_panel(s: Scene, seat: int) -> Any:
    v = s.view
    if s.stage is not Stage.GAME:
        return standings_panel(s, seat)
    classes = ["panel"]
    acting = v.to_act == seat and s.stage is Stage.GAME and not s.trick_pause
    if acting and v.phase is not Phase.RESULT:
        classes.append("to-act")
    node = el("section", " ".join(classes), data_seat=seat, aria_label=seat_name(seat))
    head = el("h2", "panel-name", seat_name(seat))
    left: Any
    right: Any
    if v.phase is Phase.BID or v.napoleon is None:
        last = _last_bid(v, seat)
        if isinstance(last, Bid):
            left = el("span", f"chip {suit_class(last.suit)}", suit_glyph(last.suit, s.suit_style))
            right = el("span", "count", str(last.number))
        else:
            # A pass says the DROP button's own short word (a narrow seat).
            text = t("btn.drop") if isinstance(last, Pass) else t("bid.none")
            left = el("span", "chip chip-blank", "")
            right = el("span", "count muted", text)
        node.setAttribute("data-bid", "" if last is None else repr(last))
    else:
        role = role_of(v, seat)
        node.setAttribute("data-role", role)
        node.classList.add(f"is-{role}")
        left = el("span", f"role role-{role}", t(f"role.{role}"))
        right = el(
            "span", "count", str(v.honors_of(seat)), title=t("seat.honors", n=v.honors_of(seat))
        )
        right.setAttribute("data-honors", str(v.honors_of(seat)))
    body = add(el("div", "panel-body"), left, right)
    held = v.hand_sizes[seat]
    size = el("span", "hand-size", t("seat.card" if held == 1 else "seat.cards", n=held))
    return add(node, head, body, size)


# ---- the centre ----------------------------------------------------------------


def contract_line(s: Scene) -> str:
    v = s.view
    head = t("label.game", n=s.game_number, total=s.match_games)
    if v.napoleon is None:
        return head
    who = seat_name(v.napoleon)
    bid = f"{suit_glyph(v.trump, s.suit_style)}{v.bid}"
    if v.called is None:
        return f"{head}　{t('label.contract_bid', who=who, bid=bid)}"
    return f"{head}　{t('label.contract', who=who, bid=bid, card=card_name(v.called))}"


def trick_el(s: Scene, trick: Trick, label: str, node_id: str) -> Any:
    """Slots for every seat (computers, then you): who led and who won are marked."""
    v = s.view
    n = v.players
    played = {trick.seat_of(i, n): c for i, c in enumerate(trick.cards)}
    box = el("div", "trick", id=node_id, role="group", aria_label=label)
    add(box, el("p", "trick-label", label))
    row = el("div", "trick-row")
    for seat in seat_order(v.seat, n):
        slot = el("div", "slot", data_seat=seat)
        if seat == trick.leader:
            slot.classList.add("led")
        if trick.winner is not None and seat == trick.winner:
            slot.classList.add("won")
        c = played.get(seat)
        add(slot, card_el(c, s.suit_style) if c is not None else el("span", "card empty"))
        tags = el("span", "slot-name", seat_name(seat))
        if seat == trick.leader:
            add(tags, el("span", "tag tag-led", t("label.led")))
        if trick.winner is not None and seat == trick.winner:
            add(tags, el("span", "tag tag-won", t("label.won")))
        add(slot, tags)
        row.append(slot)
    if trick.cards and is_joker(trick.cards[0]) and trick.named_suit is not None:
        suit = trick.named_suit
        chip = el("span", f"chip {suit_class(suit)}", suit_glyph(suit, s.suit_style))
        chip.setAttribute("title", t(f"suit.{SUIT_LETTERS[suit]}"))
        named = add(el("p", "named"), el("span", "", f"{t('label.name_suit')}:"), chip)
        add(box, row, named)
    else:
        add(box, row)
    return add(box, trick_reason_el(s, trick))


def decided_by(v: PlayerView, trick: Trick) -> str:
    """「決め手: 裏J …」/"Won by the back jack": the special power that decided a won
    trick, or ``""`` when none did (or the trick is not over)."""
    if trick.winner is None or v.napoleon is None:
        return ""
    from napoleon.tricks import trick_reason

    _, reason = trick_reason(v.rules, v.trump, trick.cards, trick.named_suit, trick.index)
    if not reason.special:
        return ""
    return t("label.decided_by", reason=t(f"reason.{reason.value}"))


def trick_reason_el(s: Scene, trick: Trick) -> Any:
    """``p.trick-reason`` under a won trick's cards, naming the power that decided it
    (Mighty, よろめき, joker, 正J, 裏J, 狩りJ, セイム2; ``data-reason`` is its
    :class:`~napoleon.tricks.WinReason`); ``None`` when no power decided it."""
    text = decided_by(s.view, trick)
    if not text:
        return None
    from napoleon.tricks import trick_reason

    v = s.view
    _, reason = trick_reason(v.rules, v.trump, trick.cards, trick.named_suit, trick.index)
    return el("p", "trick-reason", text, data_reason=reason.value)


def cards_row(s: Scene, cards: int, label: str, cls: str) -> Any:
    row = add(el("div", f"cards-row {cls}", role="group", aria_label=label),
              el("span", "row-label", label))
    for c in sorted_cards(cards):
        row.append(card_el(c, s.suit_style))
    return row


def table_el(rows: list[list[str]], head: list[str], cls: str) -> Any:
    table = el("table", cls)
    thead = el("thead")
    tr = el("tr")
    for h in head:
        tr.append(el("th", "", h))
    thead.append(tr)
    body = el("tbody")
    for r in rows:
        tr = el("tr")
        for cell in r:
            tr.append(el("td", "", cell))
        body.append(tr)
    return add(table, thead, body)


def role_name(seat: int, napoleon: int, adjutant: int | None) -> str:
    if seat == napoleon:
        return t("role.napoleon")
    return t("role.adjutant") if seat == adjutant else t("role.ally")


def result_el(s: Scene) -> Any:
    v = s.view
    r = v.result
    box = el("div", "result", id="result")
    if r is None:
        return box
    add(box, el("h2", "outcome", t(f"result.outcome.{int(r.outcome)}")))
    if r.siberia:
        add(box, el("p", "siberia", t("result.siberia")))
    add(
        box,
        el("p", "", t("result.honors", french=r.french_honors, bid=r.bid, allied=r.allied_honors)),
    )
    adj = (
        t("result.no_adjutant")
        if r.adjutant is None
        else t("result.adjutant", name=seat_name(r.adjutant))
    )
    add(box, el("p", "", adj))
    rows = [
        [
            seat_name(seat),
            role_name(seat, r.napoleon, r.adjutant),
            str(v.honors_of(seat)),
            f"{r.points[seat]:+d}",
        ]
        for seat in range(v.players)
    ]
    head = [t("col.seat"), t("col.role"), t("col.honors"), t("col.points")]
    return add(box, table_el(rows, head, "points"))


def standings_el(s: Scene) -> Any:
    last = s.games[-1] if s.games else None
    rows = [
        [
            str(st.rank),
            seat_name(st.seat),
            f"{last.points[st.seat]:+d}" if last else "",
            str(st.points),
        ]
        for st in s.standings
    ]
    head = [t("col.rank"), t("col.seat"), t("col.points"), t("col.total")]
    box = el("div", "standings", id="standings")
    title = t("standings.title", n=len(s.games), total=s.match_games)
    add(box, el("h2", "", title), table_el(rows, head, "standings-table"))
    return add(box, *undo_note(s))


def undo_note(s: Scene) -> list[Any]:
    """``#undo-note``: which games of the match the human played with 「待った」."""
    undone = [str(g.number) for g in s.games if g.undos]
    if not undone:
        return []
    return [el("p", "undo-note", t("standings.undo", games=", ".join(undone)), id="undo-note")]


def match_over_el(s: Scene) -> Any:
    box = el("div", "match-over", id="match-over")
    me = s.view.seat
    mine = next((st for st in s.standings if st.seat == me), None)
    add(box, el("h2", "", own_words("match.title")))
    if mine is not None:
        final = el("p", "final", own_words("match.final", rank=mine.rank, points=mine.points))
        final.setAttribute("data-rank", str(mine.rank))
        add(box, final)
    rows = []
    for g in s.games:
        won = g.french_won == (me in (g.napoleon, g.adjutant))
        rows.append(
            [
                t("match.game_undo", n=g.number) if g.undos else str(g.number),
                role_name(me, g.napoleon, g.adjutant),
                f"{seat_name(g.napoleon)} {suit_glyph(g.trump, s.suit_style)}{g.bid}",
                t("match.win") if won else t("match.loss"),
                f"{g.points[me]:+d}",
            ]
        )
    head = [t("col.game"), t("col.role"), t("col.bid"), t("col.outcome"), t("col.points")]
    add(box, table_el(rows, head, "match-table"))
    return add(box, standings_el(s))


def centre_children(s: Scene) -> list[Any]:
    v = s.view
    if s.stage is Stage.STANDINGS:
        return [standings_el(s)]
    if s.stage is Stage.MATCH_OVER:
        return [match_over_el(s)]
    out: list[Any] = [el("p", "contract", contract_line(s), id="contract")]
    if v.phase is Phase.RESULT and not s.trick_pause:
        return [*out, result_el(s)]
    if v.phase is Phase.PLAY or s.trick_pause:
        trick = v.tricks[-1] if s.trick_pause else v.current_trick
        out.append(trick_el(s, trick, t("label.trick", n=trick.index + 1), "trick"))
        if s.show_last and v.tricks and not s.trick_pause:
            last = v.tricks[-1]
            out.append(trick_el(s, last, t("label.last_trick", n=last.index + 1), "last-trick"))
        if v.face_up_discards and len(v.tricks) <= (1 if s.trick_pause else 0):
            out.append(cards_row(s, v.face_up_discards, t("label.face_up"), "face-up"))
    elif v.phase in (Phase.CHANGE, Phase.CALL) and v.kitty is not None:
        out.append(cards_row(s, v.kitty, t("label.kitty"), "kitty"))
    elif v.phase is Phase.EXCHANGE and s.human_to_act:
        out.append(exchange_legend())
    if v.phase is Phase.BID and not s.trick_pause:
        out.append(auction_el(s))
    return out


def auction_el(s: Scene) -> Any:
    """The bids and passes so far, in order, so that a player sees how the
    bidding went, not only where it stands."""
    box = el("div", "auction", id="auction")
    add(box, el("h2", "auction-title", t("label.auction"), id="auction-title"))
    items = el("ol", "auction-list", aria_labelledby="auction-title")
    for seat, action in s.view.auction:
        item = el("li", "pass" if isinstance(action, Pass) else "bid", data_seat=seat)
        what = bid_word(action, s.suit_style)
        add(item, el("span", "who", seat_name(seat)), el("span", "what", what))
        items.append(item)
    if not s.view.auction:
        items.append(el("li", "none", t("label.auction_none")))
    return add(box, items)


def exchange_legend() -> Any:
    """What the outlines of the exchange mean."""
    legend = el("ul", "legend", id="exchange-legend", aria_label=t("label.legend"))
    for cls, key in (("from-kitty", "legend.from_kitty"), ("put-out", "legend.put_out")):
        legend.append(add(el("li"), el("span", f"swatch {cls}", aria_hidden="true"),
                          el("span", "", t(key))))
    return legend


# ---- the controls --------------------------------------------------------------


def bid_controls(s: Scene) -> list[Any]:
    sel = s.sel
    opts = controls.bid_options(s.view.legal_actions)
    numbers = opts.get(sel.bid_suit, [])
    legal = sel.bid_number in numbers
    suit = el("span", "suit-face", suit_glyph(sel.bid_suit, s.suit_style))
    suit_btn = add(
        button("", "bid-suit", cls=f"card suit-card {suit_class(sel.bid_suit)}", id="bid-suit"),
        suit,
    )
    suit_btn.setAttribute("aria-label", t("label.bid_suit", suit=suit_word(sel.bid_suit)))
    suit_btn.setAttribute("title", t("label.bid_suit", suit=suit_word(sel.bid_suit)))
    slot = el("output", f"bid-slot {suit_class(sel.bid_suit)}", id="bid-slot")
    slot_name = f"{t('label.bid_slot')}: {suit_word(sel.bid_suit)} {sel.bid_number}"
    slot.setAttribute("aria-label", slot_name)
    add(slot, el("span", "slot-suit", suit_glyph(sel.bid_suit, s.suit_style)))
    add(slot, el("span", "slot-number", str(sel.bid_number)))
    slot.setAttribute("data-number", str(sel.bid_number))
    ups = el("div", "updown")
    add(
        ups,
        button(
            t("btn.up"),
            "bid-up",
            id="btn-up",
            disabled=not numbers or sel.bid_number >= numbers[-1],
        ),
        button(
            t("btn.down"),
            "bid-down",
            id="btn-down",
            disabled=not numbers or sel.bid_number <= numbers[0],
        ),
    )
    acts = add(
        el("div", "actions"),
        button(t("btn.raise"), "raise", id="btn-raise", cls="btn primary", disabled=not legal),
        button(t("btn.drop"), "drop", id="btn-drop"),
    )
    return [suit_btn, ups, slot, acts]


def call_card_controls(s: Scene) -> list[Any]:
    sel = s.sel
    c = sel.call_card
    card = card_el(c, s.suit_style, act="call-suit", cls="call-card")
    card.setAttribute("id", "call-card")
    # A choice, not a card's whereabouts: no data-card (tests look for hidden cards by it).
    card.removeAttribute("data-card")
    card.setAttribute("data-call", card_text(c))
    card.setAttribute("aria-label", f"{card_label(c)} — {t('label.call_card')}")
    ups = add(
        el("div", "updown"),
        button(t("btn.up"), "call-up", id="btn-up", disabled=is_joker(c)),
        button(t("btn.down"), "call-down", id="btn-down", disabled=is_joker(c)),
    )
    return [button(t("btn.call_next"), "call-next", id="btn-call-next"), card, ups]


def call_controls(s: Scene) -> list[Any]:
    callable_ = controls.callable_cards(s.view.legal_actions)
    call = button(
        t("btn.call"),
        "call",
        id="btn-call",
        cls="btn primary",
        disabled=s.sel.call_card not in callable_,
    )
    return [*call_card_controls(s), call, *alone_note(s)]


def alone_note(s: Scene) -> list[Any]:
    """Before calling: the card chosen is in the human's own hand, so calling it means
    playing alone (docs/rules/napoleon.md §2.3); said before the button is pressed."""
    c = s.sel.call_card
    if not (s.view.hand >> c) & 1:
        return []
    return [el("p", "call-alone", t("label.call_alone", card=card_label(c)), id="call-alone")]


def net_note(s: Scene) -> list[Any]:
    """After a call of one's own card: what it did, and a one-tap take-back
    (``Controller.take_back_net``) until the next decision."""
    if s.net is None:
        return []
    text = t("net.alone", card=card_label(s.net[1]))
    box = el("div", "net-note", None, id="net-note", role="status")
    return [add(box, el("span", "net-text", text),
                button(t("net.undo"), "net-undo", id="btn-net-undo", cls="btn"))]


def change_controls(s: Scene) -> list[Any]:
    v = s.view
    sel = s.sel
    suit_btn = add(
        button(
            "", "change-suit", cls=f"card suit-card {suit_class(sel.change_trump)}", id="bid-suit"
        ),
        el("span", "suit-face", suit_glyph(sel.change_trump, s.suit_style)),
    )
    suit_btn.setAttribute("aria-label", t("label.bid_suit", suit=suit_word(sel.change_trump)))
    legal = Change(sel.change_trump, sel.call_card) in v.legal_actions
    changes = int(sel.change_trump != v.trump) + int(sel.call_card != v.called)
    cost = el("p", "cost", t("label.change_cost", n=changes, bid=v.bid + changes))
    label = t("btn.change") if changes else t("btn.keep")
    go = button(label, "change", id="btn-change", cls="btn primary", disabled=not legal)
    # Two cards side by side (the trump's suit card, the called card): captions say which.
    trump = add(el("div", "ctl-group"), el("span", "ctl-caption", t("label.trump")), suit_btn)
    called = add(
        el("div", "ctl-group"), el("span", "ctl-caption", t("label.called")),
        *call_card_controls(s),
    )
    return [trump, called, cost, go]


def exchange_controls(s: Scene) -> list[Any]:
    """The cards put out (a tap takes one back), 【捨てる】 once there are as many as
    the discard holds (nothing is discarded before it), and 【キャンセル】."""
    need = discard_need(s.view) - len(s.sel.discards)
    out = el("div", "cards-row discards", id="discards", role="group",
             aria_label=t("label.discards"))
    add(out, el("span", "row-label", t("label.discards")))
    for c in s.sel.discards:
        out.append(card_el(c, s.suit_style, act="take-back", cls="put-out",
                           note=t("legend.take_back")))
    go = button(t("btn.discard"), "discard", id="btn-discard", cls="btn primary",
                disabled=need > 0)
    cancel = button(t("btn.cancel"), "discard-cancel", id="btn-cancel", disabled=not s.sel.discards)
    out.setAttribute("data-need", str(need))
    return [out, go, cancel]


def joker_controls(s: Scene) -> list[Any]:
    names = controls.joker_names(s.view.legal_actions, s.sel.joker or 52)
    row = el("div", "name-suits", role="group", aria_label=t("label.name_suit"))
    for suit in names:
        if suit is None:
            continue
        b = button(
            suit_glyph(suit, s.suit_style),
            "name-suit",
            suit,
            cls=f"btn suit-btn {suit_class(suit)}",
        )
        b.setAttribute("aria-pressed", "true" if suit == s.sel.joker_suit else "false")
        b.setAttribute("aria-label", t(f"suit.{SUIT_LETTERS[suit]}"))
        row.append(b)
    return [
        row,
        button(t("btn.call"), "joker-call", id="btn-call", cls="btn primary"),
        button(t("btn.cancel"), "joker-cancel", id="btn-cancel"),
    ]


def controls_children(s: Scene) -> list[Any]:
    record = button(t("btn.record"), "record", id="btn-show-record")
    if s.waiting_for_next:
        nxt = button(t("btn.next"), "next", id="btn-next", cls="btn primary")
        at_result = s.stage is Stage.GAME and s.view.phase is Phase.RESULT and not s.trick_pause
        if not at_result:
            return [nxt]
        # The table's 「待った」 row gives way to the 譜 at a game's end: undo is here.
        undo = [button(t("btn.undo"), "undo", id="btn-undo-result")] if s.can_undo else []
        return [nxt, record, *undo]
    if s.stage is Stage.MATCH_OVER:
        again = button(t("btn.new_match"), "new-match", id="btn-new-match", cls="btn primary")
        return [again, record]
    if not s.human_to_act:
        return []
    return [*net_note(s), *phase_controls(s)]


def phase_controls(s: Scene) -> list[Any]:
    v = s.view
    if v.phase is Phase.BID:
        return bid_controls(s)
    if v.phase is Phase.CALL:
        return call_controls(s)
    if v.phase is Phase.CHANGE:
        return [*change_controls(s), *alone_note(s)] if s.sel.call_card != v.called \
            else change_controls(s)
    if v.phase is Phase.EXCHANGE:
        return exchange_controls(s)
    if v.phase is Phase.PLAY and s.sel.joker is not None:
        return joker_controls(s)
    return []


def prompt(s: Scene) -> str:
    v = s.view
    if s.trick_pause and v.tricks:
        last = v.tricks[-1]
        winner = last.winner if last.winner is not None else 0
        won = t("prompt.trick_won", name=seat_name(winner), n=last.index + 1)
        why = decided_by(v, last)
        return " — ".join(x for x in (won, why, t("prompt.next")) if x)
    if s.waiting_for_next:
        return t("prompt.next")
    if s.stage is Stage.MATCH_OVER:
        return own_words("match.title")
    if s.human_to_act:
        key = {
            Phase.BID: "prompt.bid",
            Phase.CALL: "prompt.call",
            Phase.CHANGE: "prompt.change",
            Phase.PLAY: "prompt.joker" if s.sel.joker is not None else "prompt.play",
        }.get(v.phase)
        if v.phase is Phase.EXCHANGE:
            need = discard_need(v) - len(s.sel.discards)
            return t("prompt.exchange", n=need) if need else t("prompt.exchange_ready")
        text = t(key) if key else ""
        if v.redeals and v.phase is Phase.BID:
            text = f"{t('prompt.redeal', n=v.redeals)} — {text}"
        return text
    if v.to_act is not None:
        return t("prompt.wait", name=seat_name(v.to_act))
    return ""


# ---- the hand ------------------------------------------------------------------


#: One card of the hand as drawn: the card, its action, its class, whether it is
#: disabled, and the note added to its name.
HandCard = tuple[int, str, str, bool, str]


def hand_cards(s: Scene) -> list[HandCard]:
    """The hand's cards as :func:`draw_hand` draws them, in display order."""
    v = s.view
    if s.stage is not Stage.GAME:
        return []
    mine = v.hand & ~sum(1 << c for c in s.sel.discards)
    playing = s.human_to_act and v.phase is Phase.PLAY and s.sel.joker is None
    exchanging = s.human_to_act and v.phase is Phase.EXCHANGE
    playable = controls.playable_cards(v.legal_actions) if playing else set()
    kitty = v.kitty or 0
    out: list[HandCard] = []
    for c in sorted_cards(mine):
        from_kitty = exchanging and (kitty >> c) & 1
        cls = "from-kitty" if from_kitty else ""
        if exchanging:
            note = t("legend.from_kitty") if from_kitty else ""
            out.append((c, "put-out", cls, False, note))
        else:
            out.append((c, "play", cls, c not in playable, ""))
    return out


#: What ``#hand`` last showed (:func:`draw_hand`); forgotten when the page resets.
_hand_drawn: list[object] = [None]
on_reset(lambda: _hand_drawn.__setitem__(0, None))


def draw_hand(hand: Any, s: Scene) -> int:
    """Fill ``hand`` with the hand's cards; how many.  The cards are built anew only
    when what they show changed (the cards, their states, the language, the suit
    style) or the node no longer holds them as drawn (another screen emptied it, or a
    hint marked a card): while the computers play, the hand stays as it was."""
    cards = hand_cards(s)
    shown = (language(), s.suit_style, tuple(cards))
    if (shown != _hand_drawn[0] or hand.childElementCount != len(cards)
            or hand.querySelector(".hinted")):
        fill(hand, *[card_el(c, s.suit_style, act=act, cls=cls, disabled=off, note=note)
                     for c, act, cls, off, note in cards])
        _hand_drawn[0] = shown
    return len(cards)


# ---- the 譜 of the finished game -------------------------------------------------


def record_box(s: Scene) -> Any:
    """``#result-record``: created once, after the hand (an area the table's static frame
    does not have); it shows the 譜 text and its copy button only at a game's end.
    The copy button's click is handled by :mod:`record_view` (``copy-record``)."""
    box = by_id("result-record")
    if not box:  # Pyodide answers a missing element with a falsy JsNull, not None
        box = el("section", "result-record", id="result-record", aria_label=t("record.title"))
        by_id("table").append(box)
    if not s.record_text:
        box.hidden = True
        return fill(box)
    box.hidden = False
    head = el("div", "result-record-bar")
    add(
        head,
        el("h2", "result-record-title", t("record.title")),
        button(t("record.copy"), "copy-record", id="btn-copy-record", cls="btn small"),
        el("span", "record-status", "", id="result-record-status", role="status"),
    )
    from napoleon.ui_dom.record_words import marks_key_el, record_text_el

    text = record_text_el(s.record_text, "result-record-text", tabindex="0")
    return fill(box, head, text, marks_key_el("result-record-key"))


# ---- putting it on the page ----------------------------------------------------


def draw_handover(ctrl: Controller) -> None:
    """Pass-and-play: the privacy screen alone, every area of the table emptied
    (no card of anybody's in the page until the next person taps)."""
    seat = ctrl.person_to_act()
    set_seats(ctrl.handover.holder, ctrl.handover)
    name = ctrl.handover.name(seat if seat is not None else ctrl.handover.humans[0], t)
    table = by_id("table")
    for key, value in ctrl.markers().items():
        table.setAttribute(f"data-{key}", value)
    table.setAttribute("data-handover", "1")
    for node_id in ("seats-top", "panel-you", "controls", "hand", "result-record"):
        node = by_id(node_id)
        if node:
            fill(node)
    fill(by_id("centre"), screen_el(t, name))
    for node_id in ("btn-undo", "btn-last-trick"):
        node = by_id(node_id)
        if node:
            node.disabled = True
    status = by_id("status")
    status.textContent = t("pass.to", name=name)


def draw(s: Scene) -> None:
    """Redraw every area of the table from ``s`` (about 60 nodes; the hand and the
    seats' panels are built anew only when what they show changed)."""
    v = s.view
    table = by_id("table")
    table.removeAttribute("data-handover")
    for name, value in s.markers.items():
        if value:
            table.setAttribute(f"data-{name}", value)
        else:
            table.removeAttribute(f"data-{name}")
    table.className = f"table suits-{s.suit_style} players-{v.players}"
    # The static frame's landmark labels are Japanese until the first drawing.
    table.setAttribute("aria-label", t("label.table"))
    for node_id, key in (("announce", "label.announce"),):
        node = by_id(node_id)
        if node:
            node.setAttribute("aria-label", t(key))
    table.classList.toggle("has-record", bool(s.record_text))
    *others, me = seat_order(v.seat, v.players)
    fill(by_id("seats-top"), *[panel(s, seat) for seat in others])
    fill(by_id("panel-you"), panel(s, me))
    fill(by_id("centre"), *centre_children(s))
    fill(by_id("controls"), *controls_children(s))
    hand = by_id("hand")
    held = draw_hand(hand, s)
    hand.style.setProperty("--n", str(max(held, 8)))
    playing = s.human_to_act and v.phase in (Phase.PLAY, Phase.EXCHANGE)
    hand.classList.toggle("can-play", playing)
    hand.setAttribute("aria-label", own_words("label.hand"))
    last = by_id("btn-last-trick")
    if last:
        last.textContent = t("btn.hide_last_trick") if s.show_last else t("btn.last_trick")
        last.disabled = not (v.tricks and s.stage is Stage.GAME and v.phase is Phase.PLAY)
    undo = by_id("btn-undo")
    if undo:
        undo.textContent = t("btn.undo")
        # Not offered at a table of several people (with friends, pass-and-play): no
        # move is taken back there, and a control shown as available always acts.
        undo.hidden = not (s.undo_on and s.alone)
        undo.disabled = not s.can_undo
        undo.setAttribute("title", t("btn.undo_title"))
    record_box(s)
    status = by_id("status")
    said = prompt(s)
    status.textContent = said
    announce(s, said)
