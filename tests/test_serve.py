"""The local server of ``make play`` and the browser tests (``scripts/serve.py``):
the site under its sub-path, each file's bytes whole (sent by the kernel), a
folder without an index listed, a missing file a 404."""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

import pytest

from scripts.serve import SUB_PATH, start_server


def fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as answer:
        body: bytes = answer.read()
        assert answer.headers["Content-Length"] == str(len(body))
        return body


def test_the_site_is_served_whole_under_its_sub_path(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>")
    big = bytes(range(256)) * 40_000  # 10 MB: many socket buffers
    (tmp_path / "snapshot-x.gz").write_bytes(big)
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "a.svg").write_text("<svg/>")
    with start_server(tmp_path) as url:
        assert url.endswith(f"/{SUB_PATH}/")
        assert fetch(url) == b"<!doctype html><title>t</title>"
        assert fetch(url + "snapshot-x.gz") == big
        assert b"a.svg" in fetch(url + "icons/")
        with pytest.raises(urllib.error.HTTPError, match="404"):
            fetch(url + "nothing.js")
