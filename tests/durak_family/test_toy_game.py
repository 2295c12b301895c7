"""A ninth game of the family registered by its entry alone (``tests/toy_durak``,
"six-card kurukuru", at most 120 lines) gets every table feature the post's games
have, with no module of ``durak/`` naming it: rules read from an address, the engine,
the record (text, JSON, in words in ja and en), the computers, the hint and the
review, undo, the save and its reload, the shared link, the rules dialog naming it
and listing it, the settings choosing it by its name (and a registered game's own
options as rows) and the statistics counting it.  Unregistered, its mode is refused
like any typo and offered nowhere."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from cardkit.rule_sections import Item
from cardkit.ui_dom.storage import MemoryStorage
from durak.ai.pile_hint import hint_json
from durak.ai.pile_review import review_plan_json, review_step_json
from durak.family import find_game, new_game, rules_from_text
from durak.family.options import kind_of, make_rules, row_shown
from durak.family.registry import GAMES, GameOption, UnknownGameError, register, registered
from durak.pile.game import PileGame
from durak.pile.options import PileRules, PileRulesError
from durak.pile.record import json_record, to_json
from durak.rules import Rules, RulesError, option
from durak.stats import Stats, count_game, pile_facts, variant_of
from durak.ui_dom import i18n
from durak.ui_dom.kinds import Hooks, kind_of_ctrl
from durak.ui_dom.play.pile_controller import HUMAN, PileController
from durak.ui_dom.record.family_share import read_link
from durak.ui_dom.record.family_words import write_pile
from durak.ui_dom.rules.rules_book import rule_book, title
from durak.ui_dom.settings.prefs import query_rules
from durak.ui_dom.settings.settings_model import option_rows, rules_from_form
from durak.ui_dom.stats.stats_view import variant_label
from tests.durak_ui import save_steps
from tests.durak_ui import test_pile_controller as pile_page
from tests.durak_ui.test_family_share import link_text
from tests.toy_durak import ENTRY, MODE

TOY = Path(__file__).resolve().parent.parent / "toy_durak" / "__init__.py"
RULES = f"mode={MODE}&players=2"


@pytest.fixture
def toy() -> Iterator[None]:
    with registered(ENTRY):
        i18n.add_registered_words()
        yield
    i18n.set_language("ja")
    for key in ("val.mode", "howto", "pile.take"):
        del i18n.catalog()[f"{key}.{MODE}"]


def test_the_toy_game_with_its_registry_entry_is_at_most_120_lines() -> None:
    assert len(TOY.read_text(encoding="utf-8").splitlines()) <= 120


def test_unregistered_the_toy_mode_is_refused_as_any_unknown_game() -> None:
    assert MODE not in GAMES
    with pytest.raises(UnknownGameError):
        find_game(MODE)
    with pytest.raises(PileRulesError):
        PileRules(mode=MODE, players=2)
    with pytest.raises(RulesError):
        rules_from_text(RULES)
    assert query_rules(f"?game=durak&{RULES}", Rules()) is None


def test_registered_its_mode_is_read_from_an_address_and_the_settings(toy: None) -> None:
    rules = query_rules(f"?game=durak&{RULES}", Rules())
    assert rules == PileRules(mode=MODE, players=2) == rules_from_text(RULES)
    assert make_rules(Rules(), None, {"mode": MODE}) == PileRules(mode=MODE)
    assert kind_of(rules) == "pile" and list(GAMES)[-1] == MODE


def test_its_game_deals_six_each_and_lays_the_rest_out_of_play(toy: None) -> None:
    g = new_game(RULES, 4)
    assert isinstance(g, PileGame)
    assert [h.bit_count() for h in g.state.hands] == [6, 6]
    assert g.view(0).discarded == 24 and g.view(0).talon == 0


def finished(seed: int = 3, store: MemoryStorage | None = None) -> PileController:
    ctrl = pile_page.make(PileRules(mode=MODE, players=2), seed, store)
    pile_page.play_game(ctrl)
    return ctrl


def test_clicks_play_it_to_its_end_and_the_statistics_count_it(toy: None) -> None:
    ctrl = finished()
    assert ctrl.over and kind_of_ctrl(ctrl).name == "pile"
    facts, game_id = ctrl.finished_facts() or pytest.fail("no facts")
    assert facts == pile_facts(ctrl.game, HUMAN)
    stats = Stats()
    assert count_game(stats, ctrl.rules, facts, game_id)
    assert stats.tallies[(variant_of(ctrl.rules), 2)].games == 1
    i18n.set_language("en")
    assert variant_label(variant_of(ctrl.rules), 2).startswith("Six-card kurukuru")


def test_its_record_in_words_in_both_languages_and_its_link_replay(toy: None) -> None:
    ctrl = finished()
    words = {}
    for lang in ("en", "ja"):
        i18n.set_language(lang)
        written = write_pile(ctrl.game, None, 1, named=False)
        assert written.lines and f"mode={MODE}" in written.notation
        words[lang] = str(written.lines)
    assert words["ja"] != words["en"]
    shared = read_link(link_text(ctrl.share(ctrl.game, 1)))
    assert shared.game.state.history == ctrl.game.state.history


def test_the_hint_and_the_review_answer_for_it(toy: None) -> None:
    ctrl = finished()
    asked = pile_page.make(PileRules(mode=MODE, players=2), 3)
    asyncio.run(asked.start())
    hint = json.loads(hint_json(json.dumps(asked.game.view(HUMAN).to_dict()), 5))
    assert "error" not in hint and hint["action"]
    record = to_json(json_record(ctrl.game, None, 3))
    plan = json.loads(review_plan_json(record, HUMAN))["decisions"]
    assert plan and "error" not in json.loads(review_step_json(record, 0, 5))


def test_undo_and_the_save_reload_the_same_table(toy: None) -> None:
    store = MemoryStorage()
    ctrl = pile_page.make(PileRules(mode=MODE, players=2), 5, store)
    asyncio.run(ctrl.start())
    before = ctrl.game.state.history[:]
    asyncio.run(ctrl.handle(*pile_page.click_first(ctrl)))
    asyncio.run(ctrl.handle("undo"))
    assert ctrl.undo_note == "done" and ctrl.game.state.history == before
    asyncio.run(ctrl.handle(*pile_page.click_first(ctrl)))
    saved, why = save_steps.load(store)
    assert saved is not None and why == "" and saved.mode == MODE
    again = save_steps.resume(saved, Hooks(ctrl.think, ctrl.pause, lambda: None,
                                           lambda _c: None), "easy")
    assert isinstance(again, PileController)
    assert again.game.state.history == ctrl.game.state.history


def test_its_rules_page_is_its_own_by_its_entry_in_both_languages(toy: None) -> None:
    """Titled by its name, its how-to its entry's, what every pile game shares, its
    settings; no paragraph of the ordinary game's book (it plays none of §2)."""
    for lang, name in (("ja", "六枚くるくる"), ("en", "Six-card kurukuru")):
        rules = PileRules(mode=MODE, players=2)
        book = rule_book(rules, lang)
        assert name in title(lang, rules) and title(lang, rules) != title(lang, Rules())
        assert [s.key for s in book] == ["howto", "pile", "settings"]
        assert book[0].sentences() == (ENTRY.how_to[lang == "en"],)
        # The ordinary book's own paragraphs (its list of the family's games names this
        # one by its own how-to).
        ordinary = {x for s in rule_book(Rules(), lang) if s.key != "modes"
                    for x in s.sentences()}
        assert not {x for s in book for x in s.sentences()} & ordinary
        assert not [link for s in book for link in s.links]


