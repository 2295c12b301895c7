"""What a screen reader hears: every bid, every card played, each trick's winner,
the game's outcome and whose turn it is.

``#announce`` in ``web/index.html`` is a visually hidden ``role="log"`` region
(``aria-live="polite"``): each new event is appended as one line, so a reader says
each one once, in order, even when several computers played between two drawings
(instant animation).  The events are read off the human's view only; each has a
key, and a key already said is not said again within the same deal.  The first
drawing of a page (a reload in the middle of a game) says only whose turn it is,
and what the computers did before it when they decided at once (:func:`already_said`).
The log and its bookkeeping are the page shell's (:mod:`cardkit.ui_dom.announce_log`);
the events and their words are Napoleon's.
"""

from __future__ import annotations

from cardkit.ui_dom.announce_log import AnnounceLog
from cardkit.ui_dom.page_reset import on_reset
from napoleon.actions import Bid, Pass
from napoleon.game import Phase, Trick
from napoleon.ui_dom.card_words import bid_word, card_label, seat_name, suit_word
from napoleon.ui_dom.controller import Stage
from napoleon.ui_dom.i18n import t
from napoleon.ui_dom.scene import Scene

#: The page's log; its scope is the deal shown (``Scene.deal_key``).
LOG = AnnounceLog()
on_reset(LOG.forget)


def _trick_events(trick: Trick, players: int, names: list[str]) -> list[tuple[str, str]]:
    out = []
    for i, c in enumerate(trick.cards):
        seat = trick.seat_of(i, players)
        text = t("announce.play", name=names[seat], card=card_label(c))
        if i == 0 and trick.named_suit is not None:
            text = f"{text}, {t('label.name_suit')}: {suit_word(trick.named_suit)}"
        out.append((f"p{trick.index}.{i}", text))
    if trick.winner is not None and len(trick.cards) == players:
        won = t("prompt.trick_won", name=names[trick.winner], n=trick.index + 1)
        out.append((f"w{trick.index}", won))
    return out


def events(s: Scene) -> list[tuple[str, str]]:
    """``(key, text)`` of everything that has happened in the shown deal, in order."""
    if s.stage is not Stage.GAME:
        return []
    v = s.view
    names = [seat_name(seat) for seat in range(v.players)]
    out: list[tuple[str, str]] = []
    for i, (seat, action) in enumerate(v.auction):
        if isinstance(action, (Bid, Pass)):
            bid = bid_word(action, s.suit_style)
            out.append((f"b{i}", t("announce.bid", name=names[seat], bid=bid)))
    for trick in v.tricks:
        out += _trick_events(trick, v.players, names)
    if v.phase is Phase.PLAY and v.current_trick.cards:
        out += _trick_events(v.current_trick, v.players, names)
    if v.phase is Phase.RESULT and v.result is not None and not s.trick_pause:
        out.append(("result", t(f"result.outcome.{int(v.result.outcome)}")))
    return out


def already_said(s: Scene) -> None:
    """Take everything the shown deal holds now as said, so the next drawing says
    only what happens after this.

    The first screen at instant animation is drawn after the computers' decisions
    made at once (``Controller.decide_at_once``): called before them, this keeps a
    restored game's past unsaid (as at any reload) while those bids are said.
    """
    LOG.mark_said(s.deal_key, (key for key, _ in events(s)))


def _first_drawing(before: object) -> bool:
    """A new deal's events are said, but for the page's first drawing (a reload)."""
    return before is None


def announce(s: Scene, prompt: str) -> None:
    """Append to ``#announce`` what is new since the last drawing, then the prompt
    (whose turn it is, or what the human is asked) if it changed."""
    texts = dict(events(s))
    LOG.write([texts[key] for key in LOG.fresh(s.deal_key, texts, _first_drawing)], prompt)
