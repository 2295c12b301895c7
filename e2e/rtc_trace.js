// The init script of e2e/rtc_trace.py: every RTCPeerConnection's course, noted
// with the time (window.__rtcTrace, at most 1500 notes). A message is noted by its
// Trystero frame only (a room's presence, or a packet's action, e.g. "@_hsready"
// or the page's "t"; never its payload), the first 6 of each kind each way.
(() => {
  const Base = window.RTCPeerConnection;
  if (!Base || window.__rtcTrace) return;
  const trace = window.__rtcTrace = [];
  let count = 0;
  const note = (n, what) => {
    if (trace.length < 1500) trace.push(`${Date.now() % 100000000} #${n} ${what}`);
  };
  // What a Trystero frame is: a room's presence ("presence on"/"off"), or a room's
  // packet, named by its action (the packet's first 32 bytes, padded with NULs).
  const actionOf = (data) => {
    try {
      const b = data instanceof ArrayBuffer ? new Uint8Array(data)
        : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : null;
      if (!b) return typeof data;
      if (b[0] === 2 && b.length >= 4) return `presence ${b[1] === 1 ? "on" : "off"}`;
      if (b[0] !== 1 || b.length < 3) return `frame ${b[0]}`;
      const packet = b.subarray(3 + ((b[1] << 8) | b[2]));
      return new TextDecoder().decode(packet.subarray(0, 32)).replaceAll("\0", "") || "?";
    } catch {
      return "?";
    }
  };
  const watchChannel = (n, ch) => {
    let got = 0, sent = 0;
    const seen = new Map();
    const noteAction = (way, data, count) => {
      const key = `${way} ${actionOf(data)}`;
      const times = (seen.get(key) ?? 0) + 1;
      seen.set(key, times);
      if (times <= 6) note(n, `channel ${ch.label} ${way} ${count} ${key.slice(way.length + 1)}`);
    };
    // An answering side's channel may come open and still fire "open": noted once.
    let opened = ch.readyState === "open";
    note(n, `channel ${ch.label} ${ch.readyState}`);
    ch.addEventListener("open", () => { if (!opened) note(n, `channel ${ch.label} open`); opened = true; });
    ch.addEventListener("close", () => note(n, `channel ${ch.label} close (got ${got}, sent ${sent})`));
    ch.addEventListener("error", (e) => note(n, `channel ${ch.label} error ${e?.error?.message ?? ""}`));
    ch.addEventListener("message", (e) => noteAction("message", e.data, ++got));
    const send = ch.send.bind(ch);
    ch.send = (data) => { noteAction("send", data, ++sent); return send(data); };
  };
  window.RTCPeerConnection = class extends Base {
    constructor(config) {
      super(config);
      const n = this.__n = ++count;
      note(n, `new (${(config?.iceServers ?? []).length} ice servers)`);
      for (const kind of ["signalingstate", "icegatheringstate", "iceconnectionstate", "connectionstate"]) {
        const field = kind === "signalingstate" ? "signalingState" : kind === "icegatheringstate"
          ? "iceGatheringState" : kind === "iceconnectionstate" ? "iceConnectionState" : "connectionState";
        this.addEventListener(kind + "change", () => note(n, `${field} ${this[field]}`));
      }
      this.addEventListener("icecandidate", (e) => note(n, e.candidate
        ? `local candidate ${e.candidate.type} ${e.candidate.protocol} ${e.candidate.address}:${e.candidate.port}`
        : "local candidates done"));
      this.addEventListener("icecandidateerror", (e) => note(n, `candidate error ${e.errorCode} ${e.url}`));
      this.addEventListener("datachannel", (e) => watchChannel(n, e.channel));
    }
    createDataChannel(label, options) {
      const ch = super.createDataChannel(label, options);
      watchChannel(this.__n, ch);
      return ch;
    }
    async setLocalDescription(d) {
      try { const r = await super.setLocalDescription(d); note(this.__n, `local ${this.localDescription?.type}`); return r; }
      catch (e) { note(this.__n, `local description refused: ${e}`); throw e; }
    }
    async setRemoteDescription(d) {
      const lines = String(d?.sdp ?? "").split("\n").filter((l) => l.startsWith("a=candidate")).length;
      try { const r = await super.setRemoteDescription(d); note(this.__n, `remote ${d?.type} (${lines} candidates)`); return r; }
      catch (e) { note(this.__n, `remote ${d?.type} refused: ${e}`); throw e; }
    }
    async addIceCandidate(c) {
      const text = typeof c?.candidate === "string" ? c.candidate.split(" ").slice(4, 8).join(" ") : "end";
      try { const r = await super.addIceCandidate(c); note(this.__n, `remote candidate ${text}`); return r; }
      catch (e) { note(this.__n, `remote candidate refused ${text}: ${e}`); throw e; }
    }
    close() { note(this.__n, "close()"); return super.close(); }
  };
})();
