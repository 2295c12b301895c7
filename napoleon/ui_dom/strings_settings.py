"""Japanese and English strings of the settings, notices and record screens.

Keys: ``opt.<key>`` labels every rule option of :data:`napoleon.rules.OPTIONS`;
``val.<key>.<value>`` (or a shared ``val.<value>`` / ``val.rank.<value>``)
labels its values — numbers without an entry are shown as they are.  The terms
follow SdC Napoleon's manual (docs/rules/napoleon.md §4) where it has one.
"""

from __future__ import annotations

from typing import Final

_ja_en = tuple[str, str]


def _cat(pairs: dict[str, _ja_en]) -> dict[str, dict[str, str]]:
    return {k: {"ja": ja, "en": en} for k, (ja, en) in pairs.items()}


_OPTIONS: dict[str, _ja_en] = {
    "opt.players": ("人数", "Players"),
    "opt.jokers": ("ジョーカー", "Jokers"),
    "opt.trim_deck": ("札の間引き", "Trim the deck"),
    "opt.scoring": ("得点", "Scoring"),
    "opt.pass": ("パス", "Passing"),
    "opt.siberia": ("シベリア", "Siberia"),
    "opt.discard_honors": ("捨て札に入った旗札", "Discarded honors"),
    "opt.yoromeki": ("よろめき", "Yoromeki (♥Q beats the Mighty)"),
    "opt.yoromeki_counter": ("よろめき返し", "Yoromeki counter (♥K, ♥A)"),
    "opt.joker_call": ("ジョーカー請求 (♣3の台札)", "Joker call (♣3 lead)"),
    "opt.rank_lead_joker": ("強さ: 台札のジョーカー", "Strength: led joker"),
    "opt.rank_follow_joker": ("強さ: 後から出したジョーカー", "Strength: followed joker"),
    "opt.rank_trump_jack": ("強さ: 正J (切り札のJ)", "Strength: trump jack"),
    "opt.rank_back_jack": ("強さ: 裏J (切り札と同じ色のJ)",
                            "Strength: back jack (other jack of trump's colour)"),
    "opt.rank_same_two": ("強さ: セイム2 (全員同じスートのときの2)",
                          "Strength: same-suit 2 (all cards one suit)"),
    "opt.same_two_first_trick": ("第1巡でもセイム2", "Same-suit 2 in the first trick"),
    "opt.same_two_with_joker": ("ジョーカーが混じってもセイム2",
                                "Same-suit 2 with a joker in the trick"),
    "opt.joker_lead_first_trick": ("第1巡の台札にジョーカー", "Joker lead in the first trick"),
    "opt.min_bid": ("最低宣言枚数", "Lowest bid"),
    "opt.bid_suit_order": ("宣言のスート順", "Suit order in bidding"),
    "opt.no_trump_bid": ("ノートランプ宣言", "No-trump bids"),
    "opt.all_pass": ("全員パス", "Everybody passes"),
    "opt.exchange_first": ("副官指定の前に交換", "Exchange before the call"),
    "opt.joker_lead": ("台札のジョーカーが請求するスート", "Suit a led joker calls"),
    "opt.joker_holds": ("ジョーカーの巡の旗札は持ち越し", "Joker holds the honors"),
    "opt.role_cards_free": ("役札 (マイティ・正J・裏J) は自由に出せる",
                            "Role cards free to play"),
    "opt.opening_lead_trump": ("初手の切り札", "Trump on the opening lead"),
    "opt.same_two_trump": ("切り札でもセイム2", "Same-suit 2 in trump"),
    "opt.jack_hunt": ("狩りJ (正Jに勝つJ)", "Jack hunt (a jack beats the trump jack)"),
    "opt.plain_jack_low": ("正J・裏J以外のJは最弱", "Plain jacks lowest"),
    "opt.change_after_kitty": ("宣言の変更", "Change after the kitty"),
    "opt.match_games": ("1試合のゲーム数", "Games in a match"),
    "opt.next_dealer": ("次の配り始め", "Next dealer"),
}

