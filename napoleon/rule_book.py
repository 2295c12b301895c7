"""The rules in force, written out for players in Japanese or English.

:func:`rule_book` turns a :class:`~napoleon.rules.Rules` into sections of
sentences (and the scoring table) that describe *only* what these rules do:
with ``yoromeki=off`` nothing mentions the ♥Q, with no joker nothing mentions
jokers, and the specials that decide a trick are listed in the order of their
strength under the rank options (:func:`trick_order`).  The page's rules
dialog (:mod:`napoleon.ui_dom.rules_page`) draws these sections; the wording
follows docs/rules/napoleon.md (the rule book) and SdC's terms.
"""

from __future__ import annotations

from typing import Final

from cardkit.rule_sections import Section
from napoleon.cards import SUIT_SYMBOLS, cards_of
from napoleon.record_text import record_card
from napoleon.rules import Rules
from napoleon.scoring import Outcome, points_for


class _Say:
    """Picks the sentence of the book's language."""

    def __init__(self, lang: str) -> None:
        self.ja = lang == "ja"

    def __call__(self, ja: str, en: str) -> str:
        return ja if self.ja else en


#: The specials of docs/rules/napoleon.md §3 in the rule book's tie-break order (rank option field).
SPECIALS: Final = (
    ("lead_joker", "rank_lead_joker"),
    ("follow_joker", "rank_follow_joker"),
    ("trump_jack", "rank_trump_jack"),
    ("back_jack", "rank_back_jack"),
    ("same_two", "rank_same_two"),
)


def trick_order(rules: Rules) -> list[str]:
    """What wins a trick, strongest first: ``yoromeki`` (if on), ``mighty``, the
    specials with a special power sorted by their rank option (ties: the rule book's
    order), then ``trump`` and ``led_suit``.

    >>> trick_order(Rules())[:4]
    ['yoromeki', 'mighty', 'lead_joker', 'follow_joker']
    >>> trick_order(Rules())[4:]
    ['trump_jack', 'back_jack', 'same_two', 'trump', 'led_suit']
    >>> trick_order(Rules.preset("napoleon_l"))[:4]
    ['mighty', 'trump_jack', 'back_jack', 'lead_joker']
    """
    out = ["yoromeki"] if rules.yoromeki != "off" else []
    out.append("mighty")
    ranked = []
    for position, (name, field) in enumerate(SPECIALS):
        rank = getattr(rules, field)
        if rank is None or (name.endswith("joker") and rules.jokers == 0):
            continue
        ranked.append((rank, position, name))
    out.extend(name for _, _, name in sorted(ranked))
    return [*out, "trump", "led_suit"]


def rule_book(rules: Rules, lang: str = "ja") -> list[Section]:
    """The sections of the rule book for ``rules`` in ``lang`` (``"ja"`` or ``"en"``)."""
    say = _Say(lang)
    return [
        _deal(rules, say), _bidding(rules, say), _call(rules, say), _play(rules, say),
        _tricks(rules, say), _scoring(rules, say), _match(rules, say),
    ]


# ---- the sections ---------------------------------------------------------------


