"""The static site (scripts/build_site.py): offline, relative URLs, the wheel as built.

The product runs from any static server at a root or under a sub-path (GitHub
Pages: /REPO/) with no network but that server: so every URL the page names is
relative, the interpreter is the vendored Pyodide, and the wheel is unpacked
by PyScript from the site itself (no ``packages``: that would need micropip).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import json
import re
import shutil
import subprocess
import tomllib
import zipfile
from email.parser import Parser
from html.parser import HTMLParser
from pathlib import Path

import pytest

from cardkit.ui_dom.worker import worker_config
from scripts.build_site import (
    PACKED_FILES,
    PAGE_SCRIPT,
    PREFETCH_TOKEN,
    PYODIDE_FILES,
    WHEEL_TOKEN,
)
from scripts.shipped_js import SHIPPED
from scripts.stdlib_first import FIRST_NAME, module_name
from tests.test_page_wheel import repository_sources, the_page_modules


class _Urls(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls += [v for k, v in attrs if k in ("src", "href", "config") and v is not None]


def is_relative(url: str) -> bool:
    return url.startswith("data:") or not re.match(r"^([a-z][a-z0-9+.-]*:|/)", url, re.I)


@pytest.mark.parametrize(
    ("url", "relative"),
    [
        ("./core.js", True),
        ("style.css", True),
        ("data:,", True),
        ("/napoleon/core.js", False),
        ("//cdn.example/x.js", False),
        ("https://cdn.example/x.js", False),
    ],
)
def test_the_relative_url_check(url: str, relative: bool) -> None:
    assert is_relative(url) == relative


def test_every_url_in_the_page_is_relative(site: Path) -> None:
    parser = _Urls()
    parser.feed((site / "index.html").read_text(encoding="utf-8"))
    assert "./pyscript/core.js" in parser.urls
    assert [u for u in parser.urls if not is_relative(u)] == []
    css_urls = re.findall(r"url\(([^)]*)\)", (site / "style.css").read_text(encoding="utf-8"))
    assert [u for u in css_urls if not is_relative(u.strip("'\""))] == []


def test_the_config_names_the_vendored_interpreter_and_the_built_wheel(site: Path) -> None:
    config = tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))
    # Pyodide's own module through web/runtime.mjs (Python restored from the build's
    # snapshot; a first visit's runtime request waits for the service worker), for
    # the page and the AI worker alike.
    assert config["interpreter"] == "./runtime.mjs"
    assert "./pyodide/pyodide.mjs" in (site / "runtime.mjs").read_text(encoding="utf-8")
    assert "packages" not in config
    wheels = sorted(p.name for p in site.glob("napoleon-*-py3-none-any.whl"))
    assert len(wheels) == 1
    # Written as it is (not unpacked, "./*"): main.py imports from it (zipimport).
    assert config["files"] == {f"./{wheels[0]}": "./napoleon.whl"}
    # The AI worker's config is made from the page's: the same interpreter and wheel.
    worker = worker_config(config)
    assert (worker["interpreter"], worker["files"]) == (config["interpreter"], config["files"])
    assert WHEEL_TOKEN not in (site / "pyscript.toml").read_text(encoding="utf-8")


def test_runtime_mjs_lists_the_files_the_page_downloads_while_python_starts(site: Path) -> None:
    """On a cold first visit the wheel the page's config names and the page's own
    script, which PyScript asks for only once Python has started, are
    downloaded while it starts (web/runtime.mjs, prefetchFiles); both are in the site."""
    text = (site / "runtime.mjs").read_text(encoding="utf-8")
    assert PREFETCH_TOKEN not in text
    match = re.search(r"^const PREFETCH = (\[.*\]);$", text, re.M)
    assert match is not None, "runtime.mjs lists no files to download early"
    listed = json.loads(match.group(1))
    config = tomllib.loads((site / "pyscript.toml").read_text(encoding="utf-8"))
    assert listed == [*(url.removeprefix("./") for url in config["files"]), PAGE_SCRIPT]
    assert f'src="./{PAGE_SCRIPT}"' in (site / "index.html").read_text(encoding="utf-8")
    assert all((site / name).is_file() for name in listed)


def test_the_site_holds_the_runtime_files_and_no_source_maps(site: Path) -> None:
    # The runtime's WebAssembly, JavaScript and package list also gzip-compressed,
    # for a first visit over a slow link.
    packed = [f"{name}.gz" for name in PACKED_FILES]
    # And the standard library's first part (scripts/stdlib_first.py).
    built = sorted(p.name for p in (site / "pyodide").iterdir())
    assert built == sorted([*PYODIDE_FILES, *packed, FIRST_NAME])
    assert (site / "pyscript" / "core.js").is_file()
    assert list(site.rglob("*.map")) == []


def test_the_wheel_is_pure_and_has_no_runtime_dependencies(site: Path) -> None:
    (wheel,) = site.glob("napoleon-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        (metadata_name,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        metadata = Parser().parsestr(archive.read(metadata_name).decode())
    assert "napoleon/cards.pyc" in names
    assert "durak/game.pyc" in names
    assert all(n.startswith(("napoleon/", "durak/", "cardkit/", "napoleon-")) for n in names)
    assert wheel.name == f"napoleon-{metadata['Version']}-py3-none-any.whl"
    # Only the `dev` extra may require anything: the page has no micropip.
    assert [r for r in metadata.get_all("Requires-Dist", []) if "extra ==" not in r] == []


def test_every_module_ships_unchecked_bytecode_for_the_page_python(site: Path) -> None:
    """scripts/bytecode.py: the page imports compiled modules instead of compiling them,
    from the wheel itself: zipimport reads ``<module>.pyc`` with no ``<module>.py``
    beside it (the sources would be bytes before the first decision that no import
    reads).  Every module of the page's wheel (tests/test_page_wheel.py) has its own."""
    (wheel,) = site.glob("napoleon-*.whl")
    page = the_page_modules()
    modules = sorted(entry for entry in repository_sources() if module_name(entry) in page)
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        assert not [n for n in names if "__pycache__" in n]
        assert [n for n in names if n.endswith(".py")] == []
        for source in modules:
            pyc = source + "c"
            assert pyc in names, pyc
            flags = int.from_bytes(archive.read(pyc)[4:8], "little")
            assert flags == 0b01, f"{pyc}: not a hash-based unchecked pyc"
    assert len(modules) > 100


