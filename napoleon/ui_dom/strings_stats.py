"""The statistics dialog (成績) and the shared game link, in Japanese and English
(merged by :mod:`i18n`)."""

from __future__ import annotations

from typing import Final

STRINGS: Final[dict[str, dict[str, str]]] = {
    "stats.summary": {"ja": "{preset}の成績", "en": "Your games: {preset}"},
    "stats.games": {"ja": "ゲーム数", "en": "Games"},
    "stats.wins": {"ja": "勝ち（全体）", "en": "Wins (all)"},
    "stats.napoleon": {"ja": "ナポレオンで勝ち", "en": "Wins as Napoleon"},
    "stats.adjutant": {"ja": "副官で勝ち", "en": "Wins as adjutant"},
    "stats.ally": {"ja": "連合で勝ち", "en": "Wins as an ally"},
    "stats.average": {"ja": "1ゲームの平均得点", "en": "Average points a game"},
    "stats.points": {"ja": "得点の合計", "en": "Total points"},
    "stats.triumphs": {
        "ja": "凱旋（自軍が旗札20枚すべて）",
        "en": "Triumphs (your side took all 20 honors)",
    },
    "stats.siberia": {
        "ja": "シベリア送り（仏軍で20枚取って負け）",
        "en": "Siberia (your French side took all 20 and lost)",
    },
    "stats.undo_games": {"ja": "待ったを使ったゲーム", "en": "Games with undo"},
    "stats.bids": {"ja": "ナポレオンの宣言と成功", "en": "Your contracts as Napoleon"},
    "stats.bid": {"ja": "宣言", "en": "Bid"},
    "stats.made": {"ja": "成功/宣言", "en": "Made/played"},
    "share.button": {"ja": "共有リンク", "en": "Share link"},
    "share.label": {"ja": "このゲームのリンク", "en": "This game's link"},
    "share.copied": {"ja": "リンクをコピーしました", "en": "Link copied"},
    "share.copy_failed": {
        "ja": "コピーできませんでした。上のリンクを選んでコピーしてください",
        "en": "Could not copy: select the link above and copy it",
    },
    "share.bad": {
        "ja": "共有されたゲームのリンクを開けませんでした（{error}）。",
        "en": "The shared game link could not be opened ({error}).",
    },
    "share.opened": {
        "ja": "共有されたゲームを表示しています。",
        "en": "Showing a shared game.",
    },
}
