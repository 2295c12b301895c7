"""The offline and publishing layer of the site: the service worker the
build writes (scripts/offline.py), the web app manifest and its icons, the
Content-Security-Policy of the page, and the GitHub Pages workflow.

The service worker caches exactly the files of one build under a name carrying
the build's version, so the version must change whenever any file changes and
the file list must be every file of the site with its hash.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest

from cardkit.ui_dom.browser import MANIFEST_HREF
from scripts.friends_net import RELAYS, on_demand
from scripts.icons import ICON_FILES, png, png_size, render
from scripts.offline import (
    BUILD_TOKEN,
    FILES_TOKEN,
    RUNTIME,
    TEMPLATE,
    OfflineBuildError,
    integrity,
    render_service_worker,
    write_service_worker,
)

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"

#: The policy of web/index.html, directive by directive (the README says why each).
EXPECTED_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'unsafe-eval'", "'wasm-unsafe-eval'"],
    "worker-src": ["'self'", "blob:"],
    # The relays "Play with friends" may reach, and nothing else (scripts/friends_net.py).
    "connect-src": ["'self'", *RELAYS],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
    "form-action": ["'none'"],
}


def sw_build(text: str) -> str:
    match = re.search(r'^const BUILD = "([0-9a-f]+)";$', text, re.M)
    assert match is not None
    return match.group(1)


def sw_files(text: str, name: str = "FILES") -> list[list[str]]:
    match = re.search(rf"^const {name} = (\[.*?\n?\]);$", text, re.M | re.S)
    assert match is not None
    files: list[list[str]] = json.loads(match.group(1).replace(",\n]", "\n]"))
    return files


def sri(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


@pytest.fixture
def small_site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    (site / "pyscript").mkdir(parents=True)
    (site / "pyodide").mkdir()
    (site / "index.html").write_text("<!doctype html><title>t</title>")
    (site / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm\1\0\0\0")
    (site / "style.css").write_text("body { color: black }")
    (site / "pyscript" / "chunk-Ab12.js").write_text("export default 1;")
    (site / ".nojekyll").write_text("")
    (site / "sw.js").write_text("// an earlier build's service worker")
    return site


def test_the_worker_lists_every_file_of_the_site_with_its_hash(small_site: Path) -> None:
    write_service_worker(small_site)
    files = sw_files((small_site / "sw.js").read_text())
    # Not the worker itself (the browser fetches it for updates) nor hidden files.
    assert [url for url, _ in files] == [
        "./index.html",
        "./pyodide/pyodide.asm.wasm",
        "./pyscript/chunk-Ab12.js",
        "./style.css",
    ]
    for url, hashed in files:
        assert hashed == sri((small_site / url[2:]).read_bytes())


def test_the_version_changes_with_any_file_and_only_then(small_site: Path) -> None:
    first = write_service_worker(small_site)
    assert write_service_worker(small_site) == first
    assert sw_build((small_site / "sw.js").read_text()) == first
    (small_site / "pyscript" / "chunk-Ab12.js").write_text("export default 2;")
    second = write_service_worker(small_site)
    assert second != first
    (small_site / "pyscript" / "chunk-Ab12.js").rename(small_site / "pyscript" / "chunk-Cd34.js")
    third = write_service_worker(small_site)
    assert third not in (first, second)


def test_the_cache_name_carries_the_version(small_site: Path) -> None:
    text = TEMPLATE.read_text()
    assert 'const CACHE = PREFIX + BUILD;' in text
    assert 'const PREFIX = "napoleon " + SCOPE_PATH + " ";' in text
    version = write_service_worker(small_site)
    assert f'const BUILD = "{version}";' in (small_site / "sw.js").read_text()


# ---- the caches of one origin shared by several sites (GitHub Pages) ---------------

SW_HARNESS = ROOT / "tests" / "js" / "sw_activate.mjs"
ORIGIN = "https://user.github.io"


def run_worker(
    site: Path,
    path: str,
    event: str,
    caches: Mapping[str, list[str] | dict[str, str]],
    failing: str = "",
) -> dict[str, Any]:
    """What the built worker of ``site``, served at ``ORIGIN + path``, left after
    ``event`` (comma-separated events in turn; run in Node with in-memory caches;
    ``caches`` before: name -> its URLs, or URL -> body):
    ``caches`` (name -> the URLs in it), ``replies`` to the page, ``claimed`` (how
    many times it took charge of the pages), ``fetched``."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not on PATH (the site build needs it too)")
    out = subprocess.run(
        [node, str(SW_HARNESS), str(site / "sw.js"), f"{ORIGIN}{path}sw.js", event,
         json.dumps(caches), failing],
        check=True, capture_output=True, text=True, timeout=60,
    )
    left: dict[str, Any] = json.loads(out.stdout)
    return left


