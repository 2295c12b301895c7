"""The Durak table's driver on CPython: clicks become legal actions, computers act,
a whole game ends, and the save rebuilds the match exactly."""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import Callable

import pytest

from cardkit.ui_dom.storage import MemoryStorage
from durak.actions import (
    DOUBLE,
    PASS,
    Action,
    Challenge,
    Cover,
    Double,
    FromTalon,
    SwapSix,
    Take,
    Transfer,
    TryTalon,
)
from durak.ai import decide_json
from durak.cards import card_text
from durak.rules import Rules
from durak.ui_dom import persist
from durak.ui_dom.play.clicks import card_uses
from durak.ui_dom.play.controller import HUMAN, Controller
from durak.ui_dom.play.family_controller import Hooks
from lab.durak.match import Match, of_match


async def _think(view_json: str, level: str, seed: int) -> str:
    return decide_json(view_json, level, seed)


async def _no_pause() -> None:
    return None


async def _no_hold(seconds: float) -> None:
    """A throw-in decision's fixed time, not waited out: the loop still asks for it
    (the searching levels' hold), the test does not sleep through it."""
    return None


def make(rules: Rules, seed: int, store: MemoryStorage | None = None) -> Controller:
    def save(ctrl: Controller) -> None:
        if store is not None:
            persist.save_game(store, ctrl.snapshot())

    return Controller(rules, seed, "easy", Hooks(_think, _no_pause, lambda: None, save))


def click_first(ctrl: Controller) -> tuple[str, str | None]:
    """The click a player who always takes the first offer makes (a cover target
    first, then the lowest playable card, then Pass/Take)."""
    targets = ctrl.cover_targets()
    if targets:
        return "cover", card_text(targets[0])
    legal = ctrl.legal()
    v = ctrl.acting_view()
    for c in sorted(range(36)):
        if v.hand >> c & 1 and card_uses(legal, c):
            return "card", card_text(c)
    if ctrl.plain_action("pass") is not None:
        return "pass", None
    return "take", None


def click_through(ctrl: Controller, clicks: int) -> None:
    """Start ``ctrl`` and make up to ``clicks`` first-offer clicks (fewer if the game ends)."""
    asyncio.run(ctrl.start())
    for _ in range(clicks):
        if ctrl.over:
            return
        act, arg = click_first(ctrl)
        asyncio.run(ctrl.handle(act, arg))


def play_game(ctrl: Controller, limit: int = 400) -> None:
    asyncio.run(ctrl.start())
    for _ in range(limit):
        if ctrl.over:
            return
        act, arg = click_first(ctrl)
        asyncio.run(ctrl.handle(act, arg))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("players", "preset"), [(2, "podkidnoy"), (3, "perevodnoy"),
                                                 (6, "podkidnoy")])
def test_a_whole_game_by_clicks_ends_with_a_result(players: int, preset: str) -> None:
    ctrl = make(Rules.preset(preset).replace(players=players), 11)
    play_game(ctrl)
    assert ctrl.view().result is not None


@pytest.mark.parametrize("seed", [0, 6, 12, 2])  # the human controls the dummy in 0, 6, 12
def test_the_human_plays_the_dummy_hand_when_it_is_theirs(seed: int) -> None:
    """dummy=playing (§3.4): when the human controls the dummy, its turns are the
    human's, decided from the dummy's view; the game ends either way."""
    ctrl = make(Rules(players=3, dummy="playing"), seed)
    asyncio.run(ctrl.start())
    g = ctrl.game
    dummy_turns = 0
    for _ in range(400):
        if ctrl.over:
            break
        seat = ctrl.deciding_seat()
        assert seat is not None and g.player_of(seat) == HUMAN
        dummy_turns += seat != HUMAN
        assert ctrl.legal() == tuple(g.legal_actions())
        act, arg = click_first(ctrl)
        asyncio.run(ctrl.handle(act, arg))
    assert ctrl.over
    assert (dummy_turns > 0) == (g.controller == HUMAN)


