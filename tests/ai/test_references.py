"""The arena's reference opponents (lab/napoleon/references.py).

Each must be legal under every preset and option mix, deterministic, blind
to cards its seat cannot see, and play the style it is named for: the bold
bidder bids higher and makes fewer contracts than the timid baseline; the
by-the-book player never bids unless the table would otherwise never play.
"""

from __future__ import annotations

import random

import pytest

from lab.napoleon.arena import format_references, run_deal
from lab.napoleon.contestants import ArenaConfig, UnknownPlayerError, make_player
from lab.napoleon.references import (
    BOOK_REDEALS,
    STYLE_HOPE,
    STYLE_SLIP,
    STYLE_TRUMP_LEAD,
    BoldPlayer,
    BookPlayer,
    RandomStylePlayer,
    Style,
    draw_style,
)
from napoleon.actions import Action, Bid
from napoleon.ai.base import Player
from napoleon.ai.baseline import BaselinePlayer
from napoleon.ai.oracle import OraclePlayer
from napoleon.ai.strong import StrongPlayer
from napoleon.determinize import determinize, sample_hidden
from napoleon.game import Game, Phase
from napoleon.rules import PRESET_NAMES, Rules
from napoleon.view import view_of
from tests.ai.helpers import VARIANTS, play_game

ALL_RULES = [Rules.preset(p) for p in PRESET_NAMES] + [Rules.from_text(v) for v in VARIANTS]
IDS = [*PRESET_NAMES, *(f"variant{i}" for i in range(len(VARIANTS)))]
TINY = StrongPlayer(worlds=2, bid_samples=1, contract_worlds=1, infer_factor=2)


def _bids_made(
    rules: Rules, seed: int, players: list[Player]
) -> tuple[Game, list[tuple[int, int]]]:
    """A whole game; each bid's seat and the throw-ins before it (thrown-in deals too)."""
    g = Game.new(rules, seed=seed)
    rng = random.Random(seed)
    bidders = []
    while not g.is_over:
        seat = g.to_act
        assert seat is not None
        a = players[seat].decide(view_of(g, seat), rng)
        if isinstance(a, Bid):
            bidders.append((seat, g.redeals))
        g.apply(a, seat)
    return g, bidders


#: Games per reference style and rules: 10 (each game a new random style) meet every
#: line and branch of the phases and of the reference players that 30 do (30 meet two
#: more branches of the trick judge).
STYLE_GAMES = 10


@pytest.mark.parametrize("rules", ALL_RULES, ids=IDS)
def test_reference_players_play_only_legal_moves(rules: Rules) -> None:
    n = rules.players
    for seed in range(STYLE_GAMES):
        for style in (BoldPlayer(), BookPlayer(), RandomStylePlayer(draw_style(seed))):
            g = play_game(rules, seed, [style] * n)  # IllegalActionError on any bad move
            assert g.result is not None
    for seed in range(4):
        mixed: list[Player | OraclePlayer] = [
            BoldPlayer(), BookPlayer(), BaselinePlayer(), TINY, OraclePlayer(), BoldPlayer()
        ]
        mixed = mixed[:n]
        mixed = mixed[seed % n :] + mixed[: seed % n]
        assert play_game(rules, seed, mixed).result is not None


@pytest.mark.parametrize("preset", ["sdc", "mixi", "four"])
def test_bold_bids_higher_and_makes_fewer_contracts_than_the_baseline(preset: str) -> None:
    rules = Rules.preset(preset)
    n = rules.players
    stats = {}
    for style in (BaselinePlayer(), BoldPlayer()):
        bids = made = 0
        for seed in range(150):
            g = play_game(rules, seed, [style] * n)
            assert g.result is not None
            bids += g.result.bid
            made += g.result.french_won
        stats[style.name] = (bids / 150, made / 150)
    assert stats["bold"][0] > stats["baseline"][0] + 0.3
    assert stats["bold"][1] < stats["baseline"][1]


def test_book_never_bids_where_an_all_pass_is_settled_by_the_rules() -> None:
    """SdC (all_pass=sdc): everybody passes, the first bidder is Napoleon at no-trump 10."""
    rules = Rules.preset("sdc")
    for seed in range(40):
        g, bidders = _bids_made(rules, seed, [BookPlayer()] * 5)
        assert bidders == []
        assert g.result is not None
        assert g.result.bid == 10 and g.result.napoleon == g.first_bidder


@pytest.mark.parametrize("preset", ["mixi", "napoleon_l", "four"])
def test_book_bids_only_after_the_redeals_a_table_would_tolerate(preset: str) -> None:
    rules = Rules.preset(preset)
    for seed in range(10):
        g, bidders = _bids_made(rules, seed, [BookPlayer()] * rules.players)
        assert g.result is not None
        assert g.redeals == BOOK_REDEALS
        assert bidders == [(g.first_bidder, BOOK_REDEALS)]  # one bid, the lowest
        assert g.result.bid == rules.min_bid
    # with a bidder at the table the book player waits for it as long as a deal lasts
    for seed in range(10):
        bold = seed % rules.players
        players: list[Player] = [BookPlayer()] * rules.players
        players[bold] = BoldPlayer()
        _, bidders = _bids_made(rules, seed, players)
        assert all(s == bold or redeals >= BOOK_REDEALS for s, redeals in bidders)


