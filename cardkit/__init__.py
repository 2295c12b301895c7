"""What Napoleon and Durak share, written once: the engine-side kit, the page's
kit and the table with friends. Nothing here knows either game's rules; both
``napoleon`` and ``durak`` import it, and it imports neither.

The engine side (plain Python, run by the CLIs, the tests and the page):

* :mod:`cardkit.options` — a rule option's schema and the text form of a rules record.
* :mod:`cardkit.suits` — the suits' numbers, letters and symbols (both ``cards`` modules).
* :mod:`cardkit.tree`, :mod:`cardkit.advice` — the information-set search's nodes, and
  the worlds a hint and a review share.
* :mod:`cardkit.bounded_json`, :mod:`cardkit.fields`, :mod:`cardkit.saved_entry`,
  :mod:`cardkit.saved_prefs`, :mod:`cardkit.share_link` — outside data (records, saves,
  links) read within bounds, each wrong field named.
* :mod:`cardkit.query`, :mod:`cardkit.problems`, :mod:`cardkit.i18n`,
  :mod:`cardkit.rule_sections` — the address, its notices, the two languages, a rules
  dialog's parts.
* :mod:`cardkit.steps`, :mod:`cardkit.memo`, :mod:`cardkit.snapshot`,
  :mod:`cardkit.dataclass_code` — long work in steps, small caches, the page's Python
  restored from the build's snapshot.
* :mod:`cardkit.bench` — full random games per second, both CLIs' ``bench``.

:mod:`cardkit.table_net` — a table shared with friends: the messages, the host's
referee, the host's and a guest's sides (no DOM; tested on CPython).

:mod:`cardkit.ui_dom` — the page's game-free DOM kit: the shell, its turn loop,
dialogs, settings, statistics, records, and the friends' panel and bridge.
"""
