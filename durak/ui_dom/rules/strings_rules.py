"""Japanese and English sentences of Durak's rules page, after docs/rules/durak.md.

Read by :mod:`durak.ui_dom.rules.rules_book` only, when the rules dialog opens: they
are not merged into the page's catalog (:mod:`durak.ui_dom.i18n`), so the
first screen does not load them.  Every entry is ``(ja, en)``:

* :data:`STEPS`: the default game (preset ``podkidnoy``, docs/rules/durak.md §2) step by
  step, each with the cards its picture shows (record codes, ``"9H"`` = ♥9);
* :data:`OPTION_SENTENCES`: one sentence for every option of
  :data:`durak.rules.OPTIONS` (§3, §4, §7), grouped as docs/rules/durak.md groups them in
  :data:`OPTION_GROUPS`;
* :data:`PRESET_SENTENCES`: one for every preset of §5;
* :data:`MODE_SENTENCES`: a paragraph for every game of §3.6 the shared page draws,
  keyed by the ``mode`` value (a kind whose page lives in its own package says its
  game's in its words, ``rules.mode.<mode>``, as it says the game's name).

A unit test fails when an option, preset or mode has no sentence.
"""

from __future__ import annotations

from typing import Final

_ja_en = tuple[str, str]

#: The rules page's own words.
WORDS: Final[dict[str, _ja_en]] = {
    "title": ("ドゥラークのルール", "Durak's rules"),
    "game": ("基本のゲーム (ポドキドノイ)", "The default game (Podkidnoy)"),
    "game.short": ("基本", "Basics"),
    "game.lead": (
        "「ドゥラーク」は「ばか」。最後まで手札が残った人が負け (ドゥラーク) で、勝ち順はない。",
        "“Durak” means “fool”: the last player left holding cards loses (is the durak); "
        "there is no ranking of winners.",
    ),
    "options": ("オプション", "Options"),
    "options.lead": (
        "設定の各項目。【適用中】は基本のゲームから変わっていて、いまのゲームで使われているもの。",
        "Every setting. [In force] marks what differs from the default game and is used in "
        "the game on the table.",
    ),
    "now": ("いまの値: {value}", "Now: {value}"),
    "presets": ("プリセット", "Presets"),
    "presets.lead": ("設定の【呼出】で選べる組み合わせ。",
                     "The combinations the settings' “Load preset” offers."),
    "preset.none": ("いまのルールはどのプリセットとも違う (個別変更)。",
                    "The rules in force match no preset (custom)."),
    "modes": ("ほかの遊び方", "Other games"),
    "modes.lead": (
        "設定の「遊び方」で選ぶ、記事のほかの遊び方。場の代わりに表向きの山が1つあり、"
        "時計回りに進む。山札がなくなって手札もなくなった人は上がり、最後まで札が残った人が"
        "ドゥラーク。",
        "The post's other games, chosen with the setting “Game”. One face-up pile replaces "
        "the table and turns go clockwise; with the talon gone a player with no cards goes "
        "out, and the last holding cards is the durak.",
    ),
}

#: The groups of options as docs/rules/durak.md §3–§4 and §7 group them: (key, ((title ja, en),
#: (the contents' short title ja, en)), the options).
OPTION_GROUPS: Final[tuple[tuple[str, tuple[_ja_en, _ja_en], tuple[str, ...]], ...]] = (
    ("deal", (("デッキ・配り方・札の強さ", "Deck, deal and strength"),
              ("デッキ・強さ", "Deck & strength")), (
        "players", "deck", "twin_stop", "hand_size", "redeal_suit", "redeal_ace", "six_swap",
        "trump", "own_answer", "closed_suit", "suitless", "royal")),
    ("attack", (("攻め・飛び入り・引き取り", "Attack, throw-in and take"),
                ("攻め・飛び入り", "Attack & throw-in")), (
        "attack_set", "throw_in", "throw_match", "throw_order", "throwers", "limit",
        "first_limit", "throw_after_take", "take", "sly", "american", "coward")),
    ("transfer", (("たらい回し", "Transfer"), ("たらい回し", "Transfer")), (
        "transfer", "transfer_show", "transfer_first_round", "transfer_last_round",
        "transfer_wait", "transfer_thrown", "transfer_new_only", "baltic")),
    ("talon", (("手札と山札", "Hands and talon"), ("手札・山札", "Hands & talon")), (
        "refill", "pass_hands", "magadan", "poker", "armenian", "second_chance", "talon",
        "recycle", "dummy")),
    ("end", (("順番と終わり方", "Turns and the end"), ("順番・終わり", "Turns & end")), (
        "next_first", "after_take", "draw", "loser", "doubt", "inverted")),
    ("teams", (("チームと得点", "Teams and scoring"), ("チーム・得点", "Teams & scoring")),
     ("teams", "team_split", "match")),
    ("mode", (("遊び方の選択", "Choice of game"), ("遊び方の選択", "Choice of game")),
     ("mode",)),
)

