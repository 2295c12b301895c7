"""The pile games at Durak's table, on CPython: clicks become legal moves,
the computers play through ``durak.ai.pile_levels.decide_json``, every mode's game
ends, the next game of the series is dealt by the durak, and the save replays."""

from __future__ import annotations

import asyncio
import json

import pytest

from cardkit.ui_dom.storage import MemoryStorage
from durak.ai.pile_levels import decide_json
from durak.cards import card_text, parse_card, parse_cards
from durak.family.options import kind_of
from durak.family.save import SavedGame, decode, encode
from durak.family.series import Series, deal_pile
from durak.pile.actions import FROM_TALON, Lay, Take
from durak.pile.game import PileGame
from durak.pile.options import MODES, PileRules
from durak.ui_dom import persist
from durak.ui_dom.kinds import Hooks, kind_of_ctrl, save_on_table
from durak.ui_dom.modes import PAGE_MODES
from durak.ui_dom.play.pile_controller import HUMAN, PileController, TalonTurn
from tests.durak_ui.save_steps import load, resume


async def _think(view_json: str, level: str, seed: int) -> str:
    return decide_json(view_json, level, seed)


async def _no_pause() -> None:
    return None


def make(rules: PileRules, seed: int, store: MemoryStorage | None = None) -> PileController:
    def save(ctrl: PileController) -> None:
        if store is not None:
            save_on_table(store, ctrl)

    return PileController(rules, seed, "easy", Hooks(_think, _no_pause, lambda: None, save))


def click_first(ctrl: PileController) -> tuple[str, str | None]:
    """polish's turn from the talon when it is the move, else the lowest legal card, else
    Take (what the e2e test's player does too)."""
    if FROM_TALON in ctrl.legal():
        return ("talon", None)
    lays = sorted(a.card for a in ctrl.legal() if isinstance(a, Lay))
    return ("card", card_text(lays[0])) if lays else ("take", None)


def play_game(ctrl: PileController, limit: int = 3000) -> None:
    asyncio.run(ctrl.start())
    for _ in range(limit):
        if ctrl.over:
            return
        assert ctrl.human_to_act(), "the computers stopped before the human's turn"
        act, arg = click_first(ctrl)
        asyncio.run(ctrl.handle(act, arg))
    raise AssertionError("the game did not end")


def test_the_page_plays_every_built_pile_mode() -> None:
    """Every mode of the pile engine is one entry of the page's mode table."""
    assert set(MODES) <= set(PAGE_MODES)
    assert all(kind_of(PileRules(mode=m)) == "pile" for m in MODES)


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_whole_game_by_clicks_ends_with_a_durak_or_a_draw(mode: str, players: int) -> None:
    """§3.6: the last holding cards is the durak (§6.14: or a draw by repetition)."""
    ctrl = make(PileRules(mode=mode, players=players), 5)
    play_game(ctrl)
    v = ctrl.view()
    assert v.over and (v.durak is not None or v.repetition)
    assert ctrl.markers()["phase"] == "over" and ctrl.markers()["mode"] == mode
    assert sum(ctrl.tally()) == (1 if v.durak is not None else 0)


def test_a_click_on_an_illegal_card_or_a_stranger_does_nothing() -> None:
    ctrl = make(PileRules(mode="chukhonsky"), 3)
    asyncio.run(ctrl.start())
    assert ctrl.human_to_act()
    before = len(ctrl.game.state.history)
    legal = {a.card for a in ctrl.legal() if isinstance(a, Lay)}
    held = [c for c in range(36) if ctrl.view().hand >> c & 1]
    illegal = [c for c in held if c not in legal]
    for act, arg in [("card", "ZZ"), ("card", None), ("card", "XS"), ("card", "6S6S"),
                     *(("card", card_text(c)) for c in illegal[:2])]:
        assert ctrl.act(act, arg) is False
    if not any(isinstance(a, Take) for a in ctrl.legal()):
        assert ctrl.act("take", None) is False
    assert ctrl.act("attack", None) is None  # not a control of the pile games
    assert len(ctrl.game.state.history) == before


def test_undo_before_the_humans_first_move_and_after_the_end_is_refused_with_its_reason() -> None:
    """Ctrl+Z (the page's ``undo``) where it means nothing: before the human has moved
    there is nothing of theirs to take back (``none``), and an undo never crosses a
    game's end (``over``); the game stays as it is and the note says why until the
    next click; each press is counted to be said once."""
    ctrl = make(PileRules(mode="kurukuru"), 3)
    asyncio.run(ctrl.start())
    before = list(ctrl.game.state.history)
    assert not any(seat == HUMAN for seat, _a in before)
    asyncio.run(ctrl.handle("undo"))
    assert ctrl.undo_note == "none" and ctrl.undo_tries == 1
    assert ctrl.game.state.history == before and ctrl.human_to_act()
    asyncio.run(ctrl.handle(*click_first(ctrl)))
    assert ctrl.undo_note == "" and len(ctrl.game.state.history) > len(before)
    play_game(ctrl)
    end = list(ctrl.game.state.history)
    asyncio.run(ctrl.handle("undo"))  # at the end too, as on every Durak page
    assert ctrl.undo_note == "over" and ctrl.undo_tries == 2 and ctrl.over
    assert ctrl.game.state.history == end


