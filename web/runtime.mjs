// The interpreter module PyScript loads for the page (web/pyscript.toml) and for the
// computers' worker (web/worker.toml): Pyodide's own (./pyodide/pyodide.mjs), with
// two changes.
//
// 1. Python is restored from the build's memory snapshot (scripts/snapshot.py):
//    started, with both games' first screens imported, once at build time, instead
//    of on every visit. The build writes the snapshot's file name below; it is
//    gzip-compressed, fetched as the page starts and decompressed as it arrives,
//    and Pyodide is called once it is judged worth waiting for. If it cannot be used
//    (no DecompressionStream, a failed download, a snapshot Pyodide refuses),
//    Python starts as it always did, with a warning in the console; over a slow
//    link (below) it is let go, or not asked for on a first visit saving data.
//    Its pages of zeros are not written into Python's memory (restoresSparsely, at
//    the end): they would only make it resident.
// 2. On a first visit in Chromium, the request for the runtime's WebAssembly
//    (pyodide.asm.wasm) waits until the service worker, which register-sw.js
//    registers as the page starts, controls the page (or has failed): the worker
//    then answers it from its Cache Storage copy, and Chrome writes the code the
//    boot optimizes beside that copy, for the next visit (web/README.md,
//    "Offline play and installing"). Everything else loads at once.
// 3. A page no service worker serves fetches the runtime's WebAssembly
//    gzip-compressed (pyodide.asm.wasm.gz, a third of its bytes, on a server that
//    compresses nothing) and decompresses it as it arrives, into the compiler; a
//    first visit's service worker does the same for the copy it keeps (sw.js).
//    Such a page also takes the runtime's JavaScript (pyodide.asm.mjs.gz, a fifth
//    of its bytes) and the package list (pyodide-lock.json.gz) compressed: see
//    packedScript and packedLockFile below.
// 4. The page's game wheel and main.py, which PyScript asks for only once Python
//    has started, are downloaded while it starts (prefetchFiles below).
// 5. Where the browser refuses IndexedDB, PyScript's own databases (its package
//    cache, which it waits for as Python starts, and its file system's) are kept in
//    memory (keepPythonStarting, at the end).
//
// PyScript takes Pyodide's folder from this module's URL: it is given again here.

import { loadPyodide as loadFromFolder } from "./pyodide/pyodide.mjs";

export { version } from "./pyodide/pyodide.mjs";

const FOLDER = new URL("./pyodide/", import.meta.url).href;
const RUNTIME = new URL("pyodide.asm.wasm", FOLDER).href;
const PACKED = RUNTIME + ".gz";

// The snapshot's file name, beside this module (the build writes it in).
const SNAPSHOT = "@SNAPSHOT@";

// How long the snapshot may take to arrive, projected from its first PROBE_MS of
// data: beyond it, the download costs more than restoring saves. Measured with the
// browser's own throttling, a cold first decision with / without the snapshot
// (always asked for): localhost 1.6 / 3.5 s, 100 Mbit/s 3.5 / 5.2 s, 50 Mbit/s
// 5.2 / 6.2 s, 20 Mbit/s 10.3 / 9.7 s, 8 Mbit/s 23.0 / 18.2 s: even at ~30 Mbit/s,
// where 6.5 MB take ~1.7 s. A page its service worker serves reads it at once.
const SNAPSHOT_BUDGET_MS = 1700;
const PROBE_MS = 250;
// How many stretches of PROBE_MS are judged before the snapshot is let go: a page
// too busy to read for a moment (its process starved of the CPU, a long task)
// reads the bytes late, all at once, and one stretch would call that a slow link.
// A slow link fails every stretch; it costs it (PROBES - 1) * PROBE_MS more before
// the runtime's download starts.
const PROBES = 3;

// Why a snapshot was let go: not a failure, the link is slow.
class SlowLink extends Error {}

// What the page's loading bar (./loading.js) reads of the snapshot: its bytes as
// they arrive, and whether it was let go or never asked for (then it leaves the
// bar's total); and the compressed runtime's bytes as they arrive.
const progress = (globalThis.napoleonLoading ??= {
  snapshotBytes: 0,
  snapshotSkipped: false,
  runtimeBytes: 0, // of the compressed runtime the page downloads itself (below)
});

