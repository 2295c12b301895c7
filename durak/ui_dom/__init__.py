"""Durak in the page: the only part of ``durak`` that touches the browser.

It reads a player's view and sends actions; it decides nothing about the rules.
It never imports :mod:`napoleon` (whose ``__init__`` loads the whole Napoleon
engine): what the two pages share is in :mod:`cardkit`.

Its modules live in rooms, one a screen or a part of the page, each with its words
(``strings_*``): ``play`` (the controllers), ``table``, ``hint``, ``record``, ``review``,
``settings``, ``rules``, ``friends`` and ``stats``.  What the whole page shares stays
here: its entry (``app``), the words' catalog (``i18n``), the save (``persist``), and the
games it plays (``kinds``, ``game_kind``, ``modes``, ``page_rules``).
"""
