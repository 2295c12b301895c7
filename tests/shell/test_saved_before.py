"""What the pages saved and shared before the page shell took their
preferences and saves still loads, and is written again to the letter.

Every literal below was written by the code before the shell existed
(``Prefs.to_json``, ``share_url``, ``encode_match`` of each game), so a
change of the saved or shared form, or of how it is read, fails here.
"""

from __future__ import annotations

import json

from cardkit.ui_dom.storage import MemoryStorage
from durak.rules import Rules as DurakRules
from durak.ui_dom import persist as durak_persist
from durak.ui_dom.settings import prefs as durak_prefs
from napoleon.rules import Rules as NapoleonRules
from napoleon.ui_dom import persist as napoleon_persist
from napoleon.ui_dom import prefs as napoleon_prefs

NAPOLEON_PREFS = (
    '{"version": 1, "rules": "preset=guruguru&siberia=on", "language": "en", '
    '"suit_style": "elements", "anim": "fast", "level": "easy", "undo": "off"}'
)
DURAK_PREFS = (
    '{"version": 1, "rules": "preset=perevodnoy&players=3", "language": "en", '
    '"level": "strong", "anim": "instant"}'
)
NAPOLEON_SAVE = (
    '{"format":"napoleon-save/1","rules":"preset=sdc","match_seed":7,"games":[{"seed":'
    '1391338076741520868,"first_bidder":2,"actions":["bid 11 C","bid 11 D","bid 11 H",'
    '"bid 11 S","bid 12 C","bid 12 D"]}],"scored":0,"check":"f6eb261d4ec82722",'
    '"extra":{"match_seed":7}}'
)
DURAK_SAVE = (
    '{"version":1,"rules":"preset=podkidnoy","seed":11,"games":[["0 attack 8S","1 take",'
    '"0 attack 7S","1 take","0 attack QH","1 take"]],"scored":false}'
)


def test_napoleon_saved_settings_of_before_load_and_are_written_the_same() -> None:
    """Saved preferences (napoleon.prefs, version 1) keep every field."""
    store = MemoryStorage({napoleon_prefs.PREFS_KEY: NAPOLEON_PREFS})
    prefs, notices = napoleon_prefs.load_prefs("", store.get)
    assert notices == []
    assert prefs.rules == NapoleonRules.preset("guruguru").replace(siberia=True)
    assert (prefs.language, prefs.suit_style, prefs.anim, prefs.level, prefs.undo) == (
        "en", "elements", "fast", "easy", "off")
    assert napoleon_prefs.STORE.to_json(prefs) == NAPOLEON_PREFS


def test_durak_saved_settings_of_before_load_and_are_written_the_same() -> None:
    """Saved preferences (durak.prefs, version 1) keep every field."""
    store = MemoryStorage({durak_prefs.PREFS_KEY: DURAK_PREFS})
    prefs, notices = durak_prefs.load_prefs("?game=durak", store.get)
    assert notices == []
    assert prefs.rules == DurakRules.preset("perevodnoy").replace(players=3)
    assert (prefs.language, prefs.level, prefs.anim) == ("en", "strong", "instant")
    assert durak_prefs.STORE.to_json(prefs) == DURAK_PREFS


def test_share_links_are_written_as_before_and_read_back() -> None:
    """A share link reproduces the rules, language and level (and Napoleon's suits)."""
    href = "https://u.github.io/napoleon/?seed=3"
    link = napoleon_prefs.share_url(
        href, napoleon_prefs.Prefs(NapoleonRules.preset("mixi"), language="en"))
    assert link == "https://u.github.io/napoleon/?preset=mixi&lang=en&level=strong&suits=symbols"
    prefs, notices = napoleon_prefs.load_prefs(link.partition("?")[2], lambda _k: None)
    assert (prefs.rules, prefs.language, notices) == (NapoleonRules.preset("mixi"), "en", [])

    link = durak_prefs.share_url(href, durak_prefs.Prefs(DurakRules(players=4), language="en"))
    assert link == ("https://u.github.io/napoleon/?game=durak&preset=podkidnoy&players=4"
                    "&lang=en&level=normal")
    durak, notices = durak_prefs.load_prefs(link.partition("?")[2], lambda _k: None)
    assert (durak.rules, durak.language, notices) == (DurakRules(players=4), "en", [])


def test_a_napoleon_match_saved_before_continues_and_is_saved_the_same() -> None:
    """The save (napoleon-save/1) replays to the same bids and is written again as it was."""
    store = MemoryStorage({napoleon_persist.SAVE_KEY: NAPOLEON_SAVE})
    match, extra, notices = napoleon_persist.load_match(store)
    assert match is not None and notices == [] and extra == {"match_seed": 7}
    assert len(match.game.actions()) == 6
    napoleon_persist.save_match(match, extra, store)
    assert store.get(napoleon_persist.SAVE_KEY) == NAPOLEON_SAVE


def test_a_durak_match_saved_before_continues_and_is_saved_the_same() -> None:
    """The save (version 1) replays to the same moves; it is written again in the
    family's one form (version 2), which holds the same moves."""
    store = MemoryStorage({durak_persist.SAVE_KEY: DURAK_SAVE})
    saved, why, _backup = durak_persist.load_game(store, {})
    assert saved is not None and (saved.series.seed, why) == (11, "")
    assert len(saved.game.actions()) == 6
    durak_persist.save_game(store, saved)
    again = json.loads(store.get(durak_persist.SAVE_KEY) or "{}")
    old = json.loads(DURAK_SAVE)
    assert (again["version"], again["rules"], again["seed"]) == (2, old["rules"], old["seed"])
    assert again["actions"] == old["games"][0]