def _bid_and_play_positions(rules: Rules, games: int) -> list[tuple[Game, int]]:
    """Positions in the auction and in the play (baseline games), seat to act."""
    out = []
    for seed in range(games):
        g = Game.new(rules, seed=seed)
        stop = random.Random(seed).randrange(0, 40)
        k = 0
        while not g.is_over:
            seat = g.to_act
            assert seat is not None
            if g.phase in (Phase.BID, Phase.PLAY) and k == stop:
                out.append((g.clone(), seat))
                break
            k += g.phase in (Phase.BID, Phase.PLAY)
            g.apply(BaselinePlayer().decide(view_of(g, seat), random.Random(0)), seat)
    return out


def test_hidden_cards_cannot_reach_the_reference_players() -> None:
    """Two games alike from the seat's view get the same action; the oracle is the control."""
    oracle_differs = 0
    positions = _bid_and_play_positions(Rules(), 40)
    assert sum(g.phase is Phase.BID for g, _ in positions) >= 3
    for k, (g, seat) in enumerate(positions):
        v = view_of(g, seat)
        hands, pile = sample_hidden(v, random.Random(k))
        g2 = determinize(v, hands, pile)
        assert view_of(g2, seat) == v
        for p in (BoldPlayer(), BookPlayer()):
            assert p.decide(v, random.Random(k)) == p.decide(view_of(g2, seat), random.Random(k))
        if g.phase is Phase.PLAY:
            o1 = OraclePlayer().decide_game(g, seat, random.Random(k))
            o2 = OraclePlayer().decide_game(g2, seat, random.Random(k))
            oracle_differs += o1 != o2
    assert oracle_differs > 0


def test_reference_players_are_deterministic_whatever_the_global_generator() -> None:
    rules = Rules.preset("mixi")
    logs: list[list[tuple[int, Action]]] = []
    for disturb in (1, 2):
        random.seed(disturb)
        g = play_game(rules, 7, [BoldPlayer(), BookPlayer(), BoldPlayer(), BookPlayer(), TINY])
        logs.append(g.actions())
    assert logs[0] == logs[1]


def test_arena_knows_every_reference_by_name() -> None:
    cfg = ArenaConfig("preset=sdc", ("normal",), "bold", 1)
    assert isinstance(make_player("bold", cfg), BoldPlayer)
    assert isinstance(make_player("book", cfg), BookPlayer)
    assert isinstance(make_player("timid", cfg), BaselinePlayer)
    with pytest.raises(UnknownPlayerError):
        make_player("reckless", cfg)


def test_references_mode_plays_the_same_duplicate_deal_as_one_reference() -> None:
    """``--references`` reuses the reference game for both figures: same gain as ``--reference``."""
    tests = ("baseline",)
    for ref in ("bold", "book"):
        plain = ArenaConfig("preset=sdc", tests, ref, 5)
        both = ArenaConfig("preset=sdc", tests, ref, 5, role_fixed=True, duplicate_too=True)
        for d in range(3):
            alone = run_deal(plain, d)
            row = run_deal(both, d)
            dup = row["duplicate"]
            assert isinstance(dup, dict)
            for name in tests:  # the same results (the decision times differ, of course)
                for part in ("reference", "test", "seat"):
                    assert dup[name][part] == alone[name][part]  # type: ignore[index]
            assert row["reference"] == ref
    rows = [run_deal(ArenaConfig("preset=sdc", ("bold",), r, 5, role_fixed=True,
                                 duplicate_too=True), d)
            for r in ("baseline", "book") for d in range(4)]
    text = format_references(rows, ("bold",))
    assert "bold vs baseline" in text and "bold vs book" in text
    assert text.count("role-fixed:") == 2


def test_the_random_style_is_drawn_per_match_within_its_ranges() -> None:
    """No single style to tune to: each seed draws another boldness and other habits,
    inside the declared ranges; the same seed draws the same style."""
    styles = [draw_style(f"{m}/1") for m in range(200)]
    assert draw_style("7/1") == draw_style("7/1") != draw_style("7/2")
    for st in styles:
        assert STYLE_HOPE[0] <= st.hope <= STYLE_HOPE[1]
        assert STYLE_TRUMP_LEAD[0] <= st.trump_lead <= STYLE_TRUMP_LEAD[1]
        assert STYLE_SLIP[0] <= st.slip <= STYLE_SLIP[1]
    hopes = sorted(st.hope for st in styles)
    assert hopes[20] < 0.0 and hopes[-20] > 2.5  # timid and bold matches both occur
    p = make_player("random", ArenaConfig("", (), "baseline", 1), style_seed="7/1")
    assert isinstance(p, RandomStylePlayer) and p.style == draw_style("7/1")


def test_a_bolder_random_style_bids_higher_and_a_trump_leader_leads_trumps() -> None:
    """Bid boldness and card-play habits are what the drawn style says."""
    rules = Rules()
    timid = RandomStylePlayer(Style(hope=-1.0, trump_lead=0.0, slip=0.0))
    bold = RandomStylePlayer(Style(hope=3.5, trump_lead=0.8, slip=0.0))
    bids = {"timid": 0, "bold": 0}
    trump_leads = {"timid": 0, "bold": 0}
    for seed in range(60):
        for name, p in (("timid", timid), ("bold", bold)):
            g = play_game(rules, seed, [p] * 5)
            assert g.result is not None
            bids[name] += g.result.bid
            trump_leads[name] += sum(
                t.cards[0] < 52 and t.cards[0] // 13 == g.result.trump for t in g.tricks
            )
    assert bids["bold"] > bids["timid"] + 60
    assert trump_leads["bold"] > trump_leads["timid"]
