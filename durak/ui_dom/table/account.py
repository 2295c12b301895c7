"""The table's account of what everybody just did, for the eyes: every game of the family.

A computer's move can change the table in one drawing (a take empties it, a clear
sweeps the pile away, the next attack is laid before the human looks up), so the
table keeps a short list of the last moves of every seat in words (attacked, beat,
threw in, transferred, took and what, drew, beaten off or cleared, went out),
newest first, and the last bout (the pile games: the last pile taken or cleared) as
it lay when it ended and how it ended, as Napoleon's table keeps its last trick.
Both are read from the game's moves, which everybody saw: a card drawn into
another hand is counted, never named, and a cover laid face down (``doubt``,
docs/rules/durak.md §3.5) stays unnamed.  A pass the page made for the reader, who
had nothing to throw in, says so ("You had nothing to throw in"), not "You passed";
anybody else's reads as a pass, whatever it was (§6.15).

The list is drawn in the same drawing as the table it explains (a take is listed
in the drawing that empties the table).  It is not a live region: the screen
reader hears every move once, from the hidden log (:mod:`durak.ui_dom.table.announce`);
the list is there to be read, by anybody, when they look.

It is a ``<details>``: open by default on a wide screen, folded on a phone (where
it would push the hand below the fold), its summary showing the newest move even
when folded, so a phone player sees what the last computer did without a tap, and
a ▶ marker and how many moves it lists ("Recent moves (8)", :meth:`Account.title`),
so it is seen to open.
The reader's choice (folded or open) is kept across the table's redraws.

The words are computed on CPython too (:func:`durak_account`, :func:`pile_account`):
the unit tests read them without a browser.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Final

from cardkit.ui_dom.page_reset import on_reset
from durak.actions import Attack, Challenge, Cover, Pass, Take, Throw, Transfer
from durak.cards import Card, cards_of
from durak.pile.actions import Lay
from durak.pile.actions import Take as PileTake
from durak.ui_dom.i18n import language, t
from durak.ui_dom.record.record_words import card_list
from durak.ui_dom.table.card_words import card_symbol, seat_name

if TYPE_CHECKING:
    from durak.pile.view import PileView
    from durak.sight import Sight
    from durak.ui_dom.friends.guest_controller import OrdinaryTable
    from durak.ui_dom.friends.pile_guest_controller import PileTable
    from durak.ui_dom.play.pile_controller import MovesSeen

#: How many moves the list shows (the newest first).
SHOWN: Final = 8
#: How many cards a "picked up" line names before it says "and more".
NAMED: Final = 8
#: A cover nobody but its owner saw (``doubt``): drawn face down in the last bout.
HIDDEN: Final = -1


@dataclass
class LastBout:
    """The last bout (or pile) as it lay when it ended, and how it ended."""

    #: Its heading ("Bout 4: CPU1 attacked You"), or "" for a pile.
    head: str
    #: The pairs (attack card, cover or None; :data:`HIDDEN`: a face-down cover); a
    #: pile's cards are attack cards with no cover, bottom first.
    pairs: list[tuple[Card, int | None]]
    #: How it ended, in words.
    outcome: str


@dataclass
class Account:
    """The moves in words (oldest first) and the last bout."""

    lines: list[str] = field(default_factory=list)
    last: LastBout | None = None
    #: The lines of passes and refills: a pass only ends a throw-in and a refill only
    #: counts cards, so the folded summary's one line shows the newest move before
    #: them (:meth:`headline`): after a take, who took what, not who drew how many.
    quiet: set[int] = field(default_factory=set)

    def newest(self, n: int = SHOWN) -> list[str]:
        """The last ``n`` moves, newest first (the list as drawn)."""
        return self.lines[-n:][::-1]

    def title(self) -> str:
        """The box's heading with how many moves it lists, 「最近の手（8）」, "Recent
        moves (8)": with its ▶ marker it says the folded box opens, and to what."""
        n = len(self.newest())
        return t("account.title_n", n=n) if n else t("account.title")

    def headline(self) -> str:
        """The folded summary's line: the newest move but a pass or a refill ("" before
        any)."""
        i = next((i for i in range(len(self.lines) - 1, -1, -1) if i not in self.quiet),
                 len(self.lines) - 1)
        return self.lines[i] if self.lines else ""


def _names(cards: list[Card]) -> str:
    return card_list([card_symbol(c) for c in cards], language())


def _picked_up(name: str, cards: list[Card], key: str = "account.taken") -> str:
    if len(cards) > NAMED:
        return t("account.taken_some", name=name, cards=_names(cards[:NAMED]), n=len(cards))
    return t(key, name=name, cards=_names(cards))


