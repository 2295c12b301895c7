"""The hint: the strong computer's action and a reason a player reads off the
table, each reason from a position where it is the right one (seats A, B = 0, 1;
trump diamonds unless said), and the worker's entry refusing hostile JSON."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from durak.actions import ACCEPT, DOUBLE, FOLD, PASS, TAKE, Action, parse_action
from durak.ai.baseline import BaselinePlayer
from durak.ai.hint import KINDS, HintInputError, Reason, hint, hint_json, reason_for
from durak.ai.levels import decide
from durak.game import Game, Phase
from durak.rules import Rules
from durak.view import PlayerView
from tests.durak_ai.helpers import small_strong_search
from tests.durak_game.helpers import A, B, position


def played(g: Game, *moves: str) -> Game:
    for m in moves:
        g.apply(parse_action(m))
    return g


def why(g: Game, action: str, source: str = "search") -> Reason:
    return reason_for(g.view(g.to_act), parse_action(action), source)


# ---- defence: cover ------------------------------------------------------------------


def test_cover_with_the_lowest_card_that_beats_it_says_what_it_keeps() -> None:
    # §3 (a higher card of the suit or a trump beats): 8S, TS and the trump AD beat 7S.
    g = played(position(["7S,KH", "8S,TS,AD"], talon="9C,9H"), "attack 7S")
    assert why(g, "cover 8S 7S") == Reason("cover_lowest", {"card": "8S", "target": "7S",
                                                      "keeps": "AD"})


def test_a_cover_that_is_not_the_lowest_gets_the_search_reason() -> None:
    g = played(position(["7S,KH", "8S,TS,AD"], talon="9C,9H"), "attack 7S")
    assert why(g, "cover TS 7S").kind == "search"


def test_cover_with_the_only_card_that_beats_it() -> None:
    # Only KS beats 6S (no other spade above it, no trump in B's hand).
    g = played(position(["6S,KH", "KS,AH,7C"], talon="9C,9H"), "attack 6S")
    assert why(g, "cover KS 6S") == Reason("cover_only", {"card": "KS", "target": "6S"})


def test_cover_with_a_trump_when_only_trumps_beat_the_card() -> None:
    g = played(position(["AS,KH", "7D,9D,6H"], talon="9C,9H"), "attack AS")
    assert why(g, "cover 7D AS") == Reason("cover_trump", {"card": "7D", "target": "AS"})


def test_cover_with_the_last_card() -> None:
    # The talon is empty: B's last card covers and B is out.
    g = played(position(["7S,KH", "8S,TS"]), "attack 7S")
    g2 = played(position(["7S,KH", "8S"]), "attack 7S")
    assert why(g2, "cover 8S 7S") == Reason("cover_last", {"card": "8S", "target": "7S"})
    assert why(g, "cover 8S 7S").kind == "cover_lowest"


# ---- defence: take -------------------------------------------------------------------


def test_take_when_the_cards_cannot_beat_every_attack_card() -> None:
    # attack_set=same_rank: a pair of 7s; B beats 7S but nothing beats 7C.
    rules = Rules(attack_set="same_rank")
    g = played(position(["7S,7C,KH", "8S,9H,JH"], talon="9C,QH", rules=rules), "attack 7S,7C")
    assert TAKE in g.view(B).legal_actions and len(g.view(B).legal_actions) > 1
    assert why(g, "take") == Reason("take_cannot")


def test_take_when_covering_would_spend_trumps() -> None:
    # Only the trumps 7D and 9D beat the spade and the club.
    rules = Rules(attack_set="same_rank")
    g = played(position(["7S,7C,KH", "7D,9D,6H"], talon="9C,QH", rules=rules), "attack 7S,7C")
    assert why(g, "take") == Reason("take_trumps", {"n": 2})


# ---- defence: transfer (perevodnoy) -----------------------------------------------------


def test_transfer_sheds_a_card_when_covering_would_cost_nothing_either() -> None:
    rules = Rules(players=3, transfer=True)
    g = played(position(["7S,KH", "7H,8S,QC", "9C,JC"], talon="9S,QH,6S,8C", rules=rules),
               "attack 7S")
    assert why(g, "transfer 7H") == Reason("transfer_shed", {"cards": "7H"})


def test_transfer_instead_of_spending_a_trump() -> None:
    rules = Rules(players=3, transfer=True)
    g = played(position(["AS,KH", "AH,7D,QC", "9C,JC"], talon="9S,QH,6S,8C", rules=rules),
               "attack AS")
    assert why(g, "transfer AH") == Reason("transfer_trumps", {"cards": "AH", "n": 1})


def test_transfer_when_the_cards_cannot_beat_the_attack() -> None:
    rules = Rules(players=3, transfer=True)
    g = played(position(["AS,KH", "AH,8C,QC", "9C,JC"], talon="9S,QH,6S,8C", rules=rules),
               "attack AS")
    assert why(g, "transfer AH") == Reason("transfer_cannot", {"cards": "AH"})


def test_a_shown_trump_transfers_at_no_cost() -> None:
    rules = Rules(players=3, transfer=True, transfer_show=True)
    g = played(position(["7S,KH", "7D,8S,QC", "9C,JC"], talon="9S,QH,6S,8C", rules=rules),
               "attack 7S")
    shown = [a for a in g.view(B).legal_actions if "!" in str(a) or getattr(a, "shown", False)]
    assert shown, g.view(B).legal_actions
    assert reason_for(g.view(B), shown[0]) == Reason("transfer_show", {"cards": "7D"})


# ---- attack and throw-in --------------------------------------------------------------


def test_open_with_the_lowest_card() -> None:
    g = position(["6S,KH,AD", "8S,TS,9D"], talon="9C,9H")
    assert why(g, "attack 6S") == Reason("attack_lowest", {"card": "6S"})
    assert why(g, "attack KH").kind == "search"


def test_open_with_a_set_of_one_rank() -> None:
    g = position(["6S,6H,AD", "8S,TS,9D"], talon="9C,9H", rules=Rules(attack_set="same_rank"))
    assert why(g, "attack 6S,6H") == Reason("attack_set", {"cards": "6S,6H"})


def test_open_with_a_card_the_defender_cannot_beat() -> None:
    # B's whole hand is known (as after it took 8S and TS from the table): neither card
    # beats KH.  Unknown, it might hold a trump: then KH is only A's lowest card.
    g = position(["KH,AH,AD,KD", "8S,TS"], talon="9C,9H")
    known = replace(g.view(A), known=(0, g.hands[B]))
    assert reason_for(known, parse_action("attack KH")) == Reason("attack_unbeatable",
                                                                  {"card": "KH"})
    assert why(g, "attack KH") == Reason("attack_lowest", {"card": "KH"})


def test_throw_in_a_card_the_defender_cannot_beat() -> None:
    # B has shown it holds only the clubs it took (known): nothing beats 7H.
    g = played(position(["7S,7H,KH", "8S,9C"]), "attack 7S", "cover 8S 7S")
    assert g.phase is Phase.THROW
    v = g.view(A)
    v = replace(v, known=(v.known[0], g.hands[B]))
    assert reason_for(v, parse_action("throw 7H")) == Reason("throw_unbeatable", {"card": "7H"})


def test_throw_in_a_low_card_of_a_rank_on_the_table() -> None:
    g = played(position(["7S,7H,KH", "8S,9H,QS,AD"], talon="9C,QH,JC,JS"),
               "attack 7S", "cover 8S 7S")
    assert why(g, "throw 7H") == Reason("throw_rank", {"card": "7H"})


def test_throw_in_to_a_taker() -> None:
    # throw_after_take: cards may follow a take (l.?), and the taker keeps them all.
    rules = Rules(throw_after_take=True)
    g = played(position(["7S,7H,KH", "9H,QC,AC"], talon="9C,QH,JC,JS", rules=rules),
               "attack 7S", "take")
    assert g.view(A).taking
    assert why(g, "throw 7H") == Reason("throw_taking", {"card": "7H"})


def test_pass_when_only_trumps_could_be_added() -> None:
    g = played(position(["7S,7D,KH", "8S,9H,QS,AC"], talon="9C,QH,JC,JS"),
               "attack 7S", "cover 8S 7S")
    assert why(g, "pass") == Reason("pass_trumps")


# ---- the cube, the endgame, a lone move ------------------------------------------------


@pytest.mark.parametrize(("action", "kind", "pct"), [
    (DOUBLE, "cube_double", 70), (ACCEPT, "cube_accept", 25), (FOLD, "cube_fold", 25)])
def test_cube_moves_name_their_threshold(action: Action, kind: str, pct: int) -> None:
    # docs/rules/durak.md §7: double from 0.70, accept from the 1/4 take point.
    g = position(["6S,KH,AD", "8S,TS,9D"], talon="9C,9H")
    assert reason_for(g.view(A), action, "cube") == Reason(kind, {"pct": pct})


def test_no_double_when_a_pass_is_the_cube_move() -> None:
    g = position(["6S,KH,AD", "8S,TS,9D"], talon="9C,9H")
    assert reason_for(g.view(A), PASS, "cube") == Reason("cube_wait", {"pct": 70})


def test_an_endgame_solved_exactly_says_so() -> None:
    g = position(["6S,KH,AD", "8S,TS,9D"])
    assert why(g, "attack 6S", "endgame") == Reason("endgame")


def test_the_only_legal_move() -> None:
    g = played(position(["AS,KH", "7H,8C"], talon="9C,9H"), "attack AS")
    assert g.view(B).legal_actions == (TAKE,)
    assert why(g, "take") == Reason("only")


# ---- the whole hint -------------------------------------------------------------------


def decisions(seed: int, players: int = 2, rules: Rules | None = None) -> list[PlayerView]:
    """Every view with a choice in a baseline game."""
    g = Game.new(rules or Rules(players=players), seed=seed)
    out, base, rng = [], BaselinePlayer(), random.Random(seed)
    while not g.is_over:
        v = g.view(g.to_act)
        if len(v.legal_actions) > 1:
            out.append(v)
        g.apply(base.decide(v, rng), g.to_act)
    return out


def test_the_hint_is_the_strong_computers_action_and_reproducible(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint is strong's own search: at 2 players its tree (not the flat search),
    at 3 the flat search, with the same seed the same action (both on a small budget,
    :func:`small_strong_search`: one search, whatever its size)."""
    small_strong_search(monkeypatch)
    # Four decisions at each table (attacks, a defence and throw-ins: every line of the
    # hint's reasons that more decisions meet) and three hints twice (two searched, one
    # with a reason read off the table).
    for players in (2, 3):
        for v in decisions(5, players)[:4]:
            assert hint(v, 11).action == decide(v, "strong", 11)
    for v in decisions(5)[:3]:
        h = hint(v, 11)
        assert h.action in v.legal_actions
        assert h.reason.kind in KINDS
        assert hint(v, 11) == h
        if h.reason.kind == "search":
            assert h.chance is not None and 0 <= h.chance <= 1


