"""The browser adapter: the only part of :mod:`napoleon` that touches the page.

It reads what the engine holds and draws it; it decides nothing about the rules.
Modules here import the browser only through :mod:`cardkit.ui_dom.browser`, and
only when called, so they import (and type-check) on plain CPython too.
"""
