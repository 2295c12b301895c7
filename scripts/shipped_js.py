"""The site's own scripts as they are shipped: without their comment lines.

The scripts in ``web/`` explain themselves at length (in places a line of comment
for every line of code), and a first visit downloads them before the first
decision: ``runtime.mjs`` alone held 12 kB of comment lines and blank lines in
38 kB. The site's copy of each (:data:`SHIPPED`, and the service worker as it is
written) leaves out every line that holds nothing but a ``//`` comment and every
blank line; every line of code stays as it is, a comment after code too, and so
does every line inside a template literal (text between backquotes, which may
span lines: it is data, not a comment). Removing whole lines never joins two
lines of code, so what JavaScript's automatic semicolons see is unchanged.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

#: The scripts of ``web/`` the site ships without their comment lines (the service
#: worker, written by :func:`scripts.offline.write_service_worker`, as it is written).
SHIPPED: Final = ("runtime.mjs", "register-sw.js", "loading.js", "storage-warm.js",
                  "handover.js", "friends.mjs", "friends_manual.mjs")

#: A backquote that opens or closes a template literal (one after a backslash is text).
_BACKQUOTE = re.compile(r"(?<!\\)`")


class ShippedScriptError(ValueError):
    """A script whose template literals do not close (its lines cannot be read safely)."""


def without_comment_lines(text: str, name: str = "script") -> str:
    """``text`` without its lines of ``//`` comment alone and its blank lines.

    >>> without_comment_lines("// why\\nconst a = 1; // kept\\n\\nconst t = `\\n// text\\n`;\\n")
    'const a = 1; // kept\\nconst t = `\\n// text\\n`;\\n'
    >>> without_comment_lines("const t = `open\\n")
    Traceback (most recent call last):
    ...
    scripts.shipped_js.ShippedScriptError: script: a template literal is still open at its end
    """
    kept: list[str] = []
    in_template = False
    for line in text.splitlines(keepends=True):
        bare = line.strip()
        if not in_template and (not bare or bare.startswith("//")):
            continue
        kept.append(line)
        if len(_BACKQUOTE.findall(line)) % 2:
            in_template = not in_template
    if in_template:
        raise ShippedScriptError(f"{name}: a template literal is still open at its end")
    return "".join(kept)


def ship_scripts(site: Path, names: tuple[str, ...] = SHIPPED) -> None:
    """Rewrite each of ``names`` in ``site`` without its comment lines."""
    for name in names:
        path = site / name
        path.write_text(without_comment_lines(path.read_text(encoding="utf-8"), name),
                        encoding="utf-8")
