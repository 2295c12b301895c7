"""The framing every record of the family shares (docs/rules/durak.md §7, §3.6).

A text record of any game opens with a head line (``DURAK …``,
``DURAK-PILE …``, ``DURAK-SUIT-DEAL …``: the rules, the seed, the game
number) and a seats line (``seats 0:NAME 1:NAME … dealer=D …``); its last
line is the game's end (:meth:`durak.family.result.Result.text`).  A JSON
record is one object with a ``format`` naming the game, its rules text,
seed, game number, names and result.  What differs from game to game is the
body between them: bouts, piles or the dealing's turns.

The record modules (:mod:`durak.record`, :mod:`durak.pile.record` and the suit
deal's) write and read the frame with these, each
with its own error class and bounds:

>>> head_line("DURAK-PILE", "mode=heap&players=3", "7", 2)
'DURAK-PILE mode=heap&players=3 seed=7 game=2'
>>> seats_line(default_names(3), "dealer=2")
'seats 0:P1 1:P2 2:P3 dealer=2'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardkit import fields
from cardkit.bounded_json import JsonShapeError, loads_bounded


def default_names(n: int) -> list[str]:
    """The seats' names when none are given: P1, P2, …"""
    return [f"P{i + 1}" for i in range(n)]


def head_line(tag: str, rules: str, seed: str | None, number: int) -> str:
    """A record's first line: ``TAG RULES [seed=SEED] game=N`` (each record writes its
    rules and seed in its own form)."""
    return f"{tag} {rules}" + ("" if seed is None else f" seed={seed}") + f" game={number}"


def seats_line(names: Sequence[str], tail: str) -> str:
    """``seats 0:NAME 1:NAME … TAIL`` (``tail``: ``dealer=D`` and what follows)."""
    return "seats " + " ".join(f"{i}:{x}" for i, x in enumerate(names)) + f" {tail}"


def json_object(record: object, fmt: str, error: type[Exception], *, max_chars: int,
                depth: int, keys: frozenset[str] | None = None) -> dict[str, Any]:
    """A JSON record (a dict or its text, read within the bounds) as a dict of format
    ``fmt`` (holding only ``keys``, when given); else ``error`` saying what is wrong."""
    if isinstance(record, str):
        try:
            record = loads_bounded(record, max_chars=max_chars, max_depth=depth)
        except JsonShapeError as e:
            raise error(f"record: {e}") from None
    rec = fields.mapping(record, "record", error)
    if keys is not None:
        extra = sorted(k for k in rec if k not in keys)
        if extra:
            raise error(f"record: unknown keys {', '.join(map(fields.short, extra[:5]))}")
    got = fields.get(rec, "format", "", error)
    if got != fmt:
        raise error(f"format: expected {fmt!r}, not {fields.short(got)}")
    return rec


def json_seed(rec: dict[str, Any], error: type[Exception], limit: int,
              required: bool = False) -> int | None:
    """A JSON record's ``seed``: null (or, unless ``required``, absent) or a whole
    number up to ``limit``."""
    seed = fields.get(rec, "seed", "", error) if required else rec.get("seed")
    return None if seed is None else fields.whole(seed, "seed", 0, limit, error)


def check_result(said: object, got: str | None, error: type[Exception]) -> None:
    """The record's result must be the one its moves give."""
    if said != got:
        raise error(f"result: the record says {fields.short(said)} but the moves give "
                    f"{got!r}")


__all__ = ["check_result", "default_names", "head_line", "json_object", "json_seed",
           "seats_line"]
