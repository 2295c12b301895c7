"""The page shell's review frame: a finished game reviewed by the strong computer.

What every game's review shares, written once: the ``#review``
dialog opened at once on a record, the record checked by the game's engine (a
refused record is a notice in the dialog, never a broken page), the review
computed in the computers' worker one decision per call with its progress shown,
a late answer of an older review dropped (each new record starts a new run; the
same record again keeps what was computed, so a review :meth:`ReviewFrame.prepare`
began at the game's end is ready or under way when opened), the costliest
moments first (each a button that jumps to its step), then the game step by
step with « previous / next », and the focus kept where it was across
redrawings (keyboard and screen reader: the progress is a ``status``, the error
an ``alert``, the step a focusable region).

A game plugs in only what is its own (:class:`ReviewGame`): how a record is
replayed, how many steps the game has and what a step shows, where a decision
belongs, whether it is costly and how it reads, and the two worker calls.  The
decisions cross as the worker's JSON dicts; each holds an ``index`` (its place
in the record's actions).

Whose decisions are reviewed is the page's to say (:data:`People`, seat and name):
the one player's (seat 0, said "you", :data:`LONE`), or at pass-and-play every
person's at the table (:func:`cardkit.ui_dom.pass_play.reviewed`), each under their
own name, never a computer's seat.  The frame asks the worker for each person's
decisions, reviews them all in the record's order and stamps each with its
``seat`` and its person's name (``who``, empty for the one player), which
:func:`said_by` words ("Aki: …" rather than "You: …").  A review is opened at a
game's end only, when every hand is open anyway, so no person sees another's
hidden cards through it.

The dialog's ids are the frame's: ``#review``, ``#review-title``,
``#review-close``, ``#review-progress`` (``data-done``), ``#review-costly``
(``button.costly`` with ``data-index``/``data-step``), ``#review-step``
(``data-step``), ``#review-prev``/``#review-next``.  Its words are
:mod:`cardkit.ui_dom.strings_review_frame`'s (the game's ``t`` must know them).

A page keeps its dialog in a :class:`ReviewSlot`: made when first opened, made again
for other computers, forgotten when the page starts afresh.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Generic, Protocol, TypeVar

from cardkit.ui_dom.dialogs import is_open, open_dialog
from cardkit.ui_dom.nodes import by_id, document, el, on
from cardkit.ui_dom.page_reset import on_reset
from cardkit.ui_dom.tasks import spawn

if TYPE_CHECKING:
    from cardkit.ui_dom.page_shell import Computers

#: How many costly moments the list shows (the rest are in the steps).
SHOWN_COSTLY = 8
#: Longest error text shown (an engine's message about a hostile record is cut).
MAX_ERROR_CHARS = 300

#: Whose decisions a review judges: (seat, name) in the table's order; a name is
#: empty for the one player of a page against computers (said "you").
People = tuple[tuple[int, str], ...]
#: The one player against computers: the page's seat 0.
LONE: Final[People] = ((0, ""),)


def said_by(t: Callable[..., str], decision: dict[str, Any], you_key: str, person_key: str,
            **fmt: object) -> str:
    """A reviewed decision's line for the person who took it: ``you_key`` ("You: …")
    for the one player, ``person_key`` with ``name`` ("Aki: …") at pass-and-play."""
    who = decision.get("who")
    if isinstance(who, str) and who:
        return t(person_key, name=who, **fmt)
    return t(you_key, **fmt)


async def ask_computers(computers: Computers | None, export: str, *args: object) -> str:
    """A review's worker call (its ``plan`` and ``step``): ``export``'s answer for
    ``args``; a page without computers is refused (the dialog shows why)."""
    if computers is None:
        raise ValueError("no computers on this page")
    return await computers.call(export, *args)


class ReviewGame(Protocol):
    """What a game plugs into the review frame."""

    def t(self, key: str, **fmt: object) -> str:
        """The game's words (merged with :mod:`cardkit.ui_dom.strings_review_frame`)."""
        ...

    def load(self, record: str) -> tuple[Any, str]:
        """Replay an untrusted record (JSON text): the finished game and the record the
        worker is sent (the engine's own); a ``ValueError`` saying why it is refused."""
        ...

    def last_step(self, game: Any) -> int:
        """The number of the last step (steps are 0..last)."""
        ...

    def step_of(self, decision: dict[str, Any]) -> int:
        """The step a decision is shown at."""
        ...

    def is_costly(self, decision: dict[str, Any]) -> bool: ...

    def cost_key(self, decision: dict[str, Any]) -> Any:
        """Sorts the costly decisions, the costliest first."""
        ...

    def costly_parts(self, decision: dict[str, Any]) -> list[Any]:
        """The content of a costly decision's button (where, what it cost, the choices)."""
        ...

    def step_title(self, game: Any, step: int) -> str: ...

    def step_parts(self, game: Any, step: int, decisions: list[dict[str, Any]]) -> list[Any]:
        """What step ``step`` shows, given its reviewed decisions (in the record's order)."""
        ...

    def plan(self, record_json: str, seat: int) -> Awaitable[str]:
        """The worker's ``{"decisions": [index, ...]}`` of ``seat``'s decisions (or
        ``{"error": ...}``)."""
        ...

    def step(self, record_json: str, seat: int, index: int) -> Awaitable[str]:
        """The worker's review of ``seat``'s decision ``index`` (a dict with ``index``,
        or ``error``)."""
        ...