// Whether this is a page its service worker serves (its files come from the
// worker's cache, kept with the build), not a worker and not a first visit.
function servedByWorker() {
  return Boolean(globalThis.document && globalThis.navigator?.serviceWorker?.controller);
}

// A first visit with the player's data saver on, or on a link the browser calls
// 3G or slower: no snapshot asked for at all (the service worker caches it for
// the next visit with the rest of the site).
function savingData() {
  if (!globalThis.document || servedByWorker()) return false;
  const link = globalThis.navigator?.connection;
  return Boolean(link && (link.saveData || ["slow-2g", "2g", "3g"].includes(link.effectiveType)));
}

// Passes the download through and judges it once: keep() on its first byte if its
// size is unknown, or once a stretch of PROBE_MS of data projects its whole
// download within SNAPSHOT_BUDGET_MS (total: its Content-Length); letGo(SlowLink)
// once PROBES stretches in a row have not (each stretch is judged on its own
// bytes and time, from the first byte after the last), and the download is cancelled.
function timedDownload(total, keep, letGo, now = () => performance.now()) {
  let stretch = null; // where the stretch being judged began: { at, received }
  let slowStretches = 0;
  let received = 0;
  let judged = false;
  // The verdict once there is one: true to keep, a SlowLink to let go, else null.
  const judge = (at) => {
    if (!(total > 0)) return true;
    if (at - stretch.at < PROBE_MS) return null;
    const rate = (received - stretch.received) / (at - stretch.at); // bytes per ms
    const projected = rate > 0 ? total / rate : Infinity;
    if (projected <= SNAPSHOT_BUDGET_MS) return true;
    slowStretches += 1;
    stretch = { at, received };
    if (slowStretches < PROBES) return null;
    return new SlowLink(`it would take ~${Math.round(projected)} ms to arrive`);
  };
  return new TransformStream({
    transform(chunk, controller) {
      received += chunk.byteLength;
      progress.snapshotBytes = received;
      const at = now();
      stretch ??= { at, received };
      const verdict = judged ? null : judge(at);
      if (verdict instanceof SlowLink) {
        letGo(verdict);
        controller.error(verdict);
        return;
      }
      if (verdict) {
        judged = true;
        keep();
      }
      controller.enqueue(chunk);
    },
  });
}

// The snapshot's download, or null if there is none to use: `memory`, its memory
// decompressed as it arrives; `judged`, settled once it is known whether to wait
// for it: fulfilled to keep it (the probe says it comes in time, or it has all
// come), rejected with a SlowLink, or with the download's failure if it failed.
function downloadSnapshot() {
  const unused = SNAPSHOT.startsWith("@") || typeof DecompressionStream !== "function";
  if (unused || savingData()) {
    progress.snapshotSkipped = true;
    return null;
  }
  let keep, letGo;
  const judged = new Promise((resolve, reject) => {
    keep = resolve;
    letGo = reject;
  });
  const memory = fetch(new URL(SNAPSHOT, import.meta.url)).then((response) => {
    if (!response.ok) throw new Error(`${SNAPSHOT}: HTTP ${response.status}`);
    // A page its service worker serves reads the snapshot from the worker's cache
    // (sw.js keeps it with the build): its pace is the device's, not a link's, and
    // a busy device that let it go would start Python from scratch, at more cost.
    // It is kept however it comes (unjudged, as one of unknown size).
    const total = servedByWorker() ? 0 : Number(response.headers.get("Content-Length"));
    const stream = response.body
      .pipeThrough(timedDownload(total, keep, letGo))
      .pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer();
  });
  memory.then(() => keep(), letGo); // a later failure is Pyodide's to report
  return { memory, judged };
}

// Pyodide keeps the options it was given for the page's life, and with them the
// snapshot's promise, which holds the decompressed memory (31 MB): restored
// (copied into Python's own memory), it is detached, so its bytes are freed
// (the page's memory, and the computers' worker's).
function release(buffer) {
  if (!(buffer instanceof ArrayBuffer) || buffer.byteLength === 0) return;
  try {
    structuredClone(buffer, { transfer: [buffer] }); // the copy is garbage at once
  } catch (error) {
    console.info(`the snapshot's memory stays (${error})`);
  }
}

