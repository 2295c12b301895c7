"""Japanese and English strings of the pile games at Durak's table.

``pile.*`` are the table's words (the pile, whose turn, what a click does, the
log of moves, the end); ``opt.``/``help.``/``val.`` the settings' rows of the
modes' own options (:data:`durak.ui_dom.modes.PAGE_MODES`); ``howto.<mode>`` a
game's how-to in short paragraphs, one a line, folded under the hand and opening
the game's rules page (every game of the family but the ordinary one has one: a
game registered later brings its own, ``GameEntry.how_to``).  The terms follow
docs/rules/durak.md §3.6 and the post it names as its source.
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
    "pile.attack_by": ("{attacker}が{target}を{card}で攻撃中",
                       "{attacker} attacked {target} with the {card}"),
    # Heap and polish: every attack goes to the next seat in turn, drawn as a ring
    # of the seats still in, from the human's seat back to it.
    "pile.order": ("攻撃の向き", "Attacks go"),
    "pile.game_no": ("第{n}ゲーム", "Game {n}"),
    "pile.out": ("上がり", "Out"),
    "pile.turn": ("番", "To act"),
    "pile.durak": ("ドゥラーク", "Durak"),
    "pile.take.kurukuru": ("一番下の札を引き取る", "Take the bottom card"),
    "pile.take.chinese": ("一番下の札を引き取る", "Take the bottom card"),
    "pile.take.chukhonsky": ("一番上の札を引き取る", "Take the top card"),
    "pile.take.heap_all": ("場の札を全部引き取る", "Take the whole table"),
    "pile.take.heap_last": ("上から5枚か3枚引き取る", "Take the top 5 or 3 cards"),
    "pile.take.crusaders": ("一番下の札を引き取る", "Take the bottom card"),
    "pile.take.polish": ("一番上の札を引き取る", "Take the top card"),
    "pile.take.polish_late": ("上から3枚引き取る", "Take the top 3 cards"),
    "pile.talon.draw": ("山札から1枚引いて返す", "Draw from the talon to beat it"),
    "pile.talon.attack": ("山札をめくって攻撃する", "Turn a talon card to attack"),
    "pile.status.lead": ("あなたの番です。場に出すカードを選んでください",
                         "Your turn: choose a card to lay on the pile"),
    "pile.status.beat": ("あなたの番です。{card}より強い札を出すか、引き取ってください",
                         "Your turn: beat the {card} or take"),
    "pile.status.take_only": ("あなたの番です。出せる札がないので引き取ってください",
                              "Your turn: nothing beats it, so take"),
    "pile.status.attack": ("あなたの番です。{name}を攻撃する札を選んでください",
                           "Your turn: choose a card to attack {name}"),
    "pile.status.talon_draw": (
        "あなたの番です。手札がないので、山札から1枚引いて{card}に返してください",
        "Your turn: your hand is empty, so draw from the talon against the {card}"),
    "pile.status.talon_attack": (
        "あなたの番です。手札がないので、山札をめくって{name}を攻撃してください",
        "Your turn: your hand is empty, so turn a talon card to attack {name}"),
    "pile.status.over": ("ゲーム終了: ドゥラークは{name}", "Game over: the durak is {name}"),
    "pile.status.draw": ("ゲーム終了: 同じ局面が3回で引き分け ({names})",
                         "Game over: a draw by repetition ({names})"),
    "pile.status.draw_out": ("ゲーム終了: 全員が同時に上がって引き分け",
                             "Game over: everyone went out together, a draw"),
    "pile.announce.lay": ("{name}: {card}を出す", "{name} laid the {card}"),
    "pile.announce.take": ("{name}: 引き取る", "{name} took"),
    # What the record and the recent moves know of the pile before a move (§3.6): the
    # card a lay beat, a lay that attacked the next player, the cards a take picked up.
    "pile.announce.beat": ("{name}: {card}を{target}に返す",
                           "{name} beat the {target} with the {card}"),
    "pile.announce.attack": ("{name}: {card}で攻撃", "{name} attacked with the {card}"),
    "pile.announce.took": ("{name}: {cards}を引き取る", "{name} took {cards}"),
    "pile.announce.talon": ("{name}: 山札をめくる", "{name} turned a talon card"),
    "pile.announce.talon_attack": ("{name}: 山札から{card}をめくって攻撃",
                                   "{name} turned the {card} from the talon to attack"),
    "pile.announce.talon_beat": ("{name}: 山札から{drawn}を引いて{faced}に返す",
                                 "{name} drew the {drawn} and beat the {faced} with it"),
    "pile.announce.talon_beat_attack": (
        "{name}: 山札から{drawn}を引いて{faced}に返し、{attack}をめくって攻撃",
        "{name} drew the {drawn}, beat the {faced} with it and turned the {attack} to "
        "attack"),
    "pile.announce.talon_fail": (
        "{name}: 山札から引いた{drawn}は{faced}に勝てず、2枚を引き取る",
        "{name} drew the {drawn}, which did not beat the {faced}, and took both"),
    "pile.announce.talon_fail_attack": (
        "{name}: 山札から引いた{drawn}は{faced}に勝てず、2枚を引き取って{attack}をめくって攻撃",
        "{name} drew the {drawn}, which did not beat the {faced}, took both and turned "
        "the {attack} to attack"),
    # crusaders' dealing phase (no choice: played out at once), said in the log.
    "pile.deal.faceup": (
        "十字軍の配り: 表向きの札は{cards}。{name}から山札を引く。山札がなくなったら各自の山を"
        "手札に入れる",
        "The crusaders' deal: face up {cards}; {name} to draw first; once the talon is gone "
        "each pile goes into its owner's hand"),
    "pile.deal.seat_card": ("{name}に{card}", "the {card} to {name}"),
    "pile.deal.draws": ("{name}が引いた札: {draws}", "{name} drew: {draws}"),
    "pile.deal.onto": ("{card}を{owner}の山へ", "the {card} onto the pile of {owner}"),
    "pile.deal.own": ("{card}を自分の山へ", "the {card} onto own pile"),
    "pile.deal.hand": ("{card}を手札へ", "the {card} into the hand"),
    "pile.deal.hidden": ("1枚を手札へ (見えない)", "an unseen card into the hand"),
    "pile.result.durak": ("ドゥラーク: {name}", "Durak: {name}"),
    "pile.result.draw": ("引き分け", "Draw"),
    "pile.result.repetition_why": (
        "全員の手札、場の山、手番がまったく同じ局面が3回目になり、いつまでも終わらないので"
        "引き分けです (誰もドゥラークになりません)。",
        "The same position (every hand, the pile, whose turn) came round a third time, so "
        "the game could have gone on for ever: it is a draw and nobody is the durak."),
    "howto.title": ("遊び方: {name}", "How to play: {name}"),
    "howto.kurukuru": (
        "全部配り、親の札が切札。順に場の一番上の札より強い札を出すか、一番下の札を"
        "引き取る。場が残りの人数と同じ枚数になったら流し、最後に出した人から。手札がなくなったら上がり。",
        "All cards are dealt, the dealer's last card sets trump. In turn each beats "
        "the pile's top card or takes its bottom card; once the pile holds as many cards as "
        "players are left it is discarded and the last card's player leads. No cards: out."),
    "howto.chinese": (
        "スペードが切札、クラブはより高いクラブでしか返せない。6枚ずつ配り、攻撃の札に順に"
        "返していく。5枚で場を流す。返せない人は一番下の札を引き取り、残りは捨てる。"
        "山札があるうちは、場が流れるか引き取られるたびに、攻めた人から順に6枚まで補充する。",
        "Spades are trump and only a higher club beats a club. Six cards each; each "
        "in turn beats the top card; at 5 cards the pile is discarded. One who does not beat "
        "takes the bottom card and the rest is discarded. While the talon lasts, each time a "
        "pile is discarded or taken, everyone refills to 6, the pile's attacker first."),
    "howto.chukhonsky": (
        "全部配り、順に一番上の札より強い札を出すか、一番上の札を引き取る "
        "(残りは捨てる)。エースを出すと場が流れ、もう一度出せる。",
        "All cards are dealt; in turn each beats the top card or takes it (the "
        "rest is discarded). An ace clears the pile and its player plays again."),
    # Short paragraphs, one a line; "the next player" is matched to the table's seats
    # by the pile games' shared words (durak.ui_dom.rules.strings_family_rules.PILE).
    "howto.heap": (
        "3枚ずつ配り、次の1枚を山札の下に表向きに置く。その印が切札。\n"
        "攻め手が場に1枚出す。攻撃された人はその札に勝つ札を重ね、手札からもう1枚出して"
        "次の人 (テーブルの「攻撃の向き」で次の席。あなたの次はCPU1) を攻撃する。"
        "または場の札を引き取り、引き取った人の次の人が攻める。\n"
        "山札があるうちは、攻守が済むたびに (返すか引き取るたびに) 2枚以下の人が3枚まで"
        "補充する。\n"
        "札は捨てられず、場に積み上がる。",
        "Three cards each; the next card lies face up under the talon and sets trump.\n"
        "The attacker lays a card on the pile. The defender beats it, then attacks the next "
        "player (the next seat on the table's “Attacks go” line: CPU1 after You) with "
        "another card from their hand; or takes the table, and the player after them "
        "attacks.\n"
        "While the talon lasts, each time an attack is beaten or taken, everyone holding 2 "
        "or fewer refills to 3.\n"
        "Nothing is discarded: the cards pile up."),
    "howto.crusaders": (
        "1枚ずつ表向きに配り、一番強い札の人から順に山札を1枚ずつ引く。引いた札は、"
        "1つ小さい札が一番上にある表向きの山 (自分の山、次に左回り) に置き、置けなければ手札に"
        "入れる (Aの上には6)。選ぶことがないので、配りはすぐに済む。山札がなくなったら各自の"
        "山を手札に入れ (山の札は皆が見ている)、♦が切札、♣は強い♣でしか返せないくるくるを♦6を"
        "持つ人から遊ぶ。一番上の札より強い札を出すか一番下の札を引き取り、場が残りの人数と"
        "同じ枚数になったら流す。手札がなくなったら上がり。",
        "One card face up to each; from the highest card each in turn draws the "
        "talon's top card and lays it on the nearest face-up pile topped one rank lower (own "
        "pile first, then clockwise; a 6 goes on an ace), else into the hand. That dealing "
        "holds no choice, so it is done at once. With the talon gone each puts their pile "
        "into their hand (everybody saw those cards) and Kurukuru is played from the 6 of "
        "diamonds' holder, ♦ trump and only a higher ♣ beating a ♣: each beats the top card "
        "or takes the bottom card; a pile of as many cards as players left is discarded. "
        "No cards: out."),
    "howto.polish": (
        "最初は誰も手札がない。場の表向きの札 (「切札を決めた札」) の印が切札で、残りが山札。\n"
        "最初の人は「山札をめくって攻撃する」を押す。山札の一番上の札が場に重なり、次の人 "
        "(「攻撃の向き」で次の席。あなたの次はCPU1) への攻撃になる。\n"
        "返すのはこの札で、下の切札の札ではない。\n"
        "手札がないときに攻撃されたら「山札から1枚引いて返す」を押す。引いた札が一番上の札に"
        "勝てば重ねて、もう1枚めくって次の人を攻撃する。勝てなければ2枚とも手札に取り、"
        "1枚めくって攻撃する。\n"
        "手札があるうちは山札から引けない。手札の札で一番上の札に返してから、手札の1枚で次の人を"
        "攻撃する。または「一番上の札を引き取る」を押して、手札から攻撃する。\n"
        "山札がなくなったら、返さない人は「上から3枚引き取る」で3枚を取り、攻撃しない。次の人が"
        "新しい一番上の札に向かう。手札がなくなった人は上がり。札は捨てられない。",
        "Nobody holds cards at first. The face-up card on the pile (“The card that set "
        "trump”) sets trump; the rest is the talon.\n"
        "The first player presses “Turn a talon card to attack”: the talon's top card goes "
        "on the pile and attacks the next player (the next seat on the “Attacks go” line: "
        "CPU1 after You).\n"
        "That card is the one to beat, not the trump card under it.\n"
        "Attacked with an empty hand, press “Draw from the talon to beat it”. A drawn card "
        "that beats the top card is laid on it, and another talon card is turned to attack "
        "the next player; one that does not is taken into your hand with the top card, and "
        "a talon card is turned to attack.\n"
        "Holding cards, you cannot draw: beat the top card from your hand, then choose a "
        "card of your hand to attack the next player; or press “Take the top card” and "
        "attack from your hand.\n"
        "Once the talon is gone, one who does not beat presses “Take the top 3 cards” and "
        "does not attack: the next player faces the new top card. A player with no cards "
        "goes out. Nothing is discarded."),
}

STRINGS: Final = _cat({
    **{f"opt.{k}": (v[0], v[1]) for k, v in _OPTIONS.items()},
    **{f"help.{k}": (v[2], v[3]) for k, v in _OPTIONS.items()},
    **_VALUES,
    **_TABLE,
})