@dataclass
class ReviewState:
    """What the review dialog shows and how far the worker has got."""

    record_json: str = ""
    game: Any = None
    plan: list[int] = field(default_factory=list)
    done: dict[int, dict[str, Any]] = field(default_factory=dict)
    step: int = 0
    error: str = ""
    #: Whose decisions are reviewed (:data:`People`) and each decision's seat.
    people: People = LONE
    seat_of: dict[int, int] = field(default_factory=dict)
    run: int = 0  #: bumped by each open: an older computation stops


class ReviewFrame:
    """The review dialog of one page, drawn from a :class:`ReviewGame`."""

    def __init__(self, game: ReviewGame) -> None:
        self.game = game
        self.state = ReviewState()

    # ---- opening and computing -------------------------------------------------------

    def open(self, record: dict[str, Any] | str, people: People = LONE) -> None:
        """Open the review of a finished game's record (a dict or JSON text) judging
        ``people``'s decisions; safe with any input: a record the engine refuses shows a
        notice in the dialog.  The record :meth:`prepare` began (or the one shown
        last), for the same people, is not computed again."""
        self._start(record, show=True, people=people)

    def prepare(self, record: dict[str, Any] | str, people: People = LONE) -> None:
        """Start reviewing a record without opening the dialog (a game's end), so that
        opening it later finds the review done or under way."""
        self._start(record, show=False, people=people)

    def _start(self, record: dict[str, Any] | str, show: bool, people: People) -> None:
        s = self.state
        people = tuple(dict.fromkeys(people)) or LONE
        game: Any = None
        record_json = error = ""
        try:
            text = record if isinstance(record, str) else json.dumps(record)
            game, record_json = self.game.load(text)
        except (ValueError, TypeError) as e:
            error = str(e)[:MAX_ERROR_CHARS]
        again = game is not None and s.game is not None and not s.error \
            and record_json == s.record_json and people == s.people
        if not again:
            s.run += 1
            s.plan, s.done, s.error, s.seat_of = [], {}, error, {}
            s.game, s.record_json, s.people = game, record_json, people
        if show:
            s.step = 0
            self.render()
            open_dialog("review", "review-close")
        if not again and s.game is not None:
            spawn(self._compute(s.run))

    async def _compute(self, run: int) -> None:
        s = self.state
        try:
            seat_of: dict[int, int] = {}
            for seat, _name in s.people:
                plan = json.loads(await self.game.plan(s.record_json, seat))
                if run != s.run:
                    return
                if not isinstance(plan, dict) or "error" in plan:
                    s.error = str(plan.get("error") if isinstance(plan, dict) else plan)
                    s.error = s.error[:MAX_ERROR_CHARS]
                    self._redraw()
                    return
                seat_of.update((int(i), seat) for i in plan["decisions"])
            s.plan, s.seat_of = sorted(seat_of), seat_of  # the record's order
            names = dict(s.people) if len(s.people) > 1 else {}
            self._redraw()
            for i in s.plan:
                seat = seat_of[i]
                reply = json.loads(await self.game.step(s.record_json, seat, i))
                if run != s.run:
                    return  # another review was opened meanwhile: its answer is late
                if isinstance(reply, dict) and "error" in reply:
                    raise ValueError(str(reply["error"]))
                if isinstance(reply, dict):  # whose decision it is, for its words
                    reply["seat"], reply["who"] = seat, names.get(seat, "")
                s.done[i] = reply
                self._redraw()
        except Exception as e:  # a worker error arrives as a JS error
            if run == s.run:
                s.error = str(e)[:MAX_ERROR_CHARS]
                self._redraw()

    def _redraw(self) -> None:
        """Draw again if the dialog is open (a prepared review draws when opened)."""
        if is_open("review"):
            self.render()

    # ---- drawing ---------------------------------------------------------------------

    def dialog(self) -> Any:
        node = by_id("review")
        if not node:
            node = el("dialog", "dialog review-dialog", None, id="review",
                      aria_labelledby="review-title")
            document().body.append(node)
        return node

    def render(self) -> None:
        """Draw the dialog from the state, in the current language."""
        t = self.game.t
        box = self.dialog()
        head = el("div", "dialog-head")
        head.append(el("h2", "review-title", t("review.title"), id="review-title"))
        close = el("button", "btn", t("review.close"), type="button", id="review-close")
        on(close, "click", lambda _e: box.close())
        head.append(close)
        children: list[Any] = [head]
        s = self.state
        if s.error:
            children.append(el("p", "review-error notice", t("review.error", error=s.error),
                               role="alert"))
        if s.game is not None:
            if len(s.people) > 1:  # pass-and-play: whose decisions these are
                names = t("review.sep").join(name for _seat, name in s.people)
                children.append(el("p", "review-people", t("review.people", names=names),
                                   id="review-people"))
            children += [self._progress(), self._costly(), self._step_box()]
        active = document().activeElement
        focus_id = str(active.id) if active and box.contains(active) and active.id else ""
        box.replaceChildren(*children)
        # The focus goes back to its element redrawn, unless that is disabled now
        # (``:disabled``: the step's section, having no ``disabled`` property, never is).
        again = by_id(focus_id) if focus_id else None
        if again and not again.matches(":disabled"):
            again.focus()

    def _progress(self) -> Any:
        t = self.game.t
        total, done = len(self.state.plan), len(self.state.done)
        node = el("div", "review-progress", None, id="review-progress", role="status")
        finished = bool(total) and done == total
        node.setAttribute("data-done", "true" if finished else "false")
        if finished:
            done_key = "review.done_people" if len(self.state.people) > 1 else "review.done"
            node.append(el("span", "", t(done_key, n=total)))
            return node
        said = t("review.progress", done=done, total=total or "…")
        bar = el("progress", "", None, max=max(total, 1), value=done)
        bar.setAttribute("aria-label", said)
        node.append(bar)
        node.append(el("span", "", said))
        return node

    def _costly(self) -> Any:
        t, g, s = self.game.t, self.game, self.state
        box = el("section", "review-costly", None, id="review-costly",
                 aria_labelledby="review-costly-title")
        box.append(el("h3", "", t("review.costly"), id="review-costly-title"))
        ranked = sorted((d for d in s.done.values() if g.is_costly(d)), key=g.cost_key)
        if not ranked:
            if len(s.done) == len(s.plan) and s.plan:
                box.append(el("p", "", t("review.none_costly")))
            return box
        items = el("ol", "costly-list")
        for d in ranked[:SHOWN_COSTLY]:
            step = g.step_of(d)
            b = el("button", "btn costly", None, type="button", data_index=d["index"],
                   data_step=step)
            for part in g.costly_parts(d):
                b.append(part)
            on(b, "click", self._goto(step))
            li = el("li")
            li.append(b)
            items.append(li)
        box.append(items)
        return box

    def _goto(self, step: int) -> Any:
        def go(_event: Any) -> None:
            self.state.step = step
            self.render()
            target = by_id("review-step")
            if target:
                target.focus()

        return go

    def _step_box(self) -> Any:
        t, g, s = self.game.t, self.game, self.state
        last = g.last_step(s.game)
        step = max(0, min(s.step, last))
        box = el("section", "review-step", None, id="review-step", tabindex="-1",
                 data_step=step)
        nav = el("div", "record-nav")
        for key, node_id, target in (("review.prev", "review-prev", step - 1),
                                     ("review.next", "review-next", step + 1)):
            b = el("button", "btn", t(key), type="button", id=node_id)
            b.disabled = not 0 <= target <= last
            on(b, "click", self._goto(target))
            nav.append(b)
        box.append(el("h3", "review-step-title", g.step_title(s.game, step)))
        box.append(nav)
        mine = sorted((d for d in s.done.values() if g.step_of(d) == step),
                      key=lambda d: int(d["index"]))
        for part in g.step_parts(s.game, step, mine):
            box.append(part)
        return box


