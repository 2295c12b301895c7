"""Damaged Durak records against the record loaders.

``python3 -m lab.durak.fuzz_records --records 10000 --seed 1 [--bound 1.0]``

Real records — text (docs/rules/durak.md §7) and JSON, finished and unfinished games, every preset
and random option mixes — are damaged the way a hostile file would be: types
flipped (``"false"`` for a boolean, ``true`` for a number, ``{}`` for a hand),
fields dropped or added, numbers out of range (negative, past 2**64, thousands
of digits, ``"²"``), deep nesting, huge sizes, actions and cards edited, and
text records cut, spliced with another record's lines, or with a token
replaced.  Each is loaded as the CLI loads it (:func:`load`: JSON text through
:func:`durak.record.replay_json`, anything else through
:func:`durak.record.replay_text`), and falls in one class:

* **refused** — :class:`durak.record.RecordError` (the wanted refusal);
* **accepted-valid** — it replayed, and the record written back from the replay
  says what the damaged record says (:func:`problem_of`): the damage left a true
  record of a legal game (a changed seed, a dropped optional field at its default);
* **accepted-invalid** — it replayed, but its replay's record says otherwise;
* **wrong exception** — any other exception type;
* **hang** — a load over ``--bound`` seconds of CPU (a watchdog stops it at ten
  times that, wall clock).

It prints the counts, the slowest load and the first examples of each failure,
and exits 1 if any record was accepted-invalid, raised a wrong exception or hung.
The suite runs a few hundred cases of the same generator
(``tests/durak_game/test_record_fuzz.py``).
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from durak.game import Game, Phase
from durak.record import RecordError, json_record, replay_json, replay_text, text_record
from durak.rules import OPTIONS, PRESET_NAMES, Rules, RulesError, buildable_presets
from lab.napoleon.record_fuzz import Watchdog, _alarm, deep, odd_value, slots

Json = Any
#: The JSON record's optional fields and the value their absence stands for.
_DEAL_DEFAULTS = {"own": "", "piles": [], "reshuffle": 0, "slots": [], "opener_shown": None}
_RECORD_DEFAULTS = {"seed": None, "game": 1, "names": None}


# ---- the records to damage -------------------------------------------------------------


def mix(rng: random.Random) -> Rules:
    """A random playable mix of options: each option at a random value a quarter of the
    time; unplayable mixes are drawn again."""
    while True:
        changes: dict[str, object] = {}
        for o in OPTIONS:
            if o.key != "mode" and rng.random() < 0.25:
                changes[o.key] = o.from_text(rng.choice(o.values))
        try:
            return Rules(**changes)  # type: ignore[arg-type]
        except RulesError:
            continue


def sample_game(rules: Rules, seed: int, rng: random.Random, finish: bool) -> Game | None:
    """A seeded random game under ``rules``, finished or stopped part way (None if it
    runs past 3,000 actions: an endless mix, not this script's business)."""
    g = Game.new(rules, seed)
    stop = 3000 if finish else rng.randrange(1, 120)
    for _ in range(stop):
        if g.phase is Phase.OVER:
            break
        g.apply(rng.choice(g.legal_actions()))
    if finish and g.phase is not Phase.OVER:
        return None
    return g


def corpus(seed: int, size: int = 40) -> list[tuple[str, Json]]:
    """Real records, ``("text", str)`` and ``("json", dict)``: every buildable preset,
    then random option mixes; about one in four is an unfinished game."""
    rng = random.Random(seed)
    presets = buildable_presets()
    out: list[tuple[str, Json]] = []
    i = 0
    while len(out) < size:
        rules = Rules.preset(presets[i]) if i < len(presets) else mix(rng)
        g = sample_game(rules, seed * 1000 + i, rng, finish=rng.random() < 0.75)
        i += 1
        if g is None:
            continue
        names = [f"N{s}" for s in range(rules.players)]
        out.append(("text", text_record(g, names, seed=i, number=rng.randrange(1, 9))))
        out.append(("json", json_record(g, names, seed=i, number=rng.randrange(1, 9))))
    return out


# ---- damage to JSON records ---------------------------------------------------------------


def _pick(rec: Json, rng: random.Random) -> tuple[Json, Any]:
    return rng.choice(slots(rec))


def _flip_type(rec: Json, rng: random.Random) -> str:
    node, key = _pick(rec, rng)
    old = node[key]
    flips: list[Json] = [odd_value(rng), [old] if isinstance(old, str) else
                         "[]" if isinstance(old, (list, dict)) else str(old)]
    if isinstance(old, bool):
        flips += [str(old).lower(), int(old)]
    if isinstance(old, int) and not isinstance(old, bool):
        flips += [str(old), bool(old), float(old)]
    if isinstance(old, str):
        flips += [{}, "", old.lower(), old + " "]
    node[key] = rng.choice(flips)
    return f"type of {key!r} flipped"


def _drop(rec: Json, rng: random.Random) -> str:
    node, key = rng.choice([(n, k) for n, k in slots(rec) if isinstance(n, dict)] or [(rec, "")])
    node.pop(key, None)
    return f"{key!r} dropped"


def _add(rec: Json, rng: random.Random) -> str:
    node = rng.choice([rec, rec["deal"]]) if isinstance(rec.get("deal"), dict) else rec
    key = rng.choice(["extra", "Seed", "deal2", "cube", "version", "shown"])
    node[key] = odd_value(rng)
    return f"{key!r} added"


def _number(rec: Json, rng: random.Random) -> str:
    deal = rec.get("deal") if isinstance(rec.get("deal"), dict) else {}
    node, key = rng.choice([(rec, "dealer"), (rec, "first"), (rec, "seed"), (rec, "game"),
                            (deal, "reshuffle")])
    node[key] = rng.choice([-1, 7, 99, 2**64, 2**31, -(2**70), 1.0, 0, 1, 10**6000])
    return f"{key} = number out of range"


def _deep(rec: Json, rng: random.Random) -> str:
    node, key = _pick(rec, rng)
    node[key] = deep(rng.choice([5, 50, 1000, 100_000]))
    return f"{key!r} nested deep"


def _huge(rec: Json, rng: random.Random) -> str:
    node, key = _pick(rec, rng)
    how = rng.randrange(4)
    node[key] = ("6S," * 400_000 if how == 0 else ["0 pass"] * 150_000 if how == 1
                 else "x" * 3_000_000 if how == 2 else list(range(200_000)))
    return f"{key!r} huge"


def _actions(rec: Json, rng: random.Random) -> str:
    acts = rec.get("actions")
    if not isinstance(acts, list) or len(acts) < 2:
        return "no actions to edit"
    i, j = rng.randrange(len(acts)), rng.randrange(len(acts))
    how = rng.randrange(6)
    if how == 0:
        acts[i], acts[j] = acts[j], acts[i]
    elif how == 1:
        del acts[i]
    elif how == 2:
        acts.insert(i, acts[j])
    elif how == 3:
        seat, _, rest = str(acts[i]).partition(" ")
        acts[i] = rng.choice(["²", "9" * 5000, "-1", "1", "0", " ", seat + seat]) + " " + rest
    elif how == 4:
        acts[i] = rng.choice(["0 take", "1 pass", "0 slot ²", "0 attack ZZ", "0 cover 6S 7S",
                              "0 double", "0 try 6S", "0 " + "9" * 5000])
    else:
        del acts[i:]
    return f"actions edited ({how})"


def _deal(rec: Json, rng: random.Random) -> str:
    d = rec.get("deal")
    if not isinstance(d, dict) or not isinstance(d.get("hands"), list):
        return "no deal to edit"
    hands = d["hands"]
    how = rng.randrange(7)
    if how == 0 and len(hands) > 1:
        hands[0], hands[1] = hands[1], hands[0]
    elif how == 1:
        hands[rng.randrange(len(hands))] = rng.choice(["", {}, [], None, "6S,6S"])
    elif how == 2:
        d["trump_card"] = rng.choice([None, "6S", "XX", ""])
    elif how == 3:
        d["trump_shown"] = rng.choice(["false", "true", 0, 1, None, not d.get("trump_shown")])
    elif how == 4:
        d["reshuffle"] = rng.choice([True, 1, 12345, "0", None])
    elif how == 5:
        d["talon"] = ",".join(reversed(str(d.get("talon", "")).split(",")))
    else:
        d["opener_shown"] = rng.choice(["6S", "AH", "", 0, True])
    return f"deal edited ({how})"


def _text_damage(text: str, rng: random.Random) -> str:
    how = rng.randrange(5)
    if how == 0:
        return text[: rng.randrange(len(text) + 1)]
    if how == 1:
        return "[" * rng.choice([10, 100_000]) + text
    if how == 2:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(["9" * 6000, "²", "\x00", "\ud800", "{" * 5000]) + text[i:]
    if how == 3:
        return text.replace("true", '"true"', 1).replace("false", '"false"', 1)
    return text.replace("[", "[[", 1)


JSON_DAMAGE: list[Callable[[Json, random.Random], str]] = [
    _flip_type, _drop, _add, _number, _deep, _huge, _actions, _deal,
]


def damaged_json(rec: Json, rng: random.Random) -> tuple[str, str]:
    """The JSON text of ``rec`` with one to three kinds of damage."""
    rec = copy.deepcopy(rec)
    kinds = [rng.choice(JSON_DAMAGE) for _ in range(rng.choice([1, 1, 2, 3]))]
    kinds.sort(key=lambda f: f in (_deep, _huge))  # the deep or huge value goes in last
    notes = [f(rec, rng) for f in kinds]
    try:
        text = json.dumps(rec, ensure_ascii=False)
    except (ValueError, RecursionError):  # nested deeper than json.dumps goes
        text = "[" * 100_000
        notes.append("unwritable: deep text instead")
    if rng.random() < 0.15:
        text = _text_damage(text, rng)
        notes.append("JSON text damaged")
    return text, "json: " + "; ".join(notes)


# ---- damage to text records -----------------------------------------------------------------


_TOKENS = ["9" * 6000, "²", "-1", "", "99", "ZZ", "6S,6S", "+0:", "/1:6S=", "!", "beaten",
           "recycled", "?²", "~9", "b²", "x0:6S/", "seed=" + "f" * 5000, "game=²", "shown=AS",
           "recycle=1", "talon=-1", "opts=players:9", "[" * 50_000, "removed 6S"]


def damaged_text(text: str, other: str, rng: random.Random) -> tuple[str, str]:
    """``text`` cut, spliced with lines of ``other``, or with a token replaced."""
    lines = text.splitlines()
    how = rng.randrange(8)
    if how == 0:
        out, note = text[: rng.randrange(len(text) + 1)], "cut"
    elif how == 1:
        cut = rng.randrange(1, len(lines) + 1)
        theirs = other.splitlines()
        out, note = "\n".join(lines[:cut] + theirs[rng.randrange(len(theirs)):]), "spliced"
    elif how == 2:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        out, note = "\n".join(lines), "lines swapped"
    elif how == 3:
        del lines[rng.randrange(len(lines))]
        out, note = "\n".join(lines), "a line dropped"
    elif how == 4:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[rng.randrange(len(lines))])
        out, note = "\n".join(lines), "a line repeated"
    elif how == 5:
        i = rng.randrange(len(lines))
        words = lines[i].split(" ")
        k = rng.randrange(len(words))
        words[k] = rng.choice(_TOKENS) if rng.random() < 0.6 else _mangle(words[k], rng)
        lines[i] = " ".join(words)
        out, note = "\n".join(lines), f"line {i + 1} token {k} replaced"
    elif how == 6:
        out, note = text + ("b99 0>1 +0:6S\n" * rng.choice([10, 200_000])), "lines added"
    else:
        out, note = text.replace("\n", "\n" * rng.choice([2, 50_000]), 1), "blank lines"
    return out, "text: " + note


