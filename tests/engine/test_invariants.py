"""Invariants over hundreds of seeded random games under every preset.

* every card is in exactly one place at every step;
* the 20 honors are all accounted for at the end;
* zero-sum tables sum to zero;
* the JSON record replays to the same tricks, honor counts and points;
* views never contain a card the seat cannot see.
"""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest

from napoleon.actions import Bid, Discard, Pass, Play
from napoleon.cards import HONORS_MASK, parse_card
from napoleon.game import Game, Phase
from napoleon.playout import play_random_game, random_action_step
from napoleon.record import game_record, replay_game
from napoleon.rules import PRESET_NAMES, Rules
from napoleon.scoring import ZERO_SUM_TABLES
from napoleon.view import PlayerView

from .helpers import random_rules

#: 600 games per preset reach every phase of each preset's game, and every 20th game
#: (30 a preset) is checked after every card as well.
GAMES_PER_PRESET = 600
#: Games per preset whose every view is checked: 8 games meet every phase, seat and
#: role (Napoleon, adjutant, the others, before and after the adjutant is revealed) and
#: read back one seat's views in each, every seat of a preset's table in turn
#: (``seed % players``).
VIEW_GAMES_PER_PRESET = 8
#: Random option mixes whose every view is checked: 5 mixes (every seat's view at every
#: step) meet the views' option-dependent parts.
VIEW_MIXES = 5


def places(g: Game) -> list[int]:
    """Every place a card can be, as masks (hands, played, kitty-or-discards)."""
    out = list(g.hands)
    played = 0
    for m in g.played:
        played |= m
    out.append(played)
    if g.phase in (Phase.BID,) or (g.phase is Phase.CALL and not g.rules.exchange_first):
        out.append(g.kitty)
    elif g.phase is not Phase.EXCHANGE:
        out.append(g.discards)
    return out


def check_cards_in_one_place(g: Game) -> None:
    seen = 0
    for m in places(g):
        assert not seen & m, "a card is in two places"
        seen |= m
    assert seen == g.rules.deck, "a card is missing"


def check_end(g: Game) -> None:
    r = g.result
    assert r is not None
    rules = g.rules
    captured = 0
    for m in g.captured:
        assert not captured & m
        captured |= m
    parts = [captured, g.lost, g.held]
    if rules.discard_honors != "first_trick":
        parts.append(g.discards & HONORS_MASK)
    union = 0
    for p in parts:
        assert not union & p, "an honor is counted twice"
        union |= p
    assert union == HONORS_MASK, "the 20 honors are not all accounted for"
    assert g.held == 0
    assert r.french_honors + r.allied_honors + (
        (g.discards & HONORS_MASK).bit_count() if rules.discard_honors == "nobody" else 0
    ) + g.lost.bit_count() == 20
    if rules.scoring in ZERO_SUM_TABLES:
        assert sum(r.points) == 0
    assert len(g.tricks) == rules.hand_size
    assert all(len(t.cards) == rules.players for t in g.tricks)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_random_games_keep_every_card_in_one_place_and_account_for_all_honors(
    preset: str,
) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    for seed in range(GAMES_PER_PRESET):
        g = Game.new(rules, seed)
        steps = 0
        while g.phase is not Phase.RESULT:
            if seed % 20 == 0 or g.phase is not Phase.PLAY:
                check_cards_in_one_place(g)
            random_action_step(g, rng) if g.phase is not Phase.PLAY else _one_play(g, rng)
            steps += 1
        check_cards_in_one_place(g)
        check_end(g)


def _one_play(g: Game, rng: random.Random) -> None:
    mask = g.legal_play_mask()
    cards = [c for c in range(54) if mask >> c & 1]
    c = rng.choice(cards)
    names = g.joker_names() if c >= 52 and not g.trick else (None,)
    g.play_fast(c, rng.choice(names))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_json_record_replays_to_the_same_game(preset: str) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(preset + "json")
    for seed in range(200):
        g = play_random_game(Game.new(rules, seed), rng)
        rec = json.loads(json.dumps(game_record(g)))
        again = replay_game(rec)
        assert again.tricks == g.tricks
        assert again.captured == g.captured
        assert again.result == g.result
        assert again.deals == g.deals


def test_random_option_combinations_play_to_the_end() -> None:
    """Every option value, mixed at random: games finish and keep the invariants."""
    rng = random.Random(99)
    for _ in range(150):
        rules = random_rules(rng)
        for _ in range(6):
            g = Game.new(rules, rng.getrandbits(32))
            while g.phase is not Phase.RESULT:
                check_cards_in_one_place(g)
                if g.phase is Phase.PLAY:
                    _one_play(g, rng)
                else:
                    random_action_step(g, rng)
            check_end(g)
            assert replay_game(game_record(g)).result == g.result


