"""Build the static site: the napoleon wheel, the page files and the vendored runtimes.

The result is a folder that any static file server can host, at the root or under
a sub-path (GitHub Pages serves ``https://USER.github.io/REPO/``): every URL in it
is relative and nothing is fetched from a CDN.

    site/
      index.html, style.css, main.py     copied from web/
      loading.js                         with the sizes of what the first screen loads
      pyscript.toml (and any web/*.toml, e.g. a worker's config)
                                         with the wheel's file name in place of @WHEEL@
      napoleon-<version>-py3-none-any.whl  the page's wheel: only the modules the page
                                         imports (:func:`slim_wheel`), as bytecode for
                                         the page's Python in place of the sources
                                         (scripts/bytecode.py)
      snapshot-<hash>.gz                 the page's Python, started and imported at build
                                         time (scripts/snapshot.py), named in runtime.mjs
      runtime.mjs                        with the snapshot's name and the files the page
                                         downloads while Python starts (the wheel, main.py)
      pyodide/                           the five files a page needs from the npm package pyodide,
                                         the runtime's WebAssembly, JavaScript and package list
                                         gzip-compressed, and the standard library's first part
                                         (scripts/stdlib_first.py)
      pyscript/                          dist/ of the npm package @pyscript/core, without .map files
      friends.mjs, friends_manual.mjs,   "Play with friends" only, loaded when opened
      net/
                                         (scripts/friends_net.py)

The site's own scripts (runtime.mjs, loading.js, sw.js, …) are shipped without
their comment lines and blank lines (scripts/shipped_js.py).

Run ``python3 -m scripts.build_site [DEST]`` from the project root (``make site``).
It needs hatchling (to build the wheel), Node and ``node_modules/`` (``npm ci``).

The page's wheel is not the package a developer installs: hatchling builds the
whole package (``pip install -e .`` and ``pip install .`` keep the command lines
and the READMEs; the lab, ``lab/``, is no part of it), and :func:`slim_wheel` then leaves out of
the page's copy every module that no import reachable from the page's two scripts
(``web/main.py``, ``web/worker.py``) names, the packages' READMEs and typing
markers, and the long description of its METADATA: bytes a first visit would
download and never run.
"""

from __future__ import annotations

import argparse
import ast
import concurrent.futures
import gzip
import json
import os
import shutil
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from scripts.bytecode import BytecodeError, add_bytecode, drop_sources, record_line
from scripts.friends_net import NetBuildError, copy_network, is_relay, relays, write_policy
from scripts.offline import write_service_worker
from scripts.shipped_js import ShippedScriptError, ship_scripts
from scripts.snapshot import IMPORTS, RUNTIME_MODULE, SnapshotError, make_snapshot
from scripts.stdlib_first import (
    FIRST_IMPORTS,
    FIRST_NAME,
    StdlibError,
    first_files,
    module_name,
    write_first_part,
)

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
DEFAULT_DEST = ROOT / "site"

#: What the page needs from the pyodide npm package (it also ships .d.ts, .map, consoles).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: web/*.toml name the wheel with this token; the build puts the real file name.
WHEEL_TOKEN = "@WHEEL@"
#: web/loading.js lists what the first screen loads, and its sizes, here.
SIZES_TOKEN = "{/* @SIZES@ */}"
#: web/runtime.mjs lists here the files the page downloads while Python starts.
PREFETCH_TOKEN = "[/* @PREFETCH@ */]"
#: The page's Python entry point (web/index.html's ``<script type="py">``).
PAGE_SCRIPT = "main.py"
#: The loading bar's files beside the wheel, the snapshot and PyScript's main chunk
#: (``pyscript/core-<hash>.js``): what the first screen fetches before Python runs.
FIRST_SCREEN_FILES = (*(f"pyodide/{name}" for name in PYODIDE_FILES), "pyscript/core.js")


class SiteBuildError(RuntimeError):
    """The site cannot be built (a missing runtime file, a broken template)."""


