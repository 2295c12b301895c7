"""``mode=suit_deal`` at Durak's table, on CPython (docs/rules/durak.md §3.6,
§9 case 33): the address and the settings choose it, the dealing's forced steps are
shown one at a time with one pause each whoever turns, the human's only choice is a
click on a table card the turned card fits, the computers choose through the worker's
entry, the ordinary driver plays the rest, the series goes on with the durak dealing,
the save replays mid-dealing and mid-play, and a damaged save is set aside."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from cardkit.ui_dom.storage import MemoryStorage
from durak.actions import parse_action
from durak.cards import card_text, parse_cards
from durak.family.options import kind_of, row_shown, rules_from_options
from durak.family.save import SavedGame, SaveError, decode, encode
from durak.family.series import Series
from durak.rules import Rules
from durak.suit_deal.ai import decide_json
from durak.suit_deal.deal_phase import TakeWith, start
from durak.suit_deal.entry import deal as deal_suit_deal
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.suit_deal.ui_dom.table import (
    NO_REVIEW,
    ListPlace,
    fresh_lines,
    scroll_to,
    shown_steps,
    step_text,
)
from durak.suit_deal.view import DealView, DealViewError, deal_view, view_after
from durak.ui_dom import i18n, persist
from durak.ui_dom.kinds import Hooks, kind_of_saved, save_on_table
from durak.ui_dom.play.controller import HUMAN, Controller
from durak.ui_dom.settings.prefs import PREFS_KEY, load_prefs
from durak.ui_dom.table.table import undo_offered
from tests.durak_ui.save_steps import load, resume

SUIT3 = Rules(players=3, mode="suit_deal")


async def _no_pause() -> None:
    return None


async def _think(view_json: str, level: str, seed: int) -> str:
    return decide_json(view_json, level, seed)


class Pauses:
    """The animation's pause, counted with what the table showed when it came."""

    def __init__(self) -> None:
        self.at: list[int] = []
        self.ctrl: SuitDealController | None = None

    async def __call__(self) -> None:
        assert self.ctrl is not None
        self.at.append(self.ctrl.shown)


def make(rules: Rules = SUIT3, seed: int = 5, store: MemoryStorage | None = None,
         pause: Pauses | None = None, level: str = "easy") -> SuitDealController:
    def save(ctrl: SuitDealController) -> None:
        if store is not None:
            save_on_table(store, ctrl)

    ctrl = SuitDealController(rules, seed, level,
                              Hooks(_think, pause or _no_pause, lambda: None, save))
    if pause is not None:
        pause.ctrl = ctrl
    return ctrl


def play_by_engine(ctrl: SuitDealController, rng: random.Random, limit: int = 3000) -> None:
    """The human's moves: a dealing choice by its click, a play's by the ordinary
    driver's own apply of a random legal action (its clicks are the ordinary game's,
    tested in test_controller.py)."""
    asyncio.run(ctrl.start())
    for _ in range(limit):
        if ctrl.over:
            return
        assert ctrl.human_to_act(), ctrl.markers()
        if ctrl.table is None:
            target = rng.choice(ctrl.legal()).target
            assert asyncio.run(_click(ctrl, "take", card_text(target)))
        else:
            ctrl.table.apply(rng.choice(list(ctrl.table.legal())))
            asyncio.run(ctrl.run_computers())
    raise AssertionError("the game did not end")


async def _click(ctrl: SuitDealController, act: str, arg: str | None) -> bool:
    before = ctrl.markers()["actions"]
    await ctrl.handle(act, arg)
    return ctrl.markers()["actions"] != before


# ---- the address and the settings ----------------------------------------------------


def _nothing(_key: str) -> str | None:
    return None


def test_the_address_chooses_suit_deal_with_its_players_and_transfer() -> None:
    """§3.6: ``mode=suit_deal`` changes only ``players`` and ``transfer``."""
    prefs, notices = load_prefs("?game=durak&mode=suit_deal&players=4", _nothing)
    assert notices == [] and prefs.rules == Rules(players=4, mode="suit_deal")
    assert kind_of(prefs.rules) == "suit_deal"
    prefs, notices = load_prefs("?game=durak&mode=suit_deal&transfer=on", _nothing)
    assert notices == [] and prefs.rules == Rules(mode="suit_deal", transfer=True)