# ---- views ---------------------------------------------------------------------


def visible_cards(g: Game, seat: int) -> int:
    """What ``seat`` may see, computed independently of napoleon.view."""
    vis = g.hands[seat]
    for m in g.played:
        vis |= m
    if g.rules.discard_honors == "first_trick":
        vis |= g.discards & HONORS_MASK
    nap_sees_kitty = seat == g.napoleon and (
        g.phase in (Phase.EXCHANGE, Phase.CHANGE, Phase.PLAY)
        or (g.phase is Phase.CALL and g.rules.exchange_first)
    )
    if nap_sees_kitty or g.phase is Phase.RESULT:
        vis |= g.kitty | g.discards
    return vis


NOT_SEEN_KEYS = frozenset({"rules", "called", "legal_actions"})


def cards_in(obj: Any, skip: frozenset[str] = NOT_SEEN_KEYS) -> int:
    """Every card text found in a view's plain form (outside the skipped keys)."""
    mask = 0
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k not in skip:
                mask |= cards_in(v, skip)
    elif isinstance(obj, list):
        for v in obj:
            mask |= cards_in(v, skip)
    elif isinstance(obj, str):
        with contextlib.suppress(ValueError):
            mask |= 1 << parse_card(obj)
    return mask


def check_view(g: Game, seat: int, roundtrip: bool = True) -> None:
    v = g.view(seat)
    vis = visible_cards(g, seat)
    d = v.to_dict()
    assert not cards_in(d) & ~vis, f"seat {seat} sees hidden cards in {g.phase}"
    for m in (v.hand, v.kitty or 0, v.discards or 0, v.face_up_discards, v.held,
              *v.captured, *v.played):
        assert not m & ~vis
    for a in v.legal_actions:
        if isinstance(a, Play):
            assert v.hand >> a.card & 1
        elif isinstance(a, Discard):
            assert not a.cards & ~v.hand
    if g.to_act != seat:
        assert v.legal_actions == ()
    elif g.phase is Phase.EXCHANGE:
        assert v.legal_actions == () and v.discard_count == g.kitty_size
    else:
        assert list(v.legal_actions) == g.legal_actions()
    # the adjutant's identity
    holder_knows = g.called is not None and bool(g.hands[seat] >> g.called & 1)
    revealed = g.revealed or g.phase is Phase.RESULT
    if not v.adjutant_known:
        assert v.adjutant is None and "adjutant" in d and d["adjutant"] is None
        assert not revealed
        if seat != g.napoleon and g.phase in (Phase.PLAY,):
            assert not holder_knows
    if v.adjutant_known and g.phase is Phase.PLAY:
        assert v.adjutant == g.adjutant
        assert revealed or seat == g.adjutant or seat == g.napoleon
    if roundtrip:
        text = v.to_json()
        assert PlayerView.from_json(text) == v
        assert set(d) <= json.loads(text).keys()


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_views_never_contain_hidden_cards(preset: str) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(preset + "view")
    for seed in range(VIEW_GAMES_PER_PRESET):
        g = Game.new(rules, seed)
        while True:
            if g.phase is Phase.PLAY:  # every seat at trick ends, one random seat otherwise
                seats = range(rules.players) if not g.trick else [rng.randrange(rules.players)]
            else:
                seats = range(rules.players)
            for seat in seats:
                check_view(g, seat, roundtrip=seat == seed % rules.players)
            if g.phase is Phase.RESULT:
                break
            if g.phase is Phase.PLAY:
                _one_play(g, rng)
            else:
                random_action_step(g, rng)


def test_views_under_random_option_combinations() -> None:
    rng = random.Random(7)
    for _ in range(VIEW_MIXES):
        rules = random_rules(rng)
        g = Game.new(rules, rng.getrandbits(32))
        while g.phase is not Phase.RESULT:
            for seat in range(rules.players):
                check_view(g, seat, roundtrip=seat == 0)
            if g.phase is Phase.PLAY:
                _one_play(g, rng)
            else:
                random_action_step(g, rng)


def test_same_seed_and_actions_give_the_same_game() -> None:
    """Deterministic: randomness only from the injected seed; the global RNG is irrelevant."""
    def run() -> tuple[object, ...]:
        g = Game.new(Rules(), 1234)
        rng = random.Random(5)
        while g.phase is not Phase.RESULT:
            random.seed(random.random())  # disturb the global generator
            random_action_step(g, rng)
        return g.result, tuple(g.tricks), tuple(g.deals)

    assert run() == run()


def test_bid_and_pass_logged_in_order() -> None:
    g = Game.new(Rules(), 3, first_bidder=0)
    g.apply(Bid(12, 0))
    g.apply(Pass())
    assert [a for _, a in g.log] == [Bid(12, 0), Pass()]
