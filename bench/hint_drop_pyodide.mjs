// A dropped hint's hold on the worker, inside Pyodide under Node (the browser's
// interpreter): the whole hint (before) against the slice in flight (after).
//
//   node bench/hint_drop_pyodide.mjs [--games 6]
//
// Runs `python -m bench.hint_drop` there (bench/pyodide_node.mjs).
import { runBenchInPyodide } from "./pyodide_node.mjs";

await runBenchInPyodide({
  packages: ["napoleon", "cardkit", "lab"],
  benchFiles: ["decision_timing.py", "review_timing.py", "hint_drop.py"],
  module: "hint_drop",
  argv: process.argv.slice(2),
});
