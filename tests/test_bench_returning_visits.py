"""bench.returning_visits: what it counts as the page's own compilation in a trace."""

from __future__ import annotations

from bench.returning_visits import main_thread_counts


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
