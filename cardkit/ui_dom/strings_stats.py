"""The statistics frame's words (:mod:`cardkit.ui_dom.stats_frame`), ja and en.

A game's translator lists this module after the shell's strings and before its
own, so a game may word one of these its own way (Durak's choice is of rules
*and* players: it redefines ``stats.choice``).
"""

from __future__ import annotations

from typing import Final

_ja_en = tuple[str, str]

_FRAME: dict[str, _ja_en] = {
    # The menu entry's English is short so that the English menu fits one row of a
    # phone; the dialog's heading says it whole.
    "btn.stats": ("成績", "Stats"),
    "stats.title": ("成績", "Statistics"),
    "stats.close": ("閉じる", "Close"),
    "stats.none": (
        "まだ記録はありません。ゲームを終えるたびに数えます。",
        "Nothing yet: every game you finish is counted.",
    ),
    "stats.choice": ("ルール", "Rules"),
    # A tally of games with friends (kept apart from those against the computers).
    "stats.with_friends": ("{variant}・友だちと", "{variant}, with friends"),
    "stats.item": ("項目", "Item"),
    "stats.value": ("値", "Value"),
    "stats.export": ("JSONで書き出す", "Export JSON"),
    "stats.reset": ("リセット", "Reset"),
    "stats.reset_title": ("成績をリセットしますか？", "Reset the statistics?"),
    "stats.reset_text": (
        "すべてのルールの成績が消えます。元に戻せません。",
        "The statistics of every rule set are deleted. This cannot be undone.",
    ),
    "stats.reset_yes": ("リセットする", "Reset"),
    "stats.reset_no": ("残す", "Keep them"),
    "stats.reset_done": ("リセットしました", "Reset done"),
    "stats.corrupt": (
        "保存された成績を読めませんでした（{error}）。{backup} に退避し、新しく数えます。",
        "The saved statistics could not be read ({error}). They were moved to "
        "{backup}; counting starts afresh.",
    ),
}

#: The frame's strings, ``{key: {"ja": ..., "en": ...}}``.
STRINGS: Final[dict[str, dict[str, str]]] = {
    key: {"ja": ja, "en": en} for key, (ja, en) in _FRAME.items()
}
