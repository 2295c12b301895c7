"""Japanese and English strings of the Durak settings panel, its notices and the game menu.

Keys: ``opt.<key>`` labels every option of :data:`durak.rules.OPTIONS`,
``help.<key>`` explains it (shown as the row's title), ``val.<key>.<value>``
(or a shared ``val.<value>``) labels its values — numbers without an entry are
shown as they are.  The terms follow docs/rules/durak.md and the post it names as
its source.
"""

from __future__ import annotations

from typing import Final

_ja_en = tuple[str, str]


def _cat(pairs: dict[str, _ja_en]) -> dict[str, dict[str, str]]:
    return {k: {"ja": ja, "en": en} for k, (ja, en) in pairs.items()}


#: Each option: (label ja, label en, help ja, help en).
_OPTION_TEXT: dict[str, tuple[str, str, str, str]] = {
    "players": ("人数", "Players", "テーブルにつく人数 (2〜6人)", "Players at the table (2 to 6)"),
    "deck": ("デッキ", "Deck", "36枚、32枚 (6を抜く)、72枚 (ダブル)",
             "36 cards, 32 without the 6s, or 72 (two decks)"),
    "twin_stop": ("同じ札で守る (ダブル)", "Twin cover (72 cards)",
                  "72枚: 同じ札で守ることができ、その攻守の飛び入りは終わる",
                  "72 cards: a card may cover its twin, which ends the throw-ins"),
    "hand_size": ("手札の枚数", "Hand size", "配る枚数と補充の上限 (攻め札の上限は6のまま)",
                  "Cards dealt and refilled to (the attack limit stays 6)"),
    "redeal_suit": ("同じ印5枚で配り直し", "Redeal: 5 of a suit",
                    "同じ印が5枚以上の手札は配り直し",
                    "A hand with 5+ cards of one suit is redealt"),
    "redeal_ace": ("切札表示がAなら配り直し", "Redeal: trump ace",
                   "表向きの切札表示がAなら配り直し", "A turned-up ace is dealt again"),
    "six_swap": ("切札の6の交換", "Swap the trump 6",
                 "切札の6を持つ人は切札表示と交換できる",
                 "The trump 6 may be swapped for the trump card under the talon"),
    "trump": ("切札の決め方", "Trump", "切札をどう決めるか", "How trump is chosen"),
    "own_answer": ("自分の切札で応じる", "Own-suit answer",
                   "自分の切札: 攻め手の印の攻撃には守り手の印でしか守れない",
                   "Own trumps: an attack in the attacker's suit only by the defender's suit"),
    "closed_suit": ("閉じた印 (ヤポンスキー)", "Closed suit",
                    "その印は同じ印の上の札でしか負けず、切札にならない",
                    "That suit is beaten only by a higher card of it, never by trump"),
    "suitless": ("印なし", "Suitless", "切札以外の印を区別しない", "Non-trump suits are one suit"),
    "royal": ("ロワイヤル", "Royal", "6はそのスートのAか切札のAでしか負けない",
              "A 6 is beaten only by its suit's ace or the trump ace"),
    "attack_set": ("最初の攻め方", "Opening attack", "最初の攻めで出せる札の組",
                   "What an opening attack may be"),
    "throw_in": ("飛び入り", "Throw-ins", "ほかの人が攻め札を追加できる",
                 "Others may add attack cards"),
    "throw_match": ("飛び入りの条件", "Throw-in match",
                    "場の札と同じ大きさ、または大きさか印",
                    "Match a table card's rank, or rank or suit"),
    "throw_order": ("飛び入りの順番", "Throw-in order", "飛び入りを誰から受け付けるか",
                    "Order of throw-ins"),
    "throwers": ("飛び入りできる人", "Who throws in", "全員、または守り手の両隣だけ",
                 "Everybody, or only the defender's two neighbours"),
    "limit": ("攻め札の上限", "Attack limit",
              "1回の攻守の攻め札: 6と守り手の手札の少ない方、または手札まで (雪崩)",
              "Attack cards per bout: min(6, H), or H (avalanche)"),
    "first_limit": ("最初の上限5枚", "First bouts: 5", "はじめの攻守では上限の6が5になる",
                    "The 6 of the limit is 5 early in the game"),
    "throw_after_take": ("引き取り後の飛び入り", "Throw-ins after a take",
                         "「引き取る」の後も上限まで追加できる",
                         "After a take, attackers may still add up to the limit"),
    "take": ("引き取る札", "What is taken", "全部、または守っていない攻め札だけ",
             "All table cards, or only the uncovered ones"),
    "sly": ("ずるい", "Sly", "引き取りの後、自分の攻め札を自分の札で守って渡せる",
            "After a take, a player may cover their own attack card"),
    "american": ("アメリカ式", "American", "飛び入りがないとき守り手が自分で追加して守る",
                 "An empty window lets the defender throw in and cover"),
    "coward": ("弱虫", "Coward", "最初の攻め札は手札で最強の札",
               "The opening card must be a strongest in hand"),
    "transfer": ("たらい回し", "Transfer", "同じ大きさの札で攻めを次の人に回す (ペレヴォドノイ)",
                 "Perevodnoy: pass the attack on with a card of its rank"),
    "transfer_show": ("見せて回す", "Transfer by showing", "同じ大きさの切札を見せるだけで回す",
                      "Transfer by showing a trump of the rank"),
    "transfer_first_round": ("最初の巡の回し", "Transfer in round 1",
                             "最初の巡でたらい回しを許すか",
                             "Is a transfer allowed in the first round"),
    "transfer_last_round": ("最後の巡の回し", "Transfer in the last round",
                            "山札がなくなった後もたらい回しを許すか",
                            "Is a transfer allowed once the talon is empty"),
    "transfer_wait": ("上がった攻め手へ回す", "Transfer to one going out",
                      "残り2人: 最後の札を出した攻め手へ回せる",
                      "With 2 left, transfer to an attacker who played their last card"),
    "transfer_thrown": ("飛び入り札も回す", "Transfer thrown cards",
                        "飛び入りした札に対してもたらい回しできる",
                        "Transfer also against thrown-in cards"),
    "transfer_new_only": ("回した札だけ守る", "Answer new cards only",
                          "新しい守り手は回された札だけを守る",
                          "The new defender answers only the transferring cards"),
    "baltic": ("バルチック", "Baltic", "最後に守った札と同じ大きさを足して攻守を入れ替える",
               "The defender adds cards of the last cover's rank and roles swap"),
    "refill": ("補充", "Refill", "補充のしかた: 6枚まで、使い切り、等差数列",
               "How hands are refilled: to 6, when empty, or a progression"),
    "pass_hands": ("取り替え", "Pass hands", "攻守のたびに手札を左隣に渡す",
                   "After each bout hands pass to the left"),
    "magadan": ("マガダン式", "Magadan", "配った6枚のうち5枚は伏せて前に置く",
                "5 of the 6 dealt cards lie face down in front"),
    "poker": ("ポーカー", "Poker", "守り手は2枚を山札と交換できる",
              "The defender may swap 2 cards with the talon"),
    "armenian": ("アルメニア式", "Armenian", "最初の攻め札に山札の一番上を使える",
                 "The opening card may be the talon's top card"),
    "second_chance": ("もう一度", "Second chance", "守り手は山札の一番上で守ってみられる",
                      "A defender may try the talon's top card"),
    "talon": ("山札", "Talon", "普通、しまう (チュクチ)、全部配る",
              "Normal, put away (Chukchi), or dealt out"),
    "recycle": ("山札に戻す", "Recycle", "2回に1回、守り切った札を山札に戻す",
                "Every 2nd beaten bout goes back into the talon"),
    "dummy": ("ダミー", "Dummy", "最初の攻め手が扱う余分な手札",
              "An extra hand played by the first attacker"),
    "next_first": ("次のゲームの攻め手", "Next first attacker", "前回のドゥラークの左、または右",
                   "Left or right of the last durak"),
    "after_take": ("引き取った人の番", "After a take", "引き取った人を飛ばすか",
                   "Whether the player who took is skipped"),
    "draw": ("引き分け", "Draw", "誰も札が残らないとき: 引き分け、または守り手の負け",
             "Nobody holds cards: a draw, or the defender loses"),
    "loser": ("負けの決め方", "Loser", "最後まで札が残った人、または点数制など",
              "The last holding cards, or fewest points"),
    "doubt": ("ダウト", "Doubt", "伏せて守り、疑われたら開ける", "Covers face down, challenges"),
    "inverted": ("裏返し", "Inverted", "自分の札は見えず、他人の札が見える",
                 "Each sees the others' cards, not their own"),
    "teams": ("チーム", "Teams", "チーム戦 (味方は隣り合わない)",
              "Team play (partners never sit side by side)"),
    "team_split": ("チーム解散", "Team split", "2対2: 誰かが上がったら個人戦",
                   "2 v 2: individual once anyone goes out"),
    "match": ("得点", "Scoring", "ゲームごとの集計、または15点先取 (ダブリングキューブ)",
              "A tally of durak counts, or first to 15 with a doubling cube"),
    "mode": ("遊び方", "Game", "ドゥラーク、または記事のほかの遊び方",
             "Durak, or the post's other games"),
}

