// A tiny Nostr relay for the tests and for local play: `node e2e/nostr_relay.mjs [PORT]
// [REFUSAL]` (on 127.0.0.1, or the address in RELAY_HOST; without PORT, or with 0, on a free port the system
// chooses; with REFUSAL, it answers every EVENT with ["OK", id, false, REFUSAL] and
// keeps or sends none, as a relay that is up but refuses a table's events). It
// keeps events in memory and speaks the part of NIP-01 that signaling needs: EVENT
// (stored, answered with OK, sent to every matching subscription), REQ (filters with
// kinds, #x tags and since; the stored matches, then EOSE), CLOSE. It checks no
// signature: it serves one machine's tests. Prints "listening <port>" once it accepts
// connections.
import { WebSocketServer } from "ws";

const port = Number(process.argv[2] ?? 0);
const refusal = process.argv[3];
const events = [];
const MAX_EVENTS = 5000;
const host = process.env.RELAY_HOST || "127.0.0.1";
const wss = new WebSocketServer({ host, port, maxPayload: 256 * 1024 });

const matches = (filter, ev) => {
  if (filter.kinds && !filter.kinds.includes(ev.kind)) return false;
  if (filter.since && ev.created_at < filter.since) return false;
  if (filter.until && ev.created_at > filter.until) return false;
  for (const [key, values] of Object.entries(filter)) {
    if (!key.startsWith("#")) continue;
    const name = key.slice(1);
    if (!ev.tags.some((t) => t[0] === name && values.includes(t[1]))) return false;
  }
  return true;
};

wss.on("connection", (ws) => {
  const subs = new Map();
  ws.subs = subs;
  ws.on("message", (raw) => {
    let msg;
    try {
      msg = JSON.parse(raw.toString());
    } catch {
      ws.send(JSON.stringify(["NOTICE", "invalid: not JSON"]));
      return;
    }
    if (!Array.isArray(msg)) return;
    const [type, ...rest] = msg;
    if (type === "EVENT") {
      const ev = rest[0];
      if (!ev || typeof ev !== "object" || !Array.isArray(ev.tags)) return;
      if (refusal !== undefined) {
        ws.send(JSON.stringify(["OK", ev.id, false, refusal]));
        return;
      }
      events.push(ev);
      if (events.length > MAX_EVENTS) events.shift();
      ws.send(JSON.stringify(["OK", ev.id, true, ""]));
      for (const client of wss.clients) {
        if (client.readyState !== 1 || !client.subs) continue;
        for (const [subId, filters] of client.subs) {
          if (filters.some((f) => matches(f, ev))) client.send(JSON.stringify(["EVENT", subId, ev]));
        }
      }
    } else if (type === "REQ") {
      const [subId, ...filters] = rest;
      subs.set(subId, filters);
      for (const ev of events) {
        if (filters.some((f) => matches(f, ev))) ws.send(JSON.stringify(["EVENT", subId, ev]));
      }
      ws.send(JSON.stringify(["EOSE", subId]));
    } else if (type === "CLOSE") {
      subs.delete(rest[0]);
    }
  });
});

wss.on("listening", () => console.log(`listening ${wss.address().port}`));
