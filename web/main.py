"""The page's entry point: PyScript runs this file once Python is ready.

The cyclic garbage collector is paused while the first screen is built: the
imports and the first drawing only create objects that stay alive (modules,
classes, the match), yet their allocations set off collections that traverse
them all (two in Pyodide under Node, 6-10 ms of the ~45 ms the imports take;
bench/cold_profile.mjs).  It runs again as soon as the table is ready, in the
same task; reference counting frees everything else meanwhile as usual.
"""

import gc

gc.disable()
try:
    from napoleon.ui_dom.app import main

    main()
finally:
    gc.enable()
