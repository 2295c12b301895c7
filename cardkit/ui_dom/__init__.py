"""The page's game-free DOM kit, shared by Napoleon's and Durak's tables.

* :mod:`~cardkit.ui_dom.browser` — the one door to the browser (``js``), the
  readiness markers, the address.
* :mod:`~cardkit.ui_dom.nodes` — safe element building and listeners.
* :mod:`~cardkit.ui_dom.storage` — localStorage scoped to the site's path.
* :mod:`~cardkit.ui_dom.ask` — a modal question with buttons.
* :mod:`~cardkit.ui_dom.worker` — the computers' worker, started on demand.
* :mod:`~cardkit.ui_dom.share` — the settings dialog's share link, shown and copied.

Every module imports the browser only when called, so all of it imports on
CPython; neither game's rules are imported here.
"""
