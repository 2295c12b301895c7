"""Bad page inputs, as a hostile user would make them, run through the page's own
Python functions on CPython.

Three kinds of input reach the page from outside: the query string
(:func:`napoleon.ui_dom.prefs.load_prefs`), the saved entries in localStorage
(``napoleon.prefs`` through ``load_prefs``, ``napoleon.match`` through
:func:`napoleon.ui_dom.persist.load_match`) and records imported through the 譜
screen (:func:`napoleon.ui_dom.record_view.read_record`).  :func:`hostile_inputs`
makes them by seeded mutation of real ones (a real save, real settings, real
game and match records, real links), plus hand-made cases (:func:`named_cases`); each
is run with a time bound (:func:`run_one`) and classified:

* ``refused`` — a notice / the module's own error (``SaveError``, ``RecordError``);
* ``accepted`` — the input was valid after all (a mutation can keep it valid);

(Links and saved settings go through the page's start itself,
``settings.PANEL.load_page_prefs``, with a stand-in for the few parts of ``window``
it reads; a refused saved entry must be set aside and silent at the next start.)
* ``error`` — any other exception: a page error;
* ``slow`` — over the time bound (in the page: a frozen tab);
* ``invalid-accepted`` — a record accepted whose replay is not what it says.

``python3 -m lab.napoleon.hostile_inputs [--count 1200] [--seed 15]`` prints the counts per
kind and outcome; the suite's ``tests/ui/test_ui_hostile_inputs.py`` runs a
smaller sample and fails on anything but ``refused``/``accepted``.
``lab/hostile_page.py`` loads some of them in the real page.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from types import FrameType, SimpleNamespace
from typing import Any, Final

from cardkit.ui_dom.storage import MemoryStorage
from napoleon.game import Game
from napoleon.match import Match
from napoleon.playout import play_random_game, random_action_step
from napoleon.record import RecordError, game_record, match_record
from napoleon.rules import OPTION_BY_KEY, PRESET_NAMES, Rules
from napoleon.ui_dom import i18n, settings
from napoleon.ui_dom.persist import (
    SAVE_KEY,
    SaveError,
    decode_match,
    encode_match,
    load_match,
)
from napoleon.ui_dom.prefs import PREFS_KEY, STORE, Prefs
from napoleon.ui_dom.record_view import read_record

#: CPU seconds one input may take on CPython before it counts as ``slow`` (a replay
#: of a whole 20-game match takes well under one); four times that under a line
#: tracer (coverage), which slows every line.  CPU time, not the wall's: another
#: program on the machine makes no input slow.  A frozen tab is stopped by the
#: wall clock at ten times the bound.
TIME_BOUND: Final = 3.0 * (4 if sys.gettrace() is not None else 1)

Kind = str  # "query", "prefs", "save", "record"


@dataclass(frozen=True)
class HostileInput:
    kind: Kind
    text: str
    label: str


# ---- real inputs, the seeds of the mutations -----------------------------------


def real_save(seed: int, steps: int) -> str:
    """The save of a match after ``steps`` random actions (games finished on the way)."""
    rng = random.Random(seed)
    rules = Rules.preset(PRESET_NAMES[seed % len(PRESET_NAMES)])
    match = Match(rules, seed)
    for _ in range(steps):
        if match.game.result is not None:
            if match.next_game() is None:
                break
            continue
        random_action_step(match.game, rng)
    return encode_match(match, {"match_seed": seed, "stage": "play", "trick_pause": False})


def real_game_record(seed: int) -> dict[str, Any]:
    rules = Rules.preset(PRESET_NAMES[seed % len(PRESET_NAMES)])
    game = play_random_game(Game.new(rules, seed), random.Random(seed))
    return game_record(game)


def real_match_record(seed: int, games: int) -> dict[str, Any]:
    rng = random.Random(seed)
    match = Match(Rules.preset(PRESET_NAMES[seed % len(PRESET_NAMES)]), seed)
    for _ in range(games):
        play_random_game(match.game, rng)
        if match.next_game() is None:
            break
    record = match_record(match)
    record["games"] = [g for g in record["games"] if g["result"] is not None]
    record["totals"] = list(match.totals)
    return record


def real_prefs(seed: int) -> str:
    rng = random.Random(seed)
    return STORE.to_json(Prefs(
        Rules.preset(rng.choice(PRESET_NAMES)),
        language=rng.choice(["ja", "en"]),
        level=rng.choice(["easy", "normal", "strong"]),
    ))


def real_query(rng: random.Random) -> list[tuple[str, str]]:
    keys = ["preset", "seed", "lang", "suits", "level", "anim", *OPTION_BY_KEY]
    fields = []
    for key in rng.sample(keys, rng.randint(1, 4)):
        if key == "preset":
            fields.append((key, rng.choice(PRESET_NAMES)))
        elif key == "seed":
            fields.append((key, str(rng.randrange(1 << 32))))
        elif key in OPTION_BY_KEY:
            fields.append((key, rng.choice(OPTION_BY_KEY[key].values)))
        else:
            fields.append((key, rng.choice(["ja", "en", "symbols", "easy", "fast"])))
    return fields


# ---- mutations ---------------------------------------------------------------------

#: Values a tampered field gets: wrong types, out-of-range numbers, huge ones.
HOSTILE_VALUES: Final[list[Any]] = [
    None, True, False, 0, -1, 5, 6, 7, 99, -6, 1 << 70, -(1 << 70), 1.5, 1e300, "", "x",
    "pass", "bid 13 S", "play S-A", "discard", "preset=nope", [], {}, [None], {"a": 1},
    [[[[[]]]]], "é" * 300, "<script>alert(1)</script>", "%ZZ", ["pass"] * 6,
]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, (*path, i))


def _replace(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        out = dict(value)
        out[head] = _replace(value[head], rest, new)
        return out
    out_list = list(value)
    out_list[head] = _replace(value[head], rest, new)
    return out_list


def mutate_value(data: Any, rng: random.Random) -> Any:
    """``data`` with one field changed: a hostile value, deleted, a list cut or grown."""
    paths = list(_paths(data))
    path = rng.choice(paths[1:] or paths)
    target: Any = data
    for p in path:
        target = target[p]
    move = rng.random()
    if move < 0.55:
        return _replace(data, path, rng.choice(HOSTILE_VALUES))
    if move < 0.7 and isinstance(target, list) and target:
        cut = rng.randrange(len(target))
        return _replace(data, path, target[:cut] + target[cut + 1:])
    if move < 0.8 and isinstance(target, list) and target:
        return _replace(data, path, target + target[: rng.randint(1, len(target))])
    if move < 0.9 and path and isinstance(target, int) and not isinstance(target, bool):
        return _replace(data, path, target + rng.choice([-1, 1, 5, -7, 1 << 40]))
    if path:  # delete the field
        parent: Any = data
        for p in path[:-1]:
            parent = parent[p]
        if isinstance(parent, dict):
            smaller = {k: v for k, v in parent.items() if k != path[-1]}
            return _replace(data, path[:-1], smaller)
    return _replace(data, path, rng.choice(HOSTILE_VALUES))


def mutate_text(text: str, rng: random.Random) -> str:
    """``text`` damaged as text: cut, bytes flipped, wrapped in deep nesting, a huge number."""
    move = rng.random()
    if move < 0.3:
        return text[: rng.randrange(len(text) + 1)]
    if move < 0.55:
        chars = list(text)
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(len(chars) + 1)
            chars[i:i + rng.randint(0, 2)] = rng.choice(['"', "[", "]", "{", "}", ",", ":", "\\",
                                                         "9", "-", "\u0000", "\ud800", "é"])
        return "".join(chars)
    if move < 0.75:
        depth = rng.choice([10, 1_000, 5_000, 100_000])
        opener, closer = rng.choice([("[", "]"), ('{"a":', "}")])
        return opener * depth + text + closer * depth
    if move < 0.9:
        return text.replace("1", "9" * rng.choice([20, 4_301, 50_000]), 1)
    return text + " " * rng.choice([10, 300_000])


def as_query(fields: list[tuple[str, str]]) -> str:
    return "?" + "&".join(f"{k}={v}" for k, v in fields)


def mutate_query(fields: list[tuple[str, str]], rng: random.Random) -> str:
    fields = list(fields)
    for _ in range(rng.randint(1, 3)):
        move = rng.random()
        i = rng.randrange(len(fields))
        key, value = fields[i]
        if move < 0.3:
            fields[i] = (key, rng.choice([
                "%ZZ", "%", "%E3%83", "9" * 4_301, "-1", "1e9", "٣", "x" * 100_000, "on&off",
                "%00", "<b>x</b>", "+", "==", value * 50, "",
            ]))
        elif move < 0.5:
            bad_key = rng.choice(["%ZZ", "", "x" * 5_000, "seed%", "presét", key.upper()])
            fields[i] = (bad_key, value)
        elif move < 0.7:
            fields.append((key, value + "x"))
        elif move < 0.85:
            fields.insert(i, (rng.choice(["", "&", "=", "%"]), ""))
        else:
            fields[i] = (key + "=" + value, "")
    return as_query(fields)


# ---- the inputs --------------------------------------------------------------------


def deep(depth: int) -> str:
    return "[" * depth + "]" * depth


def named_cases() -> list[HostileInput]:
    """Hand-made cases known to break a naive reader, always tried first."""
    stuck = json.loads(real_save(3, 0))
    stuck["games"] = [{"seed": 1, "first_bidder": 7, "actions": ["pass"] * 6}]
    stuck.pop("match_seed", None)
    stuck["rng"] = [3, [0] * 624 + [624], None]
    seeded_stuck = json.loads(real_save(3, 0))
    seeded_stuck["games"][0]["first_bidder"] = 7
    seeded_stuck["games"][0]["actions"] = ["pass"] * 6
    big_field = json.loads(real_save(4, 10))
    big_field["extra"] = {"stage": "x" * 1_000_000}
    big_prefs = json.dumps({"version": 1, "rules": "x" * 1_000_000})
    cases = [
        HostileInput("prefs", deep(100_000), "prefs nested 100,000 deep"),
        HostileInput("save", deep(100_000), "save nested 100,000 deep"),
        HostileInput("save", json.dumps(stuck), "save: first_bidder=7, six passes (rng)"),
        HostileInput("save", json.dumps(seeded_stuck), "save: first_bidder=7, six passes"),
        HostileInput("save", json.dumps(big_field), "save: 1,000,000-character field"),
        HostileInput("prefs", big_prefs, "prefs: 1,000,000-character field"),
        HostileInput("query", "?seed=" + "9" * 4_301, "query: 4,301-digit seed"),
        HostileInput("query", "?%ZZ", "query: %ZZ"),
        HostileInput("record", deep(5_000), "record nested 5,000 deep"),
        HostileInput("record", deep(100_000), "record nested 100,000 deep"),
    ]
    for first in (5, 6, 99, -6, 7, "2", None, 1.0):
        rec = real_game_record(1)
        rec["first_bidder"] = first
        cases.append(HostileInput("record", json.dumps(rec), f"record: first_bidder={first!r}"))
    stuck_rec = real_game_record(2)
    stuck_rec.update(first_bidder=7, actions=["pass"] * 6, result=None)
    cases.append(HostileInput("record", json.dumps(stuck_rec), "record: first_bidder=7, passes"))
    return cases


def hostile_inputs(count: int, seed: int) -> list[HostileInput]:
    """The named cases and ``count`` mutated inputs in total, a quarter of each kind."""
    rng = random.Random(seed)
    saves = [real_save(s, rng.randint(0, 160)) for s in range(6)]
    prefs = [real_prefs(s) for s in range(4)]
    records: list[dict[str, Any]] = [real_game_record(s) for s in range(4)]
    records += [real_match_record(s, 2) for s in range(2)]
    inputs = named_cases()
    kinds = ["query", "prefs", "save", "record"]
    while len(inputs) < count:
        kind = kinds[len(inputs) % 4]
        as_text = rng.random() < 0.35
        if kind == "query":
            text = mutate_query(real_query(rng), rng)
        elif kind == "prefs":
            base = rng.choice(prefs)
            text = (mutate_text(base, rng) if as_text
                    else json.dumps(mutate_value(json.loads(base), rng)))
        elif kind == "save":
            base = rng.choice(saves)
            text = (mutate_text(base, rng) if as_text
                    else json.dumps(mutate_value(json.loads(base), rng)))
        else:
            rec = rng.choice(records)
            text = (mutate_text(json.dumps(rec), rng) if as_text
                    else json.dumps(mutate_value(rec, rng)))
        inputs.append(HostileInput(kind, text, f"{kind} #{len(inputs)}"))
    return inputs


# ---- running one ---------------------------------------------------------------------


class TimeBoundError(Exception):
    """An input ran ten times past its bound on the wall clock (raised by the interval
    timer): a frozen tab."""


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise TimeBoundError


def _check_record(text: str) -> str:
    try:
        games, canonical = read_record(text)
    except RecordError:
        return "refused"
    # Accepted: every game must be what the canonical record replays to, seats in range.
    again, canonical_again = read_record(json.dumps(canonical))
    if canonical_again != canonical or any(not 0 <= g.first_bidder < g.n for g in games):
        return "invalid-accepted"
    if [game_record(g) for g in again] != [game_record(g) for g in games]:
        return "invalid-accepted"
    return "accepted"


def _check_save(text: str) -> str:
    store = MemoryStorage({SAVE_KEY: text})
    match, _extra, notices = load_match(store)
    if match is None:
        # A refused save is set aside and reported, never silently dropped.
        ok = notices and store.get(SAVE_KEY) is None and store.get(SAVE_KEY + ".corrupt") == text
        return "refused" if ok else "error"
    return "accepted"


class _Element:
    def setAttribute(self, _name: str, _value: str) -> None:
        pass


@contextlib.contextmanager
def page_window(query: str) -> Iterator[None]:
    """The few parts of the browser's ``window`` the page's start reads (its query
    string, the browser's language, ``<html lang>``, the log and menu it labels — absent
    here), so that the panel's :meth:`~cardkit.ui_dom.settings_panel.SettingsPanel.load_page_prefs`
    itself runs on CPython."""
    window = SimpleNamespace(
        location=SimpleNamespace(search=query, pathname="/napoleon/"),
        navigator=SimpleNamespace(language="fr-FR"),
        document=SimpleNamespace(documentElement=_Element(), getElementById=lambda _id: None,
                                 querySelector=lambda _selector: None),
    )
    before = sys.modules.get("js")
    sys.modules["js"] = window  # type: ignore[assignment]
    try:
        yield
    finally:
        if before is None:
            del sys.modules["js"]
        else:
            sys.modules["js"] = before
        i18n.set_language(i18n.DEFAULT_LANGUAGE)


def _page_start(query: str, store: MemoryStorage) -> list[str]:
    """The notices of the page's start (``settings.PANEL.load_page_prefs``) with ``store``."""
    with page_window(query):
        _prefs, notices = settings.PANEL.load_page_prefs(store)
    return notices