def cache_names_after(site: Path, path: str, event: str, caches: dict[str, list[str]]) -> list[str]:
    return sorted(run_worker(site, path, event, caches)["caches"])


def runtime_cache(site: Path, path: str) -> str:
    """The name of the runtime's own cache for the site at ``path`` (web/sw.js)."""
    return f"napoleon {path} runtime {integrity(site / RUNTIME[2:])}"


def test_a_first_install_caches_only_the_runtime_in_a_cache_named_after_its_hash(
    small_site: Path,
) -> None:
    """A first visit registers the worker as the page starts: its install must be
    light, so it caches the runtime alone (the page's own request for it waits for
    the worker, web/runtime.mjs), in a cache named after the site's path and the
    runtime's hash (the code then outlives deployments that keep the runtime)."""
    write_service_worker(small_site)
    for path in ("/napoleon/", "/fork/", "/"):
        left = run_worker(small_site, path, "install", {})
        assert left["caches"] == {runtime_cache(small_site, path): [f"{ORIGIN}{path}{RUNTIME[2:]}"]}
    assert left["fetched"] == [f"{ORIGIN}/{RUNTIME[2:]}"]


def test_the_page_asking_to_complete_caches_the_rest_and_gets_the_build(small_site: Path) -> None:
    version = write_service_worker(small_site)
    runtime = runtime_cache(small_site, "/napoleon/")
    before = {runtime: [f"{ORIGIN}/napoleon/{RUNTIME[2:]}"]}
    left = run_worker(small_site, "/napoleon/", "complete", before)
    files = sw_files((small_site / "sw.js").read_text())
    site_urls = [f"{ORIGIN}/napoleon/{url[2:]}" for url, _ in files]
    build_urls = sorted(u for u in site_urls if not u.endswith(RUNTIME[2:]))
    assert left["caches"] == {
        f"napoleon /napoleon/ {version}": sorted([*build_urls, f"{ORIGIN}/napoleon/.complete"]),
        runtime: before[runtime],
    }
    assert left["replies"] == [version]
    assert f"{ORIGIN}/napoleon/{RUNTIME[2:]}" not in left["fetched"], "cached already"
    # Asked again (another tab, a later visit): nothing more is fetched.
    again = run_worker(small_site, "/napoleon/", "complete", left["caches"])
    assert again["fetched"] == [] and again["replies"] == [version]


def test_an_update_caches_the_whole_build_before_it_may_take_over(small_site: Path) -> None:
    version = write_service_worker(small_site)
    left = run_worker(small_site, "/napoleon/", "install-update", {})
    assert sorted(left["caches"]) == sorted(
        [f"napoleon /napoleon/ {version}", runtime_cache(small_site, "/napoleon/")]
    )
    assert f"{ORIGIN}/napoleon/.complete" in left["caches"][f"napoleon /napoleon/ {version}"]


def test_a_file_that_fails_leaves_no_half_filled_build_cache(small_site: Path) -> None:
    """All or nothing: the page hears why, and the build's cache is gone (the runtime's,
    checked on its own, stays)."""
    write_service_worker(small_site)
    failing = f"{ORIGIN}/napoleon/style.css"
    left = run_worker(small_site, "/napoleon/", "complete", {}, failing=failing)
    assert list(left["caches"]) == [runtime_cache(small_site, "/napoleon/")]
    assert len(left["replies"]) == 1 and left["replies"][0].startswith("failed: ")
    assert "style.css: HTTP 404" in left["replies"][0]