def _mangle(word: str, rng: random.Random) -> str:
    """One character of ``word`` changed: a digit, a card letter, a separator."""
    if not word:
        return "x"
    i = rng.randrange(len(word))
    return word[:i] + rng.choice("0123456789SHDCAKQJT6:,=/+>@!*^~²") + word[i + 1:]


# ---- judging ------------------------------------------------------------------------------------


def load(text: str) -> Game:
    """The record as the CLI loads it: JSON if it starts with ``{``, else a text record."""
    return replay_json(text) if text.lstrip().startswith("{") else replay_text(text)


def _with_defaults(rec: dict[str, Any]) -> dict[str, Any]:
    out = {**_RECORD_DEFAULTS, **rec}
    if isinstance(out.get("deal"), dict):
        out["deal"] = {**_DEAL_DEFAULTS, **out["deal"]}
    return out


def problem_of(text: str, game: Game) -> str | None:
    """None if the record written back from ``game`` says what ``text`` says."""
    if text.lstrip().startswith("{"):
        rec = _with_defaults(json.loads(text))
        if Rules.from_text(rec["rules"]) == game.rules:  # the rules text is read leniently,
            rec["rules"] = game.rules.to_text()  # like the address's query string
        names = rec.get("names")
        again = json_record(game, names, rec.get("seed"), rec.get("game", 1))
        if rec.get("names") is None:
            again["names"] = None
        a, b = json.dumps(rec, sort_keys=True), json.dumps(again, sort_keys=True)
        return None if a == b else "its replay writes another JSON record"
    head = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    kv = dict(w.partition("=")[::2] for w in head[0].split() if "=" in w)
    seats = [w.partition(":")[2] for w in head[1].split()[1:] if "=" not in w]
    seed = int(kv["seed"], 16) if "seed" in kv else None
    lines = text_record(game, seats, seed, int(kv.get("game", "1"))).strip().splitlines()
    if len(head) == len(lines) and all(
            mine == theirs or _attackers_bare_double(mine, theirs)
            for mine, theirs in zip(head, lines, strict=True)):
        return None
    return "its replay writes another text record"