def _check_prefs(text: str) -> str:
    store = MemoryStorage({PREFS_KEY: text})
    notices = _page_start("", store)
    if not notices:
        return "accepted"
    # Reported once: the entry is set aside, the next start has nothing to say.
    if store.get(PREFS_KEY + ".corrupt") != text or _page_start("", store):
        return "error"
    return "refused"


def _check_query(text: str) -> str:
    return "refused" if _page_start(text, MemoryStorage()) else "accepted"


CHECKS: Final[dict[Kind, Callable[[str], str]]] = {
    "query": _check_query, "prefs": _check_prefs, "save": _check_save, "record": _check_record,
}


def run_one(item: HostileInput, bound: float = TIME_BOUND,
            watchdog: float | None = None) -> tuple[str, str]:
    """``(outcome, detail)`` of one input, run through the page's function for its kind.

    ``bound`` is in CPU seconds; ``watchdog`` (wall seconds, ten bounds unless told)
    stops a check that never returns, so a loaded machine's slowness alone is not
    taken for a slow input.  The save path's last-resort catch in ``load_match``
    would hide a bug, so saves are also decoded directly: only ``SaveError`` may
    come out.
    """
    wall = bound * 10 if watchdog is None else watchdog
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, wall)
    start = time.process_time()
    try:
        if item.kind == "save":
            with contextlib.suppress(SaveError):
                decode_match(item.text)
        outcome = CHECKS[item.kind](item.text)
        detail = ""
    except TimeBoundError:
        outcome, detail = "slow", f"stopped after {wall} s"
    except Exception as e:  # the point: any other exception is a page error
        outcome, detail = "error", f"{type(e).__name__}: {str(e)[:200]}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    if outcome != "slow" and time.process_time() - start > bound:
        outcome, detail = "slow", f"{time.process_time() - start:.1f} s of CPU"
    return outcome, detail


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=1200)
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args(argv)
    inputs = hostile_inputs(args.count, args.seed)
    counts: Counter[tuple[str, str]] = Counter()
    bad: list[str] = []
    start = time.perf_counter()
    for item in inputs:
        outcome, detail = run_one(item)
        counts[item.kind, outcome] += 1
        if outcome not in ("refused", "accepted"):
            bad.append(f"{item.label}: {outcome} {detail}")
    elapsed = time.perf_counter() - start
    print(f"{len(inputs)} bad page inputs (seed {args.seed}) in {elapsed:.1f} s, CPython:")
    for kind in CHECKS:
        row = {o: counts[kind, o] for o in
               ("refused", "accepted", "error", "slow", "invalid-accepted")}
        print(f"  {kind:7} " + "  ".join(f"{o} {n}" for o, n in row.items()))
    totals = Counter(o for (_, o), n in counts.items() for _ in range(n))
    print("  total   " + "  ".join(f"{o} {totals[o]}" for o in
                                  ("refused", "accepted", "error", "slow", "invalid-accepted")))
    for line in bad[:40]:
        print("  !", line)
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
