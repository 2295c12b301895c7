"""Japanese and English strings of ``mode=suit_deal``'s dealing at Durak's table.

``sd.*`` are the dealing's words (the table cards, the turned card, whose turn,
what a click takes, each step of the dealing in the log and the record's words,
the end of a dealing that leaves one hand); ``howto.suit_deal`` is its how-to (as
every game's of the family, :mod:`durak.ui_dom.table.strings_pile`); the play is the
ordinary game's, with its own words.  The terms follow docs/rules/durak.md §3.6
(印合わせ) and the rules page's paragraph (:mod:`durak.ui_dom.rules.strings_rules`).  The
English lines that name a seat are in the past tense or name it first with a
colon, so they read the same after "You" and after "CPU1".
"""

from __future__ import annotations

from typing import Final

from durak.family.modes import KIND_SUIT_DEAL, SUIT_DEAL

_ja_en = tuple[str, str]

_PAIRS: dict[str, _ja_en] = {
    # The game's name (the setting "Game", the statistics, the titles) and its paragraph
    # in the rule book's list of the family's games (docs/rules/durak.md §3.6).
    f"val.mode.{SUIT_DEAL}": ("印合わせ", "Suit deal"),
    f"rules.mode.{SUIT_DEAL}": (
        "印合わせ: 手札なしで、場に1枚表向きに置く。配り手の左隣から順に山札を1枚めくり、"
        "同じ印で小さい札が場にあれば両方取って (何枚かあれば1枚選ぶ) 次の札を場に置き、"
        "なければめくった札を場に置く。最後の札が切札を決め、その人が場の札を全部取る。"
        "取った札はみんなに見えている。その後は基本のゲーム (山札なし、たらい回しは設定"
        "どおり) で、一番弱い切札を持つ人が最初に攻める。",
        "Suit deal: no hands; one card lies face up. From the dealer's left each turns "
        "the talon's top card: if a lower card of its suit is on the table, they take "
        "both (choosing one if several fit) and turn the next card onto the table; "
        "else the card stays there. The last card sets trump and its player takes the "
        "whole table. Every taken card was seen by all. Then the default game, with no "
        "talon and transfer as set; the lowest trump attacks first."),
    "sd.table.label": ("場の札", "Table cards"),
    "sd.table.empty": ("場に札はありません", "No cards on the table"),
    "sd.turned": ("めくった札: {card}", "Turned: {card}"),
    "sd.take": ("{card}を{target}と一緒に取る", "Take the {card} with the {target}"),
    "sd.table_card": ("場の札: {card}", "On the table: {card}"),
    "sd.choose": ("{card}で取る札をクリック (またはタップ): {targets}",
                  "Click (or tap) the card the {card} takes: {targets}"),
    "sd.or": ("か", " or "),
    "sd.fits": ("{card}と同じスートで小さい札を取れます",
                "The {card} takes a lower card of its suit"),
    "sd.taken": ("取った札: {cards}", "Taken: {cards}"),
    "sd.taken_none": ("取った札なし", "Nothing taken yet"),
    "sd.cards": ("{n}枚", "{n} cards"),
    "sd.turn": ("めくる", "Turn"),  # short: a badge in a narrow panel (6 players, phone)
    "sd.dealer": ("配り手", "Dealer"),
    "sd.phase": ("配り (印合わせ)", "The suit deal"),
    "sd.status.turning": ("めくる番: {name}", "Turning: {name}"),
    "sd.status.choose": ("{card}をめくりました。一緒に取る場の札を選んでください",
                         "You turned the {card}: choose the table card it takes"),
    # Pass-and-play's dealing: the device goes round with no privacy screen.
    "sd.status.choose_person": (
        "{name}の番: {card}をめくりました。一緒に取る場の札を選んでください",
        "{name}'s turn: the {card} was turned. Choose the table card it takes"),
    "sd.status.choosing": ("{name}が{card}で取る札を選んでいます",
                           "Choosing the card the {card} takes: {name}"),
    "sd.status.over": ("配り終わり: 札を持つのは{name}だけ。{name}がドゥラーク",
                       "The dealing is over, leaving cards only to the durak: {name}"),
    "sd.steps.title": ("配りの記録", "The dealing, step by step"),
    "sd.step.first": ("場に{card}を表向きに置く", "The {card} was laid face up on the table"),
    "sd.step.lay": ("{name}: {card}をめくる。合う札がなく場に置く",
                    "{name}: turned the {card}; nothing fit, it stayed on the table"),
    "sd.step.take": ("{name}: {card}をめくり、{target}と一緒に取る",
                     "{name}: turned the {card} and took it with the {target}"),
    "sd.step.turn": ("{name}: {card}を場にめくる", "{name}: turned the {card} onto the table"),
    "sd.step.last": ("{name}: 最後の札{card}をめくる。切札は{suit}。場の札 ({cards}) と一緒に取る",
                     "{name}: turned the last card, the {card} ({suit} trump), and took it "
                     "with the table ({cards})"),
    "sd.step.last_alone": ("{name}: 最後の札{card}をめくって取る。切札は{suit}",
                           "{name}: turned and took the last card, the {card} ({suit} trump)"),
    "sd.played": ("配り終わり。切札は{suit}、一番小さい切札を持つ{name}から攻める",
                  "Dealt: {suit} trump; {name}, holding the lowest trump, attacked first"),
    "howto.suit_deal": (
        "手札なしで、場に1枚表向きに置きます。\n"
        "配り手の左隣から順に山札を1枚めくり、場の札と同じスートでより大きければ両方を取り、"
        "次の札を場にめくります (複数合えば取る札を選ぶ)。合わなければ場に置きます。\n"
        "最後の札のスートが切札で、めくった人がその札と場の札を全部取ります。\n"
        "そのあと山札なしの普通のドゥラークを、一番小さい切札を持つ人から始めます。取った札は"
        "すべて表向きだったので、全員の手札が分かっています。",
        "No hands: one card is laid face up.\n"
        "From the dealer's left, each in turn turns the talon's top card: of a table card's "
        "suit and higher, it takes both (choosing if several fit) and turns the next card "
        "onto the table; else the card stays there.\n"
        "The last card's suit is trump, and its player takes it and every table card.\n"
        "Then ordinary Durak with no talon, the lowest trump first. Every card was taken "
        "face up, so all hands are known."),
    # The end's judgement of the human's dealing choices (durak.suit_deal.ai.deal_review:
    # the dealing hint's choice, the higher card of the suit).
    "sd.review.title": ("配りでの選択", "Your choices in the dealing"),
    "sd.review.none": ("選べる場面はありませんでした", "You had no choice to make"),
    "sd.review.summary": ("{n}回のうち{same}回、ヒントと同じ札を取りました",
                          "{same} of {n} as the hint would take"),
    "sd.review.other": ("{k}回目: {turned}で{played}を取りました。ヒントは{best}",
                        "Choice {k}: you took the {played} with the {turned}; the hint "
                        "takes the {best}"),
    # At pass-and-play: every person's choices, each under their own name.
    "sd.review.title_people": ("配りでの選択", "Choices in the dealing"),
    "sd.review.none_person": ("{name}には選べる場面がありませんでした",
                              "{name} had no choice to make"),
    "sd.review.other_person": ("{k}回目: {name}は{turned}で{played}を取りました。ヒントは{best}",
                               "Choice {k}: {name} took the {played} with the {turned}; "
                               "the hint takes the {best}"),
}

