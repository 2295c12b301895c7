"""The Durak hint's words: every reason kind the engine gives has a phrase
in both languages with the same fields, each phrase is filled from the engine's own
arguments (no ``{field}`` left), and an answer that does not read words as nothing."""

from __future__ import annotations

import functools
import json
import string
from typing import Any

import pytest

from durak.actions import (
    ACCEPT,
    CHALLENGE,
    DOUBLE,
    FOLD,
    PASS,
    TAKE,
    Action,
    Baltic,
    CoverSlot,
    FromTalon,
    PlaySlot,
    PokerSwap,
    SwapSix,
    TryTalon,
    attack,
    cover,
    throw,
    transfer,
)
from durak.ai.hint import KINDS, Hint, Reason, hint
from durak.cards import parse_card, parse_hand
from durak.rules import Rules
from durak.ui_dom import i18n
from durak.ui_dom.hint import strings_hint
from durak.ui_dom.hint.hint_view import position_key
from durak.ui_dom.hint.hint_words import (
    action_of,
    action_words,
    best_chance,
    figures_words,
    plain_chance,
    ranked_words,
    reason_words,
)
from durak.view import PlayerView
from tests.durak_ai.helpers import small_strong_search
from tests.durak_ai.test_hint import decisions

strings_hint.register()

#: An argument of the right kind for each field a reason may carry.
ARGS: dict[str, str | int] = {"card": "7H", "target": "7S", "keeps": "AD", "cards": "7H,7C",
                              "n": 2, "pct": 70}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}



@pytest.mark.parametrize("key", sorted(strings_hint.STRINGS))
def test_every_hint_string_has_both_languages_with_the_same_fields(key: str) -> None:
    entry = strings_hint.STRINGS[key]
    assert set(entry) == set(i18n.LANGUAGES)
    assert fields(entry["ja"]) == fields(entry["en"])


@pytest.mark.parametrize("kind", KINDS)
def test_every_reason_kind_has_a_phrase_filled_from_its_arguments(kind: str, lang: str) -> None:
    key = f"why.{kind}"
    assert key in strings_hint.STRINGS
    used = {f: ARGS[f] for f in fields(strings_hint.STRINGS[key][lang])}
    text = reason_words({"kind": kind, "args": used})
    assert text and "{" not in text and key not in text


def test_a_reason_names_its_cards_in_the_players_language(lang: str) -> None:
    text = reason_words({"kind": "cover_lowest",
                         "args": {"card": "8S", "target": "7S", "keeps": "AD"}})
    assert ("ダイヤのA" in text) if lang == "ja" else ("A of diamonds" in text)


#: Positions with a choice hinted per preset: the first 5 of each game meet four
#: reason kinds (attack, cover, throw-in and the search's), the same four as the first 10
#: and the same four on the small search as on the full one.
HINTED = 5


@functools.cache
def _engine_answers() -> tuple[tuple[PlayerView, dict[str, Any]], ...]:
    """Real hints as the page reads them (plain JSON), found once for every language:
    the engine's answer does not depend on the page's language, only its words do.
    The search is small (:func:`small_strong_search`): the words are read off whatever
    move and reason it answers, at any budget."""
    with pytest.MonkeyPatch.context() as patch:
        small_strong_search(patch)
        return tuple((v, json.loads(json.dumps(hint(v, 2).to_dict())))
                     for rules in (Rules(), Rules.preset("perevodnoy"))
                     for v in decisions(4, rules=rules)[:HINTED])


def test_the_engines_answers_word_without_a_gap(lang: str) -> None:
    """Real hints (many positions, both presets): title and reason, fields all filled."""
    seen = set()
    for v, answer in _engine_answers():
        a = action_of(answer)
        assert a is not None and a in v.legal_actions
        words = action_words(a), reason_words(answer["reason"])
        assert all(w and "{" not in w for w in words), words
        seen.add(answer["reason"]["kind"])
    assert len(seen) >= 3  # several kinds met, not one phrase for everything


@pytest.mark.parametrize("reason", [
    None, "cover_lowest", [], {"kind": 3}, {"kind": "no_such_kind"},
    {"kind": "cover_lowest", "args": []},
    {"kind": "cover_lowest", "args": {"card": "ZZ", "target": "7S", "keeps": "AD"}},
])
def test_a_reason_that_does_not_read_words_as_nothing(reason: object) -> None:
    assert reason_words(reason) == ""


@pytest.mark.parametrize("chance", [None, "0.5", True, 1.5, -0.1, [0.5]])
def test_an_estimate_that_does_not_read_words_as_nothing(chance: object) -> None:
    assert figures_words(chance) == ""


def test_an_estimate_in_percent(lang: str) -> None:
    assert "62%" in figures_words(0.623)


