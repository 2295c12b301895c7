"""The page's entry point: PyScript runs this file once Python is ready.

One site, two games: ``?game=durak`` opens Durak (:func:`durak.ui_dom.app.main`),
anything else Napoleon, as a bare visit always has.  ``?game=toy`` opens the
page shell's toy third game (``tests/toy_game``) only where its module is present:
the published site never holds it (it is no part of the wheel), and there the
address opens Napoleon as any unknown game does; ``e2e/test_toy_game.py`` adds the
module to the page's files for its own visit.  Only the chosen game is
imported: a Napoleon visit loads nothing of Durak (and the reverse); reading the
address uses modules Napoleon's page imports anyway.

PyScript has written the wheel, as it is, to ``napoleon.whl`` (``pyscript.toml``):
it goes on ``sys.path`` and Python imports the games from the archive (zipimport,
with the bytecode the build put beside each module), reading only the modules
the page imports, instead of unpacking all of its files first.

Usually Python is not started here at all but restored from the build's memory
snapshot (``web/runtime.mjs``, :mod:`cardkit.snapshot`), with both games' first
screens already imported: then only the chosen game's ``main`` runs.  Without
the snapshot (a browser with no ``DecompressionStream``, a snapshot that failed
to load or came from another build), the modules are imported here as follows.

The dataclasses' methods come compiled too (:mod:`cardkit.dataclass_code`, installed
before the games are imported): compiling them here was most of what creating the
first screen's dataclasses cost.

The cyclic garbage collector is paused while the first screen is built: the
imports and the first drawing only create objects that stay alive (modules,
classes, the match), yet their allocations set off collections that traverse
them all (two in Pyodide under Node, 6-10 ms of the ~45 ms the imports take;
diagnostics/cold_profile.mjs).  It runs again as soon as the table is ready, in the
same task; reference counting frees everything else meanwhile as usual.
"""

import gc
import importlib
import importlib.util
import os
import sys

#: ``?game=`` → the module whose ``main`` opens that game's page (a game registers
#: here with one line); anything else opens Napoleon.
PAGES = {"durak": "durak.ui_dom.app", "toy": "toy_game.page"}
NAPOLEON = "napoleon.ui_dom.app"
#: A game of the Durak family that only a test adds to the page's files
#: (``tests/toy_durak``, by ``e2e/test_durak_toy_game.py``): where its module is
#: present, Durak's page (and its worker, ``web/worker.py``) registers its entry.
TOY_DURAK = "toy_durak"

WHEEL = os.path.abspath("napoleon.whl")
if WHEEL not in sys.path:  # restored from the snapshot, it is there already
    sys.path.insert(0, WHEEL)
gc.disable()
try:
    # Restored from the build's memory snapshot (web/runtime.mjs), the modules are
    # imported already: cardkit.snapshot checks they came from this very wheel
    # (else forgets them) and seeds `random` afresh; otherwise it installs the
    # dataclasses' methods compiled by the build, before the games are imported.
    from cardkit.snapshot import start

    start(WHEEL)
    from cardkit.query import parse_qsl
    from cardkit.ui_dom.browser import query

    asked = parse_qsl(query().removeprefix("?"))
    page = next((PAGES[v] for k, v in asked if k == "game" and v in PAGES), NAPOLEON)
    if importlib.util.find_spec(page.split(".")[0]) is None:
        page = NAPOLEON  # the toy game, where no test has put it
    if page == PAGES["durak"] and importlib.util.find_spec(TOY_DURAK) is not None:
        from durak.family.registry import register

        register(importlib.import_module(TOY_DURAK).ENTRY)
    main = importlib.import_module(page).main
    main()
finally:
    gc.enable()
