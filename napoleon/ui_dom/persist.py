"""The match in progress, saved after every action and restored after a reload.

The save is small and exact: the rules text, how to redo the match's dealing
(the match seed, or the match generator's state when the seed is unknown),
each game's seed, first bidder and actions in text form (and how many
decisions were taken back in it, ``undos``, when any were), and the table's own
``extra`` (which screen it showed).  The engine is deterministic, so replaying
the actions through it rebuilds exactly the same match; a digest of the
current game's JSON record catches an engine whose deals or rules changed
since the save (an incompatible save).

Format (localStorage key :data:`SAVE_KEY`)::

    {"format": "napoleon-save/1", "rules": "preset=sdc", "match_seed": 7,
     "games": [{"seed": 123, "first_bidder": 2, "actions": ["pass", ...], "undos": 1}],
     "scored": 0, "check": "9f2c…", "extra": {...}}

A save that does not parse, does not replay or does not match its digest is
reported as a notice and moved aside to ``napoleon.match.corrupt``; it never
breaks the page.  The save comes from outside (anyone can edit localStorage, a
fork on the same origin could write it), so it is bounded before it is parsed
(:data:`MAX_SAVE_CHARS`, :data:`MAX_SAVE_DEPTH`: JSON nested 100,000 deep once
killed the page's Python on every visit), and every field is checked (type,
size, range: a ``first_bidder`` outside the table once looped the auction
forever) before anything is replayed, so every replay loop is bounded by the
checked list lengths.  The pure part (:func:`encode_match`, :func:`decode_match`)
runs on CPython; the storage is injected.
"""

from __future__ import annotations

import json
import random
from typing import Any, Final
from weakref import WeakKeyDictionary

from cardkit.saved_entry import saved_object
from cardkit.ui_dom.match_store import MatchStore
from cardkit.ui_dom.storage import Storage
from napoleon.actions import action_text, parse_action
from napoleon.game import Game
from napoleon.match import Match
from napoleon.record_json import game_record
from napoleon.rules import OPTION_BY_KEY, Rules, RulesError
from napoleon.ui_dom.i18n import t

SAVE_KEY: Final = "napoleon.match"
SAVE_FORMAT: Final = "napoleon-save/1"
#: Earlier or later formats this version cannot read (none yet): an incompatible save.
FORMAT_PREFIX: Final = "napoleon-save/"


#: Longest save read (characters).  A full match of 20 games with the match
#: generator's state is under 40,000; anything far longer is not ours.
MAX_SAVE_CHARS: Final = 200_000
#: Deepest nesting read: ``{"games": [{"actions": [..]}]}`` and ``"rng"`` are 3 deep.
MAX_SAVE_DEPTH: Final = 6
#: Most games a save holds: the longest match the rules allow (``match_games``).
MAX_GAMES: Final = max(int(v) for v in OPTION_BY_KEY["match_games"].values)
#: Most actions of one game (a game has under 100; redeals after all-pass add some).
MAX_ACTIONS: Final = 1_000
#: Most take-backs counted in one game (a count, bounded like everything saved).
MAX_UNDOS: Final = 100_000
#: Longest action text (``discard S-A H-2 …`` is the longest kind).
MAX_ACTION_CHARS: Final = 100
#: Longest rules text (every option of the rule book set is under 600).
MAX_RULES_CHARS: Final = 2_000
#: Seeds: game seeds are 63-bit, a match seed below 2**64 (``?seed=``).
SEED_LIMIT: Final = 1 << 64
#: The match generator's state: Mersenne Twister's 624 words and its position.
RNG_WORDS: Final = 625
#: Most entries of the table's ``extra`` (it writes three).
MAX_EXTRA: Final = 16


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


