// "Play with friends" without a relay: one RTCPeerConnection and one data channel
// a guest, its offer and answer copied by hand (a QR code or a short code). Loaded
// only when a host asks for it or a guest opens such a code (cardkit/ui_dom/
// friends_manual.py imports it). It moves texts and holds no logic: the page's
// Python packs each description into its code and reads every text received.
//
// No STUN server (offline there is none): only host candidates, so the two devices
// must share a network. Each description is sent once ICE gathering is complete,
// which makes it one text.
import { encode } from "./net/uqr.mjs";

const CONFIG = { iceServers: [] };
// Gathering host candidates takes milliseconds; past this the candidates found go.
const GATHER_MS = 5000;

function gathered(pc) {
  return new Promise((done) => {
    if (pc.iceGatheringState === "complete") return done();
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", () => {
      if (pc.iceGatheringState === "complete") {
        clearTimeout(timer);
        done();
      }
    });
  });
}

function wire(pc, channel, on) {
  let closed = false;
  const close = () => {
    if (!closed) {
      closed = true;
      on.close();
    }
  };
  channel.onopen = () => on.open();
  channel.onmessage = (e) => on.message(typeof e.data === "string" ? e.data : "");
  channel.onclose = close;
  pc.addEventListener("connectionstatechange", () => {
    if (pc.connectionState === "failed" || pc.connectionState === "closed") close();
  });
}

function link(pc, state) {
  return {
    sdp: pc.localDescription.sdp,
    send: (text) => {
      if (state.channel && state.channel.readyState === "open") state.channel.send(text);
    },
    close: () => pc.close(),
  };
}

// The host's side of one seat: the offer's SDP; answer(sdp) takes the guest's.
export async function offer(on) {
  const pc = new RTCPeerConnection(CONFIG);
  const state = { channel: pc.createDataChannel("t", { ordered: true }) };
  wire(pc, state.channel, on);
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  const out = link(pc, state);
  out.answer = (sdp) => pc.setRemoteDescription({ type: "answer", sdp });
  return out;
}

// A guest's side: the host's offer in, the answer's SDP out.
export async function answer(sdp, on) {
  const pc = new RTCPeerConnection(CONFIG);
  const state = { channel: null };
  pc.ondatachannel = (e) => {
    state.channel = e.channel;
    wire(pc, e.channel, on);
  };
  await pc.setRemoteDescription({ type: "offer", sdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  return link(pc, state);
}

// The host's device, another tab: an answer opened from its QR code's link goes to
// the tab whose table made the offer (same origin only), which says it took it.
export function listen(name, on) {
  const channel = new BroadcastChannel(name);
  channel.onmessage = (e) => {
    if (typeof e.data === "string") {
      const reply = on(e.data);
      if (reply) channel.postMessage({ taken: reply });
    }
  };
  return () => channel.close();
}

export function hand(name, text) {
  const channel = new BroadcastChannel(name);
  return new Promise((done) => {
    const timer = setTimeout(() => {
      channel.close();
      done("");
    }, 3000);
    channel.onmessage = (e) => {
      if (e.data && typeof e.data.taken === "string") {
        clearTimeout(timer);
        channel.close();
        done(e.data.taken);
      }
    };
    channel.postMessage(text);
  });
}

// A code's link as a QR code's modules: rows of 0/1 (the page draws them).
export function qr(link) {
  return encode(link, { ecc: "M", border: 2 }).data.map((row) => row.map((m) => (m ? 1 : 0)));
}
