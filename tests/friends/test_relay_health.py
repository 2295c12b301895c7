"""Relay health (cardkit.ui_dom.relay_health): the bridge's report read without
trust, and when the host or a guest is told that nobody can be found."""

from __future__ import annotations

import pytest

from cardkit.ui_dom.relay_health import (
    GUEST_WAIT_CHECKS,
    HOST_WAIT_CHECKS,
    MAX_REPORTED,
    RelayStateError,
    guest_trouble,
    host_trouble,
    read_states,
    relay_lines,
)
from cardkit.ui_dom.strings_shell import STRINGS

UP, DOWN, WAITING = ("wss://a", "reached", ""), ("wss://b", "failed", "1006"), (
    "wss://c", "connecting", "")
#: Up, but it refuses every event of the table's (NIP-01's ``OK`` false, with its reason).
REFUSING = ("wss://d", "refused", "blocked: kind 29000 not allowed")


@pytest.mark.parametrize("report", [
    None, "reached", {"wss://a": "reached"}, [["wss://a", "reached"]],
    [["wss://a", "reached", "", ""]], [["wss://a", 1, ""]], [["wss://a", "open", ""]],
    [("wss://a", "reached", "")], [["wss://a", "reached", None]],
    [["wss://a", "reached", ""]] * (MAX_REPORTED + 1),
])
def test_a_report_of_another_shape_is_refused_not_coerced(report: object) -> None:
    with pytest.raises(RelayStateError):
        read_states(report)


def test_a_reports_texts_are_cut_to_their_bound() -> None:
    [(relay, state, why)] = read_states([["wss://" + "a" * 500, "failed", "x" * 500]])
    assert len(relay) == 200 and state == "failed" and len(why) == 200


def test_the_host_is_told_at_once_when_every_relay_failed_and_after_the_wait_if_none_answered(
) -> None:
    assert host_trouble([DOWN], 1)
    assert not host_trouble([WAITING, DOWN], HOST_WAIT_CHECKS - 1)
    assert host_trouble([WAITING, DOWN], HOST_WAIT_CHECKS)
    assert not host_trouble([UP, DOWN], 100)  # one relay is enough to be found
    assert not host_trouble([], 100)  # nothing reported: nothing to say


def test_a_relay_that_refuses_the_tables_events_counts_as_none_reached() -> None:
    """A relay that is up but refuses what the page sends carries nothing of the
    table's: the host is told at once when every relay refuses or failed, and a guest
    is told there is no relay, not that there is no host."""
    assert host_trouble([REFUSING], 1)
    assert host_trouble([REFUSING, DOWN], 1)
    assert not host_trouble([REFUSING, UP], 100)
    assert guest_trouble([REFUSING], 1, seated=False) == "no-relay"
    assert guest_trouble([REFUSING, WAITING], GUEST_WAIT_CHECKS, seated=False) == "no-relay"
    assert read_states([list(REFUSING)]) == [REFUSING]


def test_a_guest_is_told_why_no_host_was_found() -> None:
    assert guest_trouble([DOWN], 1, seated=False) == "no-relay"
    assert guest_trouble([WAITING], GUEST_WAIT_CHECKS - 1, seated=False) is None
    assert guest_trouble([WAITING], GUEST_WAIT_CHECKS, seated=False) == "no-relay"
    assert guest_trouble([UP], GUEST_WAIT_CHECKS - 1, seated=False) is None
    assert guest_trouble([UP, DOWN], GUEST_WAIT_CHECKS, seated=False) == "no-host"
    assert guest_trouble([DOWN], 100, seated=True) is None


def test_a_guest_whom_the_table_answered_is_told_it_is_connecting_not_that_the_link_is_old(
        ) -> None:
    # The host's offer came through a relay and a direct connection is being made:
    # neither "no host" (an old link) nor "no relay" is true, whatever the wait.
    assert guest_trouble([UP], 1, seated=False, connecting=True) == "connecting"
    assert guest_trouble([UP], 100, seated=False, connecting=True) == "connecting"
    assert guest_trouble([DOWN], 100, seated=False, connecting=True) == "connecting"
    assert guest_trouble([UP], 100, seated=True, connecting=True) is None
    assert guest_trouble([UP], GUEST_WAIT_CHECKS, seated=False, connecting=False) == "no-host"


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_each_relays_line_names_it_and_its_state_in_the_pages_words(lang: str) -> None:
    def t(key: str, **kw: object) -> str:
        return STRINGS[key][lang].format(**kw)

    lines = relay_lines(t, [UP, DOWN, WAITING])
    assert [line.split(": ")[0] for line in lines] == ["wss://a", "wss://b", "wss://c"]
    assert "1006" in lines[1] and "1006" not in lines[0]
    assert len(set(lines)) == 3


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_refusing_relays_line_quotes_its_reason_cut_short(lang: str) -> None:
    """The reason is the relay's own words (not ours): quoted, and cut to a line."""
    def t(key: str, **kw: object) -> str:
        return STRINGS[key][lang].format(**kw)

    [line] = relay_lines(t, [REFUSING])
    assert REFUSING[2] in line and line != relay_lines(t, [UP])[0].replace("wss://a", "wss://d")
    [long] = relay_lines(t, [("wss://d", "refused", "x" * 200)])
    assert "x" * 80 in long and "x" * 81 not in long
