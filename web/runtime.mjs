// The interpreter module PyScript loads for the page (web/pyscript.toml) and for the
// computers' worker (web/worker.toml): Pyodide's own (./pyodide/pyodide.mjs), with
// two changes.
//
// 1. Python is restored from the build's memory snapshot (scripts/snapshot.py):
//    started, with both games' first screens imported, once at build time, instead
//    of on every visit. The build writes the snapshot's file name below; it is
//    gzip-compressed and fetched while the runtime downloads. If it cannot be used
//    (no DecompressionStream, a failed download, a snapshot Pyodide refuses),
//    Python starts as it always did, with a warning in the console; on a first
//    visit over a slow link (below) it is not asked for.
// 2. On a first visit in Chromium, the request for the runtime's WebAssembly
//    (pyodide.asm.wasm) waits until the service worker, which register-sw.js
//    registers as the page starts, controls the page (or has failed): the worker
//    then answers it from its Cache Storage copy, and Chrome writes the code the
//    boot optimizes beside that copy, for the next visit (README, "Offline play
//    and installing"). Everything else loads at once.
//
// PyScript takes Pyodide's folder from this module's URL: it is given again here.

import { loadPyodide as loadFromFolder } from "./pyodide/pyodide.mjs";

export { version } from "./pyodide/pyodide.mjs";

const FOLDER = new URL("./pyodide/", import.meta.url).href;
const RUNTIME = new URL("pyodide.asm.wasm", FOLDER).href;

// The snapshot's file name, beside this module (the build writes it in).
const SNAPSHOT = "@SNAPSHOT@";

// A first visit (no service worker serves the page yet) on a link the browser
// calls slow, or with the player's data saver on: the snapshot (~6.5 MB) would
// take longer to download than Python takes to start, so the page starts without
// it, and the service worker caches it for the next visit with the rest of the site.
function firstVisitOnASlowLink() {
  const nav = globalThis.navigator;
  if (!globalThis.document || nav?.serviceWorker?.controller) return false;
  const link = nav?.connection;
  return Boolean(link && (link.saveData || ["slow-2g", "2g", "3g"].includes(link.effectiveType)));
}

// The snapshot's memory, decompressed as it arrives; null if there is none to use.
function snapshotMemory() {
  if (SNAPSHOT.startsWith("@") || typeof DecompressionStream !== "function") return null;
  if (firstVisitOnASlowLink()) return null;
  return fetch(new URL(SNAPSHOT, import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`${SNAPSHOT}: HTTP ${response.status}`);
    const memory = response.body.pipeThrough(new DecompressionStream("gzip"));
    return new Response(memory).arrayBuffer();
  });
}

export async function loadPyodide(options = {}) {
  const memory = snapshotMemory();
  // Handled here at once (an early failure is no unhandled rejection); Pyodide
  // awaits the same promise, and its failure is reported below.
  memory?.catch(() => {});
  if (memory) {
    try {
      const pyodide = await load({ ...options, _loadSnapshot: memory });
      globalThis.napoleonSnapshot = SNAPSHOT;
      return pyodide;
    } catch (error) {
      console.warn(`Python starts without its snapshot (${SNAPSHOT}):`, error);
    }
  }
  return load(options);
}

async function load(options) {
  // register-sw.js sets it on a first visit in Chromium only (elsewhere, on a page
  // the worker already serves, and in workers, nothing waits).
  const served = globalThis.napoleonRuntimeServed;
  if (!served) return loadFromFolder({ ...options, indexURL: FOLDER });
  const plainFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    // Pyodide passes a URL object; a Request is matched by its URL too.
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    return url === RUNTIME ? served.then(() => plainFetch(input, init)) : plainFetch(input, init);
  };
  try {
    return await loadFromFolder({ ...options, indexURL: FOLDER });
  } finally {
    globalThis.fetch = plainFetch;
  }
}
