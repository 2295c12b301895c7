"""The match in progress, saved after every action and restored after a reload.

The save is small and exact: the rules text, how to redo the match's dealing
(the match seed, or the match generator's state when the seed is unknown),
each game's seed, first bidder and actions in text form, and the table's own
``extra`` (which screen it showed).  The engine is deterministic, so replaying
the actions through it rebuilds exactly the same match; a digest of the
current game's JSON record catches an engine whose deals or rules changed
since the save (an incompatible save).

Format (localStorage key :data:`SAVE_KEY`)::

    {"format": "napoleon-save/1", "rules": "preset=sdc", "match_seed": 7,
     "games": [{"seed": 123, "first_bidder": 2, "actions": ["pass", ...]}],
     "scored": 0, "check": "9f2c…", "extra": {...}}

A save that does not parse, does not replay or does not match its digest is
reported as a notice and moved aside to ``napoleon.match.corrupt``; it never
breaks the page.  The pure part (:func:`encode_match`, :func:`decode_match`)
runs on CPython; the storage is injected.
"""

from __future__ import annotations

import json
import random
from typing import Any, Final
from weakref import WeakKeyDictionary

from napoleon.actions import action_text, parse_action
from napoleon.game import Game
from napoleon.match import Match
from napoleon.record import game_record
from napoleon.rules import Rules, RulesError
from napoleon.ui_dom.i18n import t
from napoleon.ui_dom.storage import Storage, page_storage, set_aside

SAVE_KEY: Final = "napoleon.match"
SAVE_FORMAT: Final = "napoleon-save/1"
#: Earlier or later formats this version cannot read (none yet): an incompatible save.
FORMAT_PREFIX: Final = "napoleon-save/"


class SaveError(ValueError):
    """A saved match that cannot be restored (malformed or does not replay)."""


class IncompatibleSaveError(SaveError):
    """A save written by another format version or another engine."""


_seeds: WeakKeyDictionary[Match, int] = WeakKeyDictionary()


def new_match(rules: Rules, seed: int | None = None) -> Match:
    """A new match whose seed is remembered for compact saves (random if ``None``)."""
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 63)
    match = Match(rules, seed)
    _seeds[match] = seed
    return match


def _match_seed(match: Match, extra: dict[str, object]) -> int | None:
    """The match seed, if known: remembered by :func:`new_match` or given in ``extra``."""
    seed = _seeds.get(match)
    if seed is not None:
        return seed
    given = extra.get("match_seed")
    if type(given) is not int or given < 0 or not match.seeds:
        return None
    # Check it really is this match's seed (one deal, cheap) before relying on it.
    first = Match(match.rules, given)
    if (first.seeds[0], first.game.first_bidder) != (match.seeds[0], match.games[0].first_bidder):
        return None
    _seeds[match] = given
    return given


def _digest(game: Game) -> str:
    import hashlib  # here, not at the top: the page's start needs no digest (compiled from source)

    text = json.dumps(game_record(game), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def encode_match(match: Match, extra: dict[str, object]) -> str:
    """The JSON save of ``match`` and the table's ``extra`` (JSON-serialisable)."""
    data: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "rules": match.rules.to_text(),
    }
    seed = _match_seed(match, extra)
    if seed is not None:
        data["match_seed"] = seed
    else:
        version, internal, gauss = match.rng.getstate()
        data["rng"] = [version, list(internal), gauss]
    data["games"] = [
        {
            "seed": s,
            "first_bidder": g.first_bidder,
            "actions": [action_text(a) for _, a in g.actions()],
        }
        for s, g in zip(match.seeds, match.games, strict=True)
    ]
    data["scored"] = len(match.results)
    data["check"] = _digest(match.game)
    data["extra"] = extra
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _replay(game: Game, actions: list[str], number: int) -> None:
    for i, text in enumerate(actions):
        try:
            game.apply(parse_action(text))
        except ValueError as e:
            raise SaveError(f"game {number}, action {i + 1} ({text!r}) does not replay: {e}") from e


