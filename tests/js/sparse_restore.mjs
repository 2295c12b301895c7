// Runs web/runtime.mjs's sparse snapshot restore (copyNonZeroPages, restoresSparsely)
// in Node beside a stand-in Pyodide, and prints JSON. Used by
// tests/test_runtime_module.py.
//
//   node sparse_restore.mjs RUNTIME_MJS
import { importRuntime } from "./stand_in.mjs";

const [runtimePath] = process.argv.slice(2);
const infos = [];
console.info = (...args) => infos.push(args.map(String).join(" "));
const runtime = await importRuntime(runtimePath, "runtime-sparse-");

const PAGE = 4096;
// A memory of `pages` pages: those in `filled` hold bytes (the page's number + 1 in
// one byte of it, somewhere other than its first word), the rest zeros.
function memory(pages, filled, extra = 0) {
  const bytes = new Uint8Array(pages * PAGE + extra);
  for (const page of filled) bytes[page * PAGE + 1000 + page] = page + 1;
  return bytes;
}
const same = (a, b) => a.length <= b.length && a.every((x, i) => x === (b[i] & 0xff));

// 1. Pages 1, 2 and 5 hold data; the target had bytes (a module's start) in pages 3 and 5.
const source = memory(8, [1, 2, 5]);
const target = memory(8, [3, 5]);
target[5 * PAGE + 7] = 99;
const written = runtime.copyNonZeroPages(target, source);
const copy = { written, equal: same(source, target) };

// 2. A source whose length is no multiple of a page or a word: its tail is copied too.
const odd = memory(3, [0, 2], 7);
odd[odd.length - 1] = 42;
const oddTarget = new Uint8Array(odd.length + 100);
const oddWritten = runtime.copyNonZeroPages(oddTarget, odd);
const tail = { written: oddWritten, equal: same(odd, oddTarget) };

// 3. A module shaped as Pyodide's: API.restoreSnapshot copies the snapshot with
// Module.HEAP8.set; the runtime's wrapper makes that copy sparse (HEAP8's own set
// is never called) and puts the real HEAP8 back.
class CountingHeap extends Int8Array {
  set(...args) {
    this.calls = (this.calls ?? 0) + 1;
    return super.set(...args);
  }
}
const snapshot = memory(16, [0, 4, 9]);
const heap = new CountingHeap(16 * PAGE);
const settings = { HEAP8: heap };
const made = async (module) => {
  module.API = {
    restoreSnapshot(t) {
      module.HEAP8.set(t);
      return "restored";
    },
  };
  return module;
};
const options = runtime.restoresSparsely({ _loadSnapshot: Promise.resolve(snapshot), createPyodideModule: made });
const module = await options.createPyodideModule(settings);
const answer = module.API.restoreSnapshot(snapshot);
const restore = {
  answer,
  heapBack: module.HEAP8 === heap,
  heapSetCalls: heap.calls ?? 0,
  equal: same(snapshot, heap),
};

// 4. Without a snapshot the options are Pyodide's own; a module not shaped as
// expected is handed back as it is, restored whole, with a note.
const plain = { indexURL: "x/" };
const odd4 = runtime.restoresSparsely({ _loadSnapshot: Promise.resolve(snapshot), createPyodideModule: async () => ({ API: {} }) });
const unshaped = await odd4.createPyodideModule({});
process.stdout.write(
  JSON.stringify({
    copy,
    tail,
    restore,
    plainKept: runtime.restoresSparsely(plain) === plain,
    unshaped: JSON.stringify(unshaped),
    infos,
  }),
);
