"""Levels (easy, normal, strong) and the JSON boundary for the page's worker.

>>> import json
>>> from napoleon.game import Game
>>> from napoleon.rules import Rules
>>> from napoleon.view import view_of
>>> g = Game.new(Rules(), seed=1)
>>> reply = json.loads(decide_json(view_of(g, g.to_act).to_json(), "normal", seed=5))
>>> reply["action"].split()[0] in ("bid", "pass")
True
"""

from __future__ import annotations

import json
import random
from typing import Final

from napoleon.actions import Action, action_text
from napoleon.ai.base import Player
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.strong import StrongPlayer
from napoleon.view import PlayerView

#: Budgets are counts of sampled worlds (card play) and of simulated deals
#: per trump (bidding), chosen so that each level meets its time target inside
#: Pyodide (normal ≤ 300 ms, strong ≤ 1 s at p95; ``bench/ai_pyodide.mjs``).
LEVELS: Final[dict[str, Player]] = {
    "easy": BaselinePlayer(),
    "normal": StrongPlayer(
        worlds=8, bid_samples=6, contract_worlds=4, infer_factor=2, name="normal"
    ),
    "strong": StrongPlayer(worlds=24, bid_samples=12, name="strong"),
}


class UnknownLevelError(ValueError):
    """A level name that is not one of :data:`LEVELS`."""


def player_for(level: str) -> Player:
    try:
        return LEVELS[level]
    except KeyError:
        raise UnknownLevelError(
            f"unknown AI level {level!r}: expected one of {', '.join(LEVELS)}"
        ) from None


def decide(view: PlayerView, level: str = "normal", seed: int = 0) -> Action:
    """The action the computer at ``view.seat`` takes (same seed, same action)."""
    return player_for(level).decide(view, random.Random(seed))


def decide_json(view_json: str, level: str = "normal", seed: int = 0) -> str:
    """JSON in, JSON out, for a worker boundary.

    ``view_json`` is :meth:`napoleon.view.PlayerView.to_json` of the seat to
    act; the reply is ``{"action": "<text>", "level": "<level>"}`` where the
    text is :func:`napoleon.actions.action_text` (``"bid 13 S"``, ``"pass"``,
    ``"call SA"``, ``"discard H4 D3 C2"``, ``"change S JK"``, ``"play JK H"``);
    :func:`napoleon.actions.parse_action` reads it back.
    """
    view = PlayerView.from_json(view_json)
    action = decide(view, level, seed)
    return json.dumps({"action": action_text(action), "level": level})
