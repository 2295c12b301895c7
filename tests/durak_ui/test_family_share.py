"""Every game of the Durak family has a shared game link and keeps its series' finished
games over a reload, on CPython.

The link (``?game=durak#game=…``) carries the kind's JSON record (its ``format`` names
the game: :attr:`durak.ui_dom.kinds.GameKind.share`), and opening it replays the record
by that kind's reader (:mod:`durak.ui_dom.record.family_share`); a link is hostile input, so a
bad one is refused with the reader's words naming the field.  The pile games' and suit
deal's saves keep the series' last finished games (at most twenty), so the record
screen still lists them after a reload; a save of the earlier form loads with none, and
a damaged one is set aside with its notice, nothing lost."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

from cardkit.share_link import decode_link_text, encode_link
from cardkit.ui_dom.storage import MemoryStorage
from durak.cards import card_text
from durak.family.save import MAX_FINISHED, SavedGame, SaveError, decode, encode
from durak.family.series import Series, deal_pile
from durak.game import Game
from durak.pile.actions import parse_action
from durak.pile.game import PileGame
from durak.pile.options import MODES, PileRules
from durak.record import json_record
from durak.rules import Rules
from durak.suit_deal.game import SuitDealGame
from durak.suit_deal.ui_dom.controller import SuitDealController
from durak.suit_deal.ui_dom.table import NO_REVIEW
from durak.ui_dom import persist
from durak.ui_dom.kinds import KINDS, Hooks, save_on_table
from durak.ui_dom.play.pile_controller import PileController
from durak.ui_dom.record.family_share import SharedLinkError, read_link
from durak.ui_dom.review.review_view import game_link
from tests.durak_family.test_save import OLD_PILE, OLD_SUIT_DEAL
from tests.durak_ui import test_pile_controller as pile_page
from tests.durak_ui import test_suit_deal_page as suit_page
from tests.durak_ui.save_steps import load, resume
from tests.durak_ui.test_review_view import finished as finished_durak

SUIT2 = Rules(mode="suit_deal", players=2)


def link_text(record: dict[str, Any]) -> str:
    """What the page reads from a link carrying ``record`` (the fragment decoded)."""
    return decode_link_text("#" + encode_link(record))


def pile_series(mode: str, games: int, seed: int = 3, store: MemoryStorage | None = None
                ) -> PileController:
    """A pile series whose first ``games`` games are over (the last on the table)."""
    ctrl = pile_page.make(PileRules(mode=mode, players=2), seed, store)
    for k in range(games):
        if k:
            assert ctrl.next_game()
        pile_page.play_game(ctrl)
    return ctrl


def suit_series(games: int, seed: int = 5, store: MemoryStorage | None = None
                ) -> SuitDealController:
    ctrl = suit_page.make(SUIT2, seed, store)
    rng = random.Random(seed)
    for k in range(games):
        if k:
            assert ctrl.next_game()
        suit_page.play_by_engine(ctrl, rng)
    return ctrl


def _hooks() -> Hooks:
    async def pause() -> None:
        return None

    return Hooks(think=pile_page._think, pause=pause, on_change=lambda: None,
                 save=lambda _c: None)


# ---- the shared link ------------------------------------------------------------------


@pytest.mark.parametrize("mode", MODES)
def test_every_pile_games_link_opens_the_same_game_by_its_kind(mode: str) -> None:
    """The end's link carries the pile kind's record (its rules name the mode, its
    ``format`` the pile games), and opening it replays the very game, with its number."""
    ctrl = pile_series(mode, 1)
    game, number = ctrl.finished_games()[-1]
    record = ctrl.share(game, number)
    assert record["format"] == "durak-pile/1" and f"mode={mode}" in record["rules"]
    assert record["seed"] == ctrl.match_seed  # the review there uses the hint's seeds
    shared = read_link(link_text(record))
    assert shared.kind is KINDS["pile"] and isinstance(shared.game, PileGame)
    assert shared.game.state.history == ctrl.game.state.history
    assert shared.number == number


def test_a_suit_deals_link_carries_both_parts_and_opens_the_same_game() -> None:
    ctrl = suit_series(2)
    game, number = ctrl.finished_games()[-1]
    assert number == 2
    record = ctrl.share(game, number)
    assert record["format"] == "durak-suit-deal/1" and record["game"] == 2
    shared = read_link(link_text(record))
    assert shared.kind is KINDS["suit_deal"] and isinstance(shared.game, SuitDealGame)
    assert shared.game.deal.choices == game.deal.choices
    assert shared.game.result == game.result
    assert shared.number == 2


def test_todays_ordinary_game_links_still_open_as_the_ordinary_game() -> None:
    """A link made as the ordinary game's end has always made it (review_view.game_link,
    no seed) opens as before: the ordinary kind, its own reader."""
    game = finished_durak(11)
    link = game_link("https://example.org/site/?game=durak&seed=4", game)
    assert link.startswith("https://example.org/site/?game=durak#game=")
    shared = read_link(decode_link_text("#" + link.partition("#")[2]))
    assert shared.kind is KINDS["durak"] and isinstance(shared.game, Game)
    assert shared.game.actions() == game.actions()


def test_an_ordinary_games_link_carries_its_seed_and_replays_the_same_deal() -> None:
    """The ordinary game's link carries the match's seed and the game's number, as the
    other seven games' links do: dealing that seed again (``Match(rules, seed)``, the
    page's ``?seed=``) gives the very deal the link replays.  Two players, seed 9."""
    from durak.ui_dom.play.controller import Controller
    from lab.durak.match import Match
    from tests.durak_ui.test_account import _no_pause, _think, played

    ctrl = played(Controller(Rules(players=2), 9, "easy", Hooks(_think, _no_pause,
                                                                lambda: None)), 400)
    assert ctrl.over
    game, number = ctrl.finished_games()[-1]
    assert number == 1
    record = ctrl.share(game, number)
    assert record["seed"] == 9 and record["game"] == 1
    shared = read_link(link_text(record))
    assert shared.kind is KINDS["durak"] and shared.game.actions() == game.actions()
    again = Match(Rules.from_text(record["rules"]), seed=record["seed"]).game
    assert json_record(again)["deal"] == json_record(shared.game)["deal"]


