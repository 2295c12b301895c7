"""Add the page's bytecode to the wheel: ``<module>.pyc`` beside every ``<module>.py``.

Without it, Pyodide compiles every module of the page's wheel from source at
each page load, in the main thread and again in the AI worker (measured in the
page: importing ``napoleon.ui_dom.app`` took 0.65-0.85 s from source and
0.21-0.31 s with this bytecode, on the busy 2-core machine). CPython cannot write
bytecode for another Python version, so ``scripts/compile_pyc.mjs`` runs the
site's own Pyodide under Node to compile (with :func:`compile_dir` of this very
file); this module repacks the wheel with the ``.pyc`` files beside the sources
and lists them in its ``RECORD``.

The layout is the one Python's ``zipimport`` reads (``napoleon/cards.pyc``, not
``napoleon/__pycache__/cards.cpython-314.pyc``): the page does not unpack the
wheel, it imports from it (``web/main.py``, ``web/worker.py``).  An installed
wheel is not affected: CPython reads a ``.pyc`` beside a ``.py`` only when the
``.py`` is missing, and this bytecode is for another version anyway.

The bytecode has no docstrings (:func:`strip_docstrings`): nothing the page runs
reads one, and they were a sixth of its bytes.  The asserts stay (the
code is compiled as the page's Python compiles at its own level, not with
``-OO``), and so do the line numbers of a traceback.

Once compiled, the sources go (:func:`drop_sources`): zipimport imports a
``<module>.pyc`` with no ``<module>.py`` beside it, and the wheel crosses the
network before the human's first decision (0.6 of its 2.3 MB were sources).
What is lost is the source line in a traceback (the file and line number stay);
``python -m scripts.build_site --no-bytecode`` builds a wheel of sources for
debugging.  The site build reads the imports it needs
(``scripts/stdlib_first.py``) from the wheel before this step.

The same run of the page's Python also writes ``cardkit/dataclass_code.marshal``:
the code of the methods the wheel's dataclasses create, which the page would
otherwise compile at each import (:mod:`cardkit.dataclass_code`).
"""

from __future__ import annotations

import ast
import base64
import hashlib
import importlib.util
import marshal
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "compile_pyc.mjs"
#: A ``.pyc``'s flags (PEP 552): hash-based, and the hash never checked.
UNCHECKED_HASH = 0b01
#: The dataclasses' code compile_pyc.mjs writes into cardkit/ (cardkit/dataclass_code.py).
DATACLASS_CODE = "dataclass_code.marshal"


class BytecodeError(RuntimeError):
    """The bytecode could not be compiled (no Node, a Pyodide failure)."""


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


def _is_dataclass(node: ast.ClassDef) -> bool:
    """Whether ``node`` is decorated ``@dataclass`` or ``@dataclasses.dataclass(...)``."""
    for decorator in node.decorator_list:
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        name = target.attr if isinstance(target, ast.Attribute) else getattr(target, "id", None)
        if name == "dataclass":
            return True
    return False


def strip_docstrings(tree: ast.Module) -> ast.Module:
    """Remove, in place, the docstring of ``tree``'s module and of each function and
    class in it; return ``tree``.

    A dataclass keeps its own: :mod:`dataclasses` gives a class without one a
    docstring made from its signature (``inspect.signature``), work the page would
    then do at each import.  A body left empty gets a ``pass`` where the docstring
    was, so every other statement keeps its line.
    """
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    for node in ast.walk(tree):
        if not isinstance(node, kinds) or (isinstance(node, ast.ClassDef) and _is_dataclass(node)):
            continue
        first = node.body[0] if node.body else None
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def page_pyc(source: bytes, filename: str) -> bytes:
    """``source`` compiled without its docstrings (:func:`strip_docstrings`) by the
    Python that runs this (under Node, the page's own), as the hash-based unchecked
    ``.pyc`` that ``py_compile`` writes: no file times to compare in an archive.
    ``filename`` is the module's path in the page (its tracebacks name it)."""
    tree = strip_docstrings(ast.parse(source, filename))
    code = compile(tree, filename, "exec", dont_inherit=True)
    # PEP 552's header: the magic number, the flags (hash-based, unchecked), the hash.
    header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH.to_bytes(4, "little")
    return header + importlib.util.source_hash(source) + marshal.dumps(code)


