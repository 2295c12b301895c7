"""The table with friends without a relay: each guest's offer and answer copied by hand.

Where no relay is reachable but the devices share a network, the host makes an
offer for one seat ("Connect without a relay"): a QR code whose link opens the
page at ``#manual=<code>``, and the same link as text to copy. The guest's page
opened on it (or the code pasted in "Join another table by code") answers with its
own code, shown the same way (its QR code's link is ``#answer=<code>``: opened on the
host's device, that tab hands it to the table's tab by a same-origin
``BroadcastChannel``); the host pastes it, and one data channel a guest carries
the same texts a relay's room does, so the referee and the guest's session are
the same. :mod:`cardkit.table_net.manual_code` packs and checks the codes;
``web/friends_manual.mjs`` holds the ``RTCPeerConnection`` (no STUN server: only
host candidates, so the devices must reach each other on their network) and is
imported only when used.

A guest connected this way keeps its seat token as any guest (its table's id is
in the offer), but nothing finds it again: a bare data channel has no way to reach
a page that was not there when it was made (no relay introduces the two pages
anew, and a reloaded page's connection is a new one, with new ICE credentials and
DTLS fingerprint that the other page must be given). So a dropped guest, or every
such guest after a reload of the host's page, needs a new exchange, and both pages
say so: the host's panel (its note, and the seat's countdown to a computer: such a
seat waits no longer than any dropped guest's) and the guest's table, which takes
no click and says where it said whose turn it is that a new code brings it back
(no wait of the guest's runs out meanwhile). The new code's link opened in the
guest's tab (only the fragment changes) is answered by the same seat's session
(:meth:`ManualExchange.opened_here`): the seat and all its page saw are kept, and
the host sends the views of the moves it missed.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
from collections.abc import Callable
from typing import Any, Final

from cardkit.table_net import manual_code
from cardkit.ui_dom import browser, page_reset
from cardkit.ui_dom.friends import HAND_PEER, qr_el
from cardkit.ui_dom.nodes import el, proxy

__all__ = ["ANSWER_KEY", "GUEST_HOST", "MODULE", "OFFER_KEY", "HostLinks", "GuestLink",
           "code_in", "host_el", "join_el", "load", "reply_el", "room_of", "table_of"]

MODULE: Final = "./friends_manual.mjs"
OFFER_KEY: Final = "manual"
ANSWER_KEY: Final = "answer"
#: A guest's name for the one peer its data channel reaches.
GUEST_HOST: Final = "manual-host"


async def load() -> Any:
    page_reset.hold("a table with friends")
    window = browser.window()
    url = window.URL.new(MODULE, window.document.baseURI).href
    # The bridge's way (friends_net.Bridge.open): a dynamic import of the site's own file.
    return await window.Function.new("u", "return import(u)")(url)


def table_of(room: str) -> bytes:
    """The table's id in an offer: 128 bits of the room's hash, the same for every
    offer of one table (so a guest's seat token, kept by it, finds its seat again)."""
    return hashlib.sha256(room.encode("utf-8")).digest()[:manual_code.TABLE_BYTES]


def room_of(table: bytes) -> str:
    """The name a guest keeps its seat token under: the table's id as text.

    >>> room_of(table_of("abcdefghijklmnopqrstuv")) == room_of(table_of("abcdefghijklmnopqrstuv"))
    True
    >>> len(room_of(bytes(16)))
    22
    """
    return base64.urlsafe_b64encode(table).decode("ascii").rstrip("=")


def code_in(text: str, key: str) -> str:
    """The code in what a person pasted: the code itself, or a link holding
    ``#<key>=<code>``.

    >>> code_in(" https://x/?game=durak#manual=AbC ", "manual"), code_in("AbC", "manual")
    ('AbC', 'AbC')
    """
    text = text.strip()[:manual_code.MAX_CODE + 2000]
    mark = f"#{key}="
    return text.split(mark, 1)[1] if mark in text else text


def page_link(key: str, code: str, game: str) -> str:
    loc = browser.window().location
    return f"{loc.origin}{loc.pathname}?game={game}#{key}={code}"


def channel_name(game: str) -> str:
    """The ``BroadcastChannel`` a host's tabs share (the site's path: one origin may
    hold other copies of the site)."""
    return f"{browser.window().location.pathname}:{game}:friends-manual"


def _handlers(on_open: Callable[[], None], on_message: Callable[[str], None],
              on_close: Callable[[], None]) -> Any:
    handlers = browser.window().Object.new()
    handlers.open = proxy(lambda: on_open())
    handlers.message = proxy(lambda text: on_message(str(text)))
    handlers.close = proxy(lambda: on_close())
    return handlers


class HostLinks:
    """The host's guests connected by hand: one connection each, and the one offer
    waiting for its answer (a new offer replaces it)."""

    def __init__(self, module: Any, on_message: Callable[[str, str], None],
                 on_join: Callable[[str], None], on_leave: Callable[[str], None]) -> None:
        self.module = module
        self.on_message, self.on_join, self.on_leave = on_message, on_join, on_leave
        self.links: dict[str, Any] = {}
        self.pending: str | None = None
        #: The pending offer's link (what its QR code holds) and QR modules.
        self.link = ""
        self.qr: list[list[int]] | None = None
        self.made = 0
        self.stop_listening: Any = None

    async def offer(self, room: str, game: str) -> str:
        if self.pending is not None:
            self.links.pop(self.pending).close()
        self.made += 1
        peer = self.pending = f"{HAND_PEER}{self.made}"
        link = await self.module.offer(_handlers(
            lambda: self.on_join(peer), lambda text: self.on_message(peer, text),
            lambda: self._closed(peer)))
        self.links[peer] = link
        code = manual_code.read_sdp("offer", str(link.sdp), table_of(room))
        self.link = page_link(OFFER_KEY, code, game)
        self.qr = self.rows(self.link)
        return code

    def rows(self, text: str) -> list[list[int]] | None:
        try:
            return [[int(m) for m in row] for row in self.module.qr(text).to_py()]
        except Exception:
            return None  # the text and its copy button still work

    async def answer(self, text: str) -> None:
        """The guest's answer to the pending offer (a :class:`CodeError` if unreadable)."""
        code = manual_code.decode(code_in(text, ANSWER_KEY), "answer")
        if self.pending is None:
            raise manual_code.CodeError("offer", "no offer waits for an answer")
        link = self.links[self.pending]
        self.pending, self.link, self.qr = None, "", None
        await link.answer(manual_code.sdp(code))

    def _closed(self, peer: str) -> None:
        if self.links.pop(peer, None) is not None:
            if self.pending == peer:
                self.pending, self.link, self.qr = None, "", None
            self.on_leave(peer)

    def send(self, text: str, peer: str) -> bool:
        link = self.links.get(peer)
        if link is None:
            return False
        link.send(text)
        return True

    def listen(self, game: str, take: Callable[[str], bool]) -> None:
        """Answers handed over by another tab of this device (``#answer=`` links)."""
        if self.stop_listening is None:
            self.stop_listening = self.module.listen(
                channel_name(game), proxy(lambda text: "taken" if take(str(text)) else ""))

    def close(self) -> None:
        for link in self.links.values():
            with contextlib.suppress(Exception):
                link.close()
        self.links.clear()


class GuestLink:
    """A guest's one connection, shaped as :class:`cardkit.ui_dom.friends_net.Bridge`
    (``self_id``, ``send``, ``leave``) so the page sends through it the same way."""

    def __init__(self, module: Any) -> None:
        self.module = module
        self.self_id = ""
        self.link: Any = None
        self.code = ""
        self.qr: list[list[int]] | None = None
        self.open = False
        #: Left (by the person, or for a new code): its connection's events are none
        #: of the table's any more.
        self.gone = False

    async def answer(self, offer: manual_code.Code, game: str,
                     on_message: Callable[[str, str], None], on_join: Callable[[str], None],
                     on_leave: Callable[[str], None]) -> None:
        def opened() -> None:
            if not self.gone:
                self.open = True
                on_join(GUEST_HOST)

        def message(text: str) -> None:
            if not self.gone:
                on_message(GUEST_HOST, text)

        def closed() -> None:
            if not self.gone:
                on_leave(GUEST_HOST)

        self.link = await self.module.answer(manual_code.sdp(offer),
                                             _handlers(opened, message, closed))
        self.code = manual_code.read_sdp("answer", str(self.link.sdp))
        try:
            link = page_link(ANSWER_KEY, self.code, game)
            self.qr = [[int(m) for m in row] for row in self.module.qr(link).to_py()]
        except Exception:
            self.qr = None

    def send(self, text: str, peer: str) -> None:
        if self.link is not None and peer == GUEST_HOST:
            self.link.send(text)

    def leave(self) -> None:
        self.gone = True
        if self.link is not None:
            self.link.close()


async def hand_answer(module: Any, game: str, code: str) -> bool:
    """An answer opened on the host's device: given to the table's tab, if one takes it."""
    return bool(str(await module.hand(channel_name(game), code)))


# ---- the panels' parts -----------------------------------------------------------------


def host_el(t: Callable[..., str], links: HostLinks | None) -> Any:
    """The host's manual exchange: the button, the offer waiting (QR code, link to
    copy) and the field for its answer."""
    box = el("div", "friends-manual", id="friends-manual-box")
    box.append(el("button", "btn", t("friends.manual.offer"), type="button",
                  id="friends-manual", data_act="friends-manual"))
    if links is None or links.pending is None:
        return box
    box.append(el("p", "friends-note", t("friends.manual.offer_note")))
    if links.qr:
        box.append(qr_el(t, links.qr, "friends-manual-qr", "friends.manual.qr"))
    _copyable(t, box, "friends-manual-offer", t("friends.manual.offer_link"), links.link)
    box.append(el("label", "friends-label", t("friends.manual.answer"),
                  for_="friends-manual-answer"))
    box.append(el("input", "friends-link", id="friends-manual-answer", type="text",
                  autocomplete="off", spellcheck="false"))
    box.append(el("button", "btn primary", t("friends.manual.connect"), type="button",
                  id="friends-manual-connect", data_act="friends-manual-connect"))
    return box


def join_el(t: Callable[..., str]) -> Any:
    """"Join another table by code": a code (or its link) pasted on this device makes
    it a guest."""
    box = el("div", "friends-manual", id="friends-join-box")
    box.append(el("label", "friends-label", t("friends.manual.join"), for_="friends-join-code"))
    box.append(el("input", "friends-link", id="friends-join-code", type="text",
                  autocomplete="off", spellcheck="false"))
    box.append(el("button", "btn", t("friends.manual.join_go"), type="button",
                  id="friends-join-go", data_act="friends-join-go"))
    return box


def reply_el(t: Callable[..., str], guest: GuestLink) -> Any:
    """A guest's answer to give back to the host: QR code and text."""
    box = el("div", "friends-manual", id="friends-reply-box")
    box.append(el("p", "friends-note", t("friends.manual.reply_note")))
    if guest.qr:
        box.append(qr_el(t, guest.qr, "friends-reply-qr", "friends.manual.reply_qr"))
    _copyable(t, box, "friends-manual-reply", t("friends.manual.reply"), guest.code)
    return box


def _copyable(t: Callable[..., str], box: Any, id_: str, label: str, value: str) -> None:
    box.append(el("label", "friends-link-label", label, for_=id_))
    field = el("input", "friends-link", id=id_, readonly=True, type="text")
    field.value = value
    box.append(field)
    box.append(el("button", "btn", t("friends.manual.copy"), type="button",
                  id=id_ + "-copy", data_act="friends-manual-copy"))


def copy_field(id_: str) -> None:
    field = browser.window().document.getElementById(id_)
    if field:
        field.select()
        with contextlib.suppress(Exception):  # selected: the person copies it
            browser.window().navigator.clipboard.writeText(field.value)


# ---- the page's part -------------------------------------------------------------------


class ManualExchange:
    """The manual exchange on a :class:`cardkit.ui_dom.friends_page.FriendsPage`
    (``page``): the host's offers and their answers, a guest's answer, an answer
    handed from another tab, and the panel's parts for each."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.module: Any = None
        self.host: HostLinks | None = None
        self.guest: GuestLink | None = None

    @property
    def game(self) -> str:
        return str(self.page.game.name)

    def notice(self, key: str, **kw: object) -> None:
        self.page.app.show_notices([self.page.t(key, **kw)])

    async def _load(self) -> Any:
        if self.module is None:
            self.module = await load()
        return self.module

    # ---- the host ----------------------------------------------------------------------

    async def make_offer(self) -> None:
        page = self.page
        if page.host is None or page.invite is None:
            return
        try:
            module = await self._load()
            if self.host is None:
                session = page.host
                self.host = HostLinks(module, session.message, self._joined(session.joined),
                                      self._left(session.left))
                self.host.listen(self.game, self.take_answer)
            await self.host.offer(page.invite.room, self.game)
        except Exception as e:  # no WebRTC here, or no candidate gathered
            self.notice("friends.manual.failed", error=str(e)[:120])
            return
        page.draw_panel()

    async def answer(self, text: str) -> None:
        if self.host is None:
            return
        # Said before the answer is given: the friend's connection may open (and
        # :meth:`_joined` end this line) before the answer's await returns.
        before, self.page.note = self.page.note, self.page.t("friends.manual.connecting")
        try:
            await self.host.answer(text)
        except manual_code.CodeError as e:
            self.page.note = before
            self.notice("friends.manual.bad_code", error=str(e))
            return  # the field keeps what was pasted
        except Exception as e:  # the browser refused the description
            self.page.note = before
            self.notice("friends.manual.failed", error=str(e)[:120])
            return
        field = browser.window().document.getElementById("friends-manual-answer")
        if field:  # the answer was taken: a redraw keeps no used code
            field.value = ""
        self.page.draw_panel()

    def _joined(self, joined: Callable[[str], None]) -> Callable[[str], None]:
        """A friend connected by hand: the host's "connecting" line is over."""
        def on_join(peer: str) -> None:
            if self.page.note == self.page.t("friends.manual.connecting"):
                self.page.note = ""
            joined(peer)
        return on_join

    def _left(self, left: Callable[[str], None]) -> Callable[[str], None]:
        """A connection closed while the host's line still said "connecting": it failed."""
        def on_leave(peer: str) -> None:
            if self.page.note == self.page.t("friends.manual.connecting"):
                self.page.note = self.page.t("friends.manual.failed",
                                             error=self.page.t("friends.manual.closed"))
            left(peer)
        return on_leave

    def take_answer(self, text: str) -> bool:
        """An answer another tab of this device hands over: taken if an offer waits."""
        if self.host is None or self.host.pending is None:
            return False
        try:
            manual_code.decode(text, "answer")
        except manual_code.CodeError:
            return False
        from cardkit.ui_dom.tasks import spawn

        spawn(self.answer(text))
        return True

    def send(self, text: str, peer: str) -> bool:
        return self.host is not None and self.host.send(text, peer)

    def drop_all(self) -> None:
        """The host's room opened again (a new password or relays): its guests go."""
        if self.host is not None:
            self.host.close()

    # ---- a guest -------------------------------------------------------------------------

    async def opened(self, fragment: str) -> None:
        """The page opened on ``#manual=`` (a guest) or ``#answer=`` (the host's other tab)."""
        if fragment.startswith(f"#{ANSWER_KEY}="):
            await self.hand(fragment)
        else:
            await self.join(fragment)

    async def join(self, text: str) -> None:
        page = self.page
        try:
            offer = manual_code.decode(code_in(text, OFFER_KEY), "offer")
        except manual_code.CodeError as e:
            self.notice("friends.manual.bad_code", error=str(e))
            return
        from cardkit.ui_dom import friends_net as net

        page.invite = net.Invite(room_of(offer.table), GUEST_HOST, ())
        await self.answer_offer(offer, page.guest_session(page.invite))

    async def answer_offer(self, offer: manual_code.Code, guest: Any) -> None:
        """``guest`` (the page's session) answers ``offer``: its answer shown for the
        host, its seat taken once the host took the answer."""
        page = self.page
        link = GuestLink(None)
        try:
            link.module = await self._load()
            await link.answer(offer, self.game, guest.message, guest.joined, guest.left)
        except Exception as e:
            self.notice("friends.manual.failed", error=str(e)[:120])
            return
        if self.guest is not None:
            self.guest.leave()  # (given up: its closing is no news)
        self.guest = page.bridge = link
        page.note = page.t("friends.manual.reply_wait")
        page.draw_panel()

    def opened_here(self, fragment: str) -> bool:
        """A code opened in this tab while the page is on (only the fragment changed):
        taken here if it is an answer to this host's offer waiting, or a new code of
        the table this page sits at by a code (its session answers it, the seat and
        all its page saw kept; the host then sends the moves it missed). ``False``:
        the page is to open it anew."""
        page = self.page
        if fragment.startswith(f"#{ANSWER_KEY}="):
            return self.take_answer(code_in(fragment, ANSWER_KEY))
        try:
            offer = manual_code.decode(code_in(fragment, OFFER_KEY), "offer")
        except manual_code.CodeError as e:
            self.notice("friends.manual.bad_code", error=str(e))
            return True  # nothing changes
        guest = page.guest
        if (guest is None or self.guest is None or page.invite is None or page.ended
                or room_of(offer.table) != page.invite.room):
            return False
        from cardkit.ui_dom.tasks import spawn

        spawn(self.answer_offer(offer, guest))
        return True

    async def hand(self, fragment: str) -> None:
        t = self.page.t
        try:
            code = manual_code.decode(code_in(fragment, ANSWER_KEY), "answer")
            taken = await hand_answer(await self._load(), self.game, manual_code.encode(code))
        except manual_code.CodeError as e:
            self.notice("friends.manual.bad_code", error=str(e))
            return
        except Exception as e:
            self.notice("friends.manual.failed", error=str(e)[:120])
            return
        from cardkit.ui_dom.friends import panel_el, show_panel

        note = t("friends.manual.handed" if taken else "friends.manual.not_handed")
        panel = panel_el(t, t("friends.title"), [], note=note)
        panel.setAttribute("data-role", "answer")
        show_panel(panel)
        table = browser.window().document.getElementById("table")
        if table:
            table.hidden = True

    def go_join(self) -> None:
        """"Join another table by code" in the host's lobby: this page becomes that
        table's guest."""
        field = browser.window().document.getElementById("friends-join-code")
        text = str(field.value) if field else ""
        try:
            code = manual_code.decode(code_in(text, OFFER_KEY), "offer")
        except manual_code.CodeError as e:
            self.notice("friends.manual.bad_code", error=str(e))
            return
        window = browser.window()
        location = window.location
        # (no ``hashchange``: the page is opened anew on the code)
        window.history.replaceState(None, "", f"{location.pathname}{location.search}"
                                    f"#{OFFER_KEY}={manual_code.encode(code)}")
        location.reload()

    # ---- the panel -----------------------------------------------------------------------

    def decorate(self, panel: Any, hosting: bool, more: Any = None, away: bool = False) -> None:
        """The manual exchange's parts of the table's panel, with their clicks; in the
        host's lobby they go into ``more`` (the panel's "Other ways to connect"). Once
        the table is started, the host's offer is there only while a friend's seat is
        ``away`` or an offer waits (nobody new joins a started table: the code brings
        back a friend who dropped), so the line above the table stays short."""
        from cardkit.ui_dom.nodes import on
        from cardkit.ui_dom.tasks import spawn

        page, t = self.page, self.page.t
        ways = more if hosting and more is not None else panel
        waiting = self.host is not None and self.host.pending is not None
        if page.host is not None and not page.ended and (hosting or away or waiting):
            ways.append(host_el(t, self.host))
        if hosting:
            ways.append(join_el(t))
        if page.guest is not None and self.guest is not None and not self.guest.open:
            panel.append(reply_el(t, self.guest))

        def click(id_: str, act: Callable[[], None]) -> None:
            node = panel.querySelector(f"#{id_}")
            if node:
                on(node, "click", lambda _e: act())

        click("friends-manual", lambda: spawn(self.make_offer()))
        click("friends-manual-connect", lambda: spawn(self.answer(_value("friends-manual-answer"))))
        click("friends-join-go", self.go_join)
        click("friends-manual-offer-copy", lambda: copy_field("friends-manual-offer"))
        click("friends-manual-reply-copy", lambda: copy_field("friends-manual-reply"))


def _value(id_: str) -> str:
    field = browser.window().document.getElementById(id_)
    return str(field.value) if field else ""
