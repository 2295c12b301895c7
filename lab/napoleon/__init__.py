"""Napoleon's lab (each command has ``--help``; figures in docs/benchmarks.md).

* :mod:`~lab.napoleon.arena` — duplicate deals, role-fixed replays
  (:mod:`~lab.napoleon.role_fixed`) and mixed matches
  (:mod:`~lab.napoleon.arena_match`); its players by name
  (:mod:`~lab.napoleon.contestants`, :mod:`~lab.napoleon.references`,
  :mod:`~lab.napoleon.variants`), its summary (:mod:`~lab.napoleon.report`), its
  run files (:mod:`~lab.napoleon.run_file`), one random stream per decision
  (:mod:`~lab.napoleon.streams`).
* :mod:`~lab.napoleon.arena_ab`, :mod:`~lab.napoleon.role_ab`,
  :mod:`~lab.napoleon.bid_ab` — before/after and A/B runs on the same deals.
* :mod:`~lab.napoleon.bid_calibration`, :mod:`~lab.napoleon.predict_check` — how
  well the bids and the card-play models predict.
* :mod:`~lab.napoleon.record_fuzz`, :mod:`~lab.napoleon.hostile_inputs` — tampered
  records and hostile page inputs against the readers.
"""
