"""The table with friends' transport on CPython: the link's fragment read without
trust, the relays the page's policy allows, and the build's vendoring of the npm
modules (bare imports made relative, nothing of it pre-cached for offline)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.ui_dom.friends_net import (
    Invite,
    InviteError,
    default_relays,
    invite_fragment,
    is_local,
    read_invite,
    relays_in_policy,
)
from scripts.build_site import copy_with_relays
from scripts.friends_net import (
    CLOCK_MARGIN,
    NOSTR,
    RELAYS,
    NetBuildError,
    check_handshake_words,
    copy_network,
    on_demand,
    rewrite,
    widen_since,
    write_policy,
)
from scripts.offline import site_files, write_service_worker

LOCAL = ("ws://127.0.0.1:7447",)
ROOT = Path(__file__).resolve().parents[2]


def test_an_invitation_round_trips_through_its_fragment() -> None:
    inv = Invite("abcdefghijklmnopqrstuv", "peer01", LOCAL, "秘密 pw")
    assert read_invite(invite_fragment(inv), LOCAL) == inv
    assert read_invite("#game=x", LOCAL) is None


@pytest.mark.parametrize(("fragment", "why"), [
    ("#table=short&host=peer01&relays=ws%3A%2F%2F127.0.0.1%3A7447", "id"),
    ("#table=abcdefghijklmnop&host=p&relays=ws%3A%2F%2F127.0.0.1%3A7447", "host"),
    ("#table=abcdefghijklmnop&host=peer01&relays=wss%3A%2F%2Fevil.example", "may not reach"),
    ("#table=abcdefghijklmnop&host=peer01&relays=javascript%3Aalert(1)", "relays"),
    ("#table=abcdefghijklmnop&host=peer01&relays=ws%3A%2F%2F127.0.0.1%3A7447&x=1", "unknown"),
    ("#table=" + "a" * 3000, "too long"),
])
def test_a_bad_link_is_refused_with_its_reason(fragment: str, why: str) -> None:
    with pytest.raises(InviteError, match=why):
        read_invite(fragment, LOCAL)


def test_the_relays_are_the_policys_and_a_served_page_uses_the_public_ones() -> None:
    policy = "default-src 'self'; connect-src 'self' wss://nos.lol ws://127.0.0.1:7447"
    allowed = relays_in_policy(policy)
    assert allowed == ("wss://nos.lol", "ws://127.0.0.1:7447")
    assert default_relays(allowed, "someone.github.io") == ("wss://nos.lol",)
    assert default_relays(allowed, "127.0.0.1") == LOCAL
    assert relays_in_policy("default-src 'self'") == ()


def test_the_published_build_names_public_relays_only_so_a_local_page_uses_them() -> None:
    """``make play`` serves the published build on 127.0.0.1: with no local relay in
    its policy, its table defaults to the public relays, not to one nobody started."""
    assert RELAYS and not any(is_local(r) for r in RELAYS)
    assert default_relays(RELAYS, "127.0.0.1") == RELAYS


def test_the_tests_copy_of_a_site_names_their_relay_and_leaves_the_site_as_built(
        tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<meta content=\"default-src 'self'; connect-src 'self'; x\">")
    (site / "a.js").write_text("a")
    (site / "pyodide").mkdir()
    (site / "pyodide" / "pyodide.asm.wasm").write_bytes(b"w")
    write_policy(site / "index.html", ("wss://nos.lol",))
    version = write_service_worker(site)
    built = {p: p.read_bytes() for p in site.rglob("*") if p.is_file()}
    copy = copy_with_relays(site, tmp_path / "served", ("ws://127.0.0.1:40123",))
    assert {p: p.read_bytes() for p in site.rglob("*") if p.is_file()} == built
    assert relays_in_policy((copy / "index.html").read_text()) == (
        "ws://127.0.0.1:40123", "wss://nos.lol")
    # Its service worker lists the copy's own index.html: another build version.
    assert version not in (copy / "sw.js").read_text()
    assert (copy / "pyodide" / "pyodide.asm.wasm").samefile(site / "pyodide" / "pyodide.asm.wasm")
    with pytest.raises(NetBuildError, match="ftp://x"):
        copy_with_relays(site, tmp_path / "bad", ("ftp://x",))


def test_bare_imports_become_relative_and_quoted_ones_in_comments_stay() -> None:
    text = ('import { schnorr } from "@noble/secp256k1";\n'
            " * import { sha256 } from '@noble/hashes/sha2.js';\n"
            'import {\n  a,\n  b\n} from "@trystero-p2p/core";\n'
            "//# sourceMappingURL=index.mjs.map\n")
    out = rewrite(text, {"@noble/secp256k1": "./s.mjs", "@trystero-p2p/core": "./c.mjs"})
    assert 'from "./s.mjs"' in out and 'from "./c.mjs"' in out
    assert "'@noble/hashes/sha2.js'" in out and "sourceMappingURL" not in out
    with pytest.raises(NetBuildError, match="@x/y"):
        rewrite('export * from "@x/y";', {})


def test_the_vendored_modules_import_only_files_of_the_site(tmp_path: Path) -> None:
    written = copy_network(ROOT / "node_modules", tmp_path)
    for path in written:
        if path.suffix != ".mjs":
            continue
        for line in path.read_text().splitlines():
            if line.startswith(("import ", "export ")) and " from " in line:
                target = line.rsplit(" from ", 1)[1].strip(' ;"\'')
                assert (path.parent / target).is_file(), (path, target)


def test_devices_whose_clocks_differ_by_minutes_still_hear_each_other_through_a_relay(
        tmp_path: Path) -> None:
    # A relay drops an event whose created_at (its publisher's clock) is before a
    # subscription's since (the subscriber's clock): every since the vendored
    # strategy sends looks back CLOCK_MARGIN, minutes of clocks' difference.
    copy_network(ROOT / "node_modules", tmp_path)
    text = (tmp_path / "net" / "trystero-nostr.mjs").read_text()
    assert CLOCK_MARGIN >= 10 * 60 and f"const clockMargin = {CLOCK_MARGIN};" in text
    assert text.count("since: now() - clockMargin,") == 1
    assert text.count("const since = now() - clockMargin;") == 1
    assert "since: now()," not in text and "since = now();" not in text
    # A Trystero whose code moved on fails the build, not a table with friends.
    with pytest.raises(NetBuildError, match="widened anew"):
        widen_since((ROOT / "node_modules" / NOSTR).read_text().replace(
            "since: now(),", "since: Math.floor(Date.now() / 1e3),"))


def test_a_trystero_whose_handshake_timeout_words_moved_fails_the_build() -> None:
    """The page tells a lost handshake (a guest joins the room again) from a route
    that failed by Trystero's words: the vendored module says them, another fails."""
    words = (ROOT / "node_modules" / "@trystero-p2p/core/dist/handshake.mjs").read_text()
    assert check_handshake_words(words) == words
    with pytest.raises(NetBuildError, match="handshake timed out"):
        check_handshake_words(words.replace("handshake timed out", "handshake took too long"))


def test_the_policy_names_the_relays_and_the_service_worker_leaves_them_out(
        tmp_path: Path) -> None:
    index = tmp_path / "index.html"
    index.write_text("<meta content=\"default-src 'self'; connect-src 'self'; x\">")
    html = write_policy(index, LOCAL)
    assert "connect-src 'self' ws://127.0.0.1:7447;" in html
    (tmp_path / "pyodide").mkdir()
    (tmp_path / "pyodide" / "pyodide.asm.wasm").write_bytes(b"w")
    (tmp_path / "net").mkdir()
    (tmp_path / "net" / "x.mjs").write_text("x")
    (tmp_path / "friends.mjs").write_text("x")
    listed = [url for url, _ in site_files(tmp_path)]
    assert listed == ["./index.html", "./pyodide/pyodide.asm.wasm"]
    assert on_demand("net/trystero-nostr.mjs") and not on_demand("network.js")
