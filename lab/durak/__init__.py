"""The Durak family's lab (each command has ``--help``; figures in docs/benchmarks.md).

* :mod:`~lab.durak.arena`, :mod:`~lab.durak.pile_arena`,
  :mod:`~lab.durak.suit_deal_arena` — a level against a reference over duplicate
  deals; :mod:`~lab.durak.mcts` is the arena's search reference.
* :mod:`~lab.durak.paired`, :mod:`~lab.durak.takes` — arena players compared deal
  by deal; how often a level takes when it could cover.
* :mod:`~lab.durak.fuzz_games`, :mod:`~lab.durak.pile_fuzz`,
  :mod:`~lab.durak.fuzz_records`, :mod:`~lab.durak.endgame_check`,
  :mod:`~lab.durak.hostile_inputs` — seeded random checkers of the games, the
  records, the exact endgame and the page's inputs.
"""
