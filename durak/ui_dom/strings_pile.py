"""Japanese and English strings of the pile games at Durak's table (issue 34).

``pile.*`` are the table's words (the pile, whose turn, what a click does, the
log of moves, the end); ``opt.``/``help.``/``val.`` the settings' rows of the
modes' own options (:data:`durak.ui_dom.modes.PAGE_MODES`).  The terms follow
DURAK.md §3.6 and its source post (seed 003).
"""

from __future__ import annotations

from typing import Final

_ja_en = tuple[str, str]


def _cat(pairs: dict[str, _ja_en]) -> dict[str, dict[str, str]]:
    return {k: {"ja": ja, "en": en} for k, (ja, en) in pairs.items()}


#: Each mode's option: (label ja, label en, help ja, help en).
_OPTIONS: dict[str, tuple[str, str, str, str]] = {
    "d9": ("ダイヤの9", "9 of diamonds",
           "ダイヤの9を持つ人から始め、ダイヤの9はどの札にも出せて場を流す",
           "The 9 of diamonds' holder leads first; the 9 of diamonds on any card clears the pile"),
    "chinese_deal_all": ("全部配る", "Deal all", "山札を残さず全部配る",
                         "Deal every card, no talon"),
    "chinese_ten": ("10の位置", "The 10", "10をKとAの間の強さにする",
                    "The 10 ranks between the king and the ace"),
    "chinese_clear": ("場を流す枚数", "Pile cleared at", "5枚、または残りの人数で場を流す",
                      "The pile is discarded at 5 cards, or at as many cards as players left"),
    "chuk_first": ("2回目からの先手", "First in later games",
                   "2ゲーム目からは親の左か右の人から始める",
                   "From the second game, the dealer's left or right neighbour plays first"),
    "heap_take": ("引き取る札", "A take picks up",
                  "場の札を全部、または上から5枚 (切札) か3枚引き取る",
                  "The whole table, or its top 5 cards (on a trump) or 3"),
}

_VALUES: dict[str, _ja_en] = {
    "val.chinese_clear.five": ("5枚", "5 cards"),
    "val.chinese_clear.players": ("残りの人数", "Players left"),
    "val.chuk_first.left": ("親の左", "Dealer's left"),
    "val.chuk_first.right": ("親の右", "Dealer's right"),
    "val.heap_take.all": ("全部", "All"),
    "val.heap_take.last": ("上の5枚か3枚", "Top 5 or 3"),
}

_TABLE: dict[str, _ja_en] = {
    "pile.label": ("場の山", "The pile"),
    "pile.count": ("場 {n}枚", "Pile: {n}"),
    "pile.empty": ("場に札はありません", "The pile is empty"),
    "pile.top": ("一番上: {card}", "Top card: {card}"),
    "pile.bottom": ("一番下: {card}", "Bottom card: {card}"),
    "pile.card": ("場の{n}枚目: {card}", "Pile card {n}: {card}"),
    "pile.hidden": ("下にあと{n}枚", "{n} more below"),
    "pile.trump_card": ("切札を決めた札 {card}", "The card that set trump: {card}"),
    "pile.attack": ("{card}で攻撃中", "{card} attacks"),
    "pile.game_no": ("第{n}ゲーム", "Game {n}"),
    "pile.out": ("上がり", "Out"),
    "pile.turn": ("番", "To act"),
    "pile.durak": ("ドゥラーク", "Durak"),
    "pile.take.kurukuru": ("一番下の札を引き取る", "Take the bottom card"),
    "pile.take.chinese": ("一番下の札を引き取る", "Take the bottom card"),
    "pile.take.chukhonsky": ("一番上の札を引き取る", "Take the top card"),
    "pile.take.heap_all": ("場の札を全部引き取る", "Take the whole table"),
    "pile.take.heap_last": ("上から5枚か3枚引き取る", "Take the top 5 or 3 cards"),
    "pile.status.lead": ("あなたの番です。場に出すカードを選んでください",
                         "Your turn: choose a card to lay on the pile"),
    "pile.status.beat": ("あなたの番です。{card}より強い札を出すか、引き取ってください",
                         "Your turn: beat the {card} or take"),
    "pile.status.take_only": ("あなたの番です。出せる札がないので引き取ってください",
                              "Your turn: nothing beats it, so take"),
    "pile.status.attack": ("あなたの番です。左の人に攻撃する札を選んでください",
                           "Your turn: choose a card to attack your left neighbour"),
    "pile.status.over": ("ゲーム終了: ドゥラークは{name}", "Game over: {name} is the durak"),
    "pile.status.draw": ("ゲーム終了: 同じ局面が3回で引き分け ({names})",
                         "Game over: a draw by repetition ({names})"),
    "pile.announce.lay": ("{name}: {card}を出す", "{name} lays the {card}"),
    "pile.announce.take": ("{name}: 引き取る", "{name} takes"),
    "pile.result.durak": ("ドゥラーク: {name}", "Durak: {name}"),
    "pile.result.draw": ("引き分け", "Draw"),
    "pile.rules.title": ("遊び方: {name}", "How to play: {name}"),
    "pile.rules.kurukuru": (
        "くるくる: 全部配り、親の札が切札。順に場の一番上の札より強い札を出すか、一番下の札を"
        "引き取る。場が残りの人数と同じ枚数になったら流し、最後に出した人から。手札がなくなったら上がり。",
        "Kurukuru: all cards are dealt, the dealer's last card sets trump. In turn each beats "
        "the pile's top card or takes its bottom card; once the pile holds as many cards as "
        "players are left it is discarded and the last card's player leads. No cards: out."),
    "pile.rules.chinese": (
        "中国式: スペードが切札、クラブはより高いクラブでしか返せない。6枚ずつ配り、攻撃の札に順に"
        "返していく。5枚で場を流す。返せない人は一番下の札を引き取り、残りは捨てる。",
        "Chinese: spades are trump and only a higher club beats a club. Six cards each; each "
        "in turn beats the top card; at 5 cards the pile is discarded. One who does not beat "
        "takes the bottom card and the rest is discarded."),
    "pile.rules.chukhonsky": (
        "チュホンスキー: 全部配り、順に一番上の札より強い札を出すか、一番上の札を引き取る "
        "(残りは捨てる)。エースを出すと場が流れ、もう一度出せる。",
        "Chukhonsky: all cards are dealt; in turn each beats the top card or takes it (the "
        "rest is discarded). An ace clears the pile and its player plays again."),
    "pile.rules.heap": (
        "山積み: 3枚ずつ。攻撃された人は返して、その札で左の人を攻撃するか、場の札を引き取る。"
        "札は捨てられず、場に積み上がる。",
        "Heap: three cards each. The defender beats the attack card and attacks their left "
        "neighbour, or takes the table; nothing is discarded, the cards pile up."),
}

STRINGS: Final = _cat({
    **{f"opt.{k}": (v[0], v[1]) for k, v in _OPTIONS.items()},
    **{f"help.{k}": (v[2], v[3]) for k, v in _OPTIONS.items()},
    **_VALUES,
    **_TABLE,
})