def test_a_card_with_two_cover_targets_is_selected_then_the_target_is_clicked() -> None:
    for seed in range(200):
        ctrl = make(Rules(), seed)
        asyncio.run(ctrl.start())
        for _ in range(60):
            if ctrl.over:
                break
            legal = ctrl.legal()
            v = ctrl.view()
            double = [c for c in range(36) if v.hand >> c & 1
                      and len([a for a in card_uses(legal, c) if isinstance(a, Cover)]) > 1]
            if double:
                asyncio.run(ctrl.handle("card", card_text(double[0])))
                assert ctrl.sel == 1 << double[0]
                targets = ctrl.cover_targets()
                assert len(targets) > 1
                before = len(ctrl.game.actions())
                asyncio.run(ctrl.handle("cover", card_text(targets[-1])))
                assert ctrl.game.actions()[before] == (HUMAN, Cover(double[0], targets[-1]))
                return
            act, arg = click_first(ctrl)
            asyncio.run(ctrl.handle(act, arg))
    pytest.fail("no seed gave a card with two cover targets")


def test_take_and_transfer_buttons_act_only_when_legal() -> None:
    ctrl = make(Rules.preset("perevodnoy"), 3)
    asyncio.run(ctrl.start())
    while not ctrl.over and not any(isinstance(a, Take) for a in ctrl.legal()):
        act, arg = click_first(ctrl)
        asyncio.run(ctrl.handle(act, arg))
    assert ctrl.plain_action("take") is not None
    assert ctrl.plain_action("pass") is None
    n = len(ctrl.game.actions())
    asyncio.run(ctrl.handle("pass"))  # not legal for a defender: nothing happens
    assert len(ctrl.game.actions()) == n
    transfers = [a for a in ctrl.legal() if isinstance(a, Transfer) and not a.shown]
    if transfers:
        ctrl.sel = transfers[0].cards
        assert ctrl.selection_action("transfer") == transfers[0]


def test_the_save_rebuilds_the_match_exactly_mid_game_and_after_games() -> None:
    store = MemoryStorage()
    ctrl = make(Rules(players=3), 21, store)
    play_game(ctrl)
    asyncio.run(ctrl.handle("next-game"))
    for _ in range(5):
        act, arg = click_first(ctrl)
        asyncio.run(ctrl.handle(act, arg))
    saved, why, _backup = persist.load_game(store, {})
    assert why == "" and saved is not None and saved.series.seed == 21
    assert saved.series.number == ctrl.number == 2
    assert saved.series.tally() == ctrl.series.tally()
    assert saved.game.view(HUMAN).to_dict() == ctrl.view().to_dict()
    assert saved.game.actions() == ctrl.game.actions()


@pytest.mark.parametrize("text", ["{not json", "[]", '{"version": 1, "seed": 3}',
                                  '{"version": 1, "seed": 3, "rules": "", "games": [["0 fly"]]}',
                                  "[" * 10_000])
def test_a_corrupt_save_is_set_aside_with_a_reason(text: str) -> None:
    store = MemoryStorage({persist.SAVE_KEY: text})
    saved, why, _backup = persist.load_game(store, {})
    assert saved is None and why
    assert store.get(persist.SAVE_KEY) is None
    assert store.get(persist.SAVE_KEY + ".corrupt") == text


def _first_human_turn_with(rules: Rules, has: Callable[[Controller], bool]) -> Controller:
    for seed in range(300):
        ctrl = make(rules, seed)
        asyncio.run(ctrl.start())
        for _ in range(200):
            if ctrl.over:
                break
            if has(ctrl):
                return ctrl
            act, arg = click_first(ctrl)
            asyncio.run(ctrl.handle(act, arg))
    pytest.fail("no seed reaches the wanted turn")


@pytest.mark.parametrize(("rules", "act", "kind"), [
    (Rules(six_swap=True), "swap-six", SwapSix),
    (Rules(armenian=True), "talon", FromTalon),
    (Rules.preset("championship"), "double", Double),
    (Rules(doubt=True), "challenge", Challenge),
])
def test_each_option_button_makes_its_move(rules: Rules, act: str, kind: type) -> None:
    """Swap 6, attack from the talon, Double and Doubt!: one button each, acting at once."""
    ctrl = _first_human_turn_with(rules, lambda c: c.plain_action(act) is not None)
    n = len(ctrl.game.actions())
    asyncio.run(ctrl.handle(act))
    seat, done = ctrl.game.actions()[n]
    assert seat == HUMAN and isinstance(done, kind)