def test_the_next_game_is_dealt_by_the_durak_and_numbered() -> None:
    """§2.2: the durak deals the next game; chukhonsky's later games count from 2."""
    ctrl = make(PileRules(mode="chukhonsky", chuk_first="right"), 8)
    play_game(ctrl)
    durak = ctrl.game.durak
    assert ctrl.act("next-game", None) is True
    assert ctrl.number == 2 and ctrl.game.state.game == 2
    assert ctrl.series.results == ((() if durak is None else (durak,)),)
    if durak is not None:
        assert ctrl.game.state.dealer == durak
    assert not ctrl.over and ctrl.act("next-game", None) is False


def test_the_computers_see_only_their_own_view() -> None:
    ctrl = make(PileRules(mode="heap", players=3), 2)
    turn = None
    while turn is None:
        turn = ctrl.current_turn()
        if turn is None:
            act, arg = click_first(ctrl)
            ctrl.act(act, arg)
    data = json.loads(ctrl.seat_view_json(turn))
    assert data["seat"] == turn.seat
    assert data["hand"] == ctrl.game.view(turn.seat).to_dict()["hand"]
    human = ctrl.game.view(HUMAN).to_dict()["hand"]
    assert human not in json.dumps(data) or not human


@pytest.mark.parametrize("mode", MODES)
def test_a_saved_game_replays_to_the_same_table(mode: str) -> None:
    """A reload continues the game exactly: same seat to act, same hands, same series."""
    store = MemoryStorage()
    ctrl = make(PileRules(mode=mode, players=3), 21, store)
    asyncio.run(ctrl.start())
    for _ in range(6):
        if ctrl.over:
            break
        asyncio.run(ctrl.handle(*click_first(ctrl)))
    saved, why = load(store)
    assert why == "" and saved is not None and saved.series.seed == 21
    hooks = Hooks(think=_think, pause=_no_pause, on_change=lambda: None, save=lambda _c: None)
    again = resume(saved, hooks, "easy")
    assert isinstance(again, PileController) and kind_of_ctrl(again).name == "pile"
    for seat in range(3):
        assert again.game.view(seat) == ctrl.game.view(seat)
    assert again.number == ctrl.number


def test_a_later_game_of_a_series_replays_too() -> None:
    store = MemoryStorage()
    ctrl = make(PileRules(mode="kurukuru"), 4, store)
    play_game(ctrl)
    ctrl.act("next-game", None)
    saved = decode(store.get(persist.SAVE_KEY) or "")
    assert (saved.series.number, saved.series.dealer) == (2, ctrl.series.dealer)
    assert saved.series.results == ctrl.series.results
    assert saved.game.view(0) == ctrl.game.view(0)


@pytest.mark.parametrize(("change", "named"), [
    ({"version": 3}, "version"),
    ({"rules": "mode=kurukuru&d9=maybe"}, "rules"),
    ({"rules": "preset=podkidnoy"}, "rules"),
    ({"seed": "7"}, "seed"),
    ({"seed": True}, "seed"),
    ({"game": 2}, "results"),
    ({"dealer": 1}, "dealer"),
    ({"results": [0]}, "results"),
    ({"actions": ["0 ZZ"]}, "actions[0]"),
    ({"actions": ["9 !"]}, "actions[0]"),
    ({"actions": "0 !"}, "actions"),
])
def test_a_damaged_save_is_refused_naming_the_field(change: dict[str, object],
                                                    named: str) -> None:
    """Imported data is hostile: types checked, never coerced; the save is set aside."""
    good = json.loads(encode(SavedGame(Series(PileRules(), 7), (), deal_pile(PileRules(), 7))))
    store = MemoryStorage()
    store.set(persist.SAVE_KEY, json.dumps({**good, **change}))
    saved, why = load(store)
    assert saved is None and named in why, why
    assert store.get(persist.BACKUP_KEY) is not None


def polish_deal(draws: str, trump: str = "9S") -> PileGame:
    """A polish deal for 3, dealer seat 2 (the human, seat 0, turns first): ``trump`` face
    up, the talon drawing ``draws`` first."""
    tc = parse_card(trump)
    first = parse_cards(draws)
    rest = [x for x in range(36) if x != tc and x not in first]
    return PileGame.from_deal(PileRules(mode="polish"), 2, [0, 0, 0],
                              list(reversed(first + rest)), tc)


