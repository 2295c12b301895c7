"""The page's flow around the game in force, on CPython: what the address names, which
save a load continues, and how the settings name the rules shown.

A reload never loses a game in progress: the address is rewritten to name the game
in force (:func:`cardkit.query.with_fields`), the game continued is the one on the
table whatever kind the address names (:func:`durak.ui_dom.kinds.load_game`),
and a bad rule field names no game (:func:`durak.ui_dom.settings.prefs.query_rules`).
"""

from __future__ import annotations

import json

from cardkit.query import with_fields
from cardkit.ui_dom.storage import MemoryStorage
from durak.pile.options import PileRules
from durak.rules import Rules
from durak.suit_deal.old_save import decode_v1 as decode_suit_deal_v1
from durak.ui_dom import i18n, persist
from durak.ui_dom.kinds import KINDS, kind_of_saved, load_game
from durak.ui_dom.settings.prefs import STORE, load_prefs, query_rules
from durak.ui_dom.settings.settings import GAME
from durak.ui_dom.settings.settings_model import MODEL
from tests.durak_family.test_save import OLD_PILE, OLD_SUIT_DEAL


def _is_table_key(key: str) -> bool:
    return key == "seed" or STORE.rules.is_rule_key(key)


def test_the_address_names_the_game_in_force_and_keeps_the_other_fields() -> None:
    """Switching Chinese for Heap in the settings: the address then says mode=heap
    (a reload continues the Heap game), the language and level stay, the seed goes."""
    search = "?game=durak&mode=chinese&players=2&lang=en&seed=9&level=easy"
    heap = PileRules(mode="heap", players=4).to_text()
    assert with_fields(search, _is_table_key, heap) == (
        "?game=durak&lang=en&level=easy&mode=heap&players=4")
    # An ordinary game's rules replace a mode's and its own options.
    assert with_fields("?game=durak&mode=heap&heap_take=last", _is_table_key,
                       Rules(players=3).to_text()) == "?game=durak&preset=podkidnoy&players=3"


def test_a_bad_rule_field_in_the_address_names_no_game() -> None:
    """``mode=Chinese`` (a typo): its notice, and nothing to replace the game with,
    even beside a valid field."""
    base = PileRules(mode="polish", players=3)
    assert query_rules("?game=durak&mode=Chinese", base) is None
    assert query_rules("?game=durak&mode=Chinese&players=2", base) is None
    assert query_rules("?game=durak&lang=en&seed=3", base) is None  # no rule named
    assert query_rules("?game=durak&mode=heap&players=4", base) == PileRules(mode="heap",
                                                                            players=4)
    _prefs, notices = load_prefs("?game=durak&mode=Chinese", lambda _k: None)
    assert any("Chinese" in n for n in notices)


def test_the_game_on_the_table_is_continued_whatever_kind_the_address_names() -> None:
    """A Suit-deal game on the table and an old finished Heap save: the address's
    ``mode=heap`` no longer digs up the Heap save; the table's save is the one read."""
    store = MemoryStorage({"durak.pile": OLD_PILE})
    persist.save_game(store, decode_suit_deal_v1(OLD_SUIT_DEAL))
    saved, _why, _backup = load_game(store)
    assert saved is not None and kind_of_saved(saved) is KINDS["suit_deal"]
    # as the earlier page left them: its note names the suit_deal save on the table
    old = MemoryStorage({persist.TABLE_KEY: "suit_deal", "durak.pile": OLD_PILE,
                         "durak.suit_deal": OLD_SUIT_DEAL})
    saved, _why, _backup = load_game(old)
    assert saved is not None and kind_of_saved(saved) is KINDS["suit_deal"]
    noted = MemoryStorage({persist.TABLE_KEY: "nonsense", "durak.pile": OLD_PILE})
    assert load_game(noted) == (None, "", persist.BACKUP_KEY)  # nothing on the table


def test_the_settings_open_on_the_game_choice() -> None:
    """The family's game is the first row (the panel opens on it), before the presets."""
    assert GAME.lead == ("mode",)
    assert "mode" in MODEL.option_keys()


def test_a_preset_changed_says_which_preset_it_came_from() -> None:
    i18n.set_language("en")
    try:
        assert MODEL.custom_label(Rules(players=3)) == "Podkidnoy (throw-in) (changed)"
        assert MODEL.custom_label(Rules.preset("perevodnoy").replace(players=4)) == (
            "Perevodnoy (transfer) (changed)")
        assert MODEL.custom_label(PileRules(mode="heap")) == "Heap"
        # A game of the family at another table size is that game, unchanged.
        assert MODEL.custom_label(PileRules(mode="chinese", players=2)) == "Chinese"
        assert MODEL.custom_label(PileRules(mode="heap", heap_take="last")) == "Heap (changed)"
        assert MODEL.custom_label(None) == "(custom)"
        labels = [c.label for c in MODEL.preset_choices(Rules(players=3))]
        assert labels[-1] == "Podkidnoy (throw-in) (changed)"
    finally:
        i18n.set_language("ja")
    assert MODEL.custom_label(Rules(players=3)) == "ポドキドノイ (飛び入り) (変更あり)"


def test_the_saved_settings_form_is_unchanged() -> None:
    """Keeping the game in progress saves the rules in force in the same saved form."""
    prefs, _n = load_prefs("?game=durak&mode=heap&players=4", lambda _k: None)
    assert json.loads(STORE.to_json(prefs))["rules"] == "mode=heap&players=4"