def _pile_record() -> dict[str, Any]:
    ctrl = pile_series("heap", 1)
    return ctrl.share(ctrl.game, ctrl.number)


@pytest.mark.parametrize(("tamper", "field"), [
    (lambda r: {**r, "dealer": "1"}, "dealer"),          # a number as text: never coerced
    (lambda r: {**r, "dealer": True}, "dealer"),
    (lambda r: {**r, "moves": r["moves"][:-1]}, "result: the record says"),  # not its moves' end
    (lambda r: {**r, "moves": r["moves"][:-1], "result": "unfinished"}, "result"),
    (lambda r: {**r, "moves": [[0, "9S"]] + r["moves"]}, "moves\\[0\\]"),
    (lambda r: {**r, "names": "P1"}, "names"),
    (lambda r: {**r, "rules": "mode=heap&players=9"}, "rules"),
    (lambda r: {**r, "format": 1}, "format"),             # not a string naming a game
    (lambda r: {**r, "format": "durak-pile/2"}, "format"),
    (lambda r: {k: v for k, v in r.items() if k != "format"}, "format"),
    (lambda r: [r], "record"),
])
def test_a_tampered_pile_link_is_refused_naming_the_field(tamper: Any, field: str) -> None:
    with pytest.raises(SharedLinkError, match=f"^{field}"):
        read_link(link_text(tamper(_pile_record())))


def test_a_tampered_suit_deal_link_is_refused_naming_the_field() -> None:
    ctrl = suit_series(1)
    record = ctrl.share(ctrl.table_game(), 1)
    with pytest.raises(SharedLinkError, match=r"^choices"):
        read_link(link_text({**record, "choices": ["0 =XX"]}))
    with pytest.raises(SharedLinkError, match="order"):
        read_link(link_text({**record, "order": record["order"][3:]}))


