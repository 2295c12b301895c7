"""Clicks on a table drawn from a seat's view alone, where each click names one move.

The pile games' table and the table of a game of a kind of its own draw a seat's
view with nothing selected: every legal move is one control of the drawing (a card
laid at once, a take, a button with the move's words).  What differs by kind is
only how a click names its move, :attr:`ViewClicks.readers`: a click's
``data-act`` → the reading of its ``data-arg`` into an action (``None``: it names
none, a page tampered with).  The pile games read ``card``, ``take`` and ``talon``
(:data:`durak.ui_dom.play.pile_controller.PILE_CLICKS`); a kind of its own reads
``move``, one of the seat's legal moves in its engine's text (:data:`MOVE_CLICKS`).
Whatever a click reads, only one of the seat's legal moves is ever played.

The host's controller and a friend's seat at a table with friends stand on it
alike: the controller says whose view is drawn, whether its person is to act and
what applying a move does (plays it, or sends it to the host).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from durak.actions import ActionTextError

if TYPE_CHECKING:
    from durak.family.entry import Engine, FamilyView, GameEntry

#: The click of a legal move of a kind of its own (its ``data-arg``: the move in the
#: engine's text).
MOVE_ACT = "move"
#: The longest move text a click may name (a longer one is a page tampered with).
MOVE_TEXT_MAX = 40

#: How a click's ``data-arg`` names its action at the table of ``entry``'s game:
#: the action, or ``None`` where it names none.
Reader = Callable[["GameEntry", "str | None"], Any]


def move_text(engine: Engine, action: object) -> str:
    """``action`` in ``engine``'s text (what a click's ``data-arg`` says)."""
    if engine.action_text is None:
        raise TypeError("an engine a kind of its own plays writes its actions as text")
    return engine.action_text(action)


def read_move(entry: GameEntry, arg: str | None) -> Any:
    """The move a ``move`` click names in the engine's text, or ``None``."""
    if arg is None or len(arg) > MOVE_TEXT_MAX:
        return None
    try:
        return entry.engine.parse_action(arg)
    except ActionTextError:
        return None


#: A kind of its own's one click: a legal move in its engine's text.
MOVE_CLICKS: Mapping[str, Reader] = {MOVE_ACT: read_move}


class ViewClicks:
    """A click on one of the seat's legal moves (see the module): the kind's
    :attr:`readers` say how a click names it."""

    #: The kind's clicks: ``data-act`` → how its ``data-arg`` names the action.
    readers: ClassVar[Mapping[str, Reader]]
    #: The game's registry entry (a friend's seat reads it from its view's rules).
    entry: GameEntry

    if TYPE_CHECKING:  # the controller's

        def view(self) -> FamilyView: ...

        def human_to_act(self) -> bool: ...

        def handover_due(self) -> bool: ...

        def apply(self, action: Any) -> None: ...

        def table_clicked(self, act: str) -> bool | None: ...

    def legal(self) -> tuple[Any, ...]:
        if not self.human_to_act() or self.handover_due():
            return ()
        return tuple(self.view().legal_actions)

    def selection(self) -> int:
        """Nothing is ever selected: a move is one click."""
        return 0

    def seat_view_json_of_human(self) -> str:
        """The drawn seat's view as JSON (the hint's question to the worker)."""
        return json.dumps(self.view().to_dict(), separators=(",", ":"))

    def act(self, act: str, arg: str | None) -> bool | None:
        done = self.table_clicked(act)
        if done is not None:
            return done
        read = self.readers.get(act)
        if read is None:
            return None
        if not self.human_to_act():
            return False
        action = read(self.entry, arg)
        if action is None or action not in self.legal():
            return False
        self.apply(action)
        return True


__all__ = ["MOVE_ACT", "MOVE_CLICKS", "Reader", "ViewClicks", "move_text", "read_move"]
