"""The dataclasses' methods from the build's table are the ones Python would compile
(:mod:`cardkit.dataclass_code`, the page's code for them, for speed).

Each case runs in a fresh interpreter, so that every module of the games is
imported (and every dataclass created) there: once while recording the table, as
the build does in the page's Python, once with the table installed, as the page
does.  Here both are CPython; the build's table is Pyodide's.
"""

from __future__ import annotations

import dataclasses
import json
import marshal
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.dataclass_code import compiled, install_table

ROOT = Path(__file__).resolve().parent.parent

#: Imports every module of the three packages (the build's list) and prints, per
#: dataclass, a fingerprint of each method dataclasses wrote for it.
IMPORT_ALL = """
import dataclasses, importlib, json, pathlib, re, sys
root = pathlib.Path(".")
modules = sorted(
    ".".join(p.with_suffix("").parts).removesuffix(".__init__")
    for package in ("cardkit", "napoleon", "durak")
    for p in (root / package).rglob("*.py")
    if p.name != "__main__.py"
)
def fingerprint(fn):
    c = fn.__code__
    return [c.co_code.hex(), repr(c.co_consts), c.co_names, c.co_varnames,
            c.co_qualname if hasattr(c, "co_qualname") else c.co_name, c.co_filename,
            addressless(getattr(fn, "__defaults__", None)), addressless(fn.__kwdefaults__)]
def addressless(value):
    # A default that is a function (GameKind's hint) reprs with its address, which
    # differs between two interpreters as soon as they allocate differently.
    return re.sub(r" at 0x[0-9a-f]+", "", repr(value))
def methods():
    out = {}
    for name in modules:
        for cls in vars(importlib.import_module(name)).values():
            if isinstance(cls, type) and dataclasses.is_dataclass(cls) and cls.__module__ == name:
                out[name + "." + cls.__qualname__] = {
                    m: fingerprint(f) for m, f in sorted(vars(cls).items())
                    if hasattr(f, "__code__") and f.__code__.co_filename == "<string>"
                }
    return out
"""

RECORD = IMPORT_ALL + """
from cardkit.dataclass_code import dump, recording
with recording() as table:
    found = methods()
pathlib.Path(sys.argv[1]).write_bytes(dump(table))
print(json.dumps(found))
"""

INSTALLED = IMPORT_ALL + """
from cardkit.dataclass_code import counts, install_table
texts = install_table(pathlib.Path(sys.argv[1]).read_bytes())
found = methods()
print(json.dumps({"texts": texts, "counts": counts, "methods": found}))
"""


def run(script: str, table: Path) -> object:
    done = subprocess.run(
        [sys.executable, "-c", script, str(table)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def recording(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, object]:
    """The table a fresh interpreter records while importing every module, and the
    methods it found: recorded once for the module's tests, which only read it."""
    table = tmp_path_factory.mktemp("dataclass_code") / "dataclass_code.marshal"
    return table, run(RECORD, table)


def test_the_table_gives_every_dataclass_the_methods_compiling_would(
        recording: tuple[Path, object]) -> None:
    table, recorded = recording
    installed = run(INSTALLED, table)
    assert isinstance(recorded, dict) and isinstance(installed, dict)
    assert len(recorded) > 50  # Rules, the actions, the views, the AI's records...
    assert all(recorded.values()), "every dataclass has methods written by dataclasses"
    assert installed["methods"] == recorded
    # every dataclass ran kept code, none was compiled again
    assert installed["counts"]["compiled"] == 0
    assert installed["counts"]["kept"] >= len(recorded)
    assert 0 < installed["texts"] <= installed["counts"]["kept"]  # texts recur across classes


def test_kept_code_is_what_its_text_compiles_to(recording: tuple[Path, object]) -> None:
    table, _recorded = recording
    _version, codes = marshal.loads(table.read_bytes())
    assert codes
    for text, code in codes.items():
        assert marshal.loads(code) == compiled(text)


def test_a_table_of_another_python_or_no_table_is_ignored() -> None:
    other = marshal.dumps(("2.7.18 (another Python)", {"def f(): pass": b""}))
    assert install_table(other) == 0
    assert install_table(b"not a table") == 0
    assert "exec" not in vars(dataclasses)  # dataclasses left as it was


def test_the_source_tree_has_no_table() -> None:
    """Only the build writes one (into the wheel): on CPython the dataclasses
    compile their methods as usual."""
    from cardkit.dataclass_code import FILE, install

    assert not (ROOT / "cardkit" / FILE).exists()
    assert install() == 0