@pytest.mark.parametrize(("answer", "stake"), [("accept", 2), ("fold", 1)])
def test_accept_or_fold_answers_a_double(answer: str, stake: int) -> None:
    """The buttons answer a double: a match where seat 1 opens with one (forced here;
    the next test has a computer choose to)."""
    rules = Rules.preset("championship")
    for seed in range(50):
        match = Match(rules, seed=seed)
        if match.game.to_act != HUMAN and DOUBLE in match.game.legal_actions():
            break
    match.game.apply(DOUBLE)
    ctrl = Controller.resume(of_match(match, seed), Hooks(_think, _no_pause, lambda: None), "easy")
    assert ctrl.plain_action("accept") is not None and ctrl.plain_action("fold") is not None
    asyncio.run(ctrl.handle(answer))
    g = ctrl.game
    assert g.actions()[-1][0] == HUMAN or answer == "accept"
    if answer == "fold":
        assert g.result is not None and g.result.folded and HUMAN in g.result.durak
    else:
        assert g.cube == stake and g.cube_owner == HUMAN


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_a_computer_doubles_and_the_human_gets_accept_and_fold(level: str) -> None:
    """§7 at the table: the computers of the searching levels double when their chance of
    winning reaches 0.70 (durak.ai.cube).  Match seed 1122 (``?preset=championship&seed=1122``;
    205 until §6.15 changed the playouts' throw-in windows): the computer attacks first;
    the human, defending, has the first chance to double and clicks Pass; the computer
    doubles at once — at every cut of its playouts by the page's time cap (8, 16, 24,
    32 and 96 playouts all estimate 0.75) — and the human's buttons are Accept and Fold."""
    ctrl = Controller(Rules.preset("championship"), 1122, level,
                      Hooks(_think, _no_pause, lambda: None))
    asyncio.run(ctrl.start())
    assert ctrl.plain_action("pass") is not None and ctrl.plain_action("double") is not None
    asyncio.run(ctrl.handle("pass"))
    seat, action = ctrl.game.actions()[-1]
    assert seat != HUMAN and action == DOUBLE
    assert ctrl.plain_action("accept") is not None and ctrl.plain_action("fold") is not None
    assert ctrl.plain_action("double") is None


def test_the_humans_double_is_answered_by_the_computer() -> None:
    ctrl = _first_human_turn_with(Rules.preset("championship"),
                                  lambda c: c.plain_action("double") is not None)
    n = len(ctrl.game.actions())
    asyncio.run(ctrl.handle("double"))
    answer = ctrl.game.actions()[n + 1]
    assert answer[0] != HUMAN and type(answer[1]).__name__ in ("Accept", "Fold")


def test_show_trump_transfers_by_showing_the_selected_trump() -> None:
    rules = Rules.preset("perevodnoy").replace(transfer_show=True, players=3)

    def shows(c: Controller) -> bool:
        return any(isinstance(a, Transfer) and a.shown for a in c.legal())

    ctrl = _first_human_turn_with(rules, shows)
    action = next(a for a in ctrl.legal() if isinstance(a, Transfer) and a.shown)
    ctrl.sel = action.cards
    n = len(ctrl.game.actions())
    asyncio.run(ctrl.handle("show"))
    assert ctrl.game.actions()[n] == (HUMAN, action)


def test_second_chance_tries_the_talon_on_the_clicked_attack_card() -> None:
    ctrl = _first_human_turn_with(Rules(second_chance=True), lambda c: bool(c.try_targets()))
    target = ctrl.try_targets()[0]
    n = len(ctrl.game.actions())
    asyncio.run(ctrl.handle("try", card_text(target)))
    assert ctrl.game.actions()[n] == (HUMAN, TryTalon(target))


def test_the_spoken_moves_never_name_a_poker_swaps_hidden_cards() -> None:
    from durak.actions import PokerSwap, cover
    from durak.cards import parse_card, parse_hand
    from durak.ui_dom import i18n
    from durak.ui_dom.table.announce import move_text

    i18n.set_language("en")
    try:
        assert move_text("CPU1", PokerSwap(parse_hand("7S,8S"))) == "CPU1 swapped two cards"
        said = move_text("CPU1", cover(parse_card("9C"), parse_card("7C")))
        assert said == "CPU1 covered 7 of clubs with 9 of clubs"
    finally:
        i18n.set_language("ja")