def test_the_saved_settings_keep_suit_deal() -> None:
    saved = {PREFS_KEY: json.dumps({"version": 1, "rules": SUIT3.to_text()})}
    prefs, notices = load_prefs("", saved.get)
    assert notices == [] and prefs.rules == SUIT3


def test_the_settings_show_only_the_players_and_transfer_for_suit_deal() -> None:
    form = {**Rules().options(), "mode": "suit_deal", "players": "5", "transfer": "on",
            "attack_set": "pairs"}  # a hidden row's value does not count
    assert row_shown(form, "players") and row_shown(form, "transfer")
    assert not row_shown(form, "attack_set") and not row_shown(form, "d9")
    assert rules_from_options(form) == Rules(players=5, mode="suit_deal", transfer=True)


# ---- the engine's view of the dealing as the page shows it ----------------------------


def test_view_after_is_the_dealing_as_it_stood_at_each_choice() -> None:
    """§9 case 33: at each choice the table, hands and talon replayed from the steps
    are the engine's own (the turned card, still off the talon, counted back)."""
    for seed in range(40):
        g = SuitDealGame.new(SUIT3, seed)
        rng = random.Random(seed)
        at_choices: list[DealView] = []
        while g.dealing:
            at_choices.append(deal_view(g.deal, 0))
            g.apply(rng.choice(g.legal_actions()))
        final = deal_view(g.deal, 0)
        for v in at_choices:
            back = view_after(final, len(v.steps))
            assert back.table == v.table and back.hands == v.hands
            assert back.talon_count == v.talon_count + 1 and back.legal_actions == ()
            assert back.to_act == v.to_act  # the chooser turns the next step too


def test_view_after_the_first_step_of_case_33() -> None:
    """§9 case 33: table 7♥; 8♥ turned takes 7♥ and the next card is turned onto the table."""
    order = parse_cards("7H,8H,9C,6S")
    st = start(Rules(players=2, mode="suit_deal"),
               order + [c for c in range(36) if c not in order], dealer=1)
    v = deal_view(st, 0)
    assert [card_text(c) for c in view_after(v, 0).table] == ["7H"]
    after_take = view_after(v, 1)
    assert after_take.table == () and after_take.hands[0] == sum(1 << c for c in order[:2])
    assert [card_text(c) for c in view_after(v, 2).table] == ["9C"]


def test_a_dealing_view_round_trips_and_hostile_data_is_refused() -> None:
    g = SuitDealGame.new(SUIT3, 3)
    while not g.legal_actions():
        g = SuitDealGame.new(SUIT3, g.deal.order[0] + 100)
    v = deal_view(g.deal, g.deal.to_act)
    data = v.to_dict()
    assert DealView.from_dict(json.loads(json.dumps(data))) == v
    for key, bad in (("phase", "attack"), ("seat", True), ("seat", 3), ("table", ["ZZ"]),
                     ("table", "7H"), ("turned", "6X"), ("hands", ["7H"]),
                     ("steps", [["fly", 0, "7H"]]), ("steps", [["take", 0, "7H"]]),
                     ("legal_actions", ["7H"]), ("rules", "mode=heap"),
                     ("steps", [["lay", 0, "7H"]] * 37)):
        with pytest.raises(DealViewError):
            DealView.from_dict({**data, key: bad})


