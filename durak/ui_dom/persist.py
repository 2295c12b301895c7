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
from typing import Final

from cardkit import fields
from cardkit.saved_entry import saved_object
from cardkit.ui_dom.match_store import MatchStore
from cardkit.ui_dom.storage import Storage
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
#: A rules text (every option written out is under 1,000 characters), one game's
#: actions (far above any real game) and one action's text.
MAX_RULES_CHARS: Final = 2_000
MAX_RECORD_ACTIONS: Final = 100_000
MAX_ACTION_CHARS: Final = 200


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
    """The match a save holds, and its seed; :class:`SaveError` naming the field if it
    does not replay (every field's type checked, never coerced: ``"version": true``
    is no version, a seat ``"²"`` no seat)."""
    data = saved_object(text, version=VERSION, max_chars=MAX_CHARS, max_depth=MAX_DEPTH,
                        err=SaveError)
    seed = fields.whole(data.get("seed"), "seed", 0, SEED_LIMIT - 1, SaveError)
    rules_text = fields.text(data.get("rules"), "rules", MAX_RULES_CHARS, SaveError)
    games = fields.listed(data.get("games"), "games", MAX_GAMES, SaveError)
    if not games:
        raise SaveError("games: the save holds no game")
    scored = fields.flag(data.get("scored", False), "scored", SaveError)
    try:
        rules = Rules.from_text(rules_text)
    except RulesError as e:
        raise SaveError(f"rules: {str(e)[:200]}") from None
    refusal = page_refusal(rules)
    if refusal is not None:
        raise SaveError(f"rules: {refusal}")
    match = Match(rules, seed=seed)
    for i, actions in enumerate(games):
        if i:
            try:
                match.next_game()
            except MatchError as e:
                raise SaveError(f"games[{i}]: {e}") from None
        _replay(match, fields.listed(actions, f"games[{i}]", MAX_RECORD_ACTIONS, SaveError), i)
        if i < len(games) - 1 and match.game.phase is not Phase.OVER:
            raise SaveError(f"games[{i}]: the game is not finished but another follows")
    if scored:
        try:
            match.next_game()
        except MatchError as e:
            raise SaveError(f"scored: {e}") from None
        if match.game not in match.games:
            raise SaveError("scored: the last game was scored but the match goes on")
    return match, seed


def _replay(match: Match, actions: list[object], number: int) -> None:
    g = match.game
    for k, line in enumerate(actions):
        where = f"games[{number}][{k}]"
        text = fields.text(line, where, MAX_ACTION_CHARS, SaveError)
        seat_text, _, body = text.partition(" ")
        seat = fields.digits(seat_text, f"{where} seat", 2, SaveError)
        try:
            g.apply(parse_action(body), seat)
        except (ActionTextError, IllegalActionError) as e:
            raise SaveError(f"{where}: {e}") from None


def _encode(saved: tuple[Match, int]) -> str:
    return encode_match(*saved)


def _decode(text: str) -> tuple[Match, int]:
    return decode_match(text)  # the name read at each load (a test puts a broken one there)


#: Durak's match registered with the page shell's saved-game store.
STORE: Final = MatchStore(SAVE_KEY, _encode, _decode, (SaveError,), "notice.corrupt_match")
#: Where a save that cannot be rebuilt is moved (the notice names it).
BACKUP_KEY: Final = STORE.backup_key


def save_match(store: Storage, match: Match, seed: int) -> None:
    STORE.save((match, seed), store)


def load_match(store: Storage) -> tuple[Match | None, int | None, str]:
    """The saved match and its seed, or ``(None, None, why)`` ('' when nothing is saved).

    A save that cannot be rebuilt — for any reason — is moved aside to
    :data:`BACKUP_KEY` (kept, not deleted): the next visit starts clean."""
    loaded = STORE.load(store)
    if loaded.value is None:
        return None, None, loaded.why
    match, seed = loaded.value
    return match, seed, ""
