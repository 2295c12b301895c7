"""``mode=suit_deal``'s driver at Durak's table (docs/rules/durak.md §3.6).

A series of games of :class:`~durak.suit_deal.game.SuitDealGame`: each is a
dealing phase, then the ordinary game built from the dealt hands.  This driver
knows no rules either: the engine runs the dealing, lists its one choice
(:class:`~durak.suit_deal.deal_phase.TakeWith`, when a turned card fits several
table cards) and builds the play.

**The dealing.**  The engine makes every forced step at once; the page shows
them one at a time, each as a move the page makes (:meth:`forced_move_due`), so
every step — whoever turns, the human too — comes after the same pause between
moves (the animation's), and the timing says nothing of who turns what.  The
table drawn is the view as it stood after the steps shown
(:func:`durak.suit_deal.view.view_after`).  A choice is the human's click on a
table card (``data-act="take"``, ``data-arg`` the card) or a computer's
decision (:func:`durak.suit_deal.ai.decide_json`, through the worker's one
request of the family).

**The play.**  Once every step is shown, the ordinary driver
(:class:`~durak.ui_dom.play.controller.Controller`, :attr:`table`) takes over the
dealt game, with this series and the play as it was dealt: its clicks, its forced
passes, its undo, its drawing (:mod:`durak.ui_dom.table.table`).
This driver's loop asks it whose turn it is and hands it the replies; only
``next-game`` stays here (the next game is a new dealing: the durak deals,
after a draw the same dealer, as the command line's series).

**Undo** (:meth:`SuitDealController.undo`): in the play, the ordinary driver's;
where it has nothing of the human's to take back (no decision of theirs in the
play yet) and in the dealing, the human's last dealing choice and every step
after it are taken back — the dealing is started again from its turning order
and the choices before that one are replayed, so it is exactly as it stood
(the play it led to, if any, is gone with it).  Refused with its reason
(``none``: no choice of the human's yet, the dealing's steps are forced;
``over``: an undo never crosses a game's end).

A friend's seat at a table with friends has a controller of its own
(:mod:`durak.ui_dom.friends.friends_table`), which reads a click as this one does
(:func:`clicked_take`).

Seeds: game ``k`` is dealt from :func:`~durak.family.entry.deal_seed` of the
match seed, the decisions seeded by
:func:`~cardkit.ui_dom.turn_loop.ai_seed`, so ``?seed=N`` replays the series for
the same clicks.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from cardkit.ui_dom.pass_play import Handover
from cardkit.ui_dom.turn_loop import Turn, TurnLoop
from durak.cards import TWIN
from durak.family.modes import KIND_SUIT_DEAL, SUIT_DEAL
from durak.rules import Rules
from durak.suit_deal.deal_phase import TakeWith, parse_take
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.view import DealView, deal_view, view_after
from durak.ui_dom.play.controller import Controller
from durak.ui_dom.play.family_controller import Hooks, clicked_card
from durak.ui_dom.play.series_host import HUMAN, SeriesHost

if TYPE_CHECKING:
    from durak.stats import GameFacts

def clicked_take(arg: str | None, legal: tuple[TakeWith, ...]) -> TakeWith | None:
    """The dealing choice a click on the table card ``arg`` makes, if ``legal`` has it."""
    target = clicked_card(arg, TWIN)
    return None if target is None or TakeWith(target) not in legal else TakeWith(target)


def share_record(game: SuitDealGame, seed: int | None, number: int) -> dict[str, Any]:
    """The JSON record of a finished ``game`` (the ``number``-th of a series of ``seed``;
    ``None``: a page that was not told it) a link carries."""
    from durak.suit_deal.record import json_record

    return json_record(game, None, seed, number)


class SuitDealController(SeriesHost[Rules, SuitDealGame], TurnLoop):
    """One series of ``mode=suit_deal`` at the table: its dealings here, its plays
    through the ordinary driver (:attr:`table`)."""

    #: The page's game kind (:data:`durak.ui_dom.kinds.KINDS`).
    kind = KIND_SUIT_DEAL
    #: Pass-and-play is offered here too (the holder: :meth:`sync` for the dealing,
    #: the ordinary driver for the play, which shares this one).
    handover: Handover
    #: The dealing's steps shown so far.
    shown: int
    #: The ordinary driver of the play, once the dealing is over and shown.
    table: Controller | None
    #: Whether the log has still to say the dealing's steps shown so far (a restored
    #: game's were said before the reload).
    said: int
    #: Whether the log said how the play starts (the trump, the first attacker).
    summary_said: bool

    # ---- the family's questions ------------------------------------------------

    def selection(self) -> int:
        """The play's selection (the dealing has none: a choice is one click)."""
        return self.table.sel if self.table is not None else 0

    def table_game(self) -> SuitDealGame:
        """The game on the table, its play the ordinary driver's (an undo replaces it)."""
        if self.table is not None:
            self.game.play = self.table.game
        return self.game

    def in_progress(self) -> bool:
        """Whether the human has chosen in the dealing or moved in the play of the game
        on the table (a new deal loses it)."""
        if self.over:
            return False
        g = self.table_game()
        return any(seat == HUMAN for seat, _t in g.deal.choices) or (
            g.play is not None and any(seat == HUMAN for seat, _a in g.play.actions()))

    def finished_facts(self) -> tuple[GameFacts, str] | None:
        """The statistics' facts of the game on the table, just ended, and its id;
        ``None`` before its end."""
        from durak.suit_deal.facts import facts as suit_deal_facts

        return (suit_deal_facts(self.table_game(), HUMAN), self.game_id()) if self.over else None

    # ---- the two parts -------------------------------------------------------------

    @property
    def dealing(self) -> bool:
        """Whether the table shows the dealing (its engine part, or steps not shown yet)."""
        return self.table is None

    def _hand_over(self) -> None:
        """Every step shown and a play dealt: the ordinary driver takes the table."""
        g = self.game
        if self.table is not None or g.play is None or self.shown < len(g.deal.steps):
            return
        hooks = Hooks(self.think, self.pause, self.on_change,
                      lambda _c: self.save_after_move(), self.hold)
        self.table = Controller(self.rules, self.match_seed, self.level, hooks, game=g.play,
                                series=self.series, dealt_as=g.dealt_play())
        self.table.handover = self.handover  # the same people, the same holder
        self.table.on_game_over = lambda _c: self.tell_game_over()
        self.table.on_undo = lambda _c: self.on_undo(self) if self.on_undo else None

    def deal_view(self) -> DealView:
        """The human's view of the dealing as shown so far (the only dealing data drawn)."""
        return view_after(deal_view(self.game.deal, self.seat), self.shown)

    @property
    def over(self) -> bool:
        if self.table is not None:
            return self.table.over
        return self.game.is_over and self.shown == len(self.game.deal.steps)

    def legal(self) -> tuple[TakeWith, ...]:
        """The human's dealing choices now (none while steps are still to be shown)."""
        return self.deal_view().legal_actions if self.human_to_act() else ()

    def markers(self) -> dict[str, str]:
        """``data-*`` attributes of ``#table`` that say where the table is (tests wait
        for these, never for time)."""
        steps = len(self.game.deal.steps)
        if self.table is not None:
            return {**self.table.markers(), "mode": SUIT_DEAL, "deal": "over",
                    "steps": str(steps)}
        to_act = self.game.deal.to_act
        return {
            "phase": "over" if self.over else "deal",
            "mode": SUIT_DEAL,
            "deal": "shown" if self.shown == steps else "showing",
            "to-act": "" if self.over else str(to_act),
            "game": str(self.number),
            "actions": str(self.shown + len(self.game.deal.choices)),
            "steps": str(self.shown),
            "sel": "0",
        }

    # ---- the loop's questions -------------------------------------------------------

    def human_to_act(self) -> bool:
        if self.table is not None:
            return self.table.human_to_act()
        g = self.game
        return (self.shown == len(g.deal.steps) and g.dealing
                and self.handover.is_human(g.deal.to_act) and bool(g.legal_actions()))

    def human_out(self) -> bool:
        """In the play (the dealing has no one out), the human holds no card while the
        others play on: gone out, or dealt nothing (§3.6)."""
        return self.table is not None and self.table.human_out()

    def current_turn(self) -> Turn | None:
        if self.table is not None:
            return self.table.current_turn()
        g = self.game
        if (self.shown < len(g.deal.steps) or not g.dealing
                or self.handover.is_human(g.deal.to_act)):
            return None
        return Turn(g, self.number, g.deal.to_act, len(g.deal.steps))

    def seat_view_json(self, turn: Turn) -> str:
        if self.table is not None:
            return self.table.seat_view_json(turn)
        return json.dumps(self.game.view(turn.seat).to_dict(), separators=(",", ":"))

    def apply_reply(self, reply: str) -> None:
        if self.table is not None:
            self.table.apply_reply(reply)
            return
        self.apply(parse_take(str(json.loads(reply)["action"])))

    def forced_move_due(self) -> bool:
        """A dealing step not shown yet (the page shows it, like a move), or the
        ordinary game's lone Pass for the human."""
        if self.table is not None:
            return self.table.forced_move_due()
        return self.shown < len(self.game.deal.steps)

    def play_forced_move(self) -> None:
        if self.table is not None:
            self.table.play_forced_move()
            return
        self.shown += 1
        self._hand_over()
        self.tell_game_over()

    def min_decision_time(self, turn: Turn) -> float:
        if self.table is not None:
            self.table.level = self.level
            return self.table.min_decision_time(turn)
        return 0.0

    def sync(self) -> None:
        """In the play, the ordinary driver's.  In the dealing at pass-and-play, the
        device goes to the person who chooses now, with no privacy screen: every card
        a seat takes is face up, and the talon's order, the dealing's one secret, is
        hidden from everybody alike, so no person's view shows anything another's
        does not (the status names who chooses).  The screen comes with the play,
        whose hands are secret: before its first move if another person is to act."""
        if self.table is not None:
            self.table.sync()
        elif self.human_to_act():
            self.handover.hand_to(self.game.deal.to_act)

    def screen_seat(self) -> int | None:
        """The play's privacy screen (the dealing has none: :meth:`sync`)."""
        return self.table.screen_seat() if self.table is not None else None

    def seat_people(self, humans: tuple[int, ...], names: dict[int, str]) -> None:
        """The people seated again, the play's driver sharing them."""
        super().seat_people(humans, names)
        if self.table is not None:
            self.table.handover = self.handover

    # ---- undo ----------------------------------------------------------------------

    def human_choices(self) -> list[int]:
        """Where the human chose in the dealing (indices of its choices)."""
        return [i for i, (seat, _c) in enumerate(self.game.deal.choices) if seat == HUMAN]

    def game_refusal(self) -> str | None:
        """Why nothing of the human's can be taken back now, or ``None``: the play's
        undo first, then (where the play has nothing of theirs) the dealing's."""
        if self.over:
            return "over"
        if self.table is not None:
            why = self.table.undo_refusal()
            if why != "none":
                return why
        return None if self.human_choices() else "none"

    def undo(self) -> bool:
        """Take back the human's last decision (see the module's docstring): in the
        play, the ordinary driver's undo (which saves, and tells the page by the hook
        set with the table); else the dealing's (:meth:`take_back`)."""
        if self.table is not None and self.undo_refusal() is None and self.table.can_undo():
            self.undo_tries += 1
            self.table.undo()
            self.drop_pending()
            self.undo_note = "done"
            return True
        return super().undo()

    def take_back(self) -> bool:
        """The dealing started again from its turning order and the human's choices
        before the last one replayed (the play it led to, if any, is gone)."""
        keep = self.game.deal.choices[: self.human_choices()[-1]]
        d = self.game.deal
        fresh = SuitDealGame.from_order(self.rules, d.order, d.dealer)
        for seat, target in keep:
            fresh.apply(TakeWith(target), seat)
        self.game = fresh
        self.table = None
        self.shown = len(fresh.deal.steps)
        self.said = min(self.said, self.shown)
        self.summary_said = False
        return True

    # ---- moves ----------------------------------------------------------------------

    def apply(self, action: TakeWith) -> None:
        self.game.apply(action)
        self.save_after_move()
        self.tell_game_over()

    def act(self, act: str, arg: str | None) -> bool | None:
        if act == "next-game":
            return self.next_game()
        if self.undo_clicked(act):  # this loop waits for the dropped answer
            return False
        if self.table is not None:
            return self.table.act(act, arg)
        if act != "take":
            return None
        if not self.human_to_act():
            return False
        self.handover.hand_to(self.game.deal.to_act)  # the one choosing holds the device
        take = clicked_take(arg, self.legal())
        if take is None:
            return False
        self.apply(take)
        return True

    def new_deal(self, restored: bool = False) -> None:
        """A new dealing (the durak deals, after a draw the same dealer), shown from its
        first step; a restored game's steps all at once (seen before the reload)."""
        self.shown = len(self.game.deal.steps) if restored else 0
        self.table = None
        self.said = self.shown
        self.summary_said = restored and self.game.play is not None
        self._hand_over()


__all__ = ["SuitDealController", "clicked_take", "share_record"]