@pytest.mark.parametrize("action", [None, 7, "fly away", "x" * 600])
def test_an_action_that_does_not_read_is_none(action: object) -> None:
    assert action_of({"action": action}) is None


def test_every_action_kind_has_words(lang: str) -> None:
    c, h = parse_card("7H"), parse_hand("7H,7C")
    actions: list[Action] = [
        attack(h), cover(parse_card("8S"), parse_card("7S")), throw(c), transfer(h),
        transfer(h, True), TAKE, PASS, SwapSix(), FromTalon(), TryTalon(c), PokerSwap(h),
        DOUBLE, ACCEPT, FOLD, CHALLENGE, PlaySlot(2), CoverSlot(1, c),
        Baltic(parse_card("8S"), parse_card("7S"), parse_hand("8C"))]
    said = [action_words(a) for a in actions]
    assert all(w and "{" not in w and not w.startswith("hact.") for w in said), said
    assert len(set(said)) == len(said)


def test_the_decision_key_changes_with_every_move_and_match() -> None:
    from durak.ui_dom.play.controller import Controller
    from durak.ui_dom.play.family_controller import Hooks
    from lab.durak.match import Match, of_match
    from tests.durak_ui.test_controller import _no_pause, _think

    def ctrl_of(m: Match) -> Controller:
        return Controller.resume(of_match(m, 3), Hooks(_think, _no_pause, lambda: None), "easy")

    m = Match(Rules(), seed=3)
    ctrl = ctrl_of(m)
    before = position_key(ctrl)
    g = m.game
    g.apply(g.legal_actions()[0])
    assert position_key(ctrl) != before
    assert position_key(ctrl_of(m)) != position_key(ctrl)


def test_the_answer_is_what_the_page_reads() -> None:
    d = Hint(TAKE, Reason("take_trumps", {"n": 2}), 0.4).to_dict()
    assert d == {"action": "take", "reason": {"kind": "take_trumps", "args": {"n": 2}},
                 "chance": 0.4, "figure": "none", "options": []}


def _answer(close: bool) -> dict[str, object]:
    return {"action": "take", "figure": "share", "chance": 0.55, "options": [
        {"action": "take", "share": 0.6, "chance": 0.55, "se": 0.04, "close": True},
        {"action": "cover 8S 7S", "share": 0.4, "chance": 0.5, "se": 0.05, "close": close}]}


def test_the_hint_shows_the_figure_it_ranks_by_first(lang: str) -> None:
    """The tree ranks by its share of visits: that comes first, the chance after it."""
    head, others, close = ranked_words(_answer(False))
    assert head.index("60%") < head.index("55%")
    assert not close and "±" not in head and len(others) == 1 and "40%" in others[0]


def test_options_within_the_noise_say_about_and_the_error(lang: str) -> None:
    head, others, close = ranked_words(_answer(True))
    assert close and "±" in head and "± " in others[0].replace("±", "± ")
    assert ("約" if lang == "ja" else "about") in head


@pytest.mark.parametrize("options", [None, "x", [1, 2], [{"action": 3}]])
def test_options_that_do_not_read_fall_back_to_the_estimate(options: object) -> None:
    head, others, close = ranked_words({"chance": 0.5, "figure": "share", "options": options})
    assert "50%" in head and others == [] and not close


@pytest.mark.parametrize(("chance", "ja", "en"), [
    (0.56, "10回やれば6回ほどはドゥラークにならずに済む手です",
     "Keeps you out of the durak's seat about 6 times in 10"),
    (0.97, "ほぼ確実にドゥラークにならずに済む手です",
     "Keeps you out of the durak's seat almost every time"),
    (0.02, "ドゥラークになりそうな局面ですが、いちばん望みのある手です",
     "You are likely to be the durak from here: this move gives you the best chance left"),
])
def test_the_chance_is_said_in_a_players_words_not_percentages(
        chance: float, ja: str, en: str) -> None:
    """The hint said "44% of its look-ahead …; not the durak about 56% ± 4": in front a
    player reads the chance as tenths, with no percentage and no search word."""
    for lang, want in (("ja", ja), ("en", en)):
        i18n.set_language(lang)
        got = plain_chance(chance)
        assert got == want
        assert "%" not in got and "±" not in got and "探索" not in got and "search" not in got
    i18n.set_language("ja")


@pytest.mark.parametrize("chance", [None, "0.5", True, -0.1, 1.5])
def test_a_chance_that_does_not_read_is_said_as_nothing(chance: object) -> None:
    assert plain_chance(chance) == ""


def test_the_hinted_moves_chance_is_its_options_or_the_estimate() -> None:
    assert best_chance(_answer(False)) == 0.55
    assert best_chance({"action": "take", "chance": 0.4, "options": []}) == 0.4