def build_wheel(outdir: Path) -> Path:
    """Build the napoleon wheel into ``outdir`` through hatchling's PEP 517 hook."""
    try:
        from hatchling.build import build_wheel as hatch_build_wheel
    except ImportError as err:  # pragma: no cover - depends on the machine
        raise SiteBuildError(
            "hatchling is not installed: run `python3 -m pip install hatchling` (or `make site`)"
        ) from err
    cwd = Path.cwd()
    os.chdir(ROOT)
    try:
        name = hatch_build_wheel(str(outdir))
    finally:
        os.chdir(cwd)
    return outdir / name


#: The page's two Python scripts in web/: PyScript runs main.py in the page and
#: worker.py in the computers' worker; the page imports nothing of the wheel but
#: what these import, directly or through the modules they import.
PAGE_SCRIPTS = ("main.py", "worker.py")
#: What the build imports by name in the page's Python (the memory snapshot's
#: modules, the standard library's first part's): the page's modules too.
PAGE_MODULES = (*IMPORTS, *FIRST_IMPORTS)
#: What a game registered on the page may import that no module of the page does: the
#: family's kit for a game of a kind of its own (its engine and records from its
#: classes). In the wheel, not in the memory snapshot: nothing imports it at the start.
GAME_KIT = ("durak.family.own_kind",)
#: The modules the page's wheel keeps besides what its scripts import.
WHEEL_MODULES = (*PAGE_MODULES, *GAME_KIT)
#: The packages' files no import reads (the READMEs, the typing marker): not in the
#: page's wheel.
UNREAD_SUFFIXES = (".md", "/py.typed")


def imported_names(source: str | bytes, module: str, *, package: bool, known: set[str]) -> set[str]:
    """The modules of ``known`` that the code of ``module`` (a package's ``__init__``
    if ``package``) may import.

    Every ``import`` and ``from ... import`` anywhere in it, in a function too (the
    page imports much on first use), relative ones resolved, a ``from`` form's names
    taken as submodules; and every string constant that names a module, absolutely
    or within the module's own package: the page imports some modules by name
    (``importlib.import_module``), e.g. the string modules each game's translator
    lists (``"strings_table"``) and the games ``web/main.py`` opens.
    """
    home = module if package else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = home.split(".")
                anchor = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{anchor}.{base}" if base else anchor
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.update((node.value, f"{home}.{node.value}"))
    return found & known


def _parents(name: str) -> Iterator[str]:
    """``a.b.c`` -> ``a``, ``a.b``, ``a.b.c``: importing a module imports each package above it."""
    parts = name.split(".")
    for end in range(1, len(parts) + 1):
        yield ".".join(parts[:end])


def page_modules(
    sources: Mapping[str, str | bytes], scripts: Iterable[str | bytes], names: Iterable[str] = ()
) -> set[str]:
    """The modules among ``sources`` (a wheel's entries: ``napoleon/ai/levels.py`` ->
    its code) that the ``scripts`` and the modules ``names`` import, directly or
    through one another (:func:`imported_names`)."""
    by_module = {module_name(entry): entry for entry in sources}
    known = {name for name in by_module if name is not None}
    todo = [*names]
    for script in scripts:
        todo += imported_names(script, "__main__", package=False, known=known)
    reached: set[str] = set()
    while todo:
        for name in _parents(todo.pop()):
            entry = by_module.get(name)
            if entry is None or name in reached:
                continue
            reached.add(name)
            package = entry.endswith("/__init__.py")
            todo += imported_names(sources[entry], name, package=package, known=known)
    return reached


def short_metadata(metadata: bytes) -> bytes:
    """A wheel's METADATA without its long description (the message body, the
    project's README) and that description's content type; the one-line
    ``Summary`` and every other field stay."""
    head = metadata.decode("utf-8").replace("\r\n", "\n").split("\n\n", 1)[0]
    fields = [f for f in head.splitlines() if not f.startswith("Description-Content-Type:")]
    return ("\n".join(fields) + "\n").encode("utf-8")