def test_the_worker_entry_answers_the_dealing_and_the_play() -> None:
    """The computers' dealing choice is one of the legal ones (normal: the highest
    that fits); the play's view goes to the ordinary levels."""
    for seed in range(30):
        g = SuitDealGame.new(SUIT3, seed)
        if not g.legal_actions():
            continue
        v = g.view(g.deal.to_act)
        assert isinstance(v, DealView)
        text = json.dumps(v.to_dict(), separators=(",", ":"))
        for level in ("easy", "normal", "strong"):
            reply = json.loads(decide_json(text, level, seed))
            assert TakeWith(parse_cards(reply["action"][1:])[0]) in v.legal_actions
        normal = json.loads(decide_json(text, "normal", seed))["action"]
        assert normal == "=" + card_text(max(a.target for a in v.legal_actions))
        break
    while g.dealing:
        g.apply(g.legal_actions()[0])
    assert g.play is not None
    reply = json.loads(decide_json(g.play.view(g.play.to_act).to_json(), "normal", 1))
    assert parse_action(reply["action"]) in g.play.legal_actions()


# ---- the driver -------------------------------------------------------------------


def test_each_forced_step_is_shown_after_one_pause_whoever_turns() -> None:
    """No timing leak: every step of the dealing, the human's too, is shown as a move
    of its own after the same pause, one at a time."""
    pauses = Pauses()
    ctrl = make(pause=pauses, seed=11)
    asyncio.run(ctrl.start())
    steps = len(ctrl.game.deal.steps)
    assert ctrl.shown == steps
    # One pause before each step after the first (the loop pauses between moves).
    assert pauses.at[: steps - 1] == list(range(1, steps))


def test_the_human_chooses_by_clicking_a_table_card_the_turned_card_fits() -> None:
    """§9 case 33: a turned card fitting several table cards; the click on one of them
    takes it; a click on any other card or outside the dealing does nothing."""
    for seed in range(200):
        ctrl = make(seed=seed)
        asyncio.run(ctrl.start())
        if ctrl.human_to_act() and ctrl.table is None:
            break
    else:
        raise AssertionError("no seed gives the human a dealing choice")
    v = ctrl.deal_view()
    assert v.turned is not None and len(ctrl.legal()) >= 2
    others = [c for c in range(36) if TakeWith(c) not in ctrl.legal()]
    assert not asyncio.run(_click(ctrl, "take", card_text(others[0])))
    assert not asyncio.run(_click(ctrl, "take", "ZZ"))
    assert not asyncio.run(_click(ctrl, "take", None))
    target = ctrl.legal()[-1].target
    choices = len(ctrl.game.deal.choices)
    assert asyncio.run(_click(ctrl, "take", card_text(target)))
    assert ctrl.game.deal.choices[choices] == (HUMAN, target)


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_whole_games_end_and_the_ordinary_driver_plays_the_rest(players: int) -> None:
    rules = Rules(players=players, mode="suit_deal")
    for seed in range(3):
        ctrl = make(rules, seed)
        play_by_engine(ctrl, random.Random(seed))
        res = ctrl.game.result
        assert res is not None and ctrl.markers()["phase"] == "over"
        if ctrl.table is not None:
            assert ctrl.table.game is ctrl.table_game().play


def test_the_next_game_is_dealt_by_the_durak_and_the_tally_counts() -> None:
    ctrl = make(seed=2)
    play_by_engine(ctrl, random.Random(2))
    res = ctrl.game.result
    assert res is not None
    tally = ctrl.tally()
    assert asyncio.run(_click(ctrl, "next-game", None)) or ctrl.number == 2
    assert (ctrl.number == 2 and ctrl.table is None) or ctrl.game.deal.steps
    dealer = ctrl.game.deal.dealer
    if not res.draw:
        assert dealer == res.durak[0] and ctrl.series.tally() == tally
    assert ctrl.game.deal.order == deal_suit_deal(SUIT3, 2, 2, dealer).deal.order


def test_undo_in_the_play_replays_from_the_dealt_game() -> None:
    ctrl = make(seed=4)
    asyncio.run(ctrl.start())
    rng = random.Random(4)
    while ctrl.table is None:
        asyncio.run(ctrl.handle("take", card_text(rng.choice(ctrl.legal()).target)))
    table = ctrl.table
    assert table is not None
    assert table.human_to_act(), "the computers stopped before the human's turn"
    before = table.game.actions()
    table.apply(table.legal()[0])
    asyncio.run(ctrl.run_computers())
    if table.over:
        return
    asyncio.run(ctrl.handle("undo"))
    assert table.undo_note == "done" and table.game.actions() == before
    assert ctrl.table_game().play is table.game