_VALUES: dict[str, _ja_en] = {
    "val.none": ("なし", "None"),
    "val.players.2": ("2人", "2"),
    "val.players.3": ("3人", "3"),
    "val.players.4": ("4人", "4"),
    "val.players.5": ("5人", "5"),
    "val.players.6": ("6人", "6"),
    "val.deck.36": ("36枚", "36 cards"),
    "val.deck.32": ("32枚 (6なし)", "32 cards (no 6s)"),
    "val.deck.72": ("72枚 (ダブル)", "72 cards (double)"),
    "val.hand_size.6": ("6枚", "6"),
    "val.hand_size.5": ("5枚", "5"),
    "val.trump.turned": ("表にした札", "Turned card"),
    "val.trump.none": ("切札なし", "No trump"),
    "val.trump.diamonds": ("いつも♦", "Always ♦"),
    "val.trump.hidden": ("隠し切札", "Hidden"),
    "val.trump.changing": ("変わる切札", "Changing"),
    "val.trump.invisible": ("見えない切札", "Invisible"),
    "val.trump.own": ("自分の切札", "Own suit each"),
    "val.closed_suit.spades": ("♠", "♠"),
    "val.closed_suit.spades_q": ("♠ (♠QがAより上)", "♠ (♠Q above ♠A)"),
    "val.closed_suit.clubs": ("♣", "♣"),
    "val.royal.on": ("あり", "On"),
    "val.royal.mutual": ("相互 (Aは6でしか負けない)", "Mutual (an A only by a 6)"),
    "val.attack_set.single": ("1枚", "One card"),
    "val.attack_set.same_rank": ("同じ大きさなら何枚でも", "Any number of one rank"),
    "val.attack_set.simple": ("1枚か同じ大きさ2枚 (簡単)", "One, or two of a rank (simple)"),
    "val.attack_set.pairs": ("ペア", "Pairs"),
    "val.attack_set.groups": ("組", "Groups"),
    "val.attack_set.all_of_rank": ("その大きさを全部", "All of the rank"),
    "val.throw_match.rank": ("大きさ", "Rank"),
    "val.throw_match.rank_or_suit": ("大きさか印", "Rank or suit"),
    "val.throw_order.free": ("自由", "Free"),
    "val.throw_order.clockwise": ("時計回りに1回ずつ", "Clockwise, once each"),
    "val.throw_order.attacker_first": ("攻め手が先", "Attacker first"),
    "val.throw_order.attacker_priority": ("攻め手を優先", "Attacker priority"),
    "val.throwers.all": ("全員", "Everybody"),
    "val.throwers.neighbours": ("守り手の両隣", "The defender's neighbours"),
    "val.limit.six": ("6枚まで", "Up to 6"),
    "val.limit.hand": ("手札まで (雪崩)", "Up to the hand (avalanche)"),
    "val.first_limit.first_bout": ("最初の攻守", "First bout"),
    "val.first_limit.until_beaten": ("最初に守り切るまで", "Until the first beaten bout"),
    "val.take.all": ("場の札全部", "Everything"),
    "val.take.unbeaten": ("守っていない札だけ", "Uncovered cards only"),
    "val.sly.sly": ("ずるい", "Sly"),
    "val.sly.brazen": ("厚かましい", "Brazen"),
    "val.refill.six": ("6枚まで", "Up to 6"),
    "val.refill.when_empty": ("使い切り", "When empty"),
    "val.refill.progression": ("等差数列", "Progression"),
    "val.talon.normal": ("普通", "Normal"),
    "val.talon.chukchi": ("しまう (チュクチ)", "Put away (Chukchi)"),
    "val.talon.deal_all": ("全部配る", "Deal all"),
    "val.dummy.throw_in": ("飛び入りだけ", "Throw-ins only"),
    "val.dummy.playing": ("攻守も", "Playing"),
    "val.next_first.left_of_durak": ("ドゥラークの左", "Left of the durak"),
    "val.next_first.right_of_durak": ("ドゥラークの右", "Right of the durak"),
    "val.after_take.skip": ("飛ばす", "Skipped"),
    "val.after_take.no_skip": ("飛ばさない", "Not skipped"),
    "val.draw.allow": ("引き分け", "A draw"),
    "val.draw.defender_loses": ("守り手の負け", "The defender loses"),
    "val.loser.last": ("最後まで札が残った人", "Last holding cards"),
    "val.loser.fewest_beaten": ("点数制", "Fewest covers"),
    "val.loser.fewest_high": ("絵札", "Fewest high covers"),
    "val.loser.fewest_doubles": ("肩章", "Fewest doubles"),
    "val.teams.none": ("個人戦", "None"),
    "val.teams.2v2": ("2対2", "2 v 2"),
    "val.teams.3v3": ("3対3", "3 v 3"),
    "val.teams.2x3": ("2人×3チーム", "Three teams of 2"),
    "val.match.tally": ("集計", "Tally"),
    "val.match.cube15": ("15点先取 (キューブ)", "First to 15 (cube)"),
    "val.mode.durak": ("ドゥラーク", "Durak"),
    "val.mode.kurukuru": ("くるくる", "Kurukuru"),
    "val.mode.chinese": ("中国式", "Chinese"),
    "val.mode.chukhonsky": ("チュホンスキー", "Chukhonsky"),
    "val.mode.heap": ("山積み", "Heap"),
    "val.mode.crusaders": ("十字軍", "Crusaders"),
    "val.mode.polish": ("ポーランド式", "Polish"),
}

