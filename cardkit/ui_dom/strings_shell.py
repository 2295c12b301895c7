"""Japanese and English strings of the page shell every game shares.

The settings panel's frame and the rules dialog's frame
(:mod:`cardkit.ui_dom.rules_frame`) (:mod:`cardkit.ui_dom.settings_panel`), the display
preferences every game has (language, computers' level, animation), the
notices about the address and the saved settings
(:mod:`cardkit.ui_dom.notices`, :mod:`cardkit.saved_prefs`), the hint frame's
button, progress and failure (:mod:`cardkit.ui_dom.hint_frame`), the menu's
settings button and the words of on/off options.  A game's translator merges
these first (:class:`cardkit.i18n.Translator`), so a game may word one of them
its own way by defining the same key.
"""

from __future__ import annotations

from typing import Final

_ja_en = tuple[str, str]

_SHELL: dict[str, _ja_en] = {
    "anim.fast": ("速い", "Fast"),
    "anim.instant": ("なし (即時)", "Instant"),
    "anim.normal": ("普通", "Normal"),
    "btn.pass_play": ("みんなで1台", "Pass and play"),
    "btn.rules": ("ルール", "Rules"),
    "btn.settings": ("設定", "Settings"),
    # The hint frame (cardkit.ui_dom.hint_frame).
    "hint.button": ("ヒント", "Hint"),
    "hint.failed": ("ヒントを出せませんでした: {error}", "No hint: {error}"),
    "hint.thinking": ("強いCPUが考えています…", "The strong computer is thinking…"),
    # A list's separator in running text (cards, seats), every game's.
    "list.sep": ("、", ", "),
    # The table with friends (cardkit.ui_dom.friends).
    "btn.friends": ("友だちと遊ぶ", "Play with friends"),
    "friends.title": ("友だちと遊ぶ", "Play with friends"),
    "friends.hosting": ("テーブルを用意しました。リンクを送ってください",
                        "Your table is ready: send the link to your friends"),
    "friends.joining": ("テーブルに接続しています…", "Joining the table…"),
    "friends.waiting": ("ホストが始めるのを待っています", "Waiting for the host to start"),
    "friends.playing": ("友だちと対戦中", "Playing with friends"),
    "friends.over": ("友だちとの対戦は終わりました", "The table with friends is over"),
    "friends.link": ("招待リンク", "Invitation link"),
    "friends.copy": ("リンクをコピー", "Copy the link"),
    "friends.qr": ("招待リンクのQRコード", "The invitation link as a QR code"),
    "friends.start": ("開始", "Start"),
    "friends.seat": ("席{n}", "Seat {n}"),
    "friends.seats": ("席{a}–{b}", "Seats {a}–{b}"),
    "friends.you": ("{name} (あなた)", "{name} (you)"),
    "friends.kind.host": ("ホスト", "host"),
    "friends.kind.guest": ("参加中", "playing"),
    "friends.kind.guest_waiting": ("参加中 (開始待ち)", "joined, waiting for the start"),
    "friends.kind.computer": ("コンピュータ", "computer"),
    "friends.kind.computers": ("コンピュータ", "computers"),
    "friends.kind.open": ("空席 (開始時はコンピュータ)", "open (a computer if nobody comes)"),
    "friends.kind.away": ("接続が切れました。{s}秒後にコンピュータが代わります",
                          "disconnected: a computer takes over in {s} s"),
    "friends.kind.away_soon": ("接続が切れました。まもなくコンピュータが代わります",
                               "disconnected: a computer takes over in a moment"),
    "friends.kind.computer_now": ("接続が切れたのでコンピュータが代打ち中",
                                  "disconnected: a computer plays for them"),
    "friends.back": ("{who}が戻りました", "{who} came back"),
    "friends.name": ("あなたの名前 (みんなに表示)", "Your name (everyone sees it)"),
    "friends.name_save": ("名前を決定", "Set name"),
    "friends.name_bad": ("名前は{max}文字までの、制御文字のない文字列にしてください",
                         "A name is at most {max} characters, with no control characters"),
    "friends.name_saved_bad": ("保存された名前が使えないので、名前なしで参加します",
                               "The saved name cannot be used: you sit without a name"),
    "friends.no_relay": ("中継サーバーに接続できませんでした: {error}",
                         "Could not reach the relays: {error}"),
    "friends.bad_link": ("テーブルのリンクが読めません: {error}",
                         "The table's link cannot be read: {error}"),
    "friends.host_left": ("ホストとの接続が切れたため、テーブルは終わりました。",
                          "The host is gone: the table is over."),
    "friends.ended": ("テーブルは終わりました。", "The table is over."),
    # After a game's end: the host may play again at the same table.
    "friends.game_over": ("ゲームが終わりました", "The game is over"),
    "friends.again": ("もう一度遊ぶ", "Play again"),
    "friends.again_wait": ("ホストがもう一度遊ぶなら、このまま同じ席で次のゲームに参加できます。",
                           "If the host plays again, you play the next game in the same "
                           "seat: stay here."),
    "friends.again_started": ("ホストが次のゲームを始めました。",
                              "The host started the next game."),
    "friends.closed": ("ホストがテーブルを終わりにしました。", "The host ended the table."),
    "friends.moved": ("ホストが合言葉か中継サーバーを変えたので、このテーブルからは外れました。"
                      "新しい招待リンクをもらって入り直してください。",
                      "The host changed the table's password or relays, so you left it: "
                      "ask for the new link and join again."),
    # The host changes the password or relays with friends seated.
    "friends.room_change.title": ("合言葉と中継サーバーを変えますか?",
                                  "Change the password and relays?"),
    "friends.room_change.text": ("席に着いた友だちはテーブルから外れます(そのことは伝わります)。"
                                 "新しい招待リンクを送り直してください。",
                                 "The friends already seated leave the table (they are told "
                                 "why): send them the new link."),
    "friends.room_change.no": ("変えない", "Keep them"),
    "friends.room_change.yes": ("変える", "Change them"),
    # Leaving the table by a menu control that puts another game on the page.
    "friends.leave.title": ("友だちとのテーブルを離れますか?", "Leave the table with friends?"),
    "friends.leave.text": ("あなたの席はコンピュータが代わりに打ちます。"
                           "招待リンクを開き直せば席に戻れます。",
                           "A computer plays your seat; opening the link again takes it back."),
    "friends.leave.no": ("テーブルに残る", "Stay at the table"),
    "friends.leave.button": ("テーブルを離れる…", "Leave the table…"),
    "friends.leave.back": ("自分のテーブルに戻る", "Back to my own table"),
    "friends.end.button": ("テーブルを終える…", "End the table…"),
    "friends.leave.yes": ("離れる", "Leave"),
    "friends.end.title": ("全員のテーブルを終わりにしますか?", "End the table for everyone?"),
    "friends.end.text": ("友だちに、テーブルが終わったことと、それまでの経過が伝わります。",
                         "Your friends are told the table is over, with what they saw so far."),
    "friends.end.no": ("続ける", "Keep playing"),
    "friends.end.yes": ("終わりにする", "End the table"),
    "friends.record": ("このゲームの譜", "This game's record"),
    "friends.record_on_end": ("このゲームの記録は終わりの画面にあります。",
                              "This game's record is on the end screen."),
    "friends.refused": ("ホストがその手を受け付けませんでした ({reason})",
                        "The host refused that move ({reason})"),
    # Each refusal's reason (cardkit.table_net.messages.REASONS) in words: the
    # code alone ("stale") tells a player nothing.
    "friends.reason.too-long": ("メッセージが長すぎます", "the message was too long"),
    "friends.reason.too-deep": ("メッセージの入れ子が深すぎます",
                                "the message was nested too deeply"),
    "friends.reason.malformed": ("メッセージの形が正しくありません",
                                 "the message was not well formed"),
    "friends.reason.version": ("ページの版が違います。再読み込みしてください",
                               "another version of the page: reload it"),
    "friends.reason.unknown": ("ホストの知らない種類のメッセージです",
                               "a kind of message the host does not take"),
    "friends.reason.not-seated": ("あなたは席に着いていません", "you hold no seat"),
    "friends.reason.not-your-turn": ("あなたの番ではありません", "it is not your turn"),
    "friends.reason.stale": ("その間にテーブルが先に進みました",
                             "the table had already moved on"),
    "friends.reason.illegal": ("今は出せない手です", "that move is not allowed now"),
    "friends.reason.bad-token": ("この席の合図ではありません",
                                 "the seat's token is not this table's"),
    "friends.reason.full": ("空席がありません", "no seat is free"),
    "friends.reason.flood": ("メッセージが多すぎます", "too many messages"),
    "friends.reason.over": ("ゲームはもう終わっています", "the game is already over"),
    # Each relay's state in the lobby, and what to do when none is reached
    # (cardkit.ui_dom.relay_health).
    "friends.relay.line": ("{relay}: {state}", "{relay}: {state}"),
    "friends.relay.connecting": ("接続中…", "connecting…"),
    "friends.relay.reached": ("つながりました", "reached"),
    "friends.relay.failed": ("つながりません", "failed"),
    "friends.relay.refused": ("つながりましたが、送信を断られました", "refused our messages"),
    "friends.relay.reason": ("「{why}」", '("{why}")'),
    "friends.relay.code": ("(コード {code})", "(code {code})"),
    "friends.relay.list": ("中継サーバー", "Relays"),
    "friends.relay.none": (
        "どの中継サーバーにもつながらないので、友だちはこのテーブルを見つけられません。"
        "下の「中継なしで接続」を使うか、別の中継サーバーを選んでください",
        "No relay can be reached, so your friends cannot find this table: use "
        "“Connect without a relay” below, or choose other relays"),
    "friends.relay.no_relay": (
        "どの中継サーバーにもつながらないので、ホストを探せません。"
        "ホストに「中継なしで接続」のリンクを送ってもらってください",
        "No relay can be reached, so the host cannot be found: ask the host for a link "
        "from “Connect without a relay”"),
    "friends.relay.found": (
        "テーブルが見つかりました。接続しています…",
        "The table was found: connecting…"),
    "friends.relay.no_host": (
        "{s} 秒たってもホストが見つかりません。リンクが古いか、ホストのページが閉じています。"
        "新しいリンクか、「中継なしで接続」のリンクを送ってもらってください",
        "The host was not found in {s} s: the link may be old, or the host's page closed. "
        "Ask the host for a new link, or one from “Connect without a relay”"),
    "friends.route_failed.host": (
        "友だちの端末とつながりませんでした ({why})。試せること: 両方を同じWi-Fiにつなぐ、"
        "下の「ほかの接続方法」でTURNサーバーを設定する、または「中継なしで接続」",
        "Could not connect to your friend’s device ({why}). Try: both devices on the same "
        "Wi-Fi; a TURN server under “Other ways to connect” below; or "
        "“Connect without a relay”"),
    "friends.route_failed.guest": (
        "ホストの端末とつながりませんでした ({why})。試せること: 両方を同じWi-Fiにつなぐ、"
        "下の「ほかの接続方法」でTURNサーバーを設定する、またはホストに「中継なしで接続」の"
        "リンクを送ってもらう",
        "Could not connect to the host’s device ({why}). Try: both devices on the same "
        "Wi-Fi; a TURN server under “Other ways to connect” below; or ask the host "
        "for a link from “Connect without a relay”"),
    "friends.route.ice": ("端末の間に通り道が見つかりません",
                          "no network path between the two devices"),
    "friends.route.wait": ("{s}秒たっても接続できません", "no connection after {s} s"),
    "friends.route.password": ("合言葉が一致しません", "the password does not match"),
    "friends.turn.title": ("TURNサーバー (直接つながらないネットワークのとき)",
                           "TURN server (for networks where devices cannot connect directly)"),
    "friends.turn.url": ("アドレス (turn: か turns:)", "Address (turn: or turns:)"),
    "friends.turn.user": ("ユーザー名", "User name"),
    "friends.turn.credential": ("パスワード (クレデンシャル)", "Credential"),
    "friends.turn.note": ("この端末にだけ保存し、このブラウザーの接続にだけ使います。"
                          "友だちにも中継サーバーにも送りません",
                          "Kept on this device and used only by this browser to connect: "
                          "never sent to friends or relays"),
    "friends.turn.save": ("TURNサーバーを保存", "Save the TURN server"),
    "friends.turn.saved": ("TURNサーバーを保存しました。これからの接続に使います",
                           "TURN server saved: new connections use it"),
    "friends.turn.cleared": ("TURNサーバーの設定を消しました", "TURN server removed"),
    "friends.turn.bad": ("TURNサーバーの「{field}」が使えません: {why}。入力はそのままです",
                         "The TURN server’s “{field}” cannot be used: {why}. "
                         "What you typed is kept"),
    "friends.turn.why.scheme": ("turn: か turns: で始めてください (例: turn:turn.example.org:3478)",
                                "it must start with turn: or turns: "
                                "(e.g. turn:turn.example.org:3478)"),
    "friends.turn.why.address": ("ホスト名かポートの形が正しくありません",
                                 "the host name or port is not valid"),
    "friends.turn.why.port": ("ポート番号は1〜65535です", "the port must be 1 to 65535"),
    "friends.turn.why.empty": ("空です", "it is empty"),
    "friends.turn.why.long": ("長すぎます", "it is too long"),
    "friends.turn.why.control": ("制御文字が入っています", "it holds control characters"),
    "friends.turn.saved_bad": ("保存されたTURNサーバーの設定が読めないので消しました",
                               "The saved TURN server could not be read and was removed"),
    "friends.reason.silent": ("しばらく応答がなかったので席を取り直します",
                              "nothing was heard from you for a while: taking your seat again"),
    "friends.records": ("譜 ({n}ゲーム)", "Records ({n} games)"),
    "friends.records_one": ("譜 (1ゲーム)", "Record (1 game)"),
    "friends.records_kept": ("各ゲームの譜は「譜」ボタンで見られます",
                             "Each game's record stays under the Record button"),
    "friends.dropped": ("ホストからのメッセージが読めないので無視しました ({what})。"
                        "テーブルはそのままです",
                        "A message from the host could not be read and was dropped "
                        "({what}); your table is unchanged"),
    "friends.dropped_more": ("ホストからのメッセージが読めないので{n}件無視しました "
                             "(最後: {what})。テーブルはそのままです",
                             "{n} messages from the host could not be read and were "
                             "dropped (last: {what}); your table is unchanged"),
    "friends.full": ("このテーブルに空席はありません", "This table has no free seat"),
    "friends.host_lost": ("ホストとの接続が切れました。戻ってくるのを最大{s}秒待ちます…",
                          "Lost the host: waiting up to {s} s for it to come back…"),
    "friends.wait_status": ("ホストを待っています。戻るまで手は打てません",
                            "Waiting for the host: no move can be made until it is back"),
    "friends.host_back": ("ホストが戻りました", "The host is back"),
    "friends.seen": ("あなたの席から見えたこれまでの経過", "What your seat saw so far"),
    "friends.resumed": ("友だちとのテーブルを再開しました。参加者の再接続を待っています",
                        "Your table with friends is back: waiting for your friends to reconnect"),
    "friends.resumed_by_hand": (
        "友だちとのテーブルを再開しました。中継なしでつないだ友だちは自動では戻れません:"
        "「中継なしで接続」で新しいコードを作って渡してください "
        "(それまではコンピュータが代わります)",
        "Your table with friends is back. A friend connected without a relay cannot come back "
        "by itself: make a new code with “Connect without a relay” and give it to them (a "
        "computer plays for them meanwhile)"),
    "friends.password": ("合言葉 (任意)", "Password (optional)"),
    "friends.relays": ("中継サーバー (1行に1つ)", "Relays (one a line)"),
    "friends.apply": ("合言葉と中継を反映", "Use this password and these relays"),
    "friends.bad_relay": ("この中継サーバーは使えません: {relay} ({why})",
                          "This relay cannot be used: {relay} ({why})"),
    "friends.why.url": ("ws:// か wss:// のアドレスではありません",
                        "not a ws:// or wss:// address"),
    "friends.why.policy": ("このサイトのCSPが許していません", "this site's CSP does not allow it"),
    "friends.bad_password": ("合言葉は64文字までの、制御文字のない文字列です",
                             "A password is up to 64 characters, no control characters"),
    "friends.not_hosted": ("このゲームは、まだ友だちと遊べません",
                           "This game cannot be played with friends yet"),
    # The exchange by hand, without a relay (cardkit.ui_dom.friends_manual).
    "friends.manual.offer": ("中継なしで接続", "Connect without a relay"),
    "friends.manual.offer_note": (
        "同じネットワークにいる友だちにこのQRコードを読んでもらうか、リンクを送って、"
        "返ってきた応答コードを下に貼ってください。この方法でつないだ参加者は、"
        "このページを再読み込みすると自動では戻れません(新しいコードが要ります)",
        "Let your friend on the same network scan this QR code, or send the link, then paste "
        "the answer code they get below. A guest connected this way cannot come back by itself "
        "after this page reloads (it takes a new code)"),
    "friends.manual.qr": ("友だちに渡すコードのQRコード", "The code for your friend as a QR code"),
    "friends.manual.offer_link": ("友だちに渡すリンク (コード入り)",
                                  "Link for your friend (holds the code)"),
    "friends.manual.answer": ("友だちの応答コード", "Your friend's answer code"),
    "friends.manual.connect": ("接続", "Connect"),
    "friends.manual.join": ("コードでほかのテーブルに参加 (そのホストのコードかリンク)",
                            "Join another table by code (its host's code or link)"),
    "friends.manual.join_go": ("参加", "Join"),
    "friends.manual.reply_note": ("この応答をホストに渡してください: QRコードを読んでもらうか、"
                                  "コードをコピーして送ります。つながると席に着きます",
                                  "Give this answer to the host: let them scan the QR code, or "
                                  "copy the code to them. You take your seat once connected"),
    "friends.manual.reply_qr": ("応答コードのQRコード", "Your answer as a QR code"),
    "friends.manual.reply": ("あなたの応答コード", "Your answer code"),
    "friends.manual.copy": ("コピー", "Copy"),
    "friends.manual.bad_code": ("コードが読めません: {error}", "This code cannot be read: {error}"),
    "friends.manual.failed": ("中継なしの接続ができませんでした: {error}",
                              "The connection without a relay failed: {error}"),
    "friends.share": ("共有…", "Share…"),
    "friends.share_title": ("トランプのテーブルへの招待", "An invitation to a card table"),
    "friends.more": ("ほかの接続方法 (合言葉・中継サーバー・TURN・中継なし)",
                     "Other ways to connect (password, relays, TURN, no relay)"),
    "friends.more.guest": ("ほかの接続方法 (TURNサーバー)", "Other ways to connect (TURN server)"),
    "friends.manual.connecting": ("友だちに接続しています…", "Connecting to your friend…"),
    "friends.manual.closed": ("接続が閉じられました", "the connection closed"),
    "friends.manual.reply_wait": ("ホストが応答コードを入れるのを待っています…",
                                  "Waiting for the host to take your answer…"),
    "friends.manual.handed": ("あなたのテーブルに渡しました。テーブルのタブに戻ってください",
                              "Given to your table; return to it"),
    "friends.manual.not_handed": (
        "この端末に応答を待つテーブルがありません。ホストの画面に貼ってください",
                                  "No table on this device waits for this answer: paste it in "
                                  "the host's panel"),
    "friends.manual.lost": ("ホストとの接続が切れました。中継なしでは自動で戻れません。"
                            "ホストに新しいコードをもらってください",
                            "The connection to the host is lost. Without a relay it cannot come "
                            "back by itself: ask the host for a new code"),
    "friends.manual.lost_status": ("ホストとの接続が切れました。ホストの新しいコードで戻れます",
                                   "Lost the host: a new code from it brings you back"),
    "label.notices_clear": ("すべて閉じる", "Dismiss all"),
    "label.notices_less": ("お知らせをたたむ", "Fewer notices"),
    "label.notices_more": ("ほかのお知らせ {n} 件", "{n} more notice(s)"),
    "lang.en": ("English (英語)", "English"),
    "lang.ja": ("日本語", "日本語 (Japanese)"),
    "level.easy": ("弱い", "Easy"),
    "level.normal": ("普通", "Normal"),
    "level.strong": ("強い", "Strong"),
    "notice.dismiss": ("閉じる", "Dismiss"),
    # Pass-and-play's privacy screen (cardkit.ui_dom.pass_play).
    "pass.player": ("プレイヤー{n}", "Player {n}"),
    "pass.show": ("タップして手札を表示", "Tap to show your hand"),
    "pass.to": ("{name} に渡してください", "Pass the phone to {name}"),
    # Its names form (cardkit.ui_dom.pass_play.NamesForm) and their saved copy.
    "pass.setup.title": ("みんなで1台：人数と席", "Pass and play: who sits where"),
    "pass.setup.text": ("1台を順番に回して遊びます。"
                        "人数を選び、席ごとに名前を入れるかCPUにします。",
                        "One device, passed around. Choose how many play, then name each "
                        "seat or give it to a computer."),
    "pass.setup.rule": ("名前は{n}文字まで。空欄なら「プレイヤーN」",
                        "Up to {n} characters; blank is “Player N”."),
    "pass.setup.seat": ("席{n}", "Seat {n}"),
    "pass.setup.players": ("人数", "Players"),
    "pass.setup.count": ("{n}人", "{n}"),
    "pass.setup.computer": ("CPU", "Computer"),
    "pass.setup.computer_of": ("席{n}はCPU", "Seat {n} is a computer"),
    "pass.setup.start": ("開始", "Start"),
    "pass.setup.cancel": ("キャンセル", "Cancel"),
    "pass.setup.bad": ("席{n}の名前は{max}文字までの、制御文字のない文字列にしてください",
                       "Seat {n}'s name: up to {max} characters, no control characters"),
    "pass.names_corrupt": ("保存された名前が読めないので既定の名前を使います",
                           "The saved names could not be read: using the default names"),
    "pass.name_bad": ("保存された名前 (席 {seat}) は使えないので既定の名前にしました",
                      "A saved name (seat {seat}) cannot be used: it is back to its default"),
    # The menu's one play-together entry and its choice (cardkit.ui_dom.together).
    # The entry's English is one word so that the English menu fits one row of a
    # phone, as the Japanese does; the dialog it opens says it whole.
    "btn.together": ("みんなで遊ぶ", "Together"),
    "together.title": ("みんなで遊ぶ", "Play together"),
    "together.pass_play": ("1台の端末を順番に回して遊びます", "One device, passed around"),
    "together.friends": ("それぞれの端末で、リンクから参加します",
                         "Each on their own device, by a link"),
    "together.close": ("閉じる", "Close"),
    "notice.query_bad_combo": (
        "URL のルールは組み合わせが遊べないので無視しました: {error}",
        "Ignored the rules in the address, they cannot be played together: {error}",
    ),
    "notice.query_bad_value": (
        "URL の「{field}」は使えない値なので無視しました (使える値: {allowed})",
        "Ignored “{field}” in the address: not a valid value (allowed: {allowed})",
    ),
    "notice.query_repeated": (
        "URL で「{key}」が重ねて指定されたので「{field}」を無視しました",
        "“{key}” was given twice in the address: ignored “{field}”",
    ),
    "notice.query_too_long": (
        "URL の項目が多すぎるので最初の{n}個だけを読みました",
        "The address has too many fields: only the first {n} were read",
    ),
    "notice.query_unknown_key": (
        "URL の「{field}」は知らない項目なので無視しました",
        "Ignored “{field}” in the address: unknown setting",
    ),
    "notice.rules_refused": (
        "このルールの組み合わせは遊べないので変更しませんでした: {error}",
        "These rules cannot be played together, nothing was changed: {error}",
    ),
    "notice.stored_bad_combo": (
        "保存されたルールは組み合わせが遊べないので既定のルールを使います: {error}",
        "The saved rules cannot be played together, using the defaults: {error}",
    ),
    "notice.stored_bad_value": (
        "保存された設定の「{key}={value}」は使えないので無視しました",
        "Ignored “{key}={value}” in the saved settings: not a valid value",
    ),
    "notice.stored_corrupt": (
        "保存された設定が壊れていたので既定の設定を使います"
        " (元のデータは「{backup}」に退避しました)",
        "The saved settings were corrupt: using the defaults "
        "(the old data was set aside as “{backup}”)",
    ),
    "pref.anim": ("アニメーション", "Animation"),
    "pref.language": ("言語", "Language"),
    "pref.level": ("コンピュータの強さ", "Computers' level"),
    # Rules that change a preset, named by it (OptionsModel.custom_label).
    "preset.changed": ("{name} (変更あり)", "{name} (changed)"),
    "preset.custom": ("(個別変更)", "(custom)"),
    "preset.remembered": ("記憶", "Remembered"),
    # The badge naming the rules in force (cardkit.ui_dom.rules_badge).
    "rules.badge": ("{name} — いまのルールを開く", "{name} — open the rules in force"),
    "rules.badge_custom": ("個別ルール", "Custom rules"),
    "rules.close": ("閉じる", "Close"),
    "rules.contents": ("目次", "Contents"),
    "rules.in_force": ("【適用中】", "[In force]"),
    # True on a phone as on a keyboard (Escape closes any dialog where there is one).
    "rules.hint": ("閉じても、マッチはそのまま続く。", "Close it and the match goes on as it was."),
    "rules.title": ("いまのルール", "The rules in force"),
    "settings.apply": ("【変更】", "Change"),
    "settings.call": ("【呼出】", "Load preset"),
    "settings.close": ("閉じる", "Close"),
    "settings.copied": ("コピーしました", "Copied"),
    "settings.copy_failed": (
        "コピーできませんでした。URLを選択してコピーしてください",
        "Could not copy: select the link and copy it",
    ),
    "settings.explain": ("「{option}」の説明 (ルール)", "“{option}” in the rules"),
    # The dialog's first group: every choice there applies at once.
    "settings.group.display": ("表示と対戦", "Display and play"),
    "settings.display_note": ("ここの設定は選ぶとすぐに反映されます。",
                              "These apply as soon as you choose them."),
    "settings.group.rules": ("ルール", "Rules"),
    # Close with rule changes not applied (cardkit.ui_dom.settings_panel.close_question).
    "settings.pending.title": ("ルールの変更が未適用です", "Rule changes not applied"),
    "settings.pending.text": (
        "変えたルールはまだ適用されていません。どうしますか?",
        "The rules you changed are not applied yet. What should happen to them?",
    ),
    "settings.pending.edit": ("編集を続ける", "Keep editing"),
    "settings.pending.apply": ("いま適用する", "Apply them now"),
    "settings.pending.discard": ("変更を捨てる", "Discard the changes"),
    "settings.share": ("共有URLをコピー", "Copy a share link"),
    "settings.share_label": ("このルールのURL", "Link to these rules"),
    "val.allow": ("許可", "Allow"),
    "val.forbid": ("禁止", "Forbid"),
    "val.not_yet": ("{label} (未実装)", "{label} (not yet)"),
    "val.off": ("なし", "Off"),
    "val.on": ("あり", "On"),
}

#: Every string of the shell, ``{key: {"ja": ..., "en": ...}}``.
STRINGS: Final[dict[str, dict[str, str]]] = {
    key: {"ja": ja, "en": en} for key, (ja, en) in _SHELL.items()
}
