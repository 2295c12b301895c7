"""Durak's Rules: declared options, presets (§5), the text form, refusals (§3)."""

from __future__ import annotations

import pytest

from durak.rules import (
    NOT_YET,
    OPTIONS,
    PRESET_CHANGES,
    PRESET_NAMES,
    Rules,
    RulesError,
    buildable_presets,
)


def test_every_option_is_declared_with_values_help_and_section() -> None:
    keys = [o.key for o in OPTIONS]
    assert len(keys) == len(set(keys))
    for o in OPTIONS:
        assert o.values and o.help and o.section.startswith("§")
        assert Rules().option_text(o.key) == o.values[0], f"{o.key}: default is the first value"


def test_presets_are_the_rule_books() -> None:
    assert Rules.preset("podkidnoy") == Rules()
    assert Rules.preset("perevodnoy") == Rules(transfer=True)
    assert Rules.preset("prostoy") == Rules(throw_in=False, attack_set="simple")
    assert Rules.preset("pairs").hand_size == 5
    assert Rules.preset("closed_transfer").attack_set == "all_of_rank"
    assert Rules.preset("team2") == Rules(players=4, teams="2v2")
    assert set(PRESET_CHANGES) == set(PRESET_NAMES)


def test_every_preset_is_playable_and_a_pile_mode_on_top_is_refused_by_name() -> None:
    """§5's presets are the ordinary game's: a pile game (§3.6) plays none of their
    options, and each one set is named."""
    assert buildable_presets() == PRESET_NAMES
    with pytest.raises(RulesError, match="deck=32 cannot be played with mode=kurukuru"):
        Rules.from_text("preset=championship&mode=kurukuru")


@pytest.mark.parametrize("text", [
    "preset=perevodnoy", "preset=podkidnoy&players=4&throw_order=clockwise",
    "preset=team2&transfer=on", "preset=prostoy&players=3&deck=32",
])
def test_text_round_trips(text: str) -> None:
    r = Rules.from_text(text)
    assert Rules.from_text(r.to_text()) == r
    assert r.to_text() == text


def test_text_accepts_spaces_like_the_record() -> None:
    assert Rules.from_text("preset=perevodnoy transfer_show=on") == Rules(
        transfer=True, transfer_show=True)


def test_text_picks_the_closest_preset() -> None:
    assert Rules(transfer=True, players=4).to_text() == "preset=perevodnoy&players=4"


def test_unknown_keys_and_values_are_named() -> None:
    with pytest.raises(RulesError) as e:
        Rules.from_text("preset=nope&colour=red&transfer=maybe&players=9")
    msg = str(e.value)
    for part in ("'nope'", "'colour'", "'transfer'", "'players'"):
        assert part in msg


def test_repeated_keys_are_refused() -> None:
    with pytest.raises(RulesError, match="twice"):
        Rules.from_text("players=3 players=4")


@pytest.mark.parametrize(("changes", "named"), [
    ({"players": 6, "deck": 32}, ["players=6", "deck=32"]),
    ({"teams": "2v2", "players": 3}, ["teams=2v2", "players"]),
    ({"throwers": "neighbours", "players": 3}, ["throwers=neighbours"]),
    ({"transfer_show": True}, ["transfer_show=on", "transfer=on"]),
    ({"first_limit": "first_bout", "limit": "hand"}, ["first_limit", "limit=six"]),
    ({"throw_in": False, "throw_after_take": True}, ["throw_after_take", "throw_in=on"]),
    ({"coward": True, "after_take": "no_skip"}, ["coward=on", "after_take=no_skip"]),
])
def test_unplayable_combinations_name_the_options(changes: dict[str, object],
                                                  named: list[str]) -> None:
    with pytest.raises(RulesError) as e:
        Rules(**changes)  # type: ignore[arg-type]
    for word in named:
        assert word in str(e.value)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_coward_needs_exactly_two_players_6_14(players: int) -> None:
    """docs/rules/durak.md §6.14: coward with 3+ players cannot end; refused naming both options."""
    with pytest.raises(RulesError) as e:
        Rules(coward=True, players=players)
    assert "coward=on" in str(e.value) and f"players={players}" in str(e.value)
    assert Rules(coward=True, players=2).coward


def test_options_not_built_yet_are_refused_and_every_mode_is_built() -> None:
    """A value of NOT_YET is refused as "not implemented yet"; every ``mode`` of §3.6 is
    built (the pile games from their own record, durak.family.new_game)."""
    from durak.rules import OPTION_BY_KEY

    for key, values in NOT_YET.items():
        for value in sorted(values):
            with pytest.raises(RulesError, match="not implemented yet"):
                Rules.from_text(f"{key}={value}")
            assert value in OPTION_BY_KEY[key].values
    assert "mode" not in NOT_YET
    assert [Rules(mode=m).mode for m in OPTION_BY_KEY["mode"].values] == list(
        OPTION_BY_KEY["mode"].values)


def test_rules_are_immutable_and_hashable() -> None:
    r = Rules()
    with pytest.raises(AttributeError):
        r.players = 3  # type: ignore[misc]
    assert hash(r) == hash(Rules())


def test_the_kept_hash_of_rules_stays_in_its_process() -> None:
    """Rules keep their hash after the first (a deal's cache look-ups); a string's hash
    differs between processes, so pickles and copies carry only the options."""
    import copy
    import pickle

    r = Rules.from_text("preset=perevodnoy&players=3")
    kept = hash(r)
    assert kept == hash(Rules.from_text("preset=perevodnoy&players=3"))
    for other in (pickle.loads(pickle.dumps(r)), copy.copy(r), copy.deepcopy(r)):
        assert "_hash" not in other.__dict__
        assert other == r and hash(other) == kept