def _deal(r: Rules, say: _Say) -> Section:
    jokers = {0: say("ジョーカーなし", "no joker"), 1: say("ジョーカー1枚", "one joker"),
              2: say("ジョーカー2枚", "two jokers")}[r.jokers]
    items = [say(
        f"{r.players}人で遊ぶ。デッキは52枚と{jokers}。各自{r.hand_size}枚ずつ配り、"
        f"残りの{r.kitty_size}枚が後引札 (表を伏せて置く)。",
        f"{r.players} players. The deck: 52 cards and {jokers}. Each player gets "
        f"{r.hand_size} cards; the other {r.kitty_size} are the kitty, face down.",
    )]
    if r.removed_cards:
        removed = " ".join(record_card(c, "cards") for c in cards_of(r.removed_cards))
        items.append(say(f"後引札を{r.kitty_size}枚にするため {removed} を抜く。",
                         f"{removed} are taken out so that the kitty is {r.kitty_size}."))
    items.append(say(
        "旗札 (絵札) は各スートの10・J・Q・K・Aの20枚。これを取り合う。",
        "The honors are the 10, J, Q, K and A of each suit, 20 cards: the game is about "
        "taking them.",
    ))
    nxt = {
        "adjutant": say("前のゲームの副官 (いなければナポレオン)", "the previous adjutant "
                        "(Napoleon if there was none)"),
        "rotate": say("前のゲームの配り始めの次の人", "the next seat after the previous first "
                      "bidder"),
        "napoleon": say("前のゲームのナポレオン", "the previous Napoleon"),
    }.get(r.next_dealer, r.next_dealer)
    items.append(say(
        f"最初のゲームの配り始めはランダム、次からは{nxt}。配り始めの人が最初に宣言する。",
        f"The first game's dealer is drawn at random; afterwards {nxt} deals. The dealer "
        "bids first.",
    ))
    return Section("deal", say("人数と配り方", "Players and the deal"), tuple(items))


def _suit_order(r: Rules) -> str:
    order = ">".join(SUIT_SYMBOLS)
    return order + (">NT" if r.no_trump_bid else "")


def _bidding(r: Rules, say: _Say) -> Section:
    items = [say(
        f"配り始めの人から順に、切り札のスートと取る旗札の枚数 ({r.min_bid}〜20) を宣言するか"
        "パスする。",
        f"From the dealer round the table, each player bids a trump suit and a number of "
        f"honors their side will take ({r.min_bid} to 20), or passes.",
    )]
    if r.bid_suit_order:
        items.append(say(
            "宣言は前より強くなければならない: 枚数が多いか、同じ枚数で強いスート "
            f"({_suit_order(r)})。",
            f"A bid must beat the last one: a larger number, or the same number with a "
            f"higher suit ({_suit_order(r)}).",
        ))
    else:
        items.append(say("宣言は前より枚数が多くなければならない (スートの順はない)。",
                         "A bid must name a larger number (suits have no order)."))
    if r.no_trump_bid:
        items.append(say("ノートランプ (切り札なし) も宣言できる。",
                         "No-trump (no trump suit) may be bid."))
    if r.pass_rule == "once":
        items.append(say(
            "一度パスした人はこのゲームの競りに戻れない。最後に残った人がナポレオン。",
            "A player who passes is out of the bidding. The last one left is Napoleon.",
        ))
    else:
        items.append(say(
            "パスした人もまた宣言できる。宣言のあと、ほかの全員が続けてパスすると競りが終わる。",
            "A player who passed may bid again. The bidding ends when all the others pass "
            "in a row after a bid.",
        ))
    if r.all_pass == "sdc":
        items.append(say("全員がパスしたら、配り始めの人がノートランプ10枚でナポレオンになる。",
                         "If everybody passes, the dealer is Napoleon with no trump and a bid "
                         "of 10."))
    else:
        items.append(say("全員がパスしたら配り直す。", "If everybody passes, the cards are dealt "
                         "again."))
    return Section("bidding", say("競り", "Bidding"), tuple(items))