def test_sly_the_human_covers_their_own_attack_card_by_clicks() -> None:
    """sly (§3.2): after a take the attacker may cover their own card; the same
    card-then-target clicks (or one click) as a defender's cover."""

    def sly_turn(c: Controller) -> bool:
        v = c.acting_view()
        return v.defender != HUMAN and any(isinstance(a, Cover) for a in c.legal())

    ctrl = _first_human_turn_with(Rules(sly="sly"), sly_turn)
    cover_action = next(a for a in ctrl.legal() if isinstance(a, Cover))
    assert isinstance(cover_action, Cover)
    n = len(ctrl.game.actions())
    asyncio.run(ctrl.handle("card", card_text(cover_action.card)))
    if ctrl.sel:
        asyncio.run(ctrl.handle("cover", card_text(cover_action.target)))
    seat, done = ctrl.game.actions()[n]
    assert seat == HUMAN and isinstance(done, Cover) and done.card == cover_action.card


def test_a_card_that_may_also_go_in_a_pair_is_selected_and_the_pair_led() -> None:
    """attack_set=same_rank: 8C alone is one use, but 8S+8C is a set too, so a click
    selects it (were it played at once, no pair could ever be led by clicks)."""
    from durak.actions import Attack
    from durak.cards import parse_hand

    ctrl = make(Rules(attack_set="same_rank"), 5)
    asyncio.run(ctrl.start())
    pair = Attack(parse_hand("8S,8C"))
    assert pair in ctrl.legal()
    n = len(ctrl.game.actions())
    asyncio.run(ctrl.handle("card", "8C"))
    assert ctrl.sel and len(ctrl.game.actions()) == n
    asyncio.run(ctrl.handle("card", "8S"))
    asyncio.run(ctrl.handle("attack"))
    assert ctrl.game.actions()[n] == (HUMAN, pair)


def test_poker_swaps_a_card_that_could_cover_too() -> None:
    """poker (§3.4): a card with one cover is selected while a swap is possible, so
    any two cards may be swapped; the cover is then the selection's one target."""
    from durak.actions import PokerSwap

    ctrl = make(Rules(poker=True), 1)
    asyncio.run(ctrl.start())
    legal = ctrl.legal()
    coverer = next(a for a in legal if isinstance(a, Cover))
    assert isinstance(coverer, Cover)
    asyncio.run(ctrl.handle("card", card_text(coverer.card)))
    assert ctrl.cover_targets() == [coverer.target]
    other = next(a.cards & ~(1 << coverer.card) for a in legal
                 if isinstance(a, PokerSwap) and a.cards >> coverer.card & 1)
    n = len(ctrl.game.actions())
    asyncio.run(ctrl.handle("card", card_text(other.bit_length() - 1)))
    asyncio.run(ctrl.handle("poker"))
    assert ctrl.game.actions()[n] == (HUMAN, PokerSwap(1 << coverer.card | other))


def test_doubt_a_face_down_cover_is_said_without_its_card_and_a_challenge_with_it() -> None:
    """doubt (§3.5): a computer's face-down cover is said without the card; the
    human's challenge says the card it turned up and who takes."""
    from durak.ui_dom.table.announce import challenge_text, move_text

    ctrl = _first_human_turn_with(Rules(doubt=True),
                                  lambda c: c.plain_action("challenge") is not None)
    seat, down = ctrl.game.actions()[-1]
    assert seat != HUMAN and isinstance(down, Cover)
    from durak.ui_dom.table.card_words import card_name

    said = move_text("CPU1", down, face_down=True)
    assert said == f"CPU1: {card_name(down.target)}に伏せ札で返す"
    assert card_name(down.card) not in said
    asyncio.run(ctrl.handle("challenge"))
    g = ctrl.game
    i = next(i for i, (s, a) in enumerate(g.actions()) if isinstance(a, Challenge))
    text = challenge_text(ctrl.sight(), HUMAN, list(g.actions()[:i]))
    beat = bool(g.beat[down.target] >> down.card & 1)
    taker = "あなた" if beat else f"CPU{seat}"
    assert text == (f"あなた: ダウト。伏せ札は{card_name(down.card)}、"
                    f"{'返せていた' if beat else '返せていなかった'}ので{taker}が引き取る")


def _decide_here(view_json: str, level: str, seed: int) -> str | None:
    return decide_json(view_json, level, seed)


