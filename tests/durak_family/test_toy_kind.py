"""A game of a kind of its own (``tests/toy_kind``, "Climb": its own engine, neither a pile
game nor the ordinary game) registered by its entry alone gets the family's table with
no module of ``durak/`` naming it: its rules read from an address, the page's kind
(everything from the entry: :func:`durak.ui_dom.kinds.own_kind`), a whole game by
clicks on its legal moves against the computers, undo by dealing again and
replaying, the save and its reload, the next game dealt by the durak, the record in
words in both languages and its link, the statistics and the hint.  Unregistered,
its mode and kind are unknown again."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest

from cardkit.ui_dom.pass_play import SHOW_ACT
from cardkit.ui_dom.prefs_store import LEVELS as PAGE_LEVELS
from cardkit.ui_dom.storage import MemoryStorage
from durak.family import rules_from_text
from durak.family.registry import GAMES, registered
from durak.family.series import dealer_of, next_dealer
from durak.pile.options import PileRules, PileRulesError
from durak.rules import Rules
from durak.stats import Stats, count_game, result_facts, variant_of
from durak.ui_dom import i18n
from durak.ui_dom.kinds import KINDS, Hooks, kind_of_ctrl, save_on_table
from durak.ui_dom.play.family_table import FamilyTable
from durak.ui_dom.play.view_clicks import MOVE_ACT, move_text
from durak.ui_dom.record.family_share import read_link
from durak.ui_dom.record.family_words import write_moves
from durak.ui_dom.settings.prefs import query_rules
from tests.durak_ui.save_steps import load, resume
from tests.durak_ui.test_family_share import link_text
from tests.toy_kind import ENTRY, KIND, MODE


@pytest.fixture
def toy() -> Iterator[None]:
    with registered(ENTRY):
        i18n.add_registered_words()
        yield
    i18n.set_language("ja")
    for key in ("val.mode", "howto", "pile.take"):
        del i18n.catalog()[f"{key}.{MODE}"]


async def _think(view_json: str, level: str, seed: int) -> str:
    return ENTRY.computers.decide_json(view_json, level, seed)


async def _no_pause() -> None:
    return None


def make(seed: int, store: MemoryStorage | None = None, players: int = 3) -> FamilyTable:
    def save(ctrl: FamilyTable) -> None:
        if store is not None:
            save_on_table(store, ctrl)

    return FamilyTable(PileRules(mode=MODE, players=players), seed, "easy",
                       Hooks(_think, _no_pause, lambda: None, save))


def first_move(ctrl: FamilyTable) -> tuple[str, str]:
    """The click on the human's first legal move (a card or a take)."""
    return MOVE_ACT, move_text(ctrl.engine, ctrl.legal()[0])


def play_game(ctrl: FamilyTable, limit: int = 2000) -> None:
    asyncio.run(ctrl.start())
    for _ in range(limit):
        if ctrl.over:
            return
        assert ctrl.human_to_act(), "the computers stopped before the human's turn"
        asyncio.run(ctrl.handle(*first_move(ctrl)))
    raise AssertionError("the game did not end")


def test_unregistered_its_mode_and_kind_are_unknown() -> None:
    assert MODE not in GAMES and KIND not in KINDS
    with pytest.raises(PileRulesError):
        PileRules(mode=MODE, players=2)


def test_registered_its_rules_are_read_from_an_address_and_its_kind_is_the_pages_own(
        toy: None) -> None:
    rules = query_rules(f"?game=durak&mode={MODE}&players=3", Rules())
    assert rules == PileRules(mode=MODE, players=3) == rules_from_text(f"mode={MODE}&players=3")
    assert KIND in KINDS and list(KINDS)[-1] == KIND
    assert KINDS[KIND].controller is FamilyTable


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_by_clicks_against_the_computers_ends_and_is_counted(
        toy: None, players: int) -> None:
    ctrl = make(players + 10, players=players)
    play_game(ctrl)
    assert ctrl.over and kind_of_ctrl(ctrl).name == KIND
    facts, game_id = ctrl.finished_facts() or pytest.fail("no facts")
    assert facts == result_facts(ctrl.game, 0)
    stats = Stats()
    assert count_game(stats, ctrl.rules, facts, game_id)
    assert stats.tallies[(variant_of(ctrl.rules), players)].games == 1


