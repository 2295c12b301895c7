"""Tampered game and match records against the record reader.

``python3 -m lab.napoleon.record_fuzz --records 20000 [--seed 1] [--bound 2.0]``

Real records (every preset; finished, unfinished, with redeals; single games
and matches) are mutated the way a hostile user would — type swaps,
truncation, out-of-range numbers, huge lists and strings, deep nesting, a
wrong ``first_bidder``, unknown or bad rule options, shuffled actions and
cards, edited results, extra keys, and damage to the JSON text itself — and
each is read as the page's import reads it (:func:`read_any`).  Every
outcome falls in one class:

* **rejected** — :class:`~napoleon.record.RecordError` (the wanted refusal);
* **accepted-valid** — it replayed, and an independent check agrees the
  record is a legal game that says what the replay gives;
* **accepted-invalid** — it replayed but the independent check disagrees;
* **wrong exception** — any other exception type;
* **hang** — a replay over ``--bound`` seconds of CPU (or stopped by the
  watchdog at ten times that, wall clock).

The script prints the counts, the slowest replay, and the first examples of
each failure; it exits 1 if any record was accepted-invalid, raised a wrong
exception or hung.  The test suite runs a few hundred cases of the same
generator (``tests/engine/test_record_fuzz.py``).
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
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

from napoleon.actions import parse_action
from napoleon.cards import parse_hand
from napoleon.game import Game
from napoleon.match import Match, next_first_bidder
from napoleon.playout import play_random_game, random_action_step
from napoleon.record import (
    MATCH_FORMAT,
    RecordError,
    game_record,
    load_record,
    match_record,
    replay_game,
    replay_match,
    text_record,
)
from napoleon.rules import OPTIONS, PRESET_NAMES, Rules

Json = Any
Record = tuple[str, Json]
"""A candidate: ``("object", value)`` read as a parsed record, ``("text", str)`` as JSON text."""


# ---- the records to tamper with ------------------------------------------------------


def corpus(seed: int = 0) -> list[Json]:
    """Real records: for every preset, finished and unfinished games (with redeals
    where the rules redeal) and a two-game match."""
    out: list[Json] = []
    for p, preset in enumerate(PRESET_NAMES):
        rules = Rules.preset(preset)
        for k in range(4):
            s = seed * 1000 + p * 10 + k
            rng = random.Random(s)
            g = Game.new(rules, s)
            if k == 3:  # stop part way: an unfinished game's record
                for _ in range(rng.randrange(1, 40)):
                    if g.is_over:
                        break
                    random_action_step(g, rng)
            else:
                play_random_game(g, rng)
            out.append(game_record(g))
        m = Match(rules.replace(match_games=2), seed * 1000 + p)
        rng = random.Random(p)
        while not m.is_over:
            play_random_game(m.game, rng)
            m.next_game()
        out.append(match_record(m))
    return out


# ---- mutations -------------------------------------------------------------------------

Slot = tuple[Json, Any]
"""A place in a JSON tree: its container and the key or index there."""


def slots(tree: Json) -> list[Slot]:
    """Every (container, key) of ``tree``, found without recursion."""
    out: list[Slot] = []
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for k, v in node.items():
                out.append((node, k))
                stack.append(v)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                out.append((node, i))
                stack.append(v)
    return out


def deep(depth: int) -> Json:
    """A list nested ``depth`` deep, built without recursion."""
    node: Json = []
    for _ in range(depth - 1):
        node = [node]
    return node


def odd_value(rng: random.Random) -> Json:
    """A fresh value of some unexpected type (never shared between records, so a later
    mutation inside it cannot leak into other records)."""
    return rng.choice((
        lambda: None, lambda: True, lambda: False, lambda: 0, lambda: -1, lambda: 1.5,
        lambda: float("nan"), lambda: "", lambda: "x", lambda: "pass", list,
        dict, lambda: [1], lambda: {"a": 1}, lambda: "SA", lambda: "preset=sdc",
    ))()


def brief(value: Json) -> str:
    """A short description of a value that never recurses into it."""
    if isinstance(value, (list, dict)):
        return f"<{type(value).__name__} of {len(value)}>"
    return repr(value)[:40]


_ODD_INTS = (-1, -6, 4, 5, 6, 7, 99, 1 << 31, 1 << 60, -(1 << 60), 10**40, 2**63 - 1)
_ACTION_WORDS = (
    "pass", "bid 13 S", "bid 20 NT", "bid 9 H", "bid 21 C", "bid -1 S", "bid 13 X",
    "call SA", "call JK", "call JK2", "call S1", "discard SA H10 C2", "discard", "discard JK",
    "change S SA", "change NT JK", "play SA", "play JK H", "play JK", "play C3 S", "play ZZ",
    "", "   ", "PASS", "bid 13", "bid 99999999999999999999999 S",
)


def _pick_slot(
    rec: Json, rng: random.Random, want: Callable[[Json], bool] | None = None
) -> Slot | None:
    found = slots(rec)
    if want is not None:
        found = [(c, k) for c, k in found if want(c[k])]
    return rng.choice(found) if found else None


def _type_swap(rec: Json, rng: random.Random) -> str:
    s = _pick_slot(rec, rng)
    if s is None:
        return "nothing to swap"
    c, k = s
    c[k] = odd_value(rng)
    return f"type swap at {k!r} -> {brief(c[k])}"


def _truncate(rec: Json, rng: random.Random) -> str:
    s = _pick_slot(rec, rng, lambda v: isinstance(v, (list, str, dict)) and len(v) > 0)
    if s is None:
        return "nothing to truncate"
    c, k = s
    v = c[k]
    if isinstance(v, dict):
        del v[rng.choice(list(v))]
        return f"key dropped under {k!r}"
    c[k] = v[: rng.randrange(len(v))]
    return f"truncated {k!r} to {len(c[k])}"


def _drop_key(rec: Json, rng: random.Random) -> str:
    s = _pick_slot(rec, rng, lambda v: isinstance(v, dict) and len(v) > 0)
    if s is None:
        if isinstance(rec, dict) and rec:
            del rec[rng.choice(list(rec))]
            return "top-level key dropped"
        return "nothing to drop"
    c, k = s
    del c[k][rng.choice(list(c[k]))]
    return f"key dropped under {k!r}"


def _bad_int(rec: Json, rng: random.Random) -> str:
    s = _pick_slot(rec, rng, lambda v: type(v) is int)
    if s is None:
        return "no int"
    c, k = s
    c[k] = rng.choice((*_ODD_INTS, c[k] + 1, c[k] - 1, -c[k]))
    return f"int {k!r} -> {c[k]}"


def _huge(rec: Json, rng: random.Random) -> str:
    s = _pick_slot(rec, rng)
    if s is None:
        return "nothing"
    c, k = s
    v = c[k]
    size = rng.choice((1_000, 10_000, 100_000, 1_000_000))
    if isinstance(v, list) and v:
        c[k] = v * max(1, size // len(v) // 10)
    elif isinstance(v, str) and v:
        c[k] = (v + " ") * max(1, size // (len(v) + 1))
    else:
        c[k] = rng.choice((["pass"] * (size // 10), "S" * size, list(range(size // 10))))
    return f"huge {k!r} ({size})"


def _deep(rec: Json, rng: random.Random) -> str:
    s = _pick_slot(rec, rng)
    depth = rng.choice((50, 5_000, 100_000))
    if s is None:
        return "nothing"
    c, k = s
    c[k] = deep(depth)
    return f"nested {depth} deep at {k!r}"


def _games_of(rec: Json) -> list[Json]:
    if isinstance(rec, dict) and rec.get("format") == MATCH_FORMAT:
        games = rec.get("games")
        return [g for g in games if isinstance(g, dict)] if isinstance(games, list) else []
    return [rec] if isinstance(rec, dict) else []


def _one_game(rec: Json, rng: random.Random) -> Json | None:
    games = _games_of(rec)
    return rng.choice(games) if games else None


def _first_bidder(rec: Json, rng: random.Random) -> str:
    g = _one_game(rec, rng)
    if g is None:
        return "no game"
    g["first_bidder"] = rng.choice((*range(-7, 12), 99, 1 << 62, -(1 << 62)))
    if rng.random() < 0.3:  # an endless auction: only passes, no result
        g["actions"] = ["pass"] * rng.randrange(1, 12)
        g["result"] = None
    return f"first_bidder {g['first_bidder']}"


def _rules(rec: Json, rng: random.Random) -> str:
    targets = [*_games_of(rec), *([rec] if isinstance(rec, dict) else [])]
    if not targets:
        return "no rules"
    t = rng.choice(targets)
    base = t.get("rules") if isinstance(t.get("rules"), str) else "preset=sdc"
    spec = rng.choice(OPTIONS)
    choices = (
        base + "&colour=blue",
        base + f"&{spec.key}=maybe",
        base + f"&{spec.key}={rng.choice(spec.values)}",
        base + f"&{spec.key}={rng.choice(spec.values)}&{spec.key}={rng.choice(spec.values)}",
        "preset=" + rng.choice(("chess", "", "sdc&", "mixi", "four", "napoleon_l")),
        base.replace("=", "", 1),
        base + "&" * rng.randrange(1, 5),
        "?" + base,
        "players=6&jokers=0&trim_deck=on",
        "".join(rng.choice("=&?abc _") for _ in range(rng.randrange(0, 40))),
    )
    t["rules"] = rng.choice(choices)
    return f"rules {t['rules'][:60]!r}"


def _actions(rec: Json, rng: random.Random) -> str:
    g = _one_game(rec, rng)
    if g is None or not isinstance(g.get("actions"), list):
        return "no actions"
    acts: list[Json] = g["actions"]
    op = rng.randrange(6)
    if op == 0 and len(acts) >= 2:
        i, j = rng.sample(range(len(acts)), 2)
        acts[i], acts[j] = acts[j], acts[i]
        return f"actions {i}<->{j} swapped"
    if op == 1 and acts:
        del acts[rng.randrange(len(acts))]
        return "an action deleted"
    if op == 2 and acts:
        i = rng.randrange(len(acts))
        acts.insert(i, acts[i])
        return f"action {i} doubled"
    if op == 3 and acts:
        i = rng.randrange(len(acts))
        acts[i] = rng.choice(_ACTION_WORDS)
        return f"action {i} -> {brief(acts[i])}"
    if op == 4:
        acts.extend(rng.choice(_ACTION_WORDS) for _ in range(rng.randrange(1, 5)))
        return "actions appended"
    g["actions"] = acts[: rng.randrange(len(acts) + 1)]
    if rng.random() < 0.5:
        g["result"] = None
    return "actions cut"


def _deal(rec: Json, rng: random.Random) -> str:
    g = _one_game(rec, rng)
    deals = g.get("deals") if g is not None else None
    if not isinstance(deals, list) or not deals or not isinstance(deals[0], dict):
        return "no deal"
    d = rng.choice([d for d in deals if isinstance(d, dict)])
    hands = d.get("hands")
    if not isinstance(hands, list) or len(hands) < 2 or not all(isinstance(h, str) for h in hands):
        return "no hands"
    op = rng.randrange(6)
    i, j = rng.sample(range(len(hands)), 2)
    a, b = hands[i].split(), hands[j].split()
    if op == 0 and a and b:  # one card moves between two hands: a valid deal, a different game
        x, y = rng.randrange(len(a)), rng.randrange(len(b))
        a[x], b[y] = b[y], a[x]
        hands[i], hands[j] = " ".join(a), " ".join(b)
        return "cards exchanged between hands"
    if op == 1 and a:
        hands[i] = " ".join(a[1:])
        return "a card removed"
    if op == 2 and b:
        hands[i] = " ".join([*a, b[0]])
        return "a card doubled"
    if op == 3:
        hands[i], hands[j] = hands[j], hands[i]
        return "hands swapped"
    if op == 4:
        deals.append(copy.deepcopy(d) if rng.random() < 0.5 else {"hands": hands[:1], "kitty": ""})
        return "a deal added"
    hands[i] = hands[i].lower()  # case does not matter: still the same deal
    return "a hand lower-cased"


def _result(rec: Json, rng: random.Random) -> str:
    g = _one_game(rec, rng)
    if g is None:
        return "no game"
    r = g.get("result")
    if not isinstance(r, dict):
        g["result"] = {"napoleon": 0, "adjutant": None, "bid": 13, "french_honors": 13,
                       "allied_honors": 7, "outcome": "french_win", "points": [0] * 5}
        return "result invented"
    key = rng.choice(list(r))
    r[key] = rng.choice((None, 0, 1, 20, 21, -1, "french_win", "draw", [1, 2], r[key]))
    return f"result.{key} -> {brief(r[key])}"


def _extra(rec: Json, rng: random.Random) -> str:
    s = _pick_slot(rec, rng, lambda v: isinstance(v, dict))
    target = s[0][s[1]] if s is not None and rng.random() < 0.5 else rec
    if not isinstance(target, dict):
        return "no object"
    target[rng.choice(("note", "format2", "x", "__proto__", ""))] = odd_value(rng)
    return "extra key"


def _match(rec: Json, rng: random.Random) -> str:
    if not isinstance(rec, dict) or not isinstance(rec.get("games"), list):
        return "not a match"
    games: list[Json] = rec["games"]
    op = rng.randrange(5)
    if op == 0 and games:
        del games[rng.randrange(len(games))]
        return "a game deleted"
    if op == 1 and games:
        games.append(copy.deepcopy(rng.choice(games)))
        return "a game doubled"
    if op == 2 and len(games) >= 2:
        games.reverse()
        return "games reversed"
    if op == 3 and isinstance(rec.get("totals"), list) and rec["totals"]:
        rec["totals"][rng.randrange(len(rec["totals"]))] += rng.choice((-1, 1, 100))
        return "totals changed"
    rec["format"] = "napoleon-game/1" if rng.random() < 0.5 else "napoleon-match/2"
    return "format changed"


MUTATIONS: dict[str, Callable[[Json, random.Random], str]] = {
    "type_swap": _type_swap,
    "truncate": _truncate,
    "drop_key": _drop_key,
    "bad_int": _bad_int,
    "huge": _huge,
    "deep": _deep,
    "first_bidder": _first_bidder,
    "rules": _rules,
    "actions": _actions,
    "deal": _deal,
    "result": _result,
    "extra_key": _extra,
    "match": _match,
}


def _text_damage(text: str, rng: random.Random) -> tuple[str, str]:
    """Damage to the JSON text itself (what a file or a paste may hold)."""
    op = rng.randrange(6)
    if op == 0:
        cut = rng.randrange(len(text))
        return text[:cut], f"text cut at {cut}"
    if op == 1:  # a value replaced by deeply nested brackets
        depth = rng.choice((11, 5_000, 100_000))
        at = text.find(":", rng.randrange(len(text)))
        at = at if at >= 0 else 0
        return text[: at + 1] + "[" * depth + "]" * depth + "," + text[at + 1:], f"{depth} brackets"
    if op == 2:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice('{}[]",:\\x0 ') + text[i + 1:], "a character changed"
    if op == 3:
        return text + rng.choice(("x", "}", "[]", " " * 10, "\x00")), "junk appended"
    if op == 4:
        return "x" * rng.choice((2_000_001, 3_000_000)), "over-long text"
    return "\ufeff" + text, "byte-order mark"


def tampered(rng: random.Random, base: list[Json]) -> tuple[Record, str]:
    """One tampered record (1-3 mutations; a quarter are damaged as JSON text too)."""
    rec = copy.deepcopy(rng.choice(base))
    notes: list[str] = []
    names = list(MUTATIONS)
    deep_last = False
    for _ in range(rng.choice((1, 1, 2, 3))):
        name = rng.choice(names)
        if name == "deep":
            deep_last = True  # deep values cannot be copied or dumped; put them last
            continue
        notes.append(f"{name}: {MUTATIONS[name](rec, rng)}")
    as_text = not deep_last and rng.random() < 0.25
    if as_text:
        text = json.dumps(rec, ensure_ascii=False)
        if rng.random() < 0.6:
            text, note = _text_damage(text, rng)
            notes.append(f"text: {note}")
        return ("text", text), "; ".join(notes)
    if deep_last:
        notes.append(f"deep: {_deep(rec, rng)}")
    return ("object", rec), "; ".join(notes)


# ---- reading and judging ----------------------------------------------------------------


def read_any(candidate: Record) -> list[Game]:
    """Read a candidate as the page's import does: parse if text, then replay."""
    kind, value = candidate
    rec = load_record(value) if kind == "text" else value
    if isinstance(rec, dict) and rec.get("format") == MATCH_FORMAT:
        return replay_match(rec)
    return [replay_game(rec)]


