// "Play with friends": the page's one bridge to the network, loaded only when the
// player opens it (cardkit/ui_dom/friends_net.py imports it; index.html names it
// nowhere, so a visit that never opens it fetches none of it). It carries texts and
// holds no logic: the page's Python reads, checks and answers every text.
//
// Trystero finds the other devices through the Nostr relays given (signaling only:
// the offers are encrypted with the room's password) and then connects them
// directly by WebRTC. `local`: every relay is on this machine, so no STUN server is
// asked either (nothing leaves the machine).
import { getRelaySockets, joinRoom, selfId } from "./net/trystero-nostr.mjs";
import { encode } from "./net/uqr.mjs";

// Trystero reports each connection closed on this side (its own leave(), a peer it
// gives up on) as a "peer error" (Chromium's "User-Initiated Abort, reason=Close
// called"): no fault, and not worth a console error; every other error still shows.
function quietCloses() {
  if (console.error.quietCloses) return;
  const report = console.error;
  const quiet = (...args) => {
    const closed = typeof args[0] === "string" && args[0].endsWith("peer error:") &&
      String(args[1]).includes("Close called");
    if (!closed) report.apply(console, args);
  };
  quiet.quietCloses = true;
  console.error = quiet;
}

// Trystero's RTCPeerConnection, each one's course told to the page: `on.ice(n, what)`
// with the connection's number and "seen" (the other device's description came),
// "connected", "failed" (ICE found no path) or "closed". The page decides what that
// means (cardkit/ui_dom/friends_state.py: a connection seen that never connects is
// said, with what to try); a connection with no candidate at all never "fails".
let connections = 0;
function watchedConnection(on) {
  const tell = (n, what) => on.ice?.(n, what); // (a caller that does not listen: none told)
  return class extends RTCPeerConnection {
    constructor(config) {
      super(config);
      const n = ++connections;
      this.n = n;
      this.addEventListener("iceconnectionstatechange", () => {
        const s = this.iceConnectionState;
        if (s === "connected" || s === "completed") tell(n, "connected");
        else if (s === "failed") tell(n, "failed");
      });
    }
    async setRemoteDescription(description) {
      const done = await super.setRemoteDescription(description);
      tell(this.n, "seen");
      return done;
    }
    close() {
      super.close();
      tell(this.n, "closed");
    }
  };
}

// `turn`: the player's TURN server (an RTCIceServer: urls, username, credential) or
// null. It goes into this browser's ICE configuration and nowhere else: after the
// public STUN servers (Trystero's turnConfig), or alone when every relay is local.
export function open(room, password, relays, local, on, turn) {
  quietCloses();
  const config = { appId: "napoleon-cards-table", relayConfig: { urls: [...relays], redundancy: relays.length } };
  if (password) config.password = password;
  const turns = turn ? [{ urls: turn.urls, username: turn.username, credential: turn.credential }] : [];
  if (local) config.rtcConfig = { iceServers: turns };
  else if (turns.length) config.turnConfig = turns;
  config.rtcPolyfill = watchedConnection(on);
  // A peer whose offers came but with whom no connection could be made (a strict
  // NAT both sides, a wrong password): said on the page, not only in the console.
  let r = null;
  let text = null;
  const join = () => {
    r = joinRoom(config, room, {
      onJoinError: (d) => on.joinError(String(d?.peerId ?? ""), String(d?.error ?? "")),
    });
    watch(relays); // the first sockets are opened by now: their close codes are kept
    text = r.makeAction("t");
    text.onMessage = (data, meta) => {
      if (typeof data === "string") on.message(meta.peerId, data);
      else on.message(meta.peerId, "");
    };
    r.onPeerJoin = (peer) => on.join(peer);
    r.onPeerLeave = (peer) => on.leave(peer);
  };
  join();
  let gone = false;
  return {
    self: selfId,
    send: (data, peer) => text.send(data, { target: peer }).catch(() => on.leave(peer)),
    // A line whose opening handshake one side lost carries texts the other never
    // reads: the room is left and joined again, so both sides hand each other their
    // room's presence and readiness anew (on the same line, or on a new one).
    redial: () => {
      r.leave().then(() => gone || join()).catch((e) => console.warn("redial:", e));
    },
    leave: () => {
      gone = true;
      return r.leave();
    },
  };
}

// Each relay's socket as this page sees it now: [url, "connecting" | "reached" |
// "refused" | "failed", why]: the close code the browser last gave for that relay,
// or the reason a reached relay gave for refusing this page's last event or
// subscription (NIP-01's ["OK", id, false, reason] and ["CLOSED", sub, reason]:
// a relay that is up but carries nothing of ours; one that rate-limits is refused
// until it next accepts). Trystero opens a new socket on each retry: each is
// watched as soon as it is seen.
const watched = new WeakSet();
const closeCodes = new Map();
const refusals = new Map();
const ANSWER = /^\s*\[\s*"(OK|CLOSED)"/;
function heard(url, event) {
  if (typeof event.data !== "string" || !ANSWER.test(event.data)) return; // not parsed twice
  let msg;
  try {
    msg = JSON.parse(event.data);
  } catch {
    return;
  }
  if (!Array.isArray(msg)) return;
  if (msg[0] === "OK" && msg[2] === true) refusals.delete(url);
  else if (msg[0] === "OK" && msg[2] === false) refusals.set(url, String(msg[3] ?? ""));
  else if (msg[0] === "CLOSED") refusals.set(url, String(msg[2] ?? ""));
}
function watch(relays) {
  const sockets = getRelaySockets();
  for (const url of relays) {
    const ws = sockets[url];
    if (ws && !watched.has(ws)) {
      watched.add(ws);
      refusals.delete(url);
      ws.addEventListener("close", (e) => closeCodes.set(url, String(e.code)));
      ws.addEventListener("message", (e) => heard(url, e));
    }
  }
  return sockets;
}
export function relayStates(relays) {
  const sockets = watch(relays);
  return [...relays].map((url) => {
    const ws = sockets[url];
    if (!ws || ws.readyState === 0) return [url, "connecting", ""];
    // (Trystero closes a relay that refused for good: it stays "refused", with why.)
    if (refusals.has(url)) return [url, "refused", refusals.get(url)];
    if (ws.readyState === 1) return [url, "reached", ""];
    return [url, "failed", closeCodes.get(url) || ""];
  });
}

// The link as a QR code's modules: rows of 0/1 (the page draws them).
export function qr(link) {
  return encode(link, { ecc: "M", border: 2 }).data.map((row) => row.map((m) => (m ? 1 : 0)));
}
