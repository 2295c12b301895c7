"""The shell's review frame (``cardkit.ui_dom.review_frame``) on CPython, with a
toy game plugged in and a small stand-in for the page's DOM: a refused record, the
worker's steps and their progress, the costliest moments first and their jumps, and a
late answer of an older review dropped."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardkit.ui_dom import browser, dialogs, review_frame
from cardkit.ui_dom.review_frame import SHOWN_COSTLY, ReviewFrame
from cardkit.ui_dom.strings_review_frame import STRINGS

#: The elements that have a ``disabled`` property in a browser; any other element's is
#: undefined, which Pyodide reads as an ``AttributeError``.
FORM_CONTROLS = frozenset({"button", "input", "select", "textarea", "fieldset", "option"})


class Node:
    """An element: attributes, children, text, focus and the dialog's ``open``; a form
    control's ``disabled`` (only theirs, as in a browser) and ``matches(":disabled")``."""

    def __init__(self, doc: Doc, tag: str) -> None:
        self.doc, self.tagName = doc, tag
        self.attrs: dict[str, str] = {}
        self.children: list[Node] = []
        self.parent: Node | None = None
        self.className = ""
        self._text = ""
        if tag in FORM_CONTROLS:
            self.disabled = False
        self.open = False
        self.value: Any = None
        self.handlers: dict[str, Callable[[Any], None]] = {}

    @property
    def id(self) -> str:
        return self.attrs.get("id", "")

    @property
    def textContent(self) -> str:
        return self._text + "".join(c.textContent for c in self.children)

    @textContent.setter
    def textContent(self, text: str) -> None:
        self._text, self.children = text, []

    def setAttribute(self, name: str, value: str) -> None:
        self.attrs[name] = value

    def getAttribute(self, name: str) -> str | None:
        return self.attrs.get(name)

    def append(self, child: Node) -> None:
        child.parent = self
        self.children.append(child)

    def replaceChildren(self, *children: Node) -> None:
        self.children = []
        for c in children:
            self.append(c)

    def matches(self, selector: str) -> bool:
        assert selector == ":disabled", selector
        return bool(getattr(self, "disabled", False))

    def walk(self) -> Iterator[Node]:
        yield self
        for c in self.children:
            yield from c.walk()

    def contains(self, other: Node | None) -> bool:
        return any(n is other for n in self.walk())

    def focus(self) -> None:
        self.doc.activeElement = self

    def showModal(self) -> None:
        self.open = True

    def close(self) -> None:
        self.open = False

    def find(self, cls: str) -> list[Node]:
        return [n for n in self.walk() if cls in n.className.split()]

    def click(self) -> None:
        self.handlers["click"](None)


class Doc:
    def __init__(self) -> None:
        self.body = Node(self, "body")
        self.activeElement: Node | None = self.body
        self.documentElement = Node(self, "html")

    def createElement(self, tag: str) -> Node:
        return Node(self, tag)

    def getElementById(self, node_id: str) -> Node | None:
        return next((n for n in self.body.walk() if n.id == node_id), None)


class Window:
    def __init__(self) -> None:
        self.document = Doc()


def stand_in_page(monkeypatch: pytest.MonkeyPatch) -> Doc:
    """A stand-in page the review dialog (and the dialogs it opens) is drawn in: the
    browser's window is the stand-in's and a click handler is kept on its node."""
    window = Window()
    monkeypatch.setattr(browser, "window", lambda: window)

    def on(node: Node, event: str, handler: Callable[[Any], None]) -> None:
        node.handlers[event] = handler

    monkeypatch.setattr(review_frame, "on", on)
    monkeypatch.setattr(dialogs, "on", on)
    return window.document


def english_page(monkeypatch: pytest.MonkeyPatch, i18n: Any) -> Iterator[Doc]:
    """:func:`stand_in_page` with a game's page in English (``i18n``: the game's
    language module), the language the page had restored after."""
    doc = stand_in_page(monkeypatch)
    before = i18n.language()
    i18n.set_language("en")
    yield doc
    i18n.set_language(before)


@pytest.fixture
def doc(monkeypatch: pytest.MonkeyPatch) -> Doc:
    return stand_in_page(monkeypatch)


