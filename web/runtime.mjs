// The interpreter module PyScript loads for the page (web/pyscript.toml): Pyodide's
// own (./pyodide/pyodide.mjs), with one change on a first visit in Chromium. The
// request for the runtime's WebAssembly (pyodide.asm.wasm) waits until the service
// worker, which register-sw.js registers as the page starts, controls the page
// (or has failed): the worker then answers it from its Cache Storage copy, and
// Chrome writes the code the boot optimizes beside that copy, for the next visit
// (README, "Offline play and installing"). Everything else loads at once.
//
// PyScript takes Pyodide's folder from this module's URL: it is given again here.

import { loadPyodide as loadFromFolder } from "./pyodide/pyodide.mjs";

export { version } from "./pyodide/pyodide.mjs";

const FOLDER = new URL("./pyodide/", import.meta.url).href;
const RUNTIME = new URL("pyodide.asm.wasm", FOLDER).href;

export async function loadPyodide(options = {}) {
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