def _call(r: Rules, say: _Say) -> Section:
    call = say(
        "ナポレオンは札を1枚指定する (ジョーカーも可)。その札を持つ人が副官で、"
        "本人だけが知っている。指定札が出た時に全員に分かる。"
        "ナポレオン自身が持つか後引札にあれば副官なし (独り立ち)。",
        "Napoleon names one card (the joker too). Its holder is the adjutant, known only to "
        "that player until the card is played. If Napoleon holds it, or it is in the kitty, "
        "there is no adjutant: Napoleon plays alone.",
    )
    exchange = say(
        f"ナポレオンは後引札{r.kitty_size}枚を手札に加え、{r.kitty_size}枚を捨てる。",
        f"Napoleon takes the kitty into hand and discards {r.kitty_size} cards.",
    )
    items = [exchange, call] if r.exchange_first else [call, exchange]
    if r.exchange_first:
        items.append(say("交換は副官指定の前に行う。", "The exchange comes before the call."))
    items.append({
        "first_trick": say("捨札の旗札は表にして見せ、第一巡の勝者のものになる。",
                           "Honors among the discards are shown face up and go to the winner "
                           "of the first trick."),
        "allies": say("捨札の旗札は伏せたまま、最後に連合軍の枚数に加える。",
                      "Honors among the discards stay face down and count for the Allies at "
                      "the end."),
        "nobody": say("捨札の旗札は誰のものにもならない。",
                      "Honors among the discards count for nobody."),
    }[r.discard_honors])
    if r.change_after_kitty:
        items.append(say(
            "後引札を見た後、切り札や指定札を変更できる。変更1つにつき宣言が1枚増える (20まで)。",
            "After seeing the kitty Napoleon may change the trump and/or the called card; "
            "each change raises the bid by 1 (never above 20).",
        ))
    items.append(say(
        "ナポレオンと副官がフランス軍、ほかの全員が連合軍。",
        "Napoleon and the adjutant are the French side; everybody else is the Allies.",
    ))
    return Section("call", say("副官指定と後引札", "The adjutant and the kitty"), tuple(items))


def _play(r: Rules, say: _Say) -> Section:
    items = [say(
        f"ナポレオンが第一巡の台札を出す。全{r.hand_size}巡。台札のスートを持っていれば"
        "必ず出す (持っていなければ何でもよい)。巡の勝者が旗札を取り、次の台札を出す。",
        f"Napoleon leads the first trick; {r.hand_size} tricks are played. Players must "
        "follow the led suit if they can (otherwise any card). The winner of a trick takes "
        "its honors and leads the next.",
    )]
    if not r.role_cards_free:
        items.append(say("マイティ・正J・裏Jも自分のスートの札として従う。",
                         "The Mighty and the jacks follow suit as cards of their own suit."))
    else:
        items.append(say("マイティ・正J・裏Jは、スートに関係なくいつでも出せる。",
                         "The Mighty, the trump jack and the back jack may be played at any "
                         "time, whatever was led."))
    if r.opening_lead_trump == "forbid":
        items.append(say("最初の台札に切り札は出せない (ほかに札がない場合を除く)。",
                         "The first lead may not be a trump unless the hand holds nothing "
                         "else."))
    if r.jokers:
        items.append(say("ジョーカーは子ならいつでも出せる (台札のスートを持っていても)。",
                         "A follower may play a joker at any time, even holding the led "
                         "suit."))
        if r.joker_lead == "any_suit":
            items.append(say(
                "ジョーカーを台札にした人はスートを指定し、ほかの人はそのスートに従う "
                "(最終巡は指定なし)。",
                "A player who leads a joker names a suit, and the others must follow it "
                "(no naming on the last trick).",
            ))
        else:
            items.append(say(
                "台札のジョーカーは切り札を請求する (ノートランプなら任意のスートを指定)。",
                "A led joker calls for trump (in a no-trump game its leader names any suit).",
            ))
        if r.joker_lead_first_trick == "forbid":
            items.append(say("第一巡にはジョーカーを台札にできない。",
                             "The joker may not be led in the first trick."))
        if r.joker_call:
            items.append(say(
                "Jo請求: ♣3を台札に出した人がジョーカーを持っていなければ、"
                "ジョーカーを持つ人はそれを出さなければならない (ジョーカーがまだ出ていない場合)。",
                "Joker call: when the leader leads the ♣3 without holding the joker, whoever "
                "holds the joker must play it (while it is still out).",
            ))
        if r.joker_holds:
            items.append(say(
                "ジョーカーが勝った巡の旗札は持ち越され、次の巡の勝者のものになる "
                "(最終巡なら誰のものにもならない)。",
                "When a joker wins a trick its honors are held over to the next trick's "
                "winner (on the last trick they go to nobody).",
            ))
    return Section("play", say("カードの出し方", "Playing the cards"), tuple(items))