def test_hint_json_answers_every_real_view_with_a_known_reason(
        monkeypatch: pytest.MonkeyPatch) -> None:
    small_strong_search(monkeypatch)  # an answer, whatever the search's size
    for v in decisions(2, rules=Rules.preset("perevodnoy"))[:8]:
        out = json.loads(hint_json(v.to_json(), 3))
        assert parse_action(out["action"]) in v.legal_actions
        assert out["reason"]["kind"] in KINDS


# ---- hostile JSON ---------------------------------------------------------------------


def real_view() -> dict[str, object]:
    d: dict[str, object] = json.loads(decisions(1)[0].to_json())
    return d


@pytest.mark.parametrize("change", [
    {"seat": "0"},                # a text where a seat is
    {"seat": True},               # a boolean is not a seat
    {"seat": 7},                  # a seat that does not sit at a 2-player table
    {"taking": "false"},          # never coerced: "false" would be true
    {"hand_sizes": [6, "6"]},
    {"hand": "ZZ"},               # no such card
    {"hand": "6S"},               # a hand that does not match its size
    {"legal_actions": []},        # nothing to decide
    {"legal_actions": ["fly away"]},
    {"table": [["7S"]]},
    {"rules": "players=nine"},
    {"known": ["x" * 5000, ""]},  # an overlong text
    {"own_suits": list(range(5000))},  # an overlong list
    {"talon_count": 2},           # well formed, but the hidden cards do not add up
    {"talon_count": 2, "removed_count": 99},
])
def test_hint_json_refuses_a_view_that_is_not_one(change: dict[str, object]) -> None:
    d = real_view() | change
    with pytest.raises(HintInputError):
        hint_json(json.dumps(d), 1)