def test_a_click_that_is_no_legal_move_does_nothing(toy: None) -> None:
    ctrl = make(4)
    asyncio.run(ctrl.start())
    before = ctrl.engine.history(ctrl.game)
    legal = [move_text(ctrl.engine, a) for a in ctrl.legal()]
    stranger = next(c for c in ("9S", "9H", "9D", "9C", "TS") if c not in legal)
    for arg in ("", "zz", "take" * 20, stranger):
        asyncio.run(ctrl.handle(MOVE_ACT, arg))
    assert ctrl.engine.history(ctrl.game) == before


def test_undo_takes_back_the_humans_move_to_exactly_the_table_before(toy: None) -> None:
    ctrl = make(5)
    asyncio.run(ctrl.start())
    assert ctrl.undo_refusal() == "none"
    before = ctrl.engine.history(ctrl.game)
    view = ctrl.view().to_dict()
    asyncio.run(ctrl.handle(*first_move(ctrl)))
    assert ctrl.engine.history(ctrl.game) != before
    asyncio.run(ctrl.handle("undo"))
    assert ctrl.undo_note == "done"
    assert ctrl.engine.history(ctrl.game) == before and ctrl.view().to_dict() == view


def test_the_save_reloads_the_same_table_and_the_durak_deals_the_next_game(toy: None) -> None:
    store = MemoryStorage()
    ctrl = make(6, store)
    play_game(ctrl)
    first = ctrl.game
    assert ctrl.next_game() and ctrl.number == 2
    # The durak deals the next game (after a draw, the dealer's left).
    assert dealer_of(ctrl.game) == next_dealer(first)
    if first.result.durak:
        assert dealer_of(ctrl.game) == first.result.durak[0]
    asyncio.run(ctrl.start())
    asyncio.run(ctrl.handle(*first_move(ctrl)))
    saved, why = load(store)
    assert saved is not None and why == "" and saved.mode == MODE
    again = resume(saved, Hooks(_think, _no_pause, lambda: None, lambda _c: None), "easy")
    assert isinstance(again, FamilyTable) and again.number == 2
    assert again.engine.history(again.game) == ctrl.engine.history(ctrl.game)
    assert again.view().to_dict() == ctrl.view().to_dict()
    assert [n for _g, n in again.finished] == [1]


def test_its_record_in_words_in_both_languages_and_its_link_replay(toy: None) -> None:
    ctrl = make(7)
    play_game(ctrl)
    words = {}
    for lang in ("en", "ja"):
        i18n.set_language(lang)
        written = write_moves(ctrl.game, None, 1, named=False)
        assert written.lines and written.lines[-1][0] == "end"
        assert written.notation == ENTRY.record.write_text(ctrl.game, None, None)
        words[lang] = str(written.lines)
    assert words["ja"] != words["en"]
    shared = read_link(link_text(ctrl.share(ctrl.game, 1)))
    assert shared.kind.name == KIND
    assert ctrl.engine.history(shared.game) == ctrl.engine.history(ctrl.game)


def test_the_hint_answers_one_of_the_seats_legal_moves(toy: None) -> None:
    ctrl = make(8)
    asyncio.run(ctrl.start())
    hint_json = ENTRY.computers.hint_json
    assert hint_json is not None
    answer = json.loads(hint_json(ctrl.view().to_json(), 5))
    assert answer["action"] in [move_text(ctrl.engine, a) for a in ctrl.legal()]


def test_pass_and_play_two_people_and_a_computer_the_view_is_always_the_holders(
        toy: None) -> None:
    """The family's pass-and-play: the table is the holder's view, another person to act
    is behind the privacy screen (nothing but its button acts there), nobody takes a
    move back, and the computer plays only the seat no person sits at."""
    asked: list[int] = []

    async def think(view_json: str, level: str, seed: int) -> str:
        asked.append(int(json.loads(view_json)["seat"]))
        return await _think(view_json, level, seed)

    ctrl = FamilyTable(PileRules(mode=MODE, players=3), 21, "easy",
                       Hooks(think, _no_pause, lambda: None))
    ctrl.seat_people((0, 2), {2: "Aki"})
    asyncio.run(ctrl.start())
    screens = 0
    for _ in range(2000):
        if ctrl.over:
            break
        acting = ctrl.game.to_act
        assert acting in (0, 2) and ctrl.view().seat == ctrl.handover.holder
        if ctrl.handover_due():
            screens += 1
            before = ctrl.engine.history(ctrl.game)
            for act, arg in ((MOVE_ACT, "take"), ("undo", None)):
                asyncio.run(ctrl.handle(act, arg))
            assert ctrl.engine.history(ctrl.game) == before and not ctrl.legal()
            asyncio.run(ctrl.handle(SHOW_ACT))
        assert ctrl.handover.holder == acting and ctrl.undo_refusal() == "people"
        asyncio.run(ctrl.handle(*first_move(ctrl)))
    assert ctrl.over and screens > 3
    assert asked and set(asked) == {1}