function startsWithout(error) {
  progress.snapshotSkipped = true;
  if (error instanceof SlowLink) console.info(`Python starts without its snapshot: ${error.message}`);
  else console.warn(`Python starts without its snapshot (${SNAPSHOT}):`, error);
}

// Pyodide starts fetching the runtime as soon as it is called, but restores the
// snapshot only once all of it has come: it is called once the snapshot is judged
// worth waiting for (on a slow link a first attempt that then gave up would have
// downloaded the runtime twice).
export async function loadPyodide(options = {}) {
  const snapshot = downloadSnapshot();
  if (snapshot) {
    snapshot.memory.catch(() => {}); // its failure is reported once, below
    try {
      await snapshot.judged.finally(prefetchFiles);
      const pyodide = await load({ ...options, _loadSnapshot: snapshot.memory });
      globalThis.napoleonSnapshot = SNAPSHOT;
      release(await snapshot.memory);
      return pyodide;
    } catch (error) {
      startsWithout(error);
    }
  }
  prefetchFiles();
  return load(options);
}

// The files PyScript fetches for the page once Python has started, one after the
// other: the game's wheel (pyscript.toml's [files]), then main.py. The build writes
// their names below. Their download waited for the runtime and Python's start
// (a cold first decision's last ~100 ms on localhost, one more round trip each on
// a real link); started as Python starts, it is done by then. It starts once the
// snapshot is judged (or at once without one), so that it does not slow the
// snapshot's download while that is timed. Workers fetch theirs as before.
const PREFETCH = [/* @PREFETCH@ */];
let prefetching = false;

// Start each download and answer PyScript's own first request for it (a plain GET
// of the same URL) with that response; if the download failed, that request goes
// to the network as it always did. Once every file has been asked for, fetch is
// the browser's own again.
function prefetchFiles() {
  if (prefetching || !globalThis.document || PREFETCH.length === 0) return;
  prefetching = true;
  const plainFetch = globalThis.fetch;
  const early = new Map();
  for (const name of PREFETCH) {
    const url = new URL(name, import.meta.url).href;
    const response = plainFetch(url).then(
      (answer) => (answer.ok ? answer : null),
      () => null,
    );
    early.set(url, response);
  }
  const prefetched = (input, init) => {
    let url;
    try {
      url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    } catch {
      return plainFetch(input, init);
    }
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const response = early.get(url);
    if (!response || method !== "GET") return plainFetch(input, init);
    early.delete(url);
    if (early.size === 0 && globalThis.fetch === prefetched) globalThis.fetch = plainFetch;
    return response.then((answer) => answer ?? plainFetch(input, init));
  };
  globalThis.fetch = prefetched;
}

// A page no service worker serves, and none is about to (register-sw.js sets
// napoleonRuntimeServed on a first visit in Chromium: that worker downloads the
// compressed runtime itself, sw.js), fetches the runtime gzip-compressed (a third
// of its bytes: the build writes pyodide.asm.wasm.gz) and decompresses it as it
// arrives, into the compiler. Workers keep the runtime itself: the page's service
// worker (when there is one) has it cached.
function unpacks() {
  return Boolean(globalThis.document) && !servedByWorker()
    && typeof DecompressionStream === "function";
}