class Toy:
    """A toy game: its record is ``{"moves": [...]}``, step n is move n, a decision is
    costly when it lost points; the worker's answers come when the test releases them."""

    def __init__(self) -> None:
        self.answers: dict[int, asyncio.Future[str]] = {}
        self.plans = 0

    def t(self, key: str, **fmt: object) -> str:
        return STRINGS[key]["en"].format(**fmt) if key in STRINGS else key

    def load(self, record: str) -> tuple[Any, str]:
        rec = json.loads(record)
        if not isinstance(rec, dict) or not isinstance(rec.get("moves"), list):
            raise ValueError("not a toy record")
        return rec["moves"], json.dumps(rec)

    def last_step(self, game: Any) -> int:
        return len(game) - 1

    def step_of(self, decision: dict[str, Any]) -> int:
        return int(decision["index"])

    def is_costly(self, decision: dict[str, Any]) -> bool:
        return int(decision["lost"]) > 0

    def cost_key(self, decision: dict[str, Any]) -> Any:
        return -int(decision["lost"])

    def costly_parts(self, decision: dict[str, Any]) -> list[Any]:
        return []

    def step_title(self, game: Any, step: int) -> str:
        return f"Move {step + 1}"

    def step_parts(self, game: Any, step: int, decisions: list[dict[str, Any]]) -> list[Any]:
        return []

    async def plan(self, record_json: str, seat: int) -> str:
        """The seat's moves (a record's ``seats``, each move's; by default seat 0's)."""
        self.plans += 1
        rec = json.loads(record_json)
        seats = rec.get("seats") or [0] * len(rec["moves"])
        return json.dumps({"decisions": [i for i, s in enumerate(seats) if s == seat]})

    async def step(self, record_json: str, seat: int, index: int) -> str:
        rec = json.loads(record_json)
        seats = rec.get("seats") or [0] * len(rec["moves"])
        if seats[index] != seat:
            return json.dumps({"error": f"move {index} is not seat {seat}'s"})
        return json.dumps({"index": index, "lost": rec["moves"][index]})


def run(coro_maker: Callable[[], Any]) -> None:
    async def go() -> None:
        coro_maker()
        for _ in range(200):  # let the spawned review run to its end
            await asyncio.sleep(0)

    asyncio.run(go())


def test_a_refused_record_is_an_alert_in_the_dialog_and_asks_the_worker_nothing(
    doc: Doc,
) -> None:
    toy = Toy()
    frame = ReviewFrame(toy)
    run(lambda: frame.open('{"moves": "x"}'))
    dialog = doc.getElementById("review")
    assert dialog is not None and dialog.open
    alert = dialog.find("review-error")
    assert alert and alert[0].attrs["role"] == "alert"
    assert "not a toy record" in alert[0].textContent
    assert toy.plans == 0 and frame.state.game is None
    run(lambda: frame.open("[1, 2"))  # not JSON either: a notice, never a crash
    assert "Cannot review" in dialog.find("review-error")[0].textContent


def test_the_steps_progress_and_the_costliest_first_with_their_jumps(doc: Doc) -> None:
    """Every decision reviewed one call each; the progress says done; the costly ones
    listed costliest first, at most :data:`SHOWN_COSTLY`; a button jumps to its step
    and the step takes the focus; « previous » is disabled on the first step."""
    toy = Toy()
    frame = ReviewFrame(toy)
    moves = [0, 3, 0, 9, 1, 0, 2, 2, 5, 7, 4, 6]
    run(lambda: frame.open({"moves": moves}))
    progress = doc.getElementById("review-progress")
    assert progress is not None and progress.attrs["data-done"] == "true"
    assert progress.attrs["role"] == "status"
    buttons = doc.body.find("costly")
    lost = [moves[int(b.attrs["data-index"])] for b in buttons]
    assert lost == sorted((m for m in moves if m), reverse=True)[:SHOWN_COSTLY]
    buttons[0].click()
    step = doc.getElementById("review-step")
    assert step is not None and step.attrs["data-step"] == "3"
    assert doc.activeElement is step
    prev, nxt = doc.getElementById("review-prev"), doc.getElementById("review-next")
    assert prev is not None and nxt is not None and not prev.disabled and not nxt.disabled
    frame.state.step = 0
    frame.render()
    prev = doc.getElementById("review-prev")
    assert prev is not None and prev.disabled


def test_a_redraw_while_the_step_holds_the_focus_keeps_it_there(doc: Doc) -> None:
    """The worker's next answer redraws the dialog while a jump's step (a section, which
    has no ``disabled`` property) holds the focus: no error, and the redrawn step has
    the focus; a disabled button that had it does not get it back."""
    toy = Toy()
    frame = ReviewFrame(toy)
    run(lambda: frame.open({"moves": [0, 3, 0, 9]}))
    doc.body.find("costly")[0].click()
    frame.render()
    step = doc.getElementById("review-step")
    assert step is not None and doc.activeElement is step
    frame.state.step = 1
    frame.render()
    prev = doc.getElementById("review-prev")
    assert prev is not None
    prev.focus()
    frame.state.step = 0
    frame.render()
    prev = doc.getElementById("review-prev")
    assert prev is not None and prev.disabled and doc.activeElement is not prev


