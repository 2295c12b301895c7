"""The moves of Napoleon, one module of functions per phase (docs/rules/napoleon.md §2).

The state is one record, :class:`napoleon.state.GameState`; a phase is a
module of plain functions over it, with the same three names in each:

* ``legal(state)`` — every legal action of ``state.to_act`` in this phase;
* ``apply(state, action)`` — check ``action`` and perform it, raising
  :class:`~napoleon.actions.IllegalActionError` (or
  :class:`~napoleon.actions.WrongPhaseError` for an action of another
  phase) saying why; a move that ends the phase hands over by calling the
  next phase's ``start(state)``;
* ``start(state)`` — enter the phase (where entering does more than set
  ``state.phase``).

:mod:`napoleon.phases.dispatch` holds the one table from
:class:`~napoleon.state.Phase` to its module and the two entry points,
``legal_actions`` and ``apply``.  Each module imports only the ones below it
in this list (the game flows down it; ``exchange_first=on`` sets the
``call`` phase without importing it):

``dispatch`` → ``auction`` (BID) → ``call`` (CALL) → ``exchange``
(EXCHANGE) → ``change`` (CHANGE) → ``tricks`` (PLAY) → ``scoring``
(RESULT) → :mod:`napoleon.state`.

This package's ``__init__`` imports nothing, so importing one phase module
never runs the others.
"""
