"""The site build's network part, for "Play with friends" only.

It vendors the npm packages the table with friends loads (Trystero's Nostr
strategy, its core, ``@noble/secp256k1``; ``uqr`` for the link's QR code) into
``site/net/`` as they are, their bare imports (``"@trystero-p2p/core"``) rewritten
to relative paths, so the browser loads them from the site and from no CDN; the
one change is the Nostr strategy's subscriptions, which look back far enough for
devices whose clocks differ (:data:`CLOCK_MARGIN`).
Nothing of it is on a first visit's path: ``web/friends.mjs`` imports them, and
the page imports that only when the player opens "Play with friends".

It also writes the relays the page may reach into the page's
Content-Security-Policy (``connect-src``): the build's list (:data:`RELAYS`, or
the comma-separated ``NAPOLEON_RELAYS``), and nothing else. The published build
names public relays only; the browser tests serve a copy of the built site whose
policy also names the relay they started on a free port (``scripts.build_site.copy_with_relays``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from cardkit.ui_dom.friends_route import HANDSHAKE_TIMED_OUT

#: Public Nostr relays (from Trystero's own list). A relay on this machine
#: (``node e2e/nostr_relay.mjs``) is for tests: a page served by ``make play`` must
#: not default to a relay nobody started, so no local one is in the published list.
RELAYS = (
    "wss://nos.lol",
    "wss://relay.mostr.pub",
    "wss://yabu.me/v2",
    "wss://purplerelay.com",
)
#: What the table with friends loads, beside ``friends.mjs``: npm file → site file.
NET_FILES = {
    "@trystero-p2p/nostr/dist/index.mjs": "net/trystero-nostr.mjs",
    "@noble/secp256k1/index.js": "net/secp256k1.mjs",
    "uqr/dist/index.mjs": "net/uqr.mjs",
}
CORE_DIST = "@trystero-p2p/core/dist"
#: How far apart two devices' clocks may be and still find each other (seconds).
#: Trystero's Nostr strategy subscribes with ``since`` its own clock's now, and a
#: relay matches that against ``created_at``, the publishing device's clock: a
#: device whose clock is behind another's by N seconds goes unheard by it for
#: the first N seconds after it subscribed (a host's page just reloaded, a guest
#: just come), and the strategy announces once a minute after its first second,
#: so the two may never meet. Relays keep the announcements (ephemeral kinds) a
#: few minutes at most, so looking back further replays little: at most a gone
#: peer's announcement, answered by an offer nobody takes, which expires.
CLOCK_MARGIN = 15 * 60
#: The vendored strategy's ``since``, widened by :data:`CLOCK_MARGIN`: each text
#: must be found exactly once (a new Trystero is checked here, not in a browser).
SINCE_PATCHES = (
    ("const now = () => Math.floor(Date.now() / 1e3);\n",
     "const now = () => Math.floor(Date.now() / 1e3);\n"
     "// (the site's build) the lookback that covers other devices' clocks\n"
     f"const clockMargin = {CLOCK_MARGIN};\n"),
    ("\t\t\tsince: now(),\n", "\t\t\tsince: now() - clockMargin,\n"),
    ("\tconst since = now();\n", "\tconst since = now() - clockMargin;\n"),
)
NOSTR = "@trystero-p2p/nostr/dist/index.mjs"
#: Bare imports → the vendored file, relative to the importing file (all in net/).
BARE = {
    "@trystero-p2p/core": "./trystero-core/index.mjs",
    "@noble/secp256k1": "./secp256k1.mjs",
}
LICENSED = ("trystero", "@trystero-p2p/core", "@trystero-p2p/nostr", "@noble/secp256k1", "uqr")
#: Files the service worker does not pre-cache: a visit that never plays with friends
#: downloads none of them, not even once the page is ready. It caches each the first
#: time the page asks for it (web/sw.js), so a page that has opened them once opens
#: them offline too (the exchange of codes needs no relay).
ON_DEMAND = ("friends.mjs", "friends_manual.mjs", "net/")
POLICY_TOKEN = "connect-src 'self'"
#: A static import or re-export at a line's start (not one quoted in a comment).
_IMPORT = re.compile(
    r"""^(\s*(?:import|export)\b[^'"]*?\bfrom\s*)(["'])([^"'./][^"']*)\2""", re.M)
_RELAY = re.compile(r"wss?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~/-]*)?")


class NetBuildError(RuntimeError):
    """A vendored file imports what the site does not hold, or a relay is no URL."""


def is_relay(text: str) -> bool:
    """Whether ``text`` is a relay's URL as the policy may name it (ws:// or wss://)."""
    return _RELAY.fullmatch(text) is not None


def relays() -> tuple[str, ...]:
    given = os.environ.get("NAPOLEON_RELAYS")
    found = RELAYS if not given else tuple(r.strip() for r in given.split(",") if r.strip())
    bad = [r for r in found if not is_relay(r)]
    if bad or not found:
        raise NetBuildError(f"relays must be ws:// or wss:// URLs: {bad or 'none given'}")
    return found


def rewrite(text: str, bare: dict[str, str]) -> str:
    """``text`` with its bare imports made relative and no source-map comment."""

    def one(m: re.Match[str]) -> str:
        name = m.group(3)
        if name not in bare:
            raise NetBuildError(f"a vendored module imports {name!r}, which the site does not hold")
        return f"{m.group(1)}{m.group(2)}{bare[name]}{m.group(2)}"

    text = re.sub(r"^//# sourceMappingURL=.*$", "", text, flags=re.M)
    return _IMPORT.sub(one, text)


def widen_since(text: str) -> str:
    """Trystero's Nostr strategy with its subscriptions' ``since`` looking back
    :data:`CLOCK_MARGIN` seconds (:data:`SINCE_PATCHES`)."""
    for old, new in SINCE_PATCHES:
        if text.count(old) != 1:
            raise NetBuildError(f"Trystero's Nostr strategy no longer holds {old.strip()!r} once:"
                                " its subscriptions' since must be widened anew")
        text = text.replace(old, new)
    if "since: now()," in text or "= now();" in text:
        raise NetBuildError("Trystero's Nostr strategy has a since this build does not widen")
    return text


def check_handshake_words(text: str) -> str:
    """Trystero's handshake module, refused unless its report of a handshake that
    never came says :data:`~cardkit.ui_dom.friends_route.HANDSHAKE_TIMED_OUT` (the
    page makes such a line anew rather than blame the route)."""
    if HANDSHAKE_TIMED_OUT not in text:
        raise NetBuildError(f"Trystero's handshake no longer says {HANDSHAKE_TIMED_OUT!r}:"
                            " the page's redial on a lost handshake must read its words anew")
    return text


def copy_network(node_modules: Path, dest: Path) -> list[Path]:
    """Write ``dest/net/`` from ``node_modules``; return the files written."""
    out = []
    core = node_modules / CORE_DIST
    if not core.is_dir():
        raise NetBuildError(f"missing {core}: run `npm ci` first")
    (dest / "net" / "trystero-core").mkdir(parents=True, exist_ok=True)
    for src in sorted(core.glob("*.mjs")):
        target = dest / "net" / "trystero-core" / src.name
        text = src.read_text("utf-8")
        if src.name == "handshake.mjs":
            check_handshake_words(text)
        target.write_text(rewrite(text, {}), "utf-8")
        out.append(target)
    for name, site_name in NET_FILES.items():
        src = node_modules / name
        if not src.is_file():
            raise NetBuildError(f"missing {src}: run `npm ci` first")
        target = dest / site_name
        text = rewrite(src.read_text("utf-8"), BARE)
        target.write_text(widen_since(text) if name == NOSTR else text, "utf-8")
        out.append(target)
    notices = []
    for package in LICENSED:
        lic = node_modules / package / "LICENSE"
        if lic.is_file():
            notices.append(f"== {package}\n\n{lic.read_text('utf-8')}\n")
    licenses = dest / "net" / "LICENSES.txt"
    licenses.write_text("\n".join(notices), "utf-8")
    out.append(licenses)
    return out


def write_policy(index: Path, allowed: tuple[str, ...]) -> str:
    """Put ``allowed`` after ``connect-src 'self'`` in the page's policy; return it."""
    html = index.read_text("utf-8")
    if html.count(POLICY_TOKEN) != 1:
        raise NetBuildError(f"web/index.html must hold {POLICY_TOKEN!r} exactly once")
    html = html.replace(POLICY_TOKEN, " ".join((POLICY_TOKEN, *allowed)))
    index.write_text(html, "utf-8")
    return html


def on_demand(rel: str) -> bool:
    """Whether the site file ``rel`` (relative path) is left out of the pre-cache."""
    return any(rel == p or (p.endswith("/") and rel.startswith(p)) for p in ON_DEMAND)