_PRESETS: dict[str, _ja_en] = {
    "preset.podkidnoy": ("ポドキドノイ (飛び入り)", "Podkidnoy (throw-in)"),
    "preset.perevodnoy": ("ペレヴォドノイ (たらい回し)", "Perevodnoy (transfer)"),
    "preset.prostoy": ("プロストイ (簡単)", "Prostoy (simple)"),
    "preset.pairs": ("ペア", "Pairs"),
    "preset.groups": ("組", "Groups"),
    "preset.closed_transfer": ("飛び入り禁止", "Closed transfer"),
    "preset.championship": ("選手権 (2人・15点)", "Championship (2, to 15)"),
    "preset.armenian_mix": ("アルメニア混合", "Armenian mix"),
    "preset.team2": ("2対2", "Teams 2 v 2"),
}

_PREFS: dict[str, _ja_en] = {
}

_SETTINGS: dict[str, _ja_en] = {
    "settings.title": ("ドゥラークの設定", "Durak settings"),
    "settings.apply_note": (
        "ルールの変更は【変更】で適用され、新しいゲームが始まります"
        " (進行中のゲームがあれば先に確認します)。"
        "適用せずに閉じようとすると確認します。",
        "Rule changes apply with “Change” and start a new game (you are asked first "
        "if a game is in progress); closing with changes not applied asks first.",
    ),
    "settings.no_remembered": (
        "記憶されたルールはありません (ポドキドノイを表示します)",
        "No remembered rules (showing Podkidnoy)",
    ),
    "ask.new.title": ("新しいゲーム", "New game"),
    "ask.new.text": (
        "進行中のゲームをやめて、この設定で新しいゲームを始めますか?",
        "Stop the game in progress and start a new one with these settings?",
    ),
    "ask.new.yes": ("新しいゲームを始める", "Start a new game"),
    "ask.new.no": ("続ける", "Keep playing"),
    "ask.link.title": ("別のゲームのアドレス", "An address naming another game"),
    "ask.link.text": (
        "このアドレスは別のゲーム ({rules}) を指しています。"
        "進行中のゲーム ({saved}) をやめて、そのゲームを始めますか?",
        "This address names another game ({rules}). "
        "Stop the game in progress ({saved}) and start that one?",
    ),
    "ask.link.rules": ("{game}・{n}人", "{game}, {n} players"),
    "ask.link.keep": ("進行中のゲームを続ける", "Keep the game in progress"),
    "ask.link.start": ("アドレスのゲームを始める", "Start the address's game"),
}

_MENU: dict[str, _ja_en] = {
    "game.switch_to_durak": ("ドゥラークへ", "Play Durak"),
    "game.switch_to_napoleon": ("ナポレオンへ", "Play Napoleon"),
    "game.title": ("ドゥラーク", "Durak"),
}

_NOTICES: dict[str, _ja_en] = {
    "notice.storage_unavailable": (
        "ブラウザの保存領域が使えないため、設定とゲームは保存されません",
        "The browser's storage is unavailable: settings and the game are not saved",
    ),
}

_OPTIONS: dict[str, _ja_en] = {}
for _key, (_lja, _len, _hja, _hen) in _OPTION_TEXT.items():
    _OPTIONS[f"opt.{_key}"] = (_lja, _len)
    _OPTIONS[f"help.{_key}"] = (_hja, _hen)

#: Every string of the Durak settings, notices and game menu.
STRINGS: Final[dict[str, dict[str, str]]] = {
    **_cat(_OPTIONS), **_cat(_VALUES), **_cat(_PRESETS), **_cat(_PREFS),
    **_cat(_SETTINGS), **_cat(_MENU), **_cat(_NOTICES),
}
