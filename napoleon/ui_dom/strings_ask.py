"""The questions of :mod:`cardkit.ui_dom.ask`, in Japanese and English (merged by
:mod:`i18n`): a new match while one is in progress, and a shared link naming
another match while one is saved."""

from __future__ import annotations

from typing import Final

STRINGS: Final[dict[str, dict[str, str]]] = {
    "ask.new.title": {"ja": "新しいマッチを始めますか？", "en": "Start a new match?"},
    "ask.new.text": {
        "ja": "進行中のマッチ（第{game}ゲーム）は失われます。",
        "en": "The match in progress (game {game}) will be lost.",
    },
    "ask.new.text_rules": {
        "ja": "新しいルールで始めます。進行中のマッチ（第{game}ゲーム）は失われます。"
        "続ける場合、新しいルールは次の新しいマッチから使われます。",
        "en": "The new match uses the new rules; the match in progress (game {game}) "
        "will be lost. If you keep playing it, the new rules apply from your next new match.",
    },
    "ask.new.yes": {"ja": "新しいマッチを始める", "en": "Start a new match"},
    "ask.new.no": {"ja": "このマッチを続ける", "en": "Keep playing this match"},
    "ask.link.title": {
        "ja": "保存されたマッチがあります",
        "en": "You have a match in progress",
    },
    "ask.link.text": {
        "ja": "開いたリンクは別のマッチ（{rules}）です。"
        "保存されたマッチ（{saved}、第{game}ゲーム）を続けますか、"
        "リンクのマッチを始めますか？ "
        "リンクのマッチを始めると、保存されたマッチは失われます。",
        "en": "The link you opened is another match ({rules}). Continue your saved match "
        "({saved}, game {game}), or start the link's match? Starting it loses the saved match.",
    },
    "ask.players": {"ja": "{n}人", "en": "{n} players"},
    "ask.link.keep": {"ja": "保存されたマッチを続ける", "en": "Continue my match"},
    "ask.link.start": {"ja": "リンクのマッチを始める", "en": "Start the link's match"},
}