def left_out(names: Iterable[str], keep: set[str]) -> list[str]:
    """The entries of a wheel (``names``) the page's copy leaves out: each module not in
    ``keep`` (:func:`page_modules`) and each package file no import reads."""
    out = []
    for name in names:
        if ".dist-info/" in name:
            continue
        module = module_name(name)
        if (module is not None and module not in keep) or name.endswith(UNREAD_SUFFIXES):
            out.append(name)
    return out


def slim_wheel(
    wheel: Path, scripts: Iterable[str | bytes], names: Iterable[str] = WHEEL_MODULES
) -> list[str]:
    """Rewrite ``wheel`` in place as the page's: only the modules :func:`page_modules`
    reaches from ``scripts`` and ``names``, no README or typing marker, the METADATA
    without its long description (:func:`short_metadata`), a RECORD of what is left;
    return the entries left out."""
    with zipfile.ZipFile(wheel) as archive:
        infos = archive.infolist()
        data = {info.filename: archive.read(info) for info in infos}
    sources = {n: d for n, d in data.items() if n.endswith(".py") and ".dist-info/" not in n}
    keep = page_modules(sources, scripts, names)
    if not keep:
        raise SiteBuildError("the page's scripts import no module of the wheel")
    dropped = set(left_out(data, keep))
    (record,) = [i for i in infos if i.filename.endswith(".dist-info/RECORD")]
    lines = []
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as out:
        for info in infos:
            if info.filename in dropped or info is record:
                continue
            body = data[info.filename]
            if info.filename.endswith(".dist-info/METADATA"):
                body = short_metadata(body)
            out.writestr(info, body)
            lines.append(record_line(info.filename, body))
        out.writestr(record, "".join(lines) + f"{record.filename},,\n")
    return sorted(dropped)


def _copy_runtimes(dest: Path) -> None:
    pyodide_src = NODE_MODULES / "pyodide"
    pyscript_src = NODE_MODULES / "@pyscript" / "core" / "dist"
    missing = [str(p) for p in (pyodide_src, pyscript_src) if not p.is_dir()]
    if missing:
        raise SiteBuildError(f"missing {', '.join(missing)}: run `npm ci` first")
    (dest / "pyodide").mkdir()
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide_src / name, dest / "pyodide" / name)
    shutil.copytree(pyscript_src, dest / "pyscript", ignore=shutil.ignore_patterns("*.map"))


#: The runtime's files a first visit downloads gzip-compressed (web/runtime.mjs) and
#: the browser decompresses (DecompressionStream), on a server that compresses
#: nothing: the WebAssembly (a third of its bytes; also web/sw.js), the JavaScript
#: (a fifth) and the package list (a fifth).
PACKED_FILES = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide-lock.json")


def pack_runtime(dest: Path) -> list[Path]:
    """Write ``pyodide/<name>.gz`` beside each of :data:`PACKED_FILES`."""
    packed = []
    for name in PACKED_FILES:
        plain = dest / "pyodide" / name
        copy = plain.with_name(name + ".gz")
        # mtime=0: the same runtime gives the same file, byte for byte.
        copy.write_bytes(gzip.compress(plain.read_bytes(), compresslevel=9, mtime=0))
        packed.append(copy)
    return packed


def _write_configs(dest: Path, wheel_name: str) -> None:
    """Copy every ``web/*.toml`` (PyScript configs) with the wheel's name filled in.

    The computers' worker takes the page's config (cardkit/ui_dom/worker.py), so
    both interpreters import the same ``napoleon``.
    """
    main_config = (WEB / "pyscript.toml").read_text(encoding="utf-8")
    if main_config.count(WHEEL_TOKEN) != 1:
        raise SiteBuildError(f"web/pyscript.toml must name the wheel as {WHEEL_TOKEN} exactly once")
    for config in sorted(WEB.glob("*.toml")):
        text = config.read_text(encoding="utf-8")
        (dest / config.name).write_text(text.replace(WHEEL_TOKEN, wheel_name), "utf-8")