#: The default game step by step: (ja, en, the cards its picture shows).
STEPS: Final[tuple[tuple[str, str, tuple[str, ...]], ...]] = (
    ("36枚のカードを使う。強い順に A K Q J 10 9 8 7 6、印 (スート) は ♠♥♦♣。",
     "36 cards: in each suit ♠♥♦♣, from high to low, A K Q J 10 9 8 7 6.",
     ("AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H")),
    ("ひとり6枚ずつ配り、次の1枚を表にして置く (切札表示)。その印が切札。残りは切札表示に"
     "重ねて伏せた山札になる。6人なら全部配り、配り手の最後の1枚の印が切札。",
     "Each player is dealt 6 cards; the next card is turned up (the trump card) and its suit "
     "is trump. The rest lies face down across it: the talon. With 6 players every card is "
     "dealt and the dealer's last card sets the trump.",
     ("7S",)),
    ("札の強さ: 同じ印の大きい札か、切札でない札に対する切札だけが勝つ。この例 (切札♠) では"
     "♥Jと♠6は♥9に勝ち、♣Aは勝てない。",
     "What beats what: a higher card of the same suit, or any trump against a non-trump. Here "
     "(♠ trump) the ♥J and the ♠6 beat the ♥9; the ♣A does not.",
     ("9H", "JH", "6S", "AC")),
    ("最初のゲームは、いちばん小さい切札を持つ人がそれを見せて最初の攻め手になる。"
     "攻め手の左隣が守り手。",
     "In the first game the holder of the lowest trump shows it and attacks first. The "
     "attacker's left neighbour defends.",
     ("6S",)),
    ("攻め手は1枚を表向きに出す (攻め札)。",
     "The attacker plays one card face up (an attack card).",
     ("8D",)),
    ("守り手は守っていない攻め札に、それに勝つ札を1枚ずつ重ねる (守り札)。いつでも"
     "「引き取る」ことができる (守れるときでも)。",
     "The defender lays on an uncovered attack card a card that beats it (a cover), one at a "
     "time, or takes the cards at any moment, even when able to cover.",
     ("8D", "QD")),
    ("攻め札が全部守られると飛び入りの機会になる。守り手以外の人は、場にある札と同じ大きさの"
     "札を追加できる (この例では8かQ)。守り手は追加された札も守る。",
     "Each time every attack card is covered, the others may throw in cards of a rank already "
     "on the table (here an 8 or a Q). The defender must answer them too.",
     ("8D", "QD", "8C", "QH")),
    ("1回の攻守の攻め札は、6枚と攻守の始めの守り手の手札の枚数の少ない方まで。",
     "A bout has at most 6 attack cards, and never more than the defender held when it began.",
     ()),
    ("全部守られて誰も追加しなければ守り切り: 場の札は捨て札になる。引き取りなら、守り手が場の"
     "札を全部手札に加える。",
     "All covered and nothing more added: the bout is beaten and the table goes to the "
     "discard pile. Taken: the defender picks up every card on the table.",
     ()),
    ("山札があるうちは、攻め手から時計回りに、守り手を最後に、6枚になるまで補充する。"
     "切札表示は最後に引かれる。",
     "While the talon lasts, hands are refilled to 6: the attacker first, then clockwise, the "
     "defender last. The trump card is the last drawn.",
     ()),
    ("山札がなく手札もなくなった人は上がり。最後まで札が残った1人がドゥラーク (負け)。"
     "誰も札が残らなければ引き分け。",
     "With the talon gone, a player with no cards goes out. The one left holding cards is the "
     "durak and loses; if nobody holds cards, the game is a draw.",
     ()),
    ("守り切れば守り手が次の攻め手。引き取ったら守り手は飛ばされ、その左隣が攻める。"
     "次のゲームはドゥラークの左隣から攻める。",
     "Beaten: the defender attacks next. Taken: the defender is skipped and their left "
     "neighbour attacks. The next game starts with the durak's left neighbour attacking.",
     ()),
)