def _digest(game: Game, actions: list[str] | None = None) -> str:
    """The digest of ``game``'s record (``actions``: its actions' texts, if made)."""
    import hashlib  # here, not at the top: the page's start needs no digest (compiled from source)

    text = json.dumps(game_record(game, actions=actions), sort_keys=True, ensure_ascii=False)
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
            **({"undos": u} if u else {}),
        }
        for s, g, u in zip(match.seeds, match.games, match.undos, strict=True)
    ]
    data["scored"] = len(match.results)
    data["check"] = _digest(match.game, data["games"][-1]["actions"])
    data["extra"] = extra
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _replay(game: Game, actions: list[str], number: int) -> None:
    for i, text in enumerate(actions):
        try:
            game.apply(parse_action(text))
        except ValueError as e:
            raise SaveError(f"game {number}, action {i + 1} ({text[:40]!r}) does not replay: "
                            f"{str(e)[:200]}") from e


def decode_match(text: str) -> tuple[Match, dict[str, object]]:
    """Rebuild the match saved by :func:`encode_match`; raises :class:`SaveError`."""
    data = saved_object(text, version=None, max_chars=MAX_SAVE_CHARS, max_depth=MAX_SAVE_DEPTH,
                        err=SaveError)
    fmt = data.get("format")
    if fmt != SAVE_FORMAT:
        if isinstance(fmt, str) and fmt.startswith(FORMAT_PREFIX):
            raise IncompatibleSaveError(f"format {fmt[:40]!r}, this version reads {SAVE_FORMAT!r}")
        raise SaveError(f"not a saved match (format {str(fmt)[:40]!r})")
    rules = _checked_rules(data)
    _check_shape(data, rules)
    try:
        return _rebuild(data, rules)
    except SaveError:
        raise
    except RulesError as e:
        raise IncompatibleSaveError(f"rules: {e}") from e
    except (KeyError, TypeError, IndexError, AttributeError, ValueError, OverflowError) as e:
        raise SaveError(f"malformed save: {str(e)[:200]}") from e


def _is_int(value: object, low: int, high: int) -> bool:
    """An int (not a bool) with ``low <= value < high``."""
    return type(value) is int and low <= value < high


def _checked_rules(data: dict[str, Any]) -> Rules:
    text = data.get("rules")
    if not isinstance(text, str) or len(text) > MAX_RULES_CHARS:
        raise SaveError(f"field 'rules': not a rules text ({type(text).__name__})")
    try:
        return Rules.from_text(text)
    except RulesError as e:
        raise IncompatibleSaveError(f"rules: {str(e)[:200]}") from e


def _check_shape(data: dict[str, Any], rules: Rules) -> None:
    """Every field's type, size and range, before anything is replayed."""
    games = data.get("games")
    if not isinstance(games, list) or not 1 <= len(games) <= MAX_GAMES:
        raise SaveError(f"field 'games': a list of 1 to {MAX_GAMES} games")
    for number, entry in enumerate(games, 1):
        where = f"game {number}"
        if not isinstance(entry, dict):
            raise SaveError(f"{where}: not an object")
        if not _is_int(entry.get("seed"), 0, SEED_LIMIT):
            raise SaveError(f"{where}: field 'seed' is not a seed")
        if not _is_int(entry.get("first_bidder"), 0, rules.players):
            raise SaveError(f"{where}: field 'first_bidder' is not a seat 0-{rules.players - 1}")
        actions = entry.get("actions")
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise SaveError(f"{where}: field 'actions' is not a list of at most {MAX_ACTIONS}")
        if not all(isinstance(a, str) and len(a) <= MAX_ACTION_CHARS for a in actions):
            raise SaveError(f"{where}: field 'actions' holds something other than an action")
        if not _is_int(entry.get("undos", 0), 0, MAX_UNDOS + 1):
            raise SaveError(f"{where}: field 'undos' is not a count of 0-{MAX_UNDOS}")
    scored = data.get("scored")
    if not _is_int(scored, len(games) - 1, len(games) + 1):
        raise SaveError(f"field 'scored': bad count of scored games: {str(scored)[:20]}")
    if not isinstance(data.get("check"), str):
        raise SaveError("field 'check' is not a digest")
    if "match_seed" in data:
        if not _is_int(data["match_seed"], 0, SEED_LIMIT):
            raise SaveError(f"bad match seed: {str(data['match_seed'])[:30]}")
    else:
        rng = data.get("rng")
        if not (
            isinstance(rng, list) and len(rng) == 3 and type(rng[0]) is int
            and isinstance(rng[1], list) and len(rng[1]) == RNG_WORDS
            and all(_is_int(w, 0, 1 << 32) for w in rng[1])
            and (rng[2] is None or type(rng[2]) is float)
        ):
            raise SaveError("field 'rng' is not a generator state")
    extra = data.get("extra", {})
    if not isinstance(extra, dict) or len(extra) > MAX_EXTRA:
        raise SaveError("the table's part of the save is not an object")


