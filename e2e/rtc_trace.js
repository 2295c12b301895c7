// The init script of e2e/rtc_trace.py: every RTCPeerConnection's course, noted
// with the time (window.__rtcTrace, at most 600 notes; never a message's text).
(() => {
  const Base = window.RTCPeerConnection;
  if (!Base || window.__rtcTrace) return;
  const trace = window.__rtcTrace = [];
  let count = 0;
  const note = (n, what) => {
    if (trace.length < 600) trace.push(`${Date.now() % 100000000} #${n} ${what}`);
  };
  const watchChannel = (n, ch) => {
    let got = 0, sent = 0;
    // An answering side's channel may come open and still fire "open": noted once.
    let opened = ch.readyState === "open";
    note(n, `channel ${ch.label} ${ch.readyState}`);
    ch.addEventListener("open", () => { if (!opened) note(n, `channel ${ch.label} open`); opened = true; });
    ch.addEventListener("close", () => note(n, `channel ${ch.label} close (got ${got}, sent ${sent})`));
    ch.addEventListener("error", (e) => note(n, `channel ${ch.label} error ${e?.error?.message ?? ""}`));
    ch.addEventListener("message", () => { if (++got <= 3) note(n, `channel ${ch.label} message ${got}`); });
    const send = ch.send.bind(ch);
    ch.send = (data) => { if (++sent <= 3) note(n, `channel ${ch.label} send ${sent}`); return send(data); };
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