def drew_line(draws: list[tuple[int, int]]) -> str:
    """A refill in one sentence: who drew how many cards from the talon (``(seat, n)``
    in the order they drew), "CPU1 drew 2 cards and You drew 1 card from the talon"."""
    said = [t("account.drew_first" if i == 0 else "account.drew_next", name=seat_name(s),
              cards=t("seat.card" if n == 1 else "seat.cards", n=n))
            for i, (s, n) in enumerate(draws)]
    if len(said) > 1:
        said = [t("account.drew_and", first=t("list.sep").join(said[:-1]), last=said[-1])]
    return t("account.drew", draws=said[0])


# ---- the ordinary game (and the suit deal's play) ------------------------------------


@dataclass
class _Reading:
    """The ordinary game's account read up to some event: what it read, the account
    so far and where the bout stood; :meth:`read` goes on with the next event."""

    key: tuple[object, ...]
    mine: tuple[int, int | None]
    doubt: bool
    events: tuple[tuple[Any, ...], ...] = ()
    forced: frozenset[int] = frozenset()
    out: Account = field(default_factory=Account)
    actions: list[tuple[int, Any]] = field(default_factory=list)
    pairs: list[list[int | None]] = field(default_factory=list)
    head: str = ""
    defender: int | None = None
    taker: int | None = None

    def copy(self) -> _Reading:
        """The same reading, to go on with while this one stays as it was drawn."""
        out = Account(list(self.out.lines), self.out.last, set(self.out.quiet))
        return replace(self, out=out, actions=list(self.actions),
                       pairs=[list(p) for p in self.pairs])

    def read(self, sight: Sight, e: tuple[Any, ...]) -> None:
        # The reader's own passes with nothing to throw in say so, not "passed".
        from durak.ui_dom.table.announce import challenge_text, move_text

        out, kind = self.out, e[0]
        if kind == "b":
            self.pairs, self.taker, self.defender = [], None, e[3]
            self.head = t("last.bout", n=e[1], attacker=seat_name(e[2]),
                          defender=seat_name(e[3]))
        elif kind == "a":
            seat, action = e[1], e[2]
            face_down = self.doubt and isinstance(action, Cover) and seat not in self.mine
            lone = len(self.actions) in sight.forced
            if isinstance(action, Challenge):
                out.lines.append(challenge_text(sight, seat, list(self.actions)))
            else:
                out.lines.append(move_text(seat_name(seat), action, face_down, lone,
                                           card_symbol))
            if isinstance(action, Pass):
                out.quiet.add(len(out.lines) - 1)
            self.actions.append((seat, action))
            if isinstance(action, Attack | Transfer) and not getattr(action, "shown", False):
                self.pairs += [[c, None] for c in cards_of(action.cards)]
            elif isinstance(action, Throw):
                self.pairs.append([action.card, None])
            elif isinstance(action, Cover):
                self.defender = seat
                for p in self.pairs:
                    if p[0] == action.target:
                        p[1] = HIDDEN if face_down else action.card
            elif isinstance(action, Take):
                self.taker = seat
            if isinstance(action, Transfer):
                self.defender = None  # the next opponent now defends; their cover says who
        elif kind in ("taken", "beaten"):
            pairs = self.pairs
            cards = [c for p in pairs for c in p if c is not None and c != HIDDEN]
            hidden = sum(1 for p in pairs if p[1] == HIDDEN)
            defender = self.defender
            if kind == "taken":
                who = self.taker if self.taker is not None else defender
                name = seat_name(who) if who is not None else t("words.defender")
                line = _picked_up(name, cards)
                if hidden:
                    line += f" (+{hidden} {t('last.hidden')})"
                out.lines.append(line)
                outcome = t("last.taken", name=name)
            else:
                name = seat_name(defender) if defender is not None else t("words.defender")
                out.lines.append(t("account.beaten", name=name, n=len(cards) + hidden))
                outcome = t("last.beaten")
            out.last = LastBout(self.head, [(p[0], p[1]) for p in pairs if p[0] is not None],
                                outcome)
        elif kind == "r":
            draws = [(s, len(cs)) for s, cs in e[1] if cs]
            if draws:
                out.lines.append(drew_line(draws))
                out.quiet.add(len(out.lines) - 1)
        elif kind == "out":
            out.lines += [t("account.out", name=seat_name(s)) for s in e[1]]


#: The last reading of the ordinary game's account (one table at a time), gone on
#: with at the next drawing when its events begin the new ones, else read afresh.
_READING: list[_Reading] = []
on_reset(_READING.clear)