def _deal_ok(rules: Rules, d: Json) -> tuple[tuple[int, ...], int] | None:
    """The deal if it holds the deck exactly once in the right hand sizes (checked here,
    not by the engine)."""
    hands = [parse_hand(h) for h in d["hands"]]
    kitty = parse_hand(d["kitty"])
    if len(hands) != rules.players or any(h.bit_count() != rules.hand_size for h in hands):
        return None
    seen = kitty
    for h in hands:
        if seen & h:
            return None
        seen |= h
    return (tuple(hands), kitty) if seen == rules.deck else None


def game_problem(rec: Json, game: Game) -> str | None:
    """Why an accepted game record is not a valid record of ``game`` (``None``: it is).

    Checked independently of the reader: the first bidder is a seat; every deal
    holds the deck once and is the one played; every action was among the
    legal actions when it was played (replayed afresh); the result is the
    game's; the 譜 and every seat's view can be produced.
    """
    rules = Rules.from_text(rec["rules"])
    if rules != game.rules:
        return "rules differ"
    fb = rec["first_bidder"]
    if type(fb) is not int or not 0 <= fb < rules.players or fb != game.first_bidder:
        return f"first_bidder {fb!r} accepted"
    deals = [_deal_ok(rules, d) for d in rec["deals"]]
    if any(d is None for d in deals) or deals != game.deals:
        return "a deal that is not the deck, or not the one played"
    actions = [parse_action(t) for t in rec["actions"]]
    fresh = Game.from_deal(rules, game.deals[0], fb, more_deals=game.deals[1:])
    for i, a in enumerate(actions):
        if fresh.is_over or a not in fresh.legal_actions():
            return f"action {i} {a!r} was not legal"
        fresh.apply(a)
    if len(fresh.deals) != len(deals):
        return "the deals used differ from the deals given"
    if [a for _, a in fresh.actions()] != [a for _, a in game.actions()]:
        return "the replay differs from a fresh replay"
    if rec["result"] != game_record(fresh)["result"]:
        return "the stored result is not the game's"
    text_record(game)
    text_record(game, lang="en")
    for seat in range(game.n):
        game.view(seat).to_json()
    return None


