"""The record screen's words, Japanese and English (``durak.ui_dom.i18n`` merges them).

The ``words.*`` lines tell a text record bout by bout (:mod:`durak.ui_dom.record.record_words`);
English uses the past tense, which reads the same after "You" and after "CPU1".
"""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "btn.record": {"ja": "記録", "en": "Record"},
    "record.title": {"ja": "ゲームの記録", "en": "Game record"},
    "record.close": {"ja": "閉じる", "en": "Close"},
    "record.none": {"ja": "終わったゲームはまだありません。終わるとここに記録が出ます。",
                    "en": "No game has ended yet. Each finished game's record appears here."},
    "record.game": {"ja": "第{n}ゲーム", "en": "Game {n}"},
    "record.choose": {"ja": "ゲーム", "en": "Game"},
    "record.words": {"ja": "経過", "en": "Bout by bout"},
    "record.machine": {"ja": "記録テキスト（コピー・読み込み用）",
                       "en": "Record text (to copy and import)"},
    "record.copy": {"ja": "記録をコピー", "en": "Copy the record"},
    "record.copied": {"ja": "コピーしました。", "en": "Copied."},
    "record.copy_failed": {"ja": "コピーできませんでした。テキストを選択してコピーしてください。",
                           "en": "Could not copy; select the text and copy it."},
    "record.import": {"ja": "記録を読み込む", "en": "Import a record"},
    "record.import_placeholder": {"ja": "記録テキストまたはJSONを貼り付け",
                                  "en": "Paste a record's text or JSON"},
    "record.import_paste": {"ja": "貼り付けた記録を読み込む", "en": "Load the pasted record"},
    "record.import_error": {"ja": "記録を読み込めません: {error}",
                            "en": "Cannot read the record: {error}"},
    "record.imported": {"ja": "読み込んだ記録", "en": "Imported record"},
    "record.shared": {"ja": "共有されたゲーム（{name}）", "en": "Shared game: {name}"},
    "record.shared_you": {"ja": "「あなた」はこのゲームを共有した人です。",
                          "en": "“You” is the player who shared this game."},
    "words.sep": {"ja": "、", "en": "; "},
    "words.stop": {"ja": "。", "en": "."},
    "words.list_sep": {"ja": "・", "en": ", "},
    "words.bout": {"ja": "第{n}バウト（{attacker}→{defender}）: ",
                   "en": "Bout {n}, {attacker} attacked {defender}: "},
    # An action is said with its button's word (the one catalog of action names,
    # durak.ui_dom.table.strings_actions): 【回す】 is 回し here; a bout's header says who
    # attacked, so its first card is "led" after it.
    "words.lead": {"ja": "{who}が{cards}で攻撃", "en": "{who} led {cards}"},
    "words.throw": {"ja": "{who}が{cards}を追加", "en": "{who} threw in {cards}"},
    "words.from_talon": {"ja": "{who}が山札から{cards}で攻撃",
                         "en": "{who} attacked from the talon with {cards}"},
    "words.cover": {"ja": "{who}が{target}を{card}で返し",
                    "en": "{who} covered {target} with {card}"},
    "words.cover_talon": {"ja": "{who}が{target}を山札の{card}で返し",
                          "en": "{who} covered {target} with {card} from the talon"},
    "words.try_talon": {"ja": "{who}が山札で{target}に挑み、{card}は返せず",
                        "en": "{who} tried the talon on {target}: {card} did not beat it"},
    "words.baltic": {"ja": "（{cards}を添えて）", "en": " (laying {cards} beside it)"},
    "words.transfer": {"ja": "{who}が{cards}で回し", "en": "{who} transferred with {cards}"},
    "words.transfer_shown": {"ja": "{who}が{cards}を見せて回し",
                             "en": "{who} showed {cards} and transferred"},
    "words.swap_six": {"ja": "{who}が{cards}と切り札を交換",
                       "en": "{who} swapped {cards} for the turned trump"},
    "words.take": {"ja": "{who}が引き取ると宣言", "en": "{who} chose to take"},
    # A take names the cards it picked up; "the cards" only where the record alone
    # does not say which (durak.ui_dom.record.record_words: a talon card, a doubt, Baltic).
    "words.took": {"ja": "{who}が{cards}を引き取り", "en": "{who} took {cards}"},
    "words.taken": {"ja": "{who}が場の札を引き取り", "en": "{who} took the cards"},
    "words.beaten": {"ja": "防ぎきって捨て札へ", "en": "beaten, to the discard pile"},
    "words.recycled": {"ja": "防ぎきって札は山札へ戻る",
                       "en": "beaten, the cards went back into the talon"},
    "words.pass": {"ja": "{who}はパス", "en": "{who} passed"},
    "words.double": {"ja": "{who}がダブル", "en": "{who} doubled"},
    "words.defender": {"ja": "守備側", "en": "the defender"},
    "words.attacker": {"ja": "攻撃側", "en": "the attacker"},
    "words.accept": {"ja": "ダブルを受けた", "en": "the double was accepted"},
    "words.fold": {"ja": "ダブルを降りた", "en": "folded at the double"},
    "words.challenge": {"ja": "{who}がダウト（伏せて返した札を疑った）",
                        "en": "{who} called doubt on the face-down cover"},
    "words.wrong": {"ja": "{who}の札は間違いで引き取り",
                    "en": "{who}'s card was wrong, so they took"},
    "words.token": {"ja": "（記録: {token}）", "en": "(record: {token})"},
    "words.refill": {"ja": "補充: {draws}", "en": "Refill: {draws}"},
    "words.draws": {"ja": "{who}が{cards}", "en": "{who} drew {cards}"},
    "words.out": {"ja": "{who}があがり", "en": "{who} went out"},
    # Every record of the family ends as the result says it (result.durak, pile.result.durak).
    "words.durak": {"ja": "ドゥラーク: {who}", "en": "Durak: {who}"},
    "words.shame": {"ja": "（恥ずかしい負け）", "en": " (a disgraceful loss)"},
    "words.folded": {"ja": "（ダブルを降りた）", "en": " (declined a double)"},
    "words.stake": {"ja": "（キューブ {n}）", "en": " (cube {n})"},
    "words.draw": {"ja": "引き分け", "en": "A draw"},
    "words.draw_repetition": {"ja": "同一局面の繰り返しで引き分け", "en": "A draw by repetition"},
    "words.trump": {"ja": "切り札は{card}（山札{talon}枚）",
                    "en": "Trump: {card} ({talon} cards in the talon)"},
    "words.trump_hidden": {"ja": "切り札は伏せたまま（山札{talon}枚）",
                           "en": "The trump card stayed face down ({talon} cards in the talon)"},
    "words.no_trump": {"ja": "切り札の札はめくらない（山札{talon}枚）",
                       "en": "No trump card turned ({talon} cards in the talon)"},
    "words.cut": {"ja": "（{n}行で打ち切り）", "en": "(cut after {n} lines)"},
    # The end screen: the record in words, its machine form folded behind a key.
    "result.words": {"ja": "経過", "en": "What happened"},
    "result.notation": {"ja": "記録テキスト（コピー用）と記号の読み方",
                        "en": "Notation (to copy) and its key"},
    "record.key.title": {"ja": "記号の読み方", "en": "Key to the notation"},
    "record.key.durak": {
        "ja": "席の番号は0から（0＝あなた、1＝CPU1…）。札はランク＋スート（T＝10、"
              "S♠・H♥・D♦・C♣）。b1 0>1＝第1バウト、0が1を攻撃。+0:7C＝0が♣7を出す（追加も）。"
              "/1:9C=7C＝1が♣7を♣9で受ける。>0:7D＝0が♦7で回す。!＝引き取ると宣言。"
              "beaten＝防ぎきり、taken＝引き取り。r 0:…＝補充。end durak=1＝1がドゥラーク。",
        "en": "Seats are numbered from 0 (0 = you, 1 = CPU1 …). A card is its rank and suit "
              "(T = 10; S♠, H♥, D♦, C♣). b1 0>1 = bout 1, seat 0 attacks seat 1. "
              "+0:7C = seat 0 leads (or throws in) the 7♣. /1:9C=7C = seat 1 covers the 7♣ "
              "with the 9♣. >0:7D = seat 0 transfers with the 7♦. ! = the defender takes. "
              "beaten / taken = how the bout ended. r 0:… = a refill. "
              "end durak=1 = seat 1 is the durak."},
    "record.key.pile": {
        "ja": "席の番号は0から（0＝あなた、1＝CPU1…）。札はランク＋スート（T＝10、"
              "S♠・H♥・D♦・C♣）。1行が場の山ひとつ分。0:7S＝0が♠7を山に出す。"
              "0:!＝0が引き取る。0:@＝0が山札をめくる（ポーランド式）。"
              "trump＝切り札、end durak=1＝1がドゥラーク、end draw＝引き分け。",
        "en": "Seats are numbered from 0 (0 = you, 1 = CPU1 …). A card is its rank and suit "
              "(T = 10; S♠, H♥, D♦, C♣). One line per pile. 0:7S = seat 0 lays the "
              "7♠ on the pile. 0:! = seat 0 takes. 0:@ = seat 0 turns the talon's card "
              "(Polish). trump = the trump; end durak=1 = seat 1 is the durak; "
              "end draw = a draw."},
    "record.key.own": {
        "ja": "席の番号は0から（0: あなた、1: CPU1…）。札はランク＋スート（T＝10、"
              "S♠・H♥・D♦・C♣）。手は1行に1つ: 0 QS＝0が♠Qを出す、1 take＝1が引き取る。"
              "end durak=1＝1がドゥラーク、end draw＝引き分け。",
        "en": "Seats are numbered from 0 (0: you, 1: CPU1 …). A card is its rank and suit "
              "(T = 10; S♠, H♥, D♦, C♣). One move a line: 0 QS = seat 0 lays the Q♠; "
              "1 take = seat 1 takes. end durak=1 = seat 1 is the durak; end draw = a draw."},
    "own.words.round": {"ja": "{n}巡目: ", "en": "Round {n}: "},
    "pile.words.pile": {"ja": "{n}山目: ", "en": "Pile {n}: "},
    # Between a pile's moves: in Japanese each move is a sentence, as a turn from the
    # talon holds a 「、」 of its own (「…に勝てず、2枚を引き取って…」).
    "pile.words.sep": {"ja": "。", "en": "; "},
    "pile.words.trump": {"ja": "切り札は{card}", "en": "Trump: {card}"},
    "pile.words.trump_suit": {"ja": "切り札は{suit}（札は見せない）",
                              "en": "Trump: {suit} (no card shown)"},
}