def test_activation_deletes_only_this_sites_older_caches(small_site: Path) -> None:
    """Another copy of the game on the same origin (a fork at /fork/, a site at the
    root, one nested under our path) keeps its caches; this site's older builds,
    its older runtimes, its handover marker and its caches from before the path was
    in the names (they hold its index.html) are deleted. This build's runtime cache
    stays: it is kept across builds that do not change the runtime."""
    version = write_service_worker(small_site)
    ours = f"{ORIGIN}/napoleon/index.html"
    runtime = runtime_cache(small_site, "/napoleon/")
    before = {
        f"napoleon /napoleon/ {version}": [ours],
        runtime: [],
        "napoleon /napoleon/ runtime sha256-older": [],
        "napoleon /napoleon/ 00000000000000aa": [ours],
        "napoleon /napoleon/ handover": [],
        "napoleon /fork/ 00000000000000bb": [f"{ORIGIN}/fork/index.html"],
        "napoleon /fork/ runtime sha256-older": [],
        "napoleon /napoleon/nested/ 00000000000000cc": [f"{ORIGIN}/napoleon/nested/index.html"],
        "napoleon / 00000000000000dd": [f"{ORIGIN}/index.html"],
        "napoleon-00000000000000ee": [ours],
        "napoleon-00000000000000ff": [f"{ORIGIN}/fork/index.html"],
        "napoleon-handover": [],
        "another-app-v1": [ours],
    }
    left = cache_names_after(small_site, "/napoleon/", "activate", before)
    assert left == sorted(
        set(before)
        - {"napoleon /napoleon/ 00000000000000aa", "napoleon /napoleon/ handover",
           "napoleon /napoleon/ runtime sha256-older", "napoleon-00000000000000ee"}
    )


def test_only_a_first_install_takes_charge_of_the_page_that_registered_it(
    small_site: Path,
) -> None:
    """The first visit's page waits for its worker before it asks for the runtime
    (web/runtime.mjs): the first install's activation claims it. An update never
    does (its pages come to it by the handover, and an open page keeps its build)."""
    write_service_worker(small_site)
    assert run_worker(small_site, "/napoleon/", "install,activate", {})["claimed"] == 1
    assert run_worker(small_site, "/napoleon/", "install-update,activate", {})["claimed"] == 0


# ---- "Play with friends": cached on its first use -------------------------------

FRIENDS = "export const friends = 1;"


@pytest.fixture
def friends_site(small_site: Path) -> Path:
    (small_site / "friends.mjs").write_text(FRIENDS)
    (small_site / "net").mkdir()
    (small_site / "net" / "uqr.mjs").write_text("export const encode = 1;")
    return small_site


def test_play_with_friends_is_listed_apart_and_counts_in_the_version(friends_site: Path) -> None:
    """Not cached up front (a visit that never opens it downloads none of it), but
    listed with its hash; a change to it is a new build (the worker keeps it in the
    build's cache, so a changed one needs a new cache)."""
    first = write_service_worker(friends_site)
    text = (friends_site / "sw.js").read_text()
    assert "./friends.mjs" not in [url for url, _ in sw_files(text)]
    assert sw_files(text, "ON_DEMAND") == [
        ["./friends.mjs", sri(FRIENDS.encode())],
        ["./net/uqr.mjs", sri((friends_site / "net" / "uqr.mjs").read_bytes())],
    ]
    (friends_site / "friends.mjs").write_text(FRIENDS + "\n")
    assert write_service_worker(friends_site) != first


def test_a_friends_file_is_cached_on_first_use_and_then_served_offline(
        friends_site: Path) -> None:
    """The page's first request for it is fetched, checked and kept in the build's
    cache; offline, the next is answered from there. Completing the build fetches
    none of it, and what the page never asked for is never fetched."""
    version = write_service_worker(friends_site)
    friends = f"{ORIGIN}/napoleon/friends.mjs"
    left = run_worker(friends_site, "/napoleon/", "install,activate,complete", {})
    assert not [u for u in left["fetched"] if "friends" in u or "/net/" in u]
    left = run_worker(friends_site, "/napoleon/",
                      "fetch:./friends.mjs,offline,fetch:./friends.mjs", left["caches"])
    assert left["answers"] == [FRIENDS, FRIENDS]
    assert left["fetched"] == [friends], "once, before the network went off"
    assert friends in left["caches"][f"napoleon /napoleon/ {version}"]
    assert not [u for c in left["caches"].values() for u in c if "/net/" in u]


