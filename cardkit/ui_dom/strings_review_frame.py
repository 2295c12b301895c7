"""The review frame's own words (:mod:`cardkit.ui_dom.review_frame`), Japanese and English.

A game merges them into its catalog with its own review words (the moments'
places, its actions, its figures); a game may word one of these its own way by
defining the same key after them.
"""

from __future__ import annotations

from typing import Final

STRINGS: Final[dict[str, dict[str, str]]] = {
    "review.title": {"ja": "レビュー", "en": "Review"},
    "review.close": {"ja": "閉じる", "en": "Close"},
    "review.progress": {"ja": "分析中… {done}/{total}", "en": "Analysing… {done}/{total}"},
    "review.done": {"ja": "分析完了: あなたの判断{n}回", "en": "Done: {n} decisions of yours"},
    # Pass-and-play: every person's decisions, each under their own name.
    "review.people": {"ja": "判断した人: {names}", "en": "Decisions of {names}"},
    "review.sep": {"ja": "、", "en": ", "},
    "review.done_people": {"ja": "分析完了: {n}回の判断", "en": "Done: {n} decisions"},
    "review.person": {"ja": "{name}: {action}", "en": "{name}: {action}"},
    "review.costly": {"ja": "損の大きかった判断", "en": "The decisions that cost the most"},
    "review.none_costly": {"ja": "強いCPUと比べて損をした判断はありません",
                           "en": "No decision cost anything against the strong computer"},
    "review.you": {"ja": "あなた: {action}", "en": "You: {action}"},
    "review.strong": {"ja": "強いCPU: {action}", "en": "Strong computer: {action}"},
    "review.prev": {"ja": "◀ 前", "en": "◀ Previous"},
    "review.next": {"ja": "次 ▶", "en": "Next ▶"},
    "review.error": {"ja": "レビューできません: {error}", "en": "Cannot review: {error}"},
}
