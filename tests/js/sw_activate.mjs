// Runs a built service worker (site/sw.js) in Node with an in-memory Cache Storage,
// fires its events in turn, and prints what it left (JSON):
//   {"caches": {"name": ["absolute URL", ...]}, "replies": [...], "claimed": n, "fetched": [...],
//    "answers": [...]}
// Used by tests/test_offline_build.py: which caches does the worker create and delete,
// what does it answer the page, does it take charge of the page?
//
//   node sw_activate.mjs SW_JS SCRIPT_URL EVENTS CACHES_JSON [FAILING_PATH]
// EVENTS, comma-separated, each: "install" (a first install: no worker in charge),
// "install-update" (a worker of an earlier build is in charge), "activate",
// "complete" (the page's message), "fetch:URL" (the page asks for URL, relative to
// the worker's: its answer's text, or "error: ...", goes to "answers"), "offline"
// (from then on every fetch fails as with the network off).
// CACHES_JSON: {"cache name": ["absolute URL", ...] or {"absolute URL": "body"}, ...},
// the origin's caches before (a URL listed alone holds an empty body).
// FAILING_PATH: a file (absolute URL) whose fetch answers HTTP 404.
// The network serves the files beside SW_JS (the built site), as they are on disk,
// and refuses a request whose integrity they fail (as a browser does).
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import vm from "node:vm";

const [swPath, scriptUrl, eventNames, cachesJson, failing] = process.argv.slice(2);
const given = (urls) => (Array.isArray(urls) ? urls.map((url) => [url, ""]) : Object.entries(urls));
const store = new Map(
  Object.entries(JSON.parse(cachesJson)).map(([name, urls]) => [
    name,
    new Map(given(urls).map(([url, body]) => [url, new TextEncoder().encode(body)])),
  ]),
);
const absolute = (request) => new URL(typeof request === "string" ? request : request.url, scriptUrl).href;

const cacheOf = (entries) => ({
  match: async (request) => {
    const body = entries.get(absolute(request));
    return body === undefined ? undefined : new Response(body);
  },
  put: async (request, response) => {
    const body = response && response.arrayBuffer ? new Uint8Array(await response.arrayBuffer()) : new Uint8Array();
    entries.set(absolute(request), body);
  },
});
const caches = {
  keys: async () => [...store.keys()],
  has: async (name) => store.has(name),
  delete: async (name) => store.delete(name),
  open: async (name) => {
    if (!store.has(name)) store.set(name, new Map());
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
const scope = new URL("./", scriptUrl).href;
let offline = false;
const fetch = async (request) => {
  fetched.push(request.url);
  if (offline) throw new TypeError("Failed to fetch");
  const file = join(dirname(swPath), decodeURIComponent(request.url.slice(scope.length)));
  if (request.url === failing || !existsSync(file)) return new Response("", { status: 404 });
  const body = readFileSync(file);
  const sri = "sha256-" + createHash("sha256").update(body).digest("base64");
  if (request.integrity && request.integrity !== sri) throw new TypeError("integrity check failed");
  return new Response(body);
};
class Request {
  constructor(path, init = {}) {
    this.url = new URL(typeof path === "string" ? path : path.url, scriptUrl).href;
    this.integrity = init.integrity ?? "";
  }
}
let claimed = 0;
const replies = [];
const answers = [];
const context = vm.createContext({
  self,
  caches,
  fetch,
  Request,
  URL,
  Response,
  crypto: globalThis.crypto,
  btoa,
  console,
});
vm.runInContext(readFileSync(swPath, "utf8"), context);

for (const eventName of eventNames.split(",")) {
  const waited = [];
  const event = { waitUntil: (promise) => waited.push(promise) };
  if (eventName === "offline") {
    offline = true;
  } else if (eventName.startsWith("fetch:")) {
    const request = { method: "GET", mode: "cors", url: new URL(eventName.slice(6), scriptUrl).href };
    listeners.fetch({
      request,
      respondWith: (promise) =>
        waited.push(
          Promise.resolve(promise)
            .then((response) => response.text())
            .then(
              (text) => answers.push(text),
              (error) => answers.push("error: " + error.message),
            ),
        ),
    });
  } else if (eventName === "complete") {
    const port = { postMessage: (m) => replies.push(m) };
    listeners.message({ ...event, data: { type: "complete" }, ports: [port] });
  } else {
    listeners[eventName.replace("-update", "")](event);
  }
  for (const settled of await Promise.allSettled(waited)) {
    if (settled.status === "rejected") console.error(settled.reason); // for whoever reads stderr
  }
}
const left = Object.fromEntries([...store.keys()].sort().map((name) => [name, [...store.get(name).keys()].sort()]));
console.log(JSON.stringify({ caches: left, replies, claimed, fetched, answers }));
