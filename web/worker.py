"""The computers' worker: PyScript runs this in a web worker (``web/worker.toml``).

One worker serves both games: it exports :func:`napoleon.ai.decide_json` (as
``decide_json``) and :func:`durak.ai.decide_json` (as ``durak_decide_json``) to
the page's main thread, which awaits them with JSON strings, so a computer
thinking never freezes the screen.  Each game's engine is imported on its first
decision, so a Durak page's worker never loads Napoleon's engine, nor the reverse
(the import moves from the worker's boot to its first answer: the same wait).
"""


def decide_json(view_json: str, level: str, seed: int) -> str:
    from napoleon.ai import decide_json as napoleon_decide

    return napoleon_decide(view_json, level, seed)


def durak_decide_json(view_json: str, level: str, seed: int) -> str:
    from durak.ai import decide_json as durak_decide

    return durak_decide(view_json, level, seed)


__export__ = ["decide_json", "durak_decide_json"]
