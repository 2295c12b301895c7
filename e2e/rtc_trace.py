"""The course of every WebRTC connection of a test's pages, told when the test fails.

A join between two tabs is lost now and then in whole runs of the suite (the
guest is never seated) and never when the test runs alone, and the relay's trace
shows every signalling message crossing. What happened after, on each page, is
what :data:`RTC_TRACE` keeps: an init script (added to the contexts of the tests
with friends, which are lent to no other test) that wraps ``RTCPeerConnection``
and notes, with the time, each connection's descriptions, candidates, state
changes and data channels (their opening, closing, and each message's Trystero
action, such as its handshake's ``@_hsready`` or the page's ``t``, never the
message's payload). :func:`traces` reads every page's notes for the failed
test's report (``e2e/conftest.py``).
"""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import BrowserContext, Error

__all__ = ["RTC_TRACE", "traces"]

#: The init script (``e2e/rtc_trace.js``).
RTC_TRACE = (Path(__file__).parent / "rtc_trace.js").read_text(encoding="utf-8")


def traces(contexts: list[BrowserContext]) -> str:
    """Every open page's notes (:data:`RTC_TRACE`), page by page, or why none came."""
    parts: list[str] = []
    for number, context in enumerate(contexts):
        try:
            pages = list(context.pages)
        except Error as err:  # closed by the test
            parts.append(f"context {number}: {err.message}")
            continue
        for page in pages:
            try:
                notes = page.evaluate("() => window.__rtcTrace ?? null")
            except Error as err:
                parts.append(f"context {number} {page.url}: {err.message}")
                continue
            if notes is None:
                continue
            parts.append(f"context {number} {page.url} (ms):")
            parts.extend(f"  {line}" for line in notes)
    return "\n".join(parts) or "no page traced a connection"