def _tricks(r: Rules, say: _Say) -> Section:
    """docs/rules/napoleon.md §3, strongest first, only what these rules have."""
    jokers_plain = [k for k, f in SPECIALS[:2] if getattr(r, f) is None] if r.jokers else []
    two: list[str] = []
    if not r.same_two_first_trick:
        two.append(say("第一巡を除く", "not in trick 1"))
    if r.same_two_with_joker and r.jokers:
        two.append(say("ジョーカーはそのスートとみなす", "a joker counts as that suit"))
    if not r.same_two_trump:
        two.append(say("切り札のスートを除く", "not in the trump suit"))
    hunt = ""
    if r.jack_hunt and r.rank_trump_jack is not None:
        hunt = say(
            "狩りJ: 正Jと組のJ (♠↔♥、♣↔♦) が正Jと同じ巡に出て、マイティも裏Jもいなければ、"
            "そのJが正Jの強さを得て勝つ (正Jは普通の切り札になる)。",
            " Jack hunt: the J paired with the trump jack (♠↔♥, ♣↔♦), in the same trick as "
            "the trump jack with no Mighty and no back jack, takes the trump jack's strength "
            "(the trump jack becomes an ordinary trump).",
        )
    texts = {
        "yoromeki": say("よろめき: マイティと♥Qが同じ巡に出たら♥Qが勝つ。",
                        "Yoromeki: when the Mighty and the ♥Q are in the same trick, the ♥Q "
                        "wins.")
        + (say("ただし、特別な力のある正J・裏Jも出ていればそのJが勝つ (マイティと♥Qは力を失う)。",
               " But a trump jack or back jack with its power in the same trick wins (the "
               "Mighty and the ♥Q lose theirs).") if r.yoromeki == "mighty_only" else "")
        + (say("よろめき返し: そのとき♥Kも出ていれば♥Kが勝ち、さらに♥Aも出ていれば♥Aが勝つ。",
               " Counter: then a ♥K in the trick beats the ♥Q, and a ♥A beats that ♥K.")
           if r.yoromeki_counter else ""),
        "mighty": say("マイティ (♠A): それ以外のすべてに勝つ。",
                      "The Mighty (♠A) beats everything else."),
        "lead_joker": say("親のジョーカー (台札に出したジョーカー)", "A led joker"),
        "follow_joker": say("子のジョーカー", "A followed joker"),
        "trump_jack": say("正J (切り札のJ)", "The trump jack (J of trump)")
        + (say("。", ".") + hunt if hunt else ""),
        "back_jack": say("裏J (切り札と同じ色のもう一つのスートのJ: ♠↔♣、♥↔♦)",
                         "The back jack (the J of the other suit of trump's colour: ♠↔♣, "
                         "♥↔♦)"),
        "same_two": say("セイム2: 巡の全員が同じスートを出したとき、そのスートの2",
                        "Same-2: the 2 of a suit when every card of the trick is of that suit")
        + (say(f" ({'・'.join(two)})", f" ({'; '.join(two)})") if two else ""),
        "trump": say("切り札: ランクの高い順 (A K Q J 10 … 2)。",
                     "Trumps, highest rank first (A K Q J 10 … 2)."),
        "led_suit": say("台札のスート: ランクの高い順。ほかのスートの札は勝てない。",
                        "The led suit, highest rank first. Cards of other suits never win."),
    }
    items = [texts[name] for name in trick_order(r)]
    notes = [say("巡の勝ち負けは全員が出し終わってから、強い順に決まる:",
                 "A trick is decided once every card is down, by this order (strongest "
                 "first):")]
    if r.jokers == 2:
        notes.append(say("同じ強さのジョーカー2枚は先に出た方が勝つ。",
                         "Of two jokers of equal strength the earlier one wins."))
    for key in jokers_plain:
        notes.append(say(
            f"{'親' if key == 'lead_joker' else '子'}のジョーカーに特別な力はない: "
            "そのスートの最弱の札として数える。",
            f"A {'led' if key == 'lead_joker' else 'followed'} joker has no special power: "
            "it counts as the lowest card of its suit.",
        ))
    if r.plain_jack_low:
        notes.append(say("正J・裏J以外のJはそのスートで最弱 (ジョーカーよりは上)。",
                         "A J that is neither the trump jack nor the back jack is the lowest "
                         "card of its suit."))
    if r.jokers:
        notes.append(say(
            "最終巡に台札となったジョーカーはスートを指定しない: 特別な力がなければ一番高い"
            "切り札が勝つ。",
            "On the last trick a led joker names no suit: if it has no special power, the "
            "highest trump wins.",
        ))
    return Section("tricks", say("巡の勝ち", "Who wins a trick"), tuple(items), ordered=True,
                   lead=notes[0], notes=tuple(notes[1:]), list_id="rules-trick-order")


