// The site's service worker: the whole site, cached on the first visit, so both
// games (Napoleon at ./, Durak at ./?game=durak: one index.html, one wheel, one
// AI worker) start and play with the network off afterwards.
//
// This file is a template: the site build (scripts/offline.py) writes BUILD (a
// hash of every file of the build), FILES (every file cached up front, with its
// SHA-256 as a Subresource Integrity string) and ON_DEMAND (the files of "Play
// with friends", the same way) into site/sw.js.
//
// Two caches: the build's, "napoleon <site path> <BUILD>" ("napoleon /napoleon/
// 1a2b…"), holds every file but the runtime's WebAssembly, which has one of its
// own named after its hash, "napoleon <site path> runtime <SRI>": Chrome keeps the
// runtime's compiled code beside that entry, so a deployment that does not change
// the runtime does not make every player compile it again.
// GitHub Pages serves every project of a user from one origin, and Cache Storage
// belongs to the origin: the site's path in every name keeps two copies of the
// game (a fork, a preview) from using or deleting each other's caches. A URL path
// never holds a space, so the prefix "napoleon <site path> " is ours alone.
// * install  a first install (no worker in charge: a first visit, which registers
//            this worker as it starts) caches only the runtime, then takes charge
//            of that page, so that it serves the page's own request for the
//            runtime (activate, below, says why); the page asks for the rest
//            ("complete") once the player can act. An update caches the whole
//            build before it may take over: all or nothing.
//            Every file is checked against the hash the build recorded (a file
//            of another deployment fails the check).
// * fetch    answers from this build's caches only (never from another cache), and
//            any navigation to the site (whatever the query string: ?seed=...)
//            with this build's index.html; what is not cached yet, from the network.
//            A file of ON_DEMAND is cached on its first use: fetched, checked
//            against its hash, kept in the build's cache (then it opens offline);
//            one that fails the check is answered from the network, not kept.
//            Nothing of it is fetched before the page asks.
// * update   a new build waits while a page of the old one is open (that page
//            keeps getting the old build's files, e.g. when it starts its AI
//            worker). At the next navigation with no other tab open, the old
//            worker answers with an empty page that reloads itself and lets the
//            new one take over (web/handover.js loads the game again once the new
//            one is active); the new one deletes every older cache of this
//            site when it activates (never another site's), having first copied
//            from them the ON_DEMAND files whose bytes match its own hashes (a
//            changed one is fetched again on its next use). (A new tab opened beside one old page looks like a
//            reload here: that old page then reloads itself, register-sw.js.)

const BUILD = "@BUILD@";
const FILES = [/* @FILES@ */];
const ON_DEMAND = [/* @ON_DEMAND@ */];

const SCOPE_PATH = new URL("./", self.location).pathname;
const PREFIX = "napoleon " + SCOPE_PATH + " ";
const CACHE = PREFIX + BUILD;
const INDEX = new URL("./index.html", self.location).href;
// Earlier versions named caches "napoleon-<build>" whatever the site's path.
const LEGACY = /^napoleon-[0-9a-f]+$/;
// The page shown for the instant of a handover (it names an icon: no favicon.ico
// request). Its script (handover.js) loads the game again once the new worker is
// active; the <meta> refresh is the guard if that never comes.
const HANDOVER_PAGE =
  '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">' +
  '<meta http-equiv="Content-Security-Policy" content="default-src \'self\'; object-src \'none\'; base-uri \'none\'">' +
  '<meta http-equiv="refresh" content="3"><title>Napoleon</title><script src="./handover.js"></script>';

// The runtime's WebAssembly and its own cache (the build refuses a site without it).
const RUNTIME_PATH = "./pyodide/pyodide.asm.wasm";
const RUNTIME_URL = new URL(RUNTIME_PATH, self.location).href;
const RUNTIME_INTEGRITY = FILES.find(([path]) => path === RUNTIME_PATH)[1];
const RUNTIME_CACHE = PREFIX + "runtime " + RUNTIME_INTEGRITY;
// The runtime gzip-compressed (a third of its bytes; scripts/build_site.py): what
// a first install downloads and decompresses, when the build has it. It is not
// kept: the runtime's cache holds the runtime itself.
const PACKED_PATH = RUNTIME_PATH + ".gz";
const PACKED = FILES.find(([path]) => path === PACKED_PATH);
// No gzip copy of another file of the build is kept either (the runtime's, its
// JavaScript's, its package list's: what a page no worker serves downloads,
// runtime.mjs): a page this worker serves gets the files themselves.
// Nor the standard library's first part: only a page no worker serves starts
// with it (runtime.mjs); this worker's pages get the whole archive.
const PATHS = new Set(FILES.map(([path]) => path));
const isCopy = (path) =>
  (path.endsWith(".gz") && PATHS.has(path.slice(0, -3))) || path === "./pyodide/python_stdlib_first.zip";
