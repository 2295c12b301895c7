"""The game record (譜) as text: SdC's Japanese format and an English one.

docs/rules/napoleon.md §6.

Both hold the same facts: the rules, redeals, the first bidder, every bid and
pass in order, the contract and the called card (and a change after the
kitty), the kitty and the discards, then one line per trick — its number and
led suit, every seat's card with a mark and that seat's running honor count,
and the special power that decided the trick where one did — then the result
and the points.

* **Japanese** (``lang="ja"``) follows SdC (which follows コウタロウのナポレオン譜,
  docs/rules/napoleon.md §6): 【競り】, 【ビッド宣言】, … with the marks ``→`` (leader who
  lost), ``○`` (follower who won), ``◎`` (leader who won).
* **English** (``lang="en"``) is its own format with plain headings and ASCII
  marks, explained in the record itself: ``>`` led and lost, ``+`` won, ``*``
  led and won.

Suits are written ``▲▽◇★`` (SdC) or ``♠♥♦♣`` (``symbols="cards"``) in both.

**Columns line up by display width**, not by characters: a character takes
:func:`char_cells` cells of a monospace grid.  East Asian Wide and Fullwidth
characters (``あ``, ``【``) take 2.  *Ambiguous* ones (``▲▽◇★``, ``♠♥♣``,
``→○◎``) are 1 or 2 depending on the font; we count them **2 in the Japanese
譜** (what Japanese monospace fonts — MS Gothic, BIZ UDGothic, Noto Sans Mono
CJK — draw, and where SdC's players paste it) and **1 in the English 譜**
(what Western monospace fonts draw; its marks are ASCII so only the suits are
ambiguous).  ``♦`` is "neutral" in Unicode's table only for history; it is
counted with its three siblings.  The page draws every character that is not
ASCII in a box of exactly this many cells (:func:`cell_runs`), so the columns
line up whatever font the browser falls back to.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from napoleon.actions import Bid, Call, Change, Pass
from napoleon.cards import (
    JOKER,
    JOKER2,
    RANK_TEXTS,
    SUIT_RECORD_SYMBOLS,
    SUIT_SYMBOLS,
    Card,
    Hand,
    Suit,
    sorted_cards,
)
from napoleon.game import Game, Phase, Trick
from napoleon.scoring import Outcome
from napoleon.tricks import WinReason, trick_reason

Symbols = Literal["record", "cards"]
Lang = Literal["ja", "en"]

#: Cells of an ambiguous-width character, per language of the record (module docs).
AMBIGUOUS_CELLS: Final[dict[str, int]] = {"ja": 2, "en": 1}
_SUIT_CHARS: Final = frozenset(SUIT_SYMBOLS + SUIT_RECORD_SYMBOLS)
#: The longest line of the bidding before it wraps, at least (the trick table may be wider).
MIN_WRAP: Final = 40

OUTCOME_JA: Final = {
    Outcome.FRENCH_WIN: "仏軍勝利",
    Outcome.ALLIED_WIN: "連合勝利",
    Outcome.FRENCH_TRIUMPH: "仏軍凱旋",
    Outcome.ALLIED_TRIUMPH: "連合凱旋",
}
OUTCOME_EN: Final = {
    Outcome.FRENCH_WIN: "the French side wins",
    Outcome.ALLIED_WIN: "the Allies win",
    Outcome.FRENCH_TRIUMPH: "French triumph",
    Outcome.ALLIED_TRIUMPH: "Allied triumph",
}

#: The short names of the powers that decide tricks, as the 譜 marks them.
REASON_SHORT: Final[dict[Lang, dict[WinReason, str]]] = {
    "ja": {
        WinReason.MIGHTY: "マイティ",
        WinReason.YOROMEKI: "よろめき",
        WinReason.COUNTER_KING: "よろめき返し",
        WinReason.COUNTER_ACE: "返し返し",
        WinReason.LEAD_JOKER: "親Jo",
        WinReason.FOLLOW_JOKER: "子Jo",
        WinReason.TRUMP_JACK: "正J",
        WinReason.BACK_JACK: "裏J",
        WinReason.JACK_HUNT: "狩りJ",
        WinReason.SAME_TWO: "セイム2",
    },
    "en": {
        WinReason.MIGHTY: "Mighty",
        WinReason.YOROMEKI: "yoromeki",
        WinReason.COUNTER_KING: "yoromeki counter",
        WinReason.COUNTER_ACE: "counter-counter",
        WinReason.LEAD_JOKER: "led joker",
        WinReason.FOLLOW_JOKER: "joker",
        WinReason.TRUMP_JACK: "trump J",
        WinReason.BACK_JACK: "back J",
        WinReason.JACK_HUNT: "jack hunt",
        WinReason.SAME_TWO: "same-2",
    },
}


# ---- display width -------------------------------------------------------------


def char_cells(ch: str, ambiguous: int = 2) -> int:
    """Cells ``ch`` takes in a monospace grid (module docs).

    >>> [char_cells(c) for c in "A▲あ【"], char_cells("▲", ambiguous=1)
    ([1, 2, 2, 2], 1)
    """
    if ch < "\x7f":
        return 1
    if unicodedata.combining(ch):
        return 0
    kind = unicodedata.east_asian_width(ch)
    if kind in ("W", "F"):
        return 2
    if kind == "A" or ch in _SUIT_CHARS:
        return ambiguous
    return 1


def cells(text: str, ambiguous: int = 2) -> int:
    """Display width of ``text``: the sum of its characters' :func:`char_cells`.

    >>> cells("あなた"), cells("CPU1"), cells("▲10○"), cells("♠10+", ambiguous=1)
    (6, 4, 6, 4)
    """
    return sum(char_cells(ch, ambiguous) for ch in text)


def pad(text: str, width: int, ambiguous: int = 2) -> str:
    """``text`` followed by spaces up to ``width`` cells (never cut).

    >>> pad("あなた", 8) + "|", pad("CPU1", 8) + "|"
    ('あなた  |', 'CPU1    |')
    """
    return text + " " * max(0, width - cells(text, ambiguous))


def pad_left(text: str, width: int, ambiguous: int = 2) -> str:
    """Spaces, then ``text``, ``width`` cells in all (never cut)."""
    return " " * max(0, width - cells(text, ambiguous)) + text


def cell_runs(line: str, ambiguous: int = 2) -> list[tuple[str, int]]:
    """``line`` cut into runs for drawing: ``(text, 0)`` for ASCII text the font draws
    on its grid, ``(char, n)`` for every other character, to be drawn in a box of
    exactly ``n`` cells (the page's 譜: :mod:`napoleon.ui_dom.record_view`).

    >>> cell_runs("1 ▲A→ あ")
    [('1 ', 0), ('▲', 2), ('A', 0), ('→', 2), (' ', 0), ('あ', 2)]
    """
    runs: list[tuple[str, int]] = []
    plain = ""
    for ch in line:
        if ch < "\x7f":
            plain += ch
            continue
        if plain:
            runs.append((plain, 0))
            plain = ""
        runs.append((ch, char_cells(ch, ambiguous)))
    if plain:
        runs.append((plain, 0))
    return runs


def wrap_items(head: str, items: Sequence[str], sep: str, width: int,
               ambiguous: int = 2) -> list[str]:
    """``head`` then ``items`` joined by ``sep``, broken into lines of at most
    ``width`` cells between items; continuation lines are indented under the first
    item (an item longer than a line gets a line of its own).

    >>> wrap_items("Bids:", ["You pass", "CPU1 ♠13", "CPU2 pass"], ", ", 22, 1)
    ['Bids: You pass,', '      CPU1 ♠13,', '      CPU2 pass']
    """
    indent = " " * cells(head + " ", ambiguous)
    joint = sep.rstrip()  # ends an item that has a next one; the rest starts the next
    space = sep[len(joint):]
    lines: list[str] = []
    line = head + " "
    for k, item in enumerate(items):
        piece = item + (joint if k < len(items) - 1 else "")
        if k and cells(line + space + piece, ambiguous) > width:
            lines.append(line.rstrip())
            line = indent + piece
        else:
            line += (space if k else "") + piece
    lines.append(line.rstrip())
    return lines


# ---- cards ----------------------------------------------------------------------


def suit_text(s: Suit | None, symbols: Symbols) -> str:
    """A suit's record symbol; ``NT`` for no trump."""
    if s is None:
        return "NT"
    return (SUIT_RECORD_SYMBOLS if symbols == "record" else SUIT_SYMBOLS)[s]


def record_card(c: Card, symbols: Symbols = "record") -> str:
    """``▲A``, ``▽10``, ``Jo`` (``♠A`` … with ``symbols="cards"``)."""
    if c == JOKER:
        return "Jo"
    if c == JOKER2:
        return "Jo2"
    return suit_text(c // 13, symbols) + RANK_TEXTS[c % 13]


def _cards(mask: Hand, symbols: Symbols) -> str:
    return " ".join(record_card(c, symbols) for c in sorted_cards(mask)) or "-"


def _bid(b: Bid, symbols: Symbols) -> str:
    return f"{suit_text(b.suit, symbols)}{b.number}"


# ---- the two formats ------------------------------------------------------------


@dataclass(frozen=True)
class _Words:
    """The fixed words of one language's 譜."""

    rules: str
    redeals: str
    first_bidder: str
    bidding: str
    passed: str
    redeal: str
    bid_sep: str
    contract: str
    all_passed: str
    called: str
    change: str
    change_called: str
    kitty: str
    discards: str
    tricks: str
    trick_no: str
    led: str
    marks: tuple[str, str, str]  # leader lost, follower won, leader won
    no_adjutant: str
    points: str
    undos: str


_JA: Final = _Words(
    rules="ルール:", redeals="配り直し: {n}回", first_bidder="配り始め:", bidding="【競り】",
    passed="パス", redeal="配り直し", bid_sep=" / ", contract="【ビッド宣言】",
    all_passed=" (全員パス)", called="【副官指定】", change="【宣言の変更】",
    change_called="副官指定", kitty="【後引札】", discards="【捨札】", tricks="【巡の展開】",
    trick_no="巡", led="台", marks=("→", "○", "◎"), no_adjutant="なし(独り立ち)",
    points="【得点】", undos="【待った】 {n}回",
)
_EN: Final = _Words(
    rules="Rules:", redeals="Redeals: {n}", first_bidder="First bidder:", bidding="Bidding:",
    passed="pass", redeal="(redeal)", bid_sep=", ", contract="Contract:",
    all_passed=" (everybody passed)", called="Called card:", change="Changed to:",
    change_called="called", kitty="Kitty:", discards="Discards:",
    tricks=("Tricks: > led and lost, + won, * led and won\n"
            "(after each card: that seat's honors so far)"),
    trick_no="#", led="Led", marks=(">", "+", "*"), no_adjutant="none (Napoleon alone)",
    points="Points:", undos="Undo: {n} decision(s) taken back",
)

#: A seat's column in the trick table: the card with its mark (:func:`card_cells`), its
#: running honor count in ``COUNT_CELLS``, a space.
COUNT_CELLS: Final = 3


def card_cells(lang: Lang) -> int:
    """Cells of the widest card with its mark in ``lang``'s trick table: ``▲10◎`` is 6
    in Japanese, ``♠10*`` 4 in English (whose narrower columns fit a phone).

    >>> card_cells("ja"), card_cells("en"), column_cells("ja"), column_cells("en")
    (6, 4, 10, 8)
    """
    amb = AMBIGUOUS_CELLS[lang]
    words = _JA if lang == "ja" else _EN
    mark = max(cells(m, amb) for m in words.marks)
    suit = max(cells(ch, amb) for ch in _SUIT_CHARS)
    return max(suit + 2, cells("Jo2", amb)) + mark


def column_cells(lang: Lang) -> int:
    """Cells of one seat's column in the trick table (card, honors, a space)."""
    return card_cells(lang) + COUNT_CELLS + 1


def text_record(
    game: Game,
    names: Sequence[str] | None = None,
    symbols: Symbols = "record",
    lang: Lang = "ja",
    undos: int = 0,
) -> str:
    """The 譜 of ``game`` in ``lang`` (any phase; complete once the game is over).

    ``undos``: decisions taken back while it was played; when there were any,
    a line under the rules says how many (undo is not a secret).
    """
    return _Writer(game, names, symbols, lang, undos).text()


class _Writer:
    def __init__(self, game: Game, names: Sequence[str] | None, symbols: Symbols,
                 lang: Lang, undos: int = 0) -> None:
        self.game = game
        self.undos = undos
        self.n = game.n
        self.names = list(names) if names is not None else [f"P{i + 1}" for i in range(game.n)]
        self.symbols = symbols
        self.lang: Lang = lang
        self.w = _JA if lang == "ja" else _EN
        self.amb = AMBIGUOUS_CELLS[lang]
        self.card = card_cells(lang)
        self.column = column_cells(lang)
        self.width = max(MIN_WRAP, 6 + self.n * self.column)

    def text(self) -> str:
        g, w, names = self.game, self.w, self.names
        # The rules text can be long (every option that differs): wrapped after an "&".
        lines = wrap_items(w.rules, g.rules.to_text().split("&"), "&", self.width, self.amb)
        if g.redeals:
            lines.append(w.redeals.format(n=g.redeals))
        if self.undos:
            lines.append(w.undos.format(n=self.undos))
        lines.append(f"{w.first_bidder} {names[g.first_bidder]}")
        lines.extend(wrap_items(w.bidding, self._auction(), w.bid_sep, self.width, self.amb))
        if g.napoleon is not None:
            lines.extend(self._contract())
            lines.extend(self._tricks())
            lines.extend(self._result())
        return "\n".join(lines) + "\n"

    def _auction(self) -> list[str]:
        g, w = self.game, self.w
        items: list[str] = []
        passes_in_a_row = 0
        bid_made = False
        for seat, a in g.log:
            if isinstance(a, Bid):
                items.append(f"{self.names[seat]} {_bid(a, self.symbols)}")
                bid_made = True
            elif isinstance(a, Pass):
                items.append(f"{self.names[seat]} {w.passed}")
                passes_in_a_row += 1
                if not bid_made and passes_in_a_row == self.n and g.rules.all_pass == "redeal":
                    items.append(w.redeal)
                    passes_in_a_row = 0
        return items

    def _contract(self) -> list[str]:
        g, w, sym = self.game, self.w, self.symbols
        assert g.napoleon is not None
        # Before any change: the auction's trump (none after an SdC all-pass) and first call.
        first_trump = g.high_bid.suit if g.high_bid is not None else None
        contract = f"{suit_text(first_trump, sym)}{g.bid - g.changes}"
        if g.high_bid is None:
            contract += w.all_passed
        out = [f"{w.contract} {self.names[g.napoleon]} {contract}"]
        calls = [a for _, a in g.log if isinstance(a, Call)]
        call = [f"{w.called} {record_card(calls[0].card, sym)}"] if calls else []
        kitty: list[str] = []
        if g.phase not in (Phase.BID, Phase.CALL) or g.discards:
            kitty = [f"{w.kitty} {_cards(g.kitty, sym)}  {w.discards} {_cards(g.discards, sym)}"]
        # In the order they happened: exchange_first puts the exchange before the call.
        out.extend([*kitty, *call] if g.rules.exchange_first else [*call, *kitty])
        change = next((a for _, a in g.log if isinstance(a, Change)), None)
        if change is not None and g.changes and g.called is not None:
            out.append(
                f"{w.change} {suit_text(g.trump, sym)}{g.bid} "
                f"{w.change_called} {record_card(g.called, sym)}"
            )
        return out

    def _tricks(self) -> list[str]:
        g, w, amb = self.game, self.w, self.amb
        tricks = [t for t in (*g.tricks, g.current_trick()) if t.cards]
        if not tricks:
            return []
        head = pad_left(w.trick_no, 2, amb) + " " + pad(w.led, 3, amb) + " "
        head += "".join(pad(name, self.column, amb) for name in self.names)
        out = [*w.tricks.split("\n"), head.rstrip()]
        counts = [0] * self.n
        for t in tricks:
            out.append(self._trick_row(t, counts))
        return out

    def _trick_row(self, t: Trick, counts: list[int]) -> str:
        g, amb, sym = self.game, self.amb, self.symbols
        first = t.cards[0]
        led = t.named_suit if first >= JOKER else first // 13
        cells_: list[str] = [""] * self.n
        lost, won, led_won = self.w.marks
        for i, c in enumerate(t.cards):
            seat = t.seat_of(i, self.n)
            mark = ""
            if t.winner is not None:
                if seat == t.leader:
                    mark = led_won if t.winner == seat else lost
                elif t.winner == seat:
                    mark = won
            cells_[seat] = record_card(c, sym) + mark
        if t.winner is not None:
            counts[t.winner] += t.taken.bit_count()
        row = pad_left(str(t.index + 1), 2, amb) + " "
        row += pad(suit_text(led, sym) if led is not None else "-", 3, amb) + " "
        for seat in range(self.n):
            count = str(counts[seat]) if t.winner is not None else ""
            row += pad(cells_[seat], self.card, amb) + pad_left(count, COUNT_CELLS, amb) + " "
        if t.winner is not None:
            _, reason = trick_reason(g.rules, g.trump, t.cards, t.named_suit, t.index)
            if reason.special:
                row += " " + REASON_SHORT[self.lang][reason]
        return row.rstrip()

    def _result(self) -> list[str]:
        r = self.game.result
        if r is None:
            return []
        names, w = self.names, self.w
        adj = names[r.adjutant] if r.adjutant is not None else w.no_adjutant
        points = [f"{names[s]} {p:+d}" for s, p in enumerate(r.points)]
        if self.lang == "ja":
            head = (f"【結果】 仏軍 {r.french_honors}枚 (宣言 {r.bid}枚) / 連合 {r.allied_honors}枚"
                    f" → {OUTCOME_JA[r.outcome]}" + (" (シベリア)" if r.siberia else ""))
            who = f"ナポレオン {names[r.napoleon]}  副官 {adj}"
            return [head, who, *wrap_items(w.points, points, "  ", self.width, self.amb)]
        head = f"Result: {OUTCOME_EN[r.outcome]}" + (" (Siberia)" if r.siberia else "")
        counts = f"French side {r.french_honors} honors (bid {r.bid}), Allies {r.allied_honors}"
        who = f"Napoleon {names[r.napoleon]}, adjutant {adj}"
        return [head, counts, who, *wrap_items(w.points, points, ", ", self.width, self.amb)]


__all__ = [
    "AMBIGUOUS_CELLS", "COUNT_CELLS", "Lang", "REASON_SHORT", "Symbols", "card_cells",
    "cell_runs", "cells", "char_cells", "column_cells", "pad", "pad_left", "record_card",
    "suit_text", "text_record", "wrap_items",
]