def test_a_late_answer_of_an_older_review_is_dropped(doc: Doc) -> None:
    """A second review opened while the first still computes: the first's answers
    arriving afterwards change nothing."""
    toy = Toy()
    frame = ReviewFrame(toy)
    gate: asyncio.Event | None = None
    slow_step = toy.step

    async def held(record_json: str, seat: int, index: int) -> str:
        assert gate is not None
        if json.loads(record_json)["moves"][0] == 8:  # the first review's game
            await gate.wait()
        return await slow_step(record_json, seat, index)

    toy.step = held  # type: ignore[method-assign]

    async def both() -> None:
        nonlocal gate
        gate = asyncio.Event()
        frame.open({"moves": [8, 8, 8]})
        await asyncio.sleep(0)
        frame.open({"moves": [0, 1]})
        for _ in range(50):
            await asyncio.sleep(0)
        gate.set()
        for _ in range(50):
            await asyncio.sleep(0)

    asyncio.run(both())
    assert sorted(frame.state.done) == [0, 1]
    assert [d["lost"] for d in frame.state.done.values()] == [0, 1]


def test_a_worker_error_is_shown_not_raised(doc: Doc) -> None:
    toy = Toy()

    async def broken(record_json: str, seat: int, index: int) -> str:
        return json.dumps({"error": "the engine refused it"})

    toy.step = broken  # type: ignore[method-assign]
    frame = ReviewFrame(toy)
    run(lambda: frame.open({"moves": [1]}))
    assert "the engine refused it" in doc.body.find("review-error")[0].textContent


def test_a_review_prepared_at_the_games_end_is_not_computed_again_when_opened(
    doc: Doc,
) -> None:
    """``prepare`` computes without opening the dialog; opening the same record later
    shows what was computed (the worker asked once), another record starts afresh."""
    toy = Toy()
    frame = ReviewFrame(toy)
    run(lambda: frame.prepare({"moves": [0, 4]}))
    dialog = doc.getElementById("review")
    assert dialog is None or not dialog.open
    assert toy.plans == 1 and sorted(frame.state.done) == [0, 1]
    run(lambda: frame.open({"moves": [0, 4]}))
    progress = doc.getElementById("review-progress")
    assert progress is not None and progress.attrs["data-done"] == "true"
    assert toy.plans == 1
    run(lambda: frame.open({"moves": [2]}))
    assert toy.plans == 2 and sorted(frame.state.done) == [0]


def test_at_pass_and_play_the_review_judges_every_persons_decisions_under_their_name(
    doc: Doc,
) -> None:
    """Several people at one device (seats 0 and 2; seat 1 a computer): every
    person's decisions are reviewed, in the record's order, each stamped with its seat
    and its person's name; the computer's are not; the dialog names the people."""
    toy = Toy()
    frame = ReviewFrame(toy)
    record = {"moves": [0, 3, 5, 1, 2, 4], "seats": [0, 1, 2, 0, 1, 2]}
    run(lambda: frame.open(record, people=((0, "Aki"), (2, "Ben"))))
    done = frame.state.done
    assert sorted(done) == [0, 2, 3, 5]  # never seat 1's, the computer's
    assert {i: (d["seat"], d["who"]) for i, d in done.items()} == {
        0: (0, "Aki"), 2: (2, "Ben"), 3: (0, "Aki"), 5: (2, "Ben")}
    people = doc.getElementById("review-people")
    assert people is not None and "Aki" in people.textContent and "Ben" in people.textContent
    progress = doc.getElementById("review-progress")
    assert progress is not None and progress.attrs["data-done"] == "true"
    assert "of yours" not in progress.textContent


def test_the_one_player_against_computers_is_reviewed_as_you(doc: Doc) -> None:
    """No people named: seat 0's decisions only, said "You", no names line."""
    toy = Toy()
    frame = ReviewFrame(toy)
    run(lambda: frame.open({"moves": [1, 2, 3], "seats": [0, 1, 0]}))
    assert sorted(frame.state.done) == [0, 2]
    assert all(d["who"] == "" for d in frame.state.done.values())
    assert doc.getElementById("review-people") is None
    said = review_frame.said_by(toy.t, frame.state.done[0], "review.you", "review.person",
                                action="6♠")
    assert said == "You: 6♠"


def test_a_decision_is_said_under_its_persons_name() -> None:
    t = Toy().t
    d = {"index": 4, "seat": 2, "who": "Ben"}
    assert review_frame.said_by(t, d, "review.you", "review.person", action="6♠") == "Ben: 6♠"


def test_the_same_record_for_other_people_is_reviewed_again(doc: Doc) -> None:
    """A prepared review of seat 0 alone is not the review of the table's people."""
    toy = Toy()
    frame = ReviewFrame(toy)
    record = {"moves": [1, 2], "seats": [0, 1]}
    run(lambda: frame.prepare(record))
    assert sorted(frame.state.done) == [0]
    run(lambda: frame.open(record, people=((0, "Aki"), (1, "Ben"))))
    assert sorted(frame.state.done) == [0, 1]
