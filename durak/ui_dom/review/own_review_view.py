"""The review of a finished game of a kind of its own, on the shell's review frame
(:mod:`cardkit.ui_dom.review_frame`), opened from the end's Review button or a shared
link.

The evaluator is the game's hint (its registry entry's ``Computers.hint_json``, asked
through the worker's one hint request of the family): each of the reviewed person's
decisions with a choice is the game as it stood then (dealt again,
:attr:`~durak.family.entry.Engine.start`, and replayed), that seat's view asked with
the seed the hint used there, so a hinted decision shows the same figures in the
review.  A step shows the hand and the pile as they stood, the move played and the
strong move with their chances; the costliest decisions come first.
"""

from __future__ import annotations

import json
from typing import Any, Final

from cardkit import fields
from cardkit.bounded_json import loads_bounded
from cardkit.ui_dom.hint_frame import HINT_SALT
from cardkit.ui_dom.page_shell import Computers
from cardkit.ui_dom.review_frame import LONE, People, ReviewSlot, ask_computers
from cardkit.ui_dom.turn_loop import ai_seed
from durak.family.entry import GameEntry
from durak.family.registry import GAMES
from durak.ui_dom.hint import strings_hint
from durak.ui_dom.hint.hint_view import HINT_EXPORT
from durak.ui_dom.i18n import t
from durak.ui_dom.review.decision_steps import DecisionSteps
from durak.ui_dom.table.own_words import move_words

#: The longest record read.
MAX_CHARS: Final = 400_000


def before(entry: GameEntry, game: Any, index: int) -> Any:
    """``game`` as it stood before its move ``index``: dealt again and replayed."""
    engine = entry.engine
    if engine.start is None:
        raise ValueError(f"mode={entry.mode}: its engine does not deal a game again")
    g = engine.start(game)
    for seat, text in engine.history(game)[:index]:
        g.apply(engine.parse_action(text), seat)
    return g


def decisions(entry: GameEntry, game: Any, seat: int) -> list[int]:
    """The moves of ``seat`` in ``game`` made with a choice (indices of its history)."""
    engine = entry.engine
    if engine.start is None:
        return []
    g, out = engine.start(game), []
    for i, (s, text) in enumerate(engine.history(game)):
        if s == seat and len(g.legal_actions()) > 1:
            out.append(i)
        g.apply(engine.parse_action(text), s)
    return out


class OwnReview(DecisionSteps):
    """The review frame's part for a game of a kind of its own."""

    def __init__(self, computers: Computers | None) -> None:
        strings_hint.register()
        self.computers = computers
        self.entry: GameEntry | None = None
        self.game: Any = None
        self.seed = 0
        #: The game's number in its series (the hint's seed there names it).
        self.number = 1
        self.plan_here: list[int] = []
        self.people: People = LONE

    def t(self, key: str, **fmt: object) -> str:
        return t(key, **fmt)

    def load(self, record: str) -> tuple[Any, str]:
        data = fields.mapping(loads_bounded(record, max_chars=MAX_CHARS, max_depth=8),
                              "record", ValueError)
        form = data.get("format")
        entry = next((e for e in GAMES.values() if e.record.format == form), None)
        if entry is None:
            raise ValueError(f"format: {fields.short(form)} is no game of a kind of its own")
        game = entry.record.read_json(data)
        if not game.is_over:
            raise ValueError("the game is not over")
        seed, number = data.get("seed"), data.get("game")
        self.entry, self.game, self.seed = entry, game, seed if type(seed) is int else 0
        self.number = number if type(number) is int else 1
        self.plan_here = sorted(i for seat, _name in self.people
                                for i in decisions(entry, game, seat))
        return game, entry.record.to_json(entry.record.write_json(game, None, self.seed))

    async def plan(self, record_json: str, seat: int) -> str:
        assert self.entry is not None
        return json.dumps({"decisions": decisions(self.entry, self.game, seat)})

    async def step(self, record_json: str, seat: int, index: int) -> str:
        """The hint's answer at decision ``index`` (its seed there), as the move played
        and the strong move with their chances."""
        entry, game = self.entry, self.game
        assert entry is not None
        seed = ai_seed(self.seed, self.number, index) ^ HINT_SALT  # the hint's, there
        view_json = before(entry, game, index).view(seat).to_json()
        answer = json.loads(await ask_computers(self.computers, HINT_EXPORT, entry.mode,
                                                view_json, seed))
        if not isinstance(answer, dict) or "error" in answer:
            return json.dumps({"error": str(answer.get("error") if isinstance(answer, dict)
                                            else "no answer")[:200]})
        played = entry.engine.history(game)[index][1]
        rows = answer.get("ranked")  # [[move, figure], ...]: nobody vouches for it
        ranked = {row[0]: row[1] for row in (rows if isinstance(rows, list) else [])
                  if isinstance(row, list) and len(row) == 2 and type(row[0]) is str}
        return json.dumps({"index": index, "played": played, "best": answer.get("action"),
                           "played_figure": ranked.get(played),
                           "best_figure": answer.get("figure")})

    def move(self, text: object) -> str:
        """A move of the worker's answer in words, if it is a move of the game's engine."""
        if self.entry is None or type(text) is not str or len(text) > 8:
            return "?"
        try:
            self.entry.engine.parse_action(text)
        except ValueError:
            return "?"
        return move_words(self.entry.mode, text)

    def deciding_view(self, game: Any, index: int) -> tuple[Any, int | None] | None:
        if self.entry is None:
            return None
        seat = self.entry.engine.history(game)[index][0]
        return before(self.entry, game, index).view(seat), None


_slot: Final = ReviewSlot(OwnReview)


def open_record(record: dict[str, Any], computers: Any, _notify: Any, _no_play: str,
                people: People = LONE) -> None:
    """Open the review of a finished game's JSON record (untrusted: a shared link's or
    the record screen's; a refused one is a notice in the dialog), judging
    ``people``'s decisions."""
    _slot.frame_for(computers, people).open(json.dumps(record), people)


def review(ctrl: Any, computers: Any) -> None:
    """Open the review of the game just finished on ``ctrl``'s table, judging the
    table's people's decisions."""
    game = ctrl.finished_game()
    if game is not None:
        open_record(ctrl.share(game, ctrl.number), computers, None, "", ctrl.reviewed(t))


__all__ = ["OwnReview", "before", "decisions", "open_record", "review"]
