"""The hint's and the review's strings, in Japanese and English.

Registered into the page's catalog when the hint or review screen is first
mounted (:func:`register`), not at start-up: the first screen never needs them.
The hint's button, progress and failure are the page shell's
(:mod:`cardkit.ui_dom.strings_shell`).
"""

from __future__ import annotations

from typing import Final

from cardkit.ui_dom.strings_review_frame import STRINGS as FRAME_STRINGS
from napoleon.ui_dom.strings_table import STRINGS as TABLE_STRINGS

STRINGS: Final[dict[str, dict[str, str]]] = {
    # The review frame's own words (cardkit.ui_dom.review_frame), then Napoleon's.
    **FRAME_STRINGS,
    "hint.title": {"ja": "ヒント: {action}", "en": "Hint: {action}"},
    "hint.points": {"ja": "{pts}点", "en": "{pts} pts"},
    "hint.points_about": {"ja": "約{pts}点", "en": "about {pts} pts"},
    "hint.points_near": {"ja": "約{pts}±{se}点", "en": "about {pts} ± {se} pts"},
    "hint.near_note": {
        "ja": "約: 試した配り方では差が誤差の範囲（±は最善との差の標準誤差）",
        "en": "about: within the sampling's noise of the best (±: the standard error of "
              "the difference)",
    },
    "hint.win": {"ja": "勝率{pct}%", "en": "wins {pct}%"},
    # The hinted move's chance in a player's words, in front; the figures one tap away.
    "hint.plain": {"ja": "10回やれば{n}回ほどは勝てる手です",
                   "en": "Your side wins about {n} times in 10 with it"},
    "hint.plain_all": {"ja": "ほぼ確実に勝てる手です", "en": "Your side wins almost every time"},
    "hint.plain_none": {"ja": "勝つのは難しい局面ですが、いちばん点を失わない手です",
                        "en": "Winning is unlikely from here: this move loses the fewest points"},
    "hint.more": {"ja": "強いCPUの計算を見る", "en": "How the strong computer weighed it"},
    "hint.honors": {"ja": "旗札{n}枚", "en": "{n} honors"},
    "hint.sep": {"ja": "・", "en": ", "},
    "review.sep": {"ja": "、", "en": ", "},
    "hint.options": {"ja": "強いCPUの候補", "en": "The strong computer's options"},
    "hint.close": {"ja": "閉じる", "en": "Close"},
    "act.card_sep": {"ja": "・", "en": ", "},
    # Passing is the DROP button: named as the auction and the log name it.
    "act.pass": TABLE_STRINGS["bid.pass"],
    "act.bid": {"ja": "{bid}でビッド", "en": "bid {bid}"},
    "act.call": {"ja": "{card}を指名", "en": "call the {card}"},
    "act.discard": {"ja": "{cards}を捨てる", "en": "discard {cards}"},
    "act.play": {"ja": "{card}", "en": "{card}"},
    "act.play_named": {"ja": "{card}（{suit}を指定）", "en": "{card}, naming {suit}"},
    "act.change": {"ja": "切札{suit}・{card}で", "en": "{suit} trump, calling the {card}"},
    # Why: one phrase per code of napoleon.ai.reasons.
    "why.call_joker": {"ja": "♣3を出してジョーカーを呼び出す",
                       "en": "lead ♣3 to call out the joker"},
    "why.lead_joker": {"ja": "ジョーカーで主導権を取る", "en": "lead the joker to take the lead"},
    "why.lead_mighty": {"ja": "マイティで確実に取る", "en": "the Mighty takes this trick for sure"},
    "why.draw_power": {"ja": "切札を出して{card}を引き出す",
                       "en": "lead trump to draw out the {card}"},
    "why.cash_ace": {"ja": "{card}を今のうちに取る", "en": "cash the {card} while it still wins"},
    "why.keep_joker": {"ja": "ジョーカーは後の巡のために残す",
                       "en": "keep the joker for a later trick"},
    "why.lead_low": {"ja": "{suit}の低い札で様子を見る",
                     "en": "lead a low {suit} and keep the strong cards"},
    "why.lead": {"ja": "{card}で出る", "en": "lead the {card}"},
    "why.feed": {"ja": "味方が取る巡に{card}を渡す",
                 "en": "give the {card} to your partner's trick"},
    "why.partner_has_it": {"ja": "味方が取る巡なので低い札で",
                           "en": "your partner wins this trick: play low"},
    "why.take_power": {"ja": "{card}で旗札{n}枚を取る", "en": "take {n} honors with the {card}"},
    "why.ruff": {"ja": "切札で切って旗札{n}枚を取る", "en": "trump in to take {n} honors"},
    "why.head": {"ja": "{card}で巡を取りにいく（場の旗札{n}枚）",
                 "en": "head the trick with the {card} (honors at stake: {n})"},
    "why.take": {"ja": "{card}で旗札{n}枚を取る", "en": "the {card} takes {n} honors"},
    "why.lose_least": {"ja": "この巡は取れない: 後で一番困らない札を",
                       "en": "this trick is lost: give what costs least later"},
    "why.duck": {"ja": "取れない巡には低い札を", "en": "play low into a trick you cannot win"},
    "why.bid": {"ja": "旗札およそ{n}枚の見込み", "en": "the hand should take about {n} honors"},
    "why.bid_stretch": {
        "ja": "手札だけでは旗札およそ{n}枚だが、台札と副官で{bid}枚に届くことが{pct}%あり、"
              "ほかのどの手より得点の見込みが高い",
        "en": "the hand alone takes about {n} honors, but with the kitty and a partner it "
              "makes {bid} in {pct}% of games: still the best-scoring choice",
    },
    "why.pass_weak": {"ja": "どの切札でも契約は難しい", "en": "no trump makes a contract likely"},
    "why.pass_risky": {"ja": "ビッドしても勝率{pct}%しかない",
                       "en": "the best bid wins only {pct}% of the time"},
    "why.call_alone": {"ja": "{card}は自分の手にある: 独り立ち",
                       "en": "you hold the {card}: play alone"},
    "why.call_power": {"ja": "持っていない一番強い札{card}を指名",
                       "en": "call the {card}, the strongest card you lack"},
    "why.call_card": {"ja": "{card}の持ち主を副官に", "en": "the {card}'s holder helps most"},
    "why.make_void": {"ja": "{suit}を捨てて切札で切れるようにする",
                      "en": "empty {suit} so you can trump it"},
    "why.discard_honor": {"ja": "旗札を捨てても他を残す方が得",
                          "en": "keeping the other cards is worth this honor"},
    "why.discard_low": {"ja": "役に立たない低い札を捨てる",
                        "en": "discard the cards that win nothing"},
    "why.keep_contract": {"ja": "今の切札と指名のままで", "en": "keep the trump and the call"},
    "why.change_trump": {"ja": "切札を変える方が強い",
                         "en": "the hand is stronger in another trump"},
    "why.forced": {"ja": "出せる札はこれだけ", "en": "the only legal card"},
    "why.best": {"ja": "強いCPUの選択", "en": "the strong computer's choice"},
    # The review.
    "review.button": {"ja": "レビュー", "en": "Review"},
    "review.cost": {"ja": "−{pts}点", "en": "−{pts} pts"},
    "review.cost_honors": {"ja": "−{pts}点・旗札−{honors}", "en": "−{pts} pts, −{honors} honors"},
    "review.where_bid": {"ja": "ビッド", "en": "Bidding"},
    "review.where_call": {"ja": "副官指名", "en": "The call"},
    "review.where_exchange": {"ja": "後引札の交換", "en": "The exchange"},
    "review.where_change": {"ja": "切札変更", "en": "The change"},
    "review.where_trick": {"ja": "第{n}巡", "en": "Trick {n}"},
    "review.oracle": {"ja": "全部見えるCPU: {action}", "en": "All-seeing player: {action}"},
    "review.why": {"ja": "理由: {why}", "en": "Why: {why}"},
    "review.step_contract": {"ja": "ビッドと指名", "en": "Bidding and the call"},
    "review.hands": {"ja": "各自の手札（この巡の前）", "en": "Every hand (before this trick)"},
    "review.trick": {"ja": "この巡", "en": "This trick"},
    "review.auction": {"ja": "ビッド: {bids}", "en": "Bids: {bids}"},
    "review.contract": {"ja": "{who}が{bid}、指名{card}", "en": "{who}: {bid}, called the {card}"},
}


def register() -> None:
    """Merge these strings into the page's catalog (once is enough; again is harmless)."""
    from napoleon.ui_dom.i18n import catalog

    catalog().update(STRINGS)
