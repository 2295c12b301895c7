// Runs web/runtime.mjs in Node beside a stand-in ./pyodide/pyodide.mjs, and prints
// what happened (JSON): {"events": [...], "indexURL": ..., "version": ..., "restored": bool}.
// Used by tests/test_runtime_module.py.
//
//   node runtime_wait.mjs RUNTIME_MJS CASE
// CASE: "no-worker" (register-sw.js set no promise: not a first visit in Chromium),
//       "first-visit" (a promise the test settles once the other files are asked for);
//       with a built snapshot named (the build's token replaced):
//       "snapshot" (Pyodide restores it), "snapshot-first-visit" (and a first visit),
//       "snapshot-refused" (Pyodide throws on it), "snapshot-missing" (HTTP 404),
//       "snapshot-slow-link" (a page's first visit over 3G), "snapshot-slow-link-served"
//       (the same link, the page served by its service worker), "snapshot-slow-download"
//       (its bytes arrive at ~100 KB/s), "snapshot-slow-start-served" (its first
//       600 ms at that pace, the page served by its service worker: a busy device
//       reading the worker's cache), "snapshot-stalled-download" (a fast link read by
//       a page too busy to read for 400 ms, twice), "snapshot-uneven-download" (fast for 300 ms,
//       then so slow that the whole takes ~2 s), "snapshot-slow-link-misshapen" (a slow
//       link whose compressed runtime JavaScript is not shaped as Pyodide's),
//       "snapshot-slow-link-stdlib-first" (a slow link, and the build made the
//       standard library's first part; the first decision is on screen at once),
//       "snapshot-slow-link-stdlib-first-early" (the same, and a module of the rest
//       asked for before the whole archive has come), "snapshot-stdlib-first" (a
//       page that restores its snapshot, where the build made the first part).
//       "snapshot-prefetch" (the build listed the page's wheel and main.py to download
//       while Python starts; PyScript then asks for each, the wheel twice),
//       "snapshot-prefetch-failed" (the same, the wheel's early download answered 503).
// "created": what the runtime JavaScript runtime.mjs handed Pyodide made of
// "settings" (the compressed copy names its folder's module; the module itself
// says so), "lock": the package list it handed over.
// With a snapshot, "memory" is the text Pyodide was given as the snapshot's memory
// (decompressed), "warnings" what the console was warned of.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";

const [runtimePath, kind] = process.argv.slice(2);
const withSnapshot = kind.startsWith("snapshot");
const dir = mkdtempSync(join(tmpdir(), "runtime-mjs-"));
// The scratch folder goes when the harness ends, however it ends.
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, "pyodide"));
const template = readFileSync(runtimePath, "utf-8");
// "-stdlib-first": the build made the standard library's first part, and the
// whole archive holds one more module, difflib.
const named = withSnapshot ? template.replace("@SNAPSHOT@", "snapshot-test.gz") : template;
const listed = kind.includes("-prefetch")
  ? named.replace("[/* @PREFETCH@ */]", '["game.whl", "main.py"]')
  : named;
writeFileSync(
  join(dir, "runtime.mjs"),
  kind.includes("-stdlib-first") ? listed.replace("[/* @STDLIB_REST@ */]", '["difflib"]') : listed,
);
// Pyodide asks for its files with URL objects, the runtime among them; it awaits
// the snapshot's memory (a promise) once it has them.
writeFileSync(
  join(dir, "pyodide", "pyodide.mjs"),
  `export const version = "314.0.test";
   export async function loadPyodide(options) {
     globalThis.indexURL = options.indexURL;
     const wasm = fetch(new URL("pyodide.asm.wasm", options.indexURL), { integrity: "sha256-x" });
     const stdlib = fetch(new URL("python_stdlib.zip", options.indexURL));
     const [runtime] = await Promise.all([wasm, stdlib]);
     globalThis.wasm = typeof runtime.text === "function" ? await runtime.text() : null;
     // What a page that unpacks the runtime itself hands over (runtime.mjs).
     if (options.createPyodideModule) globalThis.created = await options.createPyodideModule("settings");
     if (options.lockFileContents) globalThis.lock = await options.lockFileContents;
     if (options._loadSnapshot) {
       const given = await options._loadSnapshot;
       globalThis.snapshotBuffer = given;
       const memory = new TextDecoder().decode(given);
       if (${JSON.stringify(kind)} === "snapshot-refused") throw new Error("Snapshot build id mismatch");
       globalThis.memory = memory;
       return "interpreter from the snapshot";
     }
     if (!${JSON.stringify(kind)}.includes("-stdlib-first")) return "interpreter";
     // What runtime.mjs uses of Pyodide's interface to add the rest of the stdlib.
     const scope = { set: (key, value) => (globalThis.whole = value), destroy: () => {} };
     return {
       FS: { writeFile: (where, bytes) => globalThis.written.push([where, new TextDecoder().decode(bytes)]) },
       globals: { get: (name) => (name === "dict" ? () => scope : undefined) },
       runPython: (code, { globals }) => (globalThis.finder = globals === scope && code),
       toString: () => "interpreter",
     };
   }`,
);
// The runtime's JavaScript itself, imported when its compressed copy cannot be used.
writeFileSync(
  join(dir, "pyodide", "pyodide.asm.mjs"),
  "export default async (settings) => settings + ' from the module itself';",
);

