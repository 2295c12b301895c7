// Runs web/runtime.mjs in Node beside a stand-in ./pyodide/pyodide.mjs, and prints
// what happened (JSON): {"events": [...], "indexURL": ..., "version": ..., "restored": bool}.
// Used by tests/test_runtime_module.py.
//
//   node runtime_wait.mjs RUNTIME_MJS CASE
// CASE: "no-worker" (register-sw.js set no promise: not a first visit in Chromium),
//       "first-visit" (a promise the test settles once the other files are asked for).
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [runtimePath, kind] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), "runtime-mjs-"));
mkdirSync(join(dir, "pyodide"));
copyFileSync(runtimePath, join(dir, "runtime.mjs"));
// Pyodide asks for its files with URL objects, the runtime among them.
writeFileSync(
  join(dir, "pyodide", "pyodide.mjs"),
  `export const version = "314.0.test";
   export async function loadPyodide(options) {
     globalThis.indexURL = options.indexURL;
     const wasm = fetch(new URL("pyodide.asm.wasm", options.indexURL), { integrity: "sha256-x" });
     const stdlib = fetch(new URL("python_stdlib.zip", options.indexURL));
     await Promise.all([wasm, stdlib]);
     return "interpreter";
   }`,
);

const events = [];
const plainFetch = async (input) => {
  events.push("fetch " + String(input).split("/").pop());
  return { ok: true };
};
globalThis.fetch = plainFetch;
globalThis.location = { href: pathToFileURL(join(dir, "index.html")).href };
if (kind === "first-visit") {
  let settle;
  globalThis.napoleonRuntimeServed = new Promise((resolve) => (settle = resolve));
  setTimeout(() => {
    events.push("served");
    settle();
  }, 20);
}
const runtime = await import(pathToFileURL(join(dir, "runtime.mjs")).href);
events.push("loaded " + (await runtime.loadPyodide({ indexURL: "wrong/" })));
process.stdout.write(
  JSON.stringify({
    events,
    indexURL: globalThis.indexURL,
    folder: pathToFileURL(join(dir, "pyodide")).href + "/",
    version: runtime.version,
    restored: globalThis.fetch === plainFetch,
  }),
);
