"""The computers' worker: PyScript runs this in a web worker (its config:
:func:`cardkit.ui_dom.worker.worker_config`).

One worker serves both games: it exports :func:`napoleon.ai.decide_json` (as
``decide_json``) and, for every game of the Durak family, one request that names
the game (:func:`durak_family_decide_json`: its registry entry's computers,
:mod:`durak.family.registry`) to the page's main thread, which awaits them with
JSON strings, so a computer thinking never freezes the screen.  Each game's engine
is imported on its first decision, so a Durak page's worker never loads Napoleon's
engine, nor the reverse
(the import moves from the worker's boot to its first answer: the same wait).

Napoleon's hint and review searches (:mod:`napoleon.ai.review`) are exported too,
imported only when first asked for (a game without a hint never loads them); a
hint is thought about one slice per call (see :func:`hint_more_json`).  A hint of
the Durak family (:func:`durak_family_hint_json`, the game's entry's hint search)
is one call: a strong decision, a few hundred milliseconds.  Durak's review
(:mod:`durak.ai.review`) is exported as ``durak_review_plan_json`` and
``durak_review_step_json``, imported on its first call too.
Like ``main.py``, it imports the games straight from the wheel (zipimport), with
the dataclasses' methods the build compiled (:mod:`cardkit.dataclass_code`).
"""

import importlib
import importlib.util
import os
import sys

WHEEL = os.path.abspath("napoleon.whl")
if WHEEL not in sys.path:  # restored from the snapshot, it is there already
    sys.path.insert(0, WHEEL)
# Restored from the build's memory snapshot (as the page is: web/runtime.mjs), the
# computers' modules are imported already; else the dataclasses' methods compiled
# by the build are installed first, as in main.py.
from cardkit.snapshot import start  # noqa: E402  (the wheel must be on sys.path first)

start(WHEEL)

# The games of the Durak family that only a test adds to the page's files (as main.py).
for _toy in ("toy_durak", "toy_kind"):
    if importlib.util.find_spec(_toy) is not None:
        from durak.family.registry import register

        register(importlib.import_module(_toy).ENTRY)


def decide_json(view_json: str, level: str, seed: int) -> str:
    from napoleon.ai import decide_json as napoleon_decide

    return napoleon_decide(view_json, level, seed)


def durak_family_decide_json(mode: str, view_json: str, level: str, seed: int) -> str:
    """A computer's decision in the game of the Durak family named ``mode``: its
    registry entry's ``decide_json`` (:class:`durak.family.registry.Computers`)."""
    from durak.family.registry import find_game

    return find_game(mode).computers.decide_json(view_json, level, seed)


def durak_family_hint_json(mode: str, view_json: str, seed: int) -> str:
    """The hint in the game of the Durak family named ``mode``: the strong search's move
    and why (its registry entry's ``hint_json``); an unknown game, a game without a
    hint or a request the search refuses answers ``{"error": ...}``."""
    import json

    from durak.family.registry import find_game

    try:
        hint = find_game(mode).computers.hint_json
        if hint is None:
            return json.dumps({"error": f"mode {mode} has no hint"})
        return hint(view_json, seed)  # a whole JS number arrives as an int
    except ValueError as e:  # the entry's refusals, and UnknownGameError
        return json.dumps({"error": str(e)[:300]})


def durak_pile_review_plan_json(record_json: str, seat: int) -> str:
    """A finished pile game's decisions to review
    (:func:`durak.ai.pile_review.review_plan_json`)."""
    from durak.ai.pile_review import review_plan_json as run

    return run(record_json, int(seat))  # a JS number


def durak_pile_review_step_json(record_json: str, index: int, seed: int) -> str:
    """One pile decision reviewed with the hint's evaluator
    (:func:`durak.ai.pile_review.review_step_json`)."""
    from durak.ai.pile_review import review_step_json as run

    return run(record_json, int(index), int(seed))  # JS numbers


def hint_start_json(view_json: str, seed: int) -> str:
    """What the strong computer would do, and why: the first slice of the search
    (:func:`napoleon.ai.review.hint_start_json`; ``{"pending": ticket}`` if not done)."""
    from napoleon.ai.review import hint_start_json as run

    return run(view_json, seed)


def hint_more_json(ticket: int) -> str:
    """The hint's next slice (:func:`napoleon.ai.review.hint_more_json`): the page asks
    only while it still wants the answer, so a hint overtaken by a card played
    never keeps the computers' next decision waiting for more than a slice."""
    from napoleon.ai.review import hint_more_json as run

    return run(int(ticket))  # a JS number


def review_plan_json(record_json: str, seat: int) -> str:
    """The seat's decisions in a game record (:func:`napoleon.ai.review.review_plan_json`);
    an unreadable record answers ``{"error": ...}``."""
    import json

    from napoleon.ai.review import review_plan_json as run

    try:
        return run(record_json, seat)
    except ValueError as e:  # RecordError is a ValueError
        return json.dumps({"error": str(e)[:300]})


def review_step_json(record_json: str, seat: int, index: int) -> str:
    """One decision reviewed (:func:`napoleon.ai.review.review_step_json`)."""
    from napoleon.ai.review import review_step_json as run

    return run(record_json, seat, index)


def durak_review_plan_json(record_json: str, seat: int) -> str:
    """Durak: the seat's decisions in a finished game's record
    (:func:`durak.ai.review.review_plan_json`; a refused record answers ``{"error": ...}``)."""
    from durak.ai.review import review_plan_json as run

    return run(record_json, seat)


def durak_review_step_json(record_json: str, seat: int, index: int) -> str:
    """Durak: one decision reviewed (:func:`durak.ai.review.review_step_json`)."""
    from durak.ai.review import review_step_json as run

    return run(record_json, int(seat), int(index))  # JS numbers


__export__ = [
    "decide_json", "durak_family_decide_json", "durak_family_hint_json",
    "durak_pile_review_plan_json", "durak_pile_review_step_json",
    "hint_more_json", "hint_start_json",
    "review_plan_json", "review_step_json",
    "durak_review_plan_json", "durak_review_step_json",
]
