// Runs a built service worker (site/sw.js) in Node with an in-memory Cache Storage,
// fires its "install" or "activate" event, and prints the cache names left (JSON).
// Used by tests/test_offline_build.py: which caches does the worker create and delete?
//
//   node sw_activate.mjs SW_JS SCRIPT_URL EVENT CACHES_JSON
// CACHES_JSON: {"cache name": ["absolute URL", ...], ...}, the origin's caches before.
import { readFileSync } from "node:fs";
import vm from "node:vm";

const [swPath, scriptUrl, eventName, cachesJson] = process.argv.slice(2);
const store = new Map(Object.entries(JSON.parse(cachesJson)).map(([name, urls]) => [name, new Set(urls)]));

const cacheOf = (urls) => ({
  match: async (request) => (urls.has(typeof request === "string" ? request : request.url) ? {} : undefined),
  put: async (request) => {
    urls.add(new URL(typeof request === "string" ? request : request.url, scriptUrl).href);
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
  registration: { waiting: null },
  clients: { matchAll: async () => [] },
  skipWaiting: () => {},
};
const fetch = async (request) => ({ ok: true, url: request.url });
class Request {
  constructor(path) {
    this.url = new URL(path, scriptUrl).href;
  }
}
const context = vm.createContext({ self, caches, fetch, Request, URL, Response: class {}, console });
vm.runInContext(readFileSync(swPath, "utf8"), context);

let done;
listeners[eventName]({ waitUntil: (promise) => (done = promise) });
await done;
console.log(JSON.stringify([...store.keys()].sort()));
