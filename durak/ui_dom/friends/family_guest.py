"""What a guest's controller of the Durak family answers the same whichever game it draws.

At a table with friends the host's page plays the game; a guest's page holds what
its seat was sent and sends the action chosen.  Each kind of game has its guest's
controller for what differs — drawing the view with its selection, turning clicks
into an action (:class:`~durak.ui_dom.friends.guest_controller.GuestController`, the
ordinary game's; :class:`~durak.ui_dom.friends.view_guest.ViewGuest`, the pile
games' and a kind of its own's; the suit deal's dealing guest in its own package's ``ui_dom``,
reached through its kind's entry) — and each stands on :class:`FamilyGuest` for what does not:
the guest seated as the one person at the page, what the host sent, and the
family's questions a guest answers for the host's game (it keeps no series, counts
no statistics of its own, decides for no seat, takes nothing back).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from cardkit.table_net.guest_session import GuestSeat
from cardkit.ui_dom.pass_play import Handover, reviewed
from durak.family.entry import FamilyView, GameEntry
from durak.family.registry import find_game
from durak.pile.options import PileRules

if TYPE_CHECKING:
    from cardkit.ui_dom.turn_loop import Turn
    from durak.stats import GameFacts
    from durak.ui_dom.play.family_controller import Hooks

#: A kind's finished game object, as its guest's controller holds it.
G = TypeVar("G", covariant=True)


class Finished(Protocol[G]):
    """What :meth:`FamilyGuest.finished_games` reads of the controller it stands in:
    the game's number in the host's series and the finished game this page holds."""

    @property
    def number(self) -> int: ...

    def finished_game(self) -> G | None: ...


def game_tally(players: int, durak: int | None) -> list[int]:
    """A guest's tally: the game on the table's ``durak`` (``None``: none yet, or a draw)
    once, every other seat none (the series' tally is the host's)."""
    out = [0] * players
    if durak is not None:
        out[durak] += 1
    return out


def told_rules(view: Any) -> tuple[PileRules, GameEntry]:
    """The rules a pile game's or an own kind's view tells (its ``rules_text``) and
    their game's registry entry, as a guest's seat reads them."""
    rules = PileRules.from_text(view.rules_text)
    return rules, find_game(rules.mode)


class FamilyGuest:
    """A guest's seat at a table with friends, and the answers every guest gives alike.
    A base of each guest's controller, before the shell's loop
    (``class OwnGuest(ViewGuest, ViewClicks, FamilyGuest, TurnLoop)``), which it
    starts."""

    #: The guest's seat: the view the host sent last, its moment, the action sent.
    guest: GuestSeat | None
    #: The one person at this page: the guest, at its seat (each controller's
    #: ``handover: Handover``, never ``None``).
    handover: Handover | None
    #: The game's registry entry, read from the view's rules (a kind's seat that
    #: writes its own link record keeps none).
    entry: GameEntry
    #: The finished game the host's record holds (every hand open), the one this
    #: seat's end, record screen and review show; ``None`` until it comes
    #: (:meth:`record_class`).
    guest_game: Any

    def __init__(self, view: FamilyView, turn: int, send: Callable[[str], None],
                 hooks: Hooks) -> None:
        """The guest at ``view``'s seat, with the view the host sent at moment ``turn``;
        its choice goes out through ``send``.  The shell's loop (the class after this
        one) runs with the page's ``hooks``, at no level of its own: it decides for
        no seat."""
        loop: Any = super()
        loop.__init__(0, "easy", hooks.think, hooks.pause, hooks.on_change, asyncio.sleep)
        self.handover = Handover((view.seat,))
        self.guest = GuestSeat(view, turn, send)
        self.guest_game = None
        self.new_game(view)

    def new_game(self, view: Any) -> None:
        """What the kind starts afresh at ``view``, the first this seat saw of its game
        (the seat's first view, or the host's next game)."""

    def finished_game(self) -> Any:
        """The finished game this seat shows: the host's record of it, once it came."""
        return self.guest_game

    @property
    def sent(self) -> GuestSeat:
        """What the host sent last: the view, its moment, whether the page waits."""
        assert self.guest is not None
        return self.guest

    @property
    def seat(self) -> int:
        """The guest's seat, the one its views are of."""
        return int(self.sent.view.seat)

    def finished_games(self: Finished[G]) -> list[tuple[G, int]]:
        """The host's game once this page holds it finished, with its number (the host
        keeps the series and its earlier games)."""
        game = self.finished_game()
        return [] if game is None else [(game, self.number)]

    def share(self, game: Any, number: int) -> dict[str, Any]:
        """The link's record of the host's game, through its registry entry
        (:attr:`entry`, where the kind's seat keeps one; the others write their own):
        no seed, the host's, which no view says."""
        return self.entry.record.write_link(game, None, number)

    def record_class(self) -> type | None:
        """The class of the finished game this seat shows from the host's record, once
        it comes (:attr:`guest_game`); ``None``: the seat shows none (the dealing's
        guest, whose game's end is the play's)."""
        return None

    def in_progress(self) -> bool:
        return False  # the host's game: a new deal loses nothing of the guest's

    # The next game is the host's to deal: a guest's click on it deals nothing (the
    # shell loop's ``next_game``, ``False``).

    def finished_facts(self) -> tuple[GameFacts, str] | None:
        return None  # counted from the record the host sends (the tally with friends)

    def current_turn(self) -> Turn | None:
        return None  # the host's computers play every seat no person holds

    def seat_view_json(self, turn: Turn) -> str:
        raise RuntimeError("a guest's page decides for no seat")

    def apply_reply(self, reply: str) -> None:
        raise RuntimeError("a guest's page decides for no seat")

    def undo_refusal(self) -> str | None:
        return "people"  # another person's move would be taken back too

    def reviewed(self, t: Callable[..., str]) -> tuple[tuple[int, str], ...]:
        """A review judges the guest's own seat (its view's), never the host's."""
        return reviewed(None, t, self.seat)

    def several_people(self) -> bool:
        return True  # a table with friends

    def with_friends(self) -> bool:
        return True  # its games and hints go to the tally with friends

    def record_seed(self) -> int | None:
        """None: a guest's page deals nothing (its ``match_seed`` is a placeholder).
        The seed is the host's, which no view says and the ordinary game's record the
        host sends does not carry, so a guest's record and link name no seed rather
        than one it was never told (a record without a seed replays and opens as any
        other)."""
        return None


__all__ = ["FamilyGuest", "Finished", "game_tally"]