@pytest.mark.parametrize("text", [
    "not json", "[" * 50 + "]" * 50, '{"format": "durak-pile/1", "a": ' + "[" * 40 + "]" * 40
    + "}", "null", '"durak-pile/1"', "1e999",
])
def test_a_link_that_is_no_record_or_nested_too_deep_is_refused(text: str) -> None:
    """Bounded in depth before any reader sees it (cardkit.bounded_json), typed, and a
    notice: never an error the page does not catch."""
    with pytest.raises(SharedLinkError):
        read_link(text)


def test_the_pile_and_suit_deal_ends_offer_the_link() -> None:
    """The suit deal's end no longer takes the ordinary end's review and link away: its
    review is the play part's (the ordinary review of an ordinary game)."""
    assert NO_REVIEW == ()
    assert KINDS["suit_deal"].review is not None
    assert all(kind.record_format and kind.read_shared for kind in KINDS.values())
    assert len({kind.record_format for kind in KINDS.values()}) == len(KINDS)


# ---- the series' finished games kept over a reload ---------------------------------------


def test_a_reloaded_pile_series_keeps_its_finished_games_for_the_record_screen() -> None:
    store = MemoryStorage()
    ctrl = pile_series("heap", 3, store=store)
    assert ctrl.next_game()  # game 4 on the table; 1-3 finished
    save_on_table(store, ctrl)
    saved, why = load(store)
    assert saved is not None and why == ""
    back = resume(saved, _hooks(), "easy")
    listed = back.finished_games()
    assert [n for _g, n in listed] == [1, 2, 3]
    assert [g.state.history for g, _n in listed] == \
        [g.state.history for g, _n in ctrl.finished]


def test_a_reloaded_suit_deal_series_keeps_its_finished_games() -> None:
    store = MemoryStorage()
    ctrl = suit_series(2, store=store)
    assert ctrl.next_game()
    save_on_table(store, ctrl)
    saved, why = load(store)
    assert saved is not None and why == ""
    back = resume(saved, _hooks(), "easy")
    listed = back.finished_games()
    assert [n for _g, n in listed] == [1, 2]
    assert [g.result for g, _n in listed] == [g.result for g, _n in ctrl.finished]


def test_a_save_keeps_only_the_last_twenty_finished_games() -> None:
    ctrl = pile_series("heap", 1)
    game = ctrl.game
    many = tuple((game, 1) for _ in range(25))
    text = encode(SavedGame(Series(ctrl.rules, ctrl.match_seed), many, game))
    assert len(json.loads(text)["finished"]) == MAX_FINISHED == 20
    too_many = json.loads(text)
    too_many["finished"] = too_many["finished"] * 2
    with pytest.raises(SaveError, match=r"^finished: 40 games"):
        decode(json.dumps(too_many))


def test_a_pile_save_of_the_earlier_form_still_loads_with_no_finished_games() -> None:
    store = MemoryStorage()
    ctrl = pile_series("heap", 2, store=store)
    data = json.loads(OLD_PILE)
    del data["finished"]  # as saves were written before the series' games were kept
    store.set("durak.pile", json.dumps(data))
    store.set("durak.table", "pile")  # where the earlier page noted its pile game
    ctrl.game = deal_pile(PileRules.from_text(data["rules"]), data["seed"], data["game"],
                     data["dealer"])
    for line in data["actions"]:
        seat, _, text = line.partition(" ")
        ctrl.game.apply(parse_action(text), int(seat))
    saved, why = load(store)
    assert why == "" and saved is not None and saved.finished == ()
    assert saved.game.state.history == ctrl.game.state.history


def test_a_suit_deal_save_of_the_earlier_form_still_loads() -> None:
    store = MemoryStorage()
    data = json.loads(OLD_SUIT_DEAL)
    del data["finished"]  # as saves were written before the series' games were kept
    store.set("durak.suit_deal", json.dumps(data))
    store.set("durak.table", "suit_deal")  # where the earlier page noted its game
    saved, why = load(store)
    assert why == "" and saved is not None and saved.finished == ()
    assert saved.series.number == data["game"] and saved.game.play is not None


