"""The standard library's first part (scripts/stdlib_first.py): what the
first screen imports of python_stdlib.zip, for a first visit over a slow link;
the rest of the archive follows after the human's first decision (web/runtime.mjs,
tests/test_runtime_module.py)."""

from __future__ import annotations

import json
import re
import zipfile
from pathlib import Path

import pytest

from scripts.stdlib_first import FIRST_NAME, REST_TOKEN, StdlibError, module_name, write_first_part


@pytest.mark.parametrize(
    ("entry", "name"),
    [
        ("difflib.py", "difflib"),
        ("json/__init__.py", "json"),
        ("email/mime/text.py", "email.mime.text"),
        ("ctypes/macholib/fetch_macholib", None),
        ("asyncio/", None),
        ("site-packages/README.txt", None),
    ],
)
def test_an_entry_is_named_as_the_module_python_imports(entry: str, name: str | None) -> None:
    assert module_name(entry) == name


def make_stdlib(folder: Path) -> Path:
    stdlib = folder / "python_stdlib.zip"
    with zipfile.ZipFile(stdlib, "w", zipfile.ZIP_DEFLATED) as archive:
        for entry in ("json/__init__.py", "json/decoder.py", "difflib.py", "email/__init__.py"):
            archive.writestr(entry, f"# {entry}\n" * 50)
        archive.writestr("LICENSE.txt", "the licence")
    return stdlib


def test_the_first_part_holds_the_files_named_as_they_are_and_lists_the_rest(
    tmp_path: Path,
) -> None:
    stdlib = make_stdlib(tmp_path)
    runtime = tmp_path / "runtime.mjs"
    runtime.write_text(f"const STDLIB_REST = {REST_TOKEN};\n", encoding="utf-8")
    first = write_first_part(stdlib, ["json/__init__.py", "json/decoder.py"], runtime)
    assert first == tmp_path / FIRST_NAME
    with zipfile.ZipFile(first) as part, zipfile.ZipFile(stdlib) as whole:
        assert part.namelist() == ["json/__init__.py", "json/decoder.py"]
        for name in part.namelist():
            assert part.read(name) == whole.read(name)
            assert part.getinfo(name).date_time == whole.getinfo(name).date_time
    listed = re.search(r"const STDLIB_REST = (\[.*\]);", runtime.read_text(encoding="utf-8"))
    assert listed is not None
    assert json.loads(listed.group(1)) == ["difflib", "email"]


def test_a_file_the_archive_lacks_or_a_template_without_the_token_is_refused(
    tmp_path: Path,
) -> None:
    stdlib = make_stdlib(tmp_path)
    runtime = tmp_path / "runtime.mjs"
    runtime.write_text(f"const STDLIB_REST = {REST_TOKEN};\n", encoding="utf-8")
    with pytest.raises(StdlibError, match=r"holds no nosuch\.py"):
        write_first_part(stdlib, ["nosuch.py"], runtime)
    runtime.write_text("const STDLIB_REST = [];\n", encoding="utf-8")
    with pytest.raises(StdlibError, match="exactly once"):
        write_first_part(stdlib, ["difflib.py"], runtime)


def test_the_built_first_part_is_under_two_fifths_of_the_archive_and_the_rest_is_listed(
    site: Path,
) -> None:
    """The site's first part: entries of the whole archive, what Python's own start
    and the games' first screens import among them, under two fifths of the bytes;
    runtime.mjs lists every module of the rest, and none of the first part."""
    whole = site / "pyodide" / "python_stdlib.zip"
    first = site / "pyodide" / FIRST_NAME
    assert first.stat().st_size < whole.stat().st_size * 0.4
    with zipfile.ZipFile(whole) as archive:
        every = set(archive.namelist())
    with zipfile.ZipFile(first) as archive:
        part = set(archive.namelist())
    assert part < every
    needed = {"encodings/utf_8.py", "json/__init__.py", "random.py", "html/__init__.py"}
    assert needed <= part
    listed = re.search(r"const STDLIB_REST = (\[.*?\]);", (site / "runtime.mjs").read_text("utf-8"))
    assert listed is not None, "runtime.mjs lists no rest: the build did not fill it in"
    rest = set(json.loads(listed.group(1)))
    assert rest == {n for e in every - part if (n := module_name(e)) is not None}
    assert "difflib" in rest and "json" not in rest