_HELP: dict[str, _ja_en] = {
    "help.players": (
        "プレイヤーの人数 (手札は5人で10枚、4人で12枚、6人で8枚)",
        "Number of players (hands of 10 with 5, 12 with 4, 8 with 6)",
    ),
    "help.jokers": (
        "デッキに入れるジョーカーの枚数 (なしなら後引札は2枚)",
        "Jokers in the deck (none: a kitty of 2)",
    ),
    "help.trim_deck": (
        "後引札が3枚になるよう2 (セイム2ありなら3) を抜く (mixi)",
        "Remove 2s (3s with same-2) so that the kitty is 3 (mixi)",
    ),
    "help.scoring": (
        "得点表: SdC標準・ぐるぐる・ゼロサム・宣言連動",
        "Scoring table: SdC, Guruguru, zero-sum or bid-linked",
    ),
    "help.pass": (
        "無制限なら一度パスしても再びビッドできる",
        "Unlimited: a player who passed may bid again",
    ),
    "help.siberia": (
        "あり: 宣言20枚未満で旗札20枚を取るとフランス軍の負け",
        "On: the French side taking all 20 honors with a bid below 20 loses",
    ),
    "help.discard_honors": (
        "ナポレオンの捨て札に含まれる旗札の行き先",
        "Who gets the honor cards Napoleon discards",
    ),
    "help.yoromeki": (
        "火(♥)Qがマイティに勝つ",
        "The ♥Q beats the Mighty",
    ),
    "help.yoromeki_counter": (
        "よろめきのとき♥Kが♥Qに、さらに♥Aが♥Kに勝つ (mixi)",
        "Under yoromeki the ♥K beats the ♥Q, then the ♥A beats the ♥K (mixi)",
    ),
    "help.joker_call": (
        "台札の地(♣)3でジョーカーを請求できる",
        "Leading the ♣3 calls the joker",
    ),
    "help.rank_lead_joker": (
        "親の出したジョーカーの強さ (1位が最強、通常は特別な力なし)",
        "Strength of a led joker (1 strongest, normal: no special power)",
    ),
    "help.rank_follow_joker": (
        "子の出したジョーカーの強さ",
        "Strength of a followed joker",
    ),
    "help.rank_trump_jack": (
        "切り札のJ (正J) の強さ",
        "Strength of the trump jack",
    ),
    "help.rank_back_jack": (
        "切り札と同じ色の別スートのJ (裏J) の強さ",
        "Strength of the back jack (the other jack of trump's colour)",
    ),
    "help.rank_same_two": (
        "全員が同じスートのときの2 (セイム2) の強さ",
        "Strength of the 2 when every card of the trick is of one suit (same-2)",
    ),
    "help.same_two_first_trick": (
        "第一巡でもセイム2を認める",
        "Same-2 also in the first trick",
    ),
    "help.same_two_with_joker": (
        "ジョーカーの混じったセイム2を認める",
        "A joker counts as the suit for same-2",
    ),
    "help.joker_lead_first_trick": (
        "第一巡に台札としてジョーカーを出せるか",
        "May the joker be led in the first trick",
    ),
    "help.min_bid": (
        "宣言できる最低の枚数",
        "The lowest bid",
    ),
    "help.bid_suit_order": (
        "同じ枚数なら強いスート (♠>♥>♦>♣) で上乗せできる",
        "The same number with a higher suit (♠>♥>♦>♣) outbids",
    ),
    "help.no_trump_bid": (
        "ノートランプを宣言できる (同じ枚数ならどのスートより強い)",
        "No-trump may be bid and beats every suit at the same number",
    ),
    "help.all_pass": (
        "全員パスのとき: 最初の人がノートランプ10で強制、または配り直し",
        "Everybody passed: the first bidder plays no-trump 10, or deal again",
    ),
    "help.exchange_first": (
        "副官指定より先に後引札を交換する (NAPOLEON L)",
        "The kitty exchange comes before the adjutant call (NAPOLEON L)",
    ),
    "help.joker_lead": (
        "親のジョーカーが請求するスート: 任意または切り札 (mixi)",
        "The suit a led joker calls: any suit or trump (mixi)",
    ),
    "help.joker_holds": (
        "ジョーカーが勝った巡の旗札は次の巡の勝者のもの (NAPOLEON L)",
        "Honors of a trick won by a joker go to the next trick's winner (NAPOLEON L)",
    ),
    "help.role_cards_free": (
        "マイティ・正J・裏Jはスートに従わずに出せる",
        "The Mighty and the jacks may be played without following suit",
    ),
    "help.opening_lead_trump": (
        "最初の台札に切り札を出せるか",
        "May the first lead be a trump",
    ),
    "help.same_two_trump": (
        "切り札のスートでもセイム2を認める",
        "Same-2 also in the trump suit",
    ),
    "help.jack_hunt": (
        "正Jと組になるJ (狩りJ) が正Jに勝つ (4人用)",
        "The jack paired with the trump jack beats it (four players)",
    ),
    "help.plain_jack_low": (
        "正J・裏J以外のJはそのスートで最弱 (4人用)",
        "A jack that is neither trump nor back jack is the lowest of its suit",
    ),
    "help.change_after_kitty": (
        "後引札を見た後、切り札や副官指定を変更できる (変更ごとに宣言+1)",
        "After the kitty Napoleon may change trump or the called card (+1 each)",
    ),
    "help.match_games": (
        "1試合のゲーム数",
        "Games in a match",
    ),
    "help.next_dealer": (
        "次のゲームの配り始め: 副官 (いなければナポレオン)、順番、または前回のナポレオン",
        "Who deals next: the adjutant (else Napoleon), the next seat, or the last Napoleon",
    ),
}