def test_moves_made_at_once_are_the_computers_loops_own_and_saved_once() -> None:
    """The first screen at instant animation is drawn once the computers have moved
    up to the human's first decision (``decide_at_once``): the same moves, with the
    same seeds, as the computers' loop makes, nothing drawn between them, and one
    save at their end holding all of them."""
    moved = 0
    for seed in range(1, 13):
        rules = Rules.preset("podkidnoy") if seed % 2 else Rules.preset("perevodnoy")
        looped = make(rules, seed)
        asyncio.run(looped.start())
        saved: list[int] = []
        drawn: list[str] = []

        def draw(drawn: list[str] = drawn) -> None:
            drawn.append("draw")

        def save(ctrl: Controller, saved: list[int] = saved) -> None:
            saved.append(len(ctrl.game.actions()))

        at_once = Controller(rules, seed, "easy", Hooks(_think, _no_pause, draw, save))
        at_once.decide_at_once(_decide_here, lambda: True)
        done = at_once.game.actions()
        assert done == looped.game.actions()
        assert drawn == []
        assert saved == ([len(done)] if done else [])
        assert at_once.human_to_act()
        moved += bool(done)
    assert moved >= 3  # some deals open with a computer's attack


def test_moves_made_at_once_stop_when_the_time_is_up_or_the_worker_decides() -> None:
    """``more()`` is asked before every move, and a ``None`` from ``decide`` (the
    worker is up: it decides) stops them; the computers' loop takes over from there."""
    rules = Rules.preset("podkidnoy")
    seed = next(s for s in range(1, 50) if make(rules, s).computer_to_act())
    ctrl = make(rules, seed)
    ctrl.decide_at_once(_decide_here, lambda: False)
    assert ctrl.game.actions() == []
    ctrl.decide_at_once(lambda _v, _l, _s: None, lambda: True)
    assert ctrl.game.actions() == []
    asyncio.run(ctrl.start())
    assert ctrl.human_to_act()


def test_6_14_a_draw_by_repetition_is_named_in_both_languages() -> None:
    """§6.14: the status line (also announced) says the draw came by repetition and
    names the players still holding cards, in Japanese and English."""
    from durak.game import Game, Phase
    from durak.ui_dom.i18n import set_language
    from durak.ui_dom.table.card_words import seat_name
    from durak.ui_dom.table.table import status_text

    g = Game.new(Rules(trump="none", after_take="no_skip"), 0)
    rng = random.Random(0)
    while g.phase is not Phase.OVER:
        g.apply(rng.choice(g.legal_actions()))
    assert g.result is not None and g.result.repetition
    ctrl = make(Rules(trump="none", after_take="no_skip"), 0)
    try:
        set_language("en")
        line = status_text(ctrl, g.view(HUMAN))
        assert "a draw" in line and "third time" in line and seat_name(1) in line
        set_language("ja")
        assert "3回目" in status_text(ctrl, g.view(HUMAN))
    finally:
        set_language("ja")


def test_6_15_a_human_with_nothing_to_add_is_passed_with_a_pause_like_a_computer() -> None:
    """§6.15: the engine offers every throw-in window to whoever holds a card; the page
    passes for its human when only Pass is legal, and every move of a computers' loop
    after its first, a computer's lone Pass too, follows the same pause."""
    log: list[tuple[str, int, bool]] = []

    async def pause() -> None:
        log.append(("pause", -1, False))

    ctrl = Controller(Rules(players=3), 4, "easy", Hooks(_think, pause, lambda: None))
    engine_apply = ctrl.apply

    def apply(action: Action) -> None:
        g = ctrl.game
        log.append(("move", g.to_act, g.legal_actions() == [PASS]))
        engine_apply(action)

    ctrl.apply = apply  # type: ignore[method-assign]
    rng = random.Random(4)
    for _ in range(400):
        asyncio.run(ctrl.run_computers())
        if ctrl.over:
            break
        assert not ctrl.auto_pass()  # the page never leaves its human a lone Pass
        log.append(("human", HUMAN, False))
        engine_apply(rng.choice(ctrl.game.legal_actions()))
    assert ctrl.over
    assert any(kind == "move" and seat == HUMAN and lone for kind, seat, lone in log)
    assert any(kind == "move" and seat != HUMAN and lone for kind, seat, lone in log)
    for before, (kind, _, _) in itertools.pairwise(log):
        if kind == "move":  # a move right after another move: a pause came between
            assert before[0] != "move"


