"""The page's Python restored from the build's memory snapshot (cardkit.snapshot):
which wheel its modules came from, and what a restored page mends (web/README.md,
"How the page boots").  The restore itself, in the site's own Pyodide under Node, is
tests/test_snapshot_build.py."""

from __future__ import annotations

import random
import sys
import types
import zipfile
from pathlib import Path

import pytest

from cardkit import snapshot


def wheel(path: Path, package: str = "pkg", cards: str = "X = 1\n") -> str:
    """A wheel of one package: ``__init__`` and a ``cards`` module holding ``cards``."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(f"{package}/__init__.py", "")
        archive.writestr(f"{package}/cards.py", cards)
    return str(path)


def test_the_stamp_is_the_same_for_the_same_archive_and_differs_with_any_member(
    tmp_path: Path,
) -> None:
    a = wheel(tmp_path / "a.whl")
    same = wheel(tmp_path / "same.whl")
    other = wheel(tmp_path / "other.whl", cards="X = 2\n")
    assert snapshot.wheel_stamp(a) == snapshot.wheel_stamp(same)
    assert snapshot.wheel_stamp(a) != snapshot.wheel_stamp(other)
    assert snapshot.wheel_stamp(a)[0] == Path(a).stat().st_size


@pytest.mark.parametrize("content", [b"", b"not a zip at all", b"PK\x05\x06" + b"\xff" * 18])
def test_a_file_that_is_no_zip_archive_has_no_stamp(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "broken.whl"
    path.write_bytes(content)
    with pytest.raises(snapshot.WheelStampError):
        snapshot.wheel_stamp(str(path))


def test_an_interpreter_not_restored_from_a_snapshot_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(snapshot, "STAMP", None)
    assert not snapshot.restored(wheel(tmp_path / "w.whl"))


def test_a_restored_interpreter_with_its_own_wheel_keeps_its_modules_and_reseeds_random(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = wheel(tmp_path / "w.whl")
    monkeypatch.setattr(snapshot, "STAMP", snapshot.wheel_stamp(path))
    random.seed(7)
    frozen = random.getstate()
    assert snapshot.restored(path)
    # The build's generator state is the same in every page: a new one each time.
    assert random.getstate() != frozen


def test_modules_of_another_wheel_are_forgotten_and_imported_from_the_file_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A browser cache that kept the snapshot of one build and the wheel of the next:
    the snapshot's modules describe another file, so they go, and the page imports
    what the file it has holds."""
    path = tmp_path / "napoleon.whl"
    wheel(path, "snapfake", "BUILD = 'old'\n")
    monkeypatch.setattr(snapshot, "PACKAGES", ("snapfake",))
    monkeypatch.syspath_prepend(str(path))
    import snapfake.cards  # type: ignore[import-not-found]

    assert snapfake.cards.BUILD == "old"
    monkeypatch.setattr(snapshot, "STAMP", snapshot.wheel_stamp(str(path)))
    wheel(path, "snapfake", "BUILD = 'new'\n")  # the page's file
    untouched = types.ModuleType("snapfakeish")
    monkeypatch.setitem(sys.modules, "snapfakeish", untouched)
    assert not snapshot.restored(str(path))
    assert "snapfake" not in sys.modules and "snapfake.cards" not in sys.modules
    assert sys.modules["snapfakeish"] is untouched  # only the wheel's packages go
    import snapfake.cards as again

    assert again.BUILD == "new"
    for name in ("snapfake", "snapfake.cards"):
        sys.modules.pop(name, None)


def test_a_missing_wheel_is_no_match(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(snapshot, "STAMP", (1, "0" * 64))
    monkeypatch.setattr(snapshot, "PACKAGES", ("snapfake",))
    assert not snapshot.restored(str(tmp_path / "gone.whl"))


@pytest.mark.parametrize("restored_from_snapshot", [True, False])
def test_start_installs_the_dataclasses_code_only_in_a_plain_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, restored_from_snapshot: bool
) -> None:
    """web/main.py's and web/worker.py's first step: a restored interpreter has the
    games imported (with that code installed in the build); a plain start installs
    it before importing them."""
    from cardkit import dataclass_code

    path = wheel(tmp_path / "w.whl")
    stamp = snapshot.wheel_stamp(path) if restored_from_snapshot else None
    monkeypatch.setattr(snapshot, "STAMP", stamp)
    installs: list[bool] = []

    def install() -> int:
        installs.append(True)
        return 0

    monkeypatch.setattr(dataclass_code, "install", install)
    assert snapshot.start(path) is restored_from_snapshot
    assert installs == ([] if restored_from_snapshot else [True])
