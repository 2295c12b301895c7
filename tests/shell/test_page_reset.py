"""The page started afresh in place (:mod:`cardkit.ui_dom.page_reset`): what stops
with the table — its tasks, its listeners on ``window`` and ``document``, the page
state modules keep — and a table with friends, which is never restarted in place.
That a restarted page reads as a loaded one is checked in the browser
(``e2e/test_page_restart.py``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest

from cardkit.ui_dom import page_reset, tasks
from tests.shell.stand_in import install_document


class Target:
    """An event target that keeps its listeners."""

    def __init__(self) -> None:
        self.listeners: list[tuple[str, Any, bool]] = []

    def addEventListener(self, event: str, listener: Any, capture: bool = False) -> None:
        self.listeners.append((event, listener, capture))

    def removeEventListener(self, event: str, listener: Any, capture: bool = False) -> None:
        self.listeners.remove((event, listener, capture))


@pytest.fixture
def document(monkeypatch: pytest.MonkeyPatch) -> Target:
    doc = Target()
    install_document(monkeypatch, doc)
    monkeypatch.setattr(page_reset, "_held", [])
    monkeypatch.setattr(page_reset, "_listeners", [])
    monkeypatch.setattr(page_reset, "_cancelled", [])
    monkeypatch.setattr(tasks, "_open", [True])  # (a stop closes them: the next test's)
    return doc


def test_a_stopped_page_hears_nothing_on_window_or_document(document: Target) -> None:
    """Rule: a listener taken through ``listen`` is removed when the page stops; one
    its owner removed itself is not removed twice."""
    heard: list[str] = []
    page_reset.listen(document, "keydown", lambda _e: heard.append("key"))
    gone = page_reset.listen(document, "click", lambda _e: heard.append("click"), True)
    document.removeEventListener("click", gone, True)
    page_reset.forget_listener(gone)
    assert [e for e, _, _ in document.listeners] == ["keydown"]
    page_reset.stop()
    assert document.listeners == []


def test_a_stopped_page_runs_no_task_of_its_table(document: Target) -> None:
    """Rule: every task spawned on the page's event loop is cancelled at the stop."""
    ran: list[str] = []

    async def table() -> None:
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        ran.append("a move after the stop")

    async def run() -> None:
        tasks.spawn(table())
        await asyncio.sleep(0)
        page_reset.stop()
        for _ in range(3):
            await asyncio.sleep(0)

    asyncio.run(run())
    assert ran == []
    assert not tasks._tasks
    page_reset.start()


def test_the_stop_is_settled_once_what_the_tasks_do_as_they_end_has_run(
        document: Target) -> None:
    """Rule: ``settle`` returns once the cancelled tasks have ended: a save in a
    ``finally`` happens before the next table's storage is cleared, and a task spawned
    as one ends is cancelled too."""
    said: list[str] = []

    async def late() -> None:
        await asyncio.sleep(0)
        said.append("a task spawned while ending ran")

    async def table() -> None:
        try:
            await asyncio.sleep(3600)
        finally:
            said.append("saved")
            tasks.spawn(late())

    async def run() -> None:
        tasks.spawn(table())
        await asyncio.sleep(0)
        page_reset.stop()
        await page_reset.settle()
        assert said == ["saved"]
        for _ in range(3):
            await asyncio.sleep(0)

    asyncio.run(run())
    assert said == ["saved"]
    assert not tasks._tasks and not page_reset._cancelled
    page_reset.start()
    assert tasks._open == [True]


def test_the_modules_forget_their_page_state(document: Target,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Rule: what a module registered with ``on_reset`` runs at the stop; the modules
    of both games that keep page state between calls registered."""
    forgotten: list[str] = []
    resets: list[Callable[[], None]] = list(page_reset._resets)
    monkeypatch.setattr(page_reset, "_resets", resets)
    page_reset.on_reset(lambda: forgotten.append("mine"))
    import durak.ui_dom.app  # noqa: F401  (both pages' modules, as a page imports them)
    import napoleon.ui_dom.app  # noqa: F401
    from cardkit.ui_dom import dialogs, storage
    from durak.ui_dom.stats import stats_view
    from durak.ui_dom.table import announce as durak_announce
    from durak.ui_dom.table import card_words as durak_words
    from napoleon.ui_dom import announce, i18n, settings

    dialogs._wired.add("settings")
    announce.LOG.mark_said(("old", 1), [0, 1])
    durak_announce.LOG.mark_said(("old", 1), [0])
    durak_words.set_names({1: "Ann"})
    i18n.set_language("en")
    settings.PANEL.redraws.append(lambda: None)
    monkeypatch.setattr(storage, "_page", object())
    stats_view.FRAME._stats = stats_view.FRAME.book.fresh()
    resets[:] = list(page_reset._resets)
    page_reset.stop()
    assert forgotten == ["mine"]
    assert not dialogs._wired
    assert announce.LOG.scope is None and durak_announce.LOG.scope is None
    assert durak_words._names == {}
    assert i18n.language() == i18n.DEFAULT_LANGUAGE
    assert settings.PANEL.redraws == []
    assert storage._page is None
    assert stats_view.FRAME._stats is None  # read again from the cleared storage


def test_a_table_with_friends_is_never_restarted_in_place(document: Target) -> None:
    """Rule: once a table with friends opened its bridge, the page is held: its peers,
    relays and timers live as long as the page."""
    assert page_reset.restartable()
    page_reset.hold("a table with friends")
    page_reset.hold("a table with friends")
    assert not page_reset.restartable()
    assert page_reset._held == ["a table with friends"]
