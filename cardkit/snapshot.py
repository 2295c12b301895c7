"""The page's Python restored from the build's memory snapshot, and checked.

Starting Python in the page (the interpreter's own start-up, then the modules
the games' first screens import) took more of a visit than anything the games
do.  The build (``scripts/snapshot.py``) does it once, in the site's own Pyodide
under Node: it puts the wheel where the page puts it, calls :func:`prepare`, and
writes Pyodide's whole memory to a file.  The page's runtime module
(``web/runtime.mjs``) restores that memory instead of starting Python, and the
page (``web/main.py``, ``web/worker.py``) then calls :func:`start`.

Two things about a restored interpreter are not as a fresh one's, and
:func:`restored` mends both:

* :mod:`random`'s generator holds the state it had in the build, the same in
  every page: it is seeded again from the system's randomness, so a match
  without ``?seed=`` is a new deal on every visit, as before.
* The modules came from the wheel the build had.  The page writes its own
  wheel before ``main.py`` runs, and normally it is that very file (the build
  names the snapshot after both).  If it is another one (a browser cache that
  kept one file of an earlier build beside the other of a new one), those
  modules, and zipimport's directory of the archive, describe a file that is
  not there: they are forgotten, and the page imports afresh from its file.
"""

from __future__ import annotations

import importlib
import os
import random
import struct
import sys
import zipimport
from collections.abc import Iterable

#: The wheel the snapshot's modules were imported from (:func:`wheel_stamp`);
#: ``None`` in an interpreter that was not prepared (the module imported anew).
STAMP: tuple[int, str] | None = None

#: The packages a wheel of this project holds (what :func:`forget` drops).
PACKAGES = ("cardkit", "napoleon", "durak")

#: The end of central directory record: its signature and fixed size (no comment).
_END_SIGNATURE = b"PK\x05\x06"
_END_SIZE = 22


class WheelStampError(ValueError):
    """The file is not a zip archive whose central directory can be read."""


def wheel_stamp(path: str) -> tuple[int, str]:
    """The archive's size and the SHA-256 of its central directory.

    The central directory lists every member with its CRC-32, sizes and offset,
    so two wheels with any member different have different stamps; reading it
    costs a few kilobytes, not the whole archive.
    """
    import hashlib  # here: a page started without the snapshot never needs it

    with open(path, "rb") as archive:
        size = archive.seek(0, os.SEEK_END)
        tail_size = min(size, _END_SIZE + 0xFFFF)  # the record and the longest comment
        archive.seek(size - tail_size)
        tail = archive.read(tail_size)
        at = tail.rfind(_END_SIGNATURE)
        if at < 0 or len(tail) - at < _END_SIZE:
            raise WheelStampError(f"{path}: no end of central directory record")
        directory_size, directory_offset = struct.unpack_from("<II", tail, at + 12)
        if directory_offset + directory_size > size:
            raise WheelStampError(f"{path}: the central directory lies outside the file")
        archive.seek(directory_offset)
        directory = archive.read(directory_size)
    return size, hashlib.sha256(directory).hexdigest()


def prepare(path: str, modules: Iterable[str]) -> None:
    """The build's side: note which wheel is at ``path``, install the dataclasses'
    compiled code as the page does, and import ``modules`` from it."""
    global STAMP
    STAMP = wheel_stamp(path)
    from cardkit.dataclass_code import install

    install()
    for name in modules:
        importlib.import_module(name)


def restored(path: str) -> bool:
    """The page's side, first thing: ``True`` if this interpreter was restored from
    a snapshot whose modules came from the wheel now at ``path`` (then the random
    generator is seeded afresh); ``False`` otherwise, after forgetting any modules
    of another wheel, so that the caller imports (and installs) from ``path``."""
    if STAMP is None:
        return False
    random.seed()
    try:
        same = wheel_stamp(path) == STAMP
    except (OSError, WheelStampError):
        same = False
    if not same:
        forget(path)
    return same


def start(path: str) -> bool:
    """What the page and the worker do first (``web/main.py``, ``web/worker.py``, with
    the wheel at ``path`` on ``sys.path``): keep a restored interpreter's modules
    (:func:`restored`), or else install the dataclasses' compiled code, so that
    the games' imports that follow read the wheel as in a plain start.  ``True``
    if the interpreter was restored."""
    if restored(path):
        return True
    from cardkit.dataclass_code import install

    install()
    return False


def forget(path: str) -> None:
    """Drop every module of :data:`PACKAGES` and zipimport's knowledge of ``path``
    (its directory of the archive, the path's importer), so that the next import
    reads the file as it is now."""
    for name in [n for n in sys.modules if n.partition(".")[0] in PACKAGES]:
        del sys.modules[name]
    cache = getattr(zipimport, "_zip_directory_cache", None)
    if isinstance(cache, dict):
        cache.pop(path, None)
    sys.path_importer_cache.pop(path, None)
    importlib.invalidate_caches()
