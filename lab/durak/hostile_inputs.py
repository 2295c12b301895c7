"""Hostile inputs for the Durak page (bad query values and corrupt storage handled
as on Napoleon's): bad ``?game=durak&...`` values and corrupt ``durak.prefs`` /
``durak.match`` entries, for :mod:`lab.hostile_page` to load in the real page.

A fixed list (no randomness but the seeded games the saves come from): every option
key with a value it does not take, unplayable combinations, markup, repeated keys,
bad seeds, levels and speeds; saves that are truncated, edited, of another version,
too deep or too many; settings that are not JSON or not of the saved shape.

>>> items = durak_inputs()
>>> sorted({i.kind for i in items})
['durak-prefs', 'durak-query', 'durak-save']
>>> all(len(i.text) < 3_000_000 for i in items)
True
"""

from __future__ import annotations

import json
import random

from durak.game import Phase
from durak.rules import OPTIONS, PRESET_NAMES, Rules
from lab.durak.match import Match, encode_match
from lab.napoleon.hostile_inputs import HostileInput


def real_save(seed: int, steps: int) -> str:
    """The save of a match after ``steps`` random legal moves (next games dealt)."""
    rng = random.Random(seed)
    rules = Rules.preset(PRESET_NAMES[seed % len(PRESET_NAMES)])
    match = Match(rules, seed=seed)
    for _ in range(steps):
        if match.game.phase is Phase.OVER:
            if match.is_over:
                break
            match.next_game()
        match.game.apply(rng.choice(match.game.legal_actions()))
    return encode_match(match, seed)


def bad_queries() -> list[tuple[str, str]]:
    """(label, query without ``game=durak``): the mixed cases, then one bad value per
    option."""
    out = [
        ("unplayable players=6&deck=32", "players=6&deck=32"),
        ("preset=nope", "preset=nope"),
        ("preset markup", "preset=<img src=x onerror=alert(1)>"),
        ("repeated key", "players=3&players=4&players=<b>"),
        ("seed=-1", "seed=-1"),
        ("seed 1e99", "seed=" + "9" * 99),
        ("seed=abc", "seed=abc"),
        ("level=grandmaster", "level=grandmaster"),
        ("anim=warp", "anim=warp"),
        ("lang=xx", "lang=xx"),
        ("unknown keys", "colour=red&" + "&".join(f"k{i}=v" for i in range(50))),
        ("percent junk", "players=%ZZ&deck=%00&trump=%E3%81"),
        ("long value", "transfer=" + "y" * 5000),
        ("empty values", "players=&deck=&preset="),
    ]
    return out + [(f"{o.key}=bad", f"{o.key}=x{o.values[0]}x") for o in OPTIONS]


def bad_saves() -> list[tuple[str, str]]:
    """(label, save): the family's save (durak/family/save.py, ``version`` 2) of a real
    match, good, then damaged field by field."""
    good = real_save(5, 60)
    data = json.loads(good)
    actions = data["actions"]

    def edited(**change: object) -> str:
        return json.dumps({**data, **change})

    swapped = list(actions)
    if len(swapped) > 3:
        swapped[1], swapped[2] = swapped[2], swapped[1]
    return [
        ("save a good one", good),
        ("save truncated", good[: len(good) // 2]),
        ("save moves swapped", edited(actions=swapped)),
        ("save a move made up", edited(actions=[*actions, "0 attack ZZ"])),
        ("save version 3", edited(version=3)),
        ("save seed -5", edited(seed=-5)),
        ("save seed 2**70", edited(seed=2**70)),
        ("save rules players=9", edited(rules="players=9")),
        ("save rules markup", edited(rules="<b>x</b>")),
        ("save actions a dict", edited(actions={"a": 1})),
        ("save 2000 finished games", edited(finished=[{"dealer": None, "actions": []}] * 2000)),
        ("save too deep", edited(actions=[[[[[["0 take"]]]]]])),
        ("save null", "null"),
        ("save not JSON", "{version: 1"),
        ("save huge", "[" * 2_000_000),
    ]


def bad_prefs() -> list[tuple[str, str]]:
    return [
        ("prefs not JSON", "{rules:"),
        ("prefs a list", "[1, 2]"),
        ("prefs rules unplayable", json.dumps({"rules": "players=6&deck=32"})),
        ("prefs rules a number", json.dumps({"rules": 5, "level": "easy"})),
        ("prefs level markup", json.dumps({"level": "<b>x</b>", "anim": "warp"})),
        ("prefs lang xx", json.dumps({"lang": "xx", "rules": "preset=nope"})),
        ("prefs huge", "[" * 100_000),
    ]


def durak_inputs() -> list[HostileInput]:
    """Queries, saves and settings interleaved, so a short run meets every kind."""
    kinds = [
        [HostileInput("durak-query", q, label) for label, q in bad_queries()],
        [HostileInput("durak-save", t, label) for label, t in bad_saves()],
        [HostileInput("durak-prefs", t, label) for label, t in bad_prefs()],
    ]
    out: list[HostileInput] = []
    for i in range(max(len(k) for k in kinds)):
        out += [k[i] for k in kinds if i < len(k)]
    return out
