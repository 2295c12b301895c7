"""bench.returning_visits: what it counts as the page's own compilation in a trace."""

from __future__ import annotations

from bench.returning_visits import main_thread_counts, thread_ms
from cardkit.ui_dom.browser import FIRST_DECISION_CLASS


def thread(tid: int, name: str) -> dict[str, object]:
    return {"name": "thread_name", "tid": tid, "args": {"name": name}}


def test_only_the_pages_main_thread_is_counted_not_its_workers() -> None:
    """The AI worker compiles the same runtime on its own thread:
    what a returning visit waits for is the main thread's compilation."""
    events = [thread(1, "CrRendererMain"), thread(7, "DedicatedWorker thread")]
    events += [{"name": "wasm.CompileLazy", "tid": 1}] * 3
    events += [{"name": "wasm.CompileLazy", "tid": 7}] * 13
    events += [{"name": "wasm.Deserialize", "tid": 7}]
    assert main_thread_counts(events) == (3, False)


def test_cached_code_on_the_main_thread_is_reported() -> None:
    events = [thread(1, "CrRendererMain"), {"name": "wasm.Deserialize", "tid": 1}]
    assert main_thread_counts(events) == (0, True)


def test_thread_cpu_is_counted_from_navigation_to_the_first_decision() -> None:
    """``--threads``: each thread kind's CPU in the visit's span, the rest as "other";
    what runs after the human can act is not the visit's cost."""
    names = [
        {"name": "thread_name", "pid": 1, "tid": t, "args": {"name": n}}
        for t, n in ((1, "CrRendererMain"), (2, "ThreadPoolForegroundWorker"), (3, "Compositor"))
    ]

    def task(tid: int, ts: float, cpu_ms: float) -> dict[str, object]:
        timing = {"ts": ts, "dur": 10, "tdur": cpu_ms * 1000}
        return {"name": "RunTask", "ph": "X", "pid": 1, "tid": tid, **timing}

    events = [
        *names,
        {"name": "navigationStart", "ph": "R", "pid": 1, "tid": 1, "ts": 1000},
        task(1, 2000, 30),
        task(2, 3000, 50),
        task(2, 4000, 20),
        task(3, 4000, 5),
        {"name": FIRST_DECISION_CLASS, "ph": "R", "pid": 1, "tid": 1, "ts": 5000},
        task(2, 6000, 400),  # after the decision
    ]
    assert thread_ms(events) == {
        "CrRendererMain": 30,
        "ThreadPoolForegroundWorker": 70,
        "ServiceWorker thread": 0,
        "CrBrowserMain": 0,
        "other": 5,
    }