def test_a_friends_file_that_fails_its_hash_is_answered_from_the_network_and_not_kept(
        friends_site: Path) -> None:
    """Another deployment's file (the server changed under this build): the page
    gets it from the network, but the build's cache never holds it."""
    version = write_service_worker(friends_site)
    (friends_site / "friends.mjs").write_text("export const friends = 2;")
    left = run_worker(friends_site, "/napoleon/", "fetch:./friends.mjs", {})
    assert left["answers"] == ["export const friends = 2;"]
    assert not left["caches"].get(f"napoleon /napoleon/ {version}")
    left = run_worker(friends_site, "/napoleon/", "offline,fetch:./friends.mjs", left["caches"])
    assert left["answers"][0].startswith("error: ")


def test_an_update_carries_over_the_friends_files_whose_bytes_are_its_own(
        friends_site: Path) -> None:
    """An older build of this site cached them on first use: the new build copies
    each whose bytes hash to its own recorded hash (still offline after an update
    that did not change it), not one whose bytes differ (fetched again on its next
    use), and never from another site's caches; then the older cache is gone."""
    version = write_service_worker(friends_site)
    older = "napoleon /napoleon/ 00000000000000aa"
    fork = "napoleon /fork/ 00000000000000bb"
    friends, uqr = (f"{ORIGIN}/napoleon/{f}" for f in ("friends.mjs", "net/uqr.mjs"))
    before = {
        older: {friends: FRIENDS, uqr: "export const encode = 0;"},
        fork: {f"{ORIGIN}/fork/net/uqr.mjs": "export const encode = 1;"},
    }
    left = run_worker(friends_site, "/napoleon/", "install-update,activate", before)
    assert older not in left["caches"] and fork in left["caches"]
    ours = left["caches"][f"napoleon /napoleon/ {version}"]
    assert friends in ours and uqr not in ours
    assert not [u for u in left["fetched"] if "friends" in u or "/net/" in u]


def test_a_site_without_index_or_a_broken_template_is_refused(tmp_path: Path) -> None:
    (tmp_path / "style.css").write_text("")
    with pytest.raises(OfflineBuildError, match=r"index\.html"):
        write_service_worker(tmp_path)
    (tmp_path / "index.html").write_text("")
    with pytest.raises(OfflineBuildError, match=r"pyodide/pyodide\.asm\.wasm"):
        write_service_worker(tmp_path)
    with pytest.raises(OfflineBuildError, match="exactly once"):
        render_service_worker("const BUILD = 1;", "abc", [])
    twice = f"{BUILD_TOKEN} {FILES_TOKEN} {FILES_TOKEN}"
    with pytest.raises(OfflineBuildError, match="exactly once"):
        render_service_worker(twice, "abc", [])


def test_the_template_answers_from_its_own_cache_only() -> None:
    """Cache-first from this build's caches (``caches.open(CACHE)``, the runtime's
    own ``RUNTIME_CACHE``; never the global ``caches.match`` that searches every
    cache), older caches deleted on activate."""
    text = TEMPLATE.read_text()
    assert "caches.match(" not in text
    assert "caches.open(CACHE)" in text
    assert "integrity" in text
    kept = r"name\.startsWith\(PREFIX\) && name !== CACHE && name !== RUNTIME_CACHE"
    assert re.search(kept, text)


# ---- the manifest and the icons -------------------------------------------------