const BUILD_FILES = FILES.filter(([path]) => path !== RUNTIME_PATH && !isCopy(path));
// "Play with friends": absolute URL -> its hash, cached on first use (never before).
const ON_DEMAND_URLS = new Map(ON_DEMAND.map(([path, integrity]) => [new URL(path, self.location).href, integrity]));
// Put last into the build's cache: the build is complete (offline) once it is there.
const COMPLETE = new URL("./.complete", self.location).href;

// Set by a first install: its activation claims the page that registered it.
let firstInstall = false;

self.addEventListener("install", (event) => {
  firstInstall = !self.registration.active;
  event.waitUntil(firstInstall ? cacheRuntime() : complete());
});

async function cacheRuntime() {
  const cache = await caches.open(RUNTIME_CACHE);
  if (await cache.match(RUNTIME_URL)) return;
  const unpacked = await fetchPacked().catch(() => null);
  if (unpacked) {
    await cache.put(RUNTIME_URL, unpacked);
    return;
  }
  // Through the HTTP cache (on a first visit this is the runtime's only download:
  // the page's own request waits for this worker, runtime.mjs), checked against
  // the build's hash; if the HTTP cache holds another build's copy, the server's.
  const response = await fetch(new Request(RUNTIME_PATH, { integrity: RUNTIME_INTEGRITY })).catch(
    () => fetch(new Request(RUNTIME_PATH, { cache: "no-cache", integrity: RUNTIME_INTEGRITY })),
  );
  if (!response.ok) throw new Error(`${RUNTIME_PATH}: HTTP ${response.status}`);
  await cache.put(RUNTIME_URL, response);
}

// The runtime from its compressed copy (checked against its hash), decompressed
// and checked whole against the runtime's own hash; null if there is no such copy
// or it fails (then the runtime itself is fetched, as before).
async function fetchPacked() {
  if (!PACKED || typeof DecompressionStream !== "function") return null;
  const packed = await fetch(new Request(PACKED_PATH, { integrity: PACKED[1] }));
  if (!packed.ok) return null;
  const stream = packed.body.pipeThrough(new DecompressionStream("gzip"));
  const body = await new Response(stream).arrayBuffer();
  if ((await sri(body)) !== RUNTIME_INTEGRITY) return null;
  return new Response(body, { headers: { "Content-Type": "application/wasm" } });
}

// The Subresource Integrity string of these bytes ("sha256-<base64>").
async function sri(body) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", body));
  return "sha256-" + btoa(String.fromCharCode(...digest));
}

// One filling of the build's cache at a time (two tabs may ask at once).
let completing = null;

function complete() {
  completing ??= precache().finally(() => {
    completing = null;
  });
  return completing;
}

async function precache() {
  await cacheRuntime();
  const cache = await caches.open(CACHE);
  if (!(await cache.match(COMPLETE))) await fill(cache);
}

async function fill(cache) {
  try {
    // "no-cache": revalidate with the server (a 304 reuses what the page just
    // downloaded); the integrity check refuses a file of another build.
    const responses = await Promise.all(
      BUILD_FILES.map(async ([path, integrity]) => {
        const response = await fetch(new Request(path, { cache: "no-cache", integrity }));
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        return response;
      }),
    );
    await Promise.all(responses.map((response, i) => cache.put(BUILD_FILES[i][0], response)));
    await cache.put(COMPLETE, new Response(BUILD));
  } catch (error) {
    // A half-filled cache is never used: an update fails to install and the
    // current worker stays in charge; a first visit's worker tries again when
    // the next page asks.
    await caches.delete(CACHE);
    throw error;
  }
}

// A first install's activation takes charge of the first visit's page at once
// (clients.claim()): that page's runtime.mjs holds its request for the runtime
// until then, so this worker answers it from the runtime's cache and Chrome
// writes the boot's compiled code beside that copy. Nothing of the page has come
// from another build (there was none). An update never claims: its pages come to
// it by the handover (below).
self.addEventListener("activate", (event) => {
  event.waitUntil(
    carryOver()
      .catch(() => {}) // what is not copied is fetched again on its next use
      .then(dropOtherBuilds)
      .then(() => firstInstall && self.clients.claim()),
  );
});

