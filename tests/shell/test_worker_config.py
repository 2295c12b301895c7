"""The computers' worker's PyScript config (cardkit/ui_dom/worker.py), made from the
page's, so that the worker asks for nothing it does not use and the console stays
clean (the browser check is e2e/test_clean_console.py)."""

from __future__ import annotations

import pytest

from cardkit.ui_dom.worker import WorkerConfigError, worker_config

PAGE = {
    "name": "Napoleon",
    "interpreter": "./runtime.mjs",
    "files": {"./napoleon-0.1.0-py3-none-any.whl": "./napoleon.whl"},
}


def test_the_worker_says_it_never_touches_the_page() -> None:
    """``sync_main_only``, so PyScript needs no SharedArrayBuffer for it."""
    assert worker_config(PAGE)["sync_main_only"] is True


def test_the_worker_runs_the_pages_interpreter_and_wheel() -> None:
    """Both interpreters import the same napoleon (ARCHITECTURE.md: they load one wheel)."""
    config = worker_config(PAGE)
    assert config["interpreter"] == "./runtime.mjs"
    assert config["files"] == PAGE["files"]
    assert config["files"] is not PAGE["files"]


@pytest.mark.parametrize(
    "page_config",
    [
        "./pyscript.toml",  # a config the page never parsed
        {"files": PAGE["files"]},  # no interpreter
        {**PAGE, "interpreter": 3},
        {**PAGE, "files": ["./napoleon.whl"]},
        {**PAGE, "files": {"./n.whl": 1}},
        {"interpreter": "./runtime.mjs"},  # no wheel
    ],
)
def test_a_page_config_without_interpreter_or_files_is_refused(page_config: object) -> None:
    """Imported data is checked, never coerced: a specific error, not a worker that
    boots without the wheel."""
    with pytest.raises(WorkerConfigError):
        worker_config(page_config)
