"""What a screen reader hears at the Durak table: every move, one line each, in order.

``#announce`` (``web/index.html``) is a visually hidden ``role="log"`` region
(``aria-live="polite"``).  After each drawing the moves made since the last one
are appended (several computers may act between two drawings at instant
animation), then the status line if it changed.  Every move here was made face
up in front of everybody, except two said without their hidden cards: the cards
a poker swap puts away, and (``doubt``, docs/rules/durak.md §3.5) a cover laid face down by another
seat.  A challenge says the card it turned up and who takes.  The first drawing
of a page (a reload mid-game) says only the status, and the computers' moves
made before it (:func:`already_said`).  The log and its bookkeeping are the page
shell's (:mod:`cardkit.ui_dom.announce_log`); the moves' words are Durak's.
An undo (or its refusal) is said once; the moves it took back count as unsaid,
so the same moves made again are said again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from cardkit.ui_dom.announce_log import AnnounceLog
from cardkit.ui_dom.page_reset import on_reset
from durak import actions
from durak.cards import Card, cards_of
from durak.sight import Sight
from durak.ui_dom.i18n import t
from durak.ui_dom.table.card_words import card_name, seat_name

if TYPE_CHECKING:
    from cardkit.ui_dom.turn_loop import TurnLoop
    from durak.ui_dom.friends.guest_controller import OrdinaryTable

#: The page's log; its scope is the game on the table (match seed, game number),
#: its events the game's moves by their index.
#: It keeps 16 lines: crusaders' deal says up to 7 at once (:func:`durak.ui_dom.
#: pile_table.deal_lines`), then the computers' first moves and the status.
LOG = AnnounceLog(keep=16)
on_reset(LOG.forget)


def undo_lines(ctrl: TurnLoop, scope: object = None, moves: int = 0) -> list[str]:
    """The last undo's note in words, once (:meth:`~cardkit.ui_dom.turn_loop.TurnLoop.
    undo_news`), for every kind's log; a done undo takes the ``moves`` it kept as said
    in the log's ``scope`` (those it took back stay unsaid: said again when made again)."""
    note = ctrl.undo_news()
    if not note:
        return []
    if note == "done" and scope is not None and LOG.scope == scope:
        LOG.mark_said(scope, range(moves))
    return [t(f"undo.{note}")]


def move_text(name: str, action: actions.Action, face_down: bool = False,
              forced: bool = False, card: Callable[[Card], str] = card_name) -> str:
    """One move in words, e.g. 「CPU1: ハートの7で攻撃」; ``face_down``: a cover the
    human did not see (``doubt``), said without its card; ``forced``: a pass the page
    made for the reader, who had nothing to throw in (:func:`own_forced_passes`);
    ``card``: how a card is written (the log's full words by default; the recent
    moves' symbols, :func:`durak.ui_dom.table.card_words.card_symbol`)."""
    if forced and isinstance(action, actions.Pass):
        return t("announce.pass_forced", name=name)
    def names(mask: int) -> str:
        return "、".join(card(c) for c in cards_of(mask))

    if isinstance(action, actions.Attack):
        return t("announce.attack", name=name, cards=names(action.cards))
    if isinstance(action, actions.Cover) and face_down:
        return t("announce.cover_down", name=name, target=card(action.target))
    if isinstance(action, actions.Cover):
        return t("announce.cover", name=name, card=card(action.card),
                 target=card(action.target))
    if isinstance(action, actions.Throw):
        return t("announce.throw", name=name, card=card(action.card))
    if isinstance(action, actions.Transfer) and action.shown:
        return t("announce.show", name=name, cards=names(action.cards))
    if isinstance(action, actions.Transfer):
        return t("announce.transfer", name=name, cards=names(action.cards))
    if isinstance(action, actions.TryTalon):
        return t("announce.try", name=name, card=card(action.target))
    simple = {actions.Take: "take", actions.SwapSix: "swap_six", actions.FromTalon: "talon",
              actions.PokerSwap: "poker", actions.Double: "double", actions.Accept: "accept",
              actions.Fold: "fold"}
    return t(f"announce.{simple.get(type(action), 'pass')}", name=name)


def announce(ctrl: OrdinaryTable, status: str) -> None:
    """Append to ``#announce`` the moves made since the last drawing (those its seat
    saw: :meth:`Controller.sight`), then the status line if it changed."""
    sight = ctrl.sight()
    moves = sight.moves

    def quiet(before: object) -> bool:
        # The next game of the same match: its moves from the first one; a new page
        # or match: only what happens from now on.
        return not (isinstance(before, tuple) and before[0] == ctrl.match_seed)

    v = sight.view
    mine = (v.seat, v.second_seat)  # the seats whose cards it sees
    forced = sight.forced
    scope = (ctrl.match_seed, sight.standing.number)
    lines = undo_lines(ctrl, scope, len(moves))
    for i in LOG.fresh(scope, range(len(moves)), quiet):
        seat, action = moves[i]
        if isinstance(action, actions.Challenge):
            lines.append(challenge_text(sight, seat, moves[:i]))
            continue
        face_down = v.rules.doubt and isinstance(action, actions.Cover) and seat not in mine
        lines.append(move_text(seat_name(seat), action, face_down, i in forced))
    LOG.write(lines, status)


def already_said(ctrl: OrdinaryTable) -> None:
    """Take every move of the game on the table now as said, so the next drawing
    says only what comes after.

    The first screen at instant animation is drawn after the computers' moves made
    at once (``Controller.decide_at_once``): called before them, this keeps a
    restored game's past unsaid (as at any reload) while those moves are said.
    """
    sight = ctrl.sight()
    LOG.mark_said((ctrl.match_seed, sight.standing.number), range(len(sight.moves)))


def challenge_text(sight: Sight, seat: int, before: list[tuple[int, actions.Action]]) -> str:
    """``doubt`` (§3.5): the challenge, the cover it turned up (face up now, seen by
    all) and who takes, read from the events of turned-up covers its seat saw."""
    last = next(((s, a) for s, a in reversed(before) if isinstance(a, actions.Cover)), None)
    if last is None:  # cannot happen: a challenge always follows a face-down cover
        return t("announce.challenge_plain", name=seat_name(seat))
    defender, cover = last
    assert isinstance(cover, actions.Cover)
    beat = next((bool(e[3]) for e in sight.events
                 if e[0] == "?" and e[1] == seat and e[2] == cover.card), False)
    outcome = t("announce.doubt_beat" if beat else "announce.doubt_cheat",
                name=seat_name(seat if beat else defender))
    return t("announce.challenge", name=seat_name(seat), card=card_name(cover.card),
             outcome=outcome)


def last_challenge_text(ctrl: OrdinaryTable) -> str:
    """The challenge that ended the bout before this one, in words (shown on the table
    for the bout after it: the turned-up card is gone into a hand by then), or ""."""
    sight = ctrl.sight()
    events = sight.events
    at = next((i for i in range(len(events) - 1, -1, -1) if events[i][0] == "?"), None)
    if at is None or sum(1 for e in events[at + 1:] if e[0] == "b") > 1:
        return ""
    moves = sight.moves
    i = next(i for i in range(len(moves) - 1, -1, -1) if isinstance(moves[i][1], actions.Challenge))
    return challenge_text(sight, moves[i][0], list(moves[:i]))