@pytest.mark.parametrize(("damage", "field"), [
    (lambda f: ["{}"], "finished[0]"),
    (lambda f: [1], "finished[0]"),
    (lambda f: "x", "finished"),
    (lambda f: None, "finished"),
    (lambda f: [f[0], f[0]], "finished[0].dealer"),   # out of the series' order
    (lambda f: f[::-1], "finished[0].dealer"),
])
def test_a_damaged_pile_save_is_set_aside_with_its_notice(damage: Any, field: str) -> None:
    """Nothing is lost: the text is kept under the backup key the notice names, as a
    damaged save of any other field is."""
    store = MemoryStorage()
    ctrl = pile_series("heap", 3, store=store)
    assert ctrl.next_game()
    save_on_table(store, ctrl)
    data = json.loads(store.get(persist.SAVE_KEY) or "{}")
    data["finished"] = damage(data["finished"])
    bad = json.dumps(data)
    store.set(persist.SAVE_KEY, bad)
    saved, why = load(store)
    assert saved is None and why.startswith(field), why
    assert store.get(persist.BACKUP_KEY) == bad


def test_a_damaged_suit_deal_save_is_set_aside_with_its_notice() -> None:
    store = MemoryStorage()
    ctrl = suit_series(2, store=store)
    assert ctrl.next_game()
    data = json.loads(store.get(persist.SAVE_KEY) or "{}")
    data["finished"] = ['{"format": "durak-suit-deal/1"}']
    bad = json.dumps(data)
    store.set(persist.SAVE_KEY, bad)
    saved, why = load(store)
    assert saved is None and why.startswith("finished[0]"), why
    assert store.get(persist.BACKUP_KEY) == bad


def test_the_controllers_save_their_finished_games_as_they_play() -> None:
    """The page's own save (every move) carries the finished games: no extra step."""
    store = MemoryStorage()
    ctrl = pile_series("chinese", 2, store=store)
    assert ctrl.next_game()
    asyncio.run(ctrl.start())
    act, arg = pile_page.click_first(ctrl)
    asyncio.run(ctrl.handle(act, arg))
    data = json.loads(store.get(persist.SAVE_KEY) or "{}")
    assert data["game"] == 3 and len(data["finished"]) == 2


# ---- suit_deal's review: its dealing choices by the dealing hint ---------------------------


def test_the_dealing_review_judges_each_choice_with_the_hints_own_choice_and_figures() -> None:
    """Every human choice with more than one card to take is judged by deal_hint at that
    very position (docs/rules/durak.md §3.6: a turned card takes a lower card of its
    suit), so the end says what the hint would have said there; choices of one card or
    the computers' are not listed."""
    from durak.suit_deal.ai import deal_hint, deal_review
    from durak.suit_deal.deal_phase import parse_take
    from durak.suit_deal.view import DealView

    for seed in range(12):
        g = SuitDealGame.new(Rules(mode="suit_deal", players=3), seed=seed)
        rng = random.Random(seed)
        while g.dealing:
            g.apply(rng.choice(g.legal_actions()), g.to_act)
        judged = deal_review(g, 0)
        replay = SuitDealGame.from_order(g.rules, g.deal.order, g.deal.dealer)
        want = []
        for i, (s, target) in enumerate(g.deal.choices):
            view = replay.view(s)
            assert isinstance(view, DealView)
            if s == 0 and len(view.legal_actions) > 1:
                hint = deal_hint(view)
                want.append((i, hint["action"], hint["figure"]))
            replay.apply(parse_take(f"={card_text(target)}"), s)
        assert [(d["index"], d["best"], d["best_figure"]) for d in judged] == want
        assert all(0 <= int(str(d["played_figure"])) <= int(str(d["best_figure"]))
                   for d in judged)


def test_the_dealing_reviews_words_are_in_both_languages(lang: str) -> None:
    from durak.suit_deal.ui_dom import strings as strings_suit_deal
    from durak.ui_dom.i18n import t

    assert all(lang in strings_suit_deal.STRINGS[k] for k in
               ("sd.review.title", "sd.review.none", "sd.review.summary", "sd.review.other"))
    assert "2" in t("sd.review.summary", same=1, n=2)