def test_the_wheel_record_lists_every_file_with_its_hash(site: Path) -> None:
    (wheel,) = site.glob("napoleon-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        (record_name,) = [n for n in archive.namelist() if n.endswith(".dist-info/RECORD")]
        rows = [line.split(",") for line in archive.read(record_name).decode().splitlines()]
        assert sorted(r[0] for r in rows) == sorted(archive.namelist())
        for name, digest, size in rows:
            if name == record_name:
                continue
            data = archive.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            assert (digest, size) == (f"sha256={expected.decode()}", str(len(data))), name


def test_the_loading_bar_knows_the_size_of_each_file_the_first_screen_loads(site: Path) -> None:
    """The loading bar counts down the bytes the first screen needs; the
    build writes each of those files' real size into loading.js (the runtime as its
    compressed copy, the
    standard library, the wheel, the snapshot, PyScript's entry and main chunk)."""
    script = (site / "loading.js").read_text(encoding="utf-8")
    found = re.search(r"const SIZES = (\{.*?\});", script)
    assert found is not None, "loading.js holds no sizes: the build did not fill them in"
    sizes = json.loads(found.group(1))
    # What a first visit over a slow link fetches: the compressed copies, the
    # standard library's first part.
    plain = {f"./pyodide/{name}" for name in PYODIDE_FILES if name not in PACKED_FILES}
    plain = plain - {"./pyodide/python_stdlib.zip"} | {f"./pyodide/{FIRST_NAME}"}
    assert plain | {f"./pyodide/{name}.gz" for name in PACKED_FILES} <= set(sizes)
    assert any(re.fullmatch(r"\./napoleon-[^/]+\.whl", p) for p in sizes)
    assert any(re.fullmatch(r"\./snapshot-[0-9a-f]+\.gz", p) for p in sizes)
    assert any(re.fullmatch(r"\./pyscript/core-[^/]+\.js", p) for p in sizes)
    assert sizes == {p: (site / p).stat().st_size for p in sizes}


@pytest.mark.parametrize("name", PACKED_FILES)
def test_the_runtime_comes_compressed_too_and_decompresses_to_itself(site: Path, name: str) -> None:
    """On a server that compresses nothing, a first visit downloads the
    runtime's WebAssembly, JavaScript and package list gzip-compressed (a third to a
    fifth of their bytes) and decompresses them in the browser; each copy must be
    that very file."""
    runtime = site / "pyodide" / name
    packed = site / "pyodide" / f"{name}.gz"
    assert gzip.decompress(packed.read_bytes()) == runtime.read_bytes()
    assert packed.stat().st_size < runtime.stat().st_size / 2



def test_the_sites_own_scripts_ship_without_comment_lines_and_still_parse(site: Path) -> None:
    """Each of web/'s scripts, the service worker too, is shipped without a line of
    ``//`` comment alone or a blank line outside its template literals (whose lines
    are text and stay: scripts/shipped_js.py), with as many lines of code as its
    source, and still parses (``node --check``)."""
    web = Path(__file__).resolve().parent.parent / "web"
    node = shutil.which("node")
    for name in (*SHIPPED, "sw.js"):
        shipped = (site / name).read_text(encoding="utf-8")
        assert _bare_lines(shipped) == [], name
        if name != "sw.js":  # (its file listing is written in over several lines)
            source = (web / name).read_text(encoding="utf-8")
            assert len(shipped.splitlines()) == len(source.splitlines()) - len(
                _bare_lines(source)), name
        if node is not None:
            flag = ["--input-type=module"] if name.endswith(".mjs") else []
            subprocess.run([node, *flag, "--check"], input=shipped, text=True, check=True,
                           capture_output=True, timeout=60)


def _bare_lines(text: str) -> list[str]:
    """The lines of ``text`` that are blank or a ``//`` comment alone, outside its
    template literals."""
    bare, inside = [], False
    for line in text.splitlines():
        if not inside and (not line.strip() or line.strip().startswith("//")):
            bare.append(line)
            continue
        if len(re.findall(r"(?<!\\)`", line)) % 2:
            inside = not inside
    return bare
