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

Before the game opens, the page's static frame is kept and ``window.napoleonStop``
and ``window.napoleonRestart(url)`` are offered (:func:`offer_restart`): a table
started afresh in place, as a load would start it (the browser tests' pool of tabs
does so between two tests, :mod:`cardkit.ui_dom.page_reset`).
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
#: The games of the Durak family that only a test adds to the page's files
#: (``tests/toy_durak``, a pile game, by ``e2e/test_durak_toy_game.py``;
#: ``tests/toy_kind``, a game of a kind of its own, by ``e2e/test_durak_toy_kind.py``):
#: where a module is present, Durak's page (and its worker, ``web/worker.py``)
#: registers its entry.
TOY_GAMES = ("toy_durak", "toy_kind")

WHEEL = os.path.abspath("napoleon.whl")
if WHEEL not in sys.path:  # restored from the snapshot, it is there already
    sys.path.insert(0, WHEEL)


def open_game() -> None:
    """The game the address names, on the static frame."""
    from cardkit.query import parse_qsl
    from cardkit.ui_dom.browser import query

    asked = parse_qsl(query().removeprefix("?"))
    page = next((PAGES[v] for k, v in asked if k == "game" and v in PAGES), NAPOLEON)
    if importlib.util.find_spec(page.split(".")[0]) is None:
        page = NAPOLEON  # the toy game, where no test has put it
    if page == PAGES["toy"]:
        hold_toy()
    toys = [m for m in TOY_GAMES if importlib.util.find_spec(m) is not None]
    if page == PAGES["durak"] and toys:
        from durak.family.registry import register

        hold_toy()
        for toy in toys:
            register(importlib.import_module(toy).ENTRY)
    main = importlib.import_module(page).main
    main()


def hold_toy() -> None:
    """A page a test gave a toy game is never started afresh in place: the game's
    module and its registration stay as long as the page."""
    from cardkit.ui_dom import page_reset

    page_reset.hold("a test's toy game")


def offer_restart() -> None:
    """``window.napoleonStop()`` and ``window.napoleonRestart(url)``: the table ended,
    and the game of ``url`` (same origin and path) opened in place as a load would,
    with Python and the computers' worker already up (:mod:`cardkit.ui_dom.page_reset`;
    the browser tests' pool of tabs starts each test's table so).  ``napoleonStop``
    answers (a promise, once every task of the table has ended) whether a restart may
    follow: not after a table with friends; ``window.napoleonStopped`` is then true
    until the restart.  ``window.napoleonEndPause(n)`` ends the computers' pause the
    page marks ``data-pause="n"`` (:func:`cardkit.ui_dom.page_shell.end_pause`): the
    same tests run the normal pace without sitting its pauses out."""
    import asyncio

    from cardkit.ui_dom import page_reset
    from cardkit.ui_dom.browser import window
    from cardkit.ui_dom.nodes import proxy
    from cardkit.ui_dom.page_shell import end_pause

    frame = page_reset.Frame()

    async def settled() -> bool:
        await page_reset.settle()
        return page_reset.restartable()

    def stop() -> object:
        page_reset.stop()
        window().napoleonStopped = True
        return asyncio.ensure_future(settled())

    def restart(url: str) -> None:
        page_reset.stop()
        if not page_reset.restartable():
            raise RuntimeError("this page held a table with friends or a toy: load it instead")
        win = window()
        win.napoleonStopped = False
        win.history.replaceState(None, "", url)
        frame.put_back()
        win.scrollTo(0, 0)
        win.performance.clearMarks()  # (the marks a page load starts without)
        win.performance.clearMeasures()
        page_reset.start()
        gc.disable()
        try:
            open_game()
        finally:
            gc.enable()

    win = window()
    win.napoleonStop = proxy(stop)
    win.napoleonRestart = proxy(restart)
    win.napoleonEndPause = proxy(end_pause)


gc.disable()
try:
    # Restored from the build's memory snapshot (web/runtime.mjs), the modules are
    # imported already: cardkit.snapshot checks they came from this very wheel
    # (else forgets them) and seeds `random` afresh; otherwise it installs the
    # dataclasses' methods compiled by the build, before the games are imported.
    from cardkit.snapshot import start

    start(WHEEL)
    offer_restart()
    open_game()
finally:
    gc.enable()
