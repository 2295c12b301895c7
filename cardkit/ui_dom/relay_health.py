"""Whether a table with friends can be found: each relay's state, said at once.

A table is found through Nostr relays (signaling only); when none can be reached,
nobody finds the table, and the page says so instead of "ready". The bridge
(``web/friends.mjs``'s ``relayStates``) reports each relay's socket as the page
sees it: ``connecting``, ``reached`` (open), ``refused`` (open, but it refused the
page's last event or subscription, with the reason it gave: a relay that is up
and carries nothing of the table's), or ``failed`` (closed, with the code the
browser gave). :func:`read_states` reads that report without trust, and the
lobby lists each relay with its state (:func:`relay_lines`).

The host is told that no relay is reached once every relay failed or refused, or none was
reached after :data:`HOST_WAIT_CHECKS` of the page's beats (about 5 s); a guest
not seated after :data:`GUEST_WAIT_CHECKS` beats (about 15 s) is told why: no
relay reached, or a host that none of them knows (an old link, a closed page). Both
are pointed to "Connect without a relay", which needs no relay at all. A guest whom
a device of the table answered is told it is being connected, however long that
takes (:mod:`cardkit.ui_dom.friends_route` says when it fails).

>>> read_states([["wss://a", "reached", ""], ["wss://b", "failed", "1006"]])
[('wss://a', 'reached', ''), ('wss://b', 'failed', '1006')]
>>> waiting = [("wss://a", "connecting", "")]
>>> host_trouble(waiting, 2), host_trouble(waiting, 5)
(False, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

__all__ = [
    "GUEST_WAIT_CHECKS", "HOST_WAIT_CHECKS", "RELAY_STATES", "RelayState", "RelayStateError",
    "guest_trouble", "host_trouble", "read_states", "relay_lines",
]

#: A relay's states as the bridge reports them.
RELAY_STATES: Final = ("connecting", "reached", "refused", "failed")
#: The states of a relay that carries nothing of the table's, whatever the wait.
LOST_STATES: Final = ("refused", "failed")
#: The page's beats (one a second) before a host with no relay reached is told.
HOST_WAIT_CHECKS: Final = 5
#: The page's beats before a guest that found no host is told why.
GUEST_WAIT_CHECKS: Final = 15
#: The most relays a report may name (a table's link names at most 8).
MAX_REPORTED: Final = 16
#: The longest relay address and close reason read.
MAX_TEXT: Final = 200
#: The longest reason of a relay's said in the lobby (a relay's words, not ours).
MAX_SAID: Final = 80

RelayState = tuple[str, str, str]
"""A relay's address, its state (:data:`RELAY_STATES`) and why it failed (or ``""``)."""


class RelayStateError(ValueError):
    """The bridge's report is not a list of ``[relay, state, why]``."""


def read_states(report: object) -> list[RelayState]:
    """The bridge's report, checked: a list of at most :data:`MAX_REPORTED` entries,
    each three strings, the state one of :data:`RELAY_STATES`.

    >>> read_states([["wss://a", "open", ""]])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardkit.ui_dom.relay_health.RelayStateError: a relay's state is not one of connecting, ...
    """
    if not isinstance(report, list) or len(report) > MAX_REPORTED:
        raise RelayStateError("the relays' report is not a short list")
    states: list[RelayState] = []
    for entry in report:
        if (not isinstance(entry, list) or len(entry) != 3
                or not all(isinstance(x, str) for x in entry)):
            raise RelayStateError("a relay's entry is not three texts")
        relay, state, why = entry
        if state not in RELAY_STATES:
            raise RelayStateError(f"a relay's state is not one of {', '.join(RELAY_STATES)}")
        states.append((relay[:MAX_TEXT], state, why[:MAX_TEXT]))
    return states


def reached(states: list[RelayState]) -> bool:
    return any(state == "reached" for _, state, _ in states)


def _all_failed(states: list[RelayState]) -> bool:
    return bool(states) and all(state in LOST_STATES for _, state, _ in states)


def host_trouble(states: list[RelayState], beats: int) -> bool:
    """Whether the host is to be told that no relay is reached: every relay failed or
    refused the table's events, or none was reached after :data:`HOST_WAIT_CHECKS` beats.

    >>> host_trouble([("wss://a", "refused", "blocked: no ephemeral events")], 1)
    True
    """
    if not states:  # nothing reported: nothing to say
        return False
    return not reached(states) and (_all_failed(states) or beats >= HOST_WAIT_CHECKS)


def guest_trouble(states: list[RelayState], beats: int, seated: bool,
                  connecting: bool = False) -> str | None:
    """What a guest is told, if anything: ``"no-relay"`` (none reached, every one
    failed or refused, or :data:`GUEST_WAIT_CHECKS` beats passed) or ``"no-host"`` (a relay
    reached, but no host answered within the beats); ``"connecting"`` while a device
    of the table that answered is being connected to directly (``connecting``: the
    relays did their part, and the wait is WebRTC's, said as progress, not as an old
    link).

    >>> guest_trouble([("wss://a", "reached", "")], 15, False)
    'no-host'
    >>> guest_trouble([("wss://a", "reached", "")], 15, False, connecting=True)
    'connecting'
    >>> guest_trouble([("wss://a", "failed", "1006")], 1, False)
    'no-relay'
    >>> guest_trouble([("wss://a", "failed", "1006")], 20, True) is None
    True
    """
    if seated or not states:
        return None
    if connecting:
        return "connecting"
    if not reached(states) and (_all_failed(states) or beats >= GUEST_WAIT_CHECKS):
        return "no-relay"
    return "no-host" if beats >= GUEST_WAIT_CHECKS else None


def relay_lines(t: Callable[..., str], states: list[RelayState]) -> list[str]:
    """One line per relay for the lobby: its address and state in the page's words.

    >>> from cardkit.ui_dom.strings_shell import STRINGS
    >>> def t(key: str, **kw: object) -> str: return STRINGS[key]["en"].format(**kw)
    >>> relay_lines(t, [("wss://a", "failed", "1006"), ("wss://b", "reached", "")])
    ['wss://a: failed (code 1006)', 'wss://b: reached']
    >>> relay_lines(t, [("wss://c", "refused", "rate-limited")])
    ['wss://c: refused our messages ("rate-limited")']
    """
    lines = []
    for relay, state, why in states:
        said = t(f"friends.relay.{state}")
        if state == "failed" and why:
            said += " " + t("friends.relay.code", code=why)
        elif state == "refused" and why:
            said += " " + t("friends.relay.reason", why=why[:MAX_SAID])
        lines.append(t("friends.relay.line", relay=relay, state=said))
    return lines
