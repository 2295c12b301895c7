"""Taking back a player's last decision in an ordinary game (the page's undo) [I].

:class:`TakeBack` holds how the game on the table was dealt (``fresh``: a new copy
of it before any action) and reads its actions: which passes were made where Pass
was all a seat could do (:meth:`TakeBack.forced_passes`), where a player decided
(:meth:`TakeBack.decisions_of`), why a player's last decision cannot be taken
back (:meth:`TakeBack.refusal`) and the game as it stood before it
(:meth:`TakeBack.before_last`: dealt again and its actions before that decision
replayed, so the player is to act; the computers' choices are seeded by the
game's state, so the same decision brings the same answers).  What it refuses:

* ``over``: a finished game (its last move ended it: the durak is known,
  ``cube15`` points are due), so undo never crosses a game's end;
* ``cube``: a decision made before an accepted double (``cube15``, §7): the stake
  was raised and the cube changed hands by the opponent's free choice, which a
  take-back would silently reverse.  The human's own double is always followed by
  the opponent's accept (then this) or fold (the game is over), and their accept
  is itself the accept;
* ``none``: the player has no decision of their own in the game.  A lone Pass the
  page makes for them in a throw-in window (:func:`forced_pass`) is no decision
  of theirs: taking it back would only be made again at once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from durak.actions import PASS, Accept, Action
from durak.game import Game, Phase


def forced_pass(g: Game) -> bool:
    """Whether the one to act can only pass a throw-in window (the page passes for
    a human there: docs/rules/durak.md §6.15)."""
    return g.phase is Phase.THROW and g.legal_actions() == [PASS]


@dataclass
class _Forced:
    """What :meth:`TakeBack.forced_passes` read of ``game``: its ``moves`` so far,
    replayed into ``replay``, and the indexes of the ``forced`` passes among them."""

    game: Game
    replay: Game
    moves: list[tuple[int, Action]]
    forced: set[int]


class TakeBack:
    """The undo of one game on the table, dealt again by ``fresh``."""

    def __init__(self, fresh: Callable[[], Game]) -> None:
        self.fresh = fresh
        self._forced: _Forced | None = None

    def forced_passes(self, g: Game) -> frozenset[int]:
        """The passes of ``g`` made where Pass was the only legal action
        (:func:`forced_pass`: nothing to throw in): indexes into ``g.actions()``, every
        seat's.  Only a seat's own player may be told which of its passes these were:
        to everybody else, a pass with nothing to add looks like one by choice
        (docs/rules/durak.md §6.15).  The game is replayed from its deal once; each
        call after that reads only the actions made since.

        >>> import random
        >>> from durak.playout import play_random_game
        >>> from durak.rules import Rules
        >>> g = Game.new(Rules(players=3), 5)
        >>> undo = TakeBack(lambda: Game.new(Rules(players=3), 5))
        >>> _ = play_random_game(g, random.Random(5))
        >>> replay, lone = undo.fresh(), set()
        >>> for i, (s, a) in enumerate(g.actions()):
        ...     if replay.legal_actions() == [PASS]:
        ...         lone.add(i)
        ...     replay.apply(a, s)
        >>> undo.forced_passes(g) == lone and len(lone) > 0
        True
        """
        moves = g.actions()
        memo = self._forced
        if memo is None or memo.game is not g or len(memo.moves) > len(moves) \
                or memo.moves != moves[:len(memo.moves)]:
            memo = self._forced = _Forced(g, self.fresh(), [], set())
        for s, a in moves[len(memo.moves):]:
            if forced_pass(memo.replay):
                memo.forced.add(len(memo.moves))
            memo.replay.apply(a, s)
            memo.moves.append((s, a))
        return frozenset(memo.forced)

    def decisions_of(self, g: Game, player: int) -> list[int]:
        """Where ``player`` decided in ``g`` (their own seat or the dummy they play):
        indexes into ``g.actions()``, a page's forced pass left out."""
        if not any(g.player_of(s) == player for s, _ in g.actions()):
            return []
        forced = self.forced_passes(g)
        return [i for i, (s, _) in enumerate(g.actions())
                if g.player_of(s) == player and i not in forced]

    def refusal(self, g: Game, player: int) -> str | None:
        """Why ``player``'s last decision in ``g`` cannot be taken back (``over``,
        ``cube``, ``none``: see the module's docstring), or ``None`` when it can."""
        if g.phase is Phase.OVER:
            return "over"
        points = self.decisions_of(g, player)
        if not points:
            return "none"
        accepted = [i for i, (_, a) in enumerate(g.actions()) if isinstance(a, Accept)]
        if accepted and points[-1] < accepted[-1]:
            return "cube"
        return None

    def before_last(self, g: Game, player: int) -> Game | None:
        """``g`` as it stood before ``player``'s last decision: dealt again and the
        actions before that decision replayed, so ``player`` is to act; ``None`` when
        :meth:`refusal` refuses.

        >>> import random
        >>> from durak.rules import Rules
        >>> g, rng = Game.new(Rules(players=2), 3), random.Random(1)
        >>> while g.player_of(g.to_act) != 0 or len(g.actions()) < 4:
        ...     g.apply(rng.choice(g.legal_actions()))
        >>> before = g.actions()
        >>> g.apply(g.legal_actions()[0])
        >>> TakeBack(lambda: Game.new(Rules(players=2), 3)).before_last(g, 0).actions() == before
        True
        """
        if self.refusal(g, player) is not None:
            return None
        keep = g.actions()[: self.decisions_of(g, player)[-1]]
        fresh = self.fresh()
        for s, a in keep:
            fresh.apply(a, s)
        return fresh


__all__ = ["TakeBack", "forced_pass"]
