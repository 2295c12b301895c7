"""Japanese and English strings of the rules dialog and of the power that decided a trick.

The dialog's frame words (its title, close button, shortcut) are the shell's
(:mod:`cardkit.ui_dom.strings_shell`); these are Napoleon's own.

``reason.<WinReason value>`` names each special power as the table shows it at a
trick's result; ``label.decided_by`` puts it in a sentence.
"""

from __future__ import annotations

from typing import Final

_PAIRS: dict[str, tuple[str, str]] = {
    "rules.options": ("オプション", "Options"),
    "rules.preset": ("プリセット: {name}", "Preset: {name}"),
    "rules.no_changes": ("プリセットからの変更なし。", "No change from the preset."),
    "rules.changes": ("プリセットからの変更:", "Changed from the preset:"),
    "rules.each_option": ("各オプションの意味 (この試合の値)",
                          "What each option means (its value in this match)"),
    "label.decided_by": ("決め手: {reason}", "Won by {reason}"),
    "reason.mighty": ("マイティ", "the Mighty"),
    "reason.yoromeki": ("よろめき (♥Qがマイティに勝つ)", "yoromeki (♥Q beats the Mighty)"),
    "reason.counter_king": ("よろめき返し (♥Kが♥Qに勝つ)",
                            "yoromeki counter (♥K beats the ♥Q)"),
    "reason.counter_ace": ("よろめき返し返し (♥Aが♥Kに勝つ)",
                           "counter-counter (♥A beats the ♥K)"),
    "reason.lead_joker": ("親のジョーカー", "the led joker"),
    "reason.follow_joker": ("子のジョーカー", "the joker"),
    "reason.trump_jack": ("正J (切り札のJ)", "the trump jack"),
    "reason.back_jack": ("裏J (切り札と同じ色のJ)", "the back jack"),
    "reason.jack_hunt": ("狩りJ (正Jに勝つJ)", "jack hunt (the J that beats the trump jack)"),
    "reason.same_two": ("セイム2 (全員同じスートの2)", "same-2 (all one suit: the 2 wins)"),
}

STRINGS: Final[dict[str, dict[str, str]]] = {
    key: {"ja": ja, "en": en} for key, (ja, en) in _PAIRS.items()
}
