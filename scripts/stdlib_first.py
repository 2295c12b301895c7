"""The site build's first part of the standard library: what the first screen imports.

Pyodide's ``python_stdlib.zip`` is 2.5 MB, all of it fetched before Python starts;
the page's first screen (Pyodide's own start, PyScript's, both games' first screens)
imports about a third of it.  ``scripts/stdlib_first.mjs`` starts the site's own
Pyodide under Node, imports :data:`FIRST_IMPORTS` and lists the files of the
archive those modules came from; this module copies those entries, as they are,
into ``pyodide/python_stdlib_first.zip`` and writes into ``runtime.mjs`` the
names of the modules left out.

A page that starts without its memory snapshot and that no service worker
serves (a first visit over a slow link, web/runtime.mjs) starts Python with that
part; after the human's first decision it fetches the whole archive in the
background, and a module of the rest asked for before it has come is fetched then
(the page waits for it, once): an import never fails for it.  The whole archive
stays what the computers' worker, the service worker and every later visit use.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import zipfile
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "stdlib_first.mjs"
#: The first part, beside the whole archive.
FIRST_NAME = "python_stdlib_first.zip"
#: web/runtime.mjs lists the modules of the rest here; the build fills it in.
REST_TOKEN = "[/* @STDLIB_REST@ */]"
#: What the first screen imports of the wheel (scripts/snapshot.py imports the
#: same, and the computers' code; stdlib_first.mjs adds every module the code of
#: the page's wheel names, which holds only what the page imports:
#: scripts/build_site.py's slim_wheel), and what PyScript's own Python imports
#: (its ``pyscript`` package, which PyScript writes into the page's file system:
#: not in the wheel, so named here; ``import base64,html,io`` and the like in
#: pyscript/core-*.js).
FIRST_IMPORTS = (
    "cardkit.snapshot",
    "napoleon.ui_dom.app",
    "napoleon.ui_dom.persist",
    "napoleon.ui_dom.i18n",
    "durak.ui_dom.app",
    "durak.ui_dom.persist",
    "durak.ui_dom.i18n",
    "hashlib",
    "asyncio",
    "base64",
    "binascii",
    "collections",
    "functools",
    "gzip",
    "html",
    "inspect",
    "io",
    "json",
    "tarfile",
    "zipfile",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.utf_8_sig",
)


class StdlibError(RuntimeError):
    """The first part could not be made (no Node, a Pyodide failure, a broken template)."""


def module_name(entry: str) -> str | None:
    """The module an archive entry holds (``email/mime/text.py`` -> ``email.mime.text``,
    ``json/__init__.py`` -> ``json``), or None for a file that is no module."""
    if not entry.endswith(".py"):
        return None
    parts = entry[: -len(".py")].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts) or None


def first_files(pyodide_dir: Path, wheel: Path) -> list[str]:
    """The archive's entries the first screen's modules came from (Node and Pyodide)."""
    node = shutil.which("node")
    if node is None:
        raise StdlibError("node is not on PATH (it is needed with npm anyway)")
    run = subprocess.run(
        [node, str(SCRIPT), str(pyodide_dir), str(wheel), *FIRST_IMPORTS],
        capture_output=True,
        text=True,
        check=False,
    )
    if run.returncode != 0:
        raise StdlibError(f"stdlib_first.mjs failed:\n{run.stdout}{run.stderr}")
    files = json.loads(run.stdout)
    if not isinstance(files, list) or not all(isinstance(f, str) for f in files) or not files:
        raise StdlibError(f"stdlib_first.mjs printed no list of files: {run.stdout[:200]!r}")
    return files


def write_first_part(stdlib: Path, files: list[str], runtime_module: Path) -> Path:
    """Copy ``files`` of ``stdlib`` into :data:`FIRST_NAME` beside it (entries as they
    are: same compression, same order), and list the rest's modules in ``runtime_module``."""
    template = runtime_module.read_text(encoding="utf-8")
    if template.count(REST_TOKEN) != 1:
        raise StdlibError(f"{runtime_module.name} must hold {REST_TOKEN} exactly once")
    wanted = set(files)
    first = stdlib.with_name(FIRST_NAME)
    rest: list[str] = []
    with zipfile.ZipFile(stdlib) as whole, zipfile.ZipFile(first, "w") as part:
        names = set(whole.namelist())
        missing = sorted(wanted - names)
        if missing:
            raise StdlibError(f"{stdlib.name} holds no {', '.join(missing[:5])}")
        for info in whole.infolist():
            if info.filename in wanted:
                # The entry's own compression and time: the same input, the same file.
                part.writestr(info, whole.read(info), compress_type=info.compress_type)
            else:
                name = module_name(info.filename)
                if name is not None:
                    rest.append(name)
    listing = json.dumps(sorted(rest), separators=(",", ":"))
    runtime_module.write_text(template.replace(REST_TOKEN, listing), encoding="utf-8")
    return first
