"""A table with friends, on the page: its panel above the table.

Who sits where (:func:`seat_line`, :func:`seat_items`) and what changed at the
seats for the screen reader's log (:func:`seat_news`); the panel itself, with the
link, its QR code and the host's Start (:func:`panel_el`); the lobby's forms (the
person's name, the host's room, the fold of other ways to connect); and the panel
put above the table or taken away. The host's and a guest's sessions, which decide
nothing on the page, are :mod:`cardkit.table_net.host_session` and
:mod:`cardkit.table_net.guest_session`; the page that runs them is
:mod:`cardkit.ui_dom.friends_page`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from cardkit.table_net.host_session import AWAY_WAIT
from cardkit.ui_dom.nodes import by_id, el
from cardkit.ui_dom.pass_play import NAME_MAX

#: How the host's page names a guest connected by the exchange of codes
#: (:class:`cardkit.ui_dom.friends_manual.HostLinks`: this and a number).
HAND_PEER: Final = "manual-"

__all__ = ["HAND_PEER", "SeatState", "name_form_el", "other_ways_el", "panel_el", "qr_el",
           "remove_panel", "room_form_el", "seat_items", "seat_line", "seat_news", "show_panel"]


def seat_line(t: Callable[..., str], seat: int, kind: str, name: str, mine: bool,
              replaced: bool, started: bool = True, left: int | None = None) -> str:
    """A seat's line: who (its name, or "Seat N"; "(you)") and what it is now (a
    guest's seat in the lobby waits for the start: nobody plays yet; one away, the
    seconds ``left`` before a computer plays it, where the page knows them, and "in a
    moment" once they are counted out: the host's wait may be longer than a guest
    page's count, as after the host's page reloaded).

    >>> t = lambda key, **kw: f"{key}{kw}"
    >>> seat_line(t, 1, "away", "Aki", False, False, left=4)
    "Aki: friends.kind.away{'s': 4}"
    """
    who = name or t("friends.seat", n=seat + 1)
    if mine:
        who = t("friends.you", name=who)
    if kind in ("away", "replaced") and (replaced or kind == "replaced"):
        word = t("friends.kind.computer_now")
    elif kind == "away" and left == 0:  # counted out, the computer not come yet
        word = t("friends.kind.away_soon")
    elif kind == "away":
        word = t("friends.kind.away", s=int(AWAY_WAIT) if left is None else left)
    elif kind == "guest" and not started:
        word = t("friends.kind.guest_waiting")
    else:
        word = t(f"friends.kind.{kind}")
    return f"{who}: {word}"


def seat_items(t: Callable[..., str], seats: list[tuple[str, str]], mine: int,
               replaced: set[int], left: dict[int, int] | None = None
               ) -> list[tuple[str, bool]]:
    """A started table's seats (each its kind and name), short: each seat a person
    plays, or played, said as in the lobby (:func:`seat_line`); a run of seats the
    computers play from the start in one item ("Seats 3–5: computers"), which the
    table's own seat panels name one by one.  Each item with whether its person
    dropped (away, or a computer playing for them now): that stays said at once;
    ``left``: an away seat's seconds before a computer plays it, where known."""
    items: list[tuple[str, bool]] = []
    i = 0
    while i < len(seats):
        kind, name = seats[i]
        end = i
        while (kind == "computer" and end + 1 < len(seats)
               and seats[end + 1][0] == "computer" and not seats[end + 1][1]):
            end += 1
        if end > i and not name:
            items.append((f'{t("friends.seats", a=i + 1, b=end + 1)}: '
                          f'{t("friends.kind.computers")}', False))
        else:
            end = i
            dropped = kind in ("away", "replaced") or i in replaced
            items.append((seat_line(t, i, kind, name, i == mine, i in replaced,
                                    left=(left or {}).get(i)), dropped))
        i = end + 1
    return items


#: A seat's state at a table with friends, as the news about it tells it.
SeatState = tuple[str, str, bool]  # its kind, its person's name, a computer playing for them

#: The states of a seat a person holds or held (the rest: open, a computer's from the start).
_PEOPLE: Final = frozenset({"host", "guest", "away", "replaced"})


def seat_news(t: Callable[..., str], before: list[SeatState] | None,
              after: list[SeatState], mine: int) -> list[str]:
    """What changed at the table's seats between two drawings of its panel, a line a
    seat, for the screen reader's log: a person who took a seat, dropped, was
    replaced by a computer, came back or left the lobby.  The page's own seat, a
    seat the computers take at the start and a first drawing (``before`` None, or
    another table's seats) say nothing; a name changing alone is no news."""
    if before is None or len(before) != len(after):
        return []
    lines = []
    for seat, ((was, _, was_replaced), (kind, name, replaced)) in enumerate(
            zip(before, after, strict=True)):
        old = "replaced" if was_replaced else was
        new = "replaced" if replaced else kind
        if seat == mine or old == new or not {old, new} & _PEOPLE:
            continue
        if new in ("host", "guest") and old in ("away", "replaced"):
            lines.append(t("friends.back", who=name or t("friends.seat", n=seat + 1)))
        else:
            lines.append(seat_line(t, seat, kind, name, False, replaced))
    return lines