// The runtime from its compressed copy, as a response the compiler streams from;
// the runtime itself if there is no such copy.
async function fetchPacked(plainFetch, input, init) {
  try {
    const packed = await plainFetch(PACKED, init);
    if (packed.ok) {
      const counted = new TransformStream({
        transform(chunk, controller) {
          progress.runtimeBytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      });
      const stream = packed.body.pipeThrough(counted).pipeThrough(new DecompressionStream("gzip"));
      return new Response(stream, { headers: { "Content-Type": "application/wasm" } });
    }
  } catch (error) {
    console.warn(`the compressed runtime failed (${error}); fetching it whole`);
  }
  return plainFetch(input, init);
}

// The body of a gzip-compressed file, decompressed, as text; null if it cannot be
// had (no such file, a failed download): the caller then takes the plain file.
async function unpackedText(plainFetch, name) {
  try {
    const packed = await plainFetch(new URL(name + ".gz", FOLDER));
    if (!packed.ok) throw new Error(`HTTP ${packed.status}`);
    return await new Response(packed.body.pipeThrough(new DecompressionStream("gzip"))).text();
  } catch (error) {
    console.warn(`the compressed ${name} failed (${error}); fetching it whole`);
    return null;
  }
}

// The runtime's JavaScript (pyodide.asm.mjs, 1.25 MB; its gzip copy a fifth of
// that) as Pyodide's createPyodideModule option: the module's code made a
// function body (its one export returned, import.meta.url passed in) and run by
// the Function constructor, which the page's Content-Security-Policy allows
// ('unsafe-eval': Pyodide needs it anyway); a blob: module would need a wider
// policy. Undefined if it cannot be done: the module itself is then imported.
const EXPORT = "export default _createPyodideModule;";
const META_URL = "import.meta.url";

async function packedScript(plainFetch) {
  const text = await unpackedText(plainFetch, "pyodide.asm.mjs");
  if (text === null) return undefined;
  // Another build of the runtime may be shaped otherwise: then the module itself.
  if (text.split(EXPORT).length !== 2 || text.split("import.meta").length !== text.split(META_URL).length) {
    console.warn("pyodide.asm.mjs is not shaped as expected; importing it whole");
    return undefined;
  }
  const body = text.replace(EXPORT, "return _createPyodideModule;").replaceAll(META_URL, "moduleUrl");
  try {
    return new Function("moduleUrl", body)(new URL("pyodide.asm.mjs", FOLDER).href);
  } catch (error) {
    console.warn(`pyodide.asm.mjs could not run as a function (${error}); importing it whole`);
    return undefined;
  }
}

// The package list (pyodide-lock.json, 119 kB; 26 kB compressed) as Pyodide's
// lockFileContents option: a promise of the parsed list.
async function packedLockFile(plainFetch) {
  const text = await unpackedText(plainFetch, "pyodide-lock.json");
  if (text !== null) {
    try {
      return JSON.parse(text);
    } catch (error) {
      console.warn(`pyodide-lock.json.gz is not JSON (${error}); fetching it whole`);
    }
  }
  const response = await plainFetch(new URL("pyodide-lock.json", FOLDER));
  if (!response.ok) throw new Error(`pyodide-lock.json: HTTP ${response.status}`);
  return response.json();
}

async function load(options) {
  // register-sw.js sets it on a first visit in Chromium only (elsewhere, on a page
  // the worker already serves, and in workers, nothing waits).
  const served = globalThis.napoleonRuntimeServed;
  const unpack = !served && unpacks();
  if (unpacks()) {
    // A page no service worker serves yet: the runtime's JavaScript and package
    // list come compressed (both start downloading now, beside the runtime).
    // Pyodide asks for the runtime before it calls this: nothing waits for it.
    const plain = globalThis.fetch;
    const script = packedScript(plain);
    const createPyodideModule = async (settings) => {
      const create = (await script) ?? (await import(new URL("pyodide.asm.mjs", FOLDER).href)).default;
      return create(settings);
    };
    options = { ...options, createPyodideModule };
    if (!options.lockFileContents && !options.lockFileURL) options.lockFileContents = packedLockFile(plain);
  }
  options = restoresSparsely(options);
  // Without a snapshot (which holds the whole archive's directory), such a page
  // starts with the first screen's part of the standard library.
  const firstPart = unpacks() && !options._loadSnapshot && STDLIB_REST.length > 0;
  if (!served && !unpack && !firstPart) return loadFromFolder({ ...options, indexURL: FOLDER });
  const plainFetch = globalThis.fetch;
  let partial = false;
  globalThis.fetch = (input, init) => {
    // Pyodide passes a URL object; a Request is matched by its URL too.
    const url = new URL(input instanceof Request ? input.url : String(input), location.href).href;
    if (url === STDLIB && firstPart) {
      return fetchFirstPart(plainFetch, input, init).then(([response, first]) => {
        partial = first;
        return response;
      });
    }
    if (url !== RUNTIME || !(served || unpack)) return plainFetch(input, init);
    if (unpack) return fetchPacked(plainFetch, input, init);
    // Once the worker serves the page, it has the runtime; if it never came to
    // (refused, or slower than register-sw.js waits), the compressed copy.
    return served.then(() =>
      unpacks() ? fetchPacked(plainFetch, input, init) : plainFetch(input, init),
    );
  };
  let pyodide;
  try {
    pyodide = await loadFromFolder({ ...options, indexURL: FOLDER });
  } finally {
    globalThis.fetch = plainFetch;
  }
  if (partial) completeStdlib(pyodide, plainFetch);
  return pyodide;
}

// The standard library in two parts (scripts/stdlib_first.py): what the first
// screen imports (python_stdlib_first.zip, a third of the archive), then the whole
// archive. The build lists the modules only the whole archive holds here.
const STDLIB = new URL("python_stdlib.zip", FOLDER).href;
const STDLIB_FIRST = new URL("python_stdlib_first.zip", FOLDER).href;
const STDLIB_REST = [/* @STDLIB_REST@ */];
// Where the whole archive goes in Python's file system, beside the first part.
const STDLIB_WHOLE = "/lib/python_stdlib_whole.zip";
// Set on <html> once the human's first decision is on screen (cardkit/ui_dom/browser.py).
const FIRST_DECISION = "napoleon-first-decision";

// [the response Pyodide is given for the standard library, whether it is the
// first part]: the first part if it came, else the whole archive.
async function fetchFirstPart(plainFetch, input, init) {
  try {
    const first = await plainFetch(STDLIB_FIRST, init);
    if (first.ok) return [first, true];
    console.warn(`python_stdlib_first.zip: HTTP ${first.status}; the whole standard library`);
  } catch (error) {
    console.warn(`python_stdlib_first.zip failed (${error}); the whole standard library`);
  }
  return [await plainFetch(input, init), false];
}

// The whole archive's bytes, fetched synchronously (the page waits): only for a
// module of the rest asked for before its download in the background has come.
function fetchNow(url) {
  const request = new XMLHttpRequest();
  request.open("GET", url, false);
  // A synchronous request cannot ask for bytes: each byte comes as one character.
  request.overrideMimeType("text/plain; charset=x-user-defined");
  request.send();
  if (request.status !== 200) throw new Error(`HTTP ${request.status}`);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

// Python looks for a module it lacks in the whole archive, once there (a finder
// at the end of sys.meta_path: every other finder has missed). A name the first
// part lacks and the whole archive holds (STDLIB_REST), asked for before the
// download in the background has come, fetches the archive then; any other name
// (an optional module probed for) costs nothing.
const FINDER = `
import sys
from importlib.machinery import PathFinder

import js

FIRST = next(p for p in sys.path if p.startswith("/lib/") and p.endswith(".zip"))


class RestOfTheStandardLibrary:
    """The modules of the standard library the first part (FIRST) lacks: in WHOLE."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        if not js.napoleonStdlibRest(name):
            return None
        if path is None:
            search = [WHOLE]
        else:
            search = [WHOLE + p[len(FIRST):] for p in path if p == FIRST or p.startswith(FIRST + "/")]
        return PathFinder.find_spec(name, search, target) if search else None


sys.meta_path.append(RestOfTheStandardLibrary)
`;

function completeStdlib(pyodide, plainFetch) {
  const rest = new Set(STDLIB_REST);
  let whole = false;
  const install = (bytes) => {
    if (whole) return;
    pyodide.FS.writeFile(STDLIB_WHOLE, bytes);
    whole = true;
  };
  globalThis.napoleonStdlibRest = (name) => {
    if (!rest.has(name)) return false;
    if (!whole) {
      console.info(`${name} is asked for before the whole standard library came: fetching it now`);
      try {
        install(fetchNow(STDLIB));
      } catch (error) {
        console.warn(`the standard library's ${name} could not be fetched (${error})`);
        return false;
      }
    }
    return true;
  };
  const scope = pyodide.globals.get("dict")();
  try {
    scope.set("WHOLE", STDLIB_WHOLE);
    pyodide.runPython(FINDER, { globals: scope });
  } finally {
    scope.destroy();
  }
  // After the human's first decision: the rest in the background.
  const download = () =>
    plainFetch(STDLIB)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        return response.arrayBuffer();
      })
      .then((buffer) => install(new Uint8Array(buffer)))
      .catch((error) => console.warn(`the whole standard library failed (${error}); fetched when needed`));
  const html = globalThis.document.documentElement;
  if (html.classList.contains(FIRST_DECISION)) {
    download();
    return;
  }
  const watch = new MutationObserver(() => {
    if (!html.classList.contains(FIRST_DECISION)) return;
    watch.disconnect();
    download();
  });
  watch.observe(html, { attributes: true, attributeFilter: ["class"] });
}

