"""The match driver: holds the :class:`~napoleon.match.Match`, lets the computers
act, turns the human's clicks into engine actions, and says what to draw.

It knows no rules: every action it sends is one of the view's
``legal_actions`` (or is checked by the engine, which raises), and the
computers' actions come from :func:`napoleon.ai.decide_json` through an
injected ``think`` coroutine (a worker in the page, a direct call in tests).
The browser is not touched here either: drawing is the ``on_change``
callback's job (``napoleon.ui_dom.table``), waiting between computer moves
is the ``pause`` coroutine's, saving is the ``save`` callback's.  So the
whole driver runs on CPython too (``asyncio.run``), which the tests use to
find seeds for their scenarios.

The computers' loop (one at a time, the pause between moves, late answers
dropped, the first screen's decisions made at once) is the page shell's
:class:`cardkit.ui_dom.turn_loop.TurnLoop`; this module fills in Napoleon's turn,
its stages and 待った; the clicks are :class:`napoleon.ui_dom.clicks.Clicks`, shared
with the controller of a seat at a table with friends.

Seeds: the computers' decisions are seeded by :func:`ai_seed` from the
match seed, the game number and the number of actions so far — a function of
the game's state, not of a generator consumed along the way — so a match
replays the same for the same human choices (``?seed=N``), and so does a game
after an undo (待った, :meth:`Controller.undo`) when the human decides the same.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from enum import Enum

from cardkit.ui_dom.pass_play import SHOW_ACT, Handover
from cardkit.ui_dom.turn_loop import Think, Turn, TurnLoop
from cardkit.ui_dom.turn_loop import ai_seed as ai_seed
from napoleon.actions import Action, parse_action
from napoleon.game import Game, Phase
from napoleon.match import Match, decision_request
from napoleon.rules import Rules
from napoleon.ui_dom.clicks import Clicks, Selection
from napoleon.view import PlayerView

#: A lone player sits at seat 0 (SdC: one person against the computers); at
#: pass-and-play and at a table with friends the people's seats are the
#: controller's ``humans``.
HUMAN = 0

#: Controls that stay enabled while a computer thinks: the last trick never moves
#: the game, and undo acts at once (the computer's pending decision is dropped).
#: NEXT too: it acts only while the table waits for it (when no computer thinks), and
#: a click during the pause before going on by itself goes on at once.
WHILE_COMPUTERS_ACT = frozenset({"last-trick", "undo", "next"})

#: ``hold_next(between_games)``: the pause before the table goes on by itself.
HoldNext = Callable[[bool], Awaitable[None]]

def human_has_played(match: Match) -> bool:
    """Whether the match holds something of the human's: a move in the current
    game, or a finished game.  Only then does throwing the match away ask first
    (a match the computers have only just begun is not "in progress" for the
    player, and asking about it would only be in the way).

    >>> human_has_played(Match(Rules(), seed=1))
    False
    """
    return bool(match.results) or any(seat == HUMAN for seat, _ in match.game.actions())


class Stage(Enum):
    """What the table shows besides the game itself."""

    GAME = "game"
    STANDINGS = "standings"
    MATCH_OVER = "match-over"


class Controller(Clicks, TurnLoop):
    """One match at the table, driven by clicks (:meth:`handle`) and computers."""

    acts_while_busy = WHILE_COMPUTERS_ACT
    handover: Handover

    def __init__(
        self,
        rules: Rules,
        match_seed: int,
        level: str,
        think: Think,
        pause: Callable[[], Awaitable[None]],
        on_change: Callable[[], None],
        save: Callable[[Match, dict[str, object]], None] | None = None,
        match: Match | None = None,
        humans: tuple[int, ...] = (HUMAN,),
    ) -> None:
        super().__init__(match_seed, level, think, pause, on_change)
        self.match = match if match is not None else Match(rules, seed=match_seed)
        #: The people at the table (pass-and-play: several share the device) and who
        #: holds it: the table is drawn from the holder's seat.
        self.handover = Handover(humans)
        self.save = save
        self.stage = Stage.GAME
        self.trick_pause = False
        self.show_last = False
        #: Pass-and-play: the last finished trick each person saw end (the game's
        #: number and its count of tricks), to show it to a person handed the device
        #: who did not (:meth:`trick_unseen`).
        self.tricks_seen: dict[int, tuple[int, int]] = {}
        self.sel = Selection()
        #: Called as each game ends (its last card played): the statistics.
        self.on_scored: Callable[[Match], None] | None = None
        #: Whether the human may take decisions back (the ``undo`` setting).
        self.undo_on = True
        #: Whether the table goes on by itself after a trick and between games (the
        #: ``auto_next`` setting), after ``hold_next`` (the page's: readable time).
        self.auto_next = False
        self.hold_next: HoldNext | None = None
        #: The human's last decision when it was one easy to make by accident:
        #: calling a card of their own hand (``("alone", card)``).  The table says what
        #: it did and offers to take it back in one tap (:meth:`take_back_net`) until
        #: the human's next decision.
        self.net: tuple[str, int] | None = None

    # ---- what to draw ------------------------------------------------------

    def view(self) -> PlayerView:
        """The human's view of the current game (the one holding the device, at
        pass-and-play): the only game data drawn."""
        return self.match.game.view(self.handover.holder)

    @property
    def rules(self) -> Rules:
        return self.match.rules

    def game_number(self) -> int:
        return self.match.game_number

    def moment(self) -> tuple[int, int]:
        """The game's number and the number of its actions so far (a hint's seed)."""
        return self.match.game_number, len(self.match.game.actions())

    def decision_key(self) -> str:
        """Which decision a hint belongs to: the match, the game, the actions so far
        (their number and what they were: after an undo and other moves the count may
        come back)."""
        m = self.match
        actions = m.game.actions()
        return f"{id(m)}.{m.game_number}.{len(actions)}.{hash(tuple(actions))}"

    def alone(self) -> bool:
        """One person against the computers: only then are 待った, the one-tap
        take-back and the statistics offered (they speak of one player)."""
        return not self.several_people()

    def phase_name(self) -> str:
        """``#table[data-phase]``: bid, call, exchange, change, play, result,
        standings, match-over (a finished last trick still shows as play)."""
        if self.stage is not Stage.GAME:
            return str(self.stage.value)
        phase = self.match.game.phase
        if self.trick_pause or phase is Phase.DEAL:
            return "play" if self.trick_pause else "bid"
        return str(phase.value)

    def person_to_act(self) -> int | None:
        """The person's seat to decide now (whoever holds the device), else ``None``."""
        g = self.match.game
        if (self.stage is Stage.GAME and not self.trick_pause and g.phase is not Phase.RESULT
                and self.handover.is_human(g.to_act)):
            return g.to_act
        return None

    def human_to_act(self) -> bool:
        """The one holding the device decides now (at pass-and-play, after the
        privacy screen handed it over)."""
        seat = self.person_to_act()
        return seat is not None and seat == self.handover.holder

    def waiting_for_next(self) -> bool:
        """Whether NEXT is what the table waits for."""
        return self.stage is not Stage.MATCH_OVER and (
            self.trick_pause
            or self.stage is Stage.STANDINGS
            or self.match.game.phase is Phase.RESULT
        )

    def markers(self) -> dict[str, str]:
        """``data-*`` attributes of ``#table`` that say exactly where the table is.

        Tests wait for these (never for time): the phase, the seat to act, the
        game and trick, the number of actions so far and the controls' selection.
        """
        g = self.match.game
        acting = self.stage is Stage.GAME and not self.trick_pause and g.to_act is not None
        return {
            "phase": self.phase_name(),
            "to-act": str(g.to_act) if acting and g.phase is not Phase.RESULT else "",
            "game": str(self.match.game_number),
            "trick": str(len(g.tricks) + (0 if self.trick_pause else 1)),
            "actions": str(len(g.actions())),
            "sel": self.controls_token(),
        }

    def shown_game(self) -> Game | None:
        """The game whose result or standings the table shows, else ``None``: a game
        in progress has no 譜 on the table (it would show the hidden hands and the
        kitty)."""
        m = self.match
        if self.stage is Stage.STANDINGS and m.results:
            return m.games[len(m.results) - 1]
        if self.stage is Stage.GAME and not self.trick_pause and m.game.result is not None:
            return m.game
        return None

    def extra(self) -> dict[str, object]:
        """What the table shows besides the match itself (saved with it)."""
        return {
            "match_seed": self.match_seed,
            "stage": self.stage.value,
            "trick_pause": self.trick_pause,
        } | ({"humans": list(self.handover.humans)} if self.handover.active else {})

    def restore_extra(self, extra: dict[str, object]) -> None:
        stage = extra.get("stage")
        if stage in {s.value for s in Stage}:
            self.stage = Stage(stage)
        # The screen must agree with the match (a tampered save's may not): a scored
        # game is past its result screen, so NEXT there would score it twice and the
        # table would never move again; only a finished match has its end screen.
        scored = len(self.match.results) == len(self.match.games)
        if self.stage is Stage.GAME and scored:
            self.stage = Stage.STANDINGS
        elif self.stage is Stage.MATCH_OVER and not self.match.is_over:
            self.stage = Stage.GAME
        self.trick_pause = extra.get("trick_pause") is True
        humans = extra.get("humans")
        if (isinstance(humans, list) and len(humans) > 1
                and all(type(h) is int and 0 <= h < self.match.rules.players for h in humans)):
            self.handover = Handover(tuple(humans))  # pass-and-play goes on after a reload
        self.sync()

    # ---- applying actions ----------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply one action for the seat to act; a finished trick waits for NEXT."""
        g = self.match.game
        tricks = len(g.tricks)
        g.apply(action)
        self.net = None
        if len(g.tricks) > tricks:
            self.trick_pause = True
            self.show_last = False
            # The one holding the device sees the trick end (the pause shows it).
            self.tricks_seen[self.handover.holder] = self.tricks_now()
        if g.result is not None and self.on_scored is not None:
            self.on_scored(self.match)  # counted when the game ends, not at NEXT
        self.save_after_move()

    def save_now(self) -> None:
        if self.save is not None:
            self.save(self.match, self.extra())

    # ---- going on by itself ----------------------------------------------------

    def forced_move_due(self) -> bool:
        """With ``auto_next`` on, NEXT is pressed for the human after a finished trick
        and the standings, not at a game's result; at a table with friends wherever
        the table waits for it."""
        # At a table with friends it always does: the friends have no NEXT to press.
        friends = self.seat_reply is not None
        if not (self.auto_next or friends) or self.closed or not self.waiting_for_next() \
                or self.handover_due():
            return False
        # Alone, a game's result waits for NEXT even so: its 「レビュー」 and its 譜 are
        # offered there, and a screen that left by itself after two seconds would
        # leave them only through the record.  The tricks and the standings go on.
        return friends or not self.at_result()

    def at_result(self) -> bool:
        """Whether the table shows a game's result (its last trick taken away)."""
        return (self.stage is Stage.GAME and not self.trick_pause
                and self.match.game.phase is Phase.RESULT)

    def play_forced_move(self) -> None:
        self._next(None)

    async def hold_forced_move(self) -> bool:
        """The finished trick (or the result, the standings) stays on screen first;
        a NEXT pressed meanwhile went on already (then not again)."""
        if self.hold_next is None:
            return True
        screen = self._screen()
        await self.hold_next(not self.trick_pause)  # else a result or the standings
        return self._screen() == screen

    def _screen(self) -> tuple[object, ...]:
        return (self.stage, self.trick_pause, self.match.game_number,
                len(self.match.game.actions()))

    def current_turn(self) -> Turn | None:
        """The computer's decision the table waits for, if it waits for one."""
        g = self.match.game
        seat = g.to_act
        if (
            self.stage is not Stage.GAME
            or self.trick_pause
            or g.phase is Phase.RESULT
            or seat is None
            or self.handover.is_human(seat)
        ):
            return None
        return Turn(g, self.match.game_number, seat, len(g.actions()))

    def seat_view_json(self, turn: Turn) -> str:
        """The seat's view and the match's finished games, for the opponent model."""
        return decision_request(self.match, turn.seat)

    def apply_reply(self, reply: str) -> None:
        self.apply(parse_action(str(json.loads(reply)["action"])))

    # ---- undo (待った) ----------------------------------------------------------

    def game_refusal(self) -> str | None:
        """Why 「待った」 does not act now (the shell's loop refuses it at a table of
        several people and once the match is left): the setting is off (``off``), or
        the current game is scored already or has no decision of the human's in it
        (``none``); ``None``: it acts (a computer may be thinking meanwhile)."""
        if not self.undo_on:
            return "off"
        played = self.stage is Stage.GAME and bool(self.match.decisions_of(HUMAN))
        return None if played else "none"

    def take_back(self) -> bool:
        """Take back the human's last decision and the computers' answers after it.

        Acts at once, even while a computer thinks: the game is rebuilt before that
        decision (:meth:`Match.take_back`), the computers' loop waiting for an
        answer is left to drop it (:attr:`generation`, by the shell's
        :meth:`undo`), and the human is to act.  The computers' choices are seeded
        by the game's state (:func:`ai_seed`), so the same decision again brings the
        same answers.
        """
        if not self.match.take_back(HUMAN):
            return False
        self.net = None
        self.trick_pause = False
        self.show_last = False
        self.sel = self.sel.kept()
        return True

    # ---- the human's clicks --------------------------------------------------

    def screen_seat(self) -> int | None:
        """Pass-and-play: the person to decide now when not the one holding the device
        (the privacy screen waits for them)."""
        seat = self.person_to_act()
        return seat if self.handover.due(seat) else None

    def act(self, act: str, arg: str | None) -> bool | None:
        seat = self.screen_seat()
        if self.screen_clicked(act):
            # Behind the privacy screen only its button acts: it hands the device over
            # (the shell's frame), and the table opens afresh for the one taking it.
            if act == SHOW_ACT and seat is not None:
                self.sel = Selection()
                self.sync()
                self.show_last = self.trick_unseen()
                self.tricks_seen[seat] = self.tricks_now()
            return False
        return super().act(act, arg)

    def _handlers(self) -> dict[str, Callable[[str | None], bool]]:
        return super()._handlers() | {
            "next": self._next,
            "undo": self._undo,
            "net-undo": self.take_back_net,
        }

    def slipped(self, kind: str, cards: int) -> None:
        self.net = (kind, cards)

    def tricks_now(self) -> tuple[int, int]:
        """The current game's number and its count of finished tricks."""
        return self.match.game_number, len(self.match.game.tricks)

    def trick_unseen(self) -> bool:
        """Whether the person just handed the device did not see the last finished
        trick end (only the one holding the device when it ended did): the table then
        opens with it beside the one in play (「前の巡」, closed by its button as
        ever), whether they lead the new trick or follow in it."""
        v = self.view()
        seen = self.tricks_seen.get(self.handover.holder, (0, 0))
        return v.phase is Phase.PLAY and bool(v.tricks) and seen < self.tricks_now()

    def net_offered(self) -> bool:
        """Whether the table offers to take back :attr:`net`: the human is to act
        again right after it (Napoleon calls, then discards), so no
        computer has answered it and nothing hidden has been shown since.  At
        pass-and-play too: the one holding the device made it and acts again, before
        anyone else saw it."""
        return (self.net is not None and self.seat_reply is None
                and self.human_to_act() and not self.busy)

    def take_back_net(self, _: str | None = None) -> bool:
        """The one-tap take-back of :attr:`net`, whatever the undo setting: the
        decision is taken back before anyone saw its consequence, and it is counted
        as a 待った in the record like any other (undo is not a secret)."""
        if not self.net_offered() or not self.match.take_back(self.handover.holder):
            return False
        self.net = None
        self.drop_pending()
        self.sel = self.sel.kept()
        self.sync()
        self.save_now()
        return False  # the human is to act: no computer needs to start

    def _undo(self, _: str | None) -> bool:
        self.undo()
        return False  # the human is to act: no computer needs to start

    def _next(self, _: str | None) -> bool:
        if self.trick_pause:
            self.trick_pause = False
        elif self.stage is Stage.STANDINGS:
            if self.match.is_over:
                self.stage = Stage.MATCH_OVER
            else:
                self.stage = Stage.GAME
                self.sel = Selection()
        elif self.stage is Stage.GAME and self.match.game.phase is Phase.RESULT:
            self.match.next_game()
            self.stage = Stage.STANDINGS
        else:
            return False
        self.show_last = False
        self.save_now()
        return True