def test_polish_an_empty_hand_turns_the_talon_by_its_button_case_35() -> None:
    """§3.6 polish (§9 case 35): with no cards the only move is the talon's (``@``); the
    page's ``talon`` click makes it, and only while it is legal."""
    ctrl = PileController(PileRules(mode="polish"), 1, "easy",
                          Hooks(_think, _no_pause, lambda: None), game=polish_deal("7H,6C,KD,8D"))
    assert ctrl.legal() == (FROM_TALON,)
    assert ctrl.act("take", None) is False and ctrl.act("card", "7H") is False
    assert ctrl.act("talon", None) is True  # A turns 7♥ against B
    assert ctrl.act("talon", None) is False  # B's turn now
    ctrl.apply(FROM_TALON)  # B draws 6♣: it fails; takes 7♥ 6♣, turns K♦ against C
    ctrl.apply(FROM_TALON)  # C draws 8♦, lower than K♦ (trump ♠): takes both, turns
    assert ctrl.moves_seen().talon_turns == {
        0: TalonTurn(None, None, False, parse_card("7H")),
        1: TalonTurn(parse_card("7H"), parse_card("6C"), False, parse_card("KD")),
        2: TalonTurn(parse_card("KD"), parse_card("8D"), False, ctrl.game.state.pile[-1]),
    }


def test_polish_a_drawn_card_that_beats_is_laid_and_the_next_attacks_case_35() -> None:
    ctrl = PileController(PileRules(mode="polish"), 1, "easy",
                          Hooks(_think, _no_pause, lambda: None), game=polish_deal("7H,8H,QC"))
    ctrl.apply(FROM_TALON)
    ctrl.apply(FROM_TALON)  # B draws 8♥: beats 7♥, laid; Q♣ turned against C
    assert ctrl.moves_seen().talon_turns[1] == TalonTurn(parse_card("7H"), parse_card("8H"), True,
                                            parse_card("QC"))
    # the human, holding cards later, may not turn the talon
    assert ctrl.act("talon", None) is False


def test_polish_every_talon_turn_of_a_game_names_the_talon_cards_in_order() -> None:
    """The log's words for ``@`` come from :meth:`PileController.moves_seen`: over a
    whole game by clicks and computers, the cards they name drawn or turned are the
    talon's, in its order (only ``@`` draws in polish)."""
    ctrl = make(PileRules(mode="polish", players=3), 11)
    play_game(ctrl)
    st = ctrl.game.state
    turns = [i for i, (_s, a) in enumerate(st.history) if a == FROM_TALON]
    assert turns and sorted(ctrl.moves_seen().talon_turns) == turns
    named: list[int] = []
    for i in turns:
        turn = ctrl.moves_seen().talon_turns[i]
        named += [c for c in (turn.drawn, turn.attack) if c is not None]
    talon = list(reversed(st.dealt_talon))
    assert named == talon[:len(named)] and len(named) == len(talon) - len(st.talon)
    assert ctrl.act("next-game", None) is True and ctrl.moves_seen().talon_turns == {}


def test_the_log_says_each_undo_once_and_a_done_one_leaves_the_moves_kept_said() -> None:
    """Every kind's log says the last undo's note once (the shell's
    ``TurnLoop.undo_news``, read by ``announce.undo_lines``): drawn again, the table
    says nothing more of it; the next press is said again; a done undo takes the moves
    it kept as said, so only those it took back are said again when made again."""
    from durak.ui_dom.i18n import t
    from durak.ui_dom.table.announce import LOG, undo_lines

    ctrl = make(PileRules(mode="kurukuru"), 3)
    asyncio.run(ctrl.start())
    scope = ("pile", ctrl.match_seed, ctrl.number)
    assert undo_lines(ctrl, scope, 0) == []  # nothing asked for yet
    asyncio.run(ctrl.handle(*click_first(ctrl)))
    LOG.mark_said(scope, range(len(ctrl.moves())))  # the page said every move so far
    asyncio.run(ctrl.handle("undo"))
    kept = len(ctrl.moves())
    assert ctrl.undo_note == "done"
    assert undo_lines(ctrl, scope, kept) == [t("undo.done")]
    assert LOG.said == set(range(kept))  # the moves taken back are unsaid
    assert undo_lines(ctrl, scope, kept) == []  # a redraw says it no more
    asyncio.run(ctrl.handle("undo"))  # nothing of the human's left: refused, said again
    assert undo_lines(ctrl, scope, kept) == [t("undo.none")]
    assert undo_lines(ctrl, scope, kept) == []