def write_prefetch(dest: Path, wheel_name: str) -> list[str]:
    """Write into ``dest/runtime.mjs`` the files the page downloads while Python
    starts (PyScript asks for them only once it has: the wheel, then
    :data:`PAGE_SCRIPT`); return their names."""
    runtime = dest / RUNTIME_MODULE
    template = runtime.read_text(encoding="utf-8")
    if template.count(PREFETCH_TOKEN) != 1:
        raise SiteBuildError(f"web/{RUNTIME_MODULE} must hold {PREFETCH_TOKEN} exactly once")
    names = [wheel_name, PAGE_SCRIPT]
    missing = [name for name in names if not (dest / name).is_file()]
    if missing:
        raise SiteBuildError(f"the page's files are missing from the site: {', '.join(missing)}")
    runtime.write_text(template.replace(PREFETCH_TOKEN, json.dumps(names)), encoding="utf-8")
    return names


def site_under_test(scratch: Path) -> Path:
    """The site the tests check: the folder ``NAPOLEON_TEST_SITE`` names (``make test``
    sets it to site/, the very folder that gets published), else a fresh build of the
    current source into ``scratch/site``."""
    given = os.environ.get("NAPOLEON_TEST_SITE")
    if given:
        return Path(given).resolve()
    dest = scratch / "site"
    build_site(dest)
    return dest


def copy_with_relays(site: Path, dest: Path, extra: tuple[str, ...]) -> Path:
    """A copy of the built ``site`` in ``dest`` whose policy also allows ``extra``
    (the tests' local relay, on the port it was given), its service worker's list
    hashed anew. Every other file is a hard link (a copy across file systems): the
    two files rewritten are unlinked first, so ``site`` itself is never touched."""
    bad = [r for r in extra if not is_relay(r)]
    if bad:
        raise NetBuildError(f"relays must be ws:// or wss:// URLs: {bad}")

    def link(src: str, dst: str) -> None:
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)

    shutil.copytree(site, dest, copy_function=link)
    for name in ("index.html", "sw.js"):
        text = (dest / name).read_bytes()
        (dest / name).unlink()
        (dest / name).write_bytes(text)
    write_policy(dest / "index.html", extra)
    write_service_worker(dest)
    return dest


def build_site(dest: Path = DEFAULT_DEST, *, bytecode: bool = True, snapshot: bool = True) -> Path:
    """Build the whole site into ``dest`` (replaced if it exists) and return the wheel's path.

    ``bytecode=False`` leaves the page's wheel with its sources only;
    ``snapshot=False`` makes no memory snapshot (the page starts Python itself).
    """
    dest = dest.resolve()
    with tempfile.TemporaryDirectory(prefix="napoleon-wheel-") as tmp, \
            concurrent.futures.ThreadPoolExecutor(1) as beside:
        # The page's wheel with its sources, which the standard library's first part
        # is read from (scripts/stdlib_first.mjs scans the sources' imports): read by
        # a second Node beside the bytecode's (two cores: the build's longest steps
        # overlap), from its own copy, as the wheel gets its bytecode.
        wheel = build_wheel(Path(tmp))
        slim_wheel(wheel, [(WEB / name).read_bytes() for name in PAGE_SCRIPTS])
        (Path(tmp) / "sources").mkdir()
        sources = Path(shutil.copy2(wheel, Path(tmp) / "sources" / wheel.name))
        first = beside.submit(first_files, NODE_MODULES / "pyodide", sources)
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(WEB, dest, ignore=shutil.ignore_patterns("*.toml", "__pycache__"))
        if bytecode:
            try:
                add_bytecode(wheel, NODE_MODULES / "pyodide")
                shutil.copy2(wheel, dest / wheel.name)
                drop_sources(dest / wheel.name)
            except BytecodeError as err:
                raise SiteBuildError(str(err)) from err
        else:
            shutil.copy2(wheel, dest / wheel.name)
        return _build_rest(dest, wheel, snapshot, first)


