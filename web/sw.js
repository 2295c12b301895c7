// The site's service worker: the whole site, cached on the first visit, so both
// games (Napoleon at ./, Durak at ./?game=durak: one index.html, one wheel, one
// AI worker) start and play with the network off afterwards.
//
// This file is a template: the site build (scripts/offline.py) writes BUILD (a
// hash of every file of the build) and FILES (every file, with its SHA-256 as
// a Subresource Integrity string) into site/sw.js.
//
// One build, one cache: "napoleon <site path> <BUILD>" ("napoleon /napoleon/ 1a2b…").
// GitHub Pages serves every project of a user from one origin, and Cache Storage
// belongs to the origin: the site's path in every name keeps two copies of the
// game (a fork, a preview) from using or deleting each other's caches. A URL path
// never holds a space, so the prefix "napoleon <site path> " is ours alone.
// * install  fetches every file of its build, checked against the hash the build
//            recorded (a file of another deployment fails the check), and only
//            then stores them: all or nothing.
// * fetch    answers from this build's cache only (never from another cache), and
//            any navigation to the site (whatever the query string: ?seed=...)
//            with this build's index.html.
// * update   a new build waits while a page of the old one is open (that page
//            keeps getting the old build's files, e.g. when it starts its AI
//            worker). At the next navigation with no other tab open, the old
//            worker answers with an empty page that reloads itself and lets the
//            new one take over; the new one deletes every older cache of this
//            site when it activates (never another site's). (A new tab opened beside one old page looks like a
//            reload here: that old page then reloads itself, register-sw.js.)

const BUILD = "@BUILD@";
const FILES = [/* @FILES@ */];

const SCOPE_PATH = new URL("./", self.location).pathname;
const PREFIX = "napoleon " + SCOPE_PATH + " ";
const CACHE = PREFIX + BUILD;
const INDEX = new URL("./index.html", self.location).href;
// Earlier versions named caches "napoleon-<build>" whatever the site's path.
const LEGACY = /^napoleon-[0-9a-f]+$/;
// The page shown for the instant of a handover (it names an icon: no favicon.ico request).
const HANDOVER_PAGE = '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>Napoleon</title>';

self.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

async function precache() {
  try {
    // "no-cache": revalidate with the server (a 304 reuses what the page just
    // downloaded); the integrity check refuses a file of another build.
    const responses = await Promise.all(
      FILES.map(async ([path, integrity]) => {
        const response = await fetch(new Request(path, { cache: "no-cache", integrity }));
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        return response;
      }),
    );
    const cache = await caches.open(CACHE);
    await Promise.all(responses.map((response, i) => cache.put(FILES[i][0], response)));
  } catch (error) {
    // A half-filled cache is never used: this worker fails to install and the
    // current one (if any) stays in charge.
    await caches.delete(CACHE);
    throw error;
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil(dropOtherBuilds());
});

async function dropOtherBuilds() {
  const names = await caches.keys();
  const ours = await Promise.all(
    names.map(async (name) => (name.startsWith(PREFIX) && name !== CACHE) || (await legacyOfThisSite(name))),
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
    return new Response(HANDOVER_PAGE, { headers: { "Content-Type": "text/html", Refresh: "0" } });
  }
  const cache = await caches.open(CACHE);
  const path = new URL(request.url).pathname;
  const key = navigation && (path === SCOPE_PATH || path === SCOPE_PATH + "index.html") ? INDEX : request;
  const cached = await cache.match(key);
  return cached || fetch(request);
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
