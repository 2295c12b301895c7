"""Durak's computer players, every one reading only its seat's view (but the oracle).

* :mod:`~durak.ai.policy` — the rules of thumb on plain values (fast enough for playouts);
  :mod:`~durak.ai.baseline` — them on a :class:`~durak.view.PlayerView` (``easy``).
* :mod:`~durak.ai.worlds` — a view to full games that agree with it (hidden cards sampled).
* :mod:`~durak.ai.search` — search over sampled worlds with baseline playouts
  (``normal``, ``strong``) and the all-seeing :class:`~durak.ai.search.OraclePlayer`
  (arena only).
* :mod:`~durak.ai.levels` — the levels and :func:`decide_json`, the page's entry.

The arena that measures them is the lab's (``python -m lab.durak.arena --help``).
"""

from durak.ai.levels import LEVELS, UnknownLevelError, decide, decide_json, player_for

__all__ = ["LEVELS", "UnknownLevelError", "decide", "decide_json", "player_for"]
