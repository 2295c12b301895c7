// Runs a built service worker (site/sw.js) in Node with an in-memory Cache Storage,
// fires its events in turn, and prints what it left (JSON):
//   {"caches": {"name": ["absolute URL", ...]}, "replies": [...], "claimed": n, "fetched": [...]}
// Used by tests/test_offline_build.py: which caches does the worker create and delete,
// what does it answer the page, does it take charge of the page?
//
//   node sw_activate.mjs SW_JS SCRIPT_URL EVENTS CACHES_JSON [FAILING_PATH]
// EVENTS, comma-separated, each: "install" (a first install: no worker in charge),
// "install-update" (a worker of an earlier build is in charge), "activate",
// "complete" (the page's message).
// CACHES_JSON: {"cache name": ["absolute URL", ...], ...}, the origin's caches before.
// FAILING_PATH: a file (absolute URL) whose fetch answers HTTP 404.
import { readFileSync } from "node:fs";
import vm from "node:vm";

const [swPath, scriptUrl, eventNames, cachesJson, failing] = process.argv.slice(2);
const store = new Map(Object.entries(JSON.parse(cachesJson)).map(([name, urls]) => [name, new Set(urls)]));
const absolute = (request) => new URL(typeof request === "string" ? request : request.url, scriptUrl).href;

const cacheOf = (urls) => ({
  match: async (request) => (urls.has(absolute(request)) ? {} : undefined),
  put: async (request) => {
    urls.add(absolute(request));
  },
});
const caches = {
  keys: async () => [...store.keys()],
  has: async (name) => store.has(name),
  delete: async (name) => store.delete(name),
  open: async (name) => {
    if (!store.has(name)) store.set(name, new Set());
    return cacheOf(store.get(name));
  },
};
const listeners = {};
const self = {
  location: new URL(scriptUrl),
  addEventListener: (type, fn) => {
    listeners[type] = fn;
  },
  registration: { waiting: null, active: eventNames.split(",").includes("install-update") ? {} : null },
  clients: {
    matchAll: async () => [],
    claim: async () => {
      claimed += 1;
    },
  },
  skipWaiting: () => {},
};
const fetched = [];
const fetch = async (request) => {
  fetched.push(request.url);
  return { ok: request.url !== failing, status: request.url === failing ? 404 : 200, url: request.url };
};
class Request {
  constructor(path) {
    this.url = new URL(path, scriptUrl).href;
  }
}
let claimed = 0;
const replies = [];
const context = vm.createContext({ self, caches, fetch, Request, URL, Response: class {}, console });
vm.runInContext(readFileSync(swPath, "utf8"), context);

for (const eventName of eventNames.split(",")) {
  const waited = [];
  const event = { waitUntil: (promise) => waited.push(promise) };
  if (eventName === "complete") {
    const port = { postMessage: (m) => replies.push(m) };
    listeners.message({ ...event, data: { type: "complete" }, ports: [port] });
  } else {
    listeners[eventName.replace("-update", "")](event);
  }
  await Promise.allSettled(waited);
}
const left = Object.fromEntries([...store.keys()].sort().map((name) => [name, [...store.get(name)].sort()]));
console.log(JSON.stringify({ caches: left, replies, claimed, fetched }));
