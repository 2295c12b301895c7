"""The Durak match in localStorage, so a reload or a closed tab continues it exactly.

Saved form (key :data:`SAVE_KEY`, scoped to the site's path like Napoleon's
``napoleon.match``; the two games never read each other's)::

    {"version": 1, "rules": "preset=perevodnoy&players=3", "seed": 7,
     "games": [["0 attack 7C", "1 cover 9C 7C", ...], [...]], "scored": false}

Each game is its actions in order (``seat action``); the match is rebuilt by
dealing ``Match(rules, seed)`` again and replaying them, so every card, the
tally and the next deals come out (``scored``: the last game of a finished
``cube15`` match was scored) exactly as they were, and a save that does
not replay (edited, truncated, from another version) is refused as a whole:
it is set aside under ``durak.match.corrupt`` and the page starts a new match
with a visible notice, never a broken table.
"""

from __future__ import annotations

import json
from typing import Any, Final

from cardkit.bounded_json import JsonShapeError, loads_bounded
from cardkit.ui_dom.storage import Storage, set_aside
from durak.actions import ActionTextError, IllegalActionError, action_text, parse_action
from durak.game import Phase
from durak.match import Match, MatchError
from durak.rules import Rules, RulesError
from durak.ui_dom.page_rules import page_refusal

SAVE_KEY: Final = "durak.match"
VERSION: Final = 1
#: Bounds checked before parsing (a long tally match is ~100 games of ~100 actions).
MAX_CHARS: Final = 4_000_000
MAX_DEPTH: Final = 4
MAX_GAMES: Final = 1000
SEED_LIMIT: Final = 1 << 64


class SaveError(ValueError):
    """A saved match that cannot be rebuilt; the message says why."""


def encode_match(match: Match, seed: int) -> str:
    scored = match.game in match.games  # cube15: the match's last game, scored
    games = match.games if scored else [*match.games, match.game]
    return json.dumps(
        {
            "version": VERSION,
            "rules": match.rules.to_text(),
            "seed": seed,
            "games": [[f"{s} {action_text(a)}" for s, a in g.actions()] for g in games],
            "scored": scored,
        },
        separators=(",", ":"),
    )


def decode_match(text: str) -> tuple[Match, int]:
    """The match a save holds, and its seed; :class:`SaveError` if it does not replay."""
    try:
        data: Any = loads_bounded(text, max_chars=MAX_CHARS, max_depth=MAX_DEPTH)
    except JsonShapeError as e:
        raise SaveError(str(e)) from None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        raise SaveError("not a saved Durak match of this version")
    seed, rules_text, games = data.get("seed"), data.get("rules"), data.get("games")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise SaveError("the match seed is missing or out of range")
    if not isinstance(rules_text, str):
        raise SaveError("the rules are missing")
    if not isinstance(games, list) or not 1 <= len(games) <= MAX_GAMES:
        raise SaveError("the games are missing")
    try:
        rules = Rules.from_text(rules_text)
    except RulesError as e:
        raise SaveError(f"rules: {e}") from None
    refusal = page_refusal(rules)
    if refusal is not None:
        raise SaveError(f"rules: {refusal}")
    match = Match(rules, seed=seed)
    for i, actions in enumerate(games):
        if i:
            try:
                match.next_game()
            except MatchError as e:
                raise SaveError(f"game {i + 1}: {e}") from None
        if not isinstance(actions, list):
            raise SaveError(f"game {i + 1} is not a list of actions")
        _replay(match, actions, i + 1)
        if i < len(games) - 1 and match.game.phase is not Phase.OVER:
            raise SaveError(f"game {i + 1} is not finished but another follows")
    if data.get("scored") is True:
        try:
            match.next_game()
        except MatchError as e:
            raise SaveError(f"last game: {e}") from None
        if match.game not in match.games:
            raise SaveError("the last game was scored but the match goes on")
    return match, seed


def _replay(match: Match, actions: list[object], number: int) -> None:
    g = match.game
    for k, line in enumerate(actions):
        if not isinstance(line, str):
            raise SaveError(f"game {number}, action {k + 1} is not text")
        seat_text, _, body = line.partition(" ")
        if not seat_text.isdigit():
            raise SaveError(f"game {number}, action {k + 1}: no seat in {line[:40]!r}")
        try:
            g.apply(parse_action(body), int(seat_text))
        except (ActionTextError, IllegalActionError) as e:
            raise SaveError(f"game {number}, action {k + 1}: {e}") from None


def save_match(store: Storage, match: Match, seed: int) -> None:
    store.set(SAVE_KEY, encode_match(match, seed))


def load_match(store: Storage) -> tuple[Match | None, int | None, str]:
    """The saved match and its seed, or ``(None, None, why)`` ('' when nothing is saved).

    A save that cannot be rebuilt is moved aside (kept, not deleted)."""
    text = store.get(SAVE_KEY)
    if text is None:
        return None, None, ""
    try:
        match, seed = decode_match(text)
    except SaveError as e:
        set_aside(store, SAVE_KEY)
        return None, None, str(e)[:200]
    return match, seed, ""
