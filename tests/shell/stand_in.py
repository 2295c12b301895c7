"""The browser modules a shell test's stand-in page replaces: ``js`` (whose
``document`` is the test's) and ``pyodide.ffi`` (a proxy is the function itself)."""

from __future__ import annotations

import sys
import types

import pytest


def install_document(monkeypatch: pytest.MonkeyPatch, document: object) -> None:
    """Make ``document`` the page's, for as long as the test runs."""
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(document=document))
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda fn: fn  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyodide", types.ModuleType("pyodide"))
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
