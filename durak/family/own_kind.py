"""The engine and the records of a game of a kind of its own, from its game and view
classes written to the family's conventions (what the ordinary game and the pile games
spell out by hand in their entries).

The conventions: the game class has ``new(rules, seed, dealer=None, number=1)`` (game
``number`` of a series dealt from ``seed`` by ``dealer``; ``None``: drawn from the seed),
the :class:`~durak.family.entry.FamilyGame` methods (``legal_actions()``,
``apply(action, seat=None)``, ``view(seat)``, ``clone()``, ``to_act``, ``result``), a
``dealer`` and a ``history`` of ``(seat, action)`` pairs; the view class reads its plain
JSON form with ``from_dict`` (its own error naming the field), and that form holds a key
``tag`` no other view of the family has.  What the game does not say the family does
as usual: the durak deals the next game (after a draw, the dealer's left), the bench
plays random legal moves, a guest's record line is the view's JSON.

"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any, Final, TypeVar

from cardkit import fields
from durak.family.entry import Engine, Record, deal_seed
from durak.family.result import Result

G = TypeVar("G")

#: A record or a view as compact JSON text (non-ASCII kept as it is).
compact_json: Final = functools.partial(json.dumps, ensure_ascii=False, separators=(",", ":"))


def play_out(game: G, pick: Callable[[G], Any]) -> G:
    """``game`` played on with ``pick(game)``'s action until it is over."""
    while game.to_act is not None:  # type: ignore[attr-defined]
        game.apply(pick(game))  # type: ignore[attr-defined]
    return game


def durak_deals(game: Any) -> int:
    """Who deals after the finished ``game``: its durak; after a draw the dealer's left."""
    r: Result | None = game.result
    return r.durak[0] if r is not None and r.durak else (game.dealer + 1) % game.rules.players


def own_engine(game_class: Any, view_class: Any, parse_action: Callable[[str], Any],
               action_text: Callable[[Any], str], start: Callable[[Any], Any], *, tag: str,
               seen_line: Callable[[Any], str] | None = None) -> Engine:
    """The :class:`~durak.family.entry.Engine` of a game written to the conventions
    above; ``start(game)`` is the game as it was dealt (what undo and the review replay
    from); ``seen_line`` (default: the view's JSON) a guest's record line of a view."""
    def history(game: Any) -> list[tuple[int, str]]:
        return [(seat, action_text(a)) for seat, a in game.history]

    def bench(rules: Any) -> Callable[[int, random.Random], object]:
        return lambda seed, rng: play_out(game_class.new(rules, seed),
                                          lambda g: rng.choice(g.legal_actions()))

    return Engine(
        game_class, game_class.new, game_class.legal_actions, game_class.apply,
        game_class.view, game_class.clone, parse_action, history,
        lambda game: len(game.history), view_class.from_dict, lambda data: tag in data,
        (view_class,), seen_line or (lambda view: str(view.to_json())), bench,
        lambda rules, seed, number, dealer: game_class.new(rules, deal_seed(seed, number),
                                                           dealer, number),
        durak_deals, lambda game: int(game.dealer), action_text, start)


def line_record(head: str, fmt: str, write_json: Callable[..., dict[str, Any]],
                read_json: Callable[[object], Any], error: type[Exception], *,
                max_chars: int = 200_000) -> Record:
    """The records of a game whose text record is its JSON record on one line after
    ``head`` (``write_json(game, names, seed)``; ``read_json`` refusing a bad record
    with ``error``, which the text reader also raises for text that is not such a line).
    """
    def write_text(game: Any, names: list[str] | None = None, seed: int | None = None) -> str:
        return f"{head} {compact_json(write_json(game, names, seed))}\n"

    def read_text(text: str) -> Any:
        text = fields.text(text, "text record", max_chars, error)
        if not text.startswith(f"{head} {{"):
            raise error(f"text record: not '{head} {{…}}'")
        return read_json(text.removeprefix(head).strip())

    return Record(write_text, read_text, write_json, compact_json, read_json, error, fmt, head,
                  numbered=False)


__all__ = ["compact_json", "durak_deals", "line_record", "own_engine", "play_out"]