#: One sentence for every option (docs/rules/durak.md §3, §4, §7).
OPTION_SENTENCES: Final[dict[str, _ja_en]] = {
    "players": ("テーブルにつく人数 (2〜6人)。人数が多いほど飛び入りが増える。",
                "How many sit at the table, 2 to 6; more players mean more throw-ins."),
    "deck": ("36枚、6を抜いた32枚、または2組を混ぜた72枚 (ダブル: まったく同じ札同士は勝てない)。",
             "36 cards, 32 without the 6s, or 72 from two decks (identical cards do not beat "
             "each other)."),
    "twin_stop": ("72枚のとき、まったく同じ札で守ることができ、その攻守の飛び入りはそこで終わる。",
                  "With 72 cards a card may cover its identical twin, which ends the throw-ins "
                  "of that bout."),
    "hand_size": ("配る枚数と補充の上限 (6枚か5枚)。攻め札の上限は6のまま。",
                  "How many cards are dealt and refilled to (6 or 5); the attack limit keeps "
                  "its 6."),
    "redeal_suit": ("同じ印が5枚以上の手札があれば、同じ配り手が配り直す。",
                    "A hand with 5 or more cards of one suit makes the same dealer deal again."),
    "redeal_ace": ("表にした切札表示がAなら配り直す。",
                   "If the turned-up trump card is an ace, the cards are dealt again."),
    "six_swap": ("切札の6を持つ人は、山札の下にある切札表示と自分の番に交換できる。",
                 "The holder of the trump 6 may swap it, at any of their decisions, for the "
                 "trump card while it lies under the talon."),
    "trump": ("切札の決め方: 表にした札、切札なし、いつも♦、隠し切札、変わる切札、見えない切札、"
              "または各自の自分の切札。",
              "How trump is chosen: the turned card, no trump, always ♦, hidden, changing, "
              "invisible (only announced), or each player's own suit."),
    "own_answer": ("自分の切札のとき、攻め手の印での攻撃は守り手の印の札でしか守れない。",
                   "With own trumps, an attack in the attacker's own suit may be covered only "
                   "by the defender's own suit."),
    "closed_suit": ("閉じた印 (ヤポンスキー): その印は同じ印の上の札でしか負けず、"
                    "切札にもならない。",
                    "A closed suit (Japanese rule): it is beaten only by a higher card of its "
                    "own suit, never by trump, and is never trump."),
    "suitless": ("印なし: 切札以外の印の区別がなく、大きい札か切札なら勝つ。",
                 "Suitless: the non-trump suits are one; any higher non-trump card or any "
                 "trump beats a non-trump card."),
    "royal": ("ロワイヤル: 6はその印のAか切札のAでしか負けない (相互ならAもその印の6か切札の6で"
              "しか負けない)。",
              "Royal: a 6 is beaten only by its suit's ace or the trump ace (mutual: an ace "
              "also only by its suit's 6 or the trump 6)."),
    "attack_set": ("最初の攻めで出せる札の組: 1枚、同じ大きさを何枚でも、1枚か2枚、ペア、組、"
                   "またはその大きさを全部。",
                   "What an opening attack may be: one card, any number of one rank, one or two "
                   "of a rank, pairs, groups, or every card held of the rank."),
    "throw_in": ("飛び入り: ほかの人が攻め札を追加できる (なしなら最初の攻め手だけが攻める)。",
                 "Throw-ins: the others may add attack cards (off: only the opening attacker "
                 "attacks)."),
    "throw_match": ("飛び入りできる札: 場の札と同じ大きさ、または大きさか印が同じ札。",
                    "Which cards may be thrown in: a table card's rank, or its rank or suit."),
    "throw_order": ("飛び入りの順番: 自由、時計回りに1回ずつ、攻め手が先、または攻め手を優先。",
                    "The order of throw-ins: free, clockwise once each, the attacker first, or "
                    "the attacker offered first again after each card."),
    "throwers": ("飛び入りできる人: 全員、または守り手の両隣だけ (4人以上)。",
                 "Who may throw in: everybody, or only the defender's two neighbours (4 or "
                 "more players)."),
    "limit": ("攻め札の上限: 6枚と守り手の手札の少ない方、または守り手の手札まで (雪崩)。",
              "The attack limit: 6 or the defender's hand if smaller, or the whole hand "
              "(avalanche)."),
    "first_limit": ("最初の攻守 (または最初に守り切るまで) は上限の6が5になる。",
                    "In the first bout (or until the first beaten bout) the limit's 6 is 5."),
    "throw_after_take": ("「引き取る」の後も、上限まで飛び入りで追加できる。",
                         "After “take”, the attackers may still add cards up to the limit."),
    "take": ("引き取る札: 場の札全部、または守っていない攻め札だけ (守ったペアは捨て札)。",
             "What a take picks up: every table card, or only the uncovered ones (covered "
             "pairs are discarded)."),
    "sly": ("ずるい: 引き取りの後、自分の攻め札を自分の札で守って守り手に渡せる"
            " (厚かましいなら飛び入りした札もすぐ守れる)。",
            "Sly: after a take a player may cover their own attack card with their own card, "
            "so the defender takes more (brazen: also at once their own thrown card)."),
    "american": ("アメリカ式: 飛び入りがなかったとき、守り手が自分で札を追加し、それを守る。",
                 "American: when a throw-in window closes empty, the defender may add a card "
                 "and must then cover it."),
    "coward": ("弱虫: 最初の攻め札は手札でいちばん強い札 (2人だけ)。",
               "Coward: the opening card must be a strongest card in hand (2 players only)."),
    "transfer": ("たらい回し (ペレヴォドノイ): まだ守っていないうちに、同じ大きさの札を出して"
                 "攻めを左隣に回せる。",
                 "Transfer (Perevodnoy): before anything is covered, the defender may lay a "
                 "card of the attack's rank and pass the attack to their left neighbour."),
    "transfer_show": ("見せて回す: 同じ大きさの切札を見せるだけでたらい回しできる。",
                      "Transfer by showing: showing a trump of the rank passes the attack on "
                      "without playing it."),
    "transfer_first_round": ("最初の巡 (攻め手が一周するまで) にたらい回しを許すか。",
                             "Whether a transfer is allowed before the attacker role has gone "
                             "once round the table."),
    "transfer_last_round": ("山札がなくなった後もたらい回しを許すか。",
                            "Whether a transfer is allowed once the talon is empty."),
    "transfer_wait": ("上がった攻め手へ回す: 残り2人のとき、最後の札を出した攻め手へ"
                      "回せて、その人が引き取る。",
                      "Transfer to one going out: with 2 left, the defender may transfer "
                      "to an attacker who just played their last card, who must then take."),
    "transfer_thrown": ("飛び入りした札に対してもたらい回しできる。",
                        "A transfer is allowed against thrown-in cards too."),
    "transfer_new_only": ("回された新しい守り手は、回した札だけを守ればよい。",
                          "The new defender answers only the transferring cards."),
    "baltic": ("バルチック: 最後の攻め札を守るとき、同じ大きさの札を足して攻守を入れ替える。",
               "Baltic: covering the last attack card, the defender may add cards of the "
               "cover's rank, and attacker and defender swap."),
    "refill": ("補充のしかた: 6枚まで、手札を使い切ったときだけ、または等差数列 (1枚から毎回"
               "1枚ずつ増える)。",
               "How hands are refilled: up to 6, only when empty, or a progression (1 card "
               "dealt, each refill one more)."),
    "pass_hands": ("取り替え: 攻守と補充のたびに、全員が手札をそのまま左隣に渡す。",
                   "Pass hands: after each bout and refill everyone passes their whole hand to "
                   "the left."),
    "magadan": ("マガダン式: 配った6枚のうち5枚は伏せて前に置き、守り札を出すたびに1枚取る。",
                "Magadan: of the 6 dealt, 5 lie face down in front; each cover laid lets its "
                "player take one."),
    "poker": ("ポーカー: 守り手は攻守に1回、2枚を捨てて山札から2枚引ける。",
              "Poker: once a bout, before covering, the defender may discard 2 cards and draw 2."),
    "armenian": ("アルメニア式: 最初の攻め札に山札の一番上の札を使える。",
                 "Armenian: the opening card may be the talon's top card, turned up."),
    "second_chance": ("もう一度: 勝てる札がない守り手は山札の一番上をめくってみられる。",
                      "Second chance: a defender with no card that beats may turn the talon's "
                      "top card; it covers if it beats, else goes to hand."),
    "talon": ("山札: 普通、配った後にしまう (チュクチ式、補充なし)、または全部配る。",
              "The talon: normal, put away after the deal (Chukchi, no refills), or every "
              "card dealt."),
    "recycle": ("山札に戻す: 守り切った攻守の2回に1回、その札を山札に戻して混ぜる。",
                "Recycle: every second beaten bout is shuffled back into the talon."),
    "dummy": ("ダミー: 最初の攻め手が扱う余分な手札 (飛び入りだけ、または攻守も)。",
              "Dummy: an extra hand played by the first attacker (throw-ins only, or also "
              "attacking and defending)."),
    "next_first": ("次のゲームの最初の攻め手: 前回のドゥラークの左隣、または右隣。",
                   "Who attacks first in the next game: the last durak's left or right "
                   "neighbour."),
    "after_take": ("引き取った人を次の攻めで飛ばすか (お人好しなら飛ばさない)。",
                   "Whether a defender who took is skipped as the next attacker."),
    "draw": ("誰も札が残らないとき: 引き分け、または最後の守り手の負け。",
             "When nobody is left with cards: a draw, or the last defender is the durak."),
    "loser": ("負けの決め方: 最後まで札が残った人、または守った枚数 (点数制・絵札・肩章) の"
              "少ない人。",
              "Who loses: the last holding cards, or whoever covered fewest (all, 10 to A, or "
              "doubles)."),
    "doubt": ("ダウト: 守り札を伏せて出し、ほかの人が疑ったら開けて確かめる。",
              "Doubt: covers are laid face down, and another player may challenge one to turn "
              "it up."),
    "inverted": ("裏返し: 自分の札は見えず、ほかの人の札が見える。勝てない札を出したら場の札を"
                 "引き取る。",
                 "Inverted: each sees the others' cards, not their own; a card that does not "
                 "beat or match makes its player take the table."),
    "teams": ("チーム戦: 2対2、3対3、または2人×3チーム。味方は隣り合わず、味方には飛び入りしない。",
              "Teams: 2 v 2, 3 v 3 or three teams of 2; partners never sit side by side and "
              "never throw in against each other."),
    "team_split": ("チーム解散: 2対2で誰かが上がったら、残りは個人戦。",
                   "Team split: in 2 v 2, once anyone goes out the rest play alone."),
    "match": ("得点: ゲームごとのドゥラーク回数の集計、または15点先取 (ダブリングキューブ、2人)。",
              "Scoring: a tally of who was durak, or first to 15 points with a doubling cube "
              "(2 players)."),
    "mode": ("遊び方: ドゥラーク、または記事のほかの遊び方 (下の「ほかの遊び方」)。",
             "The game: Durak, or one of the post's other games (see “Other games” below)."),
}