STRINGS: Final[dict[str, dict[str, str]]] = {
    **{k: {"ja": ja, "en": en} for k, (ja, en) in _PAIRS.items()},
    # The key to the two-part notation (:data:`durak.ui_dom.record.family_words.NOTATION_KEYS`).
    f"record.key.{KIND_SUIT_DEAL}": {
        "ja": "席の番号は0から（0＝あなた、1＝CPU1…）。札はランク＋スート（T＝10、"
              "S♠・H♥・D♦・C♣）。table 7H＝最初に表向きに置いた札。0:8S＝0がめくった♠8を場に置く。"
              "1:9H=7H＝1が♥9で場の♥7を取る。+3C＝続けて♣3を場にめくる。all＝最後の札で場の札を全部取る。"
              "DURAKの行からはふつうのドゥラークの記録（b1 0>1＝第1バウト、0が1を攻撃、"
              "+0:7C＝出す、/1:9C=7C＝受ける、!＝引き取り）。",
        "en": "Seats are numbered from 0 (0 = you, 1 = CPU1 …). A card is its rank and suit "
              "(T = 10; S♠, H♥, D♦, C♣). table 7H = the card first laid face up. "
              "0:8S = seat 0 turned the 8♠ and left it on the table. 1:9H=7H = seat 1 took "
              "the table's 7♥ with the 9♥. +3C = then turned the 3♣ onto the table. all = the "
              "last card takes every table card. From the DURAK line on, the ordinary game's "
              "record (b1 0>1 = bout 1, seat 0 attacks seat 1; +0:7C = leads; "
              "/1:9C=7C = covers; ! = takes)."},
}