def _rebuild(data: dict[str, Any], rules: Rules) -> tuple[Match, dict[str, object]]:
    """The match from a save whose shape :func:`_check_shape` accepted."""
    games: list[dict[str, Any]] = data["games"]
    scored: int = data["scored"]
    if "match_seed" in data:
        seed = data["match_seed"]
        match = Match(rules, seed)
        _seeds[match] = seed
        for number, entry in enumerate(games, 1):
            if number > 1 and match.next_game() is None:
                raise SaveError(f"game {number}: the match was already over")
            _replay(match.game, entry["actions"], number)
        if scored == len(games):
            match.next_game()
    else:
        match = Match(rules, 0)
        match.games, match.seeds = [], []
        for number, entry in enumerate(games, 1):
            game = Game.new(rules, entry["seed"], entry["first_bidder"])
            _replay(game, entry["actions"], number)
            match.games.append(game)
            match.seeds.append(entry["seed"])
        for game in match.games[:scored]:
            if game.result is None:
                raise SaveError("a scored game is not over")
            match.results.append(game.result)
            for s, p in enumerate(game.result.points):
                match.totals[s] += p
        version, internal, gauss = data["rng"]
        match.rng.setstate((version, tuple(internal), gauss))
    match.undos = [entry.get("undos", 0) for entry in games]
    stored_seeds = [entry["seed"] for entry in games]
    if match.seeds != stored_seeds or any(
        g.first_bidder != e["first_bidder"] for g, e in zip(match.games, games, strict=True)
    ):
        raise IncompatibleSaveError("the deals differ from the saved ones")
    if _digest(match.game) != data["check"]:
        raise IncompatibleSaveError("the replayed game differs from the saved one")
    extra: dict[str, object] = data.get("extra", {})
    return match, extra


# ---- the page's storage --------------------------------------------------------


def _encode(saved: tuple[Match, dict[str, object]]) -> str:
    return encode_match(*saved)


#: Napoleon's match registered with the page shell's saved-game store. decode_match
#: raises only SaveError (the fuzz test holds it to that); the shared loader's last
#: line sets aside anything else too: the page plays on.
STORE: Final = MatchStore(
    SAVE_KEY, _encode, decode_match, (SaveError,), "notice.save_corrupt",
    ((IncompatibleSaveError, "notice.save_incompatible"),),
)


def save_match(
    match: Match, extra: dict[str, object], storage: Storage | None = None
) -> None:
    """Save the match (call after every action and at every NEXT)."""
    STORE.save((match, extra), storage)


def load_match(
    storage: Storage | None = None,
) -> tuple[Match | None, dict[str, object], list[str]]:
    """The saved match, the table's ``extra`` and notices.

    Nothing saved → ``(None, {}, [])``.  A corrupt or incompatible save is moved
    aside (``napoleon.match.corrupt``) and reported; the page starts afresh.
    """
    loaded = STORE.load(storage)
    if loaded.value is not None:
        match, extra = loaded.value
        return match, extra, []
    return None, {}, STORE.notices(loaded, t)


#: Forget the saved match (a new match starts).
clear_match: Final = STORE.clear