#: One sentence for every preset (docs/rules/durak.md §5).
PRESET_SENTENCES: Final[dict[str, _ja_en]] = {
    "podkidnoy": ("ポドキドノイ: 基本のゲーム、すべての設定が最初の値。",
                  "Podkidnoy: the default game, every setting at its first value."),
    "perevodnoy": ("ペレヴォドノイ: 基本のゲームにたらい回しを加える。",
                   "Perevodnoy: the default game with transfers."),
    "prostoy": ("プロストイ: 飛び入りなし、最初の攻めは1枚か同じ大きさ2枚。",
                "Prostoy: no throw-ins; an opening attack is one card or two of a rank."),
    "pairs": ("ペア: プロストイの攻めをペアにして、手札5枚。",
              "Pairs: Prostoy with attacks in pairs and hands of 5."),
    "groups": ("組: プロストイの攻めを組にして、手札5枚。",
               "Groups: Prostoy with attacks in groups and hands of 5."),
    "closed_transfer": ("飛び入り禁止: たらい回しあり、飛び入りなし、"
                        "その大きさを全部出して攻める。",
                        "Closed transfer: transfers, no throw-ins, and an attack plays every "
                        "card of its rank."),
    "championship": ("選手権: 2人、32枚、引き分けは守り手の負け、15点先取のキューブ。",
                     "Championship: 2 players, 32 cards, no draws (the defender loses), first "
                     "to 15 with the cube."),
    "armenian_mix": ("アルメニア混合: アルメニア式、もう一度、ポーカーをすべて使う。",
                     "Armenian mix: Armenian, second chance and poker all on."),
    "team2": ("2対2: 4人で向かい合う2人がチーム。",
              "Teams 2 v 2: 4 players, partners sitting opposite."),
}

