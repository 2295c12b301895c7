"""Import the games straight from the page's wheel, reading each module once.

The page puts the wheel on ``sys.path`` and Python imports from the archive
(``web/main.py``, ``web/worker.py``).  The standard :class:`zipimport.zipimporter`
reads every module twice: making the module's spec asks the loader for the
module's file name (``get_filename``), which it finds by loading the code
(read from the archive, decompressed, unmarshalled), and running the module
asks for the code again (``get_code``), which does it all a second time.  In
Pyodide under Node that second read was ~13% of the first screen's imports
(``node bench/cold_profile.mjs site --profile``: ``_get_module_code`` called
134 times for 67 modules).  :class:`ReadOnceImporter` keeps the code the first
read produced and hands it to ``get_code``: the same code, file names and
errors, one read.
"""

from __future__ import annotations

import sys
import zipimport
from collections.abc import Callable
from types import CodeType
from typing import Any

#: ``zipimport._get_module_code(importer, fullname) -> (code, ispackage, path)``:
#: what both of the standard loader's methods call.  Private, so looked up,
#: not assumed: without it :class:`ReadOnceImporter` is the standard loader.
_GET_MODULE_CODE: Callable[[Any, str], tuple[CodeType, bool, str]] | None = getattr(
    zipimport, "_get_module_code", None
)


class ReadOnceImporter(zipimport.zipimporter):
    """A :class:`zipimport.zipimporter` that reads each module's code once.

    ``get_filename`` (asked when the spec is made) keeps the code it loaded,
    and ``get_code`` (asked when the module runs) takes it instead of loading
    it again; anything asked in another order falls back to the standard
    methods.
    """

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self._loaded: dict[str, CodeType] = {}

    def get_filename(self, fullname: str) -> str:
        if _GET_MODULE_CODE is None:
            return super().get_filename(fullname)
        code, _, path = _GET_MODULE_CODE(self, fullname)
        self._loaded[fullname] = code
        return path

    def get_code(self, fullname: str) -> CodeType:
        code = self._loaded.pop(fullname, None)
        return super().get_code(fullname) if code is None else code


def import_from_wheel(path: str) -> None:
    """Put the wheel at ``path`` first on ``sys.path``, every module in it read
    by :class:`ReadOnceImporter`.

    A package's modules are found through the package's own path entry
    (``<wheel>/napoleon``), which Python's path finder turns into an importer
    with ``sys.path_hooks``: a hook for every entry inside the wheel comes
    first, and the entries already cached (the packages imported before this,
    e.g. ``cardkit`` for this module) get a :class:`ReadOnceImporter` too.
    Modules already imported keep their loader.
    """
    inside = path.rstrip("/") + "/"

    def hook(entry: str) -> ReadOnceImporter:
        if entry == path or entry.startswith(inside):
            return ReadOnceImporter(entry)
        raise ImportError(f"not inside {path}")

    if path not in sys.path:
        sys.path.insert(0, path)
    sys.path_hooks.insert(0, hook)
    for entry in [path, *(e for e in sys.path_importer_cache if e.startswith(inside))]:
        sys.path_importer_cache[entry] = ReadOnceImporter(entry)