def test_the_undo_button_is_left_out_at_the_end_as_on_every_durak_page() -> None:
    """An undo never crosses a game's end: the ordinary table suit_deal's play
    is drawn on offers Undo during the play and leaves it out at the result
    (:func:`durak.ui_dom.table.table.undo_offered`, the same on every Durak page); the review
    (the play part's) and the game's link are kept (seeds 0-3)."""
    assert not {"btn-review", "btn-share-game"} & set(NO_REVIEW)
    assert "btn-undo" not in NO_REVIEW
    for seed in range(4):
        ctrl = make(seed=seed)
        asyncio.run(ctrl.start())
        rng = random.Random(seed)
        while ctrl.table is None and not ctrl.over:
            asyncio.run(ctrl.handle("take", card_text(rng.choice(ctrl.legal()).target)))
        if ctrl.table is not None and not ctrl.over:
            assert undo_offered(ctrl.table.undo_refusal())
        play_by_engine(ctrl, rng)
        assert ctrl.over
        if ctrl.table is not None:
            assert ctrl.table.undo_refusal() == "over"
            assert not undo_offered(ctrl.table.undo_refusal())


def test_the_steps_list_shows_the_newest_step_in_the_dealing_and_stays_put_in_the_play(
) -> None:
    """The dealing's list is bounded and scrolls (35 steps at 3 players): while it grows
    each redraw scrolls it to its end (the newest step); in the play, where it no longer
    grows, a redraw leaves it where the reader scrolled it, at its top when new."""
    assert scroll_to("deal", None, 600.0) == 600.0
    assert scroll_to("deal", ListPlace(120.0, "deal", True), 640.0) == 640.0
    assert scroll_to("play", ListPlace(600.0, "deal", True), 640.0) == 0.0  # play begins
    assert scroll_to("play", ListPlace(120.0, "play", True), 640.0) == 120.0
    ctrl = make(seed=1)
    play_by_engine(ctrl, random.Random(1))
    assert len(ctrl.game.deal.steps) == 35  # every card but the first laid is one step


def test_the_ordinary_driver_of_a_dealt_play_undoes_from_its_start() -> None:
    """The play after a dealing is driven by the ordinary game's controller over the
    dealt game and the suit deal's series: its standing is the series', and an undo
    replays from the play as it was dealt (never a deal of its own)."""
    g = SuitDealGame.new(SUIT3, 8)
    while g.dealing:
        g.apply(g.legal_actions()[0])
    assert g.play is not None
    series = Series(SUIT3, 8, 3, 0, ((0,), (2,)))
    ctrl = Controller(SUIT3, 8, "easy", Hooks(_think, _no_pause, lambda: None), game=g.play,
                      series=series, dealt_as=g.dealt_play())
    assert ctrl.number == 3 and ctrl.standing().tally == (1, 0, 1) and ctrl.game is g.play
    assert ctrl.dealt().deal == g.play.deal and not ctrl.dealt().actions()


# ---- the words ---------------------------------------------------------------------