def _attackers_bare_double(mine: str, theirs: str) -> bool:
    """Bout line ``mine`` is ``theirs`` with the attacker's doubles written bare: ``d`` is
    §7's form of a double, the attacker's (records from before either player could
    double), and the replay writes it with the seat; a cut right after a ``d0`` leaves
    such a line."""
    a, b = mine.split(" "), theirs.split(" ")
    if len(a) != len(b) or len(b) < 2 or not b[0].startswith("b"):
        return False
    attacker = b[1].partition(">")[0]
    return all(x == y or (x == "d" and y == "d" + attacker) for x, y in zip(a, b, strict=True))


def judge(text: str, bound: float) -> tuple[str, float, str]:
    """Load one damaged record under the watchdog: its class, CPU seconds and a note."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, bound * 10)
    start = time.process_time()
    try:
        try:
            game = load(text)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
    except Watchdog:
        return "hang", time.process_time() - start, "stopped by the watchdog"
    except RecordError as e:
        return "refused", time.process_time() - start, str(e)[:160]
    except Exception as e:  # the point of the fuzz: any other exception is a failure
        return "wrong-exception", time.process_time() - start, f"{type(e).__name__}: " \
            f"{str(e)[:160]}"
    finally:
        signal.signal(signal.SIGALRM, old)
    seconds = time.process_time() - start
    problem = problem_of(text, game)
    if problem is not None:
        return "accepted-invalid", seconds, problem
    return "accepted-valid", seconds, ""


def cases(records: int, seed: int) -> Iterator[tuple[str, str]]:
    """``records`` damaged records (text, note), half text and half JSON."""
    base = corpus(seed)
    rng = random.Random(seed)
    texts = [r for kind, r in base if kind == "text"]
    for _ in range(records):
        kind, rec = rng.choice(base)
        if kind == "json":
            yield damaged_json(rec, rng)
        else:
            yield damaged_text(rec, rng.choice(texts), rng)


FAILURES = ("accepted-invalid", "wrong-exception", "hang")


def run(records: int, seed: int, bound: float) -> tuple[Counter[str], float, dict[str, list[str]]]:
    counts: Counter[str] = Counter()
    slowest = 0.0
    examples: dict[str, list[str]] = {k: [] for k in FAILURES}
    for text, note in cases(records, seed):
        outcome, seconds, why = judge(text, bound)
        if seconds > bound and outcome != "hang":
            outcome, why = "hang", f"{seconds:.2f} s"
        counts[outcome] += 1
        slowest = max(slowest, seconds)
        if outcome in examples and len(examples[outcome]) < 5:
            examples[outcome].append(f"{note} -> {why}")
    return counts, slowest, examples


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--records", type=int, default=10_000, help="damaged records to load")
    p.add_argument("--seed", type=int, default=1, help="seed of the records and the damage")
    p.add_argument("--bound", type=float, default=1.0, help="seconds a load may take")
    args = p.parse_args(argv)
    start = time.perf_counter()
    counts, slowest, examples = run(args.records, args.seed, args.bound)
    print(f"python3 -m lab.durak.fuzz_records --records {args.records} --seed {args.seed} "
          f"--bound {args.bound}")
    print(f"damaged records:           {args.records} (presets {len(PRESET_NAMES)} and mixes)")
    print(f"refused (RecordError):     {counts['refused']}")
    print(f"accepted, valid:           {counts['accepted-valid']}")
    print(f"accepted although invalid: {counts['accepted-invalid']}")
    print(f"other exceptions:          {counts['wrong-exception']}")
    print(f"hangs (load > {args.bound:g} s):      {counts['hang']}")
    print(f"slowest load:              {slowest:.3f} s CPU")
    print(f"wall time:                 {time.perf_counter() - start:.0f} s")
    for kind, notes in examples.items():
        for note in notes:
            print(f"  {kind}: {note}")
    return 1 if any(counts[k] for k in FAILURES) else 0


if __name__ == "__main__":
    sys.exit(main())
