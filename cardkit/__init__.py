"""What Napoleon and Durak genuinely share: small, game-free helpers both import.

* :mod:`cardkit.bench` — full random games per second, both CLIs' ``bench``.
* :mod:`cardkit.suits` — the suits' numbers, letters and symbols (both ``cards`` modules).
* :mod:`cardkit.bounded_json` — JSON from outside (saves, records) parsed within bounds.
* :mod:`cardkit.options` — a rule option's schema and the text form of a rules record.
* :mod:`cardkit.query` — the page's query string read without :mod:`urllib.parse`.
* :mod:`cardkit.problems` — notices about ignored settings, translated once the language is known.
* :mod:`cardkit.tree` — the information-set tree search's nodes and choices (both ``ismcts``).

Nothing here knows either game's rules; both ``napoleon`` and ``durak`` may
import it, and it imports neither.
"""
