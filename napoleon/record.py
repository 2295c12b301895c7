"""Game records: the SdC-style text record (譜, RULES.md §6) and JSON.

The text record follows SdC (which follows コウタロウのナポレオン譜): the
bidding, the contract and the called card, the kitty and the discards, then
one line per trick — its number and led suit, every seat's card with a mark
(``→`` leader who lost, ``○`` follower who won, ``◎`` leader who won) and
that seat's running honor count — then the result and the points.  Suits are
written ``▲▽◇★`` (SdC) or ``♠♥♦♣`` (``symbols="cards"``); jokers ``Jo``/``Jo2``.

The JSON record (``format: napoleon-game/1``) holds the rules text, the
first bidder, every deal (redeals included) and every action in text form;
:func:`replay_game` rebuilds the game exactly and checks the stored result.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Literal

from napoleon.actions import Bid, Call, Change, Pass, action_text, parse_action
from napoleon.cards import (
    JOKER,
    JOKER2,
    RANK_TEXTS,
    SUIT_RECORD_SYMBOLS,
    SUIT_SYMBOLS,
    Card,
    Hand,
    Suit,
    parse_hand,
    sorted_cards,
)
from napoleon.game import Game, Phase
from napoleon.match import Match
from napoleon.rules import Rules
from napoleon.scoring import Outcome

Symbols = Literal["record", "cards"]
GAME_FORMAT = "napoleon-game/1"
MATCH_FORMAT = "napoleon-match/1"

OUTCOME_JA = {
    Outcome.FRENCH_WIN: "仏軍勝利",
    Outcome.ALLIED_WIN: "連合勝利",
    Outcome.FRENCH_TRIUMPH: "仏軍凱旋",
    Outcome.ALLIED_TRIUMPH: "連合凱旋",
}


class RecordError(ValueError):
    """A JSON record that is malformed or does not replay to what it says."""


def _suit(s: Suit | None, symbols: Symbols) -> str:
    if s is None:
        return "NT"
    return (SUIT_RECORD_SYMBOLS if symbols == "record" else SUIT_SYMBOLS)[s]


def record_card(c: Card, symbols: Symbols = "record") -> str:
    """``▲A``, ``▽10``, ``Jo`` (``♠A`` … with ``symbols="cards"``)."""
    if c == JOKER:
        return "Jo"
    if c == JOKER2:
        return "Jo2"
    return _suit(c // 13, symbols) + RANK_TEXTS[c % 13]


def _cards(mask: Hand, symbols: Symbols) -> str:
    return " ".join(record_card(c, symbols) for c in sorted_cards(mask)) or "-"


def _bid(b: Bid, symbols: Symbols) -> str:
    return f"{_suit(b.suit, symbols)}{b.number}"


def text_record(
    game: Game, names: Sequence[str] | None = None, symbols: Symbols = "record"
) -> str:
    """The 譜 of ``game`` (any phase; complete once the game is over)."""
    n = game.n
    names = list(names) if names is not None else [f"P{i + 1}" for i in range(n)]
    lines: list[str] = []
    lines.append(f"ルール: {game.rules.to_text()}")
    if game.redeals:
        lines.append(f"配り直し: {game.redeals}回")
    lines.append(f"配り始め: {names[game.first_bidder]}")
    bids: list[str] = []
    passes_in_a_row = 0
    bid_made = False
    for seat, a in game.log:
        if isinstance(a, Bid):
            bids.append(f"{names[seat]} {_bid(a, symbols)}")
            bid_made = True
        elif isinstance(a, Pass):
            bids.append(f"{names[seat]} パス")
            passes_in_a_row += 1
            if not bid_made and passes_in_a_row == n and game.rules.all_pass == "redeal":
                bids.append("配り直し")
                passes_in_a_row = 0
    lines.append("【競り】 " + " / ".join(bids))
    if game.napoleon is None:
        return "\n".join(lines) + "\n"
    nap = names[game.napoleon]
    # Before any change: the auction's trump (none after an SdC all-pass) and first call.
    first_trump = game.high_bid.suit if game.high_bid is not None else None
    first_bid = game.bid - game.changes
    calls = [a for _, a in game.log if isinstance(a, Call)]
    first_called = calls[0].card if calls else None
    change = next((a for _, a in game.log if isinstance(a, Change)), None)
    contract = f"{_suit(first_trump, symbols)}{first_bid}"
    if game.high_bid is None:
        contract += " (全員パス)"
    lines.append(f"【ビッド宣言】 {nap} {contract}")
    if first_called is not None:
        lines.append(f"【副官指定】 {record_card(first_called, symbols)}")
    if change is not None and game.changes:
        called = game.called
        assert called is not None
        lines.append(
            f"【宣言の変更】 {_suit(game.trump, symbols)}{game.bid} "
            f"副官指定 {record_card(called, symbols)}"
        )
    if game.phase not in (Phase.BID, Phase.CALL) or game.discards:
        lines.append(
            f"【後引札】 {_cards(game.kitty, symbols)}  【捨札】 {_cards(game.discards, symbols)}"
        )
    if game.tricks or game.trick:
        lines.append("【巡の展開】")
        lines.append("巡 台  " + "".join(f"{name:<10}" for name in names))
        counts = [0] * n
        for t in [*game.tricks, game.current_trick()]:
            if not t.cards:
                continue
            first = t.cards[0]
            led = t.named_suit if first >= JOKER else first // 13
            cells = [""] * n
            winner = t.winner
            for i, c in enumerate(t.cards):
                seat = (t.leader + i) % n
                mark = ""
                if winner is not None:
                    if seat == t.leader:
                        mark = "◎" if winner == seat else "→"
                    elif winner == seat:
                        mark = "○"
                cells[seat] = f"{record_card(c, symbols)}{mark}"
            if winner is not None:
                counts[winner] += t.taken.bit_count()
            row = f"{t.index + 1:>2} {_suit(led, symbols) if led is not None else '-':<2} "
            for seat in range(n):
                count = str(counts[seat]) if winner is not None else ""
                row += f"{cells[seat]:<6}{count:>2}  "
            lines.append(row.rstrip())
    r = game.result
    if r is not None:
        adj = names[r.adjutant] if r.adjutant is not None else "なし(独り立ち)"
        lines.append(
            f"【結果】 仏軍 {r.french_honors}枚 / 宣言 {r.bid} 連合 {r.allied_honors}枚"
            f" → {OUTCOME_JA[r.outcome]}" + (" (シベリア)" if r.siberia else "")
        )
        lines.append(f"ナポレオン {names[r.napoleon]}  副官 {adj}")
        lines.append(
            "【得点】 " + "  ".join(f"{names[s]} {p:+d}" for s, p in enumerate(r.points))
        )
    return "\n".join(lines) + "\n"


# ---- JSON -----------------------------------------------------------------


def game_record(game: Game) -> dict[str, Any]:
    """The JSON-ready record of ``game`` (replays with :func:`replay_game`)."""
    from napoleon.cards import hand_text

    rec: dict[str, Any] = {
        "format": GAME_FORMAT,
        "rules": game.rules.to_text(),
        "first_bidder": game.first_bidder,
        "deals": [
            {"hands": [hand_text(h) for h in hands], "kitty": hand_text(kitty)}
            for hands, kitty in game.deals
        ],
        "actions": [action_text(a) for _, a in game.actions()],
        "result": None,
    }
    r = game.result
    if r is not None:
        rec["result"] = {
            "napoleon": r.napoleon,
            "adjutant": r.adjutant,
            "bid": r.bid,
            "french_honors": r.french_honors,
            "allied_honors": r.allied_honors,
            "outcome": r.outcome.name.lower(),
            "points": list(r.points),
        }
    return rec


def replay_game(rec: dict[str, Any]) -> Game:
    """Rebuild a game from its JSON record, checking the stored result."""
    try:
        if rec.get("format") != GAME_FORMAT:
            raise RecordError(f"not a game record (format {rec.get('format')!r})")
        rules = Rules.from_text(rec["rules"])
        deals = [
            (tuple(parse_hand(h) for h in d["hands"]), parse_hand(d["kitty"]))
            for d in rec["deals"]
        ]
        if not deals:
            raise RecordError("the record holds no deal")
        game = Game.from_deal(rules, deals[0], int(rec["first_bidder"]), more_deals=deals[1:])
        for i, text in enumerate(rec["actions"]):
            try:
                game.apply(parse_action(text))
            except ValueError as e:
                raise RecordError(f"action {i + 1} ({text!r}) does not replay: {e}") from e
    except (KeyError, TypeError) as e:
        raise RecordError(f"malformed record: {e!r}") from e
    stored = rec.get("result")
    if stored is not None:
        got = game_record(game)["result"]
        if got != stored:
            raise RecordError(f"the record says {stored} but the replay gives {got}")
    return game


def match_record(match: Match) -> dict[str, Any]:
    """JSON-ready record of a match: its rules, seed-independent game records, totals."""
    return {
        "format": MATCH_FORMAT,
        "rules": match.rules.to_text(),
        "games": [game_record(g) for g in match.games],
        "totals": list(match.totals),
    }


def replay_match(rec: dict[str, Any]) -> list[Game]:
    """Replay every game of a match record; checks the totals of finished games."""
    if rec.get("format") != MATCH_FORMAT:
        raise RecordError(f"not a match record (format {rec.get('format')!r})")
    games = [replay_game(g) for g in rec["games"]]
    totals = [0] * Rules.from_text(rec["rules"]).players
    for g in games:
        if g.result is not None:
            for s, p in enumerate(g.result.points):
                totals[s] += p
    if "totals" in rec and list(rec["totals"]) != totals:
        raise RecordError(f"the record's totals {rec['totals']} differ from the replay's {totals}")
    return games


def to_json(rec: dict[str, Any]) -> str:
    return json.dumps(rec, ensure_ascii=False, indent=1)


def load_record(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not JSON: {e}") from e
    if not isinstance(data, dict):
        raise RecordError("a record is a JSON object")
    return data


__all__ = [
    "GAME_FORMAT", "MATCH_FORMAT", "RecordError", "game_record", "load_record",
    "match_record", "record_card", "replay_game", "replay_match", "text_record", "to_json",
]