const events = [];
const warnings = [];
const infos = [];
console.warn = (...args) => warnings.push(args.map(String).join(" "));
console.info = (...args) => infos.push(args.map(String).join(" "));
let wheelsAsked = 0;
// A snapshot of 3.2 MB arriving on a clock of its own: the runtime's performance.now()
// reads the time the bytes "arrived", so a busy machine cannot change the pace.
// pace(clock) says how long the next piece takes and how many bytes it holds.
function clockedDownload(pace) {
  const gz = gzipSync(randomBytes(3_200_000), { level: 0 });
  let clock = 0;
  Object.defineProperty(globalThis, "performance", {
    value: { now: () => clock }, configurable: true, writable: true,
  });
  let sent = 0;
  const body = new ReadableStream({
    async pull(controller) {
      const [ms, bytes] = pace(clock);
      await new Promise((resolve) => setTimeout(resolve, 0));
      clock += ms;
      controller.enqueue(gz.subarray(sent, (sent += bytes)));
      if (sent >= gz.length) controller.close();
    },
  });
  return new Response(body, { headers: { "Content-Length": String(gz.length) } });
}

const plainFetch = async (input) => {
  const name = String(input).split("/").pop();
  events.push("fetch " + name);
  if (name.startsWith("python_stdlib")) settleServed?.();
  if (name === "pyodide.asm.wasm.gz") return new Response(gzipSync(Buffer.from("the runtime")));
  // The runtime's JavaScript, shaped as Pyodide's (one default export, import.meta.url).
  if (name === "pyodide.asm.mjs.gz") {
    const script = "async function _createPyodideModule(settings) {"
      + " return settings + ' from ' + import.meta.url.split('/').slice(-2).join('/'); }\n"
      + (kind.endsWith("-misshapen") ? "export { _createPyodideModule };" : "export default _createPyodideModule;");
    return new Response(gzipSync(Buffer.from(script)));
  }
  if (name === "python_stdlib.zip" && kind.includes("-stdlib-first")) {
    await new Promise((resolve) => setTimeout(resolve, 30)); // the background download
    return new Response("the whole standard library");
  }
  if (name === "game.whl") {
    wheelsAsked += 1;
    if (kind.endsWith("-failed") && wheelsAsked === 1) return new Response("", { status: 503 });
    return new Response(`the wheel (download ${wheelsAsked})`);
  }
  if (name === "main.py") return new Response("main()");
  if (name === "pyodide-lock.json.gz") return new Response(gzipSync(Buffer.from('{"packages": {}}')));
  if (name === "snapshot-test.gz") {
    if (kind === "snapshot-missing") return new Response("no such file", { status: 404 });
    if (kind === "snapshot-slow-download") {
      // A gzip stream of 6.5 MB, 10 KB of it every 100 ms: ~65 s to arrive.
      const gz = gzipSync(randomBytes(6_500_000), { level: 0 });
      let sent = 0;
      const body = new ReadableStream({
        async pull(controller) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          controller.enqueue(gz.subarray(sent, (sent += 10_000)));
          if (sent >= gz.length) controller.close();
        },
      });
      return new Response(body, { headers: { "Content-Length": String(gz.length) } });
    }
    if (kind === "snapshot-slow-start-served") {
      // 3.2 MB: 10 KB every 100 ms for 600 ms (~32 s projected), then the rest at once.
      return clockedDownload((clock) => (clock < 600 ? [100, 10_000] : [100, 3_200_000]));
    }
    if (kind === "snapshot-stalled-download") {
      // 3.2 MB over a link that brings 50 KB every 10 ms (~0.6 s in all), read by a
      // page that stops reading twice for 400 ms, each time then taking at once the
      // 500 KB that waited: the first two stretches judged look slow, the third not.
      let piece = 0;
      return clockedDownload(() => {
        piece += 1;
        if (piece === 2 || piece === 13) return [400, 50_000];
        if (piece <= 24) return [0, 50_000];
        return [10, 50_000];
      });
    }
    if (kind === "snapshot-uneven-download") {
      // 3.2 MB: 50 KB every 10 ms for 300 ms, then 100 KB every 100 ms (~2 s in all).
      return clockedDownload((clock) => (clock < 300 ? [10, 50_000] : [100, 100_000]));
    }
    return new Response(gzipSync(Buffer.from("the memory of a started Python")));
  }
  return { ok: true };
};
globalThis.fetch = plainFetch;
globalThis.location = { href: pathToFileURL(join(dir, "index.html")).href };
if (kind.includes("-prefetch")) globalThis.document = {};
if (kind === "snapshot-slow-start-served") {
  globalThis.document = {};
  Object.defineProperty(globalThis, "navigator", { value: { serviceWorker: { controller: {} } } });
}
if (kind.startsWith("snapshot-slow-link")) {
  globalThis.document = {};
  const controller = kind.endsWith("served") ? {} : null;
  Object.defineProperty(globalThis, "navigator", {
    value: { connection: { effectiveType: "3g", saveData: false }, serviceWorker: { controller } },
  });
}
if (kind.includes("-stdlib-first")) {
  // The human's first decision is on screen at once.
  globalThis.document = { documentElement: { classList: { contains: () => true } } };
  globalThis.written = [];
  // A synchronous request: each byte one character (runtime.mjs's fetchNow).
  globalThis.XMLHttpRequest = class {
    open(method, url, async) {
      events.push(`${method} ${url.split("/").pop()}${async ? "" : " synchronously"}`);
    }
    overrideMimeType() {}
    send() {
      this.status = 200;
      this.responseText = "the whole, at once";
    }
  };
}
// The worker takes charge once the page has asked for the standard library (the
// other files are asked for at once; a timer alone raced a busy machine).
let settleServed = null;
if (kind.endsWith("first-visit")) {
  globalThis.napoleonRuntimeServed = new Promise((resolve) => {
    settleServed = () => {
      settleServed = null;
      setTimeout(() => {
        events.push("served");
        resolve();
      }, 20);
    };
  });
}
const runtime = await import(pathToFileURL(join(dir, "runtime.mjs")).href);
events.push("loaded " + (await runtime.loadPyodide({ indexURL: "wrong/" })));
// Which modules the rest holds: asked at once ("-early": before the background
// download of the whole archive has come), else once it has.
const askRest = () =>
  typeof globalThis.napoleonStdlibRest === "function"
    ? [globalThis.napoleonStdlibRest("difflib"), globalThis.napoleonStdlibRest("numpy")]
    : null;