def test_its_computers_answer_at_every_level_the_page_offers(toy: None) -> None:
    """The page's level setting is the family's (easy, normal, strong): a game of a
    kind of its own is played at any of them."""
    ctrl = make(9)
    g = ctrl.game
    view = g.view(g.to_act).to_json()
    legal = [move_text(ctrl.engine, a) for a in g.legal_actions()]
    for level in PAGE_LEVELS:
        assert json.loads(ENTRY.computers.decide_json(view, level, 1))["action"] in legal


class Answering:
    """A worker that answers every call with ``answer`` (what nobody vouches for)."""

    def __init__(self, answer: str) -> None:
        self.answer = answer

    async def call(self, _export: str, *_args: object) -> str:
        return self.answer


@pytest.mark.parametrize("answer", [
    '{"action": "x", "ranked": [1, 2, [3]], "figure": "a"}', '{"ranked": {"a": 1}}',
    '{"action": "take", "ranked": [["take", 2.5]], "figure": -1}', "[]", '{"error": "no"}'])
def test_its_review_reads_the_workers_answer_as_untrusted(toy: None, answer: str) -> None:
    """A review step from an answer that is no hint's: no move but the engine's is named,
    no chance outside 0..1 is shown, a refusal is the step's error; nothing raises."""
    from durak.ui_dom.review.decision_steps import figure
    from durak.ui_dom.review.own_review_view import OwnReview

    ctrl = make(7)
    play_game(ctrl)
    record = json.dumps(ctrl.share(ctrl.game, 1))
    review = OwnReview(Answering(answer))  # type: ignore[arg-type]
    review.load(record)
    step = json.loads(asyncio.run(review.step(record, 0, review.plan_here[0])))
    if "error" in step:
        return
    assert review.move(step["best"]) in ("?", review.move("take"))
    assert figure(step, "best_figure") is None and figure(step, "played_figure") is None


def test_a_guests_end_says_how_the_game_ended_from_its_view_before_the_hosts_record(
        toy: None) -> None:
    """A guest's table holds no game: its end's words are read from its seat's view (the
    durak, else a draw) as soon as that view comes, the same words as the host's end,
    not "waiting for" a seat before the host's record arrives."""
    from durak.ui_dom.friends.own_guest import OwnGuest
    from durak.ui_dom.table.own_words import end_words
    from durak.ui_dom.table.view_table import status_text

    ctrl = make(7)
    play_game(ctrl)
    view = ctrl.game.view(1)
    guest = OwnGuest(view, 1, lambda _text: None, Hooks(_think, _no_pause, lambda: None))
    assert guest.over and guest.finished_game() is None
    assert status_text(guest, view) == status_text(ctrl, ctrl.game.view(0))
    end = ctrl.game.view(0)
    assert status_text(guest, view) == end_words(end.durak, end.counts)


def test_an_end_in_words_is_the_durak_or_a_draw_named_by_who_still_holds_cards(
        toy: None) -> None:
    from durak.ui_dom.table.card_words import seat_name
    from durak.ui_dom.table.own_words import end_words

    i18n.set_language("en")
    assert end_words(1, [0, 3, 0]) == i18n.t("pile.status.over", name=seat_name(1))
    names = f"{seat_name(0)}{i18n.t('list.sep')}{seat_name(2)}"
    assert end_words(None, [2, 0, 5]) == i18n.t("pile.status.draw", names=names)
    assert end_words(None, [0, 0, 0]) == i18n.t("pile.status.draw_out")