def compile_dir(root: Path, ddir: str) -> int:
    """Write ``<module>.pyc`` beside every ``<module>.py`` under ``root``
    (:func:`page_pyc`), each compiled as the file ``ddir/<its path under root>``;
    return how many."""
    sources = sorted(root.rglob("*.py"))
    for path in sources:
        name = f"{ddir}/{path.relative_to(root).as_posix()}"
        path.with_suffix(".pyc").write_bytes(page_pyc(path.read_bytes(), name))
    return len(sources)


def add_bytecode(wheel: Path, pyodide_dir: Path) -> int:
    """Rewrite ``wheel`` in place with compiled bytecode; returns how many ``.pyc`` it added."""
    node = shutil.which("node")
    if node is None:
        raise BytecodeError("node is not on PATH (it is needed with npm anyway)")
    with tempfile.TemporaryDirectory(prefix="napoleon-pyc-") as tmp:
        unpacked = Path(tmp) / "wheel"
        with zipfile.ZipFile(wheel) as archive:
            infos = archive.infolist()
            archive.extractall(unpacked)
        run = subprocess.run(
            [node, str(SCRIPT), str(pyodide_dir), str(unpacked)],
            capture_output=True,
            text=True,
            check=False,
        )
        if run.returncode != 0:
            raise BytecodeError(f"compile_pyc.mjs failed:\n{run.stdout}{run.stderr}")
        pycs = sorted(unpacked.rglob("*.pyc"))
        if not pycs:
            raise BytecodeError("compile_pyc.mjs wrote no .pyc file")
        table = unpacked / "cardkit" / DATACLASS_CODE
        if not table.is_file():
            raise BytecodeError(f"compile_pyc.mjs wrote no cardkit/{DATACLASS_CODE}")
        _repack(wheel, infos, unpacked, [*pycs, table])
    return len(pycs)


def _repack(
    wheel: Path, infos: list[zipfile.ZipInfo], unpacked: Path, added: list[Path]
) -> None:
    """The original entries in order, the added files (bytecode, the dataclasses'
    code) before the dist-info, RECORD last; each added file dated as the source
    beside it (``x.pyc``: ``x.py``; ``cardkit/dataclass_code.marshal``:
    ``cardkit/dataclass_code.py``)."""
    (record,) = [i for i in infos if i.filename.endswith(".dist-info/RECORD")]
    dist_info = record.filename.rsplit("/", 1)[0] + "/"
    dates = {i.filename: i.date_time for i in infos}
    record_text = (unpacked / record.filename).read_text(encoding="utf-8")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as out:
        for info in infos:
            if info.filename.startswith(dist_info):
                continue
            out.writestr(info, (unpacked / info.filename).read_bytes())
        for path in added:
            name = path.relative_to(unpacked).as_posix()
            pyc = name.endswith(".pyc")
            source = name.removesuffix("c") if pyc else "cardkit/dataclass_code.py"
            data = path.read_bytes()
            entry = zipfile.ZipInfo(name, dates.get(source, (1980, 1, 1, 0, 0, 0)))
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, data)
            record_text += record_line(name, data)
        for info in infos:
            if info.filename.startswith(dist_info) and info is not record:
                out.writestr(info, (unpacked / info.filename).read_bytes())
        out.writestr(record, record_text)


def drop_sources(wheel: Path) -> int:
    """Rewrite ``wheel`` in place without each ``<module>.py`` that has its
    ``<module>.pyc``, and without their ``RECORD`` lines; returns how many sources
    it dropped."""
    with zipfile.ZipFile(wheel) as archive:
        infos = archive.infolist()
        names = {i.filename for i in infos}
        dropped = {n for n in names if n.endswith(".py") and n + "c" in names}
        kept = [(i, archive.read(i)) for i in infos if i.filename not in dropped]
    if not dropped:
        raise BytecodeError("the wheel holds no source beside its bytecode: nothing to drop")
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in kept:
            if info.filename.endswith(".dist-info/RECORD"):
                lines = data.decode("utf-8").splitlines(keepends=True)
                data = "".join(x for x in lines if x.split(",", 1)[0] not in dropped).encode()
            out.writestr(info, data)
    return len(dropped)