def match_problem(rec: Json, games: list[Game]) -> str | None:
    """Why an accepted match record is invalid (``None``: it is valid)."""
    rules = Rules.from_text(rec["rules"])
    if not 1 <= len(games) <= rules.match_games or len(games) != len(rec["games"]):
        return f"{len(games)} games accepted"
    totals = [0] * rules.players
    for i, (g_rec, g) in enumerate(zip(rec["games"], games, strict=True)):
        if g.rules != rules:
            return f"game {i} has other rules"
        if i and (games[i - 1].result is None or g.first_bidder != next_first_bidder(
                rules, games[i - 1])):
            return f"game {i} does not follow game {i - 1}"
        problem = game_problem(g_rec, g)
        if problem is not None:
            return f"game {i}: {problem}"
        if g.result is not None:
            totals = [t + p for t, p in zip(totals, g.result.points, strict=True)]
    if rec["totals"] != totals:
        return "totals differ"
    return None


def problem_of(candidate: Record, games: list[Game]) -> str | None:
    """Why an accepted candidate is invalid; an accepted record that breaks the
    checks themselves (the 譜, a view, a fresh replay) is invalid too."""
    kind, value = candidate
    try:
        rec = json.loads(value.lstrip("\ufeff")) if kind == "text" else value
        if rec.get("format") == MATCH_FORMAT:
            return match_problem(rec, games)
        return game_problem(rec, games[0])
    except Exception as e:  # any failure here means the reader let something bad through
        return f"the accepted record breaks a check: {type(e).__name__}: {str(e)[:120]}"