def _build_rest(dest: Path, sources: Path, snapshot: bool,
                first: concurrent.futures.Future[list[str]]) -> Path:
    """The site around its wheel ``dest/<sources.name>``; ``first``: the files of the
    standard library the first screen imports (:func:`scripts.stdlib_first.first_files`
    of the same wheel with its sources), being read."""
    wheel = dest / sources.name
    _copy_runtimes(dest)
    try:  # "Play with friends": its modules and the relays the policy allows
        copy_network(NODE_MODULES, dest)
        write_policy(dest / "index.html", relays())
    except NetBuildError as err:
        raise SiteBuildError(str(err)) from err
    pack_runtime(dest)
    _write_configs(dest, wheel.name)
    write_prefetch(dest, wheel.name)
    if snapshot:
        try:
            make_snapshot(dest, wheel, dest / "pyodide")
        except SnapshotError as err:
            raise SiteBuildError(str(err)) from err
    try:
        write_first_part(dest / "pyodide" / "python_stdlib.zip", first.result(),
                         dest / RUNTIME_MODULE)
    except StdlibError as err:
        raise SiteBuildError(str(err)) from err
    write_loading_sizes(dest, wheel.name)
    try:  # once every template of web/ is filled in (loading.js last)
        ship_scripts(dest)
    except ShippedScriptError as err:
        raise SiteBuildError(str(err)) from err
    write_service_worker(dest)  # last: it lists and hashes every file of the site
    return wheel


def write_loading_sizes(dest: Path, wheel_name: str) -> dict[str, int]:
    """Write into ``dest/loading.js`` the size of each file the first screen loads
    (:data:`FIRST_SCREEN_FILES`, the wheel, PyScript's main chunk, the snapshot if
    there is one), which its loading bar counts down; return them (``./path`` -> bytes)."""
    script = dest / "loading.js"
    template = script.read_text(encoding="utf-8")
    if template.count(SIZES_TOKEN) != 1:
        raise SiteBuildError(f"web/loading.js must hold {SIZES_TOKEN} exactly once")
    found = [*dest.glob("snapshot-*.gz"), *dest.glob("pyscript/core-*.js")]
    names = [*FIRST_SCREEN_FILES, wheel_name, *(p.relative_to(dest).as_posix() for p in found)]
    # What crosses the network on a first visit: the runtime's compressed copies, when
    # there are, and the standard library's first part (scripts/stdlib_first.py).
    names = [n + ".gz" if (dest / f"{n}.gz").is_file() else n for n in names]
    first = f"pyodide/{FIRST_NAME}"
    if (dest / first).is_file():
        names = [first if n == "pyodide/python_stdlib.zip" else n for n in names]
    sizes = {f"./{name}": (dest / name).stat().st_size for name in names}
    script.write_text(template.replace(SIZES_TOKEN, json.dumps(sizes)), encoding="utf-8")
    return sizes


def site_size(dest: Path) -> tuple[int, int]:
    """(number of files, total bytes) under ``dest``."""
    files = [p for p in dest.rglob("*") if p.is_file()]
    return len(files), sum(p.stat().st_size for p in files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("dest", nargs="?", type=Path, default=DEFAULT_DEST)
    parser.add_argument(
        "--no-bytecode", action="store_true", help="ship sources only (Pyodide compiles at load)"
    )
    parser.add_argument(
        "--no-snapshot", action="store_true", help="no memory snapshot (Python starts in the page)"
    )
    args = parser.parse_args(argv)
    try:
        wheel = build_site(args.dest, bytecode=not args.no_bytecode, snapshot=not args.no_snapshot)
    except SiteBuildError as err:
        print(f"site build failed: {err}", file=sys.stderr)
        return 1
    count, size = site_size(wheel.parent)
    print(f"built {wheel.parent} ({count} files, {size / 1e6:.1f} MB) with {wheel.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