def durak_account(ctrl: OrdinaryTable) -> Account:
    """The account of the game on the table, from the public events its seat saw
    (:meth:`~durak.ui_dom.play.controller.Controller.sight`, docs/rules/durak.md §7): the
    host's page reads them from its game, a guest's from the views it was sent, each
    move between the two views around it.  Each drawing reads only the events since
    the last one (the words of each depend on the events before it alone, but a
    challenge's, ``doubt``: those are read afresh)."""
    sight = ctrl.sight()
    v = sight.view
    doubt = bool(v.rules.doubt)
    key = (language(), v.seat, v.second_seat, doubt,
           tuple(seat_name(s) for s in range(v.rules.players)))
    events = sight.events
    last = _READING[0] if _READING else None
    if (last is not None and not doubt and last.key == key
            and events[:len(last.events)] == last.events
            and last.forced == {i for i in sight.forced if i < len(last.actions)}):
        reading = last.copy()
    else:
        reading = _Reading(key, (v.seat, v.second_seat), doubt)
    for e in events[len(reading.events):]:
        reading.read(sight, e)
    reading.events = events
    reading.forced = frozenset(i for i in sight.forced if i < len(reading.actions))
    _READING[:] = [reading]
    return reading.out


# ---- the pile games ------------------------------------------------------------------


@dataclass
class _Snap:
    counts: tuple[int, ...]
    pile: tuple[Card, ...]
    discard: int
    talon: int
    out: tuple[int, ...]
    must_beat: bool = False


def _view_snap(view: PileView) -> _Snap:
    return _Snap(view.counts, view.pile, view.discarded, view.talon, view.out, view.must_beat)


@dataclass
class _Said:
    """The moves of one game a seat saw (:class:`MovesSeen`), the first ``n`` of them in
    words."""

    seen: MovesSeen
    key: tuple[object, ...]
    account: Account
    n: int = 0


#: The last account read (one table at a time): gone on with as the game goes on,
#: read afresh for another game, after an undo or in another language.
_SAID: list[_Said] = []
on_reset(_SAID.clear)


def pile_step(seat: int, action: object, before: _Snap, after: _Snap, talon_line: str,
              out: Account, mode: str = "") -> None:
    """The words of one pile move (:func:`move_words.move_text`'s: the card a lay beat
    or that it attacked, in ``mode``; a take's cards, a clear, the draws and who went
    out), and the last pile when it was taken or cleared."""
    from durak.family.modes import HEAP, POLISH
    from durak.ui_dom.table.move_words import faced_card, move_text

    name = seat_name(seat)
    actor_change = 0
    if isinstance(action, PileTake):
        taken = list((Counter(before.pile) - Counter(after.pile)).elements())
        taken.sort(key=before.pile.index)
        out.lines.append(_picked_up(name, taken, "account.pile_taken"))
        out.last = LastBout("", [(c, None) for c in before.pile], t("last.pile_taken", name=name))
        actor_change = len(taken)
    elif isinstance(action, Lay):
        faced = faced_card(mode, before.pile, before.must_beat)
        out.lines.append(move_text(name, action, None, card_symbol, faced,
                                   faced is None and mode in (HEAP, POLISH)))
        actor_change = -1
        if after.discard > before.discard:
            laid = [*before.pile, action.card]
            out.last = LastBout("", [(c, None) for c in laid], t("last.cleared"))
    else:
        out.lines.append(talon_line)
        actor_change = after.counts[seat] - before.counts[seat]  # said by the talon's words
    if after.discard > before.discard:  # a pile cleared (after a take: the rest of it)
        out.lines.append(t("account.cleared", n=after.discard - before.discard))
    if after.talon < before.talon:
        for s in range(len(after.counts)):
            extra = after.counts[s] - before.counts[s] - (actor_change if s == seat else 0)
            if extra > 0:
                out.lines.append(drew_line([(s, extra)]))
                out.quiet.add(len(out.lines) - 1)
    out.lines += [t("account.out", name=seat_name(s)) for s in after.out if s not in before.out]


def pile_account(ctrl: PileTable) -> Account:
    """The account of the pile game on the table: each move its seat saw
    (:meth:`~durak.ui_dom.play.pile_controller.PileController.moves_seen`) in words, from
    the seat's views before and after it alone (the counts, the face-up pile, the
    discard's and the talon's sizes, who is out), which carry no card the seat could
    not see.  The host's page and a guest's read them the same way: the host's from
    its replay of the deal, a guest's from the views it was sent (a move it was not
    shown, while it came back to its seat, is not guessed)."""
    from durak.ui_dom.table.move_words import talon_text

    seen = ctrl.moves_seen()
    # The holder too: at pass-and-play "you" is whoever holds the device.
    key = (language(), ctrl.handover.holder)
    said = _SAID[0] if _SAID else None
    if said is None or said.seen is not seen or said.key != key or said.n > len(seen.shown):
        said = _Said(seen, key, Account())
        _SAID[:] = [said]
    for i in range(said.n, len(seen.shown)):
        before, after = seen.shown[i]
        seat, action = seen.seen[i]
        talon_line = talon_text(seat_name(seat), seen.talon_turns.get(i), card_symbol)
        pile_step(seat, action, _view_snap(before), _view_snap(after), talon_line,
                  said.account, ctrl.rules.mode)
    said.n = len(seen.shown)
    return said.account