// The ON_DEMAND files an older build of this site cached on their first use, copied
// into this build's cache when their bytes are this build's (its recorded hash):
// a page that opened "Play with friends" once still opens it offline after an
// update that did not change it. The bytes are checked, not the older build's
// list: a copy never holds another build's file.
async function carryOver() {
  const older = (await caches.keys()).filter(
    (name) => name.startsWith(PREFIX) && name !== CACHE && name !== RUNTIME_CACHE && name !== HANDOVER,
  );
  if (older.length === 0) return;
  const cache = await caches.open(CACHE);
  for (const [url, integrity] of ON_DEMAND_URLS) {
    if (await cache.match(url)) continue;
    for (const name of older) {
      const kept = await (await caches.open(name)).match(url);
      if (!kept) continue;
      const body = await kept.arrayBuffer();
      if ((await sri(body)) !== integrity) continue;
      await cache.put(url, new Response(body, { headers: kept.headers }));
      break;
    }
  }
}

async function dropOtherBuilds() {
  const names = await caches.keys();
  const ours = await Promise.all(
    names.map(
      async (name) =>
        (name.startsWith(PREFIX) && name !== CACHE && name !== RUNTIME_CACHE) ||
        (await legacyOfThisSite(name)),
    ),
  );
  await Promise.all(names.filter((_, i) => ours[i]).map((name) => caches.delete(name)));
}

// A cache of an earlier version ("napoleon-<build>") is this site's if it holds this
// site's index.html (a copy of the game at another path holds its own).
async function legacyOfThisSite(name) {
  if (!LEGACY.test(name)) return false;
  const cache = await caches.open(name);
  return (await cache.match(INDEX)) !== undefined;
}

self.addEventListener("message", (event) => {
  const kind = event.data && event.data.type;
  if (kind === "build" && event.ports[0]) {
    event.ports[0].postMessage(BUILD);
  } else if (kind === "complete" && event.ports[0]) {
    // The player can act: cache what a first install left (nothing, if the build
    // is complete), then say which build is kept offline, or why none is.
    const port = event.ports[0];
    event.waitUntil(
      complete().then(
        () => port.postMessage(BUILD),
        (error) => port.postMessage("failed: " + error),
      ),
    );
  } else if (kind === "take-over") {
    self.skipWaiting();
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(answer(request));
});

async function answer(request) {
  const navigation = request.mode === "navigate";
  if (navigation && (await newBuildMayTakeOver())) {
    // The old page is gone (this is its navigation) and no other tab uses the
    // old build: hand over, and let the browser load the page again.
    return new Response(HANDOVER_PAGE, { headers: { "Content-Type": "text/html" } });
  }
  const cache = await caches.open(request.url === RUNTIME_URL ? RUNTIME_CACHE : CACHE);
  const path = new URL(request.url).pathname;
  const key = navigation && (path === SCOPE_PATH || path === SCOPE_PATH + "index.html") ? INDEX : request;
  const cached = await cache.match(key);
  if (cached) return cached;
  const integrity = ON_DEMAND_URLS.get(request.url);
  return integrity ? firstUse(cache, request, integrity) : fetch(request);
}

// A "Play with friends" file the page asks for the first time: fetched, checked
// against the build's hash (through the HTTP cache; if that holds another build's
// copy, the server's), kept in this build's cache, and answered. One that fails
// the check (a file of another deployment) is answered from the network as it is
// and not kept; offline, the page's import fails as any request would.
async function firstUse(cache, request, integrity) {
  const url = request.url;
  const checked = await fetch(new Request(url, { integrity }))
    .catch(() => fetch(new Request(url, { cache: "no-cache", integrity })))
    .catch(() => null);
  if (!checked || !checked.ok) return fetch(request);
  await cache.put(url, checked.clone()).catch(() => {}); // kept next time, then
  return checked;
}

// Kept once this (old) worker has asked the new one to take over: from then on
// every navigation (the reload, another tab's) gets the handover page until the
// new worker is active, and none gets the old build. A cache, not a variable:
// Chromium may restart this worker meanwhile. The new worker deletes it with
// the old caches.
const HANDOVER = PREFIX + "handover";

async function newBuildMayTakeOver() {
  const waiting = self.registration.waiting;
  if (!waiting) return false;
  if (!(await caches.has(HANDOVER))) {
    const pages = await self.clients.matchAll({ type: "window" });
    if (pages.length > 1) return false;
    await caches.open(HANDOVER);
  }
  // Chromium activates the new worker once this one has no event in progress:
  // answer at once (never wait for the activation here).
  waiting.postMessage({ type: "take-over" });
  return true;
}
