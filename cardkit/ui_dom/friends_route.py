"""Whether two devices that found each other can connect, and the TURN setting's form.

The relays let two devices find each other; the connection itself is WebRTC's,
directly between them (or through a TURN server, :mod:`cardkit.ui_dom.turn_server`).
Behind networks that give every connection a new port (mobile networks often do)
there is no direct path: ICE fails, or, when a side has no candidate at all, it
never ends. Either way the page would go on saying "Joining the table…" and the
host's seat "open". :class:`RouteWatch` follows each connection the bridge reports
(``web/friends.mjs``) and says why once one is lost: ``ice`` (ICE failed), or
``wait`` (the other device's answer came, and no connection within
:data:`ROUTE_WAIT` seconds). Trystero's own report of such a peer (its
``onJoinError``) is read by :func:`route_reason`. Both pages (guest and host) then
say what to try (:func:`route_note`): the same Wi-Fi, a TURN server (the form
under "Other ways to connect", :func:`turn_form_el`), or the exchange of codes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, Protocol

from cardkit.ui_dom.nodes import el
from cardkit.ui_dom.turn_server import TurnServer

__all__ = ["HANDSHAKE_TIMED_OUT", "ROUTE_REASONS", "ROUTE_WAIT", "RouteWatch", "route_note",
           "route_reason", "turn_form_el", "turn_values"]

#: Seconds a connection whose other side answered may take before it is said to
#: have failed (ICE's own checks give up after about 15 s, Trystero's after 23 s).
ROUTE_WAIT: Final = 30.0
#: Why a connection failed, as :func:`route_note` says it.
ROUTE_REASONS: Final = ("ice", "wait", "password")
#: How Trystero's report of a peer says its line opened and the handshake never came
#: (no route's fault): the site's build refuses a Trystero that no longer says it
#: (``scripts.friends_net.check_handshake_words``).
HANDSHAKE_TIMED_OUT: Final = "handshake timed out"


class Timer(Protocol):
    def cancel(self) -> None: ...


def route_reason(error: str) -> str:
    """Trystero's report of a peer it could not connect to, as one of
    :data:`ROUTE_REASONS` (a wrong password is the one it tells apart).

    >>> route_reason("could not connect to peer ab12 after exchanging SDP; configure TURN servers")
    'ice'
    >>> route_reason("incorrect room password when decrypting offer")
    'password'
    """
    return "password" if "password" in error.lower() else "ice"


def route_note(t: Callable[..., str], reason: str, hosting: bool) -> str:
    """What the page says of a connection that failed, with what to try (the host can
    make a code for "Connect without a relay"; a guest asks the host for one).

    >>> from cardkit.ui_dom.strings_shell import STRINGS
    >>> def t(key: str, **kw: object) -> str: return STRINGS[key]["en"].format(**kw)
    >>> route_note(t, "wait", hosting=True)  # doctest: +ELLIPSIS
    'Could not connect to your friend’s device (no connection after 30 s). Try: ...'
    """
    why = t(f"friends.route.{reason if reason in ROUTE_REASONS else 'ice'}", s=int(ROUTE_WAIT))
    return t("friends.route_failed.host" if hosting else "friends.route_failed.guest", why=why)


class RouteWatch:
    """The connections the bridge reports, each by its number: one whose other side
    answered (``seen``) and that neither connects nor closes within :data:`ROUTE_WAIT`
    seconds, or whose ICE ``failed``, is told to ``failed`` with its reason.

    ``later`` is the event loop's ``call_later`` (its timers are the page's: a
    browser test moves them with Playwright's clock).
    """

    def __init__(self, failed: Callable[[str], None],
                 later: Callable[[float, Callable[[], None]], Timer]) -> None:
        self.failed = failed
        self.later = later
        #: The connections seen and not yet connected or closed, with their timers.
        self.pending: dict[int, Timer] = {}

    def ice(self, n: int, what: str) -> None:
        if what == "seen":
            if n not in self.pending:
                self.pending[n] = self.later(ROUTE_WAIT, lambda: self._stalled(n))
            return
        timer = self.pending.pop(n, None)
        if timer is not None:
            timer.cancel()
        if what == "failed":
            self.failed("ice")

    def _stalled(self, n: int) -> None:
        if self.pending.pop(n, None) is not None:
            self.failed("wait")

    def stop(self) -> None:
        for timer in self.pending.values():
            timer.cancel()
        self.pending.clear()


def turn_values(turn: TurnServer | None) -> tuple[str, str, str]:
    """The form's values for a kept setting (empty: none)."""
    return (turn.url, turn.user, turn.credential) if turn else ("", "", "")


def turn_form_el(t: Callable[..., str], values: tuple[str, str, str], saved: str = "") -> Any:
    """The TURN server's fields under "Other ways to connect": its address, user and
    credential (``values``: kept, or as typed before a redraw), saved together
    (``saved``: the line that says it was)."""
    box = el("div", "friends-room friends-turn", id="friends-turn")
    box.append(el("p", "friends-label friends-turn-title", t("friends.turn.title")))
    kinds = ("text", "text", "password")
    for name, value, kind in zip(("url", "user", "credential"), values, kinds, strict=True):
        field_id = f"friends-turn-{name}"
        box.append(el("label", "friends-label", t(f"friends.turn.{name}"), for_=field_id))
        field = el("input", "friends-turn-field", id=field_id, type=kind, autocomplete="off",
                   spellcheck="false", autocapitalize="off")
        field.value = value
        box.append(field)
    box.append(el("p", "friends-label friends-turn-note", t("friends.turn.note")))
    box.append(el("button", "btn", t("friends.turn.save"), type="button", id="friends-turn-save"))
    if saved:
        box.append(el("p", "friends-label", saved, id="friends-turn-saved", role="status"))
    return box