class Watchdog(Exception):
    """Raised by the wall-clock alarm inside a replay that runs far too long."""


def _alarm(_signum: int, _frame: FrameType | None) -> None:
    raise Watchdog


@dataclass
class Tally:
    """Outcome counts of a fuzz run, with the first examples of every failure."""

    bound: float
    counts: Counter[str] = field(default_factory=Counter)
    slowest: float = 0.0
    slowest_note: str = ""
    examples: dict[str, list[str]] = field(default_factory=dict)

    @property
    def failures(self) -> int:
        c = self.counts
        return c["accepted-invalid"] + c["wrong-exception"] + c["hang"]

    def add(self, outcome: str, seconds: float, note: str) -> None:
        self.counts["tried"] += 1
        self.counts[outcome] += 1
        if seconds > self.slowest:
            self.slowest, self.slowest_note = seconds, note
        if outcome in ("accepted-invalid", "wrong-exception", "hang"):
            self.examples.setdefault(outcome, [])
            if len(self.examples[outcome]) < 5:
                self.examples[outcome].append(note[:400])

    def report(self) -> str:
        c = self.counts
        lines = [
            f"tried:            {c['tried']}",
            f"rejected:         {c['rejected']} (RecordError)",
            f"accepted-valid:   {c['accepted-valid']}",
            f"accepted-invalid: {c['accepted-invalid']}",
            f"wrong exception:  {c['wrong-exception']}",
            f"hangs:            {c['hang']} (over {self.bound} s CPU)",
            f"slowest:          {self.slowest * 1000:.1f} ms CPU ({self.slowest_note[:120]})",
        ]
        for kind, notes in self.examples.items():
            lines.append(f"first {kind}:")
            lines.extend(f"  {n}" for n in notes)
        return "\n".join(lines)


