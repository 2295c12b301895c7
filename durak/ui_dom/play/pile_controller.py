"""The pile games' driver at Durak's table (every mode of :mod:`durak.pile`).

Like :class:`durak.ui_dom.play.controller.Controller` for the ordinary game, it knows
no rules: every move it sends is one of the human's view's ``legal`` moves, the
computers' come from :func:`durak.ai.pile_levels.decide_json` through the
injected ``think`` (the worker in the page, a direct call in tests), and the
computers' loop is the page shell's :class:`~cardkit.ui_dom.turn_loop.TurnLoop`.
No browser here: the tests run it on CPython.

**Clicks.**  A pile game has two moves: lay a card on the pile (``data-act="card"``,
``data-arg`` the card: played at once, there is nothing to choose beside the
card) or take (``data-act="take"``: the bottom, top or all of the pile, as the
mode says); polish has a third, an empty hand's turn of the talon
(``data-act="talon"``, the engine's ``FROM_TALON``, ``@``).

**Undo** (the Undo button or Ctrl+Z) and the series are the family's table's
(:class:`~durak.ui_dom.play.series_host.SeriesHost`): the game dealt again and
its moves before the human's last one replayed.  Refused before the human's first
move (``none``: crusaders' dealing is the engine's, nobody chooses in it) and once
the game is over (``over``).

**What the table says of the moves** (the log, the recent moves) is read from the
views alone, as a friend's page reads the views it is sent (:class:`MovesSeen`):
each move with the seat's views before and after it and, for a turn from the
talon, what it showed (the card drawn, whether it beat, the card turned to
attack: the talon's order is hidden, but every card it turns is seen by all).
This table replays its deal for them (:meth:`PileController.moves_seen`), so a
reloaded table tells the moves made before its reload as well.

A friend's seat at a table with friends has a controller of its own
(:mod:`durak.ui_dom.friends`), which shares the clicks (:data:`PILE_CLICKS`, read by
:class:`~durak.ui_dom.play.view_clicks.ViewClicks`).

Seeds: the deal of game ``k`` is :func:`~durak.family.series.deal_seed` of the match seed, the
computers' decisions :func:`~cardkit.ui_dom.turn_loop.ai_seed`'s, so ``?seed=N``
replays the same series for the same clicks.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from cardkit.ui_dom.pass_play import Handover
from cardkit.ui_dom.turn_loop import TurnLoop
from durak.cards import TWIN, Card, Hand, cards_of
from durak.family.modes import KIND_PILE
from durak.pile.actions import (
    FROM_TALON,
    TAKE,
    FromTalon,
    PileAction,
    lay,
)
from durak.pile.game import PileGame
from durak.pile.options import PileRules
from durak.pile.view import PileView
from durak.ui_dom.play.family_controller import clicked_card
from durak.ui_dom.play.series_host import HUMAN, SeriesHost
from durak.ui_dom.play.view_clicks import Reader, ViewClicks

if TYPE_CHECKING:
    from durak.stats import GameFacts

@dataclass(frozen=True, slots=True)
class TalonTurn:
    """What one turn from the talon (polish's ``@``) showed everybody."""

    #: The card faced (the pile's top card, an attack), or None: the turn was a lead.
    faced: Card | None
    #: The card drawn against ``faced`` (None on a lead).
    drawn: Card | None
    #: Whether ``drawn`` beat ``faced`` (laid on it); else both were taken.
    beat: bool
    #: The card turned onto the pile as the attack on the left (None: none was, the
    #: talon having run out).
    attack: Card | None


def talon_turn(pile: Sequence[Card], must_beat: bool, hand: Hand, after_pile: Sequence[Card],
               after_hand: Hand) -> TalonTurn:
    """What a seat's turn from the talon did, read from the pile, ``must_beat`` and the
    seat's hand before it and the pile and that hand after it (the engine,
    :mod:`durak.pile.polish`, decides; this only reads what everybody saw)."""
    k = 0
    while k < min(len(pile), len(after_pile)) and pile[k] == after_pile[k]:
        k += 1
    added = after_pile[k:]
    if not must_beat:
        return TalonTurn(None, None, False, added[0] if added else None)
    faced = pile[-1]
    taken = after_hand & ~hand
    if not taken:  # the drawn card was laid on the faced one
        return TalonTurn(faced, added[0], True, added[1] if len(added) > 1 else None)
    drawn = next(c for c in cards_of(taken) if c != faced)
    return TalonTurn(faced, drawn, False, added[0] if added else None)


def hand_seen(view: PileView, seat: int) -> Hand:
    """``seat``'s hand as ``view`` shows it: its own whole, another's the cards all saw
    it take."""
    return view.hand if seat == view.seat else view.known[seat]


@dataclass
class MovesSeen:
    """The moves of one game a seat saw, read from its views one after the other."""

    #: The moves, each with its seat, in order.
    seen: list[tuple[int, PileAction]] = field(default_factory=list)
    #: Each of those moves with the seat's views before and after it.
    shown: list[tuple[PileView, PileView]] = field(default_factory=list)
    #: Per move (its index in :attr:`seen`), what a turn from the talon showed.
    talon_turns: dict[int, TalonTurn] = field(default_factory=dict)

    def note(self, before: PileView, after: PileView) -> None:
        """The move ``after`` says was made since ``before`` (its ``last``)."""
        if after.last is None:
            return
        mover, action = after.last
        if isinstance(action, FromTalon):
            with contextlib.suppress(StopIteration, IndexError):  # one its views cannot say
                self.talon_turns[len(self.seen)] = talon_turn(
                    before.pile, before.must_beat, hand_seen(before, mover), after.pile,
                    hand_seen(after, mover))
        self.seen.append((mover, action))
        self.shown.append((before, after))


def _lay(entry: object, arg: str | None) -> PileAction | None:
    c = clicked_card(arg, TWIN)
    return None if c is None else lay(c)


#: The pile table's clicks (see the module's docstring): a card laid, a take, a turn
#: from the talon.
PILE_CLICKS: Mapping[str, Reader] = {
    "card": _lay,
    "take": lambda _entry, _arg: TAKE,
    "talon": lambda _entry, _arg: FROM_TALON,
}


class PileController(ViewClicks, SeriesHost[PileRules, PileGame], TurnLoop):
    """One series of a pile game at the table, driven by clicks and computers: the
    family's table (:class:`~durak.ui_dom.play.series_host.SeriesHost`) with the pile's
    clicks and what its log says of a turn from the talon and of the deal."""

    #: The page's game kind (:data:`durak.ui_dom.kinds.KINDS`).
    kind = KIND_PILE
    readers = PILE_CLICKS
    #: Pass-and-play is offered at every pile game's table.
    handover: Handover
    #: The replay :meth:`moves_seen` reads: the game on the table it replays, its deal
    #: replayed so far and the moves seen in it.
    _seen: tuple[PileGame, PileGame, MovesSeen] | None
    #: Whether the log has still to say the game's deal (crusaders' dealing phase): a
    #: game dealt here, not a restored one (said already before).
    deal_unsaid: bool

    def finished_facts(self) -> tuple[GameFacts, str] | None:
        """The statistics' facts of the game on the table, just ended, and its id;
        ``None`` before its end."""
        from durak.stats import pile_facts

        return (pile_facts(self.game, HUMAN), self.game_id()) if self.over else None

    def view(self) -> PileView:
        return self.game.view(self.handover.holder)

    def moves(self) -> list[tuple[int, PileAction]]:
        """The moves of the game on the table, in order (its log and hint read them)."""
        return self.game.state.history

    def human_out(self) -> bool:
        """Every person at the table has gone out while the others play on ("Finish
        the game")."""
        people = self.handover.humans
        return not self.game.is_over and not any(self.game.state.in_game >> s & 1 for s in people)

    def moves_seen(self) -> MovesSeen:
        """The moves of the game on the table as its seats saw them: its deal replayed
        move by move, each move read from the views before and after it
        (:meth:`MovesSeen.note`); kept and extended as the game goes on, replayed
        afresh after an undo or a new deal."""
        history = self.game.state.history
        kept = self._seen
        if kept is None or kept[0] is not self.game or len(kept[2].seen) > len(history):
            kept = self._seen = (self.game, self.game.dealt(), MovesSeen())
        _table, game, seen = kept
        for seat, action in history[len(seen.seen):]:
            before = seen.shown[-1][1] if seen.shown else game.view(HUMAN)
            game.apply(action, seat)
            seen.note(before, game.view(HUMAN))
        return seen

    def new_deal(self, restored: bool = False) -> None:
        self._seen = None
        self.deal_unsaid = not restored


__all__ = ["HUMAN", "PILE_CLICKS", "MovesSeen", "PileController", "TalonTurn", "hand_seen",
           "talon_turn"]
