"""No text from outside can become HTML or code in the page.

The CSP cannot stop HTML injection here: PyScript runs any ``<script type="py">``
added to the page, whatever the policy says.  Today every text from a URL, a
save or a record reaches the page through ``textContent``/``setAttribute``;
this test fails if the page's own code (napoleon/ui_dom/, web/*.py, web/*.js,
web/*.html — not the vendored Pyodide/PyScript, which the build copies from
node_modules) ever names one of the sinks that parse HTML or run text as code.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: The sinks, as a pattern: ``eval`` as a word, but not the CSP's ``'unsafe-eval'``.
SINKS = re.compile(
    r"innerHTML|outerHTML|insertAdjacentHTML|document\s*\.\s*write|(?<![\w-])eval\b"
)


def page_code() -> list[Path]:
    files = sorted((ROOT / "napoleon" / "ui_dom").rglob("*.py"))
    for pattern in ("*.py", "*.js", "*.html"):
        files += sorted((ROOT / "web").glob(pattern))
    return files


def test_the_scan_covers_the_page_code() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in page_code()}
    assert {"napoleon/ui_dom/app.py", "napoleon/ui_dom/record_view.py", "web/main.py",
            "web/sw.js", "web/register-sw.js", "web/index.html"} <= names
    assert not any("pyodide" in n or "pyscript/" in n for n in names)


@pytest.mark.parametrize(
    "line",
    [
        "node.innerHTML = text",
        "node.outerHTML=text",
        "el.insertAdjacentHTML('beforeend', t)",
        "document.write(x)",
        "document . write(x)",
        "js.eval(code)",
        "eval(code)",
        "window['eval']",
    ],
)
def test_the_pattern_catches_every_sink(line: str) -> None:
    assert SINKS.search(line)


@pytest.mark.parametrize(
    "line",
    ["script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'", "node.textContent = text",
     "evaluate(x)", "retrieval"],
)
def test_the_pattern_leaves_plain_words_alone(line: str) -> None:
    assert not SINKS.search(line)


@pytest.mark.parametrize("path", page_code(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_no_page_code_parses_html_or_runs_text(path: Path) -> None:
    found = [
        f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if SINKS.search(line)
    ]
    assert found == []
