"""Computer players: baseline (easy), PIMC search (normal, strong), an oracle.

Every player reads only its seat's :class:`~napoleon.view.PlayerView` (the
oracle, used to measure the ceiling, is the one exception and never sits at
a real table).  The page's worker calls :func:`decide_json`:

* ``decide_json(view_json, level, seed) -> str``: ``view_json`` is
  ``PlayerView.to_json()`` of the seat to act, ``level`` one of ``"easy"``,
  ``"normal"``, ``"strong"``; the reply is ``{"action": "play JK H",
  "level": "normal"}``, the action in :func:`napoleon.actions.action_text`
  form (read it with :func:`napoleon.actions.parse_action`).  The same view,
  level and seed always give the same action.

Modules: :mod:`~napoleon.ai.baseline` (rules of thumb), :mod:`~napoleon.ai.strong`
(search), :mod:`~napoleon.ai.oracle`, :mod:`~napoleon.ai.levels`,
:mod:`~napoleon.ai.opponents` (what each seat showed over a match, read by
strong's bidding), and the parts they share: :mod:`~napoleon.ai.sampler` (hidden hands),
:mod:`~napoleon.ai.worlds` (view → worlds), :mod:`~napoleon.ai.playout`
(search table), :mod:`~napoleon.ai.policy` (card-play rules),
:mod:`~napoleon.ai.search` (PIMC + exact endgame), :mod:`~napoleon.ai.bidding`;
for hints and the post-game review: :mod:`~napoleon.ai.analysis` (the strong
search's figures per option), :mod:`~napoleon.ai.reasons` (why, from the
position), :mod:`~napoleon.ai.review`.

The arena and the A/B runners that measure them are the lab's
(``python -m lab.napoleon.arena --help``), never in the page's wheel.
"""

from napoleon.ai.levels import LEVELS, UnknownLevelError, decide, decide_json, player_for

__all__ = ["LEVELS", "UnknownLevelError", "decide", "decide_json", "player_for"]
