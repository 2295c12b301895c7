// Runs web/code-cache.js in Node with a stand-in fetch, WebAssembly and Resource
// Timing, and prints what it posted to the page (JSON string).
// Used by tests/test_code_cache_worker.py: which word does the worker report?
//
//   node code_cache_report.mjs CODE_CACHE_JS SCRIPT_URL CASE
// CASE: "cache-storage" (the service worker answered from Cache Storage),
//       "network" (it did not), "fetch-fails", "compile-fails".
import { readFileSync } from "node:fs";
import vm from "node:vm";

const [path, scriptUrl, kind] = process.argv.slice(2);
const runtime = new URL("./pyodide/pyodide.asm.wasm", scriptUrl).href;
const fetched = [];
const posted = [];
const sandbox = {
  URL,
  self: { location: new URL(scriptUrl) },
  fetch: async (url) => {
    fetched.push(String(url));
    if (kind === "fetch-fails") throw new TypeError("Failed to fetch");
    return { url: String(url) };
  },
  WebAssembly: {
    compileStreaming: async (response) => {
      if (kind === "compile-fails") throw new TypeError("Incorrect response MIME type");
      return { compiledFrom: (await response).url };
    },
  },
  performance: {
    getEntriesByName: (name) =>
      name === runtime ? [{ name, deliveryType: kind === "cache-storage" ? "cache-storage" : "" }] : [],
    mark: () => {},
  },
  postMessage: (word) => posted.push(word),
};
vm.runInNewContext(readFileSync(path, "utf8"), sandbox);
await new Promise((resolve) => setTimeout(resolve, 50));
process.stdout.write(JSON.stringify({ fetched, posted }));