def test_the_dealings_steps_read_in_both_languages() -> None:
    """The log's and the record's words of a take (§9 case 33: 8♥ takes 7♥)."""
    step = ("take", 1, parse_cards("8H")[0], parse_cards("7H")[0])
    try:
        i18n.set_language("en")
        assert step_text(step) == "CPU1: turned the 8 of hearts and took it with the 7 of hearts"
        i18n.set_language("ja")
        assert step_text(step) == "CPU1: ハートの8をめくり、ハートの7と一緒に取る"
    finally:
        i18n.set_language("ja")


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_folded_list_writes_cards_as_symbols_and_the_log_keeps_their_words(lang: str) -> None:
    """One way of writing a card on the screen across the family (durak.ui_dom.table.move_words):
    the dealing's folded list writes ``8♥`` as the record and the recent moves do; the
    screen reader's log says 「ハートの8」 / "8 of hearts" (seed 1, 3 players, whole dealing)."""
    from durak.ui_dom.table.card_words import SUIT_WORDS

    ctrl = make(seed=1)
    play_by_engine(ctrl, random.Random(1))
    v = deal_view(ctrl.game.deal, HUMAN)
    try:
        i18n.set_language(lang)
        shown = "\n".join(shown_steps(v))
        ctrl.said = 0
        said = "\n".join(fresh_lines(ctrl, v))
    finally:
        i18n.set_language("ja")
    assert len(shown_steps(v)) == len(v.steps) + 1
    assert any(symbol in shown for symbol in "♠♥♦♣")
    words = [f"of {w}" if lang == "en" else f"{w}の" for w in SUIT_WORDS[lang]]
    assert not any(w in shown for w in words), shown[:300]
    assert any(w in said for w in words), said[:300]


# ---- the save ----------------------------------------------------------------------


def test_a_reload_mid_dealing_and_mid_play_continues_the_same_game() -> None:
    store = MemoryStorage()
    ctrl = make(seed=7, store=store)
    asyncio.run(ctrl.start())
    rng = random.Random(7)
    checked_deal = checked_play = False
    for _ in range(500):
        if ctrl.over or (checked_deal and checked_play):
            break
        save_on_table(store, ctrl)
        saved, why = load(store)
        assert saved is not None and kind_of_saved(saved).name == "suit_deal"
        assert why == "" and saved is not None
        again = resume(saved, _hooks(), "easy")
        assert isinstance(again, SuitDealController)
        assert again.game.deal.steps == ctrl.game.deal.steps
        assert again.markers()["to-act"] == ctrl.markers()["to-act"]
        if ctrl.table is None:
            checked_deal = True
            asyncio.run(ctrl.handle("take", card_text(rng.choice(ctrl.legal()).target)))
        else:
            assert again.table is not None
            assert again.table.game.actions() == ctrl.table.game.actions()
            checked_play = True
            ctrl.table.apply(rng.choice(list(ctrl.table.legal())))
            asyncio.run(ctrl.run_computers())
    assert checked_deal or checked_play


def _hooks() -> Hooks:
    async def no_pause() -> None:
        return None

    return Hooks(think=_think, pause=no_pause, on_change=lambda: None, save=lambda _c: None)


@pytest.mark.parametrize(("change", "field"), [
    ({"version": 3}, "version"),
    ({"seed": -1}, "seed"),
    ({"seed": True}, "seed"),
    ({"rules": "mode=heap"}, "rules"),
    ({"game": "1"}, "game"),
    ({"results": [[0]]}, "results"),
    ({"dealer": 1}, "dealer"),
    ({"actions": "{}"}, "actions"),
    ({"actions": ["0 =ZZ"]}, "actions[0]"),
    ({"mode": "heap"}, "rules"),
])
def test_a_damaged_save_is_set_aside_naming_the_field(change: dict[str, object],
                                                      field: str) -> None:
    store = MemoryStorage()
    ctrl = make(seed=9, store=store)
    asyncio.run(ctrl.start())
    save_on_table(store, ctrl)
    data = json.loads(str(store.get(persist.SAVE_KEY)))
    store.set(persist.SAVE_KEY, json.dumps({**data, **change}))
    saved, why = load(store)
    assert saved is None and field in why
    assert store.get(persist.BACKUP_KEY) is not None
    assert store.get(persist.SAVE_KEY) is None


def test_a_record_that_does_not_replay_is_refused() -> None:
    """The save's actions go through the checked replay: a choice the dealing has no
    place for is refused, not played."""
    ctrl = make(seed=9)
    data = json.loads(encode(SavedGame(Series(SUIT3, 9), (), ctrl.game)))
    data["actions"] = [*data["actions"], "0 =AS"] * 2
    with pytest.raises(SaveError, match="actions"):
        decode(json.dumps(data))
