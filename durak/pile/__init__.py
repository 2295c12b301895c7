"""Durak's pile games (docs/rules/durak.md §3.6): kurukuru, chukhonsky, chinese, heap, crusaders
and polish.

One face-up pile replaces the table; turns go clockwise; with the talon gone
a player with no cards goes out; the last holding cards is the durak.

* :mod:`~durak.pile.options` — :class:`PileRules`, the mode and its options.
* :mod:`~durak.pile.state` — the state record, deals, beating tables.
* :mod:`~durak.pile.table` — what the games share (lay, take, go out, refill,
  repetition); :mod:`~durak.pile.kurukuru`, :mod:`~durak.pile.chukhonsky`,
  :mod:`~durak.pile.chinese`, :mod:`~durak.pile.heap`, :mod:`~durak.pile.crusaders`,
  :mod:`~durak.pile.polish` — each game's own rules;
  :mod:`~durak.pile.dispatch` — the mode → module table.
* :mod:`~durak.pile.game` — :class:`PileGame`; :mod:`~durak.pile.view` —
  a seat's view; :mod:`~durak.pile.record` — text and JSON records;
  :mod:`~durak.pile.check` — the invariants; :mod:`~durak.pile.playout` —
  random play.  ``README.md`` beside them: the API, the [I]s and the commands (figures:
  docs/benchmarks.md).
"""
