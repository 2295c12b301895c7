"""Pass-and-play: two or more people share one device at one table.

The seats in :attr:`Handover.humans` are people; the rest are computers.  The
table is drawn from the view of the person holding the device
(:attr:`Handover.holder`); when another person is to act, the page draws no
table at all, only a privacy screen ("pass the phone to …, tap to show your
hand", :func:`screen_el`), so the hand on the screen is never the wrong
person's, not even for a moment, nor in the page's DOM.  The tap
(:data:`SHOW_ACT`) hands the device over.

A game's controller holds one :class:`Handover` (a lone player's is
``Handover((0,))``: never due, nothing changes) and asks it whose view to
draw and whether the screen is due.

The one who sets the table up names each person first (:class:`NamesForm`, a
short modal form: seat → name, the default 「プレイヤー2」/"Player 2"); the names
are checked (:func:`check_name`: trimmed, at most :data:`NAME_MAX` characters, no
control characters, an empty one meaning the default), kept in the page's
storage (``<game>.pass.names``, :func:`load_names`: a bad saved name gets a notice
and its default, the others are kept) and held by the :class:`Handover`, which
says them (:meth:`Handover.name`) on the privacy screen, the seats and the end.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from cardkit.ui_dom.nodes import by_id, document, el, on
from cardkit.ui_dom.storage import Storage

__all__ = ["NAME_MAX", "SHOW_ACT", "Handover", "NamesForm", "Seating", "check_name",
           "load_names", "reviewed", "save_names", "screen_el"]

#: The ``data-act`` of the privacy screen's button.
SHOW_ACT = "pass-show"
#: The longest name a person may give (a seat's label on a phone stays one line).
NAME_MAX = 16


def check_name(text: str) -> str:
    """A person's name as typed, trimmed; ``""`` (the seat's default) when blank.
    Refused (:class:`ValueError`) when longer than :data:`NAME_MAX` characters or
    holding a control character (a line break would break the seat's label, and
    the name is said by screen readers and copied into the record).

    >>> check_name("  Aki "), check_name("   "), check_name("アキ")
    ('Aki', '', 'アキ')
    >>> check_name("A\\nB")
    Traceback (most recent call last):
    ValueError: control
    """
    name = text.strip()
    if any(unicodedata.category(c) in ("Cc", "Cf", "Cs", "Co", "Cn") for c in name):
        raise ValueError("control")
    if len(name) > NAME_MAX:
        raise ValueError("long")
    return name


class Seating(NamedTuple):
    """The table the names form sets: its size (``players``), the seats people play
    (``people``, seat 0 — the device's owner — always one of them; the others are
    computers) and the names they gave (seat → name)."""

    players: int
    people: tuple[int, ...]
    names: dict[int, str]


class Handover:
    """Who holds the device at a table of ``humans`` (seats, the first one the
    device's owner).

    >>> h = Handover((0, 2))
    >>> h.active, h.due(2), h.due(1)
    (True, True, False)
    >>> h.hand_to(2); h.holder, h.due(2), h.due(0)
    (2, False, True)
    """

    def __init__(self, humans: Sequence[int], names: Mapping[int, str] | None = None) -> None:
        if not humans:
            raise ValueError("a table needs one person at least")
        self.humans = tuple(dict.fromkeys(humans))
        self.holder = self.humans[0]
        #: The names the people gave (a seat without one is called by its default).
        self.names: dict[int, str] = {}
        self.name_people(names or {})

    def name_people(self, names: Mapping[int, str]) -> None:
        """The people's names from now on (a seat that is no person's is left out)."""
        self.names = {s: n for s, n in names.items() if s in self.humans and n}

    @property
    def active(self) -> bool:
        """Whether several people share the device."""
        return len(self.humans) > 1

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat in self.humans

    def due(self, acting: int | None) -> bool:
        """Whether the device must change hands before ``acting`` (the player to
        act, ``None`` for nobody) decides: a person other than its holder."""
        return self.is_human(acting) and acting != self.holder

    def hand_to(self, seat: int) -> None:
        if seat in self.humans:
            self.holder = seat

    def number(self, seat: int) -> int:
        """A person's number at the table, from 1: their seat's, as the names form
        numbers the seats (「席3」's default name is 「プレイヤー3」 even where seat 2
        is a computer's)."""
        return seat + 1

    def name(self, seat: int, t: Callable[..., str]) -> str:
        """What the page calls a person: their own name, else 「プレイヤーN」/"Player N".

        >>> h = Handover((0, 1, 2), {1: "Aki", 5: "nobody"})
        >>> [h.name(s, lambda key, n: f"Player {n}") for s in (0, 1, 2)]
        ['Player 1', 'Aki', 'Player 3']
        """
        return self.names.get(seat) or t("pass.player", n=self.number(seat))


def reviewed(people: Handover | None, t: Callable[..., str],
             guest: int | None = None) -> tuple[tuple[int, str], ...]:
    """Whose decisions a finished game's review judges, each with the name it says
    (:data:`cardkit.ui_dom.review_frame.People`): at pass-and-play every person at the
    table under their own name (never "you": the device has changed hands, and never a
    computer's seat); a guest's page at a table with friends (``guest``, the seat the
    host's welcome gave it) that seat's, said "you" (the guest's own decisions, never
    the host's seat 0); otherwise the one person's seat (seat 0 but on a guest's
    table), with no name ("you").

    >>> reviewed(Handover((0, 2), {2: "Aki"}), lambda key, n: f"Player {n}")
    ((0, 'Player 1'), (2, 'Aki'))
    >>> reviewed(Handover((0,)), str), reviewed(None, str)
    (((0, ''),), ((0, ''),))
    >>> reviewed(None, str, guest=2), reviewed(Handover((3,)), str)
    (((2, ''),), ((3, ''),))
    """
    if guest is not None:
        return ((guest, ""),)
    if people is None:
        return ((0, ""),)
    if not people.active:
        return ((people.humans[0], ""),)
    return tuple((seat, people.name(seat, t)) for seat in people.humans)


def screen_el(t: Callable[..., str], name: str) -> Any:
    """The privacy screen: who takes the device, and the one button that shows
    their hand (``t`` is the game's translator, which holds the shell's words)."""
    box = el("div", "pass-screen", id="pass-screen")
    box.append(el("p", "pass-screen-to", t("pass.to", name=name)))
    box.append(el("button", "btn pass-screen-show", t("pass.show"), type="button",
                  data_act=SHOW_ACT, id="pass-show"))
    return box


# ---- the people's names ---------------------------------------------------------


def names_key(game: str) -> str:
    """The storage key of the names at ``game``'s pass-and-play table."""
    return f"{game}.pass.names"


def load_names(storage: Storage, game: str,
               t: Callable[..., str]) -> tuple[dict[int, str], list[str]]:
    """The names saved for ``game``'s table (seat → name) and a notice for each bad
    one (unreadable data, a seat that is no number, a name :func:`check_name`
    refuses): a bad name's seat takes its default, every good name is kept."""
    raw = storage.get(names_key(game))
    if raw is None:
        return {}, []
    try:
        data = json.loads(raw)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        return {}, [t("pass.names_corrupt")]
    names: dict[int, str] = {}
    notices: list[str] = []
    for key, value in data.items():
        seat = int(key) if isinstance(key, str) and key.isdigit() and len(key) <= 2 else None
        try:
            name = check_name(value) if isinstance(value, str) else None
        except ValueError:
            name = None
        if seat is None or name is None:
            notices.append(t("pass.name_bad", seat=str(key)[:8]))
        elif name:
            names[seat] = name
    return names, notices


def save_names(storage: Storage, game: str, names: Mapping[int, str]) -> None:
    storage.set(names_key(game), json.dumps({str(s): n for s, n in sorted(names.items()) if n},
                                            ensure_ascii=False))


#: The names form's dialog, its parts' ids (tests find them).
FORM_ID = "pass-setup"
FORM_TITLE_ID = "pass-setup-title"
FORM_ERROR_ID = "pass-setup-error"
FORM_RULE_ID = "pass-setup-rule"
FORM_START_ID = "pass-setup-start"


FORM_PLAYERS_ID = "pass-setup-players"


def field_id(seat: int) -> str:
    return f"pass-name-{seat}"


def computer_id(seat: int) -> str:
    return f"pass-cpu-{seat}"


def row_id(seat: int) -> str:
    return f"pass-row-{seat}"


def seating(players: int, values: Mapping[int, str], computers: Sequence[int],
            read: Callable[[Mapping[int, str]], tuple[dict[int, str], int | None]]
            ) -> tuple[Seating | None, int | None]:
    """The table the form's fields set: the first ``players`` seats, those not marked
    ``computers`` played by people (seat 0 always), their names read by ``read``;
    or ``None`` and the first seat whose name is refused.

    >>> def read(v): return {s: n for s, n in v.items() if n}, None
    >>> seating(3, {0: "Aki", 1: "", 2: "Ben", 3: "Cy"}, [1], read)[0]
    Seating(players=3, people=(0, 2), names={0: 'Aki', 2: 'Ben'})
    """
    people = tuple(s for s in range(players) if s == 0 or s not in computers)
    names, bad = read({s: values.get(s, "") for s in people})
    if bad is not None:
        return None, bad
    return Seating(players, people, names), None


class NamesForm:
    """The modal form that sets a pass-and-play table up: how many play (where the
    game allows more than one size, ``counts``), and one row a seat — its name field
    (its label 「席N」/"Seat N", its placeholder the default, the saved name filled in)
    and, from the second seat on, a 「CPU」/"Computer" box that gives the seat to a
    computer (its name field then disabled).  【開始】 checks the people's names (a
    refused one is marked, said in the form, and focused: nothing starts), saves
    them and calls ``start`` with the :class:`Seating` (blank names left out: they
    keep their defaults).  Esc or 【キャンセル】 starts nothing."""

    def __init__(self, game: str, storage: Storage, t: Callable[..., str],
                 notices: Callable[[list[str]], None]) -> None:
        self.game = game
        self.storage = storage
        self.t = t
        self.notices = notices

    def saved(self) -> dict[int, str]:
        """The saved names (their notices shown)."""
        notices: list[str] = []
        names = self.saved_names(notices)
        if notices:
            self.notices(notices)
        return names

    def saved_names(self, notices: list[str]) -> dict[int, str]:
        """The saved names, their notices added to ``notices`` (a reloaded table's,
        shown with the page's other notices)."""
        names, more = load_names(self.storage, self.game, self.t)
        notices += more
        return names

    def read(self, values: Mapping[int, str]) -> tuple[dict[int, str], int | None]:
        """The names typed (seat → text), checked: the names, and the first seat
        whose name is refused (``None`` when all are good)."""
        names: dict[int, str] = {}
        for seat, text in sorted(values.items()):
            try:
                name = check_name(text)
            except ValueError:
                return names, seat
            if name:
                names[seat] = name
        return names, None

    def open(self, players: int, start: Callable[[Seating], None],
             counts: Sequence[int] = ()) -> None:
        """The form for a table of ``players`` seats (or any size of ``counts``)."""
        t = self.t
        old = by_id(FORM_ID)
        if old:
            old.remove()
        names = self.saved()
        sizes = sorted({*counts, players})
        seats = range(max(sizes))
        dialog = el("dialog", "ask pass-setup", id=FORM_ID, aria_labelledby=FORM_TITLE_ID)
        form = el("form", "pass-setup-form", method="dialog", novalidate=True)
        form.append(el("h2", "ask-title", t("pass.setup.title"), id=FORM_TITLE_ID))
        form.append(el("p", "ask-text", t("pass.setup.text")))
        if len(sizes) > 1:
            row = el("div", "pass-setup-row")
            row.append(el("label", "", t("pass.setup.players"), for_=FORM_PLAYERS_ID))
            select = el("select", "pass-setup-players", id=FORM_PLAYERS_ID)
            for n in sizes:
                option = el("option", "", t("pass.setup.count", n=n), value=str(n))
                if n == players:
                    option.setAttribute("selected", "")
                select.append(option)
            on(select, "change", lambda _e: show_rows())
            row.append(select)
            form.append(row)
        form.append(el("p", "pass-setup-rule", t("pass.setup.rule", n=NAME_MAX), id=FORM_RULE_ID))
        for seat in seats:
            number = seat + 1
            row = el("div", "pass-setup-row", id=row_id(seat))
            row.append(el("label", "", t("pass.setup.seat", n=number), for_=field_id(seat)))
            field = el("input", "pass-setup-name", type="text", id=field_id(seat),
                       maxlength=str(NAME_MAX), autocomplete="off", spellcheck="false",
                       placeholder=t("pass.player", n=number), data_seat=seat,
                       aria_describedby=FORM_RULE_ID)
            field.value = names.get(seat, "")
            row.append(field)
            if seat > 0:  # the device's owner is a person; any other seat may be a computer
                box = el("label", "pass-setup-cpu")
                check = el("input", "", type="checkbox", id=computer_id(seat), data_seat=seat,
                           aria_label=t("pass.setup.computer_of", n=number))
                on(check, "change", lambda _e: computers_changed())
                box.append(check)
                box.append(el("span", "", t("pass.setup.computer")))
                row.append(box)
            form.append(row)
        form.append(el("p", "pass-setup-error", "", id=FORM_ERROR_ID, role="alert"))
        row = el("div", "ask-buttons")
        cancel = el("button", "btn", t("pass.setup.cancel"), type="button", id="pass-setup-cancel")
        on(cancel, "click", lambda _e: dialog.close())
        row.append(cancel)
        row.append(el("button", "btn primary", t("pass.setup.start"), type="submit",
                      id=FORM_START_ID))
        form.append(row)
        dialog.append(form)

        def chosen_size() -> int:
            select = by_id(FORM_PLAYERS_ID)
            value = str(select.value) if select else ""
            return int(value) if value.isdigit() and int(value) in sizes else players

        def show_rows() -> None:
            size = chosen_size()
            for seat in seats:
                by_id(row_id(seat)).hidden = seat >= size

        def computers() -> list[int]:
            return [seat for seat in seats if seat > 0 and by_id(computer_id(seat)).checked]

        def computers_changed() -> None:
            for seat in seats[1:]:
                computer = bool(by_id(computer_id(seat)).checked)
                name = by_id(field_id(seat))
                name.disabled = computer
                name.placeholder = (t("pass.setup.computer") if computer
                                    else t("pass.player", n=seat + 1))

        def submit(event: Any) -> None:
            event.preventDefault()
            values = {seat: str(by_id(field_id(seat)).value) for seat in seats}
            table, bad = seating(chosen_size(), values, computers(), self.read)
            for seat in seats:
                by_id(field_id(seat)).removeAttribute("aria-invalid")
            if table is None:
                assert bad is not None
                field = by_id(field_id(bad))
                field.setAttribute("aria-invalid", "true")
                field.setAttribute("aria-describedby", f"{FORM_RULE_ID} {FORM_ERROR_ID}")
                by_id(FORM_ERROR_ID).textContent = t("pass.setup.bad", n=bad + 1, max=NAME_MAX)
                field.focus()
                return
            # A computer's seat keeps the name saved for it (a person may take it again).
            kept = {s: n for s, n in names.items() if s not in table.people}
            save_names(self.storage, self.game, {**kept, **table.names})
            dialog.close()
            start(table)

        on(form, "submit", submit)
        on(dialog, "close", lambda _e: dialog.remove())
        document().body.append(dialog)
        show_rows()
        dialog.showModal()
        first = by_id(field_id(0))
        if first:
            first.focus()
