"""Durak's review and shared-game words, Japanese and English (``durak.ui_dom.i18n``
merges them after the review frame's own, :mod:`cardkit.ui_dom.strings_review_frame`)."""

from __future__ import annotations

from typing import Final

STRINGS: Final[dict[str, dict[str, str]]] = {
    "btn.review": {"ja": "レビュー", "en": "Review"},
    "btn.share_game": {"ja": "このゲームを共有", "en": "Share this game"},
    "review.bout": {"ja": "第{n}バウト", "en": "Bout {n}"},
    "review.at": {"ja": "第{n}バウト", "en": "Bout {n}"},
    # What is measured, said: the chance of not ending as the durak after the move
    # made, and after the strong computer's choice.
    "review.chance": {"ja": "ドゥラークにならない見込み: あなたの手で{before}%、"
                            "強いCPUの手なら{after}%",
                      "en": "Chance of not being the durak: {before}% after your move, "
                            "{after}% after the strong computer's"},
    # The same at pass-and-play, where the review judges several people: whose move.
    "review.chance_person": {"ja": "ドゥラークにならない見込み: {name}の手で{before}%、"
                                   "強いCPUの手なら{after}%",
                             "en": "Chance of not being the durak: {before}% after {name}'s "
                                   "move, {after}% after the strong computer's"},
    "review.near": {"ja": "差が小さく、強いCPUが試した回数では見分けられません（±{se}%）: "
                          "間違いとはしません",
                    "en": "too close for the computer's tries to tell apart (± {se}%): "
                          "not counted as a mistake"},
    "review.share_option": {"ja": "{action} — 読みの{share}%・見込み{pct}%",
                            "en": "{action} — {share}% of the look-ahead, chance {pct}%"},
    "review.options": {"ja": "強いCPUの候補（ドゥラークにならない確率）",
                       "en": "The strong computer's options (chance of not being the durak)"},
    "review.hands": {"ja": "各自の手札（このバウトの前）", "en": "Every hand (before this bout)"},
    "review.moves": {"ja": "このバウトの経過", "en": "This bout, move by move"},
    "review.same": {"ja": "強いCPUも同じ手", "en": "The strong computer agrees"},
    # The actions' names are the one catalog's (strings_actions); a Baltic cover is
    # named as the hint names it.
    "act.baltic": {"ja": "{target}を{card}で返し{extra}を足す",
                   "en": "cover {target} with {card}, adding {extra}"},
    "act.other": {"ja": "{text}", "en": "{text}"},
    "share.copied": {"ja": "リンクをコピーしました。", "en": "Link copied."},
    "share.copy_failed": {"ja": "コピーできませんでした。リンクを選択してコピーしてください。",
                          "en": "Could not copy; select the link and copy it."},
    "share.link": {"ja": "このゲームのリンク", "en": "This game's link"},
    "share.bad": {"ja": "共有されたゲームを開けません: {error}",
                  "en": "Cannot open the shared game: {error}"},
    "share.no_play": {"ja": "このゲームは配りで終わったので、検討する手がありません。",
                      "en": "This game ended in the dealing: there is no play to review."},
    "share.too_long": {"ja": "このゲームは長すぎてリンクにできません（{n}文字）",
                       "en": "This game is too long for a link ({n} characters)"},
}
