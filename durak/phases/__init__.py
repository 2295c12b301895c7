"""The moves of Durak, one module of functions per phase (docs/rules/durak.md §2, §3).

The state is one record, :class:`durak.state.GameState`; a phase is a module
of plain functions over it, with the same two names in each:

* ``legal(state)`` — every legal action of ``state.to_act`` in this phase;
* ``apply(state, action)`` — perform an action already known to be legal
  (:mod:`durak.phases.dispatch` checks it against ``legal`` first, and says
  why one is not); a move that ends the phase hands over by calling the next
  phase's entry (``open_window``, ``face_down_cover``, ``end_beaten`` …).

:mod:`durak.phases.dispatch` holds the one table from
:class:`~durak.state.Phase` to its module, the moves that stand beside a
phase's own, and the entry points ``legal_actions``, ``apply`` and
``apply_unchecked``.  The phases and the modules they stand on, each
importing only modules below it in this list:

* ``dispatch`` — the table;
* ``inverted`` — plays by position, instead of the three phases' own moves;
* ``talon_moves`` — ``six_swap``, ``armenian``, ``second_chance``, ``poker``
  (beside the phases' own moves);
* ``defence`` (DEFEND) — cover, take, and, from the modules below,
  ``baltic`` (covering with more of the rank, and the swap), ``transfer``
  (passing the attack on) and ``doubt`` (DOUBT: face-down covers and
  challenges);
* ``cover`` — which card may cover and laying it (every move that covers);
* ``throw_in`` (THROW) — throw-in windows, ``american``, ``sly``/``brazen``;
* ``bout_end`` — discard or pick up, refill, going out, the result, the next
  bout (no phase of its own);
* ``opening`` (ATTACK) — the opening attack, game 1's first attacker;
* ``cube`` (CUBE) — the doubling cube of ``match=cube15``;
* :mod:`durak.state` — the record, seats, the limit, starting a bout, laying
  a card, the talon's top card.

This package's ``__init__`` imports nothing, so importing one phase module
never runs the others.
"""
