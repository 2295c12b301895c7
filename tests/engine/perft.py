"""Perft for Napoleon: count the legal play sequences from a position.

A move is a card, or a led joker with one named suit (so naming is part of
the move).  Depth is counted in plies (one card); ``tricks × players`` plies
make whole tricks.
"""

from __future__ import annotations

from napoleon.cards import JOKER
from napoleon.game import Game, Phase


def moves(g: Game) -> list[tuple[int, int | None]]:
    out: list[tuple[int, int | None]] = []
    mask = g.legal_play_mask()
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        if c >= JOKER and not g.trick:
            out.extend((c, s) for s in g.joker_names())
        else:
            out.append((c, None))
    return out


def perft(g: Game, plies: int) -> int:
    if plies == 0 or g.phase is not Phase.PLAY:
        return 1
    ms = moves(g)
    if plies == 1:
        return len(ms)
    total = 0
    for c, s in ms:
        child = g.clone()
        child.play_fast(c, s)
        total += perft(child, plies - 1)
    return total


def divide(g: Game, plies: int) -> dict[str, int]:
    """Per first move: the count below it (for mismatch reports)."""
    from napoleon.cards import card_text

    out: dict[str, int] = {}
    for c, s in moves(g):
        child = g.clone()
        child.play_fast(c, s)
        key = card_text(c) + ("" if s is None else ":" + "SHDC"[s])
        out[key] = perft(child, plies - 1)
    return out


# ---- named positions (tests/data/perft.json) ----------------------------------

def position_record(g: Game, name: str, note: str, depths: list[int]) -> dict[str, object]:
    """A named position as stored in the data file, with its counts by trick depth."""
    from napoleon.record import game_record

    rec = game_record(g)
    n = g.rules.players
    return {
        "name": name,
        "note": note,
        "game": {k: rec[k] for k in ("format", "rules", "first_bidder", "deals", "actions")},
        "counts_by_tricks": {str(d): perft(g, d * n) for d in depths},
        "counts_by_plies": {str(p): perft(g, p) for p in range(1, n + 1)},
        "divide_1_trick": divide(g, n),
    }


def load_position(rec: dict[str, object]) -> Game:
    from napoleon.record import replay_game

    game = rec["game"]
    assert isinstance(game, dict)
    return replay_game(dict(game, result=None))


def _make_positions() -> list[dict[str, object]]:  # pragma: no cover - data generator
    import random

    from napoleon.actions import Bid, Call, Discard, Pass
    from napoleon.cards import JOKERS_MASK, parse_card, sorted_cards
    from napoleon.playout import random_card
    from napoleon.rules import Rules

    specs = [
        ("sdc-opening", "preset=sdc", "SdC Standard, Napoleon to lead trick 1", 0, False, 0),
        ("sdc-joker-lead", "preset=sdc", "Napoleon holds the joker: naming counts", 0, True, 0),
        ("sdc-trick4", "preset=sdc", "after three random tricks", 3, False, 0),
        ("guruguru-opening", "preset=guruguru", "", 0, False, 0),
        ("intro-trick3", "preset=intro", "no joker call, no same-2", 2, False, 0),
        ("mixi-opening", "preset=mixi", "joker lead calls trump", 0, True, 0),
        ("napoleon_l-opening", "preset=napoleon_l", "two jokers, exchange first", 0, True, 0),
        ("four-opening", "preset=four", "4 players, 12 cards, no joker", 0, False, 0),
        ("six-players", "preset=sdc&players=6", "6 players, 8 cards", 0, True, 0),
        ("free-role-cards", "preset=sdc&role_cards_free=on&opening_lead_trump=forbid"
         "&joker_lead_first_trick=forbid", "mixi local lead/follow rules", 0, True, 0),
        ("joker-call", "preset=sdc", "♣3 led with the joker out", 0, False, 1),
    ]
    out = []
    for name, text, note, prefix_tricks, want_joker, want_call in specs:
        rules = Rules.from_text(text)
        for seed in range(1, 500):
            g = Game.new(rules, seed, first_bidder=0)
            g.apply(Bid(max(13, rules.min_bid), 0))
            while g.phase is Phase.BID:
                g.apply(Pass())
            for _ in range(3):
                if g.phase is Phase.CALL:
                    g.apply(Call(parse_card("SA") if not g.hands[0] >> 12 & 1 else 52 if
                                 rules.jokers else parse_card("HA")))
                elif g.phase is Phase.EXCHANGE:
                    keep = JOKERS_MASK | 1 << parse_card("C3")
                    hand = sorted_cards(g.hands[0] & ~keep)
                    g.apply(Discard(hand[-g.kitty_size:]))
            assert g.phase is Phase.PLAY
            if want_joker and not g.hands[0] & JOKERS_MASK:
                continue
            if want_call and not (g.hands[0] >> parse_card("C3") & 1 and not
                                  g.hands[0] & JOKERS_MASK and g.discards & JOKERS_MASK == 0):
                continue
            if want_call:
                g.play_fast(parse_card("C3"))
            rng = random.Random(seed)
            while g.trick_index < prefix_tricks:
                c = random_card(g.legal_play_mask(), rng)
                names = g.joker_names() if c >= 52 and not g.trick else (None,)
                g.play_fast(c, names[0])
            out.append(position_record(g, name, note, [1] if rules.players == 6 else [1, 2]))
            break
    return out


if __name__ == "__main__":  # pragma: no cover
    import json
    import sys

    data = _make_positions()
    json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