def judge(candidate: Record, note: str, bound: float) -> tuple[str, float, str]:
    """Read one candidate under the watchdog; its outcome class, CPU seconds and a note."""
    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, bound * 10)
    start = time.process_time()
    try:
        try:
            games = read_any(candidate)
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        seconds = time.process_time() - start
    except Watchdog:
        return "hang", time.process_time() - start, f"{note}: stopped by the watchdog"
    except RecordError as e:
        seconds = time.process_time() - start
        return ("hang" if seconds > bound else "rejected"), seconds, f"{note}: {str(e)[:200]}"
    except Exception as e:  # the point of the fuzz: any other exception type is a failure
        seconds = time.process_time() - start
        return "wrong-exception", seconds, f"{note}: {type(e).__name__}: {str(e)[:200]}"
    finally:
        signal.signal(signal.SIGALRM, old)
    if seconds > bound:
        return "hang", seconds, f"{note}: {seconds:.2f} s"
    problem = problem_of(candidate, games)
    if problem is not None:
        return "accepted-invalid", seconds, f"{note}: {problem}"
    return "accepted-valid", seconds, note


def cases(records: int, seed: int) -> Iterator[tuple[Record, str]]:
    rng = random.Random(seed)
    base = corpus(seed)
    for i in range(records):
        candidate, note = tampered(rng, base)
        yield candidate, f"#{i} {note}"


def run(records: int, seed: int = 1, bound: float = 2.0) -> Tally:
    tally = Tally(bound)
    for candidate, note in cases(records, seed):
        tally.add(*judge(candidate, note, bound))
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--records", type=int, default=20_000, help="tampered records to try")
    ap.add_argument("--seed", type=int, default=1, help="seed of the corpus and the mutations")
    ap.add_argument("--bound", type=float, default=2.0, help="CPU seconds a replay may take")
    args = ap.parse_args(argv)
    start = time.perf_counter()
    tally = run(args.records, args.seed, args.bound)
    print(f"python3 -m lab.napoleon.record_fuzz --records {args.records} --seed {args.seed} "
          f"--bound {args.bound}")
    print(tally.report())
    print(f"({time.perf_counter() - start:.0f} s wall)")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