// --- Restoring the snapshot without touching its empty pages (to save memory) ---
//
// Pyodide restores a snapshot by copying all of it into Python's fresh memory
// (Module.HEAP8.set in API.restoreSnapshot): every page is written, so every page
// is resident, zeros and all. A built snapshot is 31 MB of which ~14 MB are pages
// of zeros (the heap's free space), and a fresh WebAssembly memory reads as zeros
// without holding any page. So the copy skips each page the snapshot holds only
// zeros in (clearing it instead if the module's start wrote there): the same
// memory, ~14 MB less resident, in the page and again in the computers' worker.
// If Pyodide's module is not shaped as expected, it copies as it always did.

// The unit of the copy: the operating system's page.
const PAGE = 4096;

// Whether words[from, to) are all zero.
function zeroWords(words, from, to) {
  for (let i = from; i < to; i += 1) if (words[i] !== 0) return false;
  return true;
}

// target.set(source) (at offset 0) writing only the pages where the two differ in
// being zero: a page of zeros in the source is skipped where the target's page is
// zero already, and every other page is copied. Returns the bytes it wrote.
export function copyNonZeroPages(target, source) {
  if (source.byteOffset % 4 || target.byteOffset % 4 || source.length > target.length) {
    target.set(source);
    return source.length;
  }
  const from = new Uint32Array(source.buffer, source.byteOffset, source.length >>> 2);
  const into = new Uint32Array(target.buffer, target.byteOffset, target.length >>> 2);
  const wordsPerPage = PAGE / 4;
  const tail = from.length * 4; // a last partial word is copied with the rest below
  let written = 0;
  let run = -1; // the first byte of a run of pages to copy, or -1
  const flush = (end) => {
    if (run < 0) return;
    target.set(source.subarray(run, end), run);
    written += end - run;
    run = -1;
  };
  for (let start = 0; start < tail; start += PAGE) {
    const end = Math.min(start + PAGE, tail);
    const w = start >>> 2;
    if (!zeroWords(from, w, Math.min(w + wordsPerPage, from.length))) {
      if (run < 0) run = start;
      continue;
    }
    flush(start);
    if (!zeroWords(into, w, Math.min(w + wordsPerPage, into.length))) {
      target.fill(0, start, end);
      written += end - start;
    }
  }
  flush(tail);
  if (tail < source.length) {
    target.set(source.subarray(tail), tail);
    written += source.length - tail;
  }
  return written;
}

