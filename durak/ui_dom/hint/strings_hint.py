"""The Durak hint's strings, in Japanese and English: the hinted action, and one phrase
per reason kind of :data:`durak.ai.hint.KINDS` (``why.<kind>``), of the pile games'
:data:`durak.ai.pile_hint.KINDS` (``pwhy.<kind>``) and of the suit deal's dealing
(``sdwhy.<kind>``).

Registered into the page's catalog when the hint is first mounted
(:func:`register`), not at start-up: the first screen never needs them.  The
hint's button, progress and failure are the page shell's
(:mod:`cardkit.ui_dom.strings_shell`).
"""

from __future__ import annotations

from typing import Final

_ja_en = tuple[str, str]

_HINT: dict[str, _ja_en] = {
    "hint.title": ("ヒント: {action}", "Hint: {action}"),
    "hint.figures": ("強いCPUの試算: ドゥラークにならない見込み {pct}%",
                     "The strong computer's estimate: {pct}% not to be the durak"),
    # The figure the strong search ranks by comes first: the tree's share of its
    # look-ahead, or (the flat search) the chance of not being the durak; "about … ±"
    # where another option is within the search's noise of it.
    "hint.share": ("強いCPUはこの手をいちばん多く読みました（読みの{share}%）。"
                   "ドゥラークにならない見込み: {chance}",
                   "The strong computer looked hardest at this move ({share}% of its "
                   "look-ahead); chance not to be the durak: {chance}"),
    "hint.chance_first": ("強いCPUの試算: ドゥラークにならない見込み {chance}",
                          "The strong computer's estimate of the chance not to be the "
                          "durak: {chance}"),
    "hint.pct": ("{pct}%", "{pct}%"),
    "hint.pct_near": ("約{pct}%（±{se}）", "about {pct}% (± {se})"),
    "hint.opt_share": ("{action}: 読みの{share}%・見込み{chance}",
                       "{action}: {share}% of the look-ahead, chance {chance}"),
    "hint.opt_chance": ("{action}: {chance}", "{action}: {chance}"),
    "hint.others": ("ほかの手", "Other moves"),
    "hint.noise": ("約: 最善の手との差が小さく、強いCPUが試した回数では見分けられません"
                   "（±は数字のぶれの目安）",
                   "about: too close to the best move for the computer's tries to tell "
                   "apart (± is how far the figure may be off)"),
    "hint.sep": ("、", ", "),
    # The chance in a player's words, in front; the search's figures behind a tap.
    "hint.plain": ("10回やれば{n}回ほどはドゥラークにならずに済む手です",
                   "Keeps you out of the durak's seat about {n} times in 10"),
    "hint.plain_all": ("ほぼ確実にドゥラークにならずに済む手です",
                       "Keeps you out of the durak's seat almost every time"),
    "hint.plain_none": ("ドゥラークになりそうな局面ですが、いちばん望みのある手です",
                        "You are likely to be the durak from here: this move gives you "
                        "the best chance left"),
    "hint.line": ("{head}。{plain}", "{head}. {plain}"),
    "hint.more": ("強いCPUの計算を見る", "How the strong computer weighed it"),
    # The hinted action, in the imperative.
    "hact.baltic": ("{target}を{card}で返し{extra}を足す",
                    "cover {target} with {card}, adding {extra}"),
    "hact.slot": ("{n}枚目を出す", "play card {n}"),
    "hact.cover_slot": ("{target}を{n}枚目で返す", "cover {target} with card {n}"),
    # Why (durak.ai.hint.KINDS).
    "why.only": ("打てる手はこれだけです", "it is the only move you have"),
    "why.endgame": ("残りの札はすべて分かっています: 最後まで読み切った手です",
                    "every card left is known: this move is best, counted to the end"),
    "why.search": ("強いCPUが残りの札を何通りも試して、いちばん良かった手です",
                   "it did best when the strong computer played the game out many ways"),
    "why.cover_lowest": ("{target}を返せるいちばん低い札です: {keeps}は後に取っておけます",
                         "the lowest card that beats {target}: keeps {keeps} for later"),
    "why.cover_only": ("{target}を返せるのは{card}だけです: 返せば引き取らずに済みます",
                       "only {card} beats {target}: covering spares you a take"),
    "why.cover_trump": ("{target}は切札でしか返せません: そのうちいちばん低い切札です",
                        "only a trump beats {target}, and this is your lowest one"),
    "why.cover_last": ("最後の1枚で{target}を返せます", "your last card beats {target}"),
    "why.take_cannot": ("手札では攻撃の札をすべては返せません",
                        "your cards cannot beat every attack card"),
    "why.take_trumps": ("返すには切札を{n}枚使います: 引き取れば切札が残ります",
                        "covering would spend {n} trump(s): taking keeps them"),
    "why.transfer_show": ("{cards}を見せるだけで次の人に回せます: 札を1枚も使いません",
                          "showing {cards} hands the attack on without spending a card"),
    "why.transfer_cannot": ("攻撃の札をすべては返せません: {cards}で次の人に回します",
                            "you cannot beat every attack card: {cards} hands the attack on"),
    "why.transfer_trumps": ("返すには切札を{n}枚使います: {cards}で回せば切札が残ります",
                            "covering would spend {n} trump(s): transferring with {cards} "
                            "keeps them"),
    "why.transfer_shed": ("{cards}で回せば、返さずに手札が減り、攻撃は次の人へ",
                          "transferring with {cards} sheds a card and hands the attack on"),
    "why.attack_unbeatable": ("守る人は{card}を返せません: 返せる札は出たか、あなたの手にあります",
                              "the defender cannot beat {card}: every card that could is "
                              "gone or in your hand"),
    "why.attack_set": ("同じ数の{cards}を一度に出せば、1回で手札から出て行きます",
                       "leading {cards} together gets them out of your hand in one bout"),
    "why.attack_lowest": ("いちばん低い{card}で攻撃: 高い札と切札は残せます",
                          "your lowest card, {card}: keeps the higher cards and the trumps"),
    "why.throw_unbeatable": ("守る人は{card}を返せません: 返せる札は出たか、あなたの手にあります",
                             "the defender cannot beat {card}: every card that could is "
                             "gone or in your hand"),
    "why.throw_taking": ("守る人は引き取ります: いらない{card}を渡せます",
                         "the defender is taking: give them {card}, a card you need not keep"),
    "why.throw_rank": ("場に同じ数があり、切札を使わずに攻めを続けられます",
                       "its rank is on the table, and adding it keeps your trumps"),
    "why.pass_trumps": ("追加できるのは切札だけです: 取っておきましょう",
                        "only trumps could be added: keep them"),
    "why.cube_double": ("勝つ見込みが{pct}%以上あります: ダブルの好機です",
                        "your chance of winning is {pct}% or more: time to double"),
    "why.cube_wait": ("勝つ見込みが{pct}%に届きません: まだダブルしません",
                      "your chance of winning is under {pct}%: do not double yet"),
    "why.cube_accept": ("勝つ見込みが{pct}%以上: 受けるほうが降りるより損が少なくなります",
                        "your chance of winning is {pct}% or more: accepting loses less "
                        "than folding"),
    "why.cube_fold": ("勝つ見込みが{pct}%未満: 降りるほうが損が少なくなります",
                      "your chance of winning is under {pct}%: folding loses less"),
    # The pile games' hint (durak.ai.pile_hint.KINDS; "only" is why.only).
    "phact.lay": ("{card}を出す", "lay {card}"),
    "phint.figures": ("ドゥラークにならない見込み {pct}%"
                      "（強いCPUが{worlds}通りの配りで最後まで試した結果）",
                      "Chance not to be the durak: {pct}% (the strong computer played "
                      "{worlds} deals to the end)"),
    "phint.next": ("次点 {move}: {pct}%", "next best, {move}: {pct}%"),
    "phint.one_world": ("ドゥラークにならない見込み {pct}%（札の場所はすべて分かっています）",
                        "Chance not to be the durak: {pct}% (every card's place is known)"),
    "pwhy.known": ("札の場所はすべて分かっています: 最後まで数えた手です",
                   "every card's place is known: this move is counted to the end"),
    "pwhy.beat_only": ("{target}に出せるのは{card}だけです: 出せば取らずに済みます",
                       "only {card} can go on {target}: laying it spares you a take"),
    "pwhy.beat_lowest": ("{target}に出せるいちばん弱い札です: {keeps}は後に取っておけます",
                         "the weakest card you can lay on {target}: keeps {keeps} for later"),
    "pwhy.lead_lowest": ("いちばん弱い{card}から出します: 強い札は残せます",
                         "your weakest card, {card}: keeps the stronger ones"),
    # The figures behind these are the hint's fold's (phint.figures, phint.next).
    "pwhy.take_better": ("どの札を出すより、取るほうが良い結果でした",
                         "taking did better than any card you could lay"),
    "pwhy.tie": ("どの手も同じ結果でした: 強いCPUならこれを選びます",
                 "every move came out the same: this is the strong computer's pick"),
    "pwhy.search": ("強いCPUが残りの札を何通りも試して、いちばん良かった手です",
                    "it did best when the strong computer played the game out many ways"),
    # The pile games' review (durak.ui_dom.review.pile_review_view).
    "prev.step": ("あなたの{n}手目 (全{total}手)", "Your decision {n} of {total}"),
    # {pct}: the chance of not being the durak after the move.
    "prev.you": ("あなた: {move}（ドゥラークにならない見込み {pct}）",
                 "You: {move} (chance not to be the durak: {pct})"),
    "prev.person": ("{name}: {move}（ドゥラークにならない見込み {pct}）",
                    "{name}: {move} (chance not to be the durak: {pct})"),
    "prev.strong": ("強いCPU: {move}（ドゥラークにならない見込み {pct}）",
                    "Strong computer: {move} (chance not to be the durak: {pct})"),
    "prev.same": ("強いCPUも同じ手です", "The strong computer's move too"),
    "prev.hand": ("手札: {cards}", "Your hand: {cards}"),
    "prev.top": ("場札の一番上: {card}", "Top of the pile: {card}"),
    "prev.empty": ("場札はありません", "The pile is empty"),
    # The suit deal's dealing (its computers' deal_hint).
    "sdhact.take_plain": ("{card}を取る", "take {card}"),
    "sdhint.figures": ("強いCPUは取る札の高さで選びます: {card}は合う{n}枚でいちばん高い札です",
                       "The strong computer ranks by the card taken: {card} is the highest "
                       "of the {n} that fit"),
    "sdwhy.deal_highest": ("高い札は切札が何になっても強い札です: 低い{low}は後で取る人に回ります",
                           "a high card is strong in play whatever trump turns up; the low "
                           "{low} goes to whoever takes it later"),
}

#: Every string of the hint, ``{key: {"ja": ..., "en": ...}}``.
STRINGS: Final[dict[str, dict[str, str]]] = {
    key: {"ja": ja, "en": en} for key, (ja, en) in _HINT.items()
}


def register() -> None:
    """Merge these strings into the page's catalog (once is enough; again is harmless)."""
    from durak.ui_dom.i18n import catalog

    catalog().update(STRINGS)
