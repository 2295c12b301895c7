"""One-off diagnostics: where the page's time goes (profiles, traces, cache checks).

Not benchmarks (those are in ``bench/`` and print the figures a target is
checked by): each of these answers one question a benchmark raised, and is
kept because the question comes back.  Run as ``python3 -m diagnostics.NAME``
(``node diagnostics/cold_profile.mjs``); they reuse the benchmarks' page drivers.
"""