// Options for Pyodide whose createPyodideModule (the one given, or the module
// itself) makes a module whose API.restoreSnapshot copies sparsely: during the
// call, Module.HEAP8 is a stand-in whose set() is copyNonZeroPages into the real
// one. Options without a snapshot are returned as they are.
export function restoresSparsely(options) {
  if (!options._loadSnapshot) return options;
  const given = options.createPyodideModule;
  const createPyodideModule = async (settings) => {
    const create = given ?? (await import(new URL("pyodide.asm.mjs", FOLDER).href)).default;
    const module = await create(settings);
    const api = module?.API;
    const restore = api?.restoreSnapshot;
    if (typeof restore !== "function" || !(module.HEAP8 instanceof Int8Array)) {
      if (module && typeof module === "object") console.info("the snapshot is restored whole (Pyodide's module is not shaped as expected)");
      return module;
    }
    api.restoreSnapshot = function (snapshot) {
      const heap = module.HEAP8;
      module.HEAP8 = {
        set(source, offset = 0) {
          if (offset !== 0 || !(source instanceof Uint8Array || source instanceof Int8Array)) heap.set(source, offset);
          else copyNonZeroPages(new Uint8Array(heap.buffer, heap.byteOffset, heap.length), new Uint8Array(source.buffer, source.byteOffset, source.length));
        },
      };
      try {
        return restore.call(this, snapshot);
      } finally {
        module.HEAP8 = heap;
      }
    };
    return module;
  };
  return { ...options, createPyodideModule };
}

