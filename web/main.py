"""The page's entry point: PyScript runs this file once Python is ready.

One site, two games: ``?game=durak`` opens Durak (:func:`durak.ui_dom.app.main`),
anything else Napoleon, as a bare visit always has.  Only the chosen game is
imported: a Napoleon visit loads nothing of Durak (and the reverse); reading the
address uses modules Napoleon's page imports anyway.

PyScript has written the wheel, as it is, to ``napoleon.whl`` (``pyscript.toml``):
it goes on ``sys.path`` and Python imports the games from the archive (zipimport,
with the bytecode the build put beside each module), reading only the modules
the page imports, instead of unpacking all of its files first.

The dataclasses' methods come compiled too (:mod:`cardkit.dataclass_code`, installed
before the games are imported): compiling them here was most of what creating the
first screen's dataclasses cost.

The cyclic garbage collector is paused while the first screen is built: the
imports and the first drawing only create objects that stay alive (modules,
classes, the match), yet their allocations set off collections that traverse
them all (two in Pyodide under Node, 6-10 ms of the ~45 ms the imports take;
bench/cold_profile.mjs).  It runs again as soon as the table is ready, in the
same task; reference counting frees everything else meanwhile as usual.
"""

import gc
import os
import sys

sys.path.insert(0, os.path.abspath("napoleon.whl"))
gc.disable()
try:
    from cardkit.dataclass_code import install

    install()  # the dataclasses' methods compiled by the build, not here
    from cardkit.query import parse_qsl
    from cardkit.ui_dom.browser import query

    if ("game", "durak") in parse_qsl(query().removeprefix("?")):
        from durak.ui_dom.app import main
    else:
        from napoleon.ui_dom.app import main

    main()
finally:
    gc.enable()