def mode_choices() -> dict[str, tuple[str, bool]]:
    row = next(r for r in option_rows() if r.key == "mode")
    return {c.value: (c.label, c.enabled) for c in row.choices}


def test_the_settings_offer_it_by_its_name_only_while_it_is_registered() -> None:
    assert MODE not in mode_choices()
    with registered(ENTRY):
        i18n.add_registered_words()
        try:
            for lang, name in (("ja", "六枚くるくる"), ("en", "Six-card kurukuru")):
                i18n.set_language(lang)
                assert mode_choices()[MODE] == (name, True)
            # Chosen in the form, its rules are the toy's, at the players chosen.
            form = {**PileRules(mode=MODE).options(), "players": "2"}
            assert rules_from_form(form) == PileRules(mode=MODE, players=2)
        finally:
            i18n.set_language("ja")
            for key in ("val.mode", "howto", "pile.take"):
                del i18n.catalog()[f"{key}.{MODE}"]
    assert MODE not in mode_choices()


def test_the_rules_dialog_lists_it_among_the_family_only_while_it_is_registered() -> None:
    def listed() -> list[str]:
        modes = next(s for s in rule_book(Rules(), "en") if s.key == "modes")
        return [i.anchor for i in modes.items if isinstance(i, Item)]

    assert f"mode-{MODE}" not in listed()
    with registered(ENTRY):
        assert listed()[-1] == f"mode-{MODE}"
        modes = next(s for s in rule_book(Rules(), "en") if s.key == "modes")
        toy = modes.items[-1]
        assert isinstance(toy, Item) and not toy.in_force and toy.text == ENTRY.how_to[1]
    assert f"mode-{MODE}" not in listed()


#: A registered game with an option of its own (the toy with one more entry field).
SPEC = option("toy_reverse", ("off", "on"), "bool", "play to the right", "§3.6")
WITH_OPTION = replace(ENTRY, options=(GameOption(SPEC, "右回り", "Play to the right"),))


def test_a_registered_game_s_own_options_are_rows_shown_while_it_is_chosen() -> None:
    assert SPEC.key not in [r.key for r in option_rows()]
    with registered(WITH_OPTION):
        i18n.add_registered_words()
        try:
            i18n.set_language("en")
            row = next(r for r in option_rows() if r.key == SPEC.key)
            assert row.label == "Play to the right" and row.help == "§3.6"
            assert [c.value for c in row.choices] == ["off", "on"]
            assert row_shown({"mode": MODE}, SPEC.key)
            assert not row_shown({"mode": "heap"}, SPEC.key)
            assert not row_shown({"mode": MODE}, "heap_take")
            # At its default it is the game its record plays; another value is refused
            # with a reason (its record holds the post's options only).
            form = {**PileRules(mode=MODE).options(), SPEC.key: "off"}
            assert rules_from_form(form) == PileRules(mode=MODE)
            refused = rules_from_form({**form, SPEC.key: "on"})
            assert isinstance(refused, str) and SPEC.key in refused
            settings = rule_book(PileRules(mode=MODE), "en")[-1]
            toy = settings.items[-1]
            assert isinstance(toy, Item) and toy.anchor == "opt-toy_reverse"
            assert toy.text == "Play to the right" and toy.detail == "Now: Off"
        finally:
            i18n.set_language("ja")
            for key in ("val.mode", "howto", "pile.take"):
                del i18n.catalog()[f"{key}.{MODE}"]
            for key in ("opt", "help"):
                del i18n.catalog()[f"{key}.{SPEC.key}"]
    assert SPEC.key not in [r.key for r in option_rows()]


def test_a_game_is_not_registered_with_an_option_key_another_game_has() -> None:
    taken = replace(ENTRY, options=(GameOption(replace(SPEC, key="heap_take"), "", ""),))
    with pytest.raises(ValueError, match="heap_take"):
        register(taken)
    assert MODE not in GAMES