// --- Python starts where the browser refuses IndexedDB ---
//
// As it starts Python (the page's and the computers' worker's), PyScript opens an
// IndexedDB database of its own, its package cache (this site installs no package,
// so it stays empty), and waits for it; as it loads in the page it opens another,
// its file system's. Both are named "IDBMap/…". Where the browser refuses
// IndexedDB (its settings block the site's data: the open throws, or fails with
// "The user denied permission to access the database"), that wait ends in an error
// PyScript does not recover from, and the page would stay at "Loading Python…" for
// good. So their opens are watched: one that fails is answered with a database in
// memory (memoryDatabase), and Python starts all the same. Every other database is
// the browser's own (nothing of the site is kept in IndexedDB anyway), and a
// database that opened and fails later is not watched. The page loads this module
// before PyScript (index.html), so the file system's open is watched too.

const PACKAGE_CACHE = "IDBMap/";

// A request's answer as IndexedDB gives it: result set, then on<type>(event).
function answer(request, type, result) {
  request.result = result;
  const handler = request[`on${type}`];
  if (typeof handler === "function") handler.call(request, { type, target: request });
}

// A request answered on a later turn (its caller sets its handlers after the call).
function answered(result) {
  const request = { result: undefined };
  setTimeout(() => answer(request, "success", result));
  return request;
}

// A database in memory, with what PyScript's cache (@webreflection/idb-map) asks
// of one: object stores of key-value pairs, each call answered as a request.
export function memoryDatabase() {
  const stores = new Map();
  const entriesOf = (name) => {
    if (!stores.has(name)) stores.set(name, new Map());
    return stores.get(name);
  };
  const objectStore = (name) => {
    const entries = entriesOf(name);
    return {
      count: () => answered(entries.size),
      get: (key) => answered(entries.get(key)),
      getKey: (key) => answered(entries.has(key) ? key : undefined),
      getAllKeys: () => answered([...entries.keys()]),
      put: (value, key) => answered((entries.set(key, value), key)),
      delete: (key) => answered((entries.delete(key), undefined)),
      clear: () => answered((entries.clear(), undefined)),
    };
  };
  return {
    objectStoreNames: {
      get length() {
        return stores.size;
      },
      contains: (name) => stores.has(name),
    },
    createObjectStore: (name) => (entriesOf(name), objectStore(name)),
    transaction: () => ({ objectStore }),
    close() {},
  };
}

// `real.open(name, version)`, or, where it throws or fails, a database in memory:
// the request answers as IndexedDB's would (upgradeneeded and success forwarded).
export function openOrRemember(real, name, version) {
  const request = { result: undefined, transaction: null };
  const inMemory = (why) => {
    console.info(`IndexedDB refused ${name} (${why}): it is kept in memory`);
    answer(request, "success", memoryDatabase());
  };
  let opened;
  try {
    if (real === null) throw new Error("the browser gives this page no IndexedDB");
    opened = version === undefined ? real.open(name) : real.open(name, version);
  } catch (error) {
    setTimeout(() => inMemory(error));
    return request;
  }
  opened.onupgradeneeded = () => {
    request.transaction = opened.transaction;
    answer(request, "upgradeneeded", opened.result);
  };
  opened.onsuccess = () => answer(request, "success", opened.result);
  opened.onerror = (event) => {
    event.preventDefault?.(); // handled: not reported as the page's error
    inMemory(opened.error?.name ?? "error");
  };
  return request;
}

// In a page or a worker (not in Node, where tests import this module), PyScript's
// cache is opened through openOrRemember.
function keepPythonStarting() {
  if (!globalThis.document && typeof globalThis.importScripts !== "function") return;
  let real = null;
  try {
    real = globalThis.indexedDB ?? null; // reading it may throw where it is refused
  } catch {
    real = null;
  }
  const watched = {
    open: (name, version) => (String(name).startsWith(PACKAGE_CACHE) || real === null
      ? openOrRemember(real, name, version) : real.open(name, version)),
    deleteDatabase: (name) => real.deleteDatabase(name),
    databases: () => real.databases(),
    cmp: (a, b) => real.cmp(a, b),
  };
  try {
    Object.defineProperty(globalThis, "indexedDB", { value: watched, configurable: true, writable: true });
  } catch (error) {
    console.info(`IndexedDB is used as it is (${error})`);
  }
}

keepPythonStarting();
