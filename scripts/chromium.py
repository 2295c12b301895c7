"""How Debian's Chromium is launched headless here (e2e tests and benchmarks)."""

from __future__ import annotations

import os

#: Debian's package `chromium`; Playwright's own browser download does not work here.
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
#: Root needs --no-sandbox; the rest keep Chromium from calling Google's hosts,
#: which this network refuses.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # Two pages of one browser connect by WebRTC ("Play with friends"): their host
    # candidates are plain local addresses, not mDNS names nobody here resolves.
    "--disable-features=WebRtcHideLocalIpsWithMdns",
]