def test_6_15_every_computer_throw_in_decision_takes_the_levels_whole_time() -> None:
    """§6.15 (the computers' pauses): at ``normal`` a lone Pass comes back at once
    while a choice is searched up to the cap, so every throw-in decision is held to
    the cap; a decision in another phase is not held."""
    from durak.ai.levels import NORMAL_TIME_LIMIT
    from durak.game import Phase
    from durak.ui_dom.play.controller import throw_in_time

    holds: list[tuple[bool, bool, float]] = []
    asked: list[tuple[bool, bool]] = []

    async def think(view_json: str, level: str, seed: int) -> str:
        g = ctrl.game
        asked.append((g.phase is Phase.THROW, g.legal_actions() == [PASS]))
        return await _think(view_json, "easy", seed)  # quick: the hold makes up the rest

    async def hold(seconds: float) -> None:
        holds.append((*asked[-1], seconds))

    ctrl = Controller(Rules(players=3), 4, "normal",
                      Hooks(think, _no_pause, lambda: None, hold=hold))
    rng = random.Random(4)
    for _ in range(400):
        asyncio.run(ctrl.run_computers())
        if ctrl.over:
            break
        ctrl.apply(rng.choice(ctrl.game.legal_actions()))
    assert throw_in_time("normal") == NORMAL_TIME_LIMIT
    throws = [lone for in_throw, lone in asked if in_throw]
    assert any(throws) and not all(throws)  # lone passes and real choices both met
    assert len(holds) == len(throws)  # every throw-in decision held, nothing else
    assert all(in_throw and 0 < s <= NORMAL_TIME_LIMIT for in_throw, _, s in holds)


def test_at_two_players_the_computer_is_sent_its_reading_of_the_human() -> None:
    """The page feeds the computer's reading (durak/ai/reader.py) with every
    action, the computer's view before it, and sends it with each decision; at 3+
    players nothing is read or sent."""
    import json

    from durak.ai.reader import reading_of

    sent: list[dict[str, object]] = []

    async def think(view_json: str, level: str, seed: int) -> str:
        sent.append(json.loads(view_json))
        return decide_json(view_json, "easy", seed)

    ctrl = Controller(Rules.preset("podkidnoy").replace(players=2), 5, "strong",
                      Hooks(think, _no_pause, lambda: None, hold=_no_hold))
    click_through(ctrl, 60)
    assert ctrl.readers is not None and set(ctrl.readers) == {1}
    assert ctrl.readers[1].read > 0  # the human's actions were read
    readings = [reading_of(d) for d in sent]
    assert readings and all("reading" in d for d in sent)
    assert len(set(readings)) > 1  # it moved as the human played

    sent.clear()
    three = Controller(Rules.preset("podkidnoy").replace(players=3), 5, "strong",
                       Hooks(think, _no_pause, lambda: None, hold=_no_hold))
    click_through(three, 10)
    assert three.readers == {} and sent and not any("reading" in d for d in sent)


def test_below_strong_the_page_reads_nothing() -> None:
    """The reading costs the page's main thread a few ms a move; only strong uses it, so the
    default level (normal) and easy read nothing."""
    ctrl = Controller(Rules.preset("podkidnoy").replace(players=2), 5, "normal",
                      Hooks(_think, _no_pause, lambda: None))
    click_through(ctrl, 10)
    assert ctrl.readers is None


def test_a_won_cube_match_deals_no_next_game_and_a_reload_keeps_its_end() -> None:
    """§7 ``match=cube15``: the game that brings a seat to 15 points ends the match; the
    table deals no next game, and a reload shows the same end with the same points."""
    store = MemoryStorage()
    ctrl = make(Rules.preset("championship"), 3, store)
    rng = random.Random(3)
    for _ in range(200):
        g = ctrl.game
        while not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
        if ctrl.series.won(g):
            break
        assert ctrl.next_game()
    points = ctrl.series.points_of(ctrl.game)
    assert max(points) >= 15 and ctrl.over
    assert not ctrl.next_game() and ctrl.game.is_over  # the last game stays on the table
    assert ctrl.sight().score_now()[1] == tuple(points)  # what the end's table shows
    persist.save_game(store, ctrl.snapshot())
    saved, why, _backup = persist.load_game(store, {})
    assert saved is not None and why == ""
    again = Controller.resume(saved, Hooks(_think, _no_pause, lambda: None), "easy")
    assert again.over and again.series.won(again.game) and not again.next_game()
    assert again.series.points_of(again.game) == points and again.number == ctrl.number