def test_the_manifest_makes_the_page_installable_under_a_sub_path() -> None:
    manifest: dict[str, Any] = json.loads((WEB / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"]
    icons = {(i["sizes"], i["purpose"]): i["src"] for i in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _), src in icons.items():
        assert not src.startswith(("/", "http"))
        side = int(sizes.split("x")[0])
        assert png_size((WEB / src).read_bytes()) == (side, side)


def test_the_committed_icons_are_the_drawn_ones() -> None:
    assert sorted(p.name for p in (WEB / "icons").glob("*.png")) == sorted(
        name for name, _, _ in ICON_FILES
    )
    (name, size, maskable) = ICON_FILES[0]
    assert (WEB / "icons" / name).read_bytes() == png(size, render(size, maskable))


def test_a_maskable_icon_is_opaque_to_the_edges_and_the_other_has_round_corners() -> None:
    side = 24
    for maskable in (False, True):
        rows = render(side, maskable)
        stride = 1 + 4 * side
        corner_alpha = rows[1 + 3]
        centre = rows[stride * (side // 2) + 1 + 4 * (side // 2) :][:4]
        assert corner_alpha == (255 if maskable else 0)
        assert centre[3] == 255


# ---- the built site ---------------------------------------------------------------


def test_the_built_worker_precaches_the_whole_site(site: Path) -> None:
    files = sw_files((site / "sw.js").read_text())
    listed = {url[2:] for url, _ in files}
    on_disk = {
        p.relative_to(site).as_posix()
        for p in site.rglob("*")
        if p.is_file() and p.name != "sw.js" and not p.name.startswith(".")
    }
    # "Play with friends" is listed apart: cached on its first use only.
    assert listed == {f for f in on_disk if not on_demand(f)}
    later = sw_files((site / "sw.js").read_text(), "ON_DEMAND")
    assert {url[2:] for url, _ in later} == {f for f in on_disk if on_demand(f)}
    assert {"friends.mjs", "friends_manual.mjs", "net/uqr.mjs"} <= {url[2:] for url, _ in later}
    # What the page and its worker load, every PyScript chunk (loaded lazily) included.
    for needed in (
        "index.html",
        "pyscript.toml",
        "main.py",
        "worker.py",
        "style.css",
        "manifest.webmanifest",
        "register-sw.js",
        "handover.js",
        "icons/icon-maskable-512.png",
        "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip",
        "pyodide/pyodide-lock.json",
    ):
        assert needed in listed, needed
    chunks = {f"pyscript/{p.name}" for p in (site / "pyscript").glob("*.js")}
    assert chunks <= listed
    assert any(re.fullmatch(r"napoleon-[^/]+-py3-none-any\.whl", name) for name in listed)
    assert "@BUILD@" not in (site / "sw.js").read_text()


def test_rebuilding_the_worker_of_a_built_site_is_stable(site: Path, tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(site, copy)
    assert write_service_worker(copy) == sw_build((site / "sw.js").read_text())


def page_policy(html: str) -> dict[str, list[str]]:
    (content,) = re.findall(
        r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', html
    )
    directives = [d.split() for d in content.split(";") if d.strip()]
    return {d[0]: d[1:] for d in directives}


def test_the_page_declares_its_policy_manifest_and_worker(site: Path) -> None:
    html = (site / "index.html").read_text()
    policy = page_policy(html)
    assert policy == EXPECTED_POLICY
    # No inline script or style is allowed, and the page needs none.
    assert all("'unsafe-inline'" not in v for v in policy.values())
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", html) == []
    assert not re.search(r"\son[a-z]+=", html)
    assert " style=" not in html
    # The policy comes before anything it governs.
    assert html.index("Content-Security-Policy") < html.index("<link")
    # The manifest is linked by the page's Python once the table is interactive
    # (cardkit.ui_dom.browser.offer_install), not by the static page.
    assert 'rel="manifest"' not in html and (site / MANIFEST_HREF).is_file()
    assert '<meta name="theme-color"' in html
    assert '<script src="./register-sw.js" defer></script>' in html


# ---- the GitHub Pages workflow --------------------------------------------------


def test_the_pages_workflow_builds_with_the_readme_build_and_deploys() -> None:
    yaml: Any = pytest.importorskip("yaml")
    workflow = yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text())
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    build = workflow["jobs"]["build"]
    assert build["runs-on"] == "ubuntu-latest"
    uses = {s["uses"].split("@")[0]: s for s in build["steps"] if "uses" in s}
    assert uses["actions/setup-python"]["with"]["python-version"] == "3.11"
    assert uses["actions/setup-node"]["with"]["node-version"] == "20"
    assert uses["actions/upload-pages-artifact"]["with"]["path"] == "site"
    commands = [s["run"] for s in build["steps"] if "run" in s]
    assert commands == ["make site"]
    readme = (ROOT / "README.md").read_text()
    assert "make site" in readme
    assert re.search(r"^site:", (ROOT / "Makefile").read_text(), re.M)
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["environment"]["name"] == "github-pages"
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]
