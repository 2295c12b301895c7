"""The Durak statistics dialog's words (成績, :mod:`durak.ui_dom.stats.stats_view`), ja and en.

The frame's own words (title, close, reset, export, the corrupt entry's notice)
are the shell's (:mod:`cardkit.ui_dom.strings_stats`); the choice here is of
rules *and* player count, so ``stats.choice`` is worded again.
"""

from __future__ import annotations

from typing import Final

_ja_en = tuple[str, str]

_STATS: dict[str, _ja_en] = {
    "stats.choice": ("ルールと人数", "Rules and players"),
    "stats.variant": ("{rules}・{n}人", "{rules}, {n} players"),
    "stats.changes": ("{preset} + {changes}", "{preset} + {changes}"),
    "stats.summary": ("{variant}の成績", "Your games: {variant}"),
    "stats.games": ("ゲーム数", "Games"),
    "stats.durak": ("ドゥラークになった回数", "Times you were the durak"),
    "stats.draws": ("引き分け", "Draws"),
    "stats.taken": ("引き取った札（1ゲーム平均）", "Cards taken (average a game)"),
    "stats.transfers": ("回した回数", "Transfers made"),
    "stats.hints": ("ヒントを使った回数", "Hints used"),
    "stats.undos": ("待ったの回数", "Undos used"),
}

#: The dialog's strings, ``{key: {"ja": ..., "en": ...}}``.
STRINGS: Final[dict[str, dict[str, str]]] = {
    key: {"ja": ja, "en": en} for key, (ja, en) in _STATS.items()
}
