"""Japanese and English words of the rules page of a Durak family game other than the
ordinary one (:mod:`durak.ui_dom.rules.family_book`), after docs/rules/durak.md §1, §3.6 and
§6.14.

Read when the rules dialog opens, like :mod:`durak.ui_dom.rules.strings_rules`: not merged
into the page's catalog.  Every entry is ``(ja, en)``; a game's own how-to is the
catalog's ``howto.<mode>`` (:mod:`durak.ui_dom.table.strings_pile`).
"""

from __future__ import annotations

from typing import Final

_ja_en = tuple[str, str]

#: The page's own words.
WORDS: Final[dict[str, _ja_en]] = {
    "title": ("{game}のルール", "The rules of {game}"),
    "howto": ("遊び方", "How to play"),
    "settings": ("このゲームの設定", "This game's settings"),
    "settings.short": ("設定", "Settings"),
    "settings.lead": (
        "設定の各項目といまの値。【適用中】はこのゲームの最初の値から変えたもの。",
        "Every setting of this game, with its value now. [In force] marks a change from "
        "the game's first value.",
    ),
    "players": ("テーブルにつく人数 (2〜6人)。", "How many sit at the table, 2 to 6."),
    "option": ("{label}: {help}", "{label} — {help}"),
    "pile": ("山のゲームに共通のこと", "What every pile game shares"),
    "pile.short": ("共通", "Shared"),
    "ordinary": ("ふつうのドゥラークのルール", "Ordinary Durak's rules"),
    "ordinary.short": ("ドゥラーク", "Durak"),
    "ordinary.lead": (
        "{game}は、遊び方にあるところでふつうのドゥラークのルールを使う。"
        "そのルールはドゥラークのルールのページにある。",
        "{game} plays ordinary Durak's rules where its how-to says so. They are on "
        "Durak's own rules page.",
    ),
    "ordinary.open": ("ドゥラークのルールを開く", "Open Durak's rules"),
    "from": ("{game}のルールから", "From the rules of {game}"),
    "from.short": ("{game}", "{game}"),
    "from.lead": (
        "{game}は、遊び方にあるところでここにあるふつうのドゥラークのルールを使う。",
        "{game} plays the ordinary Durak's rules below where its how-to says so.",
    ),
    "from.back": ("{game}のルールに戻る", "Back to the rules of {game}"),
}

#: What every pile game shares (docs/rules/durak.md §1, §3.6, §6.14), in the family's own
#: words: a game's how-to says where it differs.
PILE: Final[tuple[_ja_en, ...]] = (
    ("テーブルの真ん中に表向きの山 (場) が1つあり、出した札はその一番上に重ねる。",
     "One face-up pile lies in the middle of the table; a card laid goes on its top."),
    ("手番はテーブルが席を並べる順に回る: あなた、上に並ぶ席を左から (CPU1、CPU2…)、"
     "そしてまたあなた。「次の人」はその順で次の席で、あなたの次はCPU1。",
     "Turns go round in the order the table shows the seats: You, then the seats above "
     "from the left (CPU1, CPU2, …), then You again. “The next player” is the next seat "
     "in that order: CPU1 after You."),
    ("札の強さ: 同じ印の大きい札か、切札でない札に対する切札だけが勝つ。"
     "遊び方に別の決まりがあればそれに従う。",
     "What beats what: a higher card of the same suit, or a trump on a card of another "
     "suit. A game's how-to may change this."),
    ("山札がなくなってから手札がなくなった人は上がり。最後まで札が残った人がドゥラーク (負け)。"
     "全員が同時に上がれば引き分け。",
     "Once the talon is gone, a player with no cards goes out; the last one holding "
     "cards is the durak and loses. If everyone goes out together, it is a draw."),
    ("同じ局面 (全員の手札、場の山、手番) が3回目になったら、いつまでも終わらないので"
     "引き分け。誰もドゥラークにならない。",
     "When the same position (every hand, the pile, whose turn) comes round a third "
     "time, the game could go on for ever: it ends in a draw and nobody is the durak."),
)
