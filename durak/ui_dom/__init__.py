"""Durak in the page: the only part of ``durak`` that touches the browser.

It reads a player's view and sends actions; it decides nothing about the rules.
It never imports :mod:`napoleon` (whose ``__init__`` loads the whole Napoleon
engine): what the two pages share is in :mod:`cardkit`.
"""
