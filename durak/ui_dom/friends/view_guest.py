"""A guest whose clicks are its view's own legal moves (a pile game's, a kind of its
own's): what such a guest answers alike, drawn from the views its seat was sent, with
no game under them.

The host's page holds the series; a guest's holds what the host sent: its seat's last
view, the rules and registry entry that view tells, and the moves read from the
views one after the other (a view says the move made since the one before it; a
move made while the guest was away is not guessed).  A click reaches the view's legal
moves (:class:`~durak.ui_dom.play.view_clicks.ViewClicks`); the move chosen is sent to
the host, not played; while the host has not answered, the page waits.  The finished
game its end, record screen and review show is the host's record of it
(:attr:`~durak.ui_dom.friends.family_guest.FamilyGuest.guest_game`).  Each kind says
how it reads a move from two views (:meth:`ViewGuest.note_move`) and starts its moves
afresh (``new_game``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from durak.ui_dom.friends.family_guest import game_tally

if TYPE_CHECKING:
    from cardkit.table_net.guest_session import GuestSeat
    from durak.pile.options import PileRules


class ViewGuest:
    """A guest's table drawn from the views its seat was sent (see the module): a base
    before the family's clicks and guest, and the shell's loop
    (``class OwnGuest(ViewGuest, ViewClicks, FamilyGuest, TurnLoop)``)."""

    if TYPE_CHECKING:  # the guest's (FamilyGuest, the kind's)
        rules: PileRules

        @property
        def sent(self) -> GuestSeat: ...

        @property
        def over(self) -> bool: ...

        def new_game(self, view: Any) -> None: ...

    def note_move(self, before: Any, view: Any) -> None:
        """The move made between the views ``before`` and ``view`` (the next one)."""
        raise NotImplementedError

    def follow(self, view: Any, turn: int) -> None:
        """The host's next view (at moment ``turn``): the move made since the last one
        is added to those seen where the view says it; another game starts afresh."""
        before = self.sent.view
        if before.game != view.game:
            self.new_game(view)
        elif view.moves == before.moves + 1:
            self.note_move(before, view)
        self.sent.receive(view, turn)

    def view(self) -> Any:
        return self.sent.view

    @property
    def number(self) -> int:
        """The game's number in the host's series (each view says it)."""
        return int(self.view().game)

    def human_to_act(self) -> bool:
        v = self.view()
        return not self.sent.waiting and not self.over and v.to_act == v.seat

    def markers(self) -> dict[str, str]:
        v = self.view()
        return {"phase": "over" if self.over else "play", "mode": self.rules.mode,
                "to-act": "" if self.over else str(v.to_act), "game": str(v.game),
                "actions": str(self.sent.turn), "friends": "guest"}

    def tally(self) -> list[int]:
        return game_tally(self.rules.players, self.view().durak if self.over else None)


__all__ = ["ViewGuest"]
