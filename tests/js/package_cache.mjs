// Runs PyScript's package cache (@webreflection/idb-map's IDBMapSync, as PyScript's
// Pyodide loader uses it while Python starts) over web/runtime.mjs's watched
// IndexedDB in Node, where a stand-in IndexedDB refuses, fails or works as CASE
// says, and prints JSON. Used by tests/test_runtime_module.py.
//
//   node package_cache.mjs RUNTIME_MJS CASE
// CASE: "throws" (open throws, as where the site's data is blocked), "fails" (the
//       open's request fails), "unreadable" (reading indexedDB itself throws),
//       "works" (the browser's own database answers).
import { importRuntime } from "./stand_in.mjs";

const [runtimePath, kind] = process.argv.slice(2);
const infos = [];
console.info = (...args) => infos.push(args.map(String).join(" "));

const opened = [];
let browsers = null; // the stand-in's own databases ("works"), made by runtime.mjs's memoryDatabase
const refuse = () => {
  throw Object.assign(new Error("The user denied permission to access the database."), { name: "SecurityError" });
};
const standIn = {
  open(name) {
    opened.push(name);
    if (kind === "throws") refuse();
    const request = {};
    setTimeout(() => {
      if (kind === "fails") {
        request.error = { name: "UnknownError" };
        request.onerror?.({ type: "error", target: request, preventDefault() { request.prevented = true; } });
      } else {
        request.result = browsers();
        request.onsuccess?.({ type: "success", target: request });
      }
    });
    return request;
  },
};
if (kind === "unreadable") Object.defineProperty(globalThis, "indexedDB", { get: refuse, configurable: true });
else globalThis.indexedDB = standIn;
globalThis.importScripts = () => {}; // a worker's scope: runtime.mjs watches IndexedDB there
const runtime = await importRuntime(runtimePath, "runtime-cache-");
const theirs = runtime.memoryDatabase(); // one database, kept between opens
browsers = () => theirs;

const { default: IDBMapSync } = await import(
  new URL("../../node_modules/@webreflection/idb-map/sync.js", import.meta.url).href);
const cache = new IDBMapSync("./pyodide@314.0.test");
await cache.sync();
cache.set('["numpy"]', "lock");
const other = kind === "works" ? (() => { try { indexedDB.open("another"); return "opened"; } catch (e) { return e.name; } })() : null;
await cache.close();
const again = new IDBMapSync("./pyodide@314.0.test");
await again.sync();
console.log(JSON.stringify({
  has: cache.has('["numpy"]'),
  value: cache.get('["numpy"]'),
  // What a second open of the same name found: memory is not kept between opens.
  kept: again.has('["numpy"]'),
  opened,
  other,
  infos,
}));
