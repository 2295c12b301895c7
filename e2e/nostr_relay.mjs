// A tiny Nostr relay for the tests and for local play: `node e2e/nostr_relay.mjs [PORT]
// [REFUSAL]` (on 127.0.0.1, or the address in RELAY_HOST; without PORT, or with 0, on a free port the system
// chooses; with REFUSAL, it answers every EVENT with ["OK", id, false, REFUSAL] and
// keeps or sends none, as a relay that is up but refuses a table's events). It
// keeps events in memory and speaks the part of NIP-01 that signaling needs: EVENT
// (stored, answered with OK, sent to every matching subscription), REQ (filters with
// kinds, #x tags and since; the stored matches, then EOSE), CLOSE. It checks no
// signature: it serves one machine's tests. Prints "listening <port>" once it accepts
// connections.
//
// For a flaky join, two switches read from the environment (the tests' relay
// inherits the test process's): RELAY_LOG, a file's path, gets a line for each
// connection, subscription, event (its topic, author's peer id and signal: an
// announcement, an offer, an answer, a candidate) and each event sent on, stored
// or replayed, every line with the time and the relay's port; RELAY_JITTER_MS
// delays each message to a page by up to that many milliseconds, in order per
// page, as a loaded machine or a distant relay would (the timing races of a join).
import { appendFileSync } from "node:fs";
import { WebSocketServer } from "ws";

const port = Number(process.argv[2] ?? 0);
const refusal = process.argv[3];
const events = [];
const MAX_EVENTS = 5000;
const host = process.env.RELAY_HOST || "127.0.0.1";
const wss = new WebSocketServer({ host, port, maxPayload: 256 * 1024 });
const logFile = process.env.RELAY_LOG;
let connections = 0;
// An event's gist: its topic tag, its author's peer id and which signal it carries.
const gist = (ev) => {
  let body = {};
  try {
    body = JSON.parse(ev.content);
  } catch {}
  const keys = Object.keys(body ?? {}).filter((k) => k !== "peerId").join("+") || "announce";
  const topic = String(ev.tags.find((t) => t[0] === "x")?.[1] ?? "").slice(0, 8);
  return `${topic} ${String(body?.peerId ?? "").slice(0, 8)} ${keys} at ${ev.created_at}`;
};
// A message to a page, after its jitter (RELAY_JITTER_MS) and in order.
const jitter = Number(process.env.RELAY_JITTER_MS || 0);
const sendTo = (client, text) => {
  if (!jitter) return client.send(text);
  const at = Math.max(client.nextAt || 0, Date.now() + Math.random() * jitter);
  client.nextAt = at;
  setTimeout(() => client.readyState === 1 && client.send(text), at - Date.now());
};
const log = logFile
  ? (line) => appendFileSync(logFile, `${Date.now()} :${wss.address()?.port} ${line}\n`)
  : () => {};

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
  ws.n = ++connections;
  log(`#${ws.n} open`);
  ws.on("close", () => log(`#${ws.n} closed`));
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
      log(`#${ws.n} EVENT ${gist(ev)}`);
      if (refusal !== undefined) {
        ws.send(JSON.stringify(["OK", ev.id, false, refusal]));
        return;
      }
      events.push(ev);
      if (events.length > MAX_EVENTS) events.shift();
      sendTo(ws, JSON.stringify(["OK", ev.id, true, ""]));
      for (const client of wss.clients) {
        if (client.readyState !== 1 || !client.subs) continue;
        for (const [subId, filters] of client.subs) {
          if (filters.some((f) => matches(f, ev))) {
            sendTo(client, JSON.stringify(["EVENT", subId, ev]));
            log(`  -> #${client.n}`);
          }
        }
      }
    } else if (type === "REQ") {
      const [subId, ...filters] = rest;
      subs.set(subId, filters);
      const topics = filters.flatMap((f) => f["#x"] ?? []).map((t) => String(t).slice(0, 8));
      log(`#${ws.n} REQ ${String(subId).slice(0, 6)} ${topics.join(",")} since ${filters[0]?.since}`);
      for (const ev of events) {
        if (filters.some((f) => matches(f, ev))) {
          sendTo(ws, JSON.stringify(["EVENT", subId, ev]));
          log(`  replay -> #${ws.n} ${gist(ev)}`);
        }
      }
      sendTo(ws, JSON.stringify(["EOSE", subId]));
    } else if (type === "CLOSE") {
      subs.delete(rest[0]);
      log(`#${ws.n} CLOSE ${String(rest[0]).slice(0, 6)}`);
    }
  });
});

wss.on("listening", () => console.log(`listening ${wss.address().port}`));