@pytest.mark.parametrize("text", ["", "[", "null", "[1, 2]", '{"seat": 0}', "[" * 5000,
                                  '"' + "x" * 30_000 + '"'])
def test_hint_json_refuses_text_that_is_no_view(text: str) -> None:
    with pytest.raises(HintInputError):
        hint_json(text, 1)


@pytest.mark.parametrize("reading", [True, "1.5", 1e9, None, [1]])
def test_hint_json_refuses_a_reading_that_is_not_one_and_names_it(reading: object) -> None:
    with pytest.raises(HintInputError, match="'reading'"):
        hint_json(json.dumps(real_view() | {"reading": reading}), 1)


def test_hint_json_refuses_a_seed_that_is_not_a_whole_number() -> None:
    with pytest.raises(HintInputError):
        hint_json(json.dumps(real_view()), "1")  # type: ignore[arg-type]


def test_an_inverted_games_view_with_hidden_slots_is_hinted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The inverted game (docs/rules/durak.md §3.5): the slots a seat has not seen are null in
    its view; the check takes them (an older shape check refused every such view), and
    the hint answers (on a small search, :func:`small_strong_search`)."""
    small_strong_search(monkeypatch)
    from durak.ai.hint import check_view_dict

    g = Game.new(Rules.from_text("preset=podkidnoy&talon=deal_all&inverted=on"), 3)
    v = g.view(g.to_act)
    assert None in v.slots
    assert check_view_dict(json.loads(v.to_json())) == v
    assert parse_action(json.loads(hint_json(v.to_json(), 1))["action"]) in g.legal_actions()


def test_the_hints_own_bounds_past_the_readers_are_kept() -> None:
    """The view's reader takes up to 100,000 legal actions and a cube of 2**20; the
    hint weighs at most 4,096 actions and no cube past a million."""
    from durak.ai.hint import check_view_dict

    d = real_view()
    PlayerView.from_dict(d | {"legal_actions": ["pass"] * 5000})
    PlayerView.from_dict(d | {"cube": 1 << 20})
    with pytest.raises(HintInputError, match="legal_actions"):
        check_view_dict(d | {"legal_actions": ["pass"] * 5000})
    with pytest.raises(HintInputError, match="cube"):
        check_view_dict(d | {"cube": 1 << 20})


def test_every_real_view_passes_the_check() -> None:
    """The check refuses no view the engine makes (many option mixes, 2-4 players)."""
    from durak.ai.hint import check_view_dict
    from tests.durak_ai.helpers import random_rules

    rng = random.Random(9)
    for seed in range(12):
        rules = random_rules(rng, players=2 + seed % 3)
        g = Game.new(rules, seed=seed)
        base = BaselinePlayer()
        steps = 0
        while not g.is_over and steps < 400:
            s = g.to_act
            v = g.view(s)
            check_view_dict(json.loads(v.to_json()))
            g.apply(base.decide(v, rng), s)
            steps += 1