#: A paragraph for every game of docs/rules/durak.md §3.6, keyed by the ``mode`` value; a
#: kind whose page lives in its own package says its game's in its strings
#: (``rules.mode.<mode>``: :func:`durak.ui_dom.rules.rules_book.mode_paragraph`).
MODE_SENTENCES: Final[dict[str, _ja_en]] = {
    "durak": ("ドゥラーク: 上の基本のゲームと、設定したオプション。",
              "Durak: the default game above, with the options set."),
    "kurukuru": ("くるくる: 全部配り、配り手の最後の札が切札。配り手の左から順に山の一番上の札に"
                 "勝つ札を出すか、山の一番下の札を取る。山が人数分になったら捨て、最後に出した人"
                 "から始める。",
                 "Kurukuru: all cards are dealt, the dealer's last card sets trump. From the "
                 "dealer's left each beats the pile's top card or takes its bottom card; when "
                 "the pile holds as many cards as players it is discarded and the last player "
                 "leads."),
    "chinese": ("中国式: ♠がいつも切札で、♣は♣でしか負けない。6枚ずつ配って補充する。攻め手が"
                "1枚出し、各自が一番上の札に勝つ札を出す。5枚で山を捨てる。出せない人は一番下の"
                "札を取り、残りは捨てる。",
                "Chinese: ♠ is always trump and only a ♣ beats a ♣; 6 each with refills. The "
                "attacker plays any card, then each beats the top card; at 5 cards the pile is "
                "discarded. One who cannot takes the bottom card and the rest is discarded."),
    "chukhonsky": ("チュホンスキー: 全部配り、一番上の札に勝つ札を何枚でも重ねる。Aで山を流して"
                   "その人が続ける。出せない人は一番上の札を取り、残りは捨てる。",
                   "Chukhonsky: all cards dealt; each beats the top card, with no limit. An ace "
                   "clears the pile and its player goes on; one who cannot takes the top card "
                   "and the rest is discarded."),
    "heap": ("山積み: 3枚ずつ。攻め手が1枚出し、守り手はそれに勝つ札を重ねて次の人を手札の1枚で"
             "攻めるか、山を引き取る。山札があるうちは、攻守が済むたびに2枚以下の人が3枚まで補充する。",
             "Heap: 3 cards each. The attacker lays one card; the defender beats it and attacks "
             "the next player with another card from their hand, or takes the pile. While the "
             "talon lasts, each time an attack is beaten or taken, players with 2 or fewer "
             "refill to 3."),
    "crusaders": ("十字軍: 1枚ずつ表向きに配り、引いた札は1つ小さい札が一番上の山に置き、"
                  "置けなければ"
                  "手札に。山札がなくなったら山を手札にして、♦切札のくるくるを遊ぶ。",
                  "Crusaders: one card face up to each; a drawn card goes on a pile topped one "
                  "rank lower, else into hand. With the talon gone the piles go into hands and "
                  "Kurukuru is played with ♦ trump."),
    "polish": ("ポーランド式: 手札なし。表向きの1枚が切札を決め、最初の人が山札をめくって重ね、"
               "次の人を攻める。手札がなければ山札から引き、一番上の札に勝てば重ねて次の1枚で攻め、"
               "勝てなければ一番上の札と引いた札を取る。手札があれば手札で返して攻める。",
               "Polish: no hands; a face-up card sets trump, and the first player turns a talon "
               "card onto it to attack the next player. With no cards one draws: a card that "
               "beats the top card is laid and another drawn card attacks, else the top and "
               "drawn cards are taken. Holding cards, one beats and attacks from the hand."),
}