# ---- drawing ---------------------------------------------------------------------------


#: What the account's box shows (:func:`account_spec`): the language, whether it is a
#: pile game's, the heading, the folded line, the moves newest first, the last bout.
AccountSpec = tuple[str, bool, str, str, tuple[str, ...],
                    tuple[str, tuple[tuple[Card, int | None], ...], str] | None]


def account_spec(account: Account, pile: bool = False) -> AccountSpec:
    """Everything the account's box shows (``pile``: a pile game's)."""
    lb = account.last
    last = None if lb is None else (lb.head, tuple(lb.pairs), lb.outcome)
    return (language(), pile, account.title(), account.headline(), tuple(account.newest()),
            last)


def account_el(account: Account, pile: bool = False) -> Any:
    """The account as drawn (:func:`build_account`): the box built before when nothing
    it shows changed, folded or open as the reader left it."""
    from durak.ui_dom.table.kept_parts import kept

    return kept("account", account_spec(account, pile), build_account)


def build_account(spec: AccountSpec) -> Any:
    """The account made from its :func:`account_spec`: a ``<details>`` headed "Recent
    moves" (its summary shows the newest move too, for a folded one), the list newest
    first, then the last bout folded under it.  Folded or open as the reader left them
    (read before the redraw), else open on a wide screen only."""
    from cardkit.ui_dom.nodes import el
    from durak.ui_dom.table.card_words import card_el

    _lang, pile, title, headline, newest, last_bout = spec
    box = el("details", "dk-account", id="dk-account")
    if _open("dk-account", wide_default=True):
        box.setAttribute("open", "")
    summary = el("summary", "account-summary", id="account-summary")
    summary.append(el("h2", "account-title", title, id="account-title"))
    summary.append(el("span", "account-latest", headline or t("account.none"),
                      id="account-latest", aria_hidden="true"))
    box.append(summary)
    # Scrolled when long, so it takes the focus (Tab, then the arrows) and is named;
    # never a live region, and nothing here moves the focus.
    listing = el("ul", "account-list", None, id="account-list", aria_label=t("account.list"),
                 lang=language(), tabindex="0")
    for line in newest:
        listing.append(el("li", "", line))
    if not newest:
        listing.append(el("li", "muted", t("account.none")))
    box.append(listing)
    last = el("details", "dk-last-bout", id="dk-last-bout")
    if _open("dk-last-bout", wide_default=False):
        last.setAttribute("open", "")
    last.append(el("summary", "", t("last.pile_title" if pile else "last.title"),
                   id="last-bout-title"))
    if last_bout is None:
        last.append(el("p", "muted", t("last.pile_none" if pile else "last.none")))
    else:
        head, pairs, outcome = last_bout
        if head:
            last.append(el("p", "last-head", head))
        row = el("div", "last-cards" + (" pile-cards" if pile else " pairs"), id="last-cards")
        for attack, cover in pairs:
            if pile:
                row.append(card_el(attack))
                continue
            pair = el("div", "pair" + (" beaten" if cover is not None else ""))
            pair.append(card_el(attack))
            if cover == HIDDEN:
                pair.append(el("span", "card back cover", None, role="img",
                               aria_label=t("last.hidden")))
            elif cover is not None:
                pair.append(card_el(cover, cls="cover"))
            row.append(pair)
        last.append(row)
        last.append(el("p", "last-outcome", outcome, id="last-outcome"))
    box.append(last)
    return box


def _open(node_id: str, wide_default: bool) -> bool:
    """Whether the folded box ``node_id`` is drawn open: as the reader left it, else
    open by default on a wide screen (``wide_default``) and folded on a phone."""
    from cardkit.ui_dom.nodes import by_id

    node = by_id(node_id)
    if node:
        return bool(node.open)
    return wide_default and _wide()


def _wide() -> bool:
    """Whether the page is wider than a phone (the style sheet's 560 px breakpoint)."""
    from cardkit.ui_dom import browser

    return not bool(browser.window().matchMedia("(max-width: 560px)").matches)


__all__ = ["Account", "LastBout", "account_el", "account_spec", "build_account",
           "durak_account", "pile_account"]