_VALUES: dict[str, _ja_en] = {
    "val.rank.1": ("1位", "1st"),
    "val.rank.2": ("2位", "2nd"),
    "val.rank.3": ("3位", "3rd"),
    "val.rank.4": ("4位", "4th"),
    "val.rank.5": ("5位", "5th"),
    "val.rank.normal": ("通常", "Normal"),
    "val.players.5": ("5人", "5"),
    "val.players.4": ("4人", "4"),
    "val.players.6": ("6人", "6"),
    "val.jokers.1": ("1枚", "One"),
    "val.jokers.0": ("なし", "None"),
    "val.jokers.2": ("2枚", "Two"),
    "val.scoring.sdc": ("SdC標準", "SdC Standard"),
    "val.scoring.guruguru": ("ぐるぐる", "Guruguru"),
    "val.scoring.zerosum": ("ゼロサム", "Zero-sum"),
    "val.scoring.bid": ("宣言連動", "Bid-linked"),
    "val.pass.once": ("1回", "Once"),
    "val.pass.unlimited": ("無制限", "Unlimited"),
    "val.discard_honors.first_trick": ("回収 (第一巡の勝者)", "To the first trick's winner"),
    "val.discard_honors.allies": ("廃棄 (連合軍の枚数)", "To the Allies"),
    "val.discard_honors.nobody": ("除外 (誰のものでもない)", "To nobody"),
    "val.yoromeki.mighty_only": ("あり (正J・裏Jに負ける)", "On (jacks beat it)"),
    "val.all_pass.sdc": ("ノートランプ10で強制", "Forced no-trump 10"),
    "val.all_pass.redeal": ("配り直し", "Deal again"),
    "val.joker_lead.any_suit": ("任意のスート", "Any suit"),
    "val.joker_lead.trump": ("切り札", "Trump"),
    "val.next_dealer.adjutant": ("副官", "The adjutant"),
    "val.next_dealer.rotate": ("順番", "The next seat"),
    "val.next_dealer.napoleon": ("前回のナポレオン", "The last Napoleon"),
}

_PRESETS: dict[str, _ja_en] = {
    "preset.sdc": ("SdC標準", "SdC Standard"),
    "preset.guruguru": ("ぐるぐる", "Guruguru"),
    "preset.intro": ("入門", "Introductory"),
    "preset.mixi": ("mixi", "mixi"),
    "preset.napoleon_l": ("NAPOLEON L", "NAPOLEON L"),
    "preset.four": ("4人用", "Four players"),
}

_PREFS: dict[str, _ja_en] = {
    "pref.suit_style": ("スートの表示", "Suits"),
    "suits.symbols": ("♠♥♦♣", "♠♥♦♣"),
    "suits.elements": ("風火水地 (SdCの色)", "Elements (SdC colours)"),
    "pref.undo": ("待った (取り消し)", "Undo"),
    "undo.on": ("使える", "Allowed"),
    "undo.off": ("使わない", "Off"),
    # A game's result waits for NEXT either way (its review is offered there).
    "pref.auto_next": ("巡の後・通算成績で自動で進む", "Go on by itself (tricks, standings)"),
    "auto.off": ("しない (NEXTを押す)", "No (press NEXT)"),
    "auto.on": ("する (結果画面ではNEXTを待つ)", "Yes (a game's result waits for NEXT)"),
}