class WorkerReview(ReviewGame, Protocol):
    """A game's review plug made for the page's computers, judging ``people``."""

    people: People

    @property
    def computers(self) -> Computers | None: ...


W = TypeVar("W", bound=WorkerReview)


class ReviewSlot(Generic[W]):
    """A page's one review dialog and its game's plug (made by ``make`` for the
    page's computers): made when first asked for, made again for other computers,
    forgotten when the page starts afresh (:mod:`cardkit.ui_dom.page_reset`)."""

    def __init__(self, make: Callable[[Computers | None], W]) -> None:
        self.make = make
        self.plug: W | None = None
        self.frame: ReviewFrame | None = None
        on_reset(self.forget)

    def forget(self) -> None:
        self.plug = None
        self.frame = None

    @property
    def computers(self) -> Computers | None:
        """The computers the dialog was made for (none yet: ``None``)."""
        return None if self.plug is None else self.plug.computers

    def frame_for(self, computers: Computers | None, people: People = LONE) -> ReviewFrame:
        """The dialog for ``computers``, judging ``people``'s decisions."""
        if self.frame is None or self.plug is None or self.plug.computers is not computers:
            self.plug = self.make(computers)
            self.frame = ReviewFrame(self.plug)
        self.plug.people = people
        return self.frame


__all__ = ["LONE", "MAX_ERROR_CHARS", "SHOWN_COSTLY", "People", "ReviewFrame", "ReviewGame",
           "ReviewSlot", "ReviewState", "WorkerReview", "said_by"]
