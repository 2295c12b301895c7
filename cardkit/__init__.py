"""What Napoleon and Durak genuinely share: small, game-free helpers both import.

* :mod:`cardkit.stats` — means with 95% intervals and percentiles for the arenas.
* :mod:`cardkit.bench` — full random games per second, both CLIs' ``bench``.
* :mod:`cardkit.suits` — the suits' numbers, letters and symbols (both ``cards`` modules).

Nothing here knows either game's rules; both ``napoleon`` and ``durak`` may
import it, and it imports neither.
"""
