"""The mode in Durak's preferences: the address (``?game=durak&mode=kurukuru``),
the saved settings, the share link and the settings form choose a pile game; a bad
mode or an option of another mode is ignored with a notice naming it."""

from __future__ import annotations

import json
from collections.abc import Mapping

import pytest

from durak.family.options import RULE_OPTIONS, make_rules, row_shown, rules_from_text
from durak.pile.options import MODES, PileRules, all_mixes
from durak.rules import Rules
from durak.ui_dom.modes import PAGE_MODES
from durak.ui_dom.settings.prefs import (
    PREFS_KEY,
    STORE,
    Prefs,
    load_prefs,
    query_sets_rules,
    share_url,
)
from durak.ui_dom.settings.settings_model import (
    option_rows,
    page_options,
    preset_of,
    rules_from_form,
)


def load(query: str, saved: Mapping[str, object] | None = None) -> tuple[Prefs, list[str]]:
    items = {} if saved is None else {PREFS_KEY: json.dumps({"version": 1, **saved})}
    return load_prefs(query, items.get)


@pytest.mark.parametrize("mode", MODES)
def test_the_address_chooses_a_pile_mode(mode: str) -> None:
    """§3.6: ``mode`` names the game; the players carry over from the address."""
    prefs, notices = load(f"?game=durak&mode={mode}&players=4")
    assert notices == [] and prefs.rules == PileRules(mode=mode, players=4)
    assert query_sets_rules(f"?game=durak&mode={mode}")


def test_a_mode_option_in_the_address() -> None:
    prefs, notices = load("?game=durak&mode=chinese&chinese_ten=on&chinese_clear=players")
    assert notices == []
    assert prefs.rules == PileRules(mode="chinese", players=3, chinese_ten=True,
                                    chinese_clear="players")


@pytest.mark.parametrize("mode", ["crusaders", "polish"])
def test_a_mode_without_options_of_its_own_in_the_address(mode: str) -> None:
    """§3.6: crusaders and polish have no sub-options; ``?mode=M`` deals them for 3."""
    prefs, notices = load(f"?game=durak&mode={mode}")
    assert notices == [] and prefs.rules == PileRules(mode=mode, players=3)
    prefs, notices = load(f"?game=durak&mode={mode}&d9=on")
    assert len(notices) == 1 and "d9 belongs to mode=kurukuru" in notices[0], notices


@pytest.mark.parametrize(("query", "named"), [
    ("mode=zzz", "mode=zzz"),
    ("mode=suit_deal&attack_set=pairs", "cannot be played with mode=suit_deal"),
    ("mode=suit_deal&d9=on", "d9 belongs to mode=kurukuru, not mode=suit_deal"),
    ("mode=kurukuru&heap_take=last", "heap_take belongs to mode=heap"),
    ("mode=heap&attack_set=pairs", "attack_set belongs to the ordinary game"),
    ("chuk_first=right", "chuk_first belongs to mode=chukhonsky, not mode=durak"),
])
def test_a_bad_mode_field_is_ignored_with_a_notice(query: str, named: str) -> None:
    prefs, notices = load("?game=durak&" + query)
    assert len(notices) == 1 and named in notices[0], notices
    assert prefs.rules == Rules()


def test_a_bad_value_of_a_mode_option_is_ignored_the_mode_kept() -> None:
    prefs, notices = load("?game=durak&mode=kurukuru&d9=yes")
    assert len(notices) == 1 and "d9=yes" in notices[0], notices
    assert prefs.rules == PileRules(mode="kurukuru")


def test_the_saved_mode_is_kept_and_the_address_changes_it() -> None:
    saved = {"rules": "mode=heap&players=4&heap_take=last", "level": "strong"}
    prefs, notices = load("?game=durak", saved)
    assert notices == [] and prefs.rules == PileRules(mode="heap", players=4, heap_take="last")
    # One option in the address changes the saved mode's rules, the rest stays.
    prefs, _n = load("?game=durak&players=5", saved)
    assert prefs.rules == PileRules(mode="heap", players=5, heap_take="last")
    # Another mode drops the saved mode's options (not the players); a preset is the
    # ordinary game.
    prefs, _n = load("?game=durak&mode=kurukuru", saved)
    assert prefs.rules == PileRules(mode="kurukuru", players=4)
    prefs, _n = load("?game=durak&preset=perevodnoy", saved)
    assert prefs.rules == Rules.preset("perevodnoy")
    prefs, _n = load("?game=durak&mode=durak", saved)
    assert prefs.rules == Rules(players=4)


@pytest.mark.parametrize("rules", all_mixes(), ids=lambda r: r.to_text())
def test_every_mix_round_trips_through_the_saved_form_and_the_share_link(
    rules: PileRules,
) -> None:
    prefs = Prefs(rules, language="en", level="strong")
    again, notices = load("?game=durak", json.loads(STORE.to_json(prefs)))
    assert notices == [] and again.rules == rules
    link = share_url("https://x.io/n/?seed=3", prefs)
    assert link.startswith("https://x.io/n/?game=durak&mode=") and "seed" not in link
    shared, notices = load("?" + link.split("?", 1)[1])
    assert notices == [] and shared.rules == rules and shared.level == "strong"
    assert rules_from_text(rules.to_text()) == rules


def test_the_settings_form_makes_a_pile_game_and_shows_only_its_rows() -> None:
    """The mode select offers the pile modes (and suit_deal, the ordinary game after
    a dealing phase); a mode's own rows apply only to it."""
    rows = {r.key: r for r in option_rows()}
    offered = {c.value for c in rows["mode"].choices if c.enabled}
    assert offered == {"durak", *PAGE_MODES, "suit_deal"}
    form = {**Rules(players=3).options(), **{s.key: s.values[0] for s in page_options()
                                              if s.key in RULE_OPTIONS and s.key not in
                                              Rules().options()}}
    form.update(mode="heap", heap_take="last", d9="on", transfer="on")  # d9, transfer hidden
    assert rules_from_form(form) == PileRules(mode="heap", players=3, heap_take="last")
    assert [k for k in form if row_shown(form, k)] == ["players", "mode", "heap_take"]
    form["mode"] = "durak"
    assert not row_shown(form, "heap_take") and row_shown(form, "transfer")
    assert rules_from_form(form) == Rules(players=3, transfer=True)
    assert preset_of(PileRules(mode="heap")) == "custom"


def test_make_rules_refuses_a_mode_option_without_its_mode() -> None:
    with pytest.raises(ValueError, match="d9 belongs to mode=kurukuru"):
        make_rules(Rules(), None, {"d9": True})
    with pytest.raises(ValueError, match="players"):
        make_rules(Rules(), None, {"mode": "heap", "players": 7})
