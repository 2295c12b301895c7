"""Writing a game's JSON record (``format: napoleon-game/1``): what a save needs.

:mod:`napoleon.record` is the records' home (it re-exports :func:`game_record`);
this module holds only the writer and the formats' names.  It is apart because
the page saves the match before the human's first decision (the save's check is
a digest of the current game's record, :mod:`napoleon.ui_dom.persist`), while
the rest of :mod:`napoleon.record` — reading a record from outside
(:mod:`napoleon.record_check`) and the 譜 text (:mod:`napoleon.record_text`) —
is needed only at a game's end or for an imported record.  Importing those two
on the first screen created three dataclasses and ran two large modules
(~10 ms of the first screen's ~80 ms of imports in Pyodide,
``node diagnostics/cold_profile.mjs``); ``tests/ui/test_first_screen_imports.py``
keeps them off it.
"""

from __future__ import annotations

from typing import Any, Final

from napoleon.actions import action_text
from napoleon.cards import hand_text
from napoleon.game import Game

GAME_FORMAT: Final = "napoleon-game/1"
MATCH_FORMAT: Final = "napoleon-match/1"


def game_record(game: Game, undos: int = 0, actions: list[str] | None = None
                ) -> dict[str, Any]:
    """The JSON-ready record of ``game`` (replays with :func:`napoleon.record.replay_game`).

    ``undos``: how many decisions the human took back in it (``Match.undos``);
    written only when there were any, as ``"undos": n`` (a record without the
    key had none).  ``actions``: the texts of the game's actions when the caller
    has them already (a save writes them beside the record's digest).
    """
    rec: dict[str, Any] = {
        "format": GAME_FORMAT,
        "rules": game.rules.to_text(),
        "first_bidder": game.first_bidder,
        "deals": [
            {"hands": [hand_text(h) for h in hands], "kitty": hand_text(kitty)}
            for hands, kitty in game.deals
        ],
        "actions": (list(actions) if actions is not None
                    else [action_text(a) for _, a in game.actions()]),
        "result": None,
    }
    if undos:
        rec["undos"] = undos
    r = game.result
    if r is not None:
        rec["result"] = {
            "napoleon": r.napoleon,
            "adjutant": r.adjutant,
            "bid": r.bid,
            "french_honors": r.french_honors,
            "allied_honors": r.allied_honors,
            "outcome": r.outcome.name.lower(),
            "points": list(r.points),
        }
    return rec


__all__ = ["GAME_FORMAT", "MATCH_FORMAT", "game_record"]