def panel_el(t: Callable[..., str], title: str, lines: list[str], link: str | None = None,
             qr: list[list[int]] | None = None, can_start: bool = False,
             note: str = "", compact: bool = False, dropped: frozenset[int] = frozenset(),
             can_share: bool = False) -> Any:
    """The table's panel: who sits where, the link (its Copy, its Share where the
    browser has a share sheet, and its QR code) while seats are open, and the host's
    Start button.  ``compact`` (a started table): the title and
    the seats run on as one wrapped line above the table (style.css), the lines
    numbered in ``dropped`` marked (a person who dropped stands out)."""
    box = el("section", "friends compact" if compact else "friends", id="friends",
             aria_label=t("friends.title"))
    box.append(el("h2", "friends-title", title))
    if link is not None:
        box.append(el("label", "friends-link-label", t("friends.link"), for_="friends-link"))
        field = el("input", "friends-link", id="friends-link", readonly=True, type="text")
        field.value = link
        box.append(field)
        box.append(el("button", "btn", t("friends.copy"), type="button", id="friends-copy",
                      data_act="friends-copy"))
        if can_share:
            box.append(el("button", "btn", t("friends.share"), type="button",
                          id="friends-share", data_act="friends-share"))
        if qr:
            box.append(qr_el(t, qr))
    seats = el("ul", "friends-seats", id="friends-seats")
    for n, line in enumerate(lines):
        seats.append(el("li", "friends-dropped" if n in dropped else "", line))
    box.append(seats)
    if note:
        box.append(el("p", "friends-note", note, id="friends-note", role="status"))
    if can_start:
        box.append(el("button", "btn primary", t("friends.start"), type="button",
                      id="friends-start", data_act="friends-start"))
    return box


def name_form_el(t: Callable[..., str], name: str) -> Any:
    """The person's name at the table, before the start: every seat's panel (and the
    table's seat labels) show it in place of "Seat N"."""
    box = el("div", "friends-room", id="friends-name-box")
    box.append(el("label", "friends-label", t("friends.name"), for_="friends-name"))
    field = el("input", "friends-name", id="friends-name", type="text", autocomplete="nickname",
               maxlength=str(NAME_MAX))
    field.value = name
    box.append(field)
    box.append(el("button", "btn", t("friends.name_save"), type="button", id="friends-name-save"))
    return box


def other_ways_el(t: Callable[..., str], open_: bool, key: str = "friends.more") -> Any:
    """The lobby folds what most tables never need (the host's password, relays and
    exchange of codes without a relay; anyone's TURN server) under one "Other ways to
    connect" (``key``: its words, a guest's fold holding only the TURN server)."""
    box = el("details", "friends-more", id="friends-more")
    box.open = open_
    box.append(el("summary", "friends-more-title", t(key)))
    return box


def room_form_el(t: Callable[..., str], password: str, relays: str) -> Any:
    """The host's room before the start: a password (it travels in the link's
    fragment only) and the relays (``relays``: one a line), applied together."""
    box = el("div", "friends-room", id="friends-room")
    box.append(el("label", "friends-label", t("friends.password"), for_="friends-password"))
    field = el("input", "friends-password", id="friends-password", type="text",
               autocomplete="off", maxlength="64")
    field.value = password
    box.append(field)
    box.append(el("label", "friends-label", t("friends.relays"), for_="friends-relays"))
    area = el("textarea", "friends-relays", id="friends-relays", rows="2", spellcheck="false")
    area.value = relays
    box.append(area)
    box.append(el("button", "btn", t("friends.apply"), type="button", id="friends-apply"))
    return box


def qr_el(t: Callable[..., str], rows: list[list[int]], id_: str = "friends-qr",
          label: str = "friends.qr") -> Any:
    """A link's QR code as a canvas (drawn module by module: no markup from text)."""
    scale = 4
    size = len(rows) * scale
    canvas = el("canvas", "friends-qr", id=id_, width=size, height=size,
                role="img", aria_label=t(label))
    ctx = canvas.getContext("2d")
    ctx.fillStyle = "#fff"
    ctx.fillRect(0, 0, size, size)
    ctx.fillStyle = "#000"
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                ctx.fillRect(x * scale, y * scale, scale, scale)
    return canvas


def show_panel(panel: Any) -> None:
    """Put ``panel`` above the table (replacing the last one)."""
    old = by_id("friends")
    if old:
        old.replaceWith(panel)
        return
    table = by_id("table")
    if table:
        table.before(panel)


def remove_panel() -> None:
    old = by_id("friends")
    if old:
        old.remove()
