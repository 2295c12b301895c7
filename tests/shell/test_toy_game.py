"""A third game registers with the page shell and has preferences and a
saved game with little code — the toy game below is all a game writes.

The toy's rules have two options (``rounds`` 1-5, ``jokers`` off/on), two presets
and one combination that cannot be played (jokers in a one-round match); its
match is a count of rounds won.  Everything else — the address over the saved
settings, the notices quoting bad input, the entry rewritten without its bad
fields, the share link, the save set aside when it cannot be read, the settings
panel's rows and presets — is the shell's, checked here against the toy.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from cardkit.i18n import Translator
from cardkit.saved_prefs import SavedPrefs
from cardkit.ui_dom.announce_log import AnnounceLog
from cardkit.ui_dom.match_store import MatchStore
from cardkit.ui_dom.options_model import Choice, OptionsModel
from cardkit.ui_dom.prefs_store import PrefsStore, RuleBook
from cardkit.ui_dom.storage import MemoryStorage

# ---- the toy game: its rules, preferences and match (what a game writes) ---------


class ToyRulesError(ValueError):
    pass


@dataclass(frozen=True)
class Option:
    key: str
    values: tuple[str, ...]
    kind: str

    def from_text(self, text: str) -> object:
        if text not in self.values:
            raise ToyRulesError(f"bad value {text!r} for {self.key}")
        return text == "on" if self.values == ("off", "on") else int(text)


OPTIONS = {"rounds": Option("rounds", ("1", "2", "3", "4", "5"), "int"),
           "jokers": Option("jokers", ("off", "on"), "bool")}
PRESETS = {"short": {"rounds": 1}, "party": {"rounds": 5, "jokers": True}}


@dataclass(frozen=True)
class Rules:
    rounds: int = 3
    jokers: bool = False

    def __post_init__(self) -> None:
        if self.jokers and self.rounds == 1:
            raise ToyRulesError("jokers=on needs rounds of 2 or more")

    def to_text(self) -> str:
        return f"rounds={self.rounds}&jokers={'on' if self.jokers else 'off'}"

    @staticmethod
    def from_text(text: str) -> Rules:
        return Rules.from_options(dict(p.partition("=")[::2] for p in text.split("&")))

    @staticmethod
    def from_options(options: dict[str, str]) -> Rules:
        return Rules(**{k: OPTIONS[k].from_text(v) for k, v in options.items() if k in OPTIONS})  # type: ignore[arg-type]

    def preset_name(self) -> str | None:
        return next((name for name in PRESETS if preset(name) == self), None)


def preset(name: str) -> Rules:
    return Rules(**PRESETS[name])  # type: ignore[arg-type]


def make_rules(base: Rules, name: str | None, changes: dict[str, object]) -> Rules:
    return replace(preset(name) if name else base, **changes)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Prefs:
    rules: Rules = field(default_factory=Rules)
    language: str = "ja"
    level: str = "normal"
    seed: int | None = None


_translator = Translator("cardkit.ui_dom", ("strings_shell",))
STORE = PrefsStore(
    saved=SavedPrefs("toy.prefs"),
    rules=RuleBook(default=Rules, from_text=Rules.from_text, options=OPTIONS,
                   preset_names=tuple(PRESETS), make=make_rules, error=ToyRulesError),
    choices={"lang": ("language", ("ja", "en")), "level": ("level", ("easy", "normal"))},
    make=Prefs, game="toy", games="napoleon, durak, toy", tr=_translator.tr,
    share_keys=("lang", "level"),
)


def decode(text: str) -> int:
    if not (text.isascii() and text.isdigit() and len(text) < 4):
        raise ValueError(f"not a count of rounds won: {text[:20]!r}")
    return int(text)


WORDS = {"opt.rounds": "Rounds", "val.on": "On", "val.off": "Off", "preset.party": "Party"}
MODEL = OptionsModel(
    options=tuple(OPTIONS.values()), preset_names=tuple(PRESETS), preset=preset,
    from_options=Rules.from_options, error=ToyRulesError,
    t=lambda key, **f: WORDS.get(key, key).format(**f), catalog=lambda: WORDS,
)
MATCH = MatchStore("toy.match", str, decode, (ValueError,), "notice.save_corrupt")

# ---- what the shell does with it ---------------------------------------------------


def test_the_toy_resolves_the_address_over_its_saved_settings() -> None:
    """The address wins over the saved settings, which win over the defaults."""
    store = MemoryStorage({"toy.prefs": '{"version": 1, "rules": "rounds=4", "level": "easy"}'})
    prefs, notices = STORE.load_prefs("?game=toy&jokers=on&lang=en&seed=9", store.get)
    assert prefs == Prefs(Rules(rounds=4, jokers=True), "en", "easy", 9)
    assert notices == []


def test_a_preset_in_the_address_replaces_the_saved_rules() -> None:
    store = MemoryStorage({"toy.prefs": '{"version": 1, "rules": "rounds=4&jokers=on"}'})
    prefs, _notices = STORE.load_prefs("?preset=short", store.get)
    assert prefs.rules == Rules(rounds=1)


def test_the_toys_bad_input_is_reported_quoting_it_and_ignored() -> None:
    """A bad value, an unknown key, another game, an unplayable combination: one
    notice each in the resolved language, and the rest still applies."""
    prefs, notices = STORE.load_prefs(
        "?lang=en&rounds=9&colour=red&game=chess&preset=short&jokers=on", lambda _k: None)
    assert prefs.rules == Rules() and prefs.language == "en"
    assert notices == [
        "Ignored “colour=red” in the address: unknown setting",
        "Ignored “game=chess” in the address: not a valid value (allowed: napoleon, durak, toy)",
        "Ignored “rounds=9” in the address: not a valid value (allowed: 1, 2, 3, 4, 5)",
        "Ignored the rules in the address, they cannot be played together: "
        "jokers=on needs rounds of 2 or more",
    ]


def test_the_toys_saved_settings_with_bad_fields_are_rewritten_without_them() -> None:
    store = MemoryStorage({"toy.prefs": '{"version": 1, "level": "hard", "rules": "rounds=2"}'})
    rewritten: list[str] = []
    _prefs, notices = STORE.load_prefs("", store.get, lambda key: None, rewritten.append)
    assert len(notices) == 1 and "level=hard" in notices[0]
    assert [json.loads(text) for text in rewritten] == [
        {"version": 1, "rules": "rounds=2&jokers=off"}]


def test_the_toys_preferences_are_saved_and_shared() -> None:
    prefs = Prefs(Rules(rounds=2), "en", "easy")
    assert json.loads(STORE.to_json(prefs)) == {
        "version": 1, "rules": "rounds=2&jokers=off", "language": "en", "level": "easy"}
    link = STORE.share_url("https://x.io/cards/index.html?seed=1#top", prefs)
    assert link == "https://x.io/cards/index.html?game=toy&rounds=2&jokers=off&lang=en&level=easy"
    assert STORE.load_prefs(link.partition("?")[2], lambda _k: None) == (prefs, [])
    assert STORE.stored_rules(MemoryStorage({"toy.prefs": STORE.to_json(prefs)}).get) == Rules(2)


def test_the_toys_match_is_saved_restored_and_set_aside_when_unreadable() -> None:
    page = MemoryStorage()
    MATCH.save(2, page)
    assert MATCH.load(page).value == 2
    page.set("toy.match", "2" * 5000)
    loaded = MATCH.load(page)
    assert loaded.value is None
    assert MATCH.notices(loaded, lambda key, **f: f"{key}: {f['backup']}") == [
        "notice.save_corrupt: toy.match.corrupt"]
    assert page.get("toy.match.corrupt") == "2" * 5000
    assert MATCH.load(page).value is None and MATCH.notices(MATCH.load(page), str) == []
    MATCH.save(1, page)
    MATCH.clear(page)
    assert page.get("toy.match") is None


def test_the_log_says_a_new_scope_from_its_start_unless_the_game_keeps_it_quiet() -> None:
    """The shell's announcement bookkeeping: new events once each, in order."""
    def other_match(seed: int) -> Callable[[object], bool]:
        return lambda before: not (isinstance(before, tuple) and before[0] == seed)

    log = AnnounceLog()
    assert log.fresh((7, 1), range(3), other_match(7)) == []  # the page's first drawing
    assert log.fresh((7, 1), range(5), other_match(7)) == [3, 4]
    assert log.fresh((7, 2), range(2), other_match(7)) == [0, 1]  # the match's next game
    assert log.fresh((8, 1), range(2), other_match(8)) == []  # another match: from now on
    assert log.fresh((8, 1), range(3), other_match(8)) == [2]
    log.mark_said((8, 1), range(4))
    assert log.fresh((8, 1), range(6), other_match(8)) == [4, 5]


def test_the_toys_settings_rows_presets_and_form_come_from_its_options() -> None:
    """The settings panel's model: every option labelled, the presets listed, the
    form's values back to rules or the engine's reason."""
    rows = MODEL.option_rows()
    assert [(r.key, r.label) for r in rows] == [("rounds", "Rounds"), ("jokers", "opt.jokers")]
    assert [c.label for c in rows[1].choices] == ["Off", "On"]
    assert [c.value for c in MODEL.preset_choices()] == ["remembered", "short", "party", "custom"]
    assert MODEL.preset_of(Rules(rounds=5, jokers=True)) == "party"
    assert MODEL.rules_from_form({"rounds": "2", "jokers": "on"}) == Rules(2, True)
    assert MODEL.rules_from_form({"rounds": "1", "jokers": "on"}) == (
        "jokers=on needs rounds of 2 or more")
    assert MODEL.preset_choices()[2] == Choice("party", "Party")