_SETTINGS: dict[str, _ja_en] = {
    "settings.title": ("設定", "Settings"),
    "settings.apply_note": (
        "ルールの変更は【変更】で適用され、新しい試合が始まります (対戦中なら先に確認します)。"
        "適用せずに閉じようとすると確認します。",
        "Rule changes apply with “Change” and start a new match (you are asked first "
        "if one is in progress); closing with changes not applied asks first.",
    ),
    "settings.applied": ("ルールを変更しました: {rules}", "Rules changed: {rules}"),
    "settings.no_remembered": (
        "記憶されたルールはありません (SdC標準を表示します)",
        "No remembered rules (showing SdC Standard)",
    ),
}

_NOTICES: dict[str, _ja_en] = {
    "notice.save_corrupt": (
        "保存された対戦を復元できませんでした ({error})。データは「{backup}」に退避しました",
        "The saved match could not be restored ({error}); it was set aside as “{backup}”",
    ),
    "notice.save_incompatible": (
        "保存された対戦はこの版では復元できません ({error})。データは「{backup}」に退避しました",
        "The saved match is from an incompatible version ({error}); "
        "it was set aside as “{backup}”",
    ),
    "notice.storage_unavailable": (
        "ブラウザの保存領域が使えないため、設定と対戦は保存されません",
        "The browser's storage is unavailable: settings and the match are not saved",
    ),
}

_RECORD: dict[str, _ja_en] = {
    "record.title": ("譜", "Game record (譜)"),
    "record.none": ("まだ譜はありません", "No record yet"),
    "record.copy": ("譜をコピー", "Copy the record"),
    "record.copied": ("コピーしました", "Copied"),
    "record.copy_failed": (
        "コピーできませんでした。譜を選択して Ctrl+C でコピーしてください",
        "Could not copy: select the record and press Ctrl+C",
    ),
    "record.symbols": ("譜の記号", "Record symbols"),
    "record.marks": (
        "記号: → 台札を出して負け、○ 勝ち、◎ 台札を出して勝ち"
        " (札の後の数字: その席がそこまでに取った旗札の枚数)",
        "Marks: > led and lost, + won, * led and won"
        " (after each card: that seat's honors so far)",
    ),
    "record.export": ("JSONを保存", "Save as JSON"),
    "record.export_show": ("JSONを表示", "Show the JSON"),
    "record.review": ("このゲームをレビュー", "Review this game"),
    "record.import": ("譜(JSON)の読み込み", "Import a JSON record"),
    "record.import_file": ("ファイルを選ぶ", "Choose a file"),
    "record.import_paste": ("貼り付けたJSONを読み込む", "Load the pasted JSON"),
    "record.import_placeholder": ("ここにJSONを貼り付け", "Paste a JSON record here"),
    "record.import_error": (
        "譜を読み込めませんでした: {error}", "Could not import the record: {error}"
    ),
    "record.imported": ("読み込んだ譜", "Imported record"),
    "record.shared": ("共有リンクのゲームの譜", "The game of a shared link"),
    "record.replay": ("再生", "Replay"),
    "record.first": ("最初", "Start"),
    "record.prev": ("前の巡", "Previous trick"),
    "record.next": ("次の巡", "Next trick"),
    "record.last": ("最後", "End"),
    "record.step_start": ("第1巡の前", "Before trick 1"),
    "record.step": ("第{n}巡 / 全{total}巡", "Trick {n} of {total}"),
    "record.game": ("第{n}ゲーム", "Game {n}"),
    "record.seat": ("席", "Seat"),
    "record.card": ("出し札", "Card"),
    "record.hand": ("残りの手札", "Cards left"),
    "record.honors": ("旗札", "Honors"),
    "record.you": ("あなた", "You"),
    "record.cpu": ("CPU{n}", "CPU{n}"),
    "record.close": ("閉じる", "Close"),
}

#: Every string of the settings, notices and record screens.
STRINGS: Final[dict[str, dict[str, str]]] = {
    **_cat(_OPTIONS), **_cat(_HELP), **_cat(_VALUES), **_cat(_PRESETS), **_cat(_PREFS),
    **_cat(_SETTINGS), **_cat(_NOTICES), **_cat(_RECORD),
}
