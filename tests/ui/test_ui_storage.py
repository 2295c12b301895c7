"""The page's storage is scoped to the site's path.

GitHub Pages serves every project of a user from one origin, whose localStorage
all of them share: two copies of the game at /napoleon/ and /fork/ must never
read or overwrite each other's saves, and entries under the bare keys of earlier
versions move under the site's scope on the first visit, once.
"""

from __future__ import annotations

import pytest

from cardkit.ui_dom.storage import (
    LEGACY_KEYS,
    MemoryStorage,
    ScopedStorage,
    set_aside,
    site_scope,
)
from napoleon.match import Match
from napoleon.rules import Rules
from napoleon.ui_dom.persist import SAVE_KEY, load_match, save_match
from napoleon.ui_dom.prefs import PREFS_KEY, STORE, Prefs, load_prefs


@pytest.mark.parametrize(
    ("pathname", "scope"),
    [
        ("/napoleon/", "/napoleon/"),
        ("/napoleon/index.html", "/napoleon/"),
        ("/napoleon", "/"),
        ("/", "/"),
        ("", "/"),
        ("/a/b/c/", "/a/b/c/"),
    ],
)
def test_the_scope_is_the_sites_base_path(pathname: str, scope: str) -> None:
    assert site_scope(pathname) == scope


def test_two_sites_on_one_origin_keep_their_own_saves() -> None:
    origin = MemoryStorage()
    scopes = ("/napoleon/", "/fork/", "/napoleon/x/")
    ours, fork, nested = (ScopedStorage(origin, s) for s in scopes)
    save_match(Match(Rules(), 1), {"match_seed": 1}, ours)
    save_match(Match(Rules.preset("mixi"), 2), {"match_seed": 2}, fork)
    assert set(origin.items) == {"/napoleon/napoleon.match", "/fork/napoleon.match"}
    mine, _, _ = load_match(ours)
    theirs, _, _ = load_match(fork)
    assert mine is not None and mine.rules == Rules()
    assert theirs is not None and theirs.rules == Rules.preset("mixi")
    assert load_match(nested) == (None, {}, [])


def test_setting_aside_stays_in_the_scope() -> None:
    origin = MemoryStorage({"/napoleon/napoleon.match": "{bad", "/fork/napoleon.match": "{bad"})
    ours = ScopedStorage(origin, "/napoleon/")
    _, _, notices = load_match(ours)
    assert notices and "napoleon.match.corrupt" in notices[0]
    assert origin.items == {
        "/napoleon/napoleon.match.corrupt": "{bad", "/fork/napoleon.match": "{bad",
    }
    assert set_aside(ours, "nothing") == "nothing.corrupt"


def test_bare_entries_of_earlier_versions_migrate_once_then_are_removed() -> None:
    prefs = STORE.to_json(Prefs(Rules.preset("guruguru"), language="en"))
    origin = MemoryStorage({PREFS_KEY: prefs, SAVE_KEY: "{old save", "other.app": "x"})
    ours = ScopedStorage(origin, "/napoleon/")
    assert ours.migrate() == [PREFS_KEY, SAVE_KEY]
    assert origin.items == {
        "/napoleon/napoleon.prefs": prefs,
        "/napoleon/napoleon.match": "{old save",
        "other.app": "x",
    }
    loaded, notices = load_prefs("", ours.get)
    assert loaded.rules == Rules.preset("guruguru") and notices == []
    # A second site opened later finds nothing left to take.
    assert ScopedStorage(origin, "/fork/").migrate() == []


def test_a_scoped_entry_is_newer_than_a_bare_one_and_wins() -> None:
    origin = MemoryStorage({PREFS_KEY: "bare", "/napoleon/napoleon.prefs": "scoped"})
    ours = ScopedStorage(origin, "/napoleon/")
    assert ours.migrate() == []
    assert origin.items == {"/napoleon/napoleon.prefs": "scoped"}


def test_every_key_the_page_writes_is_migrated() -> None:
    assert {PREFS_KEY, SAVE_KEY} <= set(LEGACY_KEYS)
    assert {PREFS_KEY + ".corrupt", SAVE_KEY + ".corrupt"} <= set(LEGACY_KEYS)


def test_a_scope_must_be_a_directory_path() -> None:
    with pytest.raises(ValueError, match="ending with '/'"):
        ScopedStorage(MemoryStorage(), "/napoleon")
