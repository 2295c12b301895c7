"""The page's levels and its one entry point, :func:`decide_json`.

* ``easy`` (also ``baseline``): :class:`~durak.ai.baseline.BaselinePlayer`.
* ``normal``: search over sampled hidden cards, a small budget.
* ``strong``: the same search with a larger budget; at 2 players the information-set
  tree (:mod:`durak.ai.ismcts`) on :data:`STRONG_DUEL_WORLDS` worlds instead, its
  opponent modelled as the best reply, or as the baseline once the game's moves read
  so (:mod:`durak.ai.reader`).

Both solve the endgame exactly once their view leaves no card unplaced
(:mod:`durak.ai.endgame`; ``normal`` on a smaller budget of positions).

``normal`` and ``strong`` also use the doubling cube (:mod:`durak.ai.cube`:
they offer, accept and fold by their chance of winning); ``easy`` accepts
every double and never offers one.

Under ``doubt`` the levels play as the search always did: ``challenge`` and
``pass`` are searched over worlds where the face-down cover is any hidden
card, every face-down card is a candidate cover, and nobody challenges in a
playout — so they lie often (about 60% of their covers) and challenge often.
:mod:`durak.ai.doubt`'s model (a challenge rule, lies searched against
challenging playouts) is the arena's ``normal+doubt``/``strong+doubt`` only:
against the plain search it scored 28% [20, 36] (50 duplicate deals, honest
model) and 27% [16, 37] (30 deals, μ = 0.35), so it does not sit at the table.
``easy`` never challenges and never lies.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import partial
from typing import Final

from durak.actions import Action, action_text
from durak.ai.baseline import BaselinePlayer
from durak.ai.ismcts import tree_search
from durak.ai.reader import reading_of
from durak.ai.search import Duel, Searcher, StrongPlayer, search
from durak.view import PlayerView

LEVELS: Final = ("easy", "normal", "strong")

#: Worlds searched per decision, and the wall-clock cap in seconds.
NORMAL_WORLDS: Final = 8
NORMAL_TIME_LIMIT: Final = 0.25
STRONG_WORLDS: Final = 32
STRONG_TIME_LIMIT: Final = 0.8
#: Positions the exact endgame solver may search (:mod:`durak.ai.endgame`).
NORMAL_ENDGAME_NODES: Final = 1_000
STRONG_ENDGAME_NODES: Final = 5_000
#: Playouts for one cube decision (fewer when the estimate is clearly off the threshold).
NORMAL_CUBE_PLAYOUTS: Final = 32
STRONG_CUBE_PLAYOUTS: Final = 96
#: ``-mix`` levels: the chance that another player's node of the tree follows the
#: baseline's pick rather than the best reply (:func:`durak.ai.ismcts.tree_search`'s
#: ``follow``).
MIX_FOLLOW: Final = 1.0
#: ``-exact`` levels: the tree's leaves in 2-player worlds with the talon gone and at
#: most this many cards in the hands are solved exactly, within this many positions
#: (:class:`durak.ai.ismcts.ExactLeaves`).  Up to 6 cards a solve is about 36
#: positions at the median and a few ms (2 players, 80 baseline games' endgames).
EXACT_LEAF_CARDS: Final = 6
EXACT_LEAF_NODES: Final = 400
#: ``strong`` at 2 players: the tree's worlds per decision (3× :data:`STRONG_WORLDS`).
STRONG_DUEL_WORLDS: Final = 96
#: ``strong`` at 2 players: the tree, its opponent's nodes the best reply or (once read
#: as the baseline) the baseline's pick.
STRONG_DUEL: Final = Duel(STRONG_DUEL_WORLDS, tree_search, partial(tree_search, follow=1.0))


class UnknownLevelError(ValueError):
    """A level name that is not one of :data:`LEVELS` (or ``baseline``)."""


#: The most digits a worlds suffix (``strong:64``) may have.
MAX_WORLDS_DIGITS: Final = 6


def split_worlds(level: str) -> tuple[str, int | None]:
    """``"strong-ismcts:64"`` → ``("strong-ismcts", 64)``; no suffix → ``(level, None)``.

    The count is 1 to :data:`MAX_WORLDS_DIGITS` ASCII digits and at least 1 (``"²"`` is
    a digit to ``str.isdigit`` and ``int()`` refuses it; a 5,000-digit count is refused
    before ``int()`` sees it); anything else is :class:`UnknownLevelError`.

    >>> split_worlds("strong-mix:96")
    ('strong-mix', 96)
    >>> split_worlds("normal")
    ('normal', None)
    """
    name, colon, worlds = level.partition(":")
    if not colon:
        return level, None
    ok = worlds.isascii() and worlds.isdigit() and len(worlds) <= MAX_WORLDS_DIGITS
    if not ok or int(worlds) < 1:
        raise UnknownLevelError(f"bad player {level!r}: a worlds count is 1 to "
                                f"{MAX_WORLDS_DIGITS} digits, at least 1, e.g. strong-ismcts:64")
    return name, int(worlds)


def player_for(level: str, time_limits: bool = False) -> BaselinePlayer | StrongPlayer:
    """The player of ``level``; ``time_limits`` adds the page's wall-clock caps.

    Arena only: ``normal-old``/``strong-old``, the search before the cube play and
    the exact endgame (the yardstick for them); ``normal+doubt``/``strong+doubt``,
    with :mod:`durak.ai.doubt`; ``normal-ismcts``/``strong-ismcts``, the level with the
    information-set tree search (:mod:`durak.ai.ismcts`) in place of the flat one, on
    the same budget and time; ``normal-mix``/``strong-mix``, that tree with the other
    players' nodes following the baseline's pick with chance :data:`MIX_FOLLOW`;
    ``normal-exact``/``strong-exact``, the plain tree whose leaves in small 2-player
    endgames take the exact solver's value (:data:`EXACT_LEAF_CARDS`,
    :data:`EXACT_LEAF_NODES`) instead of a playout's; ``strong-flat``, strong with the
    flat search at 2 players too (the hint's player before the hint became
    strong's own search, :mod:`durak.ai.advice`).

    Arena only too: ``LEVEL:N`` (e.g. ``strong-ismcts:64``) is a searching level with
    ``N`` worlds per decision in place of its own (:func:`split_worlds`); the name
    keeps the suffix.
    """
    name, worlds = split_worlds(level)
    if worlds is not None:
        try:
            p = player_for(name, time_limits)
        except UnknownLevelError:
            raise UnknownLevelError(f"bad player {level!r}: {name!r} is no level") from None
        if not isinstance(p, StrongPlayer):
            raise UnknownLevelError(f"bad player {level!r}: {name} searches no worlds "
                                    f"(a worlds count goes on normal or strong levels)")
        p.worlds, p.name = worlds, level
        if p.duel is not None:
            p.duel = replace(p.duel, worlds=worlds)
        return p
    if level in ("easy", "baseline"):
        return BaselinePlayer()
    old, doubt = level.endswith("-old"), level.endswith("+doubt")
    middle: Searcher = search
    if level.endswith("-ismcts"):
        middle = tree_search
    elif level.endswith("-mix"):
        middle = partial(tree_search, follow=MIX_FOLLOW)
    elif level.endswith("-exact"):
        middle = partial(tree_search, exact_nodes=EXACT_LEAF_NODES, exact_cards=EXACT_LEAF_CARDS)
    base = (level.removesuffix("-old").removesuffix("+doubt").removesuffix("-ismcts")
            .removesuffix("-mix").removesuffix("-exact").removesuffix("-flat"))
    duel = STRONG_DUEL if level == "strong" else None
    if base == "normal":
        return StrongPlayer(NORMAL_WORLDS, time_limit=NORMAL_TIME_LIMIT if time_limits else None,
                            name=level, cube_playouts=0 if old else NORMAL_CUBE_PLAYOUTS,
                            doubt_play=doubt, endgame_nodes=0 if old else NORMAL_ENDGAME_NODES,
                            middle=middle)
    if base == "strong":
        return StrongPlayer(STRONG_WORLDS, time_limit=STRONG_TIME_LIMIT if time_limits else None,
                            name=level, cube_playouts=0 if old else STRONG_CUBE_PLAYOUTS,
                            doubt_play=doubt, endgame_nodes=0 if old else STRONG_ENDGAME_NODES,
                            middle=middle, duel=duel)
    raise UnknownLevelError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")


def decide(view: PlayerView, level: str, seed: int, time_limits: bool = False,
           reading: float = 0.0) -> Action:
    """``level``'s action at ``view``; ``reading``: what the seat has read of the other
    player so far (:class:`durak.ai.reader.BaselineReader`'s log-odds; 2 players)."""
    player = player_for(level, time_limits)
    if isinstance(player, StrongPlayer):
        player.reader.log_odds = reading
    return player.decide(view, random.Random(seed))


def decide_json(view_json: str, level: str, seed: int) -> str:
    """The worker boundary: a view's JSON in, ``{"action": ..., "level": ...}`` out.

    The view may carry the seat's reading of the other player under ``"reading"``
    (:func:`durak.ai.reader.decision_request`); a bad one is a
    :class:`durak.ai.reader.ReadingError`."""
    d = json.loads(view_json)
    if not isinstance(d, dict):
        raise ValueError("the request is not a view (a JSON object)")
    reading = reading_of(d)
    # The reading rides beside the view's keys; the view's reader refuses any other.
    view = PlayerView.from_dict({k: v for k, v in d.items() if k != "reading"})
    action = decide(view, level, seed, time_limits=True, reading=reading)
    return json.dumps({"action": action_text(action), "level": level})
