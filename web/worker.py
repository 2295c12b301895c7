"""The computers' worker: PyScript runs this in a web worker (``web/worker.toml``).

It exports :func:`napoleon.ai.decide_json` to the page's main thread, which
awaits it with JSON strings, so a computer thinking never freezes the screen.
"""

from napoleon.ai import decide_json  # noqa: F401  (exported to the page)

__export__ = ["decide_json"]
