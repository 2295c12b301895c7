// A dedicated worker that ties Chrome's compiled code for the Python runtime to
// the service worker's copy of it (README: "Offline play and installing").
//
// register-sw.js starts it once, on a page the service worker did not serve (a
// first visit), as soon as that worker has cached the build. The page itself
// compiled pyodide.asm.wasm from the network: Chrome keeps that page's compiled
// code beside the HTTP cache's copy, which a page served by the service worker
// never reads. Here the same file is fetched again; this worker is a client of
// the service worker, so the answer is the Cache Storage copy every later visit
// gets. V8 hands this compilation the module the page already has (same bytes:
// nothing is compiled again) and, from then on, Chrome also writes that module's
// optimized code beside the Cache Storage copy, each time the module has a chunk
// of newly optimized code (the player's first clicks are enough). The next visit
// then starts from that code instead of compiling ~2,800 functions again.
//
// It reports one word to the page: "attached" (the copy came from Cache
// Storage), "not-cached" (it did not: nothing is tied to the service worker's
// copy) or "failed" (no streaming compilation, a failed fetch). The page never
// depends on it. It must stay alive while the page is open: Chrome writes the
// code from this worker's thread.

const RUNTIME = new URL("./pyodide/pyodide.asm.wasm", self.location).href;

async function attach() {
  const response = await fetch(RUNTIME);
  await WebAssembly.compileStreaming(response);
  // The entry is complete once the body has been read (by the compilation).
  const entry = performance.getEntriesByName(RUNTIME).pop();
  const word = entry && entry.deliveryType === "cache-storage" ? "attached" : "not-cached";
  // When it happened, on this worker's thread (the page hears of it once its main
  // thread is free): bench.wasm_code_cache places it among the chunks of optimized code.
  performance.mark("napoleon-code-" + word);
  return word;
}

attach().then(
  (word) => postMessage(word),
  () => postMessage("failed"),
);
