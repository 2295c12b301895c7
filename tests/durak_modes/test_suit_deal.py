"""``mode=suit_deal`` (印合わせ, docs/rules/durak.md §3.6): §9 case 33, every sentence of
§3.6's paragraph and the [I]s of :mod:`durak.suit_deal`, random games of every mix,
records that replay to the same views, refused actions and records."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from durak.actions import TAKE, IllegalActionError, NotYourTurnError, Transfer, attack
from durak.cards import DECK_36, RANKS, SUIT_MASKS, card_text, cards_of, parse_card
from durak.cli import main
from durak.game import Game
from durak.record import RecordError
from durak.record import json_record as ordinary_json
from durak.record import replay_json as ordinary_replay_json
from durak.rules import Rules, RulesError
from durak.suit_deal.ai import choose, decide
from durak.suit_deal.deal_phase import TakeWith
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.playout import play_random_game
from durak.suit_deal.record import json_record, replay_json, replay_text, text_record
from durak.suit_deal.view import DealView

A, B, C = 0, 1, 2
SD3 = Rules(players=3, mode="suit_deal")


def c(text: str) -> int:
    return parse_card(text)


def order(*first: str) -> list[int]:
    """A turning order starting with ``first`` (``first[0]`` face up), the rest of the
    deck after it from the ace of clubs down: the rest fits little, and the last card
    turned is the 6♠."""
    head = [c(t) for t in first]
    return head + [x for x in range(35, -1, -1) if x not in head]


def table(g: SuitDealGame) -> list[str]:
    return [card_text(x) for x in g.deal.table]


# ---- §9 case 33 ------------------------------------------------------------------


def test_case_33_suit_deal_take_stay_choose_and_last_card() -> None:
    # table 7♥ (face up) 9♣ (A's turn: no 7♥-beating club, it stays)
    g = SuitDealGame.from_order(SD3, order("7H", "9C", "8H", "6D", "8S"), dealer=C)
    # B turns 8♥: same suit, higher than 7♥ → B takes 8♥ and 7♥, turns 6♦ onto the table
    assert g.deal.steps[:4] == [("lay", A, c("9C")), ("take", B, c("8H"), c("7H")),
                                ("turn", B, c("6D")), ("lay", C, c("8S"))]
    assert g.deal.hands[B] >> c("8H") & 1 and g.deal.hands[B] >> c("7H") & 1
    # C turns 8♠: nothing of its suit lower on the table → it stays (the "lay" above)
    # turned 10♣ with 7♣ and 9♣ on the table: the turner chooses
    g = SuitDealGame.from_order(SD3, order("9C", "7C", "TC"), dealer=C)
    assert g.dealing and g.to_act == B and g.deal.turned == c("TC")
    assert g.legal_actions() == [TakeWith(c("9C")), TakeWith(c("7C"))]
    g.apply(TakeWith(c("7C")), B)
    assert g.deal.choices == [(B, c("7C"))]
    assert g.deal.steps[1] == ("take", B, c("TC"), c("7C"))  # 9♣ stays on the table
    assert g.deal.steps[2][:2] == ("turn", B)
    # the last card sets trump; its turner takes it and every table card
    while g.deal.trump_card is None:
        g.apply(g.legal_actions()[0])
    last = g.deal.steps[-1]
    assert last[0] == "last" and g.deal.trump_card == last[2] == order()[-1] == c("6S")
    assert g.deal.table == [] and g.deal.hands[last[1]] >> last[2] & 1
    taken = last[-1]  # ("last", seat, card, the table cards taken)
    assert len(last) == 4 and taken and g.deal.hands[last[1]] & taken == taken
    assert g.play is not None and g.play.trump == last[2] // RANKS


# ---- §3.6's other sentences and the [I]s -------------------------------------------


def test_no_hands_one_card_face_up_and_the_dealers_left_turns_first() -> None:
    for dealer in range(3):
        g = SuitDealGame.from_order(SD3, order("KH", "6C"), dealer)
        assert g.deal.steps[0] == ("lay", (dealer + 1) % 3, c("6C"))  # [I] dealer's left
        assert g.deal.order[0] == c("KH")


def test_the_card_turned_after_a_take_is_not_matched_and_the_turn_passes() -> None:
    # B takes 8♥ with 7♥, then turns 10♣ onto the table: it is just laid, though it
    # is a club higher than the 9♣ there; then C (B's left) turns 8♠
    g = SuitDealGame.from_order(SD3, order("7H", "9C", "8H", "TC", "8S"), dealer=C)
    assert g.deal.steps[1:4] == [("take", B, c("8H"), c("7H")), ("turn", B, c("TC")),
                                 ("lay", C, c("8S"))]
    assert table(g)[:3] == ["9C", "TC", "8S"]  # 10♣ was laid beside 9♣, not matched


def test_same_suit_and_higher_only() -> None:
    g = SuitDealGame.from_order(SD3, order("9H", "8H", "9S", "AC"), dealer=C)
    # 8♥ is lower than 9♥, 9♠ is no heart, A♣ no heart: all stay
    assert [s[0] for s in g.deal.steps[:3]] == ["lay", "lay", "lay"]
    assert table(g)[:4] == ["9H", "8H", "9S", "AC"]


def test_last_card_turned_after_a_take_goes_to_the_taker() -> None:
    # 35 cards turned one by one; make the 35th turned card a take whose next card
    # is the talon's last: the taker turns it and takes the whole table [I]
    rng = random.Random(3)
    for seed in range(2000):
        deck = list(range(36))
        rng.shuffle(deck)
        g = SuitDealGame.from_order(SD3, deck, seed % 3)
        while g.dealing:
            g.apply(g.legal_actions()[0])
        steps = g.deal.steps
        if steps[-2][0] == "take":
            assert steps[-1][1] == steps[-2][1] and steps[-1][0] == "last"
            assert g.deal.hands[steps[-1][1]] >> steps[-1][2] & 1
            return
    pytest.fail("no deal ended with a take in 2000 shuffles")


def test_play_is_section_2_with_no_talon_lowest_trump_first_every_card_known() -> None:
    for seed in range(30):
        g = SuitDealGame.new(SD3, seed)
        while g.dealing:
            g.apply(g.legal_actions()[0])
        p = g.play
        if p is None:
            continue
        assert isinstance(p, Game) and not p.talon and p.trump_card == g.deal.trump_card
        assert g.deal.trump_card is not None and p.trump == g.deal.trump_card // RANKS
        trumps = [h & SUIT_MASKS[p.trump] for h in p.hands]
        lowest = min(x for t in trumps for x in cards_of(t))
        assert p.first_attacker == next(s for s, t in enumerate(trumps) if t >> lowest & 1)
        for s in range(3):  # [I] every taken card was face up: known to all
            v = p.view(s)
            assert v.known == tuple(g.deal.hands) and v.talon_count == 0
            assert v.trump_card == g.deal.trump_card


def test_transfer_as_set() -> None:
    seen = {False: 0, True: 0}
    for transfer in (False, True):
        r = Rules(players=3, mode="suit_deal", transfer=transfer)
        for seed in range(40):
            g = SuitDealGame.new(r, seed)
            rng = random.Random(seed)
            while not g.is_over:
                acts = g.legal_actions()
                seen[transfer] += sum(isinstance(a, Transfer) for a in acts)
                g.apply(rng.choice(acts))
    assert seen[False] == 0 and seen[True] > 0


def test_a_seat_that_took_nothing_is_out_before_the_first_bout() -> None:
    # seed 1245, 3 players, always the first choice: one seat ends the dealing empty [I]
    g = SuitDealGame.new(SD3, 1245)
    while g.dealing:
        g.apply(g.legal_actions()[0])
    assert g.play is not None
    empty = [s for s, h in enumerate(g.deal.hands) if not h]
    assert len(empty) == 1
    v = g.view(empty[0])
    assert g.play.in_game[empty[0]] is False
    assert not isinstance(v, DealView) and v.in_game[empty[0]] is False
    assert empty[0] not in (g.play.attacker, g.play.defender)
    play_random_game(g, random.Random(1))
    assert g.result is not None and empty[0] not in g.result.durak


def test_one_hand_holding_every_card_is_the_durak_without_play() -> None:
    # seed 17783, 2 players, always the first choice: the dealing gives seat 0 nothing [I]
    g = SuitDealGame.new(Rules(players=2, mode="suit_deal"), 17783)
    while g.dealing:
        g.apply(g.legal_actions()[0])
    assert g.play is None and g.is_over and g.to_act is None
    holder = next(s for s, h in enumerate(g.deal.hands) if h)
    assert g.deal.hands[holder] == DECK_36
    assert g.result is not None and g.result.durak == (holder,)
    assert replay_text(text_record(g)).result == g.result
    assert replay_json(json.dumps(json_record(g))).result == g.result
    assert text_record(g).splitlines()[-1] == f"end durak={holder}"


def test_rules_allow_players_and_transfer_only() -> None:
    assert Rules.from_text("mode=suit_deal&players=6&transfer=on").players == 6
    with pytest.raises(RulesError, match="deck=32 cannot be played with mode=suit_deal"):
        Rules.from_text("mode=suit_deal&deck=32")
    with pytest.raises(RulesError, match="throw_in=off cannot be played with mode=suit_deal"):
        Rules.from_text("mode=suit_deal&throw_in=off")
    with pytest.raises(RulesError, match="played by its own engine: start it with durak"):
        Game.new(SD3, 1)
    with pytest.raises(RulesError, match="not mode=durak"):
        SuitDealGame.new(Rules(), 1)


# ---- every mix ---------------------------------------------------------------------

#: Random games, 300 per mix (seeds 0..299, the test's players), took at most 473
#: actions, dealing choices and play (6 players, transfer on, seed 221); the bound
#: leaves room.
BOUND = 2_000
MIXES = [(n, t) for n in range(2, 7) for t in (False, True)]
#: 3 games a mix (every 11th step's record replayed) reach the dealing's choices and
#: the play to its end at every table.
GAMES_PER_MIX = 3


@pytest.mark.parametrize(("players", "transfer"), MIXES)
def test_random_games_end_and_records_replay_to_the_same_views(players: int,
                                                               transfer: bool) -> None:
    r = Rules(players=players, mode="suit_deal", transfer=transfer)
    for seed in range(GAMES_PER_MIX):
        g = SuitDealGame.new(r, seed)
        rng = random.Random(seed)
        for step in range(BOUND):
            if g.is_over:
                break
            held = sum(h.bit_count() for h in (g.deal.hands if g.play is None
                                               else g.play.hands))
            if g.play is None:
                waiting = g.deal.turned is not None  # the turned card awaiting a choice
                assert held + len(g.deal.table) + g.deal.talon_count + waiting == 36
            else:
                assert sum(m.bit_count() for m in g.play.card_places().values()) == 36
            if step % 11 == 0:  # a record of the game so far replays to the same views
                again = replay_json(json.dumps(json_record(g, seed=seed)))
                assert [again.view(s) for s in range(players)] == \
                    [g.view(s) for s in range(players)]
            g.apply(rng.choice(g.legal_actions()))
        assert g.is_over, f"seed {seed}: no end within {BOUND} actions"
        for again in (replay_text(text_record(g, seed=seed)),
                      replay_json(json_record(g, seed=seed))):
            assert [again.view(s) for s in range(players)] == \
                [g.view(s) for s in range(players)]
        assert text_record(replay_text(text_record(g, seed=seed)), seed=seed) == \
            text_record(g, seed=seed)


# ---- refused actions -----------------------------------------------------------------


def chooser() -> SuitDealGame:
    return SuitDealGame.from_order(SD3, order("9C", "7C", "TC"), dealer=C)


def test_illegal_dealing_choices_are_refused_with_the_reason() -> None:
    g = chooser()
    with pytest.raises(IllegalActionError, match="8H is not on the table"):
        g.apply(TakeWith(c("8H")))
    g.deal.table.append(c("6H"))  # a heart on the table: not 10♣'s suit
    with pytest.raises(IllegalActionError, match="6H is not of TC's suit and lower"):
        g.apply(TakeWith(c("6H")))
    with pytest.raises(NotYourTurnError, match="seat 1's turn, not seat 0's"):
        chooser().apply(TakeWith(c("7C")), A)
    with pytest.raises(IllegalActionError, match="no dealing choice"):
        chooser().apply(TAKE)
    g = SuitDealGame.new(SD3, 5)
    while g.dealing:
        g.apply(g.legal_actions()[0])
    assert g.play is not None
    with pytest.raises(IllegalActionError, match="dealing is over"):
        g.apply(TakeWith(c("7C")))
    not_held = next(x for x in range(36) if not g.play.hands[g.play.to_act] >> x & 1)
    with pytest.raises(IllegalActionError):
        g.apply(attack(not_held))


def test_a_dealing_with_no_choice_refuses_a_choice() -> None:
    g = SuitDealGame.from_order(SD3, order("7H", "9C", "8H"), dealer=C)
    while g.dealing:
        g.apply(g.legal_actions()[0])
    assert g.is_over or g.play is not None
    with pytest.raises(IllegalActionError):
        g.apply(TakeWith(c("7H")))


# ---- refused records ---------------------------------------------------------------


def finished(seed: int = 2) -> tuple[SuitDealGame, dict[str, object], str]:
    g = SuitDealGame.new(SD3, seed)
    play_random_game(g, random.Random(seed))
    return g, json_record(g, seed=seed), text_record(g, seed=seed)


@pytest.mark.parametrize(("change", "why"), [
    (lambda r: r.update(format="durak-game/1"), "format"),
    (lambda r: r.update(rules="preset=podkidnoy"), "mode=suit_deal"),
    (lambda r: r.update(rules="mode=suit_deal&deck=32"), "deck=32"),
    (lambda r: r.update(order="7H,7H"), "order"),
    (lambda r: r.update(order=",".join(["6S"] * 36)), "appears twice"),
    (lambda r: r.update(choices=["0 =7H"] * 40), "choices"),
    (lambda r: r.update(choices=[7]), "choices"),
    (lambda r: r.update(dealer="0"), "dealer"),
    (lambda r: r.update(extra=1), "unknown keys"),
    (lambda r: r.update(result="end draw"), "result"),
    (lambda r: r.update(play=None), "result"),
])
def test_hostile_json_records_are_refused(change: object, why: str) -> None:
    _, rec, _ = finished()
    assert callable(change)
    change(rec)
    with pytest.raises(RecordError, match=why):
        replay_json(rec)


def test_a_play_part_that_does_not_start_where_the_dealing_ended_is_refused() -> None:
    _, rec, _ = finished()
    play = rec["play"]
    assert isinstance(play, dict)
    other = (play["first"] + 1) % 3
    play["first"] = other
    play["actions"] = []
    play["result"] = None
    with pytest.raises(RecordError, match="deal, dealer or first attacker"):
        replay_json(rec)


def test_an_ordinary_record_of_one_suit_deal_hand_is_refused_not_hung() -> None:
    g, _, _ = finished()
    assert g.play is not None
    play = ordinary_json(g.play)
    play["deal"]["hands"] = ["", "", ",".join(card_text(x) for x in range(36))]
    play["actions"], play["result"] = [], None
    with pytest.raises(RecordError, match="two hands holding cards"):
        ordinary_replay_json(play)


def _spoilt(how: str) -> str:
    lines = finished()[2].splitlines()
    if how == "head":
        return "\n".join(["DURAK " + lines[0].partition(" ")[2], *lines[1:]])
    if how == "turn":
        return "\n".join([*lines[:4], lines[4] + " +6S", *lines[5:]])
    if how == "cut":
        return "\n".join(lines[:10])
    if how == "seats":
        return "\n".join([lines[0], "seats 0:A 1:B dealer=0", *lines[2:]])
    return "\n".join(line.replace(" first=", " first=9") if line.startswith("seats")
                     and "first=" in line else line for line in lines)


@pytest.mark.parametrize(("how", "why"), [
    ("head", "must start with 'DURAK-SUIT-DEAL'"),
    ("turn", "turns more cards|not what the replay writes|line"),
    ("cut", "names .* cards"),
    ("seats", "line 2"),
    ("play", "first"),
])
def test_hostile_text_records_are_refused(how: str, why: str) -> None:
    with pytest.raises(RecordError, match=why):
        replay_text(_spoilt(how))


def test_a_text_record_must_be_text() -> None:
    with pytest.raises(RecordError, match="text record"):
        replay_text(17)


# ---- computers -----------------------------------------------------------------------


def test_computers_choose_the_highest_fitting_card_and_easy_any() -> None:
    g = chooser()
    v = g.view(B)
    assert isinstance(v, DealView) and v.legal_actions and not g.view(A).legal_actions
    assert choose(v, "normal", random.Random(0)) == TakeWith(c("9C"))
    assert choose(v, "strong", random.Random(0)) == TakeWith(c("9C"))
    picks = {choose(v, "easy", random.Random(s)) for s in range(20)}
    assert picks == set(v.legal_actions)
    with pytest.raises(ValueError, match="unknown level"):
        choose(v, "hard", random.Random(0))


def test_computers_play_a_whole_game() -> None:
    g = SuitDealGame.new(Rules(players=3, mode="suit_deal", transfer=True), 8)
    for step in range(BOUND):
        if g.is_over:
            break
        seat = g.to_act
        assert seat is not None
        level = "normal" if step < 4 else "easy"
        g.apply(decide(g.view(seat), level, step), seat)
    assert g.is_over and g.result is not None


def test_every_seat_sees_the_dealing_alike_but_its_own_choice() -> None:
    g = chooser()
    views = [g.view(s).to_dict() for s in range(3)]
    assert views[B]["legal_actions"] == ["=9C", "=7C"] and views[A]["legal_actions"] == []
    for v in views:
        v.pop("seat")
        v.pop("legal_actions")
    assert views[0] == views[1] == views[2]
    assert views[0]["turned"] == "TC" and views[0]["talon_count"] == 33
    assert views[0]["hands"][B] == ""


# ---- the command line ------------------------------------------------------------------


def test_cli_plays_replays_and_benches_suit_deal(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    assert main(["play", "--rules", "mode=suit_deal&players=4&transfer=on", "--games", "2",
                 "--json", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("DURAK-SUIT-DEAL ") == 2 and "durak tally: " in out
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    assert replayed.startswith("DURAK-SUIT-DEAL ") and "seed=1 game=2" in replayed
    text = tmp_path / "game.txt"
    text.write_text(replayed, encoding="utf-8")
    assert main(["replay", str(text)]) == 0
    again = capsys.readouterr().out.splitlines()  # (a text replay writes no seed nor
    assert [ln for ln in again if not ln.startswith("DURAK")] == \
        [ln for ln in replayed.splitlines() if not ln.startswith("DURAK")]  # game number)
    text.write_text(replayed.replace("table ", "table X", 1), encoding="utf-8")
    assert main(["replay", str(text)]) == 2
    assert main(["bench", "--mode", "suit_deal", "--seconds", "0.01"]) == 0
    out = capsys.readouterr().out
    assert "games/s of CPU time" in out and "players=3&mode=suit_deal" in out
    assert main(["bench", "--mode", "suit_deal", "--rules", "deck=32"]) == 2
    assert "deck=32 cannot be played with mode=suit_deal" in capsys.readouterr().err