def decode_match(text: str) -> tuple[Match, dict[str, object]]:
    """Rebuild the match saved by :func:`encode_match`; raises :class:`SaveError`."""
    try:
        data = json.loads(text)
    except ValueError as e:
        raise SaveError(f"not JSON: {e}") from e
    if not isinstance(data, dict):
        raise SaveError("a save is a JSON object")
    fmt = data.get("format")
    if fmt != SAVE_FORMAT:
        if isinstance(fmt, str) and fmt.startswith(FORMAT_PREFIX):
            raise IncompatibleSaveError(f"format {fmt!r}, this version reads {SAVE_FORMAT!r}")
        raise SaveError(f"not a saved match (format {fmt!r})")
    try:
        return _rebuild(data)
    except SaveError:
        raise
    except RulesError as e:
        raise IncompatibleSaveError(f"rules: {e}") from e
    except (KeyError, TypeError, IndexError, AttributeError, ValueError, OverflowError) as e:
        raise SaveError(f"malformed save: {e!r}") from e


def _rebuild(data: dict[str, Any]) -> tuple[Match, dict[str, object]]:
    rules = Rules.from_text(str(data["rules"]))
    games = data["games"]
    scored = data["scored"]
    if not isinstance(games, list) or not games:
        raise SaveError("the save holds no game")
    if type(scored) is not int or not len(games) - 1 <= scored <= len(games):
        raise SaveError(f"bad count of scored games: {scored!r}")
    if "match_seed" in data:
        seed = data["match_seed"]
        if type(seed) is not int or seed < 0:
            raise SaveError(f"bad match seed: {seed!r}")
        match = Match(rules, seed)
        _seeds[match] = seed
        for number, entry in enumerate(games, 1):
            if number > 1:
                match.next_game()
            _replay(match.game, list(entry["actions"]), number)
        if scored == len(games):
            match.next_game()
    else:
        match = Match(rules, 0)
        match.games, match.seeds = [], []
        for number, entry in enumerate(games, 1):
            game = Game.new(rules, int(entry["seed"]), int(entry["first_bidder"]))
            _replay(game, list(entry["actions"]), number)
            match.games.append(game)
            match.seeds.append(int(entry["seed"]))
        for game in match.games[:scored]:
            if game.result is None:
                raise SaveError("a scored game is not over")
            match.results.append(game.result)
            for s, p in enumerate(game.result.points):
                match.totals[s] += p
        version, internal, gauss = data["rng"]
        match.rng.setstate((int(version), tuple(int(i) for i in internal), gauss))
    stored_seeds = [entry["seed"] for entry in games]
    if match.seeds != stored_seeds or any(
        g.first_bidder != e["first_bidder"] for g, e in zip(match.games, games, strict=True)
    ):
        raise IncompatibleSaveError("the deals differ from the saved ones")
    if _digest(match.game) != data["check"]:
        raise IncompatibleSaveError("the replayed game differs from the saved one")
    extra = data.get("extra", {})
    if not isinstance(extra, dict):
        raise SaveError("the table's part of the save is not an object")
    return match, extra


# ---- the page's storage --------------------------------------------------------


def save_match(
    match: Match, extra: dict[str, object], storage: Storage | None = None
) -> None:
    """Save the match (call after every action and at every NEXT)."""
    store = storage if storage is not None else page_storage()
    store.set(SAVE_KEY, encode_match(match, extra))


def load_match(
    storage: Storage | None = None,
) -> tuple[Match | None, dict[str, object], list[str]]:
    """The saved match, the table's ``extra`` and notices.

    Nothing saved → ``(None, {}, [])``.  A corrupt or incompatible save is moved
    aside (``napoleon.match.corrupt``) and reported; the page starts afresh.
    """
    store = storage if storage is not None else page_storage()
    text = store.get(SAVE_KEY)
    if text is None:
        return None, {}, []
    try:
        match, extra = decode_match(text)
    except IncompatibleSaveError as e:
        backup = set_aside(store, SAVE_KEY)
        return None, {}, [t("notice.save_incompatible", error=str(e), backup=backup)]
    except SaveError as e:
        backup = set_aside(store, SAVE_KEY)
        return None, {}, [t("notice.save_corrupt", error=str(e), backup=backup)]
    return match, extra, []


def clear_match(storage: Storage | None = None) -> None:
    """Forget the saved match (a new match starts)."""
    store = storage if storage is not None else page_storage()
    store.remove(SAVE_KEY)