const early = kind.endsWith("-early") ? askRest() : null;
// PyScript's own requests once Python is up: the wheel (twice), then main.py.
let pyscript = null;
if (kind.includes("-prefetch")) {
  const before = events.length;
  const answers = [];
  for (const name of ["./game.whl", "./game.whl", "./main.py"]) {
    answers.push(await (await fetch(new URL(name, location.href).href)).text());
  }
  pyscript = { answers, events: events.slice(before), fetchIsPlain: globalThis.fetch === plainFetch };
}
if (kind.includes("-stdlib-first")) await new Promise((resolve) => setTimeout(resolve, 100));
process.stdout.write(
  JSON.stringify({
    events,
    indexURL: globalThis.indexURL,
    folder: pathToFileURL(join(dir, "pyodide")).href + "/",
    version: runtime.version,
    restored: globalThis.fetch === plainFetch,
    memory: globalThis.memory ?? null,
    // What is left of the snapshot's memory once Pyodide has restored it.
    memoryKept: globalThis.snapshotBuffer?.byteLength ?? null,
    wasm: globalThis.wasm ?? null,
    runtimeBytes: globalThis.napoleonLoading?.runtimeBytes ?? null,
    snapshot: globalThis.napoleonSnapshot ?? null,
    created: globalThis.created ?? null,
    lock: globalThis.lock ?? null,
    finder: globalThis.finder ?? null,
    whole: globalThis.whole ?? null,
    written: globalThis.written ?? null,
    rest: early ?? askRest(),
    pyscript,
    warnings,
    infos,
  }),
);