_OUTCOMES: Final = (Outcome.FRENCH_WIN, Outcome.ALLIED_WIN, Outcome.FRENCH_TRIUMPH,
                    Outcome.ALLIED_TRIUMPH)


def _scoring(r: Rules, say: _Say) -> Section:
    items = [say(
        "フランス軍の旗札 (ナポレオンと副官の合計) が宣言以上なら勝ち、足りなければ連合軍の勝ち。"
        "20枚すべてを取れば凱旋。",
        "If the French side's honors (Napoleon's and the adjutant's) reach the bid, it wins; "
        "otherwise the Allies win. Taking all 20 is a triumph.",
    )]
    if r.siberia:
        items.append(say(
            "シベリア: 宣言20枚未満で20枚すべてを取るとフランス軍の負け (宣言20枚なら普通の勝ち)。",
            "Siberia: the French side taking all 20 with a bid below 20 loses (a bid of 20 "
            "made is an ordinary win).",
        ))
    name = {"sdc": say("SdC標準", "SdC Standard"), "guruguru": say("ぐるぐる", "Guruguru"),
            "zerosum": say("ゼロサム", "zero-sum"), "bid": say("宣言連動", "bid-linked")}
    items.append(say(f"得点表: {name[r.scoring]}。", f"Scoring table: {name[r.scoring]}."))
    scale = "×" + say("宣言", "bid") if r.scoring == "bid" else ""
    if scale:
        items.append(say("表の数に宣言の枚数を掛ける。", "Multiply by the bid."))
    head = (say("役", "Role"), say("仏軍勝利", "French win"), say("連合勝利", "Allied win"),
            say("仏軍凱旋", "French triumph"), say("連合凱旋", "Allied triumph"))
    rows: list[tuple[str, ...]] = [head]
    for alone in (False, True):
        seats = [("napoleon", 0), ("adjutant", 1), ("ally", 2)] if not alone else [
            ("napoleon", 0), ("ally", 2)]
        for role, seat in seats:
            label = {"napoleon": say("ナポレオン", "Napoleon"), "adjutant": say("副官", "Adjutant"),
                     "ally": say("連合 (各自)", "Each ally")}[role]
            if alone and role == "napoleon":
                label += say(" (独り立ち)", " (alone)")
            elif alone:
                label += say(" (独り立ち相手)", " (vs. alone)")
            values = [points_for(r, 0, None if alone else 1, 1, o)[seat] for o in _OUTCOMES]
            rows.append((label, *(f"{v:+d}{scale}" if v else "0" for v in values)))
    return Section("scoring", say("勝敗と得点", "Result and points"), tuple(items), tuple(rows))


def _match(r: Rules, say: _Say) -> Section:
    return Section("match", say("マッチ", "The match"), (say(
        f"1マッチは{r.match_games}ゲーム。得点を合計し、最も多い人が1位。",
        f"A match is {r.match_games} game{'s' if r.match_games != 1 else ''}; points add up "
        "and the highest total wins.",
    ),))


__all__ = ["SPECIALS", "Section", "rule_book", "trick_order"]
