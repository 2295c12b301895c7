"""The lab: tools that measure and check the games, never part of the product.

Arenas, A/B runners, calibrations, comparisons and fuzzers run under CPython from
the project root (``python -m lab.napoleon.arena --help``).  They import the
games; no module of ``napoleon``, ``durak`` or ``cardkit`` imports them, and the
wheel holds only those three packages (pyproject.toml), so neither a developer's
install nor the page's wheel carries the lab, and no list of modules keeps it out
(tests/test_lab.py checks both).

* :mod:`lab.napoleon` — Napoleon's arenas, A/B runners, calibration, fuzzers.
* :mod:`lab.durak` — the Durak family's arenas, comparisons and fuzzers.
* :mod:`lab.stats` — means with 95% intervals and percentiles (both games' arenas,
  bench/).
* :mod:`lab.hostile_page` — hostile inputs loaded in the built page (both games).
"""
